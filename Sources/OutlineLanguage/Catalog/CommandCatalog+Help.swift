extension CommandCatalog {
  /// What `help` prints: every command by group, or the entries of one topic.
  ///
  /// ```swift
  /// try CommandCatalog.help("drag")
  /// // ["drag ROW ROW", "  Drags the visible row …", "  example: drag 3 0", "  Apple API: …"]
  /// ```
  ///
  /// - Parameter topic: A command name (`append`), a family (`rule`) or one of its forms
  ///   (`rule lazy`); nil for every command.
  /// - Throws: `unknownCommand` for a topic the catalog does not have, with a "did you mean".
  /// - Complexity: O(*n*), where *n* is the number of entries.
  public static func help(_ topic: String?) throws(CommandError) -> [String] {
    guard let topic else {
      var lines: [String] = []
      for group in Group.allCases {
        let members = entries.filter { $0.group == group }
        guard !members.isEmpty else { continue }
        lines.append(group.rawValue + ":")
        for entry in members {
          for syntax in entry.syntax { lines.append("  " + syntax) }
          lines.append("      " + entry.summary)
        }
      }
      return lines
    }
    let covered = entries(forTopic: topic)
    guard !covered.isEmpty else {
      let names = commandWords + entries.map(\.name)
      let hint = _EditDistance.nearest(to: topic, among: names)
      throw CommandError(
        .unknownCommand,
        "no help for \"\(topic)\""
          + (hint.map { " (did you mean \"\($0)\"?)" } ?? " (\"help\" lists the commands)"))
    }
    var lines: [String] = []
    for entry in covered {
      lines.append(contentsOf: entry.syntax)
      lines.append("  " + entry.summary)
      lines.append("  example: " + entry.example)
      if let api = entry.appleAPI { lines.append("  Apple API: " + api) }
    }
    return lines
  }
}
