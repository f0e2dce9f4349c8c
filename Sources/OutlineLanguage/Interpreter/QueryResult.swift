/// What a query (or `say`, `help`, `rules`) answers.
///
/// `--json` prints it as the `result` field: a list of identifiers, a number, a boolean, an
/// identifier or `null`, a list of lines, or a string.
///
/// `index ITEM` of an absent item answers `.item(nil)` (`null`), as `index(of:)` answers nil.
public enum QueryResult: Equatable, Hashable, Sendable {
  /// A list of identifiers: `items`, `visible`, `roots`, `expanded`.
  case items([String])
  /// A number: `level`, `index`, `count`.
  case number(Int)
  /// A yes or no: `is-expanded`, `is-visible`, `contains`.
  case bool(Bool)
  /// An identifier or none: `parent` (nil for a root), `index` of an absent item.
  case item(String?)
  /// Lines for a person: `describe`, `rules`, `help`, `log`, `child-snapshot`.
  case lines([String])
  /// The tree `show` draws; `--json` prints it as lines of text.
  case tree([TreeLine])
  /// `find`'s matches, in order, each with its row as `show` numbers it (nil when hidden) and
  /// its title: printed `@3  Buy milk`; `--json` prints the identifiers as `result`, as a list
  /// of items, and their rows as `rows`.
  case found([TreeLine])
  /// Text: `say`, `title`.
  case text(String)
  /// A file's text (`export - --format NAME`), printed line by line with its tabs, a CRLF
  /// line's `\r` left to the terminal's newline and any other control character escaped;
  /// `--json` prints it as one string, exactly.
  case file(String)
  /// The change from one outline to another (`diff`): a transaction, as a change prints it,
  /// and the items it reconfigures.
  case diff(OutlineDiff)
}

extension QueryResult {
  /// The identifiers of a list of items or of `find`'s matches; nil for any other answer.
  public var items: [String]? {
    switch self {
    case .items(let items): return items
    case .found(let lines): return lines.map(\.item)
    default: return nil
    }
  }
}
