extension Command: CustomStringConvertible {
  /// The command's canonical text: what `CommandParser` reads back as this same command.
  ///
  /// Printing is the inverse of parsing: words are separated by one space, flags follow the
  /// command's positional words (`child-snapshot P --including-parent as kept`), identifiers
  /// are quoted only when `Quoting.needsQuotes` says so, and `say` prints its text bare when
  /// that reads back the same, else as one quoted word. Each group prints its own commands
  /// (`Command+Editing.swift`, …), with the parts below.
  ///
  /// ```swift
  /// Command.interactions(.move("Pear", to: .into("to"))).description  // move Pear to "to"
  /// Command.files(.say("a  b")).description                           // say "a  b"
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the length of the text.
  public var description: String {
    switch self {
    case .editing(let command): return command.description
    case .interactions(let command): return command.description
    case .rules(let command): return command.description
    case .queries(let command): return command.description
    case .sections(let command): return command.description
    case .transactions(let command): return command.description
    case .flat(let command): return command.description
    case .files(let command): return command.description
    }
  }

  // MARK: Parts

  /// The non-nil parts, separated by single spaces.
  static func line(_ parts: String?...) -> String {
    parts.compactMap { $0 }.joined(separator: " ")
  }

  /// Identifiers as words.
  static func words(_ identifiers: [String]) -> String? {
    identifiers.isEmpty ? nil : identifiers.map(Quoting.word).joined(separator: " ")
  }

  /// `before ANCHOR` or `after ANCHOR`.
  static func text(_ placement: Placement) -> String {
    switch placement {
    case .before(let anchor): return "before " + Quoting.word(anchor)
    case .after(let anchor): return "after " + Quoting.word(anchor)
    }
  }
}
