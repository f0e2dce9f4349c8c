import Diffable

extension Session {
  /// The ways the session's state breaks the model's rules, in words; empty when it keeps them.
  ///
  /// What the fuzzer and the random-session tests check after every command: each section
  /// snapshot's own storage invariants (these trap), identifiers unique across all sections,
  /// levels that start at 0 and deepen one at a time, `parent(of:)`, `level(of:)` and
  /// `index(of:)` agreeing with the tree order, visible items exactly those whose ancestors are
  /// all expanded, the flat snapshot equal to the sections' visible items in order, and the
  /// current section (and a batch's) existing.
  ///
  /// - Complexity: O(*n* log *n*) in the items of all sections.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    let flat = dataSource.snapshot()
    var seen: [String: String] = [:]
    var visibleInOrder: [String] = []
    for name in flat.sectionIdentifiers {
      let outline = dataSource.snapshot(for: name)
      outline._checkInvariants()
      for item in outline.items {
        if let other = seen.updateValue(name, forKey: item) {
          problems.append("\(item) is in sections \(other) and \(name)")
        }
      }
      problems += Self.treeViolations(of: outline, named: "section \(name)")
      visibleInOrder += outline.visibleItems
    }
    if flat.itemIdentifiers != visibleInOrder {
      problems.append("the flat snapshot's items are not the sections' visible items")
    }
    if !flat.sectionIdentifiers.contains(section) {
      problems.append("the current section \(section) does not exist")
    }
    if let batch {
      if !flat.sectionIdentifiers.contains(batch.section) {
        problems.append("the batch's section \(batch.section) does not exist")
      }
      batch.working._checkInvariants()
      problems += Self.treeViolations(of: batch.working, named: "the batch")
    }
    for (name, kept) in keptSnapshots {
      kept._checkInvariants()
      problems += Self.treeViolations(of: kept, named: "@\(name)")
    }
    return problems
  }

  /// The ways `outline`'s queries disagree with its rows.
  static func treeViolations(of outline: SectionSnapshot<String>, named name: String)
    -> [String]
  {
    var problems: [String] = []
    var ancestors: [(item: String, open: Bool)] = []
    var index = 0
    outline.forEachRow { row in
      defer { index += 1 }
      guard row.level <= ancestors.count else {
        problems.append("\(name): \(row.item) is at level \(row.level) under \(ancestors.count)")
        return false
      }
      ancestors.removeLast(ancestors.count - row.level)
      let parent = ancestors.last?.item
      let shouldBeVisible = ancestors.allSatisfy(\.open)
      if (try? outline.parent(of: row.item)) != parent {
        problems.append("\(name): parent(of: \(row.item)) is not \(parent ?? "none")")
      }
      if (try? outline.level(of: row.item)) != row.level {
        problems.append("\(name): level(of: \(row.item)) is not \(row.level)")
      }
      if outline.index(of: row.item) != index {
        problems.append("\(name): index(of: \(row.item)) is not \(index)")
      }
      if row.isVisible != shouldBeVisible {
        problems.append("\(name): \(row.item) is \(row.isVisible ? "" : "not ")visible")
      }
      ancestors.append((row.item, row.isExpanded))
      return problems.count < 20
    }
    return problems
  }

  /// The ways `transaction`'s differences fail to turn its initial snapshots into its final
  /// ones: the flat difference over all visible rows, and each section's over its items.
  ///
  /// - Complexity: O(*n*) in the items of the snapshots.
  public static func violations(in transaction: Transaction<String, String>) -> [String] {
    var problems: [String] = []
    let initial = transaction.initialSnapshot.itemIdentifiers
    if initial.applying(transaction.difference) != transaction.finalSnapshot.itemIdentifiers {
      problems.append("the flat difference does not apply from initial to final")
    }
    for section in transaction.sectionTransactions {
      let items = section.initialSnapshot.items
      if items.applying(section.difference) != section.finalSnapshot.items {
        problems.append(
          "section \(section.sectionIdentifier)'s difference does not apply from initial to final")
      }
    }
    return problems
  }
}
