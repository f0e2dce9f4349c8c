import OrderedCollections

extension Snapshot {
  /// Adds empty `sections` at the end.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.appendSections(_:)`.
  ///
  /// - Throws: `SnapshotError.duplicateSections` when a section exists or is repeated.
  /// - Complexity: O(*k*) expected, where *k* is the number of sections added.
  @inlinable public mutating func appendSections(_ sections: [Section]) throws(SnapshotError) {
    try _checkNewSections(sections)
    for section in sections { _sections[section] = SectionSnapshot() }
  }

  /// Adds empty `sections` right before `other`.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.insertSections(_:beforeSection:)`.
  ///
  /// - Throws: `SnapshotError.sectionNotFound` when `other` is absent;
  ///   `SnapshotError.duplicateSections` when a section exists or is repeated.
  /// - Complexity: O(*s* + *k*).
  @inlinable public mutating func insertSections(
    _ sections: [Section], beforeSection other: Section
  )
    throws(SnapshotError)
  {
    guard let index = _sections.index(forKey: other) else {
      throw .sectionNotFound(SnapshotError.text(other))
    }
    try _checkNewSections(sections)
    for (offset, section) in sections.enumerated() {
      _sections.updateValue(SectionSnapshot(), forKey: section, insertingAt: index + offset)
    }
  }

  /// Adds empty `sections` right after `other`.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.insertSections(_:afterSection:)`.
  ///
  /// - Throws: `SnapshotError.sectionNotFound` when `other` is absent;
  ///   `SnapshotError.duplicateSections` when a section exists or is repeated.
  /// - Complexity: O(*s* + *k*).
  @inlinable public mutating func insertSections(_ sections: [Section], afterSection other: Section)
    throws(SnapshotError)
  {
    guard let index = _sections.index(forKey: other) else {
      throw .sectionNotFound(SnapshotError.text(other))
    }
    try _checkNewSections(sections)
    for (offset, section) in sections.enumerated() {
      _sections.updateValue(SectionSnapshot(), forKey: section, insertingAt: index + 1 + offset)
    }
  }

  /// Removes `sections` with their items; unknown sections are ignored.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.deleteSections(_:)`.
  ///
  /// - Complexity: O(*s* *k*).
  @inlinable public mutating func deleteSections(_ sections: [Section]) {
    for section in sections { _sections.removeValue(forKey: section) }
  }

  /// Moves `section` right before `other`.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.moveSection(_:beforeSection:)`.
  ///
  /// - Throws: `SnapshotError.sectionNotFound` when either is absent;
  ///   `SnapshotError.invalidMove` when they are the same section.
  /// - Complexity: O(*s*).
  @inlinable public mutating func moveSection(_ section: Section, beforeSection other: Section)
    throws(SnapshotError)
  {
    try _moveSection(section, next: other, before: true)
  }

  /// Moves `section` right after `other`.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.moveSection(_:afterSection:)`.
  ///
  /// - Throws: `SnapshotError.sectionNotFound` when either is absent;
  ///   `SnapshotError.invalidMove` when they are the same section.
  /// - Complexity: O(*s*).
  @inlinable public mutating func moveSection(_ section: Section, afterSection other: Section)
    throws(SnapshotError)
  {
    try _moveSection(section, next: other, before: false)
  }

  @inlinable internal mutating func _moveSection(
    _ section: Section, next other: Section, before: Bool
  )
    throws(SnapshotError)
  {
    guard _sections[section] != nil else { throw .sectionNotFound(SnapshotError.text(section)) }
    guard _sections[other] != nil else { throw .sectionNotFound(SnapshotError.text(other)) }
    guard section != other else {
      throw .invalidMove("cannot move section \(SnapshotError.text(section)) next to itself")
    }
    let items = _sections.removeValue(forKey: section)!
    let index = _sections.index(forKey: other)! + (before ? 0 : 1)
    _sections.updateValue(items, forKey: section, insertingAt: index)
  }

  /// Marks `sections` for reloading.
  ///
  /// Mirrors `NSDiffableDataSourceSnapshot.reloadSections(_:)`.
  ///
  /// - Throws: `SnapshotError.sectionNotFound` for the first absent section (nothing is marked).
  /// - Complexity: O(*k*) expected.
  @inlinable public mutating func reloadSections(_ sections: [Section]) throws(SnapshotError) {
    for section in sections where _sections[section] == nil {
      throw .sectionNotFound(SnapshotError.text(section))
    }
    _reloadedSections.append(contentsOf: sections)
  }

  @inlinable internal func _checkNewSections(_ sections: [Section]) throws(SnapshotError) {
    var seen = Set<Section>()
    let duplicates = sections.filter { !seen.insert($0).inserted || _sections[$0] != nil }
    if !duplicates.isEmpty {
      throw .duplicateSections(duplicates.map { SnapshotError.text($0) })
    }
  }
}
