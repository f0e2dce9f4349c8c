import OutlineLanguage
import XCTest

/// `Completion`: command names, keywords, flags, references and identifiers, each where the
/// grammar takes it, quoted when needed.
final class CompletionTests: XCTestCase {
  private let items = ["Apple", "Avocado", "to", "Smileys 😀"]
  private let names = ["kept", "my tree"]
  private let sections = ["main", "Archive"]

  /// The candidates with the cursor at the end of `line`.
  private func complete(_ line: String) -> [String] {
    Completion.complete(
      line: line, cursor: line.count, identifiers: items, names: names, sections: sections)
  }

  func testCommandNamesAtTheStartOfALineAndAfterASemicolon() {
    XCTAssertEqual(complete(""), CommandCatalog.commandWords)
    XCTAssertEqual(complete("ap"), ["append", "apply", "append-items"])
    XCTAssertEqual(complete("delete A; ap"), ["append", "apply", "append-items"])
    XCTAssertEqual(complete("delete A;ex"), ["expand", "expanded", "export", "expect"])
    XCTAssertEqual(complete("di"), ["discard", "diff"])
    XCTAssertEqual(
      complete("  r"),
      [
        "replace-children", "retitle", "reveal", "rename", "rule", "rules", "roots", "redo",
        "reload-items", "reconfigure-items", "reload-sections",
      ])
  }

