/// The fields every order tree node keeps in front of its elements: 24 bytes, so that a node's
/// elements start 40 bytes into its heap block and the block fits the allocator's 16-byte size
/// classes without padding (every version keeps the nodes its edits copied).
@usableFromInline internal struct _NodeHeader {
  /// The number of entries in the subtree, and of visible ones.
  @usableFromInline internal var count: Int32
  @usableFromInline internal var visibleCount: Int32
  /// The label of the subtree's last entry.
  @usableFromInline internal var lastLabel: UInt64
  /// The smallest level in the subtree.
  @usableFromInline internal var minLevel: Int32
  /// The elements in use (entries in a leaf, children in an inner node), and the room for them.
  @usableFromInline internal var length: UInt8
  @usableFromInline internal var capacity: UInt8
  @usableFromInline internal var isLeaf: Bool
  /// Whether every entry in the subtree is at level 0.
  @usableFromInline internal var isFlat: Bool

  @inlinable internal init(isLeaf: Bool, capacity: Int) {
    count = 0
    visibleCount = 0
    lastLabel = 0
    minLevel = .max
    length = 0
    self.capacity = UInt8(capacity)
    self.isLeaf = isLeaf
    isFlat = true
  }
}

/// A node of the persistent B-tree behind `_OrderTree`: one heap block holding a header and
/// either the entries (a leaf) or the children (an inner node).
///
/// A node is immutable once it is shared: a mutation first copies every node on its path that is
/// not uniquely referenced (path copying), so snapshots taken before the mutation keep theirs.
/// Each node caches a summary of its subtree: the number of entries, of visible entries, the
/// smallest level, whether all entries are roots, and the last label, which the searches use to
/// skip whole subtrees.
///
/// Every version keeps the nodes its edits copied, so a node is one allocation sized to what it
/// holds: the elements sit right after the header (`ManagedBuffer`), and a copy made for an edit
/// has room for exactly the elements the edit leaves. An inner node keeps its children in the
/// same tail, read as node references. The tail and the header are reached only inside
/// closures (`withHeader`, `withChildBase`, ManagedBuffer's own); `entries` and `children` are
/// collections over the tail that hold the node and reach each element that way.
@usableFromInline
internal final class _OrderNode<Item: Hashable & Sendable>:
  ManagedBuffer<_NodeHeader, _Entry<Item>>
{
  @usableFromInline internal typealias Entry = _Entry<Item>

  /// The most entries a leaf holds, and the most children an inner node has.
  @inlinable internal static var maxLeafCount: Int { 16 }
  @inlinable internal static var maxChildCount: Int { 16 }
  @inlinable internal static var minLeafCount: Int { maxLeafCount / 2 }
  @inlinable internal static var minChildCount: Int { maxChildCount / 2 }

  /// The tail slots (sized for entries) that `children` node references need.
  @inlinable internal static func slots(forChildren count: Int) -> Int {
    let stride = MemoryLayout<Entry>.stride
    return (count * MemoryLayout<_OrderNode>.stride + stride - 1) / stride
  }

  /// An empty node with room for `capacity` elements.
  @inlinable internal static func make(isLeaf: Bool, capacity: Int) -> _OrderNode {
    let slots = isLeaf ? capacity : Self.slots(forChildren: capacity)
    let buffer = create(minimumCapacity: Swift.max(slots, 1)) { _ in
      _NodeHeader(isLeaf: isLeaf, capacity: capacity)
    }
    let node = unsafeDowncast(buffer, to: _OrderNode.self)
    assert(_NodeLayout.matches(node), "a node's layout is not the one its deinit walks")
    if !isLeaf {
      node.withUnsafeMutablePointerToElements {
        _ = UnsafeMutableRawPointer($0).bindMemory(to: _OrderNode.self, capacity: capacity)
      }
    }
    return node
  }

  /// A leaf holding `entries`, with room for `extra` more.
  @inlinable internal static func leaf<C: Collection>(_ entries: C, extra: Int = 0) -> _OrderNode
  where C.Element == Entry {
    leaf(entries, EmptyCollection(), extra: extra)
  }

  /// A leaf holding the entries of `first` then those of `second`, with room for `extra` more.
  @inlinable internal static func leaf<A: Collection, B: Collection>(
    _ first: A, _ second: B, extra: Int = 0
  ) -> _OrderNode where A.Element == Entry, B.Element == Entry {
    let node = make(isLeaf: true, capacity: first.count + second.count + extra)
    node.withUnsafeMutablePointerToElements { node.fill($0, with: first, second) }
    return node
  }

  /// An inner node holding `children`, with room for `extra` more.
  @inlinable internal static func branch<C: Collection>(_ children: C, extra: Int = 0)
    -> _OrderNode
  where C.Element == _OrderNode {
    branch(children, EmptyCollection(), extra: extra)
  }

  /// An inner node holding the children of `first` then those of `second`, with room for
  /// `extra` more.
  @inlinable internal static func branch<A: Collection, B: Collection>(
    _ first: A, _ second: B, extra: Int = 0
  ) -> _OrderNode where A.Element == _OrderNode, B.Element == _OrderNode {
    let node = make(isLeaf: false, capacity: first.count + second.count + extra)
    node.withChildBase { node.fill($0, with: first, second) }
    return node
  }

  /// Fills the empty tail at `start` with the elements of `first` then those of `second`, and
  /// sums them up.
  @inlinable internal func fill<Element, A: Collection, B: Collection>(
    _ start: UnsafeMutablePointer<Element>, with first: A, _ second: B
  ) where A.Element == Element, B.Element == Element {
    fill(start, with: first, second, EmptyCollection())
  }

  deinit {
    // A deinit runs unspecialized: naming `Entry` or `_OrderNode` here asks the runtime for its
    // metadata, a cache lookup. Entries of plain data (an `Int` item) need no deinitializing,
    // which the item's own metadata, at hand, tells; the entries of a leaf that its parent
    // emptied are gone; an inner node empties its leaves held nowhere else, one lookup for all.
    let length = self.length
    if isLeaf {
      if _isPOD(Item.self) || length == 0 { return }
      _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: length) }
      return
    }
    if !_isPOD(Item.self) {
      withChildBase { Self.emptyUniqueLeaves($0, count: length, entries: Entry.self) }
    }
    _NodeLayout.releaseChildren(of: self, count: length)
  }

  /// Deinitializes the entries of those of the `count` children at `children` that are leaves
  /// held by no other node, and leaves them empty.
  ///
  /// `entries` is `Entry.self`, passed in so that unspecialized code looks its metadata up once,
  /// not once a leaf (`withUnsafeMutablePointerToElements` would look it up for each).
  ///
  /// - Complexity: O(*b* + *k*) for the *k* entries of those leaves.
  @inlinable internal static func emptyUniqueLeaves<Entries>(
    _ children: UnsafeMutablePointer<_OrderNode>, count: Int, entries: Entries.Type
  ) {
    for index in 0..<count where isKnownUniquelyReferenced(&children[index]) {
      let child = children[index]
      let length = child.length
      guard child.isLeaf && length > 0 else { continue }
      _ = _NodeLayout.withElements(of: child, as: Entries.self) {
        $0.deinitialize(count: length)
      }
      child.withHeader { $0.length = 0 }
    }
  }

  /// A copy with room for `extra` more elements than it holds.
  @inlinable internal func copy(extra: Int = 0) -> _OrderNode {
    isLeaf ? Self.leaf(entries, extra: extra) : Self.branch(children, extra: extra)
  }

  /// New nodes for `left` and `right` (neighbours of the same height) when one of them is
  /// underfull: their merge when one node holds them all, else their even share.
  @inlinable internal static func mended(_ left: _OrderNode, _ right: _OrderNode)
    -> (first: _OrderNode, second: _OrderNode?)
  {
    let joined =
      left.isLeaf ? leaf(left.entries, right.entries) : branch(left.children, right.children)
    guard joined.isOverfull else { return (joined, nil) }
    let (first, second) = joined.split()
    return (first, second)
  }

  // MARK: The header's fields

  /// Calls `body` with the header in place, for reading or writing.
  ///
  /// Not `ManagedBuffer.header`: a stored property whose every access is checked for exclusivity
  /// at run time (`swift_beginAccess`), which made taps twice as slow; the nodes are only written
  /// while uniquely referenced, one mutation at a time.
  @inlinable @inline(__always)
  internal func withHeader<R>(_ body: (inout _NodeHeader) -> R) -> R {
    withUnsafeMutablePointerToHeader { body(&$0.pointee) }
  }

  @inlinable internal var isLeaf: Bool { withHeader { $0.isLeaf } }
  @inlinable internal var length: Int { withHeader { Int($0.length) } }
  @inlinable internal var hasRoom: Bool { withHeader { $0.length < $0.capacity } }

  /// The number of entries in the subtree.
  @inlinable internal var count: Int {
    get { withHeader { Int($0.count) } }
    set { withHeader { $0.count = Int32(newValue) } }
  }

  /// The number of visible entries in the subtree.
  @inlinable internal var visibleCount: Int {
    get { withHeader { Int($0.visibleCount) } }
    set { withHeader { $0.visibleCount = Int32(newValue) } }
  }

  @inlinable internal var minLevel: Int32 {
    get { withHeader { $0.minLevel } }
    set { withHeader { $0.minLevel = newValue } }
  }

  /// Whether every entry in the subtree is at level 0.
  @inlinable internal var isFlat: Bool {
    get { withHeader { $0.isFlat } }
    set { withHeader { $0.isFlat = newValue } }
  }

  @inlinable internal var lastLabel: UInt64 {
    get { withHeader { $0.lastLabel } }
    set { withHeader { $0.lastLabel = newValue } }
  }

  // MARK: The elements

  /// Calls `body` with the address of the first child of an inner node: the tail, read as node
  /// references.
  @inlinable @inline(__always)
  internal func withChildBase<R>(_ body: (UnsafeMutablePointer<_OrderNode>) -> R) -> R {
    withUnsafeMutablePointerToElements {
      body(UnsafeMutableRawPointer($0).assumingMemoryBound(to: _OrderNode.self))
    }
  }

  /// The entries of a leaf (empty in an inner node).
  @inlinable internal var entries: _NodeElements<Item, Entry> { _NodeElements(self) }

  /// The children of an inner node (empty in a leaf).
  @inlinable internal var children: _NodeElements<Item, _OrderNode> { _NodeElements(self) }

  /// Appends `entry` to a leaf that has room (the summary is left for the caller to refresh).
  @inlinable internal func appendEntry(_ entry: consuming Entry) {
    precondition(isLeaf && hasRoom)
    // The entry moves in: no copy (a retain and a release of the item).
    let length = self.length
    var moved: Entry? = consume entry
    withUnsafeMutablePointerToElements { ($0 + length).initialize(to: moved.take()!) }
    withHeader { $0.length += 1 }
  }

  /// Inserts `entry` at `index` of a leaf that has room.
  @inlinable internal func insertEntry(_ entry: Entry, at index: Int) {
    precondition(isLeaf && hasRoom && index >= 0 && index <= length)
    let length = self.length
    withUnsafeMutablePointerToElements { base in
      (base + index + 1).moveInitialize(from: base + index, count: length - index)
      (base + index).initialize(to: entry)
    }
    withHeader { $0.length += 1 }
  }

  /// Removes and returns the entry at `index` of a leaf.
  @inlinable internal func removeEntry(at index: Int) -> Entry {
    precondition(isLeaf && index >= 0 && index < length)
    let length = self.length
    let removed = withUnsafeMutablePointerToElements { base in
      let removed = (base + index).move()
      (base + index).moveInitialize(from: base + index + 1, count: length - index - 1)
      return removed
    }
    withHeader { $0.length -= 1 }
    return removed
  }

  /// Inserts `child` at `index` of an inner node that has room.
  @inlinable internal func insertChild(_ child: _OrderNode, at index: Int) {
    precondition(!isLeaf && hasRoom && index >= 0 && index <= length)
    let length = self.length
    withChildBase { base in
      (base + index + 1).moveInitialize(from: base + index, count: length - index)
      (base + index).initialize(to: child)
    }
    withHeader { $0.length += 1 }
  }

  /// Removes the child at `index` of an inner node.
  @inlinable internal func removeChild(at index: Int) {
    precondition(!isLeaf && index >= 0 && index < length)
    let length = self.length
    withChildBase { base in
      (base + index).deinitialize(count: 1)
      (base + index).moveInitialize(from: base + index + 1, count: length - index - 1)
    }
    withHeader { $0.length -= 1 }
  }

  // MARK: Summaries and searches

  /// Recomputes the cached summary from the entries or children.
  ///
  /// - Complexity: O(*b*), where *b* is the node's width.
  @inlinable internal func refreshSummary() {
    var count = 0
    var visible = 0
    var minLevel = Int32.max
    var isFlat = true
    if isLeaf {
      let entries = self.entries
      count = entries.count
      for entry in entries {
        if entry.isVisible { visible += 1 }
        if entry.level < minLevel { minLevel = entry.level }
        if entry.level > 0 { isFlat = false }
      }
      lastLabel = entries.last?.label ?? 0
    } else {
      let children = self.children
      for child in children {
        count += child.count
        visible += child.visibleCount
        if child.minLevel < minLevel { minLevel = child.minLevel }
        if !child.isFlat { isFlat = false }
      }
      lastLabel = children.last!.lastLabel
    }
    self.count = count
    self.visibleCount = visible
    self.minLevel = minLevel
    self.isFlat = isFlat
  }

  /// Adds one new entry of the subtree to the summary (all but `lastLabel`).
  @inlinable internal func summarize(inserted entry: Entry) {
    count += 1
    if entry.isVisible { visibleCount += 1 }
    if entry.level < minLevel { minLevel = entry.level }
    if entry.level > 0 { isFlat = false }
  }

  /// The index of the child whose subtree holds `label`, or would hold it.
  @inlinable internal func childIndex(forLabel label: UInt64) -> Int {
    let children = self.children
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
    let children = self.children
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
    let children = self.children
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
    let entries = self.entries
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
    length < (isLeaf ? Self.minLeafCount : Self.minChildCount)
  }

  @inlinable internal var isOverfull: Bool {
    length > (isLeaf ? Self.maxLeafCount : Self.maxChildCount)
  }

  /// The node's elements split into two new nodes of about half each.
  @inlinable internal func split() -> (left: _OrderNode, right: _OrderNode) {
    let middle = length / 2
    if isLeaf {
      let entries = self.entries
      return (Self.leaf(entries[..<middle]), Self.leaf(entries[middle...]))
    }
    let children = self.children
    return (Self.branch(children[..<middle]), Self.branch(children[middle...]))
  }
}
