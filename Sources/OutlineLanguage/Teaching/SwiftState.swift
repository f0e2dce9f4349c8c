import Diffable

/// What the Swift of a command depends on besides the command and its outcome: the session's
/// state around it, as `SwiftCode` and `SwiftTestEmitter` read it.
///
/// Taken from a `Session` before and after each command (`Session.swiftState`): a few values,
/// whose snapshots share their storage with the session's.
public struct SwiftState: Sendable {
  /// The section the commands edit.
  public var section: String
  /// The section of the open batch, nil without one.
  public var batchSection: String?
  /// The handler rules.
  public var rules: RuleSet
  /// The current section's section snapshot: the batch's working copy while a batch is open.
  public var outline: SectionSnapshot<String>
  /// Every section of the data source, in order, with its section snapshot.
  public var sections: [(name: String, outline: SectionSnapshot<String>)]
  /// The items' titles that differ from their identifiers: the app's model beside the snapshots.
  public var titles: [String: String] = [:]

  /// Creates a state.
  public init(
    section: String, batchSection: String?, rules: RuleSet, outline: SectionSnapshot<String>,
    sections: [(name: String, outline: SectionSnapshot<String>)]
  ) {
    self.section = section
    self.batchSection = batchSection
    self.rules = rules
    self.outline = outline
    self.sections = sections
  }

  /// The section an edit goes to: the batch's, or the current one.
  public var editedSection: String { batchSection ?? section }

  /// The section identifiers, in order.
  public var sectionNames: [String] { sections.map(\.name) }
}

extension Session {
  /// The session's state as the Swift of a command reads it.
  ///
  /// - Complexity: O(*s*) in the sections.
  public var swiftState: SwiftState {
    let names = dataSource.snapshot().sectionIdentifiers
    var state = SwiftState(
      section: section, batchSection: batch?.section, rules: rules, outline: outline,
      sections: names.map { ($0, dataSource.snapshot(for: $0)) })
    state.titles = contents.items.compactMapValues(\.title)
    return state
  }
}
