import Synchronization

/// An `expand(_:)` or `collapse(_:)` that a section snapshot recorded and has not walked yet.
///
/// Strategy: expanding *k* items records them in O(*k*), as ListKit's expand (a set union) does;
/// the walk that sets their flags and settles their descendants' visibility
/// (`_OrderTree.setExpanded(labels:to:)`) runs once, when something first needs the result. A
/// mutation settles the snapshot in place (`SectionSnapshot._settle()`); a read, which cannot
/// change the snapshot, settles a copy and keeps it here, so every later read, of this snapshot
/// or of any copy sharing this record, finds it at once.
///
/// The result is published once, atomically (`AtomicLazyReference`): two threads reading at the
/// same moment may both walk, and both then use the first result stored. A lock would spare that
/// walk, but `Mutex` waits in the kernel on Linux (a priority-inheriting futex), which
/// ThreadSanitizer cannot see: every app's sanitized test that read one snapshot from two threads
/// would report a race that is not there. The record is immutable but for that result.
///
/// Unlike ListKit, whose every read of `visibleItems` recomputes visibility from a set (an O(*n*)
/// pass with three hashes an item), the settled tree keeps visible counts in its nodes: after the
/// one walk, `visibleItems` is O(*v*) and a row lookup O(log *n*).
@usableFromInline internal final class _PendingExpansion<Item: Hashable & Sendable>: Sendable {
  /// The items named, as given (unknown ones are ignored when settling), and the flag they get.
  @usableFromInline internal let items: [Item]
  @usableFromInline internal let expanded: Bool
  /// The snapshot's state once settled, stored by the first read that computes it.
  @usableFromInline internal let result = AtomicLazyReference<_SettledExpansion<Item>>()

  @inlinable internal init(items: [Item], expanded: Bool) {
    self.items = items
    self.expanded = expanded
  }

  /// The state of `snapshot`, whose pending record this is, once the record is walked: computed
  /// on the first call, then kept.
  ///
  /// - Complexity: the walk's O(*k* log(*n*/*k*) + *v*) on the first call; O(1) after it.
  @inlinable internal func settled(_ snapshot: SectionSnapshot<Item>) -> _SettledExpansion<Item> {
    if let settled = result.load() { return settled }
    var copy = snapshot
    copy._pending = nil
    copy._setExpanded(items, expanded)
    return result.storeIfNil(
      _SettledExpansion(
        tree: copy._storedTree, version: copy._storedVersion, journal: copy._storedJournal))
  }

  /// The result if a read has computed it already.
  @inlinable internal var computed: _SettledExpansion<Item>? { result.load() }
}

/// What a section snapshot's tree, version and journal are once its pending expansion is walked.
@usableFromInline internal final class _SettledExpansion<Item: Hashable & Sendable>: Sendable {
  @usableFromInline internal let tree: _OrderTree<Item>
  @usableFromInline internal let version: UInt64
  @usableFromInline internal let journal: _Journal

  @inlinable internal init(tree: _OrderTree<Item>, version: UInt64, journal: _Journal) {
    self.tree = tree
    self.version = version
    self.journal = journal
  }
}

extension SectionSnapshot {
  /// Walks the pending expansion, if any, into the stored state.
  ///
  /// Every mutation calls it first: the accessors' `_modify`, and each edit before its first
  /// read, so that the walk is made in place rather than through a read's copy.
  ///
  /// - Complexity: O(1) when nothing is pending; else `_settlePending()`'s.
  @inlinable internal mutating func _settle() {
    if _pending != nil { _settlePending() }
  }

  /// Walks the pending expansion into the stored state: in place when this snapshot alone holds
  /// the record and no read has walked it; otherwise the record's one result is taken (walked
  /// now if need be), so that copies sharing the record agree on it and on its version.
  ///
  /// - Complexity: O(*k* log(*n*/*k*) + *v*) for the pending expansion of *k* items, at most
  ///   O(*k* log *k* + *n*); O(1) when a read has settled it already.
  @usableFromInline @inline(never)
  internal mutating func _settlePending() {
    // Asked before the record is bound to a local, which would be a second reference.
    let unique = isKnownUniquelyReferenced(&_pending)
    guard let pending = _pending else { return }
    if unique && pending.computed == nil {
      _pending = nil
      _setExpanded(pending.items, pending.expanded)
      return
    }
    let settled = pending.settled(self)
    _pending = nil
    _storedTree = settled.tree
    _storedVersion = settled.version
    _storedJournal = settled.journal
  }
}
