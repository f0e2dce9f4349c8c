import OrderedCollections

// Mutations of the order tree. Each one walks down one path, copying every node on it that is
// shared with another version (copy-on-write), and refreshes the summaries on its way back up.

extension _OrderTree {
  /// Inserts `entry`, whose label must not be in the tree, at its place in label order.
  ///
  /// - Complexity: O(log *n*).
  @inlinable internal mutating func insert(_ entry: Entry) {
    guard root != nil else {
      root = Node.leaf(CollectionOfOne(entry))
      return
    }
    if let (left, right) = Self.insert(entry, into: &root!) {
      root = Node.branch([left, right])
    }
  }

  /// Inserts into `node`'s subtree; returns the two halves that replace `node` when it had to
  /// split.
  ///
  /// A node that another version shares, or that is full, is copied with room for one more
  /// element: every node is sized to what it holds, so versions keep no empty room.
  @inlinable internal static func insert(_ entry: Entry, into node: inout Node) -> (Node, Node)? {
    if node.isLeaf {
      if !isKnownUniquelyReferenced(&node) || !node.hasRoom { node = node.copy(extra: 1) }
      let index = node.entryIndex(forLabel: entry.label)
      node.insertEntry(entry, at: index)
      node.summarize(inserted: entry)
      if index == node.length - 1 { node.lastLabel = entry.label }
    } else {
      if !isKnownUniquelyReferenced(&node) { node = node.copy() }
      let index = node.childIndex(forLabel: entry.label)
      if let (left, right) = insert(entry, into: &node.children[index]) {
        node.children[index] = left
        if !node.hasRoom { node = node.copy(extra: 1) }
        node.insertChild(right, at: index + 1)
        node.refreshSummary()
      } else {
        node.summarize(inserted: entry)
        node.lastLabel = node.children[node.length - 1].lastLabel
      }
    }
    return node.isOverfull ? node.split() : nil
  }

  /// Removes and returns the entry with `label`, which must be in the tree.
  ///
  /// - Complexity: O(log *n*).
  @discardableResult
  @inlinable internal mutating func remove(label: UInt64) -> Entry {
    precondition(root != nil, "remove from an empty order tree")
    let removed = Self.remove(label: label, from: &root!)
    if root!.isLeaf {
      if root!.length == 0 { root = nil }
    } else if root!.length == 1 {
      root = root!.children[0]
    }
    return removed
  }

  @inlinable internal static func remove(label: UInt64, from node: inout Node) -> Entry {
    if node.isLeaf {
      let index = node.entryIndex(forLabel: label)
      precondition(
        index < node.length && node.entries[index].label == label,
        "label \(label) is not in the order tree")
      if isKnownUniquelyReferenced(&node) {
        let removed = node.removeEntry(at: index)
        node.refreshSummary()
        return removed
      }
      // Another version shares the leaf: a copy of exactly what remains.
      let entries = node.entries
      let removed = entries[index]
      node = Node.leaf(entries[..<index], entries[(index + 1)...])
      return removed
    }
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    let index = node.childIndex(forLabel: label)
    let removed = remove(label: label, from: &node.children[index])
    if node.children[index].isUnderfull { rebalance(child: index, of: node) }
    node.refreshSummary()
    return removed
  }

  /// Mends an underfull child by merging it with a neighbour or sharing the neighbour's items.
  ///
  /// `node` must be uniquely referenced; the children it changes are replaced by new nodes.
  @inlinable internal static func rebalance(child index: Int, of node: Node) {
    guard node.length > 1 else { return }
    let leftIndex = index > 0 ? index - 1 : index
    let (first, second) = Node.mended(node.children[leftIndex], node.children[leftIndex + 1])
    node.children[leftIndex] = first
    if let second {
      node.children[leftIndex + 1] = second
    } else {
      node.removeChild(at: leftIndex + 1)
    }
  }

  /// Changes the entry at `rank` in place and returns the entry as it was.
  ///
  /// `body` may change anything but must keep the label between its neighbours' labels.
  ///
  /// - Complexity: O(log *n*).
  @discardableResult
  @inlinable internal mutating func update(atRank rank: Int, _ body: (inout Entry) -> Void) -> Entry
  {
    precondition(rank >= 0 && rank < count, "rank \(rank) out of 0..<\(count)")
    return Self.update(atRank: rank, in: &root!, body)
  }

  @inlinable internal static func update(
    atRank rank: Int, in node: inout Node, _ body: (inout Entry) -> Void
  ) -> Entry {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    let old: Entry
    if node.isLeaf {
      old = node.entries[rank]
      body(&node.entries[rank])
    } else {
      var rank = rank
      let index = node.child(containingRank: &rank)
      old = update(atRank: rank, in: &node.children[index], body)
    }
    node.refreshSummary()
    return old
  }
}
