import OrderedCollections

extension Snapshot {
  /// A flat snapshot whose sections hold these section snapshots, in order, trees and
  /// expansion included: the state a data source holds after applying each of them to its
  /// section.
  ///
  /// Apple's flat snapshot has no such initializer (its sections hold flat items); tools that
  /// restore a saved data source whole use it, within this package, instead of applying each
  /// section to a scratch data source.
  ///
  /// ```swift
  /// var food = SectionSnapshot<String>()
  /// try food.append(["Food"])
  /// try food.append(["Apple"], to: "Food")
  /// let flat = try Snapshot(sectionSnapshots: [("main", food)])
  /// flat.itemIdentifiers  // ["Food"]: Food is collapsed
  /// ```
  ///
  /// - Throws: `SnapshotError.duplicateSections` when a section comes twice;
  ///   `SnapshotError.duplicateItems` when an item is in two sections.
  /// - Complexity: O(*n*) expected, where *n* is the number of items in all sections.
  @inlinable package init(
    sectionSnapshots: some Sequence<(Section, SectionSnapshot<Item>)>
  ) throws(SnapshotError) {
    self.init()
    for (section, snapshot) in sectionSnapshots {
      guard _sections.updateValue(snapshot._pristine, forKey: section) == nil else {
        throw .duplicateSections([SnapshotError.text(section)])
      }
    }
    // One section needs no check: a section snapshot keeps its own items unique.
    guard _sections.count > 1 else { return }
    var seen: Set<Item> = []
    for snapshot in _sections.values {
      for item in snapshot.items where !seen.insert(item).inserted {
        throw .duplicateItems([SnapshotError.text(item)])
      }
    }
  }
}

extension Snapshot {
  /// The section snapshot that `section` holds (its tree, hidden items included); empty for a
  /// section the snapshot does not have.
  ///
  /// What `DataSource.snapshot(for:)` answers for the data source whose state this snapshot
  /// is: tools that keep a data source's state (a session's before and after) read a section's
  /// tree from it, within this package.
  ///
  /// - Complexity: O(1).
  @inlinable package func sectionSnapshot(for section: Section) -> SectionSnapshot<Item> {
    _sections[section] ?? SectionSnapshot()
  }
}
