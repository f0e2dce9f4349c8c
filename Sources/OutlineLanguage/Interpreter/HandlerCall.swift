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
  ///
  /// A child snapshot prints as the tree it is, each item's children in brackets after it:
  /// `[Letters [Mom.txt, Bank.txt], Taxes]` is Letters (with two children) and Taxes.
  public var description: String {
    func list(_ snapshot: SectionSnapshot<String>) -> String { Self.tree(snapshot) }
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

  /// A child snapshot as one line: each item followed by its children in brackets.
  ///
  /// `[A [A1, A2 [A21]], B]` is A (children A1 and A2, A2's child A21) and B. An identifier holding a bracket or a comma is quoted, so that the nesting stays readable.
  ///
  /// - Complexity: O(*n*) in the snapshot's items.
  static func tree(_ snapshot: SectionSnapshot<String>) -> String {
    var text = "["
    var depth = 0
    var first = true
    snapshot.forEachRow { row in
      if row.level > depth {
        text += " ["
        depth = row.level
      } else {
        if row.level < depth {
          text += String(repeating: "]", count: depth - row.level)
          depth = row.level
        }
        if !first { text += ", " }
      }
      first = false
      if Quoting.needsQuotes(row.item) {
        text += Quoting.quote(row.item)
      } else if mayHoldBracket(row.item), row.item.contains(where: { "[],".contains($0) }) {
        text += Quoting.quote(row.item)
      } else {
        text += row.item
      }
      return true
    }
    return text + String(repeating: "]", count: depth) + "]"
  }

  /// Whether `item` holds a `[`, `]` or `,` byte: false means that no character of it is one
  /// of those, so the slower check by characters is needed only when it answers true.
  ///
  /// - Complexity: O(*m*) in the item's UTF-8 bytes.
  private static func mayHoldBracket(_ item: String) -> Bool {
    item.utf8.contains {
      $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: ",")
    }
  }
}