  func testItemsWhereAnItemGoes() {
    XCTAssertEqual(complete("delete "), ["Apple", "Avocado", #""to""#, #""Smileys 😀""#])
    XCTAssertEqual(complete("delete A"), ["Apple", "Avocado"])
    XCTAssertEqual(complete("is-visible Sm"), [#""Smileys 😀""#])
    XCTAssertEqual(complete("edit A"), ["Apple", "Avocado"])
  }

  func testAQuoteStartsAQuotedCandidate() {
    XCTAssertEqual(complete(#"delete "A"#), [#""Apple""#, #""Avocado""#])
    XCTAssertEqual(complete(#"delete "Smileys "#), [#""Smileys 😀""#])
  }

  func testAWholeUnicodeEscapeIsReadAsItsCharacterAPartialOneAsTyped() {
    let hostile = ["bell\u{7}", "bell\u{7}ring", "b"]
    func complete(_ line: String) -> [String] {
      Completion.complete(line: line, cursor: line.count, identifiers: hostile, names: [])
    }
    XCTAssertEqual(complete(#"delete "bell\u{7}"#), [#""bell\u{7}""#, #""bell\u{7}ring""#])
    XCTAssertEqual(complete(#"delete "bell\u{7}r"#), [#""bell\u{7}ring""#])
    XCTAssertEqual(complete(#"delete "bell\u{"#), [])
    XCTAssertEqual(complete(#"delete "bell\u{+7}"#), [])
  }

  func testKeywordsAfterTheFirstItemOfAList() {
    XCTAssertEqual(
      complete("append A "), ["to", "--titled", "Apple", "Avocado", #""to""#, #""Smileys 😀""#])
    XCTAssertEqual(complete("append A t"), ["to", #""to""#])
    XCTAssertEqual(
      complete("append "), ["--titled", "Apple", "Avocado", #""to""#, #""Smileys 😀""#])
    XCTAssertEqual(
      complete("insert A "), ["before", "after", "Apple", "Avocado", #""to""#, #""Smileys 😀""#])
  }

  func testOnlyKeywordsWhereOnlyKeywordsGo() {
    // After the first item, `move` takes more items (`move A B to P`) or its destination.
    XCTAssertEqual(
      complete("move Apple "),
      [
        "before", "after", "to", "to-root", "to-section", "up", "down", "Apple", "Avocado",
        #""to""#, #""Smileys 😀""#,
      ])
    XCTAssertEqual(complete("move Apple t"), ["to", "to-root", "to-section", #""to""#])
    XCTAssertEqual(complete("replace-children Apple "), ["with"])
    XCTAssertEqual(complete("child-snapshot Apple "), ["as", "--including-parent"])
  }

  func testTheFormsOfAFamily() {
    XCTAssertEqual(
      complete("rule "), ["no-collapse", "no-expand", "no-reorder", "lazy", "remove", "clear"])
    XCTAssertEqual(complete("rule no-"), ["no-collapse", "no-expand", "no-reorder"])
    XCTAssertEqual(complete("section "), ["add", "use", "delete", "move"])
    XCTAssertEqual(complete("expect p"), ["parent"])
  }

  func testFlagsNotGivenYetAnywhereAfterTheName() {
    XCTAssertEqual(
      complete("expand "),
      ["--force", "--all", "--depth", "Apple", "Avocado", #""to""#, #""Smileys 😀""#])
    XCTAssertEqual(complete("expand --"), ["--force", "--all", "--depth"])
    XCTAssertEqual(complete("expand --force A"), ["Apple", "Avocado"])
    XCTAssertEqual(
      complete("expand Apple --force "), ["Apple", "Avocado", #""to""#, #""Smileys 😀""#])
    XCTAssertEqual(
      complete("show "), ["--visible", "--depth", "Apple", "Avocado", #""to""#, #""Smileys 😀""#])
    XCTAssertEqual(complete("begin -"), ["--empty"])
    XCTAssertEqual(complete("delete --"), [])
  }

  func testReferencesWhereASnapshotGoes() {
    XCTAssertEqual(
      complete("insert "), ["@kept", #"@"my tree""#, "Apple", "Avocado", #""to""#, #""Smileys 😀""#])
    XCTAssertEqual(complete("insert @"), ["@kept", #"@"my tree""#])
    XCTAssertEqual(complete("insert @m"), [#"@"my tree""#])
    XCTAssertEqual(complete(#"insert @"my"#), [#"@"my tree""#])
    XCTAssertEqual(complete("replace-children Apple with "), ["@kept", #"@"my tree""#])
    XCTAssertEqual(complete("insert @kept "), ["before", "after"])
    XCTAssertEqual(
      complete(#"insert ""#), [#""Apple""#, #""Avocado""#, #""to""#, #""Smileys 😀""#],
      "a quote starts an identifier, never a reference")
  }

  func testSectionsWhereASectionGoes() {
    XCTAssertEqual(complete("section use "), ["main", "Archive"])
    XCTAssertEqual(complete("section move main "), ["before", "after"])
    XCTAssertEqual(complete("section move main after A"), ["Archive"])
  }

  func testCommandsAfterExpectErrorAndHelp() {
    XCTAssertEqual(complete("expect error del"), ["delete", "delete-all", "delete-items"])
    XCTAssertEqual(
      complete("expect error move Apple "),
      [
        "before", "after", "to", "to-root", "to-section", "up", "down", "Apple", "Avocado",
        #""to""#, #""Smileys 😀""#,
      ])
    XCTAssertEqual(complete("help is-"), ["is-expanded", "is-visible"])
    XCTAssertEqual(complete("help section "), ["add", "use", "delete", "move"])
  }

  func testHelpTopicsAfterHelp() {
    let all = complete("help ")
    XCTAssertEqual(
      Array(all.prefix(CommandCatalog.commandWords.count)), CommandCatalog.commandWords)
    for topic in ["editing", "interactions", "transactions", "lazy", "shouldExpandItem"] {
      XCTAssertTrue(all.contains(topic), topic)
    }
    XCTAssertEqual(complete("help edi"), ["edit", "editing"])
    XCTAssertEqual(complete("help snapshotFor"), ["snapshotForExpandingParent"])
    XCTAssertEqual(complete("help la"), ["last", "lazy"])
    XCTAssertEqual(complete("help expand("), ["expand(_:)"])
    XCTAssertEqual(complete("help rules"), ["rules"], "a command and a group: once")
    XCTAssertEqual(complete("help append "), [], "one topic")
    XCTAssertEqual(
      complete("expect parent Apple "), ["none", "Apple", "Avocado", #""to""#, #""Smileys 😀""#])
  }

  func testNothingWhereNothingCanBeCompleted() {
    XCTAssertEqual(complete("drag "), [], "a row number")
    XCTAssertEqual(complete("load "), [], "a file name")
    XCTAssertEqual(
      complete("save "), ["--format", "--force", "--all"],
      "a file name, or none: the section's file")
    XCTAssertEqual(complete("child-snapshot Apple as "), [], "a new name")
    XCTAssertEqual(complete("say "), [])
    XCTAssertEqual(complete("count "), [])
    XCTAssertEqual(complete("delete A # A"), [], "in a comment")
    XCTAssertEqual(complete("apend "), [], "after an error")
    XCTAssertEqual(complete(#"say "a"b "#), [], "after a lexical error")
    XCTAssertEqual(complete(#""ap"#), [], "a quoted word is never a command name here")
  }

  func testTheCursorDecidesTheWord() {
    let line = "delete Av to"
    XCTAssertEqual(
      Completion.candidates(line: line, cursor: 9, identifiers: items, names: names),
      Completion.Candidates(replacing: 7..<9, words: ["Avocado"]))
    XCTAssertEqual(
      Completion.candidates(line: "expand Sm", cursor: 9, identifiers: items, names: names),
      Completion.Candidates(replacing: 7..<9, words: [#""Smileys 😀""#]))
    XCTAssertEqual(
      Completion.candidates(line: "show ", cursor: 5, identifiers: [], names: []),
      Completion.Candidates(replacing: 5..<5, words: ["--visible", "--depth"]))
    XCTAssertEqual(
      Completion.complete(line: "😀; ap", cursor: 5, identifiers: [], names: []),
      ["append", "apply", "append-items"])
  }

  func testFileNamesWhereAFileNameGoes() {
    let session = Session(
      fileSystem: MemoryFileSystem(["notes.opml": "", "notes.md": "", "my notes.txt": ""]))
    func complete(_ line: String) -> [String] {
      session.completions(line: line, cursor: line.count).words
    }
    XCTAssertEqual(complete("load no"), ["notes.md", "notes.opml"])
    XCTAssertEqual(complete("source notes.o"), ["notes.opml"])
    XCTAssertEqual(complete("save my"), [#""my notes.txt""#])
    XCTAssertEqual(complete("append no"), [], "no file names where an item goes")
  }
}

/// Identifiers with blanks: quoted on the line, listed whole and bare, their shared prefix
/// with the quote left open.
final class CompletionListingTests: XCTestCase {
  func candidates(_ line: String, _ items: [String], names: [String] = []) -> Completion.Candidates
  {
    Completion.candidates(line: line, cursor: line.count, identifiers: items, names: names)
  }

  func testAnIdentifierWithBlanksCompletesQuoted() {
    let one = candidates("show ab", ["ab cd", "Food"])
    XCTAssertEqual(one.words, [#""ab cd""#])
    XCTAssertEqual(one.common, #""ab cd""#)
    XCTAssertEqual(one.replacing, 5..<7)
  }

  func testInsideAnOpenQuoteTheWordCompletesAndClosesIt() {
    let open = candidates(#"show "ab"#, ["ab cd", "Food"])
    XCTAssertEqual(open.words, [#""ab cd""#])
    XCTAssertEqual(open.replacing, 5..<8)
    XCTAssertEqual(candidates(#"show "ab c"#, ["ab cd"]).words, [#""ab cd""#])
  }

  func testASharedPrefixStaysOpenAndTheListShowsWholeIdentifiers() {
    let several = candidates("show x", ["x  y", "x  z"])
    XCTAssertEqual(several.words, [#""x  y""#, #""x  z""#])
    XCTAssertEqual(several.listed, ["x  y", "x  z"])
    XCTAssertEqual(several.common, #""x  "#)
    let inside = candidates(#"show "x  "#, ["x  y", "x  z"])
    XCTAssertEqual(inside.listed, ["x  y", "x  z"])
    XCTAssertEqual(inside.common, #""x  "#)
  }

  func testABareCandidateKeepsTheSharedPrefixBare() {
    let mixed = candidates("show ab", ["ab cd", "abc"])
    XCTAssertEqual(mixed.listed, ["ab cd", "abc"])
    XCTAssertEqual(mixed.common, "ab")
    XCTAssertNil(candidates("show zz", ["ab"]).common)
  }

  func testKeptSnapshotNamesCompleteAfterTheAt() {
    let kept = candidates("insert @", [], names: ["my tree", "my list"])
    XCTAssertEqual(kept.words, [#"@"my tree""#, #"@"my list""#])
    XCTAssertEqual(kept.listed, ["@my tree", "@my list"])
    XCTAssertEqual(kept.common, #"@"my "#)
    XCTAssertEqual(candidates("insert @k", [], names: ["kept"]).words, ["@kept"])
  }

  func testSetOutputCompletesItsFormAndModes() {
    XCTAssertEqual(candidates("set ", []).words, ["output"])
    XCTAssertEqual(candidates("set output ", ["Food"]).words, ["full", "brief", "quiet"])
    XCTAssertEqual(candidates("set output b", []).words, ["brief"])
  }

  func testQuotesAndEscapesInAnIdentifierAreListedAsTheyAre() {
    let quoted = candidates("show a", [#"a "b""#, #"a\c"#])
    XCTAssertEqual(quoted.listed, [#"a "b""#, #"a\c"#])
  }
}
