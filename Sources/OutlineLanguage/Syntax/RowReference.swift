/// An item named by where it shows rather than by its identifier: `@N` (visible row *N* of the
/// current section, as `show` numbers it, from 0), `@N..M` (rows *N* to *M*) or `.` (the
/// current item: the one the last successful command added, moved or named first).
///
/// The parser reads one wherever a command names an item that exists, and asks the session
/// running the command which identifiers it stands for (`Session.resolve(_:)`), so that the
/// command is recorded with real identifiers: `--swift`, `--emit-swift` and `--emit-html` never
/// see a row.
///
/// ```swift
/// RowReference("@3")     // .row(3)
/// RowReference("@2..5")  // .rows(2...5)
/// RowReference(".")      // .current
/// RowReference("@x")     // nil: a kept snapshot's name
/// ```
public enum RowReference: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// `@N`: the item on visible row *N*.
  case row(Int)
  /// `@N..M`: the items on visible rows *N* to *M*, in order.
  case rows(ClosedRange<Int>)
  /// `.`: the current item.
  case current

  /// Reads a row word: `@` and digits, with `..` and digits or not, or `.`.
  ///
  /// Nil for any other spelling, and for a range that runs downwards (`@5..3`). A number too
  /// large for `Int` reads as `Int.max`, a row that no outline has.
  ///
  /// - Complexity: O(*k*) in the word's length.
  public init?(_ text: String) {
    if text == "." {
      self = .current
      return
    }
    guard Self.isRowSpelling(text) else { return nil }
    let numbers = text.dropFirst().split(separator: ".", omittingEmptySubsequences: true)
      .map { Int($0) ?? Int.max }
    if numbers.count == 1 {
      self = .row(numbers[0])
    } else {
      guard numbers[0] <= numbers[1] else { return nil }
      self = .rows(numbers[0]...numbers[1])
    }
  }

  /// Whether `text` is spelled as a row.
  ///
  /// A row is `@` followed by one or more ASCII digits, then optionally `..` and one or more
  /// digits (`@4`, `@2..5`). A kept snapshot may not be named so.
  ///
  /// - Complexity: O(*k*) in the word's length.
  public static func isRowSpelling(_ text: String) -> Bool {
    var bytes = text.utf8.makeIterator()
    guard bytes.next() == UInt8(ascii: "@") else { return false }
    var digits = 0
    var dots = 0
    var afterDots = 0
    while let byte = bytes.next() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if dots == 0 { digits += 1 } else if dots == 2 { afterDots += 1 } else { return false }
      case UInt8(ascii: "."):
        guard digits > 0, afterDots == 0, dots < 2 else { return false }
        dots += 1
      default:
        return false
      }
    }
    return digits > 0 && (dots == 0 || (dots == 2 && afterDots > 0))
  }

  /// The row range `text` is a slip for, written with a second `@` (`@19..@20` for `@19..20`),
  /// or nil when it is not spelled so.
  ///
  /// The word is a kept snapshot's name as typed, so it is not read as rows; a position that
  /// takes rows names the range in its refusal.
  ///
  /// - Complexity: O(*k*) in the word's length.
  public static func withOneAt(_ text: String) -> String? {
    let parts = text.split(separator: "..@", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let written = parts[0] + ".." + parts[1]
    return isRowSpelling(String(written)) ? String(written) : nil
  }

  /// Whether `name` may not name a kept snapshot, because `@name` would read as a row: all
  /// digits, or digits, `..` and digits.
  public static func isRowName(_ name: String) -> Bool { isRowSpelling("@" + name) }

  /// Whether it may stand for several items: a range of two rows or more (`@3..3` is one row).
  public var isRange: Bool {
    if case .rows(let rows) = self { return rows.count > 1 }
    return false
  }

  /// The word as typed: `@3`, `@2..5`, `.`.
  public var description: String {
    switch self {
    case .row(let row): return "@\(row)"
    case .rows(let rows): return "@\(rows.lowerBound)..\(rows.upperBound)"
    case .current: return "."
    }
  }
}
