import OutlineLanguage
import OutlineTestSupport
import XCTest

/// `Command.description`: the canonical text of each form, and printing as the inverse of
/// parsing, `parse(print(c)) == c`, over seeded random commands whose identifiers are keywords,
/// flags, references, blanks, quotes, backslashes, `#`, `;`, emoji and control characters.
final class PrinterRoundTripTests: XCTestCase {
  // MARK: Canonical text

  func testCanonicalTextOfEachForm() {
    let cases: [(Command, String)] = [
      (.editing(.append(["Apple", "to"], to: "Fruit")), #"append Apple "to" to Fruit"#),
      (.editing(.append(["Smileys 😀"], to: nil)), #"append "Smileys 😀""#),
      (.editing(.insert(["A"], .before("B"))), "insert A before B"),
      (.editing(.insertSnapshot("my tree", .after("B"))), #"insert @"my tree" after B"#),
      (.editing(.insert(["@kept"], .after("B"))), #"insert "@kept" after B"#),
      (.editing(.delete(["a\"b", #"c\d"#])), #"delete "a\"b" c\d"#),
      (.editing(.deleteAll), "delete-all"),
      (
        .editing(.childSnapshot(of: "P", includingParent: true, keepAs: "k")),
        "child-snapshot P --including-parent as k"
      ),
      (
        .editing(.childSnapshot(of: "as", includingParent: false, keepAs: nil)),
        #"child-snapshot "as""#
      ),
      (.editing(.replaceChildren(of: "P", with: "k")), "replace-children P with @k"),
      (.editing(.focus(.item("Fruit"))), "focus Fruit"),
      (.editing(.focus(.up)), "focus .."),
      (.editing(.focus(.item(".."))), #"focus "..""#),
      (.editing(.unfocus), "unfocus"),
      (.interactions(.expand(["--force"], force: true)), #"expand --force "--force""#),
      (.interactions(.collapse(["A"], force: false)), "collapse A"),
      (.interactions(.move("A", to: .into("to-root"))), #"move A to "to-root""#),
      (.interactions(.move("A", to: .toRoot)), "move A to-root"),
      (.interactions(.drag(from: 3, to: -1)), "drag 3 -1"),
      (.interactions(.indent("#1")), ##"indent "#1""##),
      (.interactions(.outdent("C#")), "outdent C#"),
      (.rules(.add(.lazy(parent: "P", children: ["a", "b"]))), "rule lazy P a b"),
      (.rules(.add(.noCollapse(["Fav*"]))), "rule no-collapse Fav*"),
      (.rules(.remove(2)), "rule remove 2"),
      (.queries(.show(visibleOnly: true)), "show --visible"),
      (.queries(.list(.expanded)), "expanded"),
      (.queries(.item(.isVisible, "none")), #"is-visible "none""#),
      (.sections(.move("a b", .after("main"))), #"section move "a b" after main"#),
      (.transactions(.begin(empty: true)), "begin --empty"),
      (.files(.save("")), #"save """#),
      (.files(.say("Now  look; here")), #"say "Now  look; here""#),
      (.files(.say("to --force @x")), "say to --force @x"),
      (.files(.say("")), "say"),
      (.files(.expect(.parent("A", nil))), "expect parent A none"),
      (.files(.expect(.parent("A", "none"))), #"expect parent A "none""#),
      (.files(.expect(.list(.items, []))), "expect items"),
      (.files(.expect(.error(.interactions(.drag(from: 1, to: 2))))), "expect error drag 1 2"),
      (.files(.help("rule lazy")), "help rule lazy"),
      (.files(.help(nil)), "help"),
    ]
    for (command, text) in cases {
      XCTAssertEqual(command.description, text)
      assertParses(text, command)
    }
  }

  func testQuotingRules() {
    XCTAssertFalse(Quoting.needsQuotes("Apple"))
    XCTAssertFalse(Quoting.needsQuotes("C#"))
    XCTAssertFalse(Quoting.needsQuotes(#"a\b"#))
    XCTAssertFalse(Quoting.needsQuotes("-x"))
    for word in ["", "a b", "a\tb", "a;b", "a\"b", "#a", "@a", "--a", "to", "none", "to-root"] {
      XCTAssertTrue(Quoting.needsQuotes(word), word)
    }
    XCTAssertEqual(Quoting.quote(#"a "b" \ c"#), #""a \"b\" \\ c""#)
    // Printed as they are, these would join the quote, blank or escape beside them.
    XCTAssertEqual(Quoting.word("\u{301}x"), #""\u{301}x""#)
    XCTAssertEqual(Quoting.word("x\u{600}"), #""x\u{600}""#)
    XCTAssertEqual(Quoting.word("bell\u{1}\u{73F}"), #""bell\u{1}\u{73F}""#)
    XCTAssertEqual(Quoting.word("a\"\u{301}"), #""a\"\u{301}""#)
    XCTAssertEqual(Quoting.word("e\u{301} x"), "\"e\u{301} x\"")
    // A section's name ending in a prepended scalar, which joins the `:` of NAME:ROW.
    let across = Command.interactions(
      .dragAcross(
        from: .init(section: "x\u{600}", row: 0), to: .init(section: "a \u{600}", row: 2)))
    assertParses(across.description, across)
    XCTAssertEqual(Quoting.reference("kept"), "@kept")
    XCTAssertEqual(Quoting.reference("to"), #"@"to""#)
  }

  // MARK: Round trip

  func testParsingThePrintedTextOfRandomCommandsGivesThemBack() {
    var random = SplitMix64(seed: SplitMix64.seed())
    for _ in 0..<3000 {
      let command = randomCommand(&random, depth: 0)
      let text = command.description
      let parsed = CommandParser.parse(line: text)
      XCTAssertEqual(parsed.count, 1, "\(text) with \(random)")
      XCTAssertEqual(parsed.first?.command, command, "\(text) with \(random)")
      XCTAssertEqual(parsed.first?.source, text, "\(text) with \(random)")
      if parsed.first?.command != command { return }
    }
  }

  func testEveryIdentifierOfThePoolRoundTripsInEveryIdentifierPosition() {
    for word in Self.pool {
      let commands: [Command] = [
        .editing(.append([word, word], to: word)), .editing(.insert([word], .after(word))),
        .editing(.focus(.item(word))),
        .editing(.insertSnapshot(word, .before(word))),
        .editing(
          .childSnapshot(
            of: word, includingParent: true, keepAs: RowReference.isRowName(word) ? "kept" : word)),
        .editing(.replaceChildren(of: word, with: word)),
        .interactions(.move(word, to: .into(word))),
        .rules(.add(.lazy(parent: word, children: [word]))), .sections(.move(word, .before(word))),
        .files(.save(word)), .files(.say(word)), .files(.expect(.parent(word, word))),
        .files(.expect(.error(.editing(.delete([word]))))),
      ]
      for command in commands {
        XCTAssertEqual(
          try? CommandParser.parse(command: command.description), command, command.description)
      }
    }
  }

  func testReparsingThePrintedTextOfWhateverALineParsesToGivesTheSameCommands() {
    var random = SplitMix64(seed: SplitMix64.seed())
    var parsedCommands = 0
    for _ in 0..<6000 {  // `help` takes only known topics now: fewer lines parse
      var line =
        Bool.random(using: &random)
        ? "" : CommandCatalog.commandWords.randomElement(using: &random)! + " "
      for _ in 0..<Int.random(in: 0...10, using: &random) {
        line += Self.fragments.randomElement(using: &random)!
      }
      for parsed in CommandParser.parse(line: line) {
        guard let command = parsed.command else { continue }
        parsedCommands += 1
        let reparsed = try? CommandParser.parse(command: command.description)
        XCTAssertEqual(reparsed, command, "\(line) → \(command.description) with \(random)")
      }
      let cursor = Int.random(in: 0...line.count, using: &random)
      _ = Completion.complete(line: line, cursor: cursor, identifiers: ["a b", "to"], names: ["k"])
    }
    XCTAssertGreaterThan(parsedCommands, 1000, "the fragments make enough valid commands")
  }

  /// Pieces of lines: words, keywords, blanks, quotes, escapes, separators, comments, emoji.
  static let fragments = [
    "a", "B", " ", "  ", "\t", "\"", "\\", ";", "#", "@", "-", "--", " to ", " before ", " after ",
    " as ", " with ", " none ", " to-root ", "😀", "👨‍👩‍👧", "é", " 1", " -1", " 2 ", "; append ",
    "; say ", "; expect error ", " \"a b\" ", " @k ", " --force ", " @\"k k\" ", " \"\\\"\" ",
    " \"\\u{41}\" ", " \"\\u{\" ", "\u{1B}", "\u{0}",
  ]

  // MARK: Generating commands

  /// Identifiers that stress the quoting: keywords, flag and reference look-alikes, blanks,
  /// quotes, backslashes, comment and separator characters, numbers and emoji.
  static let pool = [
    "A", "Apple", "to", "before", "after", "with", "as", "to-root", "none", "--force", "--x",
    "@kept",
    "@", "--", "-", "a b", "  lead", "trail ", "tab\tin", "say \"hi\"", "\"", "back\\slash", "\\",
    "\\\"", "#hash", "a#b", "C#", "semi;colon", ";", "😀 Smileys", "👨‍👩‍👧", "é", "日本語", "", "123",
    "-1", "append", "rule", "help", "*", "Fav*", "'single'", "esc\u{1B}[31m", "nul\u{0}",
    "\u{7F}", "csi\u{9B}", "line\nbreak", #"\u{41}"#, #"a \u{41}"#, "..",
    // Scalars that make one character with a quote, a blank or an escape beside them.
    "\u{301}lead", "bell\u{1}\u{73F}", "\"\u{301}", "\\\u{301}\u{302}", "end\u{600}",
    "\u{600}", "a\u{600}\u{600}b", "\u{1F3FB}hand", "é\u{200D}",
  ]

  private func word(_ random: inout SplitMix64) -> String {
    Self.pool.randomElement(using: &random)!
  }

  private func words(_ random: inout SplitMix64, atLeast minimum: Int = 1) -> [String] {
    (0..<Int.random(in: minimum...3, using: &random)).map { _ in word(&random) }
  }

  private func placement(_ random: inout SplitMix64) -> Command.Placement {
    Bool.random(using: &random) ? .before(word(&random)) : .after(word(&random))
  }

  private func randomCommand(_ random: inout SplitMix64, depth: Int) -> Command {
    let choice = Int.random(in: 0..<25, using: &random)
    let flag = Bool.random(using: &random)
    switch choice {
    case 0: return .editing(.append(words(&random), to: flag ? word(&random) : nil))
    case 1: return .editing(.insert(words(&random), placement(&random)))
    case 2: return .editing(.insertSnapshot(word(&random), placement(&random)))
    case 3: return .editing(.delete(words(&random)))
    case 4:
      return .editing(
        .childSnapshot(
          of: word(&random), includingParent: flag,
          keepAs: Bool.random(using: &random)
            ? word(&random).replacingOccurrences(of: "123", with: "k123") : nil))
    case 5: return .editing(.replaceChildren(of: word(&random), with: word(&random)))
    case 6:
      return flag
        ? .interactions(.expand(words(&random), force: true))
        : .interactions(.collapse(words(&random), force: false))
    case 7:
      let destinations: [Command.MoveDestination] = [
        .before(word(&random)), .after(word(&random)), .into(word(&random)), .toRoot,
      ]
      return .interactions(.move(word(&random), to: destinations.randomElement(using: &random)!))
    case 8:
      return .interactions(
        .drag(
          from: Int.random(in: -2...20, using: &random), to: Int.random(in: 0...20, using: &random))
      )
    case 9:
      if Int.random(in: 0..<4, using: &random) == 0 {
        return [.editing(.focus(.item(word(&random)))), .editing(.focus(.up)), .editing(.unfocus)]
          .randomElement(using: &random)!
      }
      return flag ? .interactions(.indent(word(&random))) : .interactions(.outdent(word(&random)))
    case 10:
      let rules: [Command.Rule] = [
        .noCollapse(words(&random)), .noExpand(words(&random)), .noReorder(words(&random)),
        .lazy(parent: word(&random), children: words(&random)),
      ]
      return .rules(.add(rules.randomElement(using: &random)!))
    case 11:
      return [
        .rules(.list), .rules(.remove(Int.random(in: 1...9, using: &random))), .rules(.clear),
      ]
      .randomElement(using: &random)!
    case 12:
      return [
        .queries(.show(visibleOnly: flag)), .queries(.describe), .queries(.count), .sections(.list),
      ].randomElement(using: &random)!
    case 13: return .queries(.list(Command.ItemList.allCases.randomElement(using: &random)!))
    case 14:
      return .queries(
        .item(Command.ItemQuery.allCases.randomElement(using: &random)!, word(&random)))
    case 15:
      let sections: [Command.SectionCommand] = [
        .add(words(&random)), .use(word(&random)), .delete(word(&random)),
        .move(word(&random), placement(&random)),
      ]
      return .sections(sections.randomElement(using: &random)!)
    case 16:
      return [
        .transactions(.begin(empty: flag)), .transactions(.apply), .transactions(.discard),
        .transactions(.last(full: false)), .transactions(.last(full: true)), .transactions(.log),
        .transactions(.undo), .transactions(.redo),
        .files(.quit),
      ]
      .randomElement(using: &random)!
    case 17:
      return [
        .files(.save(word(&random))), .files(.load(word(&random))), .files(.source(word(&random))),
      ].randomElement(
        using: &random)!
    case 18: return .files(.say(words(&random, atLeast: 0).joined(separator: flag ? " " : "  ")))
    case 19:
      return .files(
        .expect(
          .list(
            Command.ItemList.allCases.randomElement(using: &random)!, words(&random, atLeast: 0))))
    case 20: return .files(.expect(.parent(word(&random), flag ? word(&random) : nil)))
    case 21: return .files(.expect(.level(word(&random), Int.random(in: -1...5, using: &random))))
    case 22 where depth < 2:
      return .files(.expect(.error(randomCommand(&random, depth: depth + 1))))
    case 23:
      let topics = [
        nil, "append", "rule", "rule lazy", "section move", "expect", "expect error", "rules",
      ]
      return .files(.help(topics.randomElement(using: &random)!))
    default: return .editing(.deleteAll)
    }
  }
}
