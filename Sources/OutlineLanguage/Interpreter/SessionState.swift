import Diffable

/// Everything a command can change in a session, at one moment: what a failed command puts
/// back, and what every printer of an outcome (`--swift`, `--emit-swift`, `--emit-html`) reads
/// as the state before and after the command.
///
/// A few values whose snapshots and dictionaries share their storage with the session's, so
/// that taking one is O(1).
///
/// ```swift
/// let outcome = session.run("append Apple to Food")
/// outcome.before?.outline.items  // ["Food"]
/// outcome.after?.outline.items   // ["Food", "Apple"]
/// ```
public struct SessionState: Sendable {
  /// The data source's state: its sections, in order, each with its section snapshot.
  public var snapshot: Snapshot<String, String>
  /// The handler rules.
  public var rules: RuleSet
  /// The snapshots kept by `child-snapshot … as NAME`, by name (without `@`).
  public var kept: [String: SectionSnapshot<String>]
  /// The section the commands edit.
  public var section: String
  // `Optional` spelled out here and in `focus`, so that neither gets an implicit `= nil`: with
  // one, `init` stores nil first, and the optimizer then copies the whole state to return it
  // and destroys the original.
  // swift-format-ignore: UseShorthandTypeNames
  /// The open batch, if any.
  public var batch: Optional<Batch>
  /// Item titles and attributes, and section heads.
  public var contents: Contents
  // swift-format-ignore: UseShorthandTypeNames
  /// The item the view is narrowed to (`focus ITEM`), nil for the whole section.
  public var focus: Optional<String>

  /// Creates a state.
  public init(
    snapshot: Snapshot<String, String>, rules: RuleSet, kept: [String: SectionSnapshot<String>],
    section: String, batch: Batch?, contents: Contents, focus: String? = nil
  ) {
    self.focus = focus
    self.snapshot = snapshot
    self.rules = rules
    self.kept = kept
    self.section = section
    self.batch = batch
    self.contents = contents
  }

  /// The section of the open batch, nil without one.
  public var batchSection: String? { batch?.section }

  /// The section an edit goes to: the batch's, or the current one.
  public var editedSection: String { batch?.section ?? section }

  /// The current section's section snapshot: the batch's working copy while a batch is open.
  ///
  /// - Complexity: O(1).
  public var outline: SectionSnapshot<String> {
    batch?.working ?? snapshot.sectionSnapshot(for: section)
  }

  /// The section identifiers, in order.
  public var sectionNames: [String] { snapshot.sectionIdentifiers }

  /// Every section, in order, with its section snapshot (the applied one, not a batch's
  /// working copy).
  ///
  /// - Complexity: O(*s*) in the sections.
  public var sections: [(name: String, outline: SectionSnapshot<String>)] {
    snapshot.sectionIdentifiers.map { ($0, snapshot.sectionSnapshot(for: $0)) }
  }

  /// The section snapshot of `name`, empty for a section there is not.
  ///
  /// - Complexity: O(1).
  public func outline(of name: String) -> SectionSnapshot<String> {
    snapshot.sectionSnapshot(for: name)
  }

  /// The items' titles that differ from their identifiers: the app's model beside the
  /// snapshots.
  ///
  /// - Complexity: O(*c*) in the items with a content.
  public var titles: [String: String] {
    contents.items.reduce(into: [:]) { titles, entry in titles[entry.key] = entry.value.title }
  }
}

extension Session {
  /// The session's state now.
  ///
  /// - Complexity: O(1).
  public var state: SessionState {
    SessionState(
      snapshot: dataSource.snapshot(), rules: rules, kept: keptSnapshots, section: section,
      batch: batch, contents: contents, focus: focus)
  }

  /// Puts `saved` back, without calling any handler.
  func restore(_ saved: SessionState) {
    // Sections whose snapshot is the saved one are skipped by version, in O(1) each.
    dataSource.apply(saved.snapshot)
    rules = saved.rules
    keptSnapshots = saved.kept
    section = saved.section
    batch = saved.batch
    contents = saved.contents
    focus = saved.focus
  }
}
