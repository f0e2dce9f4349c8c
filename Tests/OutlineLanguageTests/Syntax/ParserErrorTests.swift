import OutlineLanguage
import XCTest

/// `CommandParser`'s errors: for every way a command can be malformed, the exact message, the
/// column it points at and the SPEC's code.
final class ParserErrorTests: XCTestCase {
  // MARK: Unknown commands

  func testUnknownCommandSuggestsTheClosestName() {
    assertFails(
      "apend A", #"unknown command "apend" (did you mean "append"?)"#, column: 1,
      code: .unknownCommand)
    assertFails(
      "  Append A", #"unknown command "Append" (did you mean "append" or "append-items"?)"#,
      column: 3,
      code: .unknownCommand)
    assertFails(
      "mvoe A to-root", #"unknown command "mvoe" (did you mean "move"?)"#, column: 1,
      code: .unknownCommand)
    assertFails(
      "--help", #"unknown command "--help" (did you mean "help"?)"#, column: 1,
      code: .unknownCommand)
    // The beginning of a command's name suggests the commands it begins, not a short one two
    // edits away ("exp" suggested "help").
    assertFails(
      "exp A", #"unknown command "exp" (did you mean "expand", "expanded" or "export"?)"#,
      column: 1, code: .unknownCommand)
    assertFails(
      "dup A", #"unknown command "dup" (did you mean "duplicate"?)"#, column: 1,
      code: .unknownCommand)
  }

  /// A learner re-enacting iOS code types Apple's names, or the call itself: the error names
  /// outline's command for it, or that `help` says what to use.
  func testAnAppleNameAsACommandNamesTheCommandThatDoesIt() {
    assertFails(
      "appendSections Archive",
      #"unknown command "appendSections" (Apple's appendSections: outline's command is "#
        + #""section add"; help appendSections says more)"#,
      column: 1, code: .unknownCommand)
    assertFails(
      #"snapshot.appendItems(["K2"])"#,
      #"unknown command "snapshot.appendItems(["K2"])" (Apple's appendItems: outline's "#
        + #"command is "append-items"; help appendItems says more)"#,
      column: 1, code: .unknownCommand)
    assertFails(
      "dataSource.sectionSnapshotHandlers.snapshotForExpandingParent",
      #"unknown command "dataSource.sectionSnapshotHandlers.snapshotForExpandingParent" "#
        + #"(Apple's snapshotForExpandingParent: outline's commands are "expand", "#
        + #""rule lazy"; help snapshotForExpandingParent says more)"#,
      column: 1, code: .unknownCommand)
    assertFails(
      "snapshot.deleteAllItems()",
      #"unknown command "snapshot.deleteAllItems()" (Apple's deleteAllItems(): help "#
        + #"deleteAllItems() says what to use)"#,
      column: 1, code: .unknownCommand)
    assertFails(
      "reloadData",
      #"unknown command "reloadData" (Apple's reloadData: outline's command is "#
        + #""apply --reload-data"; help reloadData says more)"#,
      column: 1, code: .unknownCommand)
    // A word one edit from a command keeps its "did you mean".
    assertFails(
      "deleteItems A", #"unknown command "deleteItems" (did you mean "delete-items"?)"#,
      column: 1, code: .unknownCommand)
  }

  func testUnknownCommandWithNothingCloseSaysHelpListsThem() {
    // Two edits in five letters is not close: "bogus" is not "focus".
    assertFails(
      "bogus", #"unknown command "bogus" ("help" lists the commands)"#, column: 1,
      code: .unknownCommand)
    assertFails(
      "frobnicate", #"unknown command "frobnicate" ("help" lists the commands)"#, column: 1,
      code: .unknownCommand)
    assertFails(
      "to A", #"unknown command "to" ("help" lists the commands)"#, column: 1,
      code: .unknownCommand)
    assertFails(
      "@kept", #"unknown command "@kept" ("help" lists the commands)"#, column: 1,
      code: .unknownCommand)
  }

  func testUnknownFormOfAFamily() {
    assertFails(
      "rule no-colapse A", #"unknown command "rule no-colapse" (did you mean "rule no-collapse"?)"#,
      column: 6, code: .unknownCommand)
    assertFails(
      "section ad X", #"unknown command "section ad" (did you mean "section add"?)"#, column: 9,
      code: .unknownCommand)
    assertFails(
      "expect item A", #"unknown command "expect item" (did you mean "expect items"?)"#,
      column: 8, code: .unknownCommand)
  }

