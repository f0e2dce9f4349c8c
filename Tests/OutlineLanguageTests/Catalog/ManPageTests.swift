import Foundation
import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// The man page, `man/outline.1`, against what it documents.
///
/// Every form of `CommandCatalog` is an item of COMMANDS under its group's subsection, naming
/// the Apple API it calls; every `CommandError.Code` is an item of ERROR CODES; every option of
/// SPEC §2 is an item of OPTIONS; and the sections come in order. `scripts/lint-man` checks the
/// markup itself.
final class ManPageTests: XCTestCase {
  /// The page's sections, in their order.
  static let sections = [
    "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS",
    "THE PLAYGROUND",  // SPEC §4, `outline serve`
    "JSON OUTPUT", "SAVE FILES", "OUTLINE FILES",
    "ERROR CODES", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO",
  ]

  /// SPEC §2's options, §2 `--json`'s `--json-snapshots`, and §3's teaching outputs.
  static let options = [
    "-c", "-i", "-q", "--json", "--json-snapshots", "--keep-going", "--echo", "--no-color",
    "--quiet", "--history", "--help", "--version", "--swift", "--emit-swift", "--emit-html",
    "--diff",  // SPEC §4, "Files that lose nothing"
    "--output", "--no-banner",  // SPEC §4, "Output for editing"
    "--quiz",  // SPEC §4, "Predict, then see"
    "--open",  // opening a file to edit from the command line
  ]

  func testSectionsComeInTheirOrder() throws {
    XCTAssertEqual(try ManPage.read().sectionNames, Self.sections)
  }

  func testCommandsHasOneSubsectionPerGroupInTheCatalogsOrder() throws {
    let page = try ManPage.read()
    let groups = CommandCatalog.Group.allCases.filter { group in
      CommandCatalog.entries.contains { $0.group == group }
    }
    XCTAssertEqual(page.subsections(of: "COMMANDS").map(\.title), groups.map(\.rawValue))
  }

  func testEverySyntaxOfTheCatalogIsAnItemUnderItsGroup() throws {
    let page = try ManPage.read()
    for entry in CommandCatalog.entries {
      let items = page.items(in: page.lines(of: "COMMANDS", subsection: entry.group.rawValue))
      for syntax in entry.syntax {
        XCTAssert(
          items.contains { $0.heads.contains(ManPage.words(in: syntax)) },
          "\(entry.name): no item \"\(syntax)\" under \"\(entry.group.rawValue)\"")
      }
    }
  }

  func testEveryItemOfCommandsIsASyntaxOfTheCatalog() throws {
    let page = try ManPage.read()
    let syntaxes = Set(CommandCatalog.entries.flatMap(\.syntax).map(ManPage.words(in:)))
    for head in page.items(in: page.lines(of: "COMMANDS")).flatMap(\.heads) {
      XCTAssert(syntaxes.contains(head), "\(head.joined(separator: " ")) is not in the catalog")
    }
  }

  func testEveryAppleAPIOfTheCatalogIsNamedInItsCommandsItem() throws {
    let page = try ManPage.read()
    let items = page.items(in: page.lines(of: "COMMANDS"))
    for entry in CommandCatalog.entries {
      guard entry.appleAPI != nil else { continue }
      let words = ManPage.words(in: entry.syntax[0])
      guard let item = items.first(where: { $0.heads.contains(words) }) else {
        XCTFail("\(entry.name): no item")
        continue
      }
      for name in entry.appleAPINames {
        XCTAssert(item.body.contains(name), "\(entry.name): \(name) is not named")
      }
    }
  }

  func testTheUndoDepthItStatesIsTheSessions() throws {
    let page = try ManPage.read()
    let sentence = "The history keeps the last \(Session().historyLimit) steps."
    XCTAssertTrue(page.lines.contains(sentence), "the page should say: \(sentence)")
  }

  func testEveryErrorCodeIsAnItemOfErrorCodes() throws {
    let page = try ManPage.read()
    let codes = page.items(in: page.lines(of: "ERROR CODES")).flatMap(\.heads).flatMap { $0 }
    XCTAssertEqual(codes, CommandError.Code.allCases.map(\.rawValue))
  }

  func testEveryOptionOfTheSpecIsAnItemOfOptions() throws {
    let page = try ManPage.read()
    let words = page.items(in: page.lines(of: "OPTIONS")).flatMap(\.heads).flatMap { $0 }
    for option in Self.options {
      XCTAssert(words.contains(option), "\(option) is not an item of OPTIONS")
    }
    for word in words where word.hasPrefix("-") {
      XCTAssert(Self.options.contains(word), "\(word) is not an option of SPEC §2")
    }
  }

