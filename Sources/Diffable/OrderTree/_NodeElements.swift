/// The entries or the children of an order tree node, as a collection that holds the node and
/// reaches each element inside the node's own closure: no address of the tail outlives a read
/// or a write of one element.
///
/// `Element` is the node's entry type in a leaf, its node type in an inner node; the other kind
/// of node reads as empty.
@usableFromInline
internal struct _NodeElements<Item: Hashable & Sendable, Element>: RandomAccessCollection,
  MutableCollection
{
  @usableFromInline internal let node: _OrderNode<Item>

  @inlinable internal init(_ node: _OrderNode<Item>) { self.node = node }

  /// Whether these are a leaf's entries (else an inner node's children).
  @inlinable internal static var isEntries: Bool { Element.self == _Entry<Item>.self }

  @inlinable internal var startIndex: Int { 0 }

  @inlinable internal var endIndex: Int {
    node.withHeader { $0.isLeaf == Self.isEntries ? Int($0.length) : 0 }
  }

  @inlinable internal func index(after index: Int) -> Int { index &+ 1 }
  @inlinable internal func index(before index: Int) -> Int { index &- 1 }

  /// Calls `body` with the address of element `index`.
  @inlinable @inline(__always)
  internal func withElement<R>(_ index: Int, _ body: (UnsafeMutablePointer<Element>) -> R) -> R {
    node.withUnsafeMutablePointerToElements {
      body(UnsafeMutableRawPointer($0).assumingMemoryBound(to: Element.self) + index)
    }
  }

  /// Calls `body` with the elements in place, for a loop over many.
  ///
  /// One address serves them all, with no hold on the node for each; the buffer does not
  /// outlive the call.
  @inlinable @inline(__always)
  internal func withElements<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
    let count = endIndex
    return node.withUnsafeMutablePointerToElements {
      body(
        UnsafeMutableBufferPointer(
          start: UnsafeMutableRawPointer($0).assumingMemoryBound(to: Element.self), count: count))
    }
  }

  @inlinable internal subscript(index: Int) -> Element {
    get {
      assert(index >= 0 && index < endIndex, "node element index out of range")
      return withElement(index) { $0.pointee }
    }
    nonmutating _modify {
      assert(index >= 0 && index < endIndex, "node element index out of range")
      // Moved out for the access and back after it: no copy (a retain and a release).
      var element = withElement(index) { $0.move() }
      defer { withElement(index) { $0.initialize(to: element) } }
      yield &element
    }
    nonmutating set {
      assert(index >= 0 && index < endIndex, "node element index out of range")
      withElement(index) { $0.pointee = newValue }
    }
  }
}
