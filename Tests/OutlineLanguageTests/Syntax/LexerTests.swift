import OutlineLanguage
import XCTest

/// `Lexer`: blanks, quotes and escapes, `;` and `#`, flags and references, columns in
/// `Character`s, and the two lexical errors.
final class LexerTests: XCTestCase {
  /// Every token of `line`.
  private func lex(_ line: String) throws -> [Token] { try Lexer.tokens(in: line) }

  private func word(_ text: String, _ column: Int, _ length: Int, quoted: Bool = false) -> Token {
    Token(.word, text, quoted: quoted, column: column, length: length)
  }

  func testWordsAreRunsOfNonBlanksWithTheirColumns() throws {
    XCTAssertEqual(
      try lex("  append\tA  Bb "),
      [word("append", 3, 6), word("A", 10, 1), word("Bb", 13, 2)])
  }

  func testEmptyAndBlankLinesHaveNoTokens() throws {
    XCTAssertEqual(try lex(""), [])
    XCTAssertEqual(try lex(" \t "), [])
  }

  func testQuotedWordKeepsBlanksAndUnescapesQuoteAndBackslash() throws {
    XCTAssertEqual(
      try lex(#"say "a  \"b\" \\ c""#),
      [word("say", 1, 3), word(#"a  "b" \ c"#, 5, 15, quoted: true)])
  }

  func testBackslashBeforeAnyOtherCharacterIsKeptInQuotes() throws {
    XCTAssertEqual(try lex(#""C:\tmp\n""#), [word(#"C:\tmp\n"#, 1, 10, quoted: true)])
  }

  func testBackslashAndQuoteInsideAnUnquotedWordAreOrdinary() throws {
    XCTAssertEqual(
      try lex(#"a\b 5" x"y"#), [word(#"a\b"#, 1, 3), word("5\"", 5, 2), word("x\"y", 8, 3)])
  }

  func testEmptyQuotedWord() throws {
    XCTAssertEqual(try lex(#"delete """#), [word("delete", 1, 6), word("", 8, 2, quoted: true)])
  }

  func testSemicolonSeparatesEvenWithoutBlanksButNotInQuotes() throws {
    XCTAssertEqual(
      try lex(#"a;b "c;d""#),
      [
        word("a", 1, 1), Token(.semicolon, ";", column: 2, length: 1), word("b", 3, 1),
        word("c;d", 5, 5, quoted: true),
      ])
  }

  func testHashStartsACommentOnlyAtTheStartOfAWord() throws {
    var lexer = Lexer(##"C# "#x" a#b #c d"##)
    XCTAssertEqual(try lexer.next(), word("C#", 1, 2))
    XCTAssertEqual(try lexer.next(), word("#x", 4, 4, quoted: true))
    XCTAssertEqual(try lexer.next(), word("a#b", 9, 3))
    XCTAssertNil(try lexer.next())
    XCTAssertEqual(lexer.column, 13, "the column where the comment begins")
    XCTAssertNil(try lexer.next())
  }

  func testCommentRightAfterAClosingQuoteOrSemicolon() throws {
    XCTAssertEqual(try lex(##""a"#c"##), [word("a", 1, 3, quoted: true)])
    XCTAssertEqual(
      try lex("a;#c"), [word("a", 1, 1), Token(.semicolon, ";", column: 2, length: 1)])
  }

  func testFlagsAndReferencesAreClassifiedByTheirUnquotedSpelling() throws {
    XCTAssertEqual(
      try lex(#"--force @kept "--force" "@kept" -- @ -x"#),
      [
        Token(.flag, "--force", column: 1, length: 7),
        Token(.reference, "@kept", column: 9, length: 5),
        word("--force", 15, 9, quoted: true), word("@kept", 25, 7, quoted: true),
        word("--", 33, 2), word("@", 36, 1), word("-x", 38, 2),
      ])
  }

  func testQuotedReferenceName() throws {
    let tokens = try lex(#"insert @"my \"tree\"" before A"#)
    XCTAssertEqual(
      tokens[1], Token(.reference, #"@my "tree""#, quoted: true, column: 8, length: 14))
    XCTAssertEqual(tokens[1].name, #"my "tree""#)
    XCTAssertEqual(tokens[2], word("before", 23, 6))
  }

  func testColumnsCountCharactersSoAnEmojiIsOneColumn() throws {
    XCTAssertEqual(
      try lex(#"append "Smileys 😀" 👨‍👩‍👧 é"#),
      [
        word("append", 1, 6), word("Smileys 😀", 8, 11, quoted: true), word("👨‍👩‍👧", 20, 1),
        word("é", 22, 1),
      ])
  }

  func testAnASCIICharacterThatStartsAClusterIsReadAsTheWholeCluster() throws {
    // The lexer reads ASCII bytewise only where a byte is a whole Character: not `e` before a
    // combining accent, not a blank before one (a blank with an accent is still a blank), not
    // the `\r` of `\r\n`.
    XCTAssertEqual(
      try lex("ab e\u{301}x y"), [word("ab", 1, 2), word("e\u{301}x", 4, 2), word("y", 7, 1)])
    XCTAssertEqual(try lex("a \u{301}b"), [word("a", 1, 1), word("b", 3, 1)])
    XCTAssertEqual(try lex("a\r\nb"), [word("a", 1, 1), word("b", 3, 1)])
    XCTAssertEqual(
      try lex("x;e\u{301}"),
      [word("x", 1, 1), Token(.semicolon, ";", column: 2, length: 1), word("e\u{301}", 3, 1)])
    XCTAssertEqual(
      try lex("--é @é -- @"),
      [
        Token(.flag, "--é", column: 1, length: 3), Token(.reference, "@é", column: 5, length: 2),
        word("--", 8, 2), word("@", 11, 1),
      ])
  }

  func testRandomUnquotedLinesLexAsCharacterRunsBetweenBlanksAndSemicolons() throws {
    // The byte-run fast path against the rule read Character by Character, on lines mixing
    // ASCII with clusters that begin with an ASCII byte (`e` + U+0301, `\r\n`), a lone combining
    // mark, non-ASCII blanks (U+00A0, U+2003) and emoji.
    let pieces = [
      "a", "Bc", " ", "\t", ";", "é", "e\u{301}", "\u{301}", "\r\n", "\r", "\n", "😀", "\u{A0}",
      "\u{2003}", "x1",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let line = (0..<Int.random(in: 0...12, using: &generator))
        .map { _ in pieces.randomElement(using: &generator)! }.joined()
      var expected: [Token] = []
      var word = ""
      var start = 0
      let characters = Array(line) + [" "]  // a blank ends the last word
      for (offset, character) in characters.enumerated() {
        if character.isWhitespace || character == ";" {
          if !word.isEmpty {
            expected.append(Token(.word, word, column: start + 1, length: word.count))
            word = ""
          }
          if character == ";" {
            expected.append(Token(.semicolon, ";", column: offset + 1, length: 1))
          }
        } else {
          if word.isEmpty { start = offset }
          word.append(character)
        }
      }
      XCTAssertEqual(try lex(line), expected, line.debugDescription)
    }
  }

  func testTokenHelpers() {
    let token = Token(.reference, "@kept", column: 4, length: 5)
    XCTAssertEqual(token.endColumn, 9)
    XCTAssertEqual(token.name, "kept")
    XCTAssertTrue(word("to", 1, 2).isKeyword("to"))
    XCTAssertFalse(word("to", 1, 4, quoted: true).isKeyword("to"))
  }

  // MARK: Errors

  func testUnterminatedQuotePointsAtTheOpeningQuoteAndConsumesTheLine() {
    var lexer = Lexer(#"append "Smileys 😀; show"#)
    XCTAssertEqual(try lexer.next(), word("append", 1, 6))
    XCTAssertThrowsError(try lexer.next()) { error in
      XCTAssertEqual(error as? SyntaxError, SyntaxError(.unterminatedQuote, column: 8))
    }
    XCTAssertNil(try lexer.next())
  }

  func testUnterminatedQuoteOfAReferencePointsAtTheQuote() {
    XCTAssertThrowsError(try lex(#"insert @"kept"#)) { error in
      XCTAssertEqual((error as? SyntaxError)?.column, 9)
    }
  }

  func testEscapedClosingQuoteLeavesTheWordUnterminated() {
    XCTAssertThrowsError(try lex(#""a\""#)) { error in
      XCTAssertEqual(error as? SyntaxError, SyntaxError(.unterminatedQuote, column: 1))
    }
  }

  func testWordStuckToAClosingQuoteIsAnErrorAfterWhichLexingGoesOn() throws {
    var lexer = Lexer(#"say "a"b c"#)
    XCTAssertEqual(try lexer.next(), word("say", 1, 3))
    XCTAssertThrowsError(try lexer.next()) { error in
      XCTAssertEqual(error as? SyntaxError, SyntaxError(.blankExpectedAfterQuote, column: 8))
    }
    XCTAssertEqual(try lexer.next(), word("b", 8, 1))
    XCTAssertEqual(try lexer.next(), word("c", 10, 1))
  }

  func testLexicalErrorMessages() {
    XCTAssertEqual(
      SyntaxError(.unterminatedQuote, column: 3).message,
      #"unterminated quote: no closing " on the line"#)
    XCTAssertEqual(
      SyntaxError(.blankExpectedAfterQuote, column: 3).message,
      #"expected a blank, ";" or end of line after a closing quote"#)
    XCTAssertEqual(SyntaxError(.unterminatedQuote, column: 3).code, .syntax)
  }
}
