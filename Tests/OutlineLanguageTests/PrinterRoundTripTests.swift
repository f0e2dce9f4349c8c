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
      (.append(["Apple", "to"], to: "Fruit"), #"append Apple "to" to Fruit"#),
      (.append(["Smileys 😀"], to: nil), #"append "Smileys 😀""#),
      (.insert(["A"], .before("B")), "insert A before B"),
      (.insertSnapshot("my tree", .after("B")), #"insert @"my tree" after B"#),
      (.insert(["@kept"], .after("B")), #"insert "@kept" after B"#),
      (.delete(["a\"b", #"c\d"#]), #"delete "a\"b" c\d"#),
      (.deleteAll, "delete-all"),
      (
        .childSnapshot(of: "P", includingParent: true, keepAs: "k"),
        "child-snapshot P --including-parent as k"
      ),
      (.childSnapshot(of: "as", includingParent: false, keepAs: nil), #"child-snapshot "as""#),
      (.replaceChildren(of: "P", with: "k"), "replace-children P with @k"),
      (.expand(["--force"], force: true), #"expand --force "--force""#),
      (.collapse(["A"], force: false), "collapse A"),
      (.move("A", to: .into("to-root")), #"move A to "to-root""#),
      (.move("A", to: .toRoot), "move A to-root"),
      (.drag(from: 3, to: -1), "drag 3 -1"),
      (.indent("#1"), ##"indent "#1""##),
      (.outdent("C#"), "outdent C#"),
      (.rule(.lazy(parent: "P", children: ["a", "b"])), "rule lazy P a b"),
      (.rule(.noCollapse(["Fav*"])), "rule no-collapse Fav*"),
      (.removeRule(2), "rule remove 2"),
      (.show(visibleOnly: true), "show --visible"),
      (.list(.expanded), "expanded"),
      (.query(.isVisible, "none"), #"is-visible "none""#),
      (.section(.move("a b", .after("main"))), #"section move "a b" after main"#),
      (.begin(empty: true), "begin --empty"),
      (.save(""), #"save """#),
      (.say("Now  look; here"), #"say "Now  look; here""#),
      (.say("to --force @x"), "say to --force @x"),
      (.say(""), "say"),
      (.expect(.parent("A", nil)), "expect parent A none"),
      (.expect(.parent("A", "none")), #"expect parent A "none""#),
      (.expect(.list(.items, [])), "expect items"),
      (.expect(.error(.drag(from: 1, to: 2))), "expect error drag 1 2"),
      (.help("rule lazy"), "help rule lazy"),
      (.help(nil), "help"),
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
        .append([word, word], to: word), .insert([word], .after(word)),
        .insertSnapshot(word, .before(word)),
        .childSnapshot(of: word, includingParent: true, keepAs: word),
        .replaceChildren(of: word, with: word), .move(word, to: .into(word)),
        .rule(.lazy(parent: word, children: [word])), .section(.move(word, .before(word))),
        .save(word), .say(word), .expect(.parent(word, word)), .expect(.error(.delete([word]))),
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
    for _ in 0..<4000 {
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
    "\u{7F}", "csi\u{9B}", "line\nbreak", #"\u{41}"#, #"a \u{41}"#,
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
    case 0: return .append(words(&random), to: flag ? word(&random) : nil)
    case 1: return .insert(words(&random), placement(&random))
    case 2: return .insertSnapshot(word(&random), placement(&random))
    case 3: return .delete(words(&random))
    case 4:
      return .childSnapshot(
        of: word(&random), includingParent: flag,
        keepAs: Bool.random(using: &random) ? word(&random) : nil)
    case 5: return .replaceChildren(of: word(&random), with: word(&random))
    case 6:
      return flag ? .expand(words(&random), force: true) : .collapse(words(&random), force: false)
    case 7:
      let destinations: [Command.MoveDestination] = [
        .before(word(&random)), .after(word(&random)), .into(word(&random)), .toRoot,
      ]
      return .move(word(&random), to: destinations.randomElement(using: &random)!)
    case 8:
      return .drag(
        from: Int.random(in: -2...20, using: &random), to: Int.random(in: 0...20, using: &random))
    case 9: return flag ? .indent(word(&random)) : .outdent(word(&random))
    case 10:
      let rules: [Command.Rule] = [
        .noCollapse(words(&random)), .noExpand(words(&random)), .noReorder(words(&random)),
        .lazy(parent: word(&random), children: words(&random)),
      ]
      return .rule(rules.randomElement(using: &random)!)
    case 11:
      return [.rules, .removeRule(Int.random(in: 1...9, using: &random)), .clearRules]
        .randomElement(using: &random)!
    case 12:
      return [.show(visibleOnly: flag), .describe, .count, .sections].randomElement(using: &random)!
    case 13: return .list(Command.ItemList.allCases.randomElement(using: &random)!)
    case 14: return .query(Command.ItemQuery.allCases.randomElement(using: &random)!, word(&random))
    case 15:
      let sections: [Command.SectionCommand] = [
        .add(words(&random)), .use(word(&random)), .delete(word(&random)),
        .move(word(&random), placement(&random)),
      ]
      return .section(sections.randomElement(using: &random)!)
    case 16:
      return [.begin(empty: flag), .apply, .discard, .last, .log, .undo, .redo, .quit]
        .randomElement(using: &random)!
    case 17:
      return [.save(word(&random)), .load(word(&random)), .source(word(&random))].randomElement(
        using: &random)!
    case 18: return .say(words(&random, atLeast: 0).joined(separator: flag ? " " : "  "))
    case 19:
      return .expect(
        .list(Command.ItemList.allCases.randomElement(using: &random)!, words(&random, atLeast: 0)))
    case 20: return .expect(.parent(word(&random), flag ? word(&random) : nil))
    case 21: return .expect(.level(word(&random), Int.random(in: -1...5, using: &random)))
    case 22 where depth < 2: return .expect(.error(randomCommand(&random, depth: depth + 1)))
    case 23:
      let topics = [
        nil, "append", "rule", "rule lazy", "section move", "expect", "expect error", "rules",
      ]
      return .help(topics.randomElement(using: &random)!)
    default: return .deleteAll
    }
  }
}
