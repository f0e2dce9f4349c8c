import OrderedCollections

extension DataSource {
  /// Stores `snapshot` as `section`'s section snapshot, adding the section at the end if missing.
  ///
  /// Mirrors `UICollectionViewDiffableDataSource.apply(_:to:animatingDifferences:completion:)`.
  /// The data source stores exactly what it is given: a freshly built snapshot collapses what it
  /// does not expand; expansion carries over only by starting from `snapshot(for:)`.
  ///
  /// - Returns: The transaction (its difference is of visible rows, all sections).
  /// - Throws: `SnapshotError.duplicateItems` when an item exists in another section.
  /// - Complexity: O(*k* log *n*) when `snapshot` is `snapshot(for: section)` plus one edit
  ///   touching *k* items; O(*n* log *n*) otherwise.
  @discardableResult
  @inlinable public func apply(
    _ snapshot: SectionSnapshot<Item>, to section: Section, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) throws(SnapshotError) -> Transaction<Section, Item> {
    let transaction = try _transaction(applying: snapshot, to: section)
    _state = transaction.finalSnapshot
    completion?()
    return transaction
  }

  /// Makes `snapshot` the data source's state; each section's tree is replaced by its items.
  ///
  /// Mirrors `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:completion:)`. A
  /// section whose section snapshot is unchanged keeps its tree (and expansion).
  ///
  /// - Returns: The transaction.
  /// - Complexity: O(*k* log *n*) when one section changed by one edit; O(*n* log *n*) otherwise.
  @discardableResult
  @inlinable public func apply(
    _ snapshot: Snapshot<Section, Item>, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) -> Transaction<Section, Item> {
    let transaction = _transaction(applying: snapshot)
    _state = transaction.finalSnapshot
    completion?()
    return transaction
  }

  /// The transaction that applying `snapshot` to `section` would make (nothing is applied).
  @inlinable internal func _transaction(
    applying snapshot: SectionSnapshot<Item>, to section: Section
  )
    throws(SnapshotError) -> Transaction<Section, Item>
  {
    let old = _state._sections[section] ?? SectionSnapshot()
    try _checkNotElsewhere(snapshot, in: section, replacing: old)
    return _transaction(from: _state, applying: snapshot, to: section)
  }

  /// The one transaction from `initial`, an earlier state of this data source, to its current
  /// state, when only `section`'s section snapshot changed in between.
  ///
  /// For a tool that applies several changes in a row and shows them as one step (the outline
  /// shell's `expand A B`, two taps): the changes were each applied and checked, so nothing is
  /// applied or checked here.
  ///
  /// - Complexity: O(*n* log *n*) in the section's items: the two states are diffed.
  @inlinable package func transaction(since initial: Snapshot<Section, Item>, in section: Section)
    -> Transaction<Section, Item>
  {
    _transaction(from: initial, applying: snapshot(for: section), to: section)
  }

  /// The transaction from the flat snapshot `initial` to `initial` with `snapshot` as
  /// `section`'s section snapshot; `known` is the section's difference when the caller knows
  /// it (a reorder), else it is found from the snapshots.
  @inlinable internal func _transaction(
    from initial: Snapshot<Section, Item>, applying snapshot: SectionSnapshot<Item>,
    to section: Section, difference known: _SectionDifference? = nil
  ) -> Transaction<Section, Item> {
    let old = initial._sections[section] ?? SectionSnapshot()
    var final = initial
    final._sections[section] = snapshot._pristine
    final._clearMarks()
    let difference = known ?? _SectionDifference(from: old, to: snapshot)
    let base = _rowBase(of: section, in: initial)
    var rows = _OffsetDifference.empty
    rows.append(difference.rows, oldBase: base, newBase: base)
    let sectionTransaction = SectionTransaction(
      section: section, initial: old, final: final._sections[section]!,
      difference: difference.items, reparenting: difference.reparenting)
    return Transaction(
      initial: initial, final: final, difference: rows,
      sectionTransactions: [sectionTransaction])
  }

