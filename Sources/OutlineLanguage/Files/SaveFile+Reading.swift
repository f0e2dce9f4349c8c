import Diffable
import Foundation

extension SaveFile {
  /// Reads and checks a save file: all of it, before anything uses it.
  ///
  /// Checks, in order: the bytes are UTF-8 JSON of the right shape (`format`, `version`), the
  /// section names are unique, every identifier is unique across all sections, every item's
  /// parent comes before it in the same section, every rule parses, and the current section is
  /// one of the sections. Items are added in file order, each as the last child of its parent,
  /// so a hand-edited file whose children are not right after their parent is still read.
  ///
  /// - Throws: A message naming the first problem and where it is
  ///   (`sections[0].items[3]: parent "Fod" does not come before "Apple"`).
  /// - Complexity: O(*n* log *n*) in the number of items.
  init(reading bytes: [UInt8]) throws(LoadProblem) {
    let raw: RawFile
    do {
      raw = try JSONDecoder().decode(RawFile.self, from: Data(bytes))
    } catch let error as DecodingError {
      throw LoadProblem(Self.describe(error))
    } catch {
      throw LoadProblem("not a save file: \(error.localizedDescription)")
    }
    if let (place, key) = JSONDuplicateKeys.first(in: bytes) {
      throw LoadProblem(
        (place.isEmpty ? "" : place + ": ")
          + "key \(JSONValue.string(key).serialized) appears twice")
    }
    guard raw.format == Self.format else {
      throw LoadProblem("\"format\" is \(JSONValue.string(raw.format).serialized), not \"outline\"")
    }
    guard raw.version == Self.version else {
      throw LoadProblem("version \(raw.version) is not supported (this outline reads version 1)")
    }
    var seenSections: Set<String> = []
    var seenItems: [String: String] = [:]  // item → its section
    var sections: [(name: String, outline: SectionSnapshot<String>)] = []
    for (index, section) in raw.sections.enumerated() {
      guard seenSections.insert(section.name).inserted else {
        throw LoadProblem("sections[\(index)]: section \(Quoting.word(section.name)) appears twice")
      }
      for (itemIndex, item) in section.items.enumerated() {
        if let other = seenItems.updateValue(section.name, forKey: item.item) {
          throw LoadProblem(
            "sections[\(index)].items[\(itemIndex)]: item \(Quoting.word(item.item)) appears "
              + (other == section.name
                ? "twice in section \(Quoting.word(other))"
                : "in sections \(Quoting.word(other)) and \(Quoting.word(section.name))"))
        }
      }
      sections.append(
        (section.name, try Self.outline(section.items, at: "sections[\(index)]")))
    }
    guard !sections.isEmpty else { throw LoadProblem("\"sections\" is empty") }
    guard seenSections.contains(raw.section) else {
      throw LoadProblem("the current section \(Quoting.word(raw.section)) is not in \"sections\"")
    }
    var rules: [Command.Rule] = []
    for (index, text) in (raw.rules ?? []).enumerated() {
      guard case .rules(.add(let rule)) = try? CommandParser.parse(command: "rule " + text) else {
        throw LoadProblem("rules[\(index)]: \(JSONValue.string(text).serialized) is not a rule")
      }
      rules.append(rule)
    }
    var snapshots: [(name: String, outline: SectionSnapshot<String>)] = []
    var seenNames: Set<String> = []
    for (index, snapshot) in (raw.snapshots ?? []).enumerated() {
      guard seenNames.insert(snapshot.name).inserted else {
        throw LoadProblem(
          "snapshots[\(index)]: \(Quoting.reference(snapshot.name)) appears twice")
      }
      snapshots.append(
        (snapshot.name, try Self.outline(snapshot.items, at: "snapshots[\(index)]")))
    }
    self.init(section: raw.section, sections: sections, rules: rules, snapshots: snapshots)
  }

  /// Builds one outline from its items, each appended to its parent in file order.
  private static func outline(_ items: [RawItem], at place: String) throws(LoadProblem)
    -> SectionSnapshot<String>
  {
    var outline = SectionSnapshot<String>()
    var expanded: [String] = []
    for (index, item) in items.enumerated() {
      if let parent = item.parent, !outline.contains(parent) {
        throw LoadProblem(
          "\(place).items[\(index)]: parent \(Quoting.word(parent)) does not come before "
            + Quoting.word(item.item))
      }
      do {
        try outline.append([item.item], to: item.parent)
      } catch {
        throw LoadProblem("\(place).items[\(index)]: \(error.message)")
      }
      if item.expanded ?? false { expanded.append(item.item) }
    }
    outline.expand(expanded)
    return outline
  }

  /// A decoding error in a sentence, with the JSON path where it happened.
  private static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      var text = ""
      for key in context.codingPath {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text.isEmpty ? "" : text + ": "
    }
    switch error {
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return "not valid JSON (the file may be truncated or not a save file)"
      }
      return path(context) + context.debugDescription
    case .keyNotFound(let key, let context):
      return path(context) + "\"\(key.stringValue)\" is missing"
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return path(context) + "expected " + describe(type)
    @unknown default:
      return "not a save file"
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Int.Type: return "a number"
    case is Bool.Type: return "true or false"
    case is [Any].Type, is [RawItem].Type, is [RawSection].Type, is [String].Type:
      return "a list"
    default: return "an object"
    }
  }
}

/// Why a save file cannot be loaded.
struct LoadProblem: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

/// The save file as JSON holds it, before any check.
private struct RawFile: Decodable {
  var format: String
  var version: Int
  var section: String
  var sections: [RawSection]
  var rules: [String]?
  var snapshots: [RawSection]?
}

private struct RawSection: Decodable {
  var name: String
  var items: [RawItem]
}

private struct RawItem: Decodable {
  var item: String
  var parent: String?
  var expanded: Bool?
}
