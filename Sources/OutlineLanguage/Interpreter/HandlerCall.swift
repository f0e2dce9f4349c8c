import Diffable

/// One call the data source made to one of its eight handlers, with what it answered.
///
/// The case names are the handler names that `--json` prints as `name`.
///
/// ```swift
/// HandlerCall.shouldCollapseItem("Food", result: true).name  // "shouldCollapseItem"
/// ```
public enum HandlerCall: Equatable, Sendable, CustomStringConvertible {
  /// `shouldExpandItem(item)` and its answer.
  case shouldExpandItem(String, result: Bool)
  /// `willExpandItem(item)`.
  case willExpandItem(String)
  /// `snapshotForExpandingParent(item, current)`, with the snapshot it returned.
  case snapshotForExpandingParent(
    String, current: SectionSnapshot<String>, result: SectionSnapshot<String>)
  /// `shouldCollapseItem(item)` and its answer.
  case shouldCollapseItem(String, result: Bool)
  /// `willCollapseItem(item)`.
  case willCollapseItem(String)
  /// `canReorderItem(item)` and its answer.
  case canReorderItem(String, result: Bool)
  /// `willReorder(transaction)`: the command's transaction, before it is committed.
  case willReorder
  /// `didReorder(transaction)`: the command's transaction, after it is committed.
  case didReorder

  /// The handler's name, as `--json` prints it.
  public var name: String {
    switch self {
    case .shouldExpandItem: return "shouldExpandItem"
    case .willExpandItem: return "willExpandItem"
    case .snapshotForExpandingParent: return "snapshotForExpandingParent"
    case .shouldCollapseItem: return "shouldCollapseItem"
    case .willCollapseItem: return "willCollapseItem"
    case .canReorderItem: return "canReorderItem"
    case .willReorder: return "willReorder"
    case .didReorder: return "didReorder"
    }
  }

  /// The item the handler was asked about, nil for `willReorder` and `didReorder`.
  public var item: String? {
    switch self {
    case .shouldExpandItem(let item, _), .willExpandItem(let item),
      .snapshotForExpandingParent(let item, _, _), .shouldCollapseItem(let item, _),
      .willCollapseItem(let item), .canReorderItem(let item, _):
      return item
    case .willReorder, .didReorder:
      return nil
    }
  }

  /// A line for a person: `shouldCollapseItem(Food) -> true`,
  /// `snapshotForExpandingParent(Food, []) -> [Apple, Pear]`; identifiers are quoted as commands
  /// write them (`willExpandItem("Smileys 😀")`), so that a list stays unambiguous.
  public var description: String {
    func list(_ snapshot: SectionSnapshot<String>) -> String {
      "[" + snapshot.items.map(Quoting.word).joined(separator: ", ") + "]"
    }
    switch self {
    case .shouldExpandItem(let item, let result), .shouldCollapseItem(let item, let result),
      .canReorderItem(let item, let result):
      return "\(name)(\(Quoting.word(item))) -> \(result)"
    case .willExpandItem(let item), .willCollapseItem(let item):
      return "\(name)(\(Quoting.word(item)))"
    case .snapshotForExpandingParent(let item, let current, let result):
      return "\(name)(\(Quoting.word(item)), \(list(current))) -> \(list(result))"
    case .willReorder, .didReorder:
      return "\(name)(transaction)"
    }
  }
}
