/// Why a file could not be read in a format, or an outline could not be written in one.
///
/// The message names the line where there is one (`line 12: tag name mismatch`), or the item
/// (`item 3 ("Notes"): …`) on write. The session reports it as an `io` error, naming the item
/// as a person sees it, by its row (`itemIndex`, `detail`).
package struct FormatProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The message, a sentence without a final period.
  package var message: String
  /// The index of the node being written that the problem is about (in pre-order), if any.
  package var itemIndex: Int?
  /// The message without the item it names: what is wrong with it.
  package var detail: String

  package init(_ message: String) {
    self.message = message
    self.detail = message
  }

  /// A problem at 1-based `line` of the file: `line 12: …`.
  package init(line: Int, _ message: String) {
    self.init("line \(line): \(message)")
  }

  /// A problem with node `index` of an outline being written: `item 4 ("Notes"): …`.
  package init(item index: Int, text: String, _ message: String) {
    let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
    self.message = "item \(index + 1) (\(shown.debugDescription)): \(message)"
    self.itemIndex = index
    self.detail = message
  }

  package var description: String { message }
}
