import Foundation
import OutlineTestSupport

/// Mutations of a script a command at a time, which the fuzzer mixes with libFuzzer's own
/// mutations of bytes: these reach the sequences of valid commands that bytes rarely make
/// (`rule no-expand B` and then `expand A B`), the bytes reach the malformed ones.
///
/// A mutation inserts a new command, built from the catalog's forms with identifiers already in
/// the script; or deletes, duplicates or swaps lines; or puts another identifier in place of
/// one. The files after a `#--- NAME` line are left as they are.
///
/// ```swift
/// var mutator = ScriptMutator(seed: 7)
/// mutator.mutate("append A B\nexpand A")  // e.g. "append A B\nrule no-expand B\nexpand A"
/// ```
struct ScriptMutator {
  /// The random choices, seeded by libFuzzer so that a run can be repeated.
  var random: SplitMix64

  /// Creates a mutator whose choices follow `seed`.
  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// The command forms, with `I` for an item, `K` a kept snapshot's name, `S` a section, `F` a
  /// file, `N` a row and `R` a rule number.
  static let forms = [
    "append I", "append I I I", "append I to I", "append I I to I", "insert I before I",
    "insert I after I", "delete I", "delete I I", "delete-all", "child-snapshot I",
    "child-snapshot I as K", "child-snapshot I --including-parent as K", "insert @K before I",
    "insert @K after I", "replace-children I with @K", "expand I", "expand I I", "collapse I",
    "collapse I I", "expand --force I", "collapse --force I I", "move I before I",
    "move I after I", "move I to I", "move I to-root", "drag N N", "indent I", "outdent I",
    "rule no-collapse I", "rule no-expand I", "rule no-reorder I", "rule lazy I I I",
    "rule no-collapse I*", "rule remove R", "rule clear", "rules", "show", "show --visible",
    "describe", "items", "visible", "roots", "expanded", "parent I", "level I", "index I",
    "is-expanded I", "is-visible I", "contains I", "count", "section add S", "section use S",
    "section delete S", "section move S before S", "section move S after S", "sections",
    "begin", "begin --empty", "apply", "discard", "last", "log", "undo", "redo", "save F",
    "load F", "source F", "expect items I I", "expect visible I", "expect parent I I",
    "expect parent I none", "expect level I N",
  ]

  /// Identifiers to use when the script has few of its own: the items of the check's files.
  static let items = [
    "A", "B", "C", "D", "Food", "Fruit", "Apple", "Drinks", "Water", "Star", "L3", "L39", "B3",
    "B3.4", "B19", "S1", "S3", "Z",
  ]
  static let sections = ["main", "side", "other"]
  static let files = ["saved.json", "big.json", "deep.json", "out.json", "script.outline"]
  static let kept = ["k", "fruit", "one"]

  /// The words that are not identifiers: command names, keywords and flags.
  static let keywords: Set<String> = {
    var words: Set<String> = ["to", "to-root", "before", "after", "with", "as", "none", "error"]
    for form in forms {
      for word in form.split(separator: " ") where word.count > 1 || word == "@" {
        words.insert(String(word))
      }
    }
    return words
  }()

  /// `script` mutated once, or nil when the mutation would make it longer than `maxSize` bytes.
  mutating func mutate(_ script: [UInt8], maxSize: Int) -> [UInt8]? {
    let text = String(decoding: script, as: UTF8.self)
    let (commands, files) = Self.split(text)
    var lines = commands.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let names = Self.identifiers(in: lines)
    switch lines.isEmpty ? 0 : random.next() % 8 {
    case 0, 1, 2, 3:
      lines.insert(command(names: names), at: index(in: lines.count + 1))
    case 4:
      lines.remove(at: index(in: lines.count))
    case 5:
      lines.insert(lines[index(in: lines.count)], at: index(in: lines.count + 1))
    case 6:
      lines.swapAt(index(in: lines.count), index(in: lines.count))
    default:
      let line = index(in: lines.count)
      var words = lines[line].split(separator: " ", omittingEmptySubsequences: false)
      let candidates = words.indices.filter { !Self.keywords.contains(String(words[$0])) }
      guard let word = candidates.randomElement(using: &random) else { return nil }
      words[word] = Substring(pick(names))
      lines[line] = words.joined(separator: " ")
    }
    let result = Array((lines.joined(separator: "\n") + "\n" + files).utf8)
    return result.count <= maxSize ? result : nil
  }

  /// A command of a random form, filled with identifiers from `names` and the defaults.
  mutating func command(names: [String]) -> String {
    var form = Self.forms.randomElement(using: &random)!
    if random.next() % 8 == 0 { form = "expect error " + form }
    var words: [String] = []
    for word in form.split(separator: " ") {
      switch word {
      case "I", "I*": words.append(pick(names) + (word == "I*" ? "*" : ""))
      case "K", "@K": words.append((word == "@K" ? "@" : "") + pick(Self.kept))
      case "S": words.append(pick(Self.sections))
      case "F": words.append(pick(Self.files))
      case "N": words.append(String(Int(random.next() % 14) - 1))
      case "R": words.append(String(random.next() % 4))
      default: words.append(String(word))
      }
    }
    return words.joined(separator: " ")
  }

  /// One of `choices`, or of the default items now and then.
  mutating func pick(_ choices: [String]) -> String {
    let pool = choices.isEmpty || random.next() % 4 == 0 ? Self.items : choices
    return pool.randomElement(using: &random)!
  }

  /// A random index below `count` (which is positive).
  mutating func index(in count: Int) -> Int { Int(random.next() % UInt64(count)) }

  /// The words of `lines` that may be identifiers: not keywords, flags, numbers or comments.
  static func identifiers(in lines: [String]) -> [String] {
    var seen: Set<String> = []
    var names: [String] = []
    for line in lines where !line.hasPrefix("#") && !line.hasPrefix("say ") {
      for word in line.split(whereSeparator: { $0 == " " || $0 == ";" }) {
        let word = String(word)
        guard !keywords.contains(word), let first = word.first, first != "-", first != "@",
          first != "#", first != "\"", Int(word) == nil, seen.insert(word).inserted
        else { continue }
        names.append(word)
        if names.count == 64 { return names }
      }
    }
    return names
  }

  /// The commands before the first `#--- NAME` line, and that line with everything after it.
  static func split(_ text: String) -> (commands: Substring, files: Substring) {
    if text.hasPrefix("#--- ") { return (text.prefix(0), text[...]) }
    guard let marker = text.range(of: "\n#--- ") else { return (text[...], text.suffix(0)) }
    return (text[..<marker.lowerBound], text[text.index(after: marker.lowerBound)...])
  }
}
