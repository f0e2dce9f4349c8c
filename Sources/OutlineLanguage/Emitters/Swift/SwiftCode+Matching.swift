import Diffable

extension SwiftCode {
  /// The most items whose building `--swift` writes out for a matched outline; a larger one
  /// is a comment, as no person reads a hundred thousand appends.
  static let matchedBuildingLimit = 500

  /// The Swift of a text applied over an outline by the matching rule (`load` over an outline,
  /// `edit`, and what `diff` shows): the app builds the new section snapshot from its model,
  /// under the identifiers the rule kept, applies it, and reconfigures the visible items whose
  /// content changed; then what UIKit animates.
  ///
  /// - Parameters:
  ///   - what: The command, for the heading comment.
  ///   - final: The section snapshot the app builds.
  ///   - section: The section it is applied to.
  ///   - reconfigured: The visible items whose content changed.
  ///   - transaction: The transaction the apply makes, nil when it changes no row or item.
  /// - Complexity: O(*n*) in the items of `final` up to `matchedBuildingLimit`, plus O(*k*) in
  ///   the changes.
  static func matched(
    _ what: String, final: SectionSnapshot<String>, section: String, reconfigured: [String],
    transaction: Transaction<String, String>?
  ) -> [String] {
    var lines = [
      comment(
        what + ": the app builds the snapshot from the text, an unchanged or retitled line "
          + "keeping its item's identifier, and applies it once")
    ]
    if let transaction {
      if final.count <= matchedBuildingLimit {
        lines += SwiftTestEmitter.building(final)
      } else {
        lines += [
          "var snapshot = NSDiffableDataSourceSectionSnapshot<String>()",
          comment("… append the \(final.count) items level by level, as the text gives them"),
        ]
      }
      lines.append("dataSource.apply(snapshot, to: \(literal(section)))")
      lines.append(comment("UIKit animates " + animation(of: transaction)))
    }
    if !reconfigured.isEmpty {
      lines += [
        "var reconfiguring = dataSource.snapshot()",
        "reconfiguring.reconfigureItems(\(array(reconfigured)))",
        "dataSource.apply(reconfiguring)  // the same cells, given their new content",
      ]
    }
    if transaction == nil, reconfigured.isEmpty {
      lines.append(comment("nothing to apply: the outlines are the same"))
    }
    return lines
  }

  /// `2 deletions, 1 insertion and 1 move of rows`, or `no row` (a change of hidden items).
  static func animation(of transaction: Transaction<String, String>) -> String {
    let removals = transaction.removalOffsets
    let insertions = transaction.insertionOffsets
    let moves = insertions.filter { $0.associatedWith != nil }.count
    var parts: [String] = []
    func add(_ count: Int, _ noun: String) {
      if count > 0 { parts.append("\(count) \(noun)\(count == 1 ? "" : "s")") }
    }
    add(removals.count - moves, "deletion")
    add(insertions.count - moves, "insertion")
    add(moves, "move")
    guard !parts.isEmpty else { return "no row: only hidden items changed" }
    let list =
      parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    return list + " of rows"
  }
}
