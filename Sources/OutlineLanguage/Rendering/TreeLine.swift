import Diffable

/// One line of `show`: an item drawn for a person, with its visible row.
///
/// ```text
/// 0  ▾ Food
/// 1      Apple
/// ·    ▸ Vegetables
/// 2    Drinks
/// ```
///
/// The row number (0-based, what `drag` and `@N` take) or `·` for a hidden item, `•` right after
/// the current item's (the item `.` names) or a blank, a blank, two spaces per level,
/// `▾` before an expanded parent, `▸` before a collapsed one, `▿` before an expanded item with
/// no children (`expand Docs` on a leaf: the flag is set, nothing shows under it), then the item,
/// with ` ✎` after its title when it has a note (`note ITEM` prints it).
public struct TreeLine: Equatable, Hashable, Sendable {
  /// What stands before the item.
  public enum Marker: String, Equatable, Hashable, Sendable {
    /// An expanded item with children.
    case expanded = "▾"
    /// A collapsed item with children.
    case collapsed = "▸"
    /// An expanded item without children: expanded, with nothing under it.
    case expandedEmpty = "▿"
    /// A collapsed item without children (a blank, so that items of one level line up).
    case leaf = " "
  }

  /// The item's visible row, nil when hidden.
  public var row: Int?
  /// Its level.
  public var level: Int
  /// Its marker.
  public var marker: Marker
  /// The item.
  public var item: String
  /// The item's title, when it differs from the identifier: drawn in its place, with the
  /// identifier beside it (`Notes  ["Notes (2)"]`); an empty title is drawn `""`.
  public var title: String?
  /// Whether the item is the session's current item (`.`): drawn with `•` right after the row
  /// number, in the blank that separates it from the item (`3•     Apple`).
  public var isCurrent = false
  /// Whether the item is a task that is done (drawn `[x]` before its title), one that is not
  /// (`[ ]`), or no task (nil): its `_status` attribute.
  public var task: Bool?
  /// Whether the item has a note (OPML's `_note`, a Markdown item's paragraphs): drawn ` ✎`
  /// right after its title, one column that no title is mistaken for and that reads the same
  /// without color.
  public var hasNote = false

  /// Creates a line.
  public init(row: Int?, level: Int, marker: Marker, item: String) {
    self.row = row
    self.level = level
    self.marker = marker
    self.item = item
  }

  /// The lines of `outline`, hidden items included unless `visibleOnly`.
  ///
  /// - Complexity: O(*n*): one pass, with "has children" read off the next row's level.
  public static func lines(of outline: SectionSnapshot<String>, visibleOnly: Bool) -> [TreeLine] {
    let rows = outline.rows
    var lines: [TreeLine] = []
    lines.reserveCapacity(visibleOnly ? outline.visibleCount : rows.count)
    var visibleRow = 0
    for (index, row) in rows.enumerated() {
      let hasChildren = index + 1 < rows.count && rows[index + 1].level > row.level
      let marker: Marker =
        hasChildren
        ? (row.isExpanded ? .expanded : .collapsed) : row.isExpanded ? .expandedEmpty : .leaf
      if row.isVisible {
        lines.append(TreeLine(row: visibleRow, level: row.level, marker: marker, item: row.item))
        visibleRow += 1
      } else if !visibleOnly {
        lines.append(TreeLine(row: nil, level: row.level, marker: marker, item: row.item))
      }
    }
    return lines
  }

  /// The deepest level drawn by indentation; deeper items are indented as deep as this and
  /// marked with their level (`(level 120) `), so that a very deep outline draws in linear space.
  public static let maximumIndentedLevel = 40

  /// The line as text, its row column `width` characters wide.
  public func text(rowWidth width: Int) -> String {
    let number = row.map(String.init) ?? "·"
    let indent = min(level, Self.maximumIndentedLevel)
    return String(repeating: " ", count: max(0, width - number.count)) + number
      + (isCurrent ? "• " : "  ")
      + String(repeating: "  ", count: indent)
      + (level > indent ? "(level \(level)) " : "") + marker.rawValue + " " + label
  }

  /// What the line says of its item: the task box, the title (or the identifier), the note's
  /// mark and the identifier beside a title that differs: `[ ] Buy milk ✎  ["milk"]`.
  public var label: String {
    (task.map { $0 ? "[x] " : "[ ] " } ?? "")
      + (title.map { $0.isEmpty ? "\"\"" : $0 } ?? item) + (hasNote ? " ✎" : "")
      + (title.map { _ in "  [" + Quoting.word(item) + "]" } ?? "")
  }

  /// The width of the row column of `lines`: the digits of the last row.
  public static func rowWidth(of lines: [TreeLine]) -> Int {
    String(lines.last { $0.row != nil }?.row ?? 0).count
  }
}
