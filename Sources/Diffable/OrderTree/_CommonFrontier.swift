/// One side of `_OrderTree.commonLength`'s walk: the node it reaches next, the entries already
/// compared in it (a leaf), and the siblings still to come on the path from the root, as one
/// cursor a level (the parent and the index of the next sibling) rather than every sibling
/// pushed.
///
/// Nodes are held unretained: the walk's caller holds both trees for the whole walk, and no
/// node is retained or released as the walk moves. The cursors live in storage the caller
/// provides (`maxDepth` of them), allocated once for the walk.
@usableFromInline internal struct _CommonFrontier<Item: Hashable & Sendable> {
  @usableFromInline internal typealias Node = _OrderNode<Item>
  /// A level's cursor: the parent and the index of the next sibling to visit (forward:
  /// ascending to the end; from the end: descending to -1).
  @usableFromInline internal typealias Level = (parent: Unmanaged<Node>, next: Int)

  /// The most levels a walk holds: more than the height of any tree whose inner nodes other
  /// than the root have two children or more and whose count fits in an `Int32`.
  @inlinable internal static var maxDepth: Int { 40 }

  /// The node reached next; nil once the sequence is done.
  @usableFromInline internal var node: Unmanaged<Node>?
  /// The entries of `node` (a leaf) already compared.
  @usableFromInline internal var used = 0
  /// Each level above `node`, the root's first; `depth` of them.
  @usableFromInline internal let levels: UnsafeMutablePointer<Level>
  /// The number of levels above `node`.
  @usableFromInline internal var depth = 0
  /// Whether the walk goes from the end.
  @usableFromInline internal let fromEnd: Bool

  /// A walk from `root`, whose levels go in `levels` (room for `maxDepth`).
  @inlinable internal init(_ root: Node, fromEnd: Bool, levels: UnsafeMutablePointer<Level>) {
    node = Unmanaged.passUnretained(root)
    self.fromEnd = fromEnd
    self.levels = levels
  }

  /// Child `index` of `parent`, unretained.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  internal static func child(_ parent: Unmanaged<Node>, _ index: Int) -> Unmanaged<Node> {
    parent._withUnsafeGuaranteedRef { node in
      node.withChildBase { UnsafeRawPointer($0 + index).load(as: Unmanaged<Node>.self) }
    }
  }

  /// Records a level above the node reached next.
  @inlinable @inline(__always)
  internal mutating func push(_ parent: Unmanaged<Node>, next: Int) {
    precondition(depth < Self.maxDepth, "an order tree deeper than a common walk allows")
    levels[depth] = (parent, next)
    depth += 1
  }

  /// Replaces `node` (an inner node) by its first child in the walk's direction.
  ///
  /// - Complexity: O(1).
  @inlinable internal mutating func open() {
    let parent = node!
    if fromEnd {
      let length = parent._withUnsafeGuaranteedRef { $0.length }
      push(parent, next: length - 2)
      node = Self.child(parent, length - 1)
    } else {
      push(parent, next: 1)
      node = Self.child(parent, 0)
    }
  }

  /// Moves past `node` to the next node of the sequence (nil at its end).
  ///
  /// - Complexity: O(*h*) at most, in the height.
  @inlinable internal mutating func advance() {
    used = 0
    while depth > 0 {
      let (parent, index) = levels[depth - 1]
      if fromEnd ? index >= 0 : index < parent._withUnsafeGuaranteedRef({ $0.length }) {
        levels[depth - 1].next = fromEnd ? index - 1 : index + 1
        node = Self.child(parent, index)
        return
      }
      depth -= 1
    }
    node = nil
  }

  /// Starts the walk (forward) at the entry of rank `rank` of the root: the path to it, its
  /// leaf on top with the entries before it counted as used.
  ///
  /// - Complexity: O(*h* *b*), in the height and the children of a node.
  @inlinable internal mutating func descend(to rank: Int) {
    var current = node!
    var rank = rank
    while !current._withUnsafeGuaranteedRef({ $0.isLeaf }) {
      let length = current._withUnsafeGuaranteedRef { $0.length }
      var index = 0
      while index < length - 1 {
        let count = Self.child(current, index)._withUnsafeGuaranteedRef { $0.count }
        guard rank >= count else { break }
        rank -= count
        index += 1
      }
      push(current, next: index + 1)
      current = Self.child(current, index)
    }
    node = current
    used = rank
  }
}
