import Diffable

/// The session's handler rules, numbered from 1 in the order they were added: what the data
/// source's handlers answer.
///
/// `no-collapse`, `no-expand` and `no-reorder` name items by glob patterns; the first rule that
/// matches refuses. `lazy PARENT CHILD...` supplies `CHILD...` as the children of an item that
/// matches `PARENT` and expands with none; the first such rule wins.
///
/// ```swift
/// var rules = RuleSet()
/// rules.add(.noCollapse(["Fav*"]))
/// rules.shouldCollapse("Favourites")           // false
/// rules.refusal(of: .collapse, "Favourites")?.number  // 1
/// rules.lines                                  // ["rule 1: no-collapse Fav*"]
/// ```
public struct RuleSet: Equatable, Hashable, Sendable {
  /// What a rule can refuse.
  public enum Action: String, Equatable, Hashable, Sendable {
    /// A disclosure tap that would expand the item (`shouldExpandItem`).
    case expand
    /// A disclosure tap that would collapse the item (`shouldCollapseItem`).
    case collapse
    /// A move or drag of the item (`canReorderItem`).
    case reorder
  }

  /// The rules, in order; rule *n* is `rules[n - 1]`.
  public private(set) var rules: [Command.Rule] = []

  /// Creates an empty rule set: every handler says yes and loads nothing.
  public init() {}

  /// Adds `rule` at the end and returns its number.
  @discardableResult
  public mutating func add(_ rule: Command.Rule) -> Int {
    rules.append(rule)
    return rules.count
  }

  /// Removes rule number `number` (1-based) and returns it.
  ///
  /// Returns nil, changing nothing, when there is no such rule. The rules after it are
  /// renumbered.
  @discardableResult
  public mutating func remove(number: Int) -> Command.Rule? {
    guard number >= 1, number <= rules.count else { return nil }
    return rules.remove(at: number - 1)
  }

  /// Removes every rule.
  public mutating func removeAll() { rules.removeAll() }

  /// The rules as `rules` lists them, in the words that adding one answers: `rule 1:
  /// no-collapse Fav*`.
  public var lines: [String] {
    rules.enumerated().map { "rule \($0.offset + 1): \(Self.text($0.element))" }
  }

  /// A rule as written after `rule `: `no-collapse "Fav*"`.
  public static func text(_ rule: Command.Rule) -> String {
    rule.description
  }

  /// The first rule that refuses `action` on `item`, with its number.
  ///
  /// - Complexity: O(*r* *p* *n*) for *r* rules of patterns of length *p*, *n* the length of
  ///   `item`.
  public func refusal(of action: Action, _ item: String) -> (number: Int, rule: Command.Rule)? {
    for (offset, rule) in rules.enumerated() {
      let patterns: [String]
      switch (action, rule) {
      case (.expand, .noExpand(let items)), (.collapse, .noCollapse(let items)),
        (.reorder, .noReorder(let items)):
        patterns = items
      default:
        continue
      }
      if patterns.contains(where: { Glob($0).matches(item) }) { return (offset + 1, rule) }
    }
    return nil
  }

  /// What `shouldExpandItem(item)` answers: false when a `no-expand` rule matches.
  public func shouldExpand(_ item: String) -> Bool { refusal(of: .expand, item) == nil }

  /// What `shouldCollapseItem(item)` answers: false when a `no-collapse` rule matches.
  public func shouldCollapse(_ item: String) -> Bool { refusal(of: .collapse, item) == nil }

  /// What `canReorderItem(item)` answers: true unless a `no-reorder` rule matches.
  public func canReorder(_ item: String) -> Bool { refusal(of: .reorder, item) == nil }

  /// The children the first `lazy` rule matching `item` supplies, or nil when none matches.
  public func lazyChildren(of item: String) -> [String]? {
    for case .lazy(let parent, let children) in rules where Glob(parent).matches(item) {
      return children
    }
    return nil
  }

  /// What `snapshotForExpandingParent(item, current)` answers: when a `lazy` rule names `item`
  /// and `current` is empty, a snapshot of the rule's children as roots; otherwise `current`.
  ///
  /// A rule whose children repeat an item gives `current` back rather than trapping; a child
  /// that exists elsewhere makes the data source throw the uniqueness error.
  public func snapshotForExpanding(_ item: String, current: SectionSnapshot<String>)
    -> SectionSnapshot<String>
  {
    guard current.count == 0, let children = lazyChildren(of: item) else { return current }
    var loaded = SectionSnapshot<String>()
    do { try loaded.append(children) } catch { return current }
    return loaded
  }
}
