/// How much the text output says about each command (`set output MODE`, `--output MODE`).
///
/// `--json` and the emitters print every outcome whatever the mode; the mode decides only what
/// `TextRenderer` draws on standard output. Errors and warnings go to standard error in every
/// mode.
///
/// - `full`: everything, for a learner: the handler calls, then the transaction (`rows:` and
///   each section's `items`), notes and results.
/// - `brief`: one line per change, what the command did and how many rows it inserted, removed
///   and moved (`moved Apple before Pear: 1 row moved`); a handler call only when it refused
///   (`shouldCollapseItem(Food) -> false`); notes and query results as in `full`.
/// - `quiet`: only query results (`show`, `items`, `find`, `diff`, `help`, `last`, …) and `say`.
public enum OutputMode: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Every handler call and every change.
  case full
  /// One line per change.
  case brief
  /// Query results and narration only.
  case quiet

  /// The names of the modes, as `set output` and `--output` take them: `full, brief, quiet`.
  public static let names = allCases.map(\.rawValue)
}