  func testMissingFormOfAFamily() {
    assertFails(
      "rule",
      #"expected "no-collapse", "no-expand", "no-reorder", "lazy", "remove" or "clear""#
        + #" after "rule""#,
      column: 5)
    assertFails(
      "section", #"expected "add", "use", "delete" or "move" after "section""#, column: 8)
    assertFails(
      "expect",
      #"expected "items", "visible", "roots", "expanded", "parent", "level", "title" or "error""#
        + #" after "expect""#,
      column: 7)
  }

  // MARK: Missing and unexpected words

  func testMissingItems() {
    assertFails("delete", #"expected an item after "delete""#, column: 7)
    assertFails("append   ", #"expected an item after "append""#, column: 7)
    assertFails("expand", #"expected an item after "expand""#, column: 7)
    assertFails("expand --force", #"expected an item after "expand --force""#, column: 15)
    assertFails("parent", #"expected an item after "parent""#, column: 7)
    assertFails("rule no-expand", #"expected an item after "rule no-expand""#, column: 15)
    assertFails("rule lazy P", #"expected an item after "rule lazy P""#, column: 12)
    assertFails("indent", #"expected an item after "indent""#, column: 7)
  }

  func testItemListLeavesRepetitionOutOfTheMessage() {
    assertFails("append A B @x", #"expected "to" or end of line after "append A B""#, column: 12)
    assertFails("delete A @x", #"expected end of line after "delete A""#, column: 10)
    assertFails("insert A B", #"expected "before" or "after" after "insert A B""#, column: 11)
    assertFails(
      "insert A @x before B", #"expected "before" or "after" after "insert A""#, column: 10)
  }

  func testMissingWordAfterAKeyword() {
    assertFails("append A to", #"expected a parent after "append A to""#, column: 12)
    assertFails("insert A before", #"expected an item after "insert A before""#, column: 16)
    assertFails("move A to", #"expected a parent after "move A to""#, column: 10)
    assertFails(
      "child-snapshot P as", #"expected a snapshot name after "child-snapshot P as""#, column: 20)
    assertFails(
      "section move X before", #"expected a section after "section move X before""#, column: 22)
  }

  func testExtraWords() {
    assertFails("append A to P Q", #"expected end of line after "append A to P""#, column: 15)
    assertFails("delete-all now", #"expected end of line after "delete-all""#, column: 12)
    assertFails("move A to-root B", #"expected end of line after "move A to-root""#, column: 16)
    assertFails("show all more", #"expected end of line after "show all""#, column: 10)
    assertFails("level A B", #"expected end of line after "level A""#, column: 9)
    assertFails("save a b", #"expected end of line after "save a""#, column: 8)
    assertFails("quit now", #"expected end of line after "quit""#, column: 6)
    assertFails("help append now", #"expected end of line after "help append""#, column: 13)
  }

  func testSnapshotsAndKeywordsWhereRequired() {
    assertFails("insert", #"expected an item or a kept snapshot (@NAME) after "insert""#, column: 7)
    assertFails("insert @k A", #"expected "before" or "after" after "insert @k""#, column: 11)
    assertFails(
      "child-snapshot P Q", #"expected "as" or end of line after "child-snapshot P""#, column: 18)
    assertFails("replace-children P @k", #"expected "with" after "replace-children P""#, column: 20)
    assertFails(
      "replace-children P with k",
      #"expected a kept snapshot (@NAME) after "replace-children P with""#, column: 25)
    assertFails(
      "move A",
      #"expected "before", "after", "to", "to-root", "to-section", "up" or "down" after "move A""#,
      column: 7)
    assertFails(
      "section move X", #"expected "before" or "after" after "section move X""#, column: 15)
    assertFails(
      "expect parent A", #"expected a parent or "none" after "expect parent A""#, column: 16)
  }

  func testAMistypedKeywordGetsASuggestion() {
    assertFails(
      "move A befor B",
      #"expected "before", "after", "to", "to-root", "to-section", "up" or "down" after "move A" (did you mean "before"?)"#,
      column: 8)
    assertFails(
      "replace-children P wiht @k",
      #"expected "with" after "replace-children P" (did you mean "with"?)"#, column: 20)
  }

  func testBeforeOrAfterInAppendPointsToInsert() {
    // `append` puts items last: an unquoted placement word is a mistake for `insert`, not
    // two more items to append.
    assertFails(
      #"append "Third step" after "Second step""#,
      #""append" puts items last ("to PARENT" under a parent): to put them after an item, use "insert ITEM... after ITEM"; quoted, "after" is an item's name"#,
      column: 21)
    assertFails(
      "append B C before A",
      #""append" puts items last ("to PARENT" under a parent): to put them before an item, use "insert ITEM... before ITEM"; quoted, "before" is an item's name"#,
      column: 12)
    // Quoted, or first, the words are items.
    assertParses(#"append B "after" C"#, .editing(.append(["B", "after", "C"], to: nil)))
    assertParses("append after to P", .editing(.append(["after"], to: "P")))
  }

  func testAQuotedKeywordIsNotAKeywordSoItGetsNoSuggestion() {
    assertFails(
      #"move A "before" B"#,
      #"expected "before", "after", "to", "to-root", "to-section", "up" or "down" after "move A""#,
      column: 8)
  }

  // MARK: Numbers

  func testNotANumber() {
    assertFails("drag 1 x", #""drag" takes two row numbers: "x" is not a number"#, column: 8)
    assertFails("drag x 1", #""drag" takes two row numbers: "x" is not a number"#, column: 6)
    assertFails("drag 1.5 1", #""drag" takes two row numbers: "1.5" is not a number"#, column: 6)
    assertFails(
      "rule remove x", #""rule remove" takes a rule number: "x" is not a number"#, column: 13)
    assertFails(
      "expect level A x", #""expect level" takes a level: "x" is not a number"#, column: 16)
  }

  func testMissingNumbers() {
    assertFails("drag 1", #"expected a row number after "drag 1""#, column: 7)
    assertFails("drag 1 2 3", #"expected end of line after "drag 1 2""#, column: 10)
    assertFails("rule remove", #"expected a rule number after "rule remove""#, column: 12)
    assertFails("expect level A", #"expected a level after "expect level A""#, column: 15)
  }

  // MARK: Flags

  func testUnknownFlagSuggestsTheCommandsOwn() {
    assertFails(
      "expand --forse A", #""expand" has no flag "--forse" (did you mean "--force"?)"#, column: 8)
    assertFails("show --all", #""show" has no flag "--all""#, column: 6)
    assertFails(
      "child-snapshot P --including", #""child-snapshot" has no flag "--including""#, column: 18)
  }

  func testACommandWithoutFlagsRejectsAnUnquotedFlag() {
    assertFails("delete --force A", #""delete" has no flag "--force""#, column: 8)
    assertFails("rule no-collapse A --x", #""rule no-collapse" has no flag "--x""#, column: 20)
    assertFails("help --x", #""help" has no flag "--x""#, column: 6)
  }

  // MARK: expect error and help

  func testExpectErrorWithNoCommandIsTheLinesError() {
    assertFails("expect error", #"expected a command after "expect error""#, column: 13)
    assertFails(
      "expect error   # a comment", #"expected a command after "expect error""#, column: 13)
  }

  func testACommandThatDoesNotParseInsideExpectErrorIsKeptAsTyped() {
    for text in [
      "apend A", "delete", "drag 1 x", "expand --forse A", "expand --depth 0", "append",
      "expect parent",
    ] {
      assertParses("expect error " + text, .files(.expect(.syntaxError(text))))
      XCTAssertEqual(
        Command.files(.expect(.syntaxError(text))).description, "expect error " + text)
    }
    assertParses(
      #"expect error  append   "a b" to   # a comment"#,
      .files(.expect(.syntaxError(#"append   "a b" to"#))))
    assertParses(
      "expect error expect error bogus",
      .files(.expect(.error(.files(.expect(.syntaxError("bogus")))))))
  }

  func testHelpOfAnUnknownTopic() {
    assertFails(
      "help apend", #"no help for "apend" (did you mean "append"?)"#, column: 6,
      code: .unknownCommand)
    assertFails(
      "help snapshotForExpandingParnt",
      #"no help for "snapshotForExpandingParnt" (did you mean "snapshotForExpandingParent"?)"#,
      column: 6, code: .unknownCommand)
    assertFails(
      "help edi", #"no help for "edi" (did you mean "edit" or "editing"?)"#, column: 6,
      code: .unknownCommand)
    assertFails(
      "help xyzzy", #"no help for "xyzzy" ("help" lists the topics)"#, column: 6,
      code: .unknownCommand)
    assertFails(
      "help rule lazzy", #"unknown command "rule lazzy" (did you mean "rule lazy"?)"#, column: 11,
      code: .unknownCommand)
  }

  // MARK: Lexical errors and whole texts

  func testLexicalErrorsFailTheirCommand() {
    assertFails(#"append "Smileys 😀"#, #"unterminated quote: no closing " on the line"#, column: 8)
    assertFails(
      #"append "a"b"#, #"expected a blank, ";" or end of line after a closing quote"#, column: 11)
  }

  func testParseCommandWantsExactlyOneCommand() {
    assertFails("", "expected a command", column: 1)
    assertFails("  # nothing", "expected a command", column: 1)
    assertFails("delete A; show", #"expected end of line after "delete A""#, column: 11)
  }

  // MARK: Pointing at the column

  func testCaretLinesUpUnderTheColumn() {
    let error = SyntaxError(.unterminatedQuote, column: 8)
    XCTAssertEqual(error.caret(under: #"append "x"#), "       ^")
    XCTAssertEqual(SyntaxError(.unterminatedQuote, column: 4).caret(under: "\ta\tb"), "\t \t^")
    XCTAssertEqual(SyntaxError(.unterminatedQuote, column: 3).caret(under: "😀 \"x"), "   ^")
    XCTAssertEqual(error.description, #"8: unterminated quote: no closing " on the line"#)
  }
}
