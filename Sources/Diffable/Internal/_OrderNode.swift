import OrderedCollections

/// A node of the persistent B-tree behind `_OrderTree`.
///
/// A node is immutable once it is shared: a mutation first copies every node on its path that is
/// not uniquely referenced (path copying), so snapshots taken before the mutation keep theirs.
/// Each node caches a summary of its subtree: the number of entries, of visible entries, the
/// smallest and largest level and the last label, which the searches use to skip whole subtrees.
@usableFromInline internal final class _OrderNode<Item: Hashable & Sendable>: @unchecked Sendable {
  // @unchecked: a node is only mutated while uniquely referenced (copy-on-write), so a node that
  // two threads can see is never written.

  /// The most entries a leaf holds, and the most children an inner node has.
  @inlinable internal static var maxLeafCount: Int { 16 }
  @inlinable internal static var maxChildCount: Int { 16 }
  @inlinable internal static var minLeafCount: Int { maxLeafCount / 2 }
  @inlinable internal static var minChildCount: Int { maxChildCount / 2 }

  // The nodes are reached only through the copy-on-write tree that owns them, one mutation at
  // a time, so the run-time exclusivity checks on their fields (a `swift_beginAccess` per field
  // access, once a third of an edit's time) are turned off here.

  /// The entries, in a leaf; empty in an inner node.
  @exclusivity(unchecked) @usableFromInline internal var entries: ContiguousArray<_Entry<Item>>
  /// The children, in an inner node; empty in a leaf.
  @exclusivity(unchecked) @usableFromInline internal var children: ContiguousArray<_OrderNode<Item>>

  // The counts are stored in 32 bits, which keeps a node's object at 56 bytes (a 64-byte heap
  // block instead of 80: every edit copies five or so nodes, and every version keeps its copies).
  // A section snapshot holds fewer than 2³¹ items, as the diff also requires.
  @exclusivity(unchecked) @usableFromInline internal var _count: Int32 = 0
  @exclusivity(unchecked) @usableFromInline internal var _visibleCount: Int32 = 0
  @exclusivity(unchecked) @usableFromInline internal var minLevel: Int32 = .max
  @exclusivity(unchecked) @usableFromInline internal var maxLevel: Int32 = .min
  @exclusivity(unchecked) @usableFromInline internal var lastLabel: UInt64 = 0

  /// The number of entries in the subtree.
  @inlinable internal var count: Int {
    get { Int(_count) }
    set { _count = Int32(newValue) }
  }

  /// The number of visible entries in the subtree.
  @inlinable internal var visibleCount: Int {
    get { Int(_visibleCount) }
    set { _visibleCount = Int32(newValue) }
  }

  @inlinable internal var isLeaf: Bool { children.isEmpty }

  @inlinable internal init(entries: ContiguousArray<_Entry<Item>>) {
    self.entries = entries
    self.children = []
    refreshSummary()
  }

  @inlinable internal init(children: ContiguousArray<_OrderNode<Item>>) {
    self.entries = []
    self.children = children
    refreshSummary()
  }

  @inlinable internal init(copying other: _OrderNode<Item>) {
    entries = other.entries
    children = other.children
    _count = other._count
    _visibleCount = other._visibleCount
    minLevel = other.minLevel
    maxLevel = other.maxLevel
    lastLabel = other.lastLabel
  }

  @inlinable internal func copy() -> _OrderNode<Item> { _OrderNode(copying: self) }

  /// Recomputes the cached summary from the entries or children.
  ///
  /// - Complexity: O(*b*), where *b* is the node's width.
  @inlinable internal func refreshSummary() {
    var count = 0
    var visible = 0
    var minLevel = Int32.max
    var maxLevel = Int32.min
    if isLeaf {
      count = entries.count
      for entry in entries {
        if entry.isVisible { visible += 1 }
        if entry.level < minLevel { minLevel = entry.level }
        if entry.level > maxLevel { maxLevel = entry.level }
      }
      lastLabel = entries.last?.label ?? 0
    } else {
      for child in children {
        count += child.count
        visible += child.visibleCount
        if child.minLevel < minLevel { minLevel = child.minLevel }
        if child.maxLevel > maxLevel { maxLevel = child.maxLevel }
      }
      lastLabel = children.last!.lastLabel
    }
    self.count = count
    self.visibleCount = visible
    self.minLevel = minLevel
    self.maxLevel = maxLevel
  }

  /// The index of the child whose subtree holds `label`, or would hold it.
  @inlinable internal func childIndex(forLabel label: UInt64) -> Int {
    var low = 0
    var high = children.count - 1
    while low < high {
      let mid = (low + high) / 2
      if children[mid].lastLabel < label { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The number of entries in the children before `index`.
  ///
  /// Each child's count is read through its pointer (a likely cache miss in a large tree), so it
  /// sums whichever side of `index` is shorter.
  ///
  /// - Complexity: O(*b*/2), where *b* is the node's width.
  @inlinable internal func countBefore(child index: Int) -> Int {
    if index <= children.count / 2 {
      var sum = 0
      for i in 0..<index { sum += children[i].count }
      return sum
    }
    var sum = count
    for i in index..<children.count { sum -= children[i].count }
    return sum
  }

  /// The index of the child holding the entry at `rank`, which it makes relative to that child.
  ///
  /// Walks from the nearer end, like `countBefore(child:)`.
  ///
  /// - Precondition: `0 <= rank < count`.
  /// - Complexity: O(*b*/2).
  @inlinable internal func child(containingRank rank: inout Int) -> Int {
    if rank < count / 2 {
      var index = 0
      while rank >= children[index].count {
        rank -= children[index].count
        index += 1
      }
      return index
    }
    var index = children.count - 1
    var start = count - children[index].count
    while rank < start {
      index -= 1
      start -= children[index].count
    }
    rank -= start
    return index
  }

  /// The index of the first entry whose label is not less than `label`.
  @inlinable internal func entryIndex(forLabel label: UInt64) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let mid = (low + high) / 2
      if entries[mid].label < label { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Whether the node has fewer entries or children than a non-root node may have.
  @inlinable internal var isUnderfull: Bool {
    isLeaf ? entries.count < Self.minLeafCount : children.count < Self.minChildCount
  }

  @inlinable internal var isOverfull: Bool {
    isLeaf ? entries.count > Self.maxLeafCount : children.count > Self.maxChildCount
  }

  /// Splits an overfull node in two halves: `self` keeps the first, the result holds the second.
  @inlinable internal func split() -> _OrderNode<Item> {
    let right: _OrderNode<Item>
    if isLeaf {
      let middle = entries.count / 2
      right = _OrderNode(entries: ContiguousArray(entries[middle...]))
      entries.removeSubrange(middle...)
    } else {
      let middle = children.count / 2
      right = _OrderNode(children: ContiguousArray(children[middle...]))
      children.removeSubrange(middle...)
    }
    refreshSummary()
    return right
  }
}
