import Diffable

extension HTMLPage {
  /// A row that a step removed from or inserted into a section snapshot, with what the page
  /// needs to draw it and to put it back.
  struct RowChange {
    /// The row's offset in `items`: before the step for a removal, after it for an insertion.
    var offset: Int
    /// The item.
    var item: String
    /// Its level: 0 for a root.
    var level: Int
    /// Its expansion flag.
    var isExpanded: Bool
  }

  /// A row that stayed but whose level or expansion changed.
  struct RowUpdate {
    /// The row's offset in `items` after the step.
    var offset: Int
    /// Its level and expansion before the step.
    var before: (level: Int, isExpanded: Bool)
    /// Its level and expansion after the step.
    var after: (level: Int, isExpanded: Bool)
  }

  /// What one step changed in one section snapshot.
  struct SectionChange {
    /// The section.
    var section: String
    /// The rows removed, by ascending offset before the step.
    var removals: [RowChange] = []
    /// The rows inserted, by ascending offset after the step.
    var insertions: [RowChange] = []
    /// The rows whose level or expansion changed, by ascending offset after the step.
    var updates: [RowUpdate] = []
    /// The items removed and inserted again elsewhere: moves.
    var moved: [String] = []
  }

  /// The offsets a section snapshot's difference removes and inserts, each in ascending order,
  /// with the offset a move pairs it with: a difference without its items, which the rows read
  /// at those offsets supply.
  struct OffsetChanges: Equatable {
    /// The removals, by ascending offset before the step.
    var removals: [(offset: Int, associatedWith: Int?)]
    /// The insertions, by ascending offset after the step.
    var insertions: [(offset: Int, associatedWith: Int?)]

    static func == (lhs: OffsetChanges, rhs: OffsetChanges) -> Bool {
      lhs.removals.elementsEqual(rhs.removals) { $0 == $1 }
        && lhs.insertions.elementsEqual(rhs.insertions) { $0 == $1 }
    }

    /// The offsets of `difference`, moved by `base`.
    ///
    /// - Complexity: O(*k*), where *k* is the number of changes.
    init(_ difference: CollectionDifference<String>, shiftedBy base: Int = 0) {
      removals = difference.removals.compactMap {
        guard case .remove(let offset, _, let associated) = $0 else { return nil }
        return (offset + base, associated.map { $0 + base })
      }
      insertions = difference.insertions.compactMap {
        guard case .insert(let offset, _, let associated) = $0 else { return nil }
        return (offset + base, associated.map { $0 + base })
      }
    }

    /// The offsets a section transaction stored.
    ///
    /// - Complexity: O(*k*), where *k* is the number of changes.
    init(_ transaction: SectionTransaction<String, String>) {
      removals = transaction.removalOffsets
      insertions = transaction.insertionOffsets
    }
  }

  /// What one step changed in the data source: the sections' rows and the section order.
  struct SectionChanges {
    /// The section order before and after, when it changed.
    var order: (before: [String], after: [String])?
    /// The sections whose snapshots changed, in the order before the step, then new ones.
    var sections: [SectionChange] = []
  }

  /// Each section of `state` with its number of items and of visible items.
  static func counts(of state: SessionState) -> [(section: String, items: Int, visible: Int)] {
    state.sections.map { ($0.name, $0.outline.count, $0.outline.visibleCount) }
  }

  /// A hash of every section's rows, as the page's `signature()` computes it from the trees
  /// it rebuilt (32-bit FNV-1a over the UTF-16 of each section name, item and
  /// `level:expanded`, each followed by 31), so that its self-check compares the tree it
  /// reached at the end with the session's.
  ///
  /// - Complexity: O(*n*) in the items.
  static func rowSignature(of state: SessionState) -> String {
    var hash: UInt32 = 2_166_136_261
    func mix(_ text: String) {
      for unit in text.utf16 {
        hash ^= UInt32(unit)
        hash = hash &* 16_777_619
      }
      hash ^= 31
      hash = hash &* 16_777_619
    }
    let sections = state.sections
    for (section, outline) in sections {
      mix(section)
      outline.forEachRow { row in
        mix(row.item)
        mix("\(row.level):\(row.isExpanded ? 1 : 0)")
        return true
      }
    }
    return "\(hash)/\(sections.count)"
  }

