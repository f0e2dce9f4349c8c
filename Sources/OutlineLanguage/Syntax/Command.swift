/// One command of the outline language, as parsed: the syntax tree the interpreter runs.
///
/// The commands come in the SPEC's groups (SPEC.md §2, "Commands"), the same groups as
/// `CommandCatalog.Group`, and the enum is nested the same way: one case per group, holding that
/// group's own enum (`Command.EditingCommand`, `Command.InteractionCommand`, …), which has one
/// case per command form. Each group's syntax lives in `Command+Group.swift`, its grammar in
/// `CommandParser+Group.swift` and its interpreter in `Session+Group.swift`.
///
/// Identifiers (items, parents, sections, snapshot names, files) are `String`s, unquoted and
/// unescaped; kept snapshots are named without their `@`. Nothing here is checked against an
/// outline: whether an item exists is the interpreter's business.
///
/// `description` prints a command's canonical text, and parsing it gives the command back:
///
/// ```swift
/// let command = Command.editing(.append(["Apple", "to"], to: "Fruit"))
/// command.description                                  // append Apple "to" to Fruit
/// try CommandParser.parse(command: command.description) == command  // true
/// command.group                                        // .editing
/// ```
public enum Command: Equatable, Hashable, Sendable {
  /// Editing: the section snapshot API, applied at once.
  case editing(EditingCommand)
  /// User interactions, through the handlers.
  case interactions(InteractionCommand)
  /// Handler rules: what the data source's handlers answer.
  case rules(RuleCommand)
  /// Queries on the current section snapshot.
  case queries(QueryCommand)
  /// Sections: the whole `NSDiffableDataSourceSnapshot`.
  case sections(SectionCommand)
  /// Transactions and history.
  case transactions(TransactionCommand)
  /// The flat snapshot: `NSDiffableDataSourceSnapshot`'s items on `dataSource.snapshot()`.
  case flat(FlatCommand)
  /// Files and scripts.
  case files(FileCommand)

  /// The catalog group the command belongs to.
  public var group: CommandCatalog.Group {
    switch self {
    case .editing: return .editing
    case .interactions: return .interactions
    case .rules: return .rules
    case .queries: return .queries
    case .sections: return .sections
    case .transactions: return .transactions
    case .flat: return .flat
    case .files: return .files
    }
  }

  /// The name of the command's entry in `CommandCatalog`: its first word, and for the `rule`,
  /// `section` and `expect` families the second word too.
  ///
  /// ```swift
  /// Command.editing(.insertSnapshot("kept", .before("A"))).name           // insert
  /// Command.rules(.add(.lazy(parent: "A", children: ["B"]))).name        // rule lazy
  /// Command.queries(.item(.isExpanded, "A")).name                        // is-expanded
  /// ```
  public var name: String {
    switch self {
    case .editing(let command): return command.name
    case .interactions(let command): return command.name
    case .rules(let command): return command.name
    case .queries(let command): return command.name
    case .sections(let command): return command.name
    case .transactions(let command): return command.name
    case .flat(let command): return command.name
    case .files(let command): return command.name
    }
  }
}

extension Command {
  /// Where `insert` puts its items, or where `section move` puts a section.
  public enum Placement: Equatable, Hashable, Sendable {
    /// Right before the identifier, as its previous sibling.
    case before(String)
    /// Right after the identifier (after its whole subtree), as its next sibling.
    case after(String)

    /// The identifier placed against.
    public var anchor: String {
      switch self {
      case .before(let anchor), .after(let anchor): return anchor
      }
    }
  }
}
