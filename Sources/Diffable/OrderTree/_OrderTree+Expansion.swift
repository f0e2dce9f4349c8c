// Expanding or collapsing many entries in one walk of the order tree.
//
// Strategy: the targets, as labels in ascending order, are met in one pre-order walk. The walk
// enters only the nodes that hold a target or lie in a *zone*: the subtree of an outermost entry
// whose flag changes, where every entry's visibility is recomputed from its ancestors' (the
// stack `open`, as `_assignVisibility` does). Outside zones, a node without targets is passed
// over whole; inside one, so is a node whose entries are all hidden and stay hidden (its
// shallowest entries' ancestor is hidden or collapsed). A node is copied only when one of its
// entries changes, so each node on the paths is touched once and a flag that is already set
// copies nothing.

extension _OrderTree {
  /// The state of one walk: the targets met so far, the zone being recomputed, the windows.
  @usableFromInline internal struct _ExpansionWalk {
    /// The targets' labels, ascending and distinct; `next` is the first not yet met.
    @usableFromInline internal let labels: [UInt64]
    @usableFromInline internal var next = 0
    /// The flag the targets get.
    @usableFromInline internal let expanded: Bool
    /// The zone root's level, or -1 outside zones, and its rank.
    @usableFromInline internal var zoneLevel: Int32 = -1
    @usableFromInline internal var zoneRoot = 0
    /// `open[d]`: the latest entry at depth `d` below the zone root's level (the root at 0) is
    /// visible and expanded; missing depths are false.
    @usableFromInline internal var open: [Bool] = []
    /// The ranks of each zone's descendants, in order.
    @usableFromInline internal var windows: [Range<Int>] = []
    /// Whether a target's flag changed.
    @usableFromInline internal var changed = false

    @inlinable internal init(labels: [UInt64], expanded: Bool) {
      self.labels = labels
      self.expanded = expanded
    }

    /// Whether a target not yet met has a label of at most `label`.
    @inlinable internal func hasTarget(upTo label: UInt64) -> Bool {
      next < labels.count && labels[next] <= label
    }

    /// Whether the walk can pass over `node`, which holds no target, changing nothing: outside
    /// a zone always; inside one when its entries are all hidden and stay hidden.
    @inlinable internal mutating func canSkip(_ node: Node) -> Bool {
      guard zoneLevel >= 0 else { return true }
      guard node.visibleCount == 0, node.minLevel > zoneLevel else { return false }
      // Every entry of the node descends from the latest entry at the depth above its
      // shallowest ones: hidden or collapsed, it keeps them all hidden.
      let depth = Int(node.minLevel - zoneLevel)
      guard depth - 1 >= open.count || !open[depth - 1] else { return false }
      if open.count > depth { open.removeSubrange(depth...) }
      return true
    }

    /// The new flags of `entry`, at `rank`, the next entry in pre-order.
    @inlinable internal mutating func visit(_ entry: Entry, at rank: Int) -> (
      isExpanded: Bool, isVisible: Bool
    ) {
      if zoneLevel >= 0 && entry.level <= zoneLevel {
        windows.append((zoneRoot + 1)..<rank)
        zoneLevel = -1
      }
      var isExpanded = entry.isExpanded
      var isVisible = entry.isVisible
      if next < labels.count && labels[next] == entry.label {
        next += 1
        if isExpanded != expanded {
          changed = true
          isExpanded = expanded
          if zoneLevel < 0 {
            zoneLevel = entry.level
            zoneRoot = rank
            open.removeAll(keepingCapacity: true)
            open.append(isVisible && isExpanded)
            return (isExpanded, isVisible)
          }
        }
      }
      guard zoneLevel >= 0 else { return (isExpanded, isVisible) }
      let depth = Int(entry.level - zoneLevel)
      isVisible = depth - 1 < open.count && open[depth - 1]
      if open.count > depth { open.removeSubrange(depth...) }
      while open.count < depth { open.append(false) }
      open.append(isVisible && isExpanded)
      return (isExpanded, isVisible)
    }
  }

  /// Sets the expansion flag of the entries with `labels` (ascending, distinct, all in the
  /// tree) to `expanded`, and updates the visibility of their descendants, in one walk.
  ///
  /// - Returns: Whether a flag changed, and the ranks of the descendants of the outermost
  ///   entries whose flag changed, in order.
  /// - Complexity: O(*k* log(*n*/*k*) + *z*), at most O(*n*), where *k* is the number of labels
  ///   and *z* the number of entries in the changed entries' subtrees that are visible before
  ///   or after, or share a leaf with one that is.
  @inlinable internal mutating func setExpanded(labels: [UInt64], to expanded: Bool) -> (
    changed: Bool, windows: [Range<Int>]
  ) {
    guard root != nil, !labels.isEmpty else { return (false, []) }
    var walk = _ExpansionWalk(labels: labels, expanded: expanded)
    _ = Self.setExpanded(in: &root!, base: 0, &walk)
    if walk.zoneLevel >= 0 { walk.windows.append((walk.zoneRoot + 1)..<count) }
    return (walk.changed, walk.windows)
  }

  /// Walks `node`, whose first entry is at rank `base`; returns whether it changed (it is then
  /// a copy, unless it was uniquely referenced).
  @inlinable internal static func setExpanded(
    in node: inout Node, base: Int, _ walk: inout _ExpansionWalk
  ) -> Bool {
    if !walk.hasTarget(upTo: node.lastLabel) && walk.canSkip(node) { return false }
    var changed = false
    if node.isLeaf {
      for index in 0..<node.length {
        let entry = node.entries[index]
        let (isExpanded, isVisible) = walk.visit(entry, at: base + index)
        guard isExpanded != entry.isExpanded || isVisible != entry.isVisible else { continue }
        if !changed && !isKnownUniquelyReferenced(&node) { node = node.copy() }
        changed = true
        node.entries[index].isExpanded = isExpanded
        node.entries[index].isVisible = isVisible
      }
    } else {
      var unique = isKnownUniquelyReferenced(&node)
      var childBase = base
      for index in 0..<node.length {
        let childCount = node.children[index].count
        if unique {
          if setExpanded(in: &node.children[index], base: childBase, &walk) { changed = true }
        } else {
          var child = node.children[index]
          if setExpanded(in: &child, base: childBase, &walk) {
            node = node.copy()
            unique = true
            changed = true
            node.children[index] = child
          }
        }
        childBase += childCount
        if walk.zoneLevel < 0 && walk.next == walk.labels.count { break }
      }
    }
    if changed { node.refreshSummary() }
    return changed
  }
}