  /// What a step changed in the data source, from the state before it to the state after.
  ///
  /// Only the rows between the two snapshots' common prefix and suffix are read
  /// (`SectionSnapshot.commonEnds(with:)` skips the storage they share). The outcome's
  /// section transaction gives the difference when one section transaction spans exactly
  /// this change; otherwise (a command that made several, a section deleted) the difference
  /// of that region is computed.
  ///
  /// - Complexity: with the transaction's difference, O((*d* + *u* + 1) log *n* + *d* log *d*)
  ///   for each section that changed, where *n* is its number of items, *d* the number of
  ///   changes and *u* that of rows whose level or expansion changed (the rows a move shifted
  ///   between its source and destination are skipped where the snapshots share them);
  ///   without it, O(*w* log *w*) more to diff the *w* rows of the region that changed. O(1)
  ///   for the sections that did not change.
  static func changes(
    from before: SessionState, to after: SessionState, outcome: Outcome
  ) -> SectionChanges {
    let order = before.sectionNames
    let newOrder = after.sectionNames
    var changes = SectionChanges()
    var sections = order
    if newOrder != order {
      changes.order = (order, newOrder)
      let oldSections = Set(order)
      sections += newOrder.filter { !oldSections.contains($0) }
    }
    for section in sections {
      let old = before.outline(of: section)
      let new = after.outline(of: section)
      let (prefix, suffix) = new.commonEnds(with: old)
      if prefix == old.count && prefix == new.count { continue }
      var oldRange = prefix..<(old.count - suffix)
      var newRange = prefix..<(new.count - suffix)
      var difference: OffsetChanges
      if let known = known(section, from: old, to: new, in: outcome) {
        // Widen the region to every change the transaction lists (a diff may pick another
        // alignment than the common ends).
        for (offset, _) in known.removals {
          oldRange = min(oldRange.lowerBound, offset)..<max(oldRange.upperBound, offset + 1)
        }
        for (offset, _) in known.insertions {
          newRange = min(newRange.lowerBound, offset)..<max(newRange.upperBound, offset + 1)
        }
        let lower = min(oldRange.lowerBound, newRange.lowerBound)
        oldRange = lower..<max(oldRange.upperBound, old.count - (new.count - newRange.upperBound))
        newRange = lower..<max(newRange.upperBound, new.count - (old.count - oldRange.upperBound))
        difference = known
      } else {
        let oldItems = old.rows(in: oldRange).map(\.item)
        let newItems = new.rows(in: newRange).map(\.item)
        difference = OffsetChanges(
          newItems.differenceInferringMoves(from: oldItems), shiftedBy: prefix)
      }
      changes.sections.append(
        change(
          of: section, from: old, in: oldRange, to: new, in: newRange, difference: difference))
    }
    return changes
  }

  /// The offsets of the outcome's one section transaction that goes exactly from `old` to
  /// `new` in `section`, if there is one: its stored difference, with no item read.
  ///
  /// - Complexity: O(*t* + *k*), where *t* is the number of section transactions and *k* the
  ///   number of changes; O(1) to compare the snapshots when the transaction holds them.
  static func known(
    _ section: String, from old: SectionSnapshot<String>, to new: SectionSnapshot<String>,
    in outcome: Outcome
  ) -> OffsetChanges? {
    // Read in place: no transaction is copied, no array of them built.
    var only: SectionTransaction<String, String>?
    var touching = 0
    func look(at sectionTransactions: [SectionTransaction<String, String>]) {
      for index in sectionTransactions.indices
      where sectionTransactions[index].sectionIdentifier == section {
        touching += 1
        if touching == 1 { only = sectionTransactions[index] }
      }
    }
    if outcome.steps.isEmpty {
      if outcome.transaction != nil { look(at: outcome.transaction!.sectionTransactions) }
    } else {
      for index in outcome.steps.indices {
        look(at: outcome.steps[index].transaction.sectionTransactions)
      }
    }
    guard touching == 1, let only, only.initialSnapshot == old, only.finalSnapshot == new
    else { return nil }
    return OffsetChanges(only)
  }

