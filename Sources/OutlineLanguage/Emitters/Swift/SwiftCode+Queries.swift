import Diffable

extension SwiftCode {
  /// A query: the property or method of the section snapshot it reads; in a batch that edits
  /// the flat snapshot `flatName`, what that snapshot can answer (`flatBatchRead`).
  static func query(
    _ command: Command.QueryCommand, _ before: SessionState, flatName: String
  ) -> [String] {
    if before.batch?.flat != nil {
      return [flatBatchRead(command, before, on: flatName) ?? flatBatchComment(command)]
    }
    let section = source(before)
    let source = view(before)
    switch command {
    case .show:
      return [
        comment("show draws the section snapshot for a person; its items, levels and expansion:"),
        "print(\(source).visualDescription())",
      ]
    case .describe:
      return ["print(\(source).visualDescription())"]
    case .showSubtree(let item, _):
      return [
        "print(\(section).snapshot(of: \(literal(item)), includingParent: true).visualDescription())"
      ]
    case .showRows(let rows):
      return [
        comment(
          "show \(RowReference.rows(rows)) draws visible rows \(rows.lowerBound) to "
            + "\(rows.upperBound) of:"),
        "print(\(source).visibleItems[\(rows.lowerBound)...\(rows.upperBound)])",
      ]
    case .showToDepth(let depth):
      return [
        comment("show --depth \(depth) draws the levels above \(depth) of:"),
        "print(\(source).visualDescription())",
      ]
    case .find(let search):
      return [
        comment(
          "find: the app searches its model for \(search.words.joined(separator: " ")), in the"
            + " order of:"),
        "\(source).items",
      ]
    case .list(let list):
      return ["\(source).\(property(list))"]
    case .count:
      return ["\(source).items.count"]
    case .item(.title, let item):
      return [comment("the title of \(Quoting.word(item)) is the app's model, not the snapshot's")]
    case .item(let query, let item):
      return ["\(section).\(call(query, item))"]
    }
  }

  /// A query of a batch's section after a flat command in the batch: the flat snapshot `name`
  /// holds no section snapshot (`NSDiffableDataSourceSnapshot` has no hierarchy), so the
  /// section's rows are read with `itemIdentifiers(inSection:)` (its items, every one on a
  /// row) and `numberOfItems(inSection:)`; nil for a question that only a section snapshot
  /// answers, and under a focus.
  static func flatBatchRead(
    _ command: Command.QueryCommand, _ state: SessionState, on name: String
  ) -> String? {
    guard let section = state.batchSection, state.focus == nil else { return nil }
    switch command {
    case .list(.items), .list(.visible):
      return "\(name).itemIdentifiers(inSection: \(literal(section)))"
    case .count:
      return "\(name).numberOfItems(inSection: \(literal(section)))"
    default:
      return nil
    }
  }

  /// The comment for a query that the flat snapshot a batch edits cannot answer.
  static func flatBatchComment(_ command: Command.QueryCommand) -> String {
    comment(
      "\(Command.queries(command).description): the batch's flat snapshot has no hierarchy to "
        + "ask; outline answers from its working copy")
  }

  /// `items`, `visibleItems`, `rootItems`, `expandedItems`.
  static func property(_ list: Command.ItemList) -> String {
    switch list {
    case .items: return "items"
    case .visible: return "visibleItems"
    case .roots: return "rootItems"
    case .expanded: return "expandedItems"
    }
  }

  /// `parent(of: "Food")`, `isExpanded("Food")`: the method a question calls.
  static func call(_ query: Command.ItemQuery, _ item: String) -> String {
    let item = literal(item)
    switch query {
    case .parent: return "parent(of: \(item))"
    case .level: return "level(of: \(item))"
    case .index: return "index(of: \(item))"
    case .isExpanded: return "isExpanded(\(item))"
    case .isVisible: return "isVisible(\(item))"
    case .contains: return "contains(\(item))"
    case .title: return "title(\(item))"
    }
  }
}
