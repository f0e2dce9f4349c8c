extension Session {
  /// `rule …`, `rules`, `rule remove N`, `rule clear`.
  ///
  /// Adding a rule answers `rule N: TEXT` so that its number is known. `rule remove` of a
  /// number that `rules` does not list fails with `unknownItem` (the SPEC has no code for rules;
  /// a rule number is an identifier the session does not know), and nothing changes.
  func execute(_ command: Command.RuleCommand, into outcome: inout Outcome) throws(CommandError) {
    switch command {
    case .add(let rule):
      let number = rules.add(rule)
      outcome.result = .text("rule \(number): \(RuleSet.text(rule))")
    case .list:
      outcome.result = .lines(rules.lines)
    case .remove(let number):
      guard let removed = rules.remove(number: number) else {
        throw CommandError(because: .noRule(number, count: rules.rules.count))
      }
      outcome.note = "removed rule \(number): \(RuleSet.text(removed))"
    case .clear:
      let count = rules.rules.count
      rules.removeAll()
      outcome.note = "removed \(count) rule\(count == 1 ? "" : "s")"
    }
  }
}