  /// The rows removed, inserted and updated from `old`'s rows in `oldRange` to `new`'s in
  /// `newRange`, given the offsets of the difference of their items (each removed or inserted
  /// item is read from its row).
  ///
  /// The rows outside the two ranges are the same on both sides (`oldRange.lowerBound ==
  /// newRange.lowerBound`), and every change of `difference` (whose offsets are the snapshots'
  /// own) falls inside them. The rows neither removed nor inserted pair up in order; each run
  /// of pairs between two changes is compared with `SectionSnapshot.commonLength`, which skips
  /// the storage the two snapshots share, so the rows a move only shifted are not read.
  ///
  /// - Complexity: O((*k* + *u* + 1) log *n*) when the snapshots share the storage of the rows
  ///   that kept their level and expansion, where *k* is the number of changes, *u* that of
  ///   updated rows and *n* the section's items; O(*w* + *k* log *n*) at most, *w* being the
  ///   length of the ranges.
  static func change(
    of section: String, from old: SectionSnapshot<String>, in oldRange: Range<Int>,
    to new: SectionSnapshot<String>, in newRange: Range<Int>,
    difference: OffsetChanges
  ) -> SectionChange {
    var change = SectionChange(section: section)
    change.removals.reserveCapacity(difference.removals.count)
    change.insertions.reserveCapacity(difference.insertions.count)
    for (offset, associated) in difference.removals {
      let row = old.row(at: offset)
      change.removals.append(
        RowChange(offset: offset, item: row.item, level: row.level, isExpanded: row.isExpanded))
      if associated != nil { change.moved.append(row.item) }
    }
    for (offset, _) in difference.insertions {
      let row = new.row(at: offset)
      change.insertions.append(
        RowChange(
          offset: offset, item: row.item, level: row.level, isExpanded: row.isExpanded))
    }
    change.removals.sort { $0.offset < $1.offset }
    change.insertions.sort { $0.offset < $1.offset }
    var oldOffset = oldRange.lowerBound
    var newOffset = newRange.lowerBound
    var removal = 0
    var insertion = 0
    while oldOffset < oldRange.upperBound, newOffset < newRange.upperBound {
      let nextRemoval =
        removal < change.removals.count ? change.removals[removal].offset : oldRange.upperBound
      if nextRemoval == oldOffset {
        oldOffset += 1
        removal += 1
        continue
      }
      let nextInsertion =
        insertion < change.insertions.count
        ? change.insertions[insertion].offset : newRange.upperBound
      if nextInsertion == newOffset {
        newOffset += 1
        insertion += 1
        continue
      }
      // The pairs up to the next change: the same rows on both sides are skipped.
      let run = min(nextRemoval - oldOffset, nextInsertion - newOffset)
      let same = old.commonLength(from: oldOffset, with: new, from: newOffset, limit: run)
      oldOffset += same
      newOffset += same
      guard same < run else { continue }
      let before = old.row(at: oldOffset)
      let after = new.row(at: newOffset)
      if before.level != after.level || before.isExpanded != after.isExpanded {
        change.updates.append(
          RowUpdate(
            offset: newOffset, before: (before.level, before.isExpanded),
            after: (after.level, after.isExpanded)))
      }
      oldOffset += 1
      newOffset += 1
    }
    return change
  }
}
