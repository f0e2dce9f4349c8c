// Expanding or collapsing many entries in one walk of the order tree.
//
// Strategy: the targets, as labels in ascending order, are met in one pre-order walk. The walk
// enters only the nodes that hold a target or lie in a *zone*: the subtree of an outermost
// visible entry whose flag changes, where every entry's visibility is recomputed. Outside zones
// a node without targets is passed over whole; inside one, so is a node whose entries are all
// hidden and stay hidden. A hidden target opens no zone: its descendants are hidden whatever its
// flag. A node is copied only when one of its entries changes, once, and only its visible count
// changes (by the sum of its children's changes, not recounted); a flag that is already set
// copies nothing.
//
// Visibility in a zone needs one number, not a stack of flags (`_VisibilityLimit`): the deepest
// level at which the next entry would be visible.
//
// The walk touches each node on the targets' paths once, so *k* targets cost O(*k* log(*n*/*k*))
// plus their zones; it never visits an entry twice, so when the targets are a large share of the
// entries it is one linear pass over the leaves (per entry: a label compared, a level compared,
// two flags read). A child is looked at without retaining it, so passing over a shared node's
// children writes nothing to them.

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
    /// In a zone: the visibility of the next entry.
    @usableFromInline internal var limit = _VisibilityLimit(visibleAt: 0)
    /// The ranks of each zone's descendants, in order, empty ones left out.
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

    /// Whether the walk is done: every target met, and no zone open.
    @inlinable internal var isDone: Bool { zoneLevel < 0 && next == labels.count }

    /// Whether the walk can pass over `node`, which holds no target, changing nothing: outside
    /// a zone always; inside one when its entries are all hidden and stay hidden.
    @inlinable internal func canSkip(_ node: Node) -> Bool {
      // Deeper than the limit, every entry of the node is hidden after the walk (no entry in
      // it is shallow enough to raise the limit, or to close the zone), and the limit stays.
      zoneLevel < 0 || (node.visibleCount == 0 && node.minLevel > limit.level)
    }

    /// Closes the zone, whose descendants end before `rank`.
    @inlinable internal mutating func closeZone(before rank: Int) {
      if rank > zoneRoot + 1 { windows.append((zoneRoot + 1)..<rank) }
      zoneLevel = -1
    }
  }

  /// Sets the expansion flag of the entries with `labels` (ascending, distinct, all in the
  /// tree) to `expanded`, and updates the visibility of their descendants, in one walk.
  ///
  /// - Returns: Whether a flag changed, and the ranks of the descendants of the outermost
  ///   visible entries whose flag changed, in order (empty runs left out).
  /// - Complexity: O(*k* log(*n*/*k*) + *z*), at most O(*n*), where *k* is the number of labels
  ///   and *z* the number of entries in the changed entries' subtrees that are visible before
  ///   or after, or share a leaf with one that is.
  @inlinable internal mutating func setExpanded(labels: [UInt64], to expanded: Bool) -> (
    changed: Bool, windows: [Range<Int>]
  ) {
    guard root != nil, !labels.isEmpty else { return (false, []) }
    var walk = _ExpansionWalk(labels: labels, expanded: expanded)
    _ = Self.setExpanded(in: &root!, base: 0, &walk)
    if walk.zoneLevel >= 0 { walk.closeZone(before: count) }
    return (walk.changed, walk.windows)
  }

  /// Walks `node`, whose first entry is at rank `base`; returns by how much its visible count
  /// changed, or nil when nothing in it changed (otherwise it is a copy, unless it was uniquely
  /// referenced).
  @inlinable internal static func setExpanded(
    in node: inout Node, base: Int, _ walk: inout _ExpansionWalk
  ) -> Int? {
    if node.isLeaf { return setExpanded(inLeaf: &node, base: base, &walk) }
    var unique = isKnownUniquelyReferenced(&node)
    var changed = false
    var delta = 0
    var childBase = base
    for index in 0..<node.length {
      // The child is read unretained: retaining and releasing each child passed over would
      // write to every one of them.
      let peek = node.withChildBase { UnsafeRawPointer($0 + index).load(as: Unmanaged<Node>.self) }
      let (childCount, skip) = peek._withUnsafeGuaranteedRef { child in
        (child.count, !walk.hasTarget(upTo: child.lastLabel) && walk.canSkip(child))
      }
      defer { childBase += childCount }
      if skip { continue }
      // The child is reached through the node's own closure, not `children`, whose wrapper
      // would retain and release the node once a child.
      if unique {
        let change = node.withChildBase { setExpanded(in: &$0[index], base: childBase, &walk) }
        if let change {
          changed = true
          delta += change
        }
      } else {
        var child = node.withChildBase { $0[index] }
        if let change = setExpanded(in: &child, base: childBase, &walk) {
          node = node.duplicate()
          unique = true
          changed = true
          delta += change
          node.withChildBase { $0[index] = child }
        }
      }
      if walk.isDone { break }
    }
    guard changed else { return nil }
    node.visibleCount += delta
    return delta
  }

  /// Walks the leaf `node`, entry after entry.
  ///
  /// The walk's state is read into locals for the loop and written back after it: through the
  /// `inout` walk, every field would be loaded and stored again for each entry. The entries are
  /// read in place up to the first one that changes; the leaf is then made writable (a copy
  /// unless it is uniquely referenced) and the same pass goes on in it from that entry, writing
  /// as it goes. An entry is only stopped at before anything of it that a second visit would not
  /// redo alike has been done, so each entry is still walked once.
  @inlinable internal static func setExpanded(
    inLeaf node: inout Node, base: Int, _ walk: inout _ExpansionWalk
  ) -> Int? {
    let length = node.length
    let expanded = walk.expanded
    let labels = walk.labels
    var next = walk.next
    // The next target's label; past the last, a label no entry has (labels are below `.max`).
    var nextLabel = next < labels.count ? labels[next] : .max
    var zoneLevel = walk.zoneLevel
    var limit = walk.limit
    var delta = 0
    /// Visits the entry at `index`; returns false, having changed nothing a second visit would
    /// not redo alike, when the entry changes and `writing` is false.
    @inline(__always)
    func visit(_ entries: UnsafeMutablePointer<Entry>, _ index: Int, writing: Bool) -> Bool {
      // The fields are read in place: copying the entry would retain its item.
      let level = entries[index].level
      if zoneLevel >= 0 && level <= zoneLevel {
        walk.zoneLevel = zoneLevel
        walk.closeZone(before: base &+ index)
        zoneLevel = -1
      }
      var isExpanded = entries[index].isExpanded
      if entries[index].label == nextLabel {
        if isExpanded != expanded {
          guard writing else { return false }
          isExpanded = expanded
          entries[index].isExpanded = expanded
          walk.changed = true
          if zoneLevel < 0 && entries[index].isVisible {
            zoneLevel = level
            walk.zoneRoot = base &+ index
            limit = _VisibilityLimit(visibleAt: level)
          }
        }
        // Met: a second visit finds the next label here, no match, and the same flag.
        next &+= 1
        nextLabel = next < labels.count ? labels[next] : .max
      }
      guard zoneLevel >= 0 else { return true }
      var after = limit
      let isVisible = after.visit(level: level, isExpanded: isExpanded)
      if isVisible != entries[index].isVisible {
        guard writing else { return false }
        entries[index].isVisible = isVisible
        delta &+= isVisible ? 1 : -1
      }
      limit = after
      return true
    }
    let first = node.withUnsafeMutablePointerToElements { entries in
      var index = 0
      while index < length && visit(entries, index, writing: false) { index &+= 1 }
      return index
    }
    if first < length {
      if !isKnownUniquelyReferenced(&node) { node = node.duplicate() }
      node.withUnsafeMutablePointerToElements { entries in
        for index in first..<length { _ = visit(entries, index, writing: true) }
      }
    }
    walk.next = next
    walk.zoneLevel = zoneLevel
    walk.limit = limit
    guard first < length else { return nil }
    node.visibleCount += delta
    return delta
  }
}

extension _OrderNode {
  /// A copy of exactly what the node holds, with its summary: the elements copied as they are,
  /// with no recount.
  ///
  /// - Complexity: O(*b*), where *b* is the node's width.
  @inlinable internal func duplicate() -> _OrderNode {
    let copy = Self.make(isLeaf: isLeaf, capacity: length)
    if isLeaf {
      copy.withUnsafeMutablePointerToElements { target in
        withUnsafeMutablePointerToElements { source in
          // Plain data is copied as bytes; otherwise one element at a time, which retains
          // each item directly: `initialize(from:count:)` of a non-trivial type is a runtime
          // call that looks up the element type's metadata first.
          if _isPOD(Item.self) {
            target.initialize(from: source, count: length)
          } else {
            for index in 0..<length { (target + index).initialize(to: source[index]) }
          }
        }
      }
    } else {
      // One retain per child, called directly (see above).
      copy.withChildBase { target in
        withChildBase { source in
          for index in 0..<length { (target + index).initialize(to: source[index]) }
        }
      }
    }
    let header = withHeader { $0 }
    copy.withHeader {
      $0 = header
      $0.capacity = UInt8(header.length)
    }
    return copy
  }
}
