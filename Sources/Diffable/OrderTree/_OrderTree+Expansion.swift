// Expanding or collapsing many entries in one walk of the order tree.
//
// Strategy: the targets, as labels in ascending order, are met in one pre-order walk. The walk
// enters only the nodes that hold a target or lie in a *zone*: the subtree of an outermost entry
// whose flag changes, where every entry's visibility is recomputed from its parent's (a flag per
// level, `_LevelFlags`). Outside zones, a node without targets is passed over whole; inside one,
// so is a node whose entries are all hidden and stay hidden (its shallowest entries' parent is
// hidden or collapsed). A node is copied only when one of its entries changes, once, and only
// its visible count changes (by the sum of its children's changes, not recounted); a flag that
// is already set copies nothing.
//
// The walk touches each node on the targets' paths once, so *k* targets cost O(*k* log(*n*/*k*))
// plus their zones; it never visits an entry twice, so when the targets are a large share of the
// entries it is one linear pass over the leaves (per entry: a label compared, two flags set).

/// A flag for each level of a zone: whether the latest entry at that level, walking in
/// pre-order, is visible and expanded (its children are then visible).
///
/// Only levels up to `top` are known; the others read as false. After an entry at level *l*,
/// deeper levels are stale (a deeper entry comes next only as *l*'s child), so `top` is *l*.
/// Passing over a node whose entries are all hidden lowers `top` below the node's shallowest
/// level: an entry after it whose parent is deeper has its parent in that node, hidden.
@usableFromInline internal struct _LevelFlags {
  @usableFromInline internal var flags: UnsafeMutablePointer<Bool>
  @usableFromInline internal var capacity: Int
  /// The deepest level whose flag is known; -1: none.
  @usableFromInline internal var top: Int = -1

  @inlinable internal init() {
    capacity = 64
    flags = .allocate(capacity: capacity)
  }

  /// Frees the flags; the value must not be used after.
  @inlinable internal func deallocate() { flags.deallocate() }

  /// Whether the entry at `level` − 1 that is the parent of an entry at `level` is visible and
  /// expanded.
  @inlinable internal func isOpen(above level: Int) -> Bool {
    level - 1 <= top && flags[level - 1]
  }

  /// Records the flag of an entry at `level` (at most one deeper than `top`, or any level at or
  /// above it): the levels between `top` and `level` read as false.
  ///
  /// - Precondition: `level < capacity` (`grow(to:)` first).
  @inlinable internal mutating func set(_ open: Bool, at level: Int) {
    if level &- 1 > top { fill(from: top &+ 1, to: level) }
    flags[level] = open
    top = level
  }

  /// Sets the levels in `start..<end` to false.
  @inlinable internal func fill(from start: Int, to end: Int) {
    (flags + start).initialize(repeating: false, count: end &- start)
  }

  /// Starts over at a zone root: the levels above `level` are never read again.
  @inlinable internal mutating func restart(at level: Int) { top = level - 1 }

  /// Forgets the levels from `level` on.
  @inlinable internal mutating func forget(from level: Int) {
    if top >= level { top = level - 1 }
  }

