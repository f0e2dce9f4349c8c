import OutlineTestSupport

/// The commands of an editor a person keeps (SPEC §4) that a random session draws: notes,
/// attributes, searches with a scope or a regular expression, the clipboard, several items
/// duplicated, and the flat snapshot's `insert-items`.
extension RandomSessionGenerator {
  /// Regular expressions for `find --regex` and `filter --regex`, valid ones more often.
  static let regexes = [
    "^A", "B$", "x.y", "[AB]", "(?i)b", "h", "^https?://", "[0-9]", "o", "e$", "^$", "=",
  ]
  /// Patterns that are no regular expression: `--regex` refuses them as the line is read.
  static let invalidRegexes = ["(", "[AB", "A)", "*A", "x{2,1}", "(?<n", "[z-a]", "a**"]
  /// Plain patterns and globs that notes and attribute values match.
  static let textPatterns = ["crisp", "HTTP*", "*feed", "example", "4?", "type=*", "x y", "a"]
  /// Notes and attribute values.
  static let texts = ["crisp", "http://a.example/feed", "https://b.example", "x y", "42", "A"]
  /// Attribute names (`text` is refused, `_note` is the note).
  static let attributeNames = ["xmlUrl", "type", "text", "_note", "title", "x y"]

  /// A command of an editor a person keeps (SPEC §4): notes, attributes, searches with a
  /// scope or a regular expression, the clipboard, several items duplicated.
  mutating func keeping(_ state: ReferenceSession) -> ReferenceCommand {
    switch int(11) {
    case 0: return .note(item(state), chance(30) ? nil : chance(15) ? "" : pick(Self.texts))
    case 1, 2:
      let edit: ReferenceCommand.AttributeEdit? =
        chance(20)
        ? nil
        : chance(25)
          ? .delete(pick(Self.attributeNames))
          : .set(pick(Self.attributeNames), pick(Self.texts))
      return .attr(item(state), edit)
    case 3, 4:
      let regex = chance(50)
      let pattern =
        regex
        ? pick(chance(85) ? Self.regexes : Self.invalidRegexes)
        : chance(50) ? pick(Self.textPatterns) : pick(Self.patterns)
      return .search(
        pattern, regex: regex, scope: chance(30) ? nil : pick(ReferenceCommand.Scope.allCases),
        filtering: chance(40))
    case 5: return .cut(items(state))
    case 6: return .copy(items(state))
    case 7, 8:
      guard state.clipboard != nil || chance(10) else {
        return chance(50) ? .cut(items(state)) : .copy(items(state))
      }
      let anchor = item(state)
      return .paste(pick([.before(anchor), .after(anchor), .into(anchor), .intoView]))
    default:
      let items = (0..<(2 + int(2))).map { _ in item(state) }
      return .duplicateEach(items)
    }
  }

  /// The line of one of the commands `keeping(_:)` (or `flat(_:)`'s `insert-items`) draws.
  mutating func keepingLine(for command: ReferenceCommand) -> String {
    switch command {
    case .insertItems(let items, let place, let flatten):
      return "insert-items " + words(items) + " " + text(place) + (flatten ? " --flatten" : "")
    case .search(let pattern, let regex, let scope, let filtering):
      var parts = [filtering ? "filter" : "find", word(pattern)]
      if let scope { parts.insert("--in \(scope.rawValue)", at: 1 + int(parts.count)) }
      if regex { parts.insert("--regex", at: 1 + int(parts.count)) }
      return parts.joined(separator: " ")
    case .duplicateEach(let items): return "duplicate " + itemWords(items)
    case .note(let item, let text):
      return "note " + itemWord(item) + (text.map { " " + word($0, bare: true) } ?? "")
    case .attr(let item, nil): return "attr " + itemWord(item)
    case .attr(let item, .set(let name, let value)?):
      return "attr \(itemWord(item)) \(word(name)) \(word(value))"
    case .attr(let item, .delete(let name)?):
      var parts = ["attr", itemWord(item), word(name)]
      parts.insert("--delete", at: 1 + int(parts.count))
      return parts.joined(separator: " ")
    case .cut(let items): return "cut " + itemWords(items)
    case .copy(let items): return "copy " + itemWords(items)
    case .paste(.before(let item)): return "paste before " + itemWord(item)
    case .paste(.after(let item)): return "paste after " + itemWord(item)
    case .paste(.into(let item)): return "paste into " + itemWord(item)
    case .paste(.intoView): return "paste into"
    default:
      preconditionFailure("not a command of an editor a person keeps: \(command)")
    }
  }
}
