/// Where an order tree node's elements lie in its heap block, worked out from the item type's
/// alignment alone.
///
/// A node's deinit runs unspecialized: there, reaching the children through `_OrderNode<Item>`
/// asks the runtime for that type's metadata (a cache lookup for every inner node freed) and
/// moves each child out through a generic call. With this offset the deinit reads the children
/// as raw references and releases them. `matches(_:)` checks the arithmetic against
/// `ManagedBuffer`'s wherever a node is made. Not a generic type: calling a static member of one
/// from unspecialized code looks the type's metadata up.
@usableFromInline internal enum _NodeLayout {
  @inlinable internal static func roundUp(_ offset: Int, to alignment: Int) -> Int {
    (offset + alignment - 1) & ~(alignment - 1)
  }

  /// The alignment of an entry of `Item`: its label's (8 bytes), or its item's when larger.
  @inlinable internal static func entryAlignment<Item>(_ item: Item.Type) -> Int {
    Swift.max(MemoryLayout<UInt64>.alignment, MemoryLayout<Item>.alignment)
  }

  /// The offset of the first element in the block: past the object's header (its metadata and
  /// reference counts) and the node's, as `ManagedBuffer` places its elements.
  @inlinable internal static func elementsOffset<Item>(_ item: Item.Type) -> Int {
    let header = roundUp(2 * MemoryLayout<Int>.size, to: MemoryLayout<_NodeHeader>.alignment)
    return roundUp(header + MemoryLayout<_NodeHeader>.size, to: entryAlignment(Item.self))
  }

  /// Whether `elementsOffset` is where `node`'s elements start.
  @inlinable internal static func matches<Item>(_ node: _OrderNode<Item>) -> Bool {
    let start = UnsafeRawPointer(Unmanaged.passUnretained(node).toOpaque())
    let elements = node.withUnsafeMutablePointerToElements { UnsafeRawPointer($0) }
    return elements - start == elementsOffset(Item.self)
  }

  /// Calls `body` with the address of `node`'s first element, read as `Element`: in
  /// unspecialized code, with no lookup of the entry type's metadata (which
  /// `withUnsafeMutablePointerToElements` makes).
  @inlinable @inline(__always)
  internal static func withElements<Item, Element, R>(
    of node: _OrderNode<Item>, as type: Element.Type, _ body: (UnsafeMutablePointer<Element>) -> R
  ) -> R {
    // No `withExtendedLifetime(node)`: generic over the node type, it would look the node
    // type's metadata up. The caller holds `node` for the call.
    let block = UnsafeMutableRawPointer(Unmanaged.passUnretained(node).toOpaque())
    return body((block + elementsOffset(Item.self)).assumingMemoryBound(to: Element.self))
  }

  /// Releases the first `count` children of the inner node `node`, which is being freed.
  ///
  /// - Complexity: O(*count*).
  @inlinable internal static func releaseChildren<Item>(of node: _OrderNode<Item>, count: Int) {
    withElements(of: node, as: Unmanaged<AnyObject>.self) { children in
      for index in 0..<count { children[index].release() }
    }
  }
}
