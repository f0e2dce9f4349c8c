import Diffable

extension SwiftCode {
  /// A rule command: the closure of each handler whose answers it changed, standing for every
  /// rule of that handler (`dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 !=
  /// "Food" }`).
  ///
  /// `recording`: each closure is wrapped as the emitted test writes it, so that its calls are
  /// recorded (`… = calls.shouldCollapseItem { $0 != "Food" }`).
  static func rules(
    _ command: Command.RuleCommand, _ before: SessionState, _ after: SessionState,
    recording: Bool = false
  ) -> [String] {
    if command == .list {
      return [comment("the rules are the handler closures the app installed")]
    }
    var lines: [String] = []
    for handler in RuleHandler.allCases {
      let old = handlerClosure(handler, before.rules, recording: recording)
      let new = handlerClosure(handler, after.rules, recording: recording)
      if old != new { lines += new }
    }
    return lines
  }

  /// The four handlers a rule stands for.
  enum RuleHandler: CaseIterable {
    case shouldExpandItem, shouldCollapseItem, canReorderItem, snapshotForExpandingParent
  }

  /// The lines that install `handler` as `rules` answer it; when `recording`, the closure is
  /// wrapped by the emitted test's `HandlerCalls` (`… = calls.shouldExpandItem { _ in true }`),
  /// which records each call as outline prints it.
  static func handlerClosure(_ handler: RuleHandler, _ rules: RuleSet, recording: Bool = false)
    -> [String]
  {
    func refusing(_ property: String, _ patterns: [String]) -> [String] {
      [property + " = " + recorder(property, recording) + "{ " + refusal(patterns) + " }"]
    }
    let sectionHandlers = "dataSource.sectionSnapshotHandlers."
    switch handler {
    case .shouldExpandItem:
      return refusing(
        sectionHandlers + "shouldExpandItem",
        patterns(rules) { rule in
          if case .noExpand(let items) = rule { return items } else { return nil }
        })
    case .shouldCollapseItem:
      return refusing(
        sectionHandlers + "shouldCollapseItem",
        patterns(rules) { rule in
          if case .noCollapse(let items) = rule { return items } else { return nil }
        })
    case .canReorderItem:
      return refusing(
        "dataSource.reorderingHandlers.canReorderItem",
        patterns(rules) { rule in
          if case .noReorder(let items) = rule { return items } else { return nil }
        })
    case .snapshotForExpandingParent:
      return lazyClosure(
        rules, property: sectionHandlers + "snapshotForExpandingParent", recording: recording)
    }
  }

  /// `calls.HANDLER ` (the emitted test's recording wrapper of the handler `property` names)
  /// when `recording`, else nothing.
  static func recorder(_ property: String, _ recording: Bool) -> String {
    guard recording, let name = property.split(separator: ".").last else { return "" }
    return "calls.\(name) "
  }

  /// Every pattern of the rules `select` picks, in order.
  static func patterns(_ rules: RuleSet, _ select: (Command.Rule) -> [String]?) -> [String] {
    rules.rules.flatMap { select($0) ?? [] }
  }

  /// The body of a closure answering false for the items that match `patterns`, true for the
  /// others.
  static func refusal(_ patterns: [String]) -> String {
    if patterns.isEmpty { return "_ in true" }
    let literals = patterns.allSatisfy { !Glob($0).hasWildcards }
    if literals {
      return patterns.count == 1
        ? "$0 != \(literal(patterns[0]))" : "!\(array(patterns)).contains($0)"
    }
    let conditions = patterns.map { match($0, "$0") }
    return conditions.count == 1
      ? "!" + conditions[0] : "!(" + conditions.joined(separator: " || ") + ")"
  }

  /// A Swift condition that `value` matches the glob `pattern`: `==`, `hasPrefix`, `hasSuffix`,
  /// `contains`, or the emitted `glob(_:matches:)` function for other patterns.
  static func match(_ pattern: String, _ value: String) -> String {
    let glob = Glob(pattern)
    guard glob.hasWildcards else { return "\(value) == \(literal(pattern))" }
    if pattern.allSatisfy({ $0 == "*" }) { return "true" }
    let inner = pattern.dropFirst().dropLast()
    let plainInner = !inner.isEmpty && !Glob(String(inner)).hasWildcards
    if pattern.last == "*", !Glob(String(pattern.dropLast())).hasWildcards {
      return "\(value).hasPrefix(\(literal(String(pattern.dropLast()))))"
    }
    if pattern.first == "*", !Glob(String(pattern.dropFirst())).hasWildcards {
      return "\(value).hasSuffix(\(literal(String(pattern.dropFirst()))))"
    }
    if pattern.first == "*", pattern.last == "*", plainInner {
      return "\(value).contains(\(literal(String(inner))))"
    }
    return "glob(\(literal(pattern)), matches: \(value))"
  }

  /// Whether a closure of `rules` calls the emitted `glob(_:matches:)` function.
  static func needsGlobFunction(_ rules: RuleSet) -> Bool {
    RuleHandler.allCases.contains { handlerClosure($0, rules).contains { $0.contains("glob(") } }
  }

  /// `snapshotForExpandingParent` as the lazy rules answer it: an item with no children gets
  /// the first matching rule's children.
  static func lazyClosure(_ rules: RuleSet, property: String, recording: Bool = false)
    -> [String]
  {
    let assign = property + " = " + recorder(property, recording)
    let lazy = rules.rules.compactMap { rule -> (String, [String])? in
      if case .lazy(let parent, let children) = rule {
        return (parent, children)
      } else {
        return nil
      }
    }
    guard !lazy.isEmpty else { return [assign + "{ _, current in current }"] }
    var lines = [
      assign + "{ parent, current in",
      "  guard current.items.isEmpty else { return current }",
      "  var children = NSDiffableDataSourceSectionSnapshot<String>()",
      "  switch parent {",
    ]
    for (parent, children) in lazy {
      let label =
        Glob(parent).hasWildcards
        ? "case let parent where \(match(parent, "parent")):" : "case \(literal(parent)):"
      // The session keeps the current children when a rule names a child twice.
      let body =
        Set(children).count == children.count
        ? "children.append(\(array(children)))" : "return current"
      lines.append("  \(label) \(body)")
    }
    lines += ["  default: return current", "  }", "  return children", "}"]
    return lines
  }
}
