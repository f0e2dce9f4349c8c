import Foundation
import OutlineLanguage
import OutlineTestSupport
import XCTest

/// `SwiftLiteral`: every identifier becomes a Swift string literal that compiles and means the
/// same text, checked by a decoder that follows the Swift grammar of string literals, and by the
/// Swift compiler itself on the identifiers of the fuzz corpus.
final class SwiftLiteralTests: XCTestCase {
  func testPlainTextStaysReadable() {
    XCTAssertEqual(SwiftLiteral.string("Food"), "\"Food\"")
    XCTAssertEqual(SwiftLiteral.string("Smileys 😀"), "\"Smileys 😀\"")
    XCTAssertEqual(SwiftLiteral.string("Crème brûlée"), "\"Crème brûlée\"")
    XCTAssertEqual(SwiftLiteral.string(""), "\"\"")
    XCTAssertEqual(SwiftLiteral.array(["A", "B c"]), "[\"A\", \"B c\"]")
  }

  func testQuotesBackslashesAndControlCharactersAreEscaped() {
    XCTAssertEqual(SwiftLiteral.string("say \"hi\""), #""say \"hi\"""#)
    XCTAssertEqual(SwiftLiteral.string(#"a\(b)"#), #""a\\(b)""#)
    XCTAssertEqual(SwiftLiteral.string("a\nb\r\tc\0"), #""a\nb\r\tc\0""#)
    XCTAssertEqual(SwiftLiteral.string("\u{7}\u{1B}[31m"), #""\u{7}\u{1B}[31m""#)
    XCTAssertEqual(SwiftLiteral.string("\u{7F}"), #""\u{7F}""#)
  }

  func testInvisibleAndCombiningScalarsAreEscaped() {
    // A combining accent, a right-to-left override, a zero-width joiner, a variation selector,
    // a line separator, a no-break space, a private-use and an unassigned scalar.
    XCTAssertEqual(SwiftLiteral.string("e\u{301}"), #""e\u{301}""#)
    XCTAssertEqual(SwiftLiteral.string("a\u{202E}b"), #""a\u{202E}b""#)
    XCTAssertEqual(SwiftLiteral.string("👩\u{200D}💻"), #""👩\u{200D}💻""#)
    XCTAssertEqual(SwiftLiteral.string("❤\u{FE0F}"), #""❤\u{FE0F}""#)
    XCTAssertEqual(SwiftLiteral.string("\u{2028}\u{A0}"), #""\u{2028}\u{A0}""#)
    XCTAssertEqual(SwiftLiteral.string("\u{E000}\u{378}"), #""\u{E000}\u{378}""#)
    XCTAssertEqual(SwiftLiteral.string("👍🏽"), #""👍\u{1F3FD}""#)
  }

  func testASCIIOnlyEscapesEveryOtherScalar() {
    XCTAssertEqual(SwiftLiteral.string("é😀", asciiOnly: true), #""\u{E9}\u{1F600}""#)
  }

  func testIdentifiersForKeptSnapshotNames() {
    XCTAssertEqual(SwiftLiteral.identifier("fruit"), "fruit")
    XCTAssertEqual(SwiftLiteral.identifier("my snap"), "kept_my_20snap")
    XCTAssertEqual(SwiftLiteral.identifier("snapshot"), "kept_snapshot")
    XCTAssertEqual(SwiftLiteral.identifier("class"), "kept_class")
    XCTAssertEqual(SwiftLiteral.identifier("2nd"), "kept_2nd")
    XCTAssertEqual(SwiftLiteral.identifier("a_b"), "a_b")
    XCTAssertNotEqual(SwiftLiteral.identifier("a b"), SwiftLiteral.identifier("a_20b"))
  }

  /// Every identifier of the fuzz corpus, and some made to be hostile, decodes back to itself.
  func testCorpusIdentifiersDecodeBackToThemselves() throws {
    let identifiers = try Self.corpusIdentifiers() + Self.hostile
    XCTAssertGreaterThan(identifiers.count, 100)
    for identifier in identifiers {
      for asciiOnly in [false, true] {
        let literal = SwiftLiteral.string(identifier, asciiOnly: asciiOnly)
        XCTAssertEqual(
          try Self.decode(literal), identifier, "\(literal) (asciiOnly: \(asciiOnly))")
      }
    }
  }

  /// The Swift compiler reads the literals of every corpus identifier as the same text: a
  /// program holding them prints each one's scalars, compared with the identifiers'.
  func testTheSwiftCompilerReadsTheLiteralsBack() throws {
    guard let swiftc = Self.executable("swiftc") else {
      throw XCTSkip("no swiftc on PATH")
    }
    let identifiers = try Self.corpusIdentifiers() + Self.hostile
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swift-literal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source =
      "let identifiers: [String] = [\n"
      + identifiers.map { "  " + SwiftLiteral.string($0) + "," }.joined(separator: "\n")
      + "\n]\nfor identifier in identifiers {\n"
      + "  print(identifier.unicodeScalars.map { String($0.value, radix: 16) }"
      + ".joined(separator: \" \"))\n}\n"
    let file = folder.appendingPathComponent("main.swift")
    try Data(source.utf8).write(to: file)
    let program = folder.appendingPathComponent("literals")
    let compile = try Self.run(swiftc, ["-Onone", file.path, "-o", program.path])
    XCTAssertEqual(compile.status, 0, compile.output)
    guard compile.status == 0 else { return }
    let run = try Self.run(program.path, [])
    XCTAssertEqual(run.status, 0)
    let expected = identifiers.map {
      $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }
    XCTAssertEqual(
      run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
        String.init), expected)
  }

  // MARK: Support

  /// Identifiers that stress the escapes.
  static let hostile = [
    "\"", "\\", "\\(x)", "\"\"\"", "#", "\"#", "a\u{0}b", "\u{1B}[2J", "\u{202E}evil", "e\u{301}",
    "\u{301}", "\u{FEFF}", "\u{FFFF}", "\u{10FFFF}", "\u{D7FF}", "line\u{2028}break", "\r\n",
    "👩\u{200D}👩\u{200D}👧", "🇫🇷", "❤️", "👍🏿", "ｆｕｌｌ", "\u{E0041}", "*/", "/*",
  ]

  /// The identifiers and other words of every script in `fuzz/corpus`, each line read by the
  /// lexer (lines that do not lex are skipped).
  static func corpusIdentifiers() throws -> [String] {
    let corpus = PackageRoot.url().appendingPathComponent("fuzz/corpus")
    var words: [String] = []
    var seen: Set<String> = []
    for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
      let data = try Data(contentsOf: corpus.appendingPathComponent(name))
      let text = String(decoding: data, as: UTF8.self)
      for line in text.split(whereSeparator: \.isNewline) {
        guard let tokens = try? Lexer.tokens(in: String(line)) else { continue }
        for token in tokens where seen.insert(token.text).inserted { words.append(token.text) }
      }
    }
    return words
  }

  enum DecodingError: Error { case notALiteral(String) }

  /// The text a Swift string literal stands for, following the grammar of a single-line
  /// literal: no raw `"`, `\`, line feed or carriage return inside; escapes `\0 \\ \t \n \r \"
  /// \'` and `\u{…}` of one to eight hexadecimal digits naming a scalar.
  static func decode(_ literal: String) throws -> String {
    var scalars = Array(literal.unicodeScalars)
    guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
      throw DecodingError.notALiteral(literal)
    }
    scalars = Array(scalars.dropFirst().dropLast())
    var out = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      switch scalar {
      case "\"", "\n", "\r": throw DecodingError.notALiteral(literal)
      case "\\":
        guard index < scalars.count else { throw DecodingError.notALiteral(literal) }
        let escape = scalars[index]
        index += 1
        switch escape {
        case "0": out.append("\0")
        case "\\": out.append("\\")
        case "t": out.append("\t")
        case "n": out.append("\n")
        case "r": out.append("\r")
        case "\"": out.append("\"")
        case "'": out.append("'")
        case "u":
          guard index < scalars.count, scalars[index] == "{",
            let close = scalars[index...].firstIndex(of: "}")
          else { throw DecodingError.notALiteral(literal) }
          let digits = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
          guard (1...8).contains(digits.count), let value = UInt32(digits, radix: 16),
            let decoded = Unicode.Scalar(value)
          else { throw DecodingError.notALiteral(literal) }
          out.append(decoded)
          index = close + 1
        default: throw DecodingError.notALiteral(literal)
        }
      default:
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// The path of `name` on `PATH`.
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs `path` with `arguments`: its exit status and its output and errors together.
  static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
