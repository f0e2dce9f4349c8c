extension Command {
  /// The handler-rule commands: what the data source's handlers answer
  /// (`Session+Rules.swift` runs them).
  public enum RuleCommand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `rule no-collapse|no-expand|no-reorder ITEM...`, `rule lazy PARENT CHILD...`.
    case add(Rule)
    /// `rules`: lists the rules, numbered from 1.
    case list
    /// `rule remove N`: removes the rule numbered `N` by `rules`.
    case remove(Int)
    /// `rule clear`: removes every rule.
    case clear

    /// The command's catalog name.
    public var name: String {
      switch self {
      case .add(let rule): return "rule " + rule.form
      case .list: return "rules"
      case .remove: return "rule remove"
      case .clear: return "rule clear"
      }
    }

    /// The command's canonical text.
    public var description: String {
      switch self {
      case .add(let rule): return "rule " + rule.description
      case .list, .clear: return name
      case .remove(let number): return "rule remove \(number)"
      }
    }
  }

  /// A handler rule, whose items may be glob patterns (`"Fav*"`).
  public enum Rule: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `rule no-collapse ITEM...`: `shouldCollapseItem` answers false for these.
    case noCollapse([String])
    /// `rule no-expand ITEM...`: `shouldExpandItem` answers false for these.
    case noExpand([String])
    /// `rule no-reorder ITEM...`: `canReorderItem` answers false for these.
    case noReorder([String])
    /// `rule lazy PARENT CHILD...`: `snapshotForExpandingParent` supplies these children.
    case lazy(parent: String, children: [String])

    /// The word after `rule`: `no-collapse`, `no-expand`, `no-reorder`, `lazy`.
    public var form: String {
      switch self {
      case .noCollapse: return "no-collapse"
      case .noExpand: return "no-expand"
      case .noReorder: return "no-reorder"
      case .lazy: return "lazy"
      }
    }

    /// The rule as `rules` lists it: the command without its `rule` (`no-collapse "Fav*" A`).
    public var description: String {
      switch self {
      case .noCollapse(let items), .noExpand(let items), .noReorder(let items):
        return line(form, words(items))
      case .lazy(let parent, let children):
        return line(form, Quoting.word(parent), words(children))
      }
    }
  }
}
