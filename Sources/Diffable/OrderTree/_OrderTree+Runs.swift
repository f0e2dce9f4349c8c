// Inserting a run of entries that lands in one place of the order, in one walk down the tree:
// what `append(_:to:)` and the `insert` members do with their items, instead of one walk (and
// one copy of the leaf) per item.

extension _OrderTree {
  /// Inserts `run`: entries in increasing label order that all fall between the same two
  /// neighbours (no label of the tree lies between the run's first and last labels).
  ///
  /// The leaf that takes the run grows in place when no other version shares it and it has room,
  /// else it is copied once, split into as many leaves as the entries need; the inner nodes on
  /// the path take the new nodes the same way, and a root that splits gets a new root above it.
  ///
  /// ```swift
  /// tree.insert(run: [apple, pear])  // labels between the labels of two neighbours
  /// ```
  ///
  /// - Complexity: O(log *n* + *k*) for the *k* entries of the run.
  @inlinable internal mutating func insert(run: [Entry]) {
    guard !run.isEmpty else { return }
    var nodes: [Node]
    if root == nil {
      nodes = Node.leaves(run, EmptyCollection(), EmptyCollection())
    } else {
      guard let split = Self.insert(run: run, into: &root!) else { return }
      nodes = split
    }
    while nodes.count > 1 {
      nodes = Node.branches(nodes, EmptyCollection(), EmptyCollection())
    }
    root = nodes[0]
  }

  /// Inserts `run` into `node`'s subtree; returns the nodes, of `node`'s height, that replace
  /// `node` when it had to split.
  @inlinable internal static func insert(run: [Entry], into node: inout Node) -> [Node]? {
    if node.isLeaf {
      let index = node.entryIndex(forLabel: run[0].label)
      if node.length + run.count <= node.room && isKnownUniquelyReferenced(&node) {
        node.insertEntries(run, at: index)
        return nil
      }
      let entries = node.entries
      let nodes = Node.leaves(entries[..<index], run, entries[index...])
      node = nodes[0]
      return nodes.count == 1 ? nil : nodes
    }
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    let index = node.childIndex(forLabel: run[0].label)
    guard let replacements = insert(run: run, into: &node.children[index]) else {
      for entry in run { node.summarize(inserted: entry) }
      node.lastLabel = node.children[node.length - 1].lastLabel
      return nil
    }
    let children = node.children
    let nodes = Node.branches(children[..<index], replacements, children[(index + 1)...])
    node = nodes[0]
    return nodes.count == 1 ? nil : nodes
  }
}

extension _OrderNode {
  /// The room for elements.
  @inlinable internal var room: Int { withHeader { Int($0.capacity) } }

  /// Inserts `run` at `index` of a leaf that has room for it, and adds it to the summary.
  @inlinable internal func insertEntries(_ run: [Entry], at index: Int) {
    precondition(isLeaf && length + run.count <= room && index >= 0 && index <= length)
    let wasLast = index == length
    let length = self.length
    withUnsafeMutablePointerToElements { base in
      (base + index + run.count).moveInitialize(from: base + index, count: length - index)
      var slot = base + index
      for entry in run {
        slot.initialize(to: entry)
        slot += 1
      }
    }
    withHeader { $0.length += UInt8(run.count) }
    for entry in run { summarize(inserted: entry) }
    if wasLast { lastLabel = run[run.count - 1].label }
  }

  /// Leaves holding the entries of `first`, `second` and `third` in order: one leaf sized to
  /// them when they fit, else as few leaves as hold them, shared evenly (none underfull).
  @inlinable internal static func leaves<A: Collection, B: Collection, C: Collection>(
    _ first: A, _ second: B, _ third: C
  ) -> [_OrderNode] where A.Element == Entry, B.Element == Entry, C.Element == Entry {
    let total = first.count + second.count + third.count
    if total <= maxLeafCount {
      let node = make(isLeaf: true, capacity: total)
      node.withUnsafeMutablePointerToElements { node.fill($0, with: first, second, third) }
      return [node]
    }
    var elements = _Joined3(first, second, third)
    return evenChunks(of: total, most: maxLeafCount).map { chunk in
      let node = make(isLeaf: true, capacity: chunk.count)
      node.withUnsafeMutablePointerToElements { node.fill($0, count: chunk.count, from: &elements) }
      return node
    }
  }

