import Foundation
import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// Helpers of the format tests: reading text, drawing an outline, the fixtures, and random
/// documents for the round trips.
enum FormatTesting {
  /// Reads `text` (UTF-8) in `format`.
  static func read(_ format: OutlineFormat, _ text: String) throws -> OutlineDocument {
    try format.read(Array(text.utf8))
  }

  /// The outline as lines: two spaces a level, the text, `+` after an expanded node.
  static func shape(_ document: OutlineDocument) -> [String] {
    document.nodes.map {
      String(repeating: "  ", count: $0.level) + $0.text + ($0.expanded ? " +" : "")
    }
  }

  /// The problem reading `bytes` in `format` throws, or a failure when it reads.
  static func problem(
    _ format: OutlineFormat, _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line
  ) -> String {
    do {
      let document = try format.read(bytes)
      XCTFail("read \(document.nodes.count) nodes instead of failing", file: file, line: line)
      return ""
    } catch {
      return error.message
    }
  }

  /// The bytes of fixture `name`.
  static func fixture(_ name: String) throws -> [UInt8] {
    let url = PackageRoot.url()
      .appendingPathComponent("Tests/OutlineLanguageTests/Files/Formats/Fixtures/\(name)")
    return [UInt8](try Data(contentsOf: url))
  }

  /// Texts that a writer must escape or a reader could misread.
  static let oddTexts: [String] = [
    "plain", "TODO", "Notes", "", " ", "  two blanks  ", "\tTab first", "last tab\t",
    "- dash", "* star", "+ plus", "1. one", "2) two", "12.5% off", "# heading", "> quote",
    "```fence", "~~~", "<b>html</b>", "a & b", "&amp; literal", "&#10; literal", "&#x41;",
    "back\\slash", "\\- escaped", "ends with \\", "quote \" and 'apostrophe'", "[ ] task",
    "line\nbreak", "crlf\r\nhere", "cr\ronly", "café", "naïve 😀", "e\u{301} combining",
    "日本語のテキスト", "עברית", "---", "***", "_ _ _", "=", "|pipe|", "a  b", "\u{A0}nbsp",
    "\u{2028}separator", "x > y < z", "]]>", "-->", "<!-- comment -->",
  ]

  /// Texts a text file cannot hold: not used for `.text` round trips.
  static func textFileCanHold(_ text: String) -> Bool {
    IndentedTextWriter.problem(with: text) == nil
  }

  /// Whether a Markdown list item's line can hold `text` (no line break, no blank at either
  /// end).
  static func markdownCanHold(_ text: String) -> Bool {
    SourceLayout.problem(with: text) == nil
  }

  /// A random document of `count` nodes: levels a random walk, texts from `texts` (and random
  /// unicode), OPML attributes and head fields when `opml`, expansion only where OPML keeps
  /// it (a visible parent).
  static func randomDocument(
    count: Int, using random: inout SplitMix64, opml: Bool,
    texts: [String] = oddTexts
  ) -> OutlineDocument {
    var nodes: [OutlineDocument.Node] = []
    var level = 0
    for index in 0..<count {
      if index > 0 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: level += 1
        case 3..<5: level = Int.random(in: 0...level, using: &random)
        default: break
        }
      }
      let text =
        Bool.random(using: &random)
        ? texts.randomElement(using: &random)!
        : randomText(using: &random)
      var attributes: [Attribute] = []
      if opml {
        for name in ["_note", "type", "created", "url", "x-y.z"]
        where Int.random(in: 0..<3, using: &random) == 0 {
          attributes.append(.init(name: name, value: texts.randomElement(using: &random)!))
        }
        attributes.shuffle(using: &random)
      }
      nodes.append(
        OutlineDocument.Node(
          level: level, text: text, attributes: attributes, expanded: Bool.random(using: &random)))
    }
    var document = OutlineDocument(nodes: nodes)
    if opml {
      document.head = [
        .init(name: "title", value: texts.randomElement(using: &random)!),
        .init(name: "ownerName", value: randomText(using: &random)),
        .init(name: "windowTop", value: "\(Int.random(in: 0..<999, using: &random))"),
      ]
    }
    return representable(document)
  }

  /// `document` with `expanded` set only where a file keeps it (`FormatFuzzCheck`'s rule).
  static func representable(_ document: OutlineDocument) -> OutlineDocument {
    FormatFuzzCheck.representable(document)
  }

  /// A random string of 0 to 12 scalars from ASCII, Latin-1, CJK, emoji and combining marks
  /// (no control characters but tab and line breaks).
  static func randomText(using random: inout SplitMix64) -> String {
    let pools: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0xA0...0xFF, 0x4E00...0x4E80, 0x1F600...0x1F64F, 0x300...0x36F,
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      if Int.random(in: 0..<20, using: &random) == 0 {
        scalars.append(["\t", "\n", "\r"].randomElement(using: &random)!)
      } else {
        let pool = pools.randomElement(using: &random)!
        scalars.append(Unicode.Scalar(UInt32.random(in: pool, using: &random))!)
      }
    }
    return String(scalars)
  }
}
