import Diffable

extension TextRenderer {
  /// A row as printed (`0`, `s2:0`, or `·` for a hidden item), and whether it is the same
  /// number as the offset the difference carries (then the offset is not written beside).
  typealias Row = (text: String, isOffset: Bool)

  /// The rows of a flat snapshot as `show` and `drag` number them: a flat offset (what the
  /// transaction's `difference` carries) as the row in its section, `NAME:ROW` when there is
  /// more than one section.
  ///
  /// Built once per transaction side in O(*s*), where *s* is the number of sections; each
  /// lookup is O(log *s*).
  struct RowNumbering {
    /// Each section and the flat offset of its first row, in order.
    private var bases: [(section: String, base: Int)] = []
    /// Whether rows are written with their section's name.
    private var named: Bool

    init(_ snapshot: Snapshot<String, String>) {
      var base = 0
      for section in snapshot.sectionIdentifiers {
        bases.append((section, base))
        base += (try? snapshot.numberOfItems(inSection: section)) ?? 0
      }
      named = bases.count > 1
    }

    /// `ROW` or `NAME:ROW` for the row at flat `offset`.
    func row(atFlatOffset offset: Int) -> Row {
      let place = self.place(atFlatOffset: offset)
      guard let section = place.section else { return (String(offset), true) }
      return (Quoting.word(section) + ":" + String(place.row), place.row == offset)
    }

    /// The row at flat `offset` in its section, with the section when rows are written with
    /// their section's name (nil: the row is the offset).
    ///
    /// - Complexity: O(log *s*) in the sections.
    func place(atFlatOffset offset: Int) -> (section: String?, row: Int) {
      guard named else { return (nil, offset) }
      // The last section whose first row is at or before `offset` (empty sections share a base).
      var low = 0
      var high = bases.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if bases[middle].base <= offset { low = middle } else { high = middle }
      }
      return (bases[low].section, offset - bases[low].base)
    }
  }

  /// One end of a change in a summary: its row as printed, its item, and its offset beside when
  /// the two differ (`s2:0 X (flat 2)`).
  struct RowLabel {
    /// The row as printed: `0`, `s2:0` or `·`.
    var number: String
    /// The offset beside it where the two differ (` (flat 2)`), else empty.
    var note: String
    /// The item.
    var item: String

    init(offset: Int, _ found: (item: String, row: Row), beside kind: String) {
      number = found.row.text
      note = found.row.isOffset ? "" : " (\(kind) \(offset))"
      item = found.item
    }

    /// `ROW (KIND OFFSET)`, or `ROW`.
    var row: String { number + note }
    /// `ROW ITEM (KIND OFFSET)`, or `ROW ITEM`.
    var text: String { number + " " + Quoting.word(item) + note }
  }

  /// Appends `hierarchy NAME:` and one line per item that changed parent (parent and level
  /// before and after), or a summary of more than `summaryLimit` unless `full`; nothing when
  /// none did.
  ///
  /// ```text
  /// hierarchy main:
  ///   Garden: parent none, level 0 -> parent Food, level 1
  /// ```
  ///
  /// - Complexity: O(*h*), where *h* is the number of re-parented items.
  func appendHierarchy(
    _ changes: [HierarchyChange<String>], in section: String, full: Bool,
    to lines: inout [String]
  ) {
    guard let first = changes.first, let last = changes.last else { return }
    let title = "hierarchy " + Quoting.word(section)
    guard full || changes.count <= Self.summaryLimit else {
      lines.append(
        title + ": \(changes.count) items re-parented"
          + paint("  (a summary: \"last --full\" lists every one)", .dim))
      lines.append("  " + paint(Self.text(of: first) + " … " + Self.text(of: last), .move))
      return
    }
    lines.append(title + ":")
    for change in changes { lines.append("  " + paint(Self.text(of: change), .move)) }
  }

  /// `Garden: parent none, level 0 -> parent Food, level 1`.
  static func text(of change: HierarchyChange<String>) -> String {
    func place(_ place: HierarchyChange<String>.Place) -> String {
      "parent " + (place.parent.map(Quoting.word) ?? "none") + ", level \(place.level)"
    }
    return Quoting.word(change.item) + ": " + place(change.from) + " -> " + place(change.to)
  }
}
