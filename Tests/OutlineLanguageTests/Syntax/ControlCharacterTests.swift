import OutlineLanguage
import XCTest

/// Control characters in identifiers and text: the printer escapes them (`"bell\u{7}"`), the
/// lexer reads the escapes back, and nothing the renderer prints carries one, so an outline loaded
/// from a file or a script cannot send a terminal escape sequence (issue 4, hostile input).
final class ControlCharacterTests: XCTestCase {
  /// Identifiers holding C0 controls, DEL, a C1 control (CSI) and line breaks.
  static let hostile = [
    "red\u{1B}[31m", "bell\u{7}", "nul\u{0}end", "del\u{7F}", "csi\u{9B}2J", "line\nbreak",
    "cr\r", "\u{1B}]0;title\u{7}", "tab\tin",
  ]

  // MARK: Quoting and the lexer

  func testTheQuotedFormEscapesControlCharactersAndTheLexerReadsItBack() {
    XCTAssertEqual(Quoting.word("red\u{1B}[31m"), #""red\u{1B}[31m""#)
    XCTAssertEqual(Quoting.word("nul\u{0}end"), #""nul\u{0}end""#)
    XCTAssertEqual(Quoting.word("csi\u{9B}"), #""csi\u{9B}""#)
    XCTAssertEqual(Quoting.word("tab\tin"), "\"tab\tin\"", "a tab is a blank, kept as it is")
    XCTAssertEqual(Quoting.word(#"\u{41}"#), #"\u{41}"#, "a bare word keeps its backslash")
    XCTAssertEqual(Quoting.word(#"a \u{41}"#), #""a \\u{41}""#)
    for word in Self.hostile + [#"\u{41}"#, #"a \u{41}"#, "😀\u{1B}", "e\u{301}\u{7}"] {
      XCTAssertTrue(
        Quoting.needsQuotes(word) || !word.unicodeScalars.contains(where: Quoting.isControl))
      let tokens = try? Lexer.tokens(in: Quoting.word(word))
      XCTAssertEqual(tokens?.map(\.text), [word], Quoting.word(word))
      XCTAssertFalse(
        Quoting.word(word).unicodeScalars.contains(where: Quoting.isControl), Quoting.word(word))
    }
  }

  func testTheLexerReadsUnicodeEscapesInQuotes() throws {
    let cases: [(String, String)] = [
      (#""\u{41}""#, "A"), (#""\u{1F600}""#, "😀"), (#""a\u{1b}b""#, "a\u{1B}b"),
      (#""\u{00000041}""#, "A"), (#""\u""#, #"\u"#), (#""\u41""#, #"\u41"#),
      (#""\\u{41}""#, #"\u{41}"#), (#""C:\tmp""#, #"C:\tmp"#),
    ]
    for (line, text) in cases {
      XCTAssertEqual(try Lexer.tokens(in: line).map(\.text), [text], line)
    }
    // Outside quotes a backslash is an ordinary character.
    XCTAssertEqual(try Lexer.tokens(in: #"a\u{41}"#).map(\.text), [#"a\u{41}"#])
  }

  func testAnEscapeThatNamesNoScalarIsASyntaxErrorAtItsBackslash() {
    for line in [
      #""\u{}""#, #""\u{110000}""#, #""\u{D800}""#, #""\u{123456789}""#, #""\u{zz}""#,
      #""ok \u{41"#,
    ] {
      XCTAssertThrowsError(try Lexer.tokens(in: line), line) { error in
        if line.hasSuffix("41") {
          XCTAssertEqual(error as? SyntaxError, SyntaxError(.unterminatedQuote, column: 1))
        } else {
          XCTAssertEqual(error as? SyntaxError, SyntaxError(.invalidEscape, column: 2), line)
        }
      }
    }
    // The quoted word is read to its end, so the lexer goes on after it.
    var lexer = Lexer(#""x\u{}y" rest"#)
    XCTAssertThrowsError(try lexer.next())
    XCTAssertEqual(try lexer.next()?.text, "rest")
    let session = Session()
    let outcome = session.run(#"append "\u{110000}""#)
    XCTAssertEqual(outcome.error?.code, .syntax)
    XCTAssertEqual(
      outcome.error?.message,
      #"invalid escape: \u{HEX} takes 1 to 8 hex digits naming a Unicode scalar"#)
    XCTAssertEqual(session.dataSource.snapshot(for: "main").items, [])
  }

  // MARK: What the renderer prints

  /// A session whose outline, loaded from a save file, holds every hostile identifier, with the
  /// first one expanded and a rule and a section naming them.
  func hostileSession() throws -> Session {
    func json(_ text: String) -> String {
      var out = ""
      for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\""
          || scalar == "\\"
        {
          out += String(format: "\\u%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
      return "\"" + out + "\""
    }
    let root = Self.hostile[0]
    let items =
      [#"{"item": \#(json(root)), "parent": null, "expanded": true}"#]
      + Self.hostile.dropFirst().map {
        #"{"item": \#(json($0)), "parent": \#(json(root)), "expanded": false}"#
      }
    let file = """
      {"format": "outline", "version": 1, "section": "main",
       "sections": [{"name": "main", "items": [\(items.joined(separator: ", "))]},
                    {"name": \(json("sec\u{1B}[2J")), "items": []}],
       "rules": [\(json("no-collapse " + Quoting.word(root)))], "snapshots": []}
      """
    let files = MemoryFileSystem(["hostile.json": file])
    let session = Session(fileSystem: files)
    let loaded = session.run("load hostile.json")
    XCTAssertNil(loaded.error, "\(loaded.error!)")
    XCTAssertEqual(session.dataSource.snapshot(for: "main").items, Self.hostile)
    return session
  }

  func testNoRenderedLineCarriesAControlCharacter() throws {
    let session = try hostileSession()
    let root = Quoting.word(Self.hostile[0])
    let commands = [
      "show", "show --visible", "describe", "items", "visible", "expanded", "sections", "rules",
      "collapse \(root)", "expand \(root)", "move \(Quoting.word("bell\u{7}")) to-root",
      "drag 1 3", "last", "log", "undo", "redo", "child-snapshot \(root) as kept",
      "parent \(Quoting.word("cr\r"))", #"say "look: \u{1B}[2J here""#,
      #"delete "missing\u{1B}[31m""#, #"expand "missing\u{7}""#, #"section use "sec\u{1B}[2J""#,
      #"sectionz "\u{1B}""#, "help", "\u{1B}[31m",
    ]
    for color in [false, true] {
      let renderer = TextRenderer(color: color)
      for command in commands {
        let outcome = session.run(command)
        var lines = renderer.lines(for: outcome)
        if let error = outcome.error {
          lines.append(renderer.errorLine(error, at: SourceLocation(file: "f\u{7}", line: 1)))
        }
        for line in lines {
          // The colors' own escapes are the only ones: ESC [ digits/';' m.
          let uncolored = line.replacing(/\x{1B}\[[0-9;]*m/, with: "")
          XCTAssertFalse(
            uncolored.unicodeScalars.contains(where: Quoting.isControl),
            "\(command) printed \(line.debugDescription)")
        }
        for line in [outcome.json.serialized] {
          XCTAssertFalse(
            line.unicodeScalars.contains(where: Quoting.isControl),
            "\(command) --json printed \(line.debugDescription)")
        }
      }
    }
  }

  func testTheEscapedFormsAreWhatAPersonReadsAndWhatCommandsTakeBack() throws {
    let session = try hostileSession()
    let renderer = TextRenderer(color: false)
    XCTAssertEqual(
      renderer.lines(for: session.run("items")),
      [
        #""red\u{1B}[31m" "bell\u{7}" "nul\u{0}end" "del\u{7F}" "csi\u{9B}2J" "line\u{A}break" "#
          + #""cr\u{D}" "\u{1B}]0;title\u{7}" "# + "\"tab\tin\""
      ])
    XCTAssertEqual(
      renderer.lines(for: session.run("show")).prefix(3),
      [#"0  ▾ red\u{1B}[31m"#, #"1      bell\u{7}"#, #"2      nul\u{0}end"#])
    // The rule loaded from the file keeps the root from collapsing.
    XCTAssertEqual(
      renderer.lines(for: session.run(#"collapse "red\u{1B}[31m""#)),
      [#"shouldCollapseItem("red\u{1B}[31m") -> false"#])
    XCTAssertEqual(
      renderer.errorLine(session.run(#"delete "x\u{1B}""#).error!, at: nil),
      #"error: Failed to find index of item x\u{1B} in section snapshot"#)
    XCTAssertEqual(renderer.lines(for: session.run(#"say "a\u{7}b""#)), [#"a\u{7}b"#])
  }
}