  /// Inner nodes holding the children of `first`, `second` and `third` in order, shared as
  /// `leaves(_:_:_:)` shares entries.
  @inlinable internal static func branches<A: Collection, B: Collection, C: Collection>(
    _ first: A, _ second: B, _ third: C
  ) -> [_OrderNode]
  where A.Element == _OrderNode, B.Element == _OrderNode, C.Element == _OrderNode {
    let total = first.count + second.count + third.count
    if total <= maxChildCount {
      let node = make(isLeaf: false, capacity: total)
      node.withChildBase { node.fill($0, with: first, second, third) }
      return [node]
    }
    var elements = _Joined3(first, second, third)
    return evenChunks(of: total, most: maxChildCount).map { chunk in
      let node = make(isLeaf: false, capacity: chunk.count)
      node.withChildBase { node.fill($0, count: chunk.count, from: &elements) }
      return node
    }
  }

  /// `0..<total` cut into the fewest ranges of at most `most` elements, of sizes that differ
  /// by at most one (so none is under half full when there are two or more).
  @inlinable internal static func evenChunks(of total: Int, most: Int) -> [Range<Int>] {
    let count = (total + most - 1) / most
    let (size, larger) = total.quotientAndRemainder(dividingBy: count)
    var start = 0
    return (0..<count).map { chunk in
      let end = start + size + (chunk < larger ? 1 : 0)
      defer { start = end }
      return start..<end
    }
  }

  /// Fills the empty tail at `start` with the elements of `first`, `second` then `third`, and
  /// sums them up.
  @inlinable internal func fill<Element, A: Collection, B: Collection, C: Collection>(
    _ start: UnsafeMutablePointer<Element>, with first: A, _ second: B, _ third: C
  ) where A.Element == Element, B.Element == Element, C.Element == Element {
    var slot = start
    for element in first {
      slot.initialize(to: element)
      slot += 1
    }
    for element in second {
      slot.initialize(to: element)
      slot += 1
    }
    for element in third {
      slot.initialize(to: element)
      slot += 1
    }
    withHeader { $0.length = UInt8(first.count + second.count + third.count) }
    refreshSummary()
  }
}

extension _OrderNode {
  /// Fills the empty tail at `start` with the next `count` elements of `elements`, and sums
  /// them up.
  @inlinable internal func fill<Element, A, B, C>(
    _ start: UnsafeMutablePointer<Element>, count: Int, from elements: inout _Joined3<A, B, C>
  ) where A.Element == Element, B.Element == Element, C.Element == Element {
    for offset in 0..<count { (start + offset).initialize(to: elements.next()) }
    withHeader { $0.length = UInt8(count) }
    refreshSummary()
  }
}

/// The elements of three collections one after the other, handed out one at a time: the
/// pieces of a node being cut into new nodes, with no array of them all.
@usableFromInline internal struct _Joined3<A: Collection, B: Collection, C: Collection>
where A.Element == B.Element, B.Element == C.Element {
  @usableFromInline internal var first: A.Iterator
  @usableFromInline internal var second: B.Iterator
  @usableFromInline internal var third: C.Iterator

  @inlinable internal init(_ first: A, _ second: B, _ third: C) {
    self.first = first.makeIterator()
    self.second = second.makeIterator()
    self.third = third.makeIterator()
  }

  /// The next element; there must be one.
  @inlinable internal mutating func next() -> A.Element {
    if let element = first.next() { return element }
    if let element = second.next() { return element }
    return third.next()!
  }
}