  @inlinable internal mutating func grow(to minimum: Int) {
    let larger = Swift.max(minimum, capacity * 2)
    let new = UnsafeMutablePointer<Bool>.allocate(capacity: larger)
    new.moveInitialize(from: flags, count: capacity)
    flags.deallocate()
    flags = new
    capacity = larger
  }
}

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
    /// The flags of the zone's levels, from the zone root's down.
    @usableFromInline internal var open = _LevelFlags()
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
    @inlinable internal mutating func canSkip(_ node: Node) -> Bool {
      guard zoneLevel >= 0 else { return true }
      guard node.visibleCount == 0, node.minLevel > zoneLevel else { return false }
      // Every entry of the node descends from the latest entry at the level above its
      // shallowest ones: hidden or collapsed, it keeps them all hidden.
      let level = Int(node.minLevel)
      guard !open.isOpen(above: level) else { return false }
      open.forget(from: level)
      return true
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
  ///   entries whose flag changed, in order (empty runs left out).
  /// - Complexity: O(*k* log(*n*/*k*) + *z*), at most O(*n*), where *k* is the number of labels
  ///   and *z* the number of entries in the changed entries' subtrees that are visible before
  ///   or after, or share a leaf with one that is.
  @inlinable internal mutating func setExpanded(labels: [UInt64], to expanded: Bool) -> (
    changed: Bool, windows: [Range<Int>]
  ) {
    guard root != nil, !labels.isEmpty else { return (false, []) }
    var walk = _ExpansionWalk(labels: labels, expanded: expanded)
    defer { walk.open.deallocate() }
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
    if !walk.hasTarget(upTo: node.lastLabel) && walk.canSkip(node) { return nil }
    if node.isLeaf { return setExpanded(inLeaf: &node, base: base, &walk) }
    var unique = isKnownUniquelyReferenced(&node)
    var changed = false
    var delta = 0
    var childBase = base
    for index in 0..<node.length {
      let childCount = node.children[index].count
      if unique {
        if let change = setExpanded(in: &node.children[index], base: childBase, &walk) {
          changed = true
          delta += change
        }
      } else {
        var child = node.children[index]
        if let change = setExpanded(in: &child, base: childBase, &walk) {
          node = node.duplicate()
          unique = true
          changed = true
          delta += change
          node.children[index] = child
        }
      }
      childBase += childCount
      if walk.isDone { break }
    }
    guard changed else { return nil }
    node.visibleCount += delta
    return delta
  }

  /// Walks the leaf `node`, entry after entry.
  ///
  /// The walk's state is read into locals for the loop and written back after it: through the
  /// `inout` walk, every field would be loaded and stored again for each entry.
  @inlinable internal static func setExpanded(
    inLeaf node: inout Node, base: Int, _ walk: inout _ExpansionWalk
  ) -> Int? {
    var entries = node.entries.baseAddress!
    let length = node.length
    let expanded = walk.expanded
    var next = walk.next
    var zoneLevel = walk.zoneLevel
    var zoneRoot = walk.zoneRoot
    var open = walk.open
    // No level in the leaf is deeper than its first entry's plus the entries after it.
    let deepest = Int(entries[0].level) &+ length
    if deepest >= open.capacity { open.grow(to: deepest &+ 1) }
    var windows: [Range<Int>] = []
    swap(&windows, &walk.windows)
    var changedFlag = false
    var copied = false
    var delta = 0
    let labels = walk.labels
    // The next target's label, kept at hand (`UInt64.max` once every target is met: real
    // labels are smaller).
    var nextLabel = next < labels.count ? labels[next] : .max
    for index in 0..<length {
      // The fields are read in place: copying the entry would retain its item.
      let level = entries[index].level
      let wasExpanded = entries[index].isExpanded
      let wasVisible = entries[index].isVisible
      if zoneLevel >= 0 && level <= zoneLevel {
        if base &+ index > zoneRoot &+ 1 { windows.append((zoneRoot &+ 1)..<(base &+ index)) }
        zoneLevel = -1
      }
      var isExpanded = wasExpanded
      var isVisible = wasVisible
      var opensZone = false
      if nextLabel == entries[index].label {
        next &+= 1
        nextLabel = next < labels.count ? labels[next] : .max
        if wasExpanded != expanded {
          changedFlag = true
          isExpanded = expanded
          if zoneLevel < 0 {
            zoneLevel = level
            zoneRoot = base &+ index
            opensZone = true
          }
        }
      }
      if zoneLevel >= 0 {
        if opensZone {
          open.restart(at: Int(level))
        } else {
          isVisible = open.isOpen(above: Int(level))
        }
        open.set(isVisible && isExpanded, at: Int(level))
      }
      guard isExpanded != wasExpanded || isVisible != wasVisible else { continue }
      if !copied {
        if !isKnownUniquelyReferenced(&node) {
          node = node.duplicate()
          entries = node.entries.baseAddress!
        }
        copied = true
      }
      entries[index].isExpanded = isExpanded
      entries[index].isVisible = isVisible
      if isVisible != wasVisible { delta &+= isVisible ? 1 : -1 }
    }
    swap(&windows, &walk.windows)
    walk.next = next
    walk.zoneLevel = zoneLevel
    walk.zoneRoot = zoneRoot
    walk.open = open
    if changedFlag { walk.changed = true }
    guard copied else { return nil }
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
        withUnsafeMutablePointerToElements { target.initialize(from: $0, count: length) }
      }
    } else {
      copy.childBase.initialize(from: childBase, count: length)
    }
    copy._header.pointee = _header.pointee
    copy._header.pointee.capacity = UInt8(length)
    return copy
  }
}