  func testItemWordsDropMacrosAndKeepWhatTheyShow() {
    XCTAssertEqual(
      ManPage.shownWords(ofItem: ".It Cm expand Oo Fl -force Oc Ar ITEM ..."),
      ["expand", "--force", "ITEM"])
    XCTAssertEqual(
      ManPage.shownWords(ofItem: ".It Cm insert Li @ Ns Ar NAME Cm before | after Ar ITEM"),
      ["insert", "@NAME", "before", "after", "ITEM"])
    XCTAssertEqual(ManPage.shownWords(ofItem: ".It Fl q , Fl -quiet"), ["-q", "--quiet"])
    XCTAssertEqual(
      ManPage.words(in: "insert @NAME before|after ITEM"),
      ["insert", "@NAME", "before", "after", "ITEM"])
  }
}

/// The man page's mdoc source, read just enough to find its sections, subsections and list items.
private struct ManPage {
  /// One list item: the words of its `.It` lines (several for a command with several forms) and
  /// the source of its body.
  struct Item {
    var heads: [[String]]
    var body: String
  }

  /// The source lines.
  let lines: [String]

  /// The page in the package: `man/outline.1`.
  static func read() throws -> ManPage {
    let root = PackageRoot.url()
    let text = try String(
      contentsOf: root.appendingPathComponent("man/outline.1"), encoding: .utf8)
    return ManPage(lines: text.components(separatedBy: "\n"))
  }

  /// The titles of the `.Sh` lines.
  var sectionNames: [String] {
    lines.compactMap { $0.hasPrefix(".Sh ") ? String($0.dropFirst(4)) : nil }
  }

  /// The lines of section `name`, after its `.Sh` line; empty when there is none.
  func lines(of name: String) -> ArraySlice<String> {
    guard let start = lines.firstIndex(of: ".Sh " + name) else { return [] }
    let rest = lines[(start + 1)...]
    return rest.prefix { !$0.hasPrefix(".Sh ") }
  }

  /// The `.Ss` subsections of section `name`: each title and the lines after it.
  func subsections(of name: String) -> [(title: String, lines: ArraySlice<String>)] {
    let section = lines(of: name)
    return section.indices.filter { section[$0].hasPrefix(".Ss ") }.map { start in
      let rest = section[(start + 1)...]
      return (String(section[start].dropFirst(4)), rest.prefix { !$0.hasPrefix(".Ss ") })
    }
  }

  /// The lines of subsection `title` of section `name`; empty when there is none.
  func lines(of name: String, subsection title: String) -> ArraySlice<String> {
    subsections(of: name).first { $0.title == title }?.lines ?? []
  }

  /// The items of the `.Bl` lists in `lines`: consecutive `.It` lines make one item, whose body
  /// runs to the next `.It` or `.El`.
  func items(in lines: ArraySlice<String>) -> [Item] {
    var items: [Item] = []
    var current: Int?
    var afterItemLine = false
    for line in lines {
      if line.hasPrefix(".It") {
        let head = Self.shownWords(ofItem: line)
        if afterItemLine, let current {
          items[current].heads.append(head)
        } else {
          items.append(Item(heads: [head], body: ""))
          current = items.count - 1
        }
        afterItemLine = true
        continue
      }
      afterItemLine = false
      if line.hasPrefix(".Bl") || line.hasPrefix(".El") {
        current = nil
      } else if let current {
        items[current].body += line + "\n"
      }
    }
    return items
  }

  /// The mdoc macros an `.It` line of this page may use.
  static let macros: Set<String> = [
    "Ar", "Cm", "Fl", "Op", "Oo", "Oc", "Ns", "Li", "Ql", "Ic", "Ev", "Pa", "No", "Sy", "Em",
  ]

  /// The words an `.It` line shows: its macros dropped, `Fl` putting a dash before each of its
  /// arguments, `Ns` joining its neighbours, split as `words(in:)` splits.
  static func shownWords(ofItem line: String) -> [String] {
    var text = ""
    var flag = false
    var join = true
    for argument in line.split(separator: " ").dropFirst() {
      let argument = argument.replacingOccurrences(of: "\\&", with: "")
        .replacingOccurrences(of: "\\-", with: "-")
      if macros.contains(argument) {
        flag = argument == "Fl"
        join = join || argument == "Ns"
        continue
      }
      let isWord = argument.contains { $0.isLetter || $0.isNumber || $0 == "-" }
      text += (join ? "" : " ") + (flag && isWord ? "-" : "") + argument
      join = false
    }
    return words(in: text)
  }

  /// The words of a syntax line: runs of letters, digits, `-`, `_` and `@`, so that `ITEM...`,
  /// `[to PARENT]` and `before|after` give `ITEM`, `to PARENT` and `before after`.
  static func words(in text: String) -> [String] {
    text.split { !($0.isLetter || $0.isNumber || "-_@".contains($0)) }.map(String.init)
  }
}
