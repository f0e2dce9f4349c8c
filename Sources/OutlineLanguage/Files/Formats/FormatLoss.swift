/// Something a reader found in a file and does not keep: a save of the outline it read would
/// not write it back, so writing that outline over the file would lose it.
///
/// Distinct from a note (`OutlineDocument.notes`), which only tells how the file was read (an
/// `expansionState` counted from 1, indentation that mixes tabs and spaces) and loses nothing.
/// The session remembers a read's losses and refuses to overwrite the file without `--force`
/// (SPEC §4, "Nothing is dropped in silence").
///
/// ```swift
/// let document = try OutlineFormat.markdown.read(Array("# Notes\n- A\n\n## Later\n- B\n".utf8))
/// document.losses.map(\.detail)
/// // ["the text before the list is not kept (line 1)", "1 more list is not kept: only the first
/// //  list is read (1 item, line 5)", "the text after the list is not kept (line 4)"]
/// FormatLoss.summary(document.losses)  // "1 list and 2 lines of text, the first at line 1"
/// ```
///
/// Layout is no loss: indentation, blank lines, list markers `*` and `+` written as `-`, line
/// endings, a byte-order mark, an OPML file's declared encoding and whitespace between its
/// elements. A loss is content: characters, elements, attributes, numbers.
package struct FormatLoss: Equatable, Hashable, Sendable {
  /// How many, in the unit `singular`/`plural` names.
  package var count: Int
  /// The unit, one of it: `list`, `comment`, `line of text`.
  package var singular: String
  /// The unit, several of it: `lists`, `comments`, `lines of text`.
  package var plural: String
  /// The 1-based line of the first one, when the reader knows it.
  package var line: Int?
  /// What was not kept, in words, for the load's warning: `2 comments are not kept (lines 3–9)`.
  package var detail: String

  package init(
    count: Int, _ singular: String, _ plural: String, line: Int?, detail: String
  ) {
    self.count = count
    self.singular = singular
    self.plural = plural
    self.line = line
    self.detail = detail
  }

  /// `31 lists`, `1 comment`: the count with thousands grouped and its unit.
  package var counted: String {
    Self.grouped(count) + " " + (count == 1 ? singular : plural)
  }

  /// The losses in one phrase, for a refused save: their counts by unit (losses of one unit
  /// added up, in the order they come), joined with commas and `and`, then the first line.
  ///
  /// `31 lists, 2 code blocks and 2,900 lines of text, the first at line 1`.
  ///
  /// - Complexity: O(*k*²) in the number of losses (a handful).
  package static func summary(_ losses: [FormatLoss]) -> String {
    var units: [FormatLoss] = []
    for loss in losses {
      if let index = units.firstIndex(where: { $0.singular == loss.singular }) {
        units[index].count += loss.count
      } else {
        units.append(loss)
      }
    }
    let parts = units.map(\.counted)
    var text =
      parts.count <= 1
      ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    if let first = losses.compactMap(\.line).min() {
      text += ", the first at line \(grouped(first))"
    }
    return text
  }

  /// `number` with its thousands grouped by commas: `2,900`, `1,000,000`, `-12`.
  package static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return (number < 0 ? "-" : "") + out
  }
}

/// Lines of a text file counted for a loss: how many, the first and the last.
///
/// ```swift
/// var lines = LineTally()
/// lines.add(4); lines.add(9)
/// lines.range  // "lines 4–9, 2 lines"
/// ```
struct LineTally {
  private(set) var first = 0
  private(set) var last = 0
  private(set) var count = 0

  /// Counts line `number` (lines come in order).
  mutating func add(_ number: Int) {
    if count == 0 { first = number }
    last = number
    count += 1
  }

  /// Whether no line was counted.
  var isEmpty: Bool { count == 0 }

  /// `line 4`, or `lines 4–9, 3 lines`.
  var range: String {
    if first == last { return "line \(FormatLoss.grouped(first))" }
    return "lines \(FormatLoss.grouped(first))–\(FormatLoss.grouped(last)), "
      + "\(FormatLoss.grouped(count)) lines"
  }
}