  /// The one transaction from `initial`, an earlier state of this data source, to its current
  /// state, whichever sections changed in between (a drag's lift in one section and its drop
  /// into another): nothing is applied or checked here.
  ///
  /// - Complexity: O(*n* log *n*) in the items of the sections that changed; all items when
  ///   more than one did.
  @inlinable package func transaction(since initial: Snapshot<Section, Item>) -> Transaction<
    Section, Item
  > {
    _transaction(from: initial, applying: _state)
  }

  /// The transaction that applying the flat `snapshot` would make (nothing is applied).
  @inlinable internal func _transaction(applying snapshot: Snapshot<Section, Item>) -> Transaction<
    Section, Item
  > {
    _transaction(from: _state, applying: snapshot)
  }

  /// The transaction from `initial` to the flat `snapshot`.
  @inlinable internal func _transaction(
    from initial: Snapshot<Section, Item>, applying snapshot: Snapshot<Section, Item>
  ) -> Transaction<Section, Item> {
    var final = snapshot
    final._clearMarks()
    for index in final._sections.values.indices {
      final._sections.values[index] = final._sections.values[index]._pristine
    }
    var sectionTransactions: [SectionTransaction<Section, Item>] = []
    var changedRows: [(section: Section, rows: _OffsetDifference)] = []
    for (section, new) in snapshot._sections {
      let old = initial._sections[section] ?? SectionSnapshot()
      if old._version == new._version && initial._sections[section] != nil { continue }
      let difference = _SectionDifference(from: old, to: new)
      changedRows.append((section, difference.rows))
      sectionTransactions.append(
        SectionTransaction(
          section: section, initial: old, final: final._sections[section]!,
          difference: difference.items, reparenting: difference.reparenting))
    }
    for (section, old) in initial._sections where snapshot._sections[section] == nil {
      sectionTransactions.append(
        SectionTransaction(
          section: section, initial: old, final: SectionSnapshot(),
          difference: _OffsetDifference(
            removals: (0..<old.count).map { .init(offset: $0) }, insertions: [])))
    }
    let rows: _OffsetDifference
    if initial._sections.keys == snapshot._sections.keys && changedRows.count <= 1 {
      var shifted = _OffsetDifference.empty
      if let changed = changedRows.first {
        let base = _rowBase(of: changed.section, in: initial)
        shifted.append(changed.rows, oldBase: base, newBase: base)
      }
      rows = shifted
    } else {
      rows = _Diffing.difference(from: initial.itemIdentifiers, to: final.itemIdentifiers)
    }
    return Transaction(
      initial: initial, final: final, difference: rows, sectionTransactions: sectionTransactions)
  }

  /// The number of visible rows in the sections before `section` (all of them when absent).
  @inlinable internal func _rowBase(of section: Section, in snapshot: Snapshot<Section, Item>)
    -> Int
  {
    var base = 0
    for (key, items) in snapshot._sections {
      if key == section { break }
      base += items.visibleCount
    }
    return base
  }

  /// Throws when `snapshot` holds an item that another section holds.
  @inlinable internal func _checkNotElsewhere(
    _ snapshot: SectionSnapshot<Item>, in section: Section, replacing old: SectionSnapshot<Item>
  ) throws(SnapshotError) {
    if old._version == snapshot._version { return }
    let others = _state._sections.filter { $0.key != section }.values
    guard !others.isEmpty else { return }
    var candidates: [Item] = []
    if case .edited(let base, let change) = snapshot._journal, base == old._version {
      if case .windows(let windows) = change {
        for window in windows where window.kind == .insertion || window.kind == .replacement {
          candidates.append(contentsOf: snapshot._entries(in: window.new).map(\.item))
        }
      }
    } else {
      candidates = snapshot.items
    }
    let duplicates = candidates.filter { item in others.contains { $0.contains(item) } }
    if !duplicates.isEmpty {
      throw .duplicateItems(duplicates.map { SnapshotError.text($0) })
    }
  }
}

extension Snapshot {
  /// Forgets the reload and reconfigure marks (a data source consumes them as it applies).
  @inlinable internal mutating func _clearMarks() {
    _reloadedItems = []
    _reconfiguredItems = []
    _reloadedSections = []
  }
}
