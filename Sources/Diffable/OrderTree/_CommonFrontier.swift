/// One side of `_OrderTree.commonLength`'s walk: the node it reaches next, the entries already
/// compared in it (a leaf), and the siblings still to come on the path from the root, as one
/// cursor a level (the parent and the index of the next sibling) rather than every sibling
/// pushed: opening a node retains its first child only.
@usableFromInline internal struct _CommonFrontier<Item: Hashable & Sendable> {
  @usableFromInline internal typealias Node = _OrderNode<Item>
  /// The node reached next; nil once the sequence is done.
  @usableFromInline internal var node: Node?
  /// The entries of `node` (a leaf) already compared.
  @usableFromInline internal var used = 0
  /// Each level above `node`: its parent and the index of the next sibling to visit (forward:
  /// ascending to the end; from the end: descending to -1).
  @usableFromInline internal var levels: [(parent: Node, next: Int)] = []
  /// Whether the walk goes from the end.
  @usableFromInline internal let fromEnd: Bool

  @inlinable internal init(_ root: Node, fromEnd: Bool) {
    node = root
    self.fromEnd = fromEnd
    levels.reserveCapacity(8)
  }

  /// Replaces `node` (an inner node) by its first child in the walk's direction.
  ///
  /// - Complexity: O(1).
  @inlinable internal mutating func open() {
    let parent = node!
    let length = parent.length
    if fromEnd {
      levels.append((parent, length - 2))
      node = parent.children[length - 1]
    } else {
      levels.append((parent, 1))
      node = parent.children[0]
    }
  }

  /// Moves past `node` to the next node of the sequence (nil at its end).
  ///
  /// - Complexity: O(*h*) at most, in the height.
  @inlinable internal mutating func advance() {
    used = 0
    while let last = levels.last {
      let index = last.next
      if fromEnd ? index >= 0 : index < last.parent.length {
        levels[levels.count - 1].next = fromEnd ? index - 1 : index + 1
        node = last.parent.children[index]
        return
      }
      levels.removeLast()
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
    while !current.isLeaf {
      let children = current.children
      var index = 0
      while index < children.count - 1, rank >= children[index].count {
        rank -= children[index].count
        index += 1
      }
      levels.append((current, index + 1))
      current = children[index]
    }
    node = current
    used = rank
  }
}
