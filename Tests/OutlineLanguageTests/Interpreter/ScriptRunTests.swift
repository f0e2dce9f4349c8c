import Diffable
import OutlineLanguage
import XCTest

/// `Session.runScript`: locations of every outcome, stopping or going on after a failure, `quit`,
/// `source` nesting and its errors, line endings and interruption.
final class ScriptRunTests: XCTestCase {
  /// What a script run reported, one `FILE:LINE@DEPTH COMMAND` line per outcome, with
  /// ` !CODE` after a failed one, and how it ended.
  struct Run {
    var end: ScriptEnd
    var reports: [String]
    var outcomes: [Outcome]
  }

  /// Runs `text` as a script named `file` on `session`.
  ///
  /// - Parameter interruptAt: The number of `isInterrupted` calls after which it answers true.
  func script(
    _ session: Session, _ text: String, file: String = "s.outline", firstLine: Int = 1,
    keepGoing: Bool = false, interruptAt: Int? = nil
  ) -> Run {
    var reports: [String] = []
    var outcomes: [Outcome] = []
    var asked = 0
    let options = ScriptOptions(
      keepGoing: keepGoing,
      isInterrupted: {
        asked += 1
        return interruptAt.map { asked > $0 } ?? false
      },
      report: { outcome, location in
        reports.append(
          "\(location)@\(location.depth) \(outcome.command)"
            + (outcome.error.map { " !\($0.code.rawValue)" } ?? ""))
        outcomes.append(outcome)
      })
    let end = session.runScript(text, file: file, firstLine: firstLine, options: options)
    return Run(end: end, reports: reports, outcomes: outcomes)
  }

  func items(_ session: Session) -> QueryResult? { session.run("items").result }

  // MARK: Locations

  func testEveryOutcomeIsReportedWithItsFileLineAndDepth() {
    let session = Session()
    let run = script(
      session,
      """
      # a comment line
      append A B

        append C ;  append D   # two commands on line 4
      ;;
      expect items A B C D
      count
      """)
    XCTAssertEqual(run.end, .finished(failures: 0))
    XCTAssertTrue(run.end.succeeded)
    XCTAssertEqual(
      run.reports,
      [
        "s.outline:2@0 append A B", "s.outline:4@0 append C", "s.outline:4@0 append D",
        "s.outline:6@0 expect items A B C D", "s.outline:7@0 count",
      ])
    XCTAssertEqual(run.outcomes.last?.result, .number(4))
    XCTAssertEqual(run.outcomes[0].transaction?.finalSnapshot.itemIdentifiers, ["A", "B"])
  }

  func testFirstLineOffsetsTheLineNumbers() {
    let session = Session()
    let run = script(session, "append A\n\nappend B", file: "<command line>", firstLine: 10)
    XCTAssertEqual(
      run.reports, ["<command line>:10@0 append A", "<command line>:12@0 append B"])
  }

  func testAnEmptyScriptFinishes() {
    XCTAssertEqual(script(Session(), "").end, .finished(failures: 0))
    XCTAssertEqual(script(Session(), "\n# only\n\n").reports, [])
  }

  func testSourceLocationDescribesItselfAsFileAndLine() {
    let location = SourceLocation(file: "a b.outline", line: 3, depth: 2)
    XCTAssertEqual(location.description, "a b.outline:3")
    XCTAssertEqual(location, SourceLocation(file: "a b.outline", line: 3, depth: 2))
    XCTAssertNotEqual(location, SourceLocation(file: "a b.outline", line: 3))
  }

  // MARK: Failures

  func testAScriptStopsAtItsFirstFailure() {
    let session = Session()
    let run = script(session, "append A\nappend A\nappend B\nappend A")
    XCTAssertEqual(run.end, .failed)
    XCTAssertFalse(run.end.succeeded)
    XCTAssertEqual(
      run.reports, ["s.outline:1@0 append A", "s.outline:2@0 append A !duplicateItem"])
    XCTAssertEqual(items(session), .items(["A"]))
  }

  func testAFailureStopsTheRestOfItsLineToo() {
    let session = Session()
    let run = script(session, "append A; apend B; append C\nappend D")
    XCTAssertEqual(run.end, .failed)
    XCTAssertEqual(
      run.reports, ["s.outline:1@0 append A", "s.outline:1@0 apend B !unknownCommand"])
    XCTAssertEqual(items(session), .items(["A"]))
  }

  func testKeepGoingRunsEveryLineAndCountsTheFailures() {
    let session = Session()
    let run = script(
      session, "append A\nappend A\nappend B; delete Nope\nexpect count 9\nappend C",
      keepGoing: true)
    XCTAssertEqual(run.end, .finished(failures: 3))
    XCTAssertFalse(run.end.succeeded)
    XCTAssertEqual(
      run.reports,
      [
        "s.outline:1@0 append A", "s.outline:2@0 append A !duplicateItem",
        "s.outline:3@0 append B", "s.outline:3@0 delete Nope !unknownItem",
        "s.outline:4@0 expect count 9 !unknownCommand", "s.outline:5@0 append C",
      ])
    XCTAssertEqual(items(session), .items(["A", "B", "C"]))
  }

  func testALineThatDoesNotParseIsASyntaxError() {
    let session = Session()
    let run = script(session, "append A\nmove A sideways B\nappend C")
    XCTAssertEqual(run.end, .failed)
    XCTAssertEqual(run.reports.last, "s.outline:2@0 move A sideways B !syntax")
    XCTAssertEqual(run.outcomes.last?.error?.code, .syntax)
    XCTAssertNil(run.outcomes.last?.transaction)
    let unclosed = script(Session(), #"append "open"#)
    XCTAssertEqual(unclosed.end, .failed)
    XCTAssertEqual(unclosed.outcomes.map { $0.error?.code }, [.syntax])
  }

  // MARK: quit

  func testQuitEndsTheScriptAndNothingAfterItRuns() {
    let session = Session()
    let run = script(session, "append A\nquit\nappend B")
    XCTAssertEqual(run.end, .quit(failures: 0))
    XCTAssertTrue(run.end.succeeded)
    XCTAssertEqual(run.reports, ["s.outline:1@0 append A", "s.outline:2@0 quit"])
    XCTAssertEqual(items(session), .items(["A"]))

    let sameLine = Session()
    XCTAssertEqual(script(sameLine, "append A; quit; append B").end, .quit(failures: 0))
    XCTAssertEqual(items(sameLine), .items(["A"]))
  }

  func testQuitCountsTheFailuresBeforeIt() {
    let session = Session()
    let run = script(session, "append A\nappend A\nquit\nappend B", keepGoing: true)
    XCTAssertEqual(run.end, .quit(failures: 1))
    XCTAssertFalse(run.end.succeeded)
    XCTAssertEqual(items(session), .items(["A"]))
  }

  func testQuitInsideASourcedFileEndsEveryLevel() {
    let files = MemoryFileSystem([
      "inner.outline": "append B\nquit\nappend C",
      "middle.outline": "source inner.outline\nappend M",
    ])
    let session = Session(fileSystem: files)
    let run = script(session, "append A\nsource middle.outline\nappend D")
    XCTAssertEqual(run.end, .quit(failures: 0))
    XCTAssertEqual(
      run.reports,
      [
        "s.outline:1@0 append A", "s.outline:2@0 source middle.outline",
        "middle.outline:1@1 source inner.outline", "inner.outline:1@2 append B",
        "inner.outline:2@2 quit",
      ])
    XCTAssertEqual(items(session), .items(["A", "B"]))
  }

  // MARK: source

  func testSourceRunsAFileWithItsOwnNameLinesAndDepth() {
    let files = MemoryFileSystem([
      "lib/food.outline": "# food\nappend Food\n\nappend Apple to Food; source lib/drinks.outline",
      "lib/drinks.outline": "append Drinks\nexpect roots Food Drinks",
    ])
    let session = Session(fileSystem: files)
    let run = script(
      session, "say start\nsource lib/food.outline\nappend Tea to Drinks", firstLine: 5)
    XCTAssertEqual(run.end, .finished(failures: 0))
    XCTAssertEqual(
      run.reports,
      [
        "s.outline:5@0 say start",
        "s.outline:6@0 source lib/food.outline",
        "lib/food.outline:2@1 append Food",
        "lib/food.outline:4@1 append Apple to Food",
        "lib/food.outline:4@1 source lib/drinks.outline",
        "lib/drinks.outline:1@2 append Drinks",
        "lib/drinks.outline:2@2 expect roots Food Drinks",
        "s.outline:7@0 append Tea to Drinks",
      ])
    XCTAssertEqual(items(session), .items(["Food", "Apple", "Drinks", "Tea"]))
  }

  func testAFileCanBeSourcedTwice() {
    let files = MemoryFileSystem(["add.outline": "append X"])
    let session = Session(fileSystem: files)
    let run = script(session, "source add.outline\ndelete X\nsource add.outline")
    XCTAssertEqual(run.end, .finished(failures: 0))
    XCTAssertEqual(
      run.reports,
      [
        "s.outline:1@0 source add.outline", "add.outline:1@1 append X", "s.outline:2@0 delete X",
        "s.outline:3@0 source add.outline", "add.outline:1@1 append X",
      ])
  }

  /// `-` is no file of `source`, as of `save` and `load`: a `syntax` error that names `outline
  /// -`, which runs standard input as a script, reading and changing nothing; `./-` still names
  /// a file called `-`.
  func testSourceOfDashIsAnErrorThatReadsAndChangesNothing() {
    let files = MemoryFileSystem(["./-": "append FromFile"])
    files.input = Array("append FromInput\n".utf8)
    let session = Session(fileSystem: files)
    _ = session.run("append A")
    let log = session.run("log").result
    let run = script(session, "source -\nappend B")
    XCTAssertEqual(run.end, .failed)
    XCTAssertEqual(run.reports, ["s.outline:1@0 source - !syntax"])
    XCTAssertEqual(
      run.outcomes.first?.error?.message,
      #"source - names no file: "outline -" runs standard input as a script "#
        + "(source ./- names a file called -)")
    XCTAssertEqual(items(session), .items(["A"]), "standard input was not run")
    XCTAssertEqual(session.run("log").result, log)
    XCTAssertEqual(
      script(session, "source ./-").reports,
      ["s.outline:1@0 source ./-", "./-:1@1 append FromFile"])
    XCTAssertEqual(items(session), .items(["A", "FromFile"]))
  }

  func testAFailureInsideASourceStopsTheOuterScriptAndIsReportedOnce() {
    let files = MemoryFileSystem(["inner.outline": "append A\nappend A\nappend B"])
    let session = Session(fileSystem: files)
    let run = script(session, "append Z\nsource inner.outline\nappend C")
    XCTAssertEqual(run.end, .failed)
    XCTAssertEqual(
      run.reports,
      [
        "s.outline:1@0 append Z", "s.outline:2@0 source inner.outline",
        "inner.outline:1@1 append A", "inner.outline:2@1 append A !duplicateItem",
      ])
    XCTAssertEqual(run.outcomes.filter { !$0.ok }.count, 1)
    XCTAssertEqual(items(session), .items(["Z", "A"]))
  }

  func testWithKeepGoingAFailureInsideASourceGoesOnAtBothLevels() {
    let files = MemoryFileSystem(["inner.outline": "append A\nappend A\nappend B"])
    let session = Session(fileSystem: files)
    let run = script(
      session, "source inner.outline\nsource missing.outline\nappend C", keepGoing: true)
    XCTAssertEqual(run.end, .finished(failures: 2))
    XCTAssertEqual(
      run.reports,
      [
        "s.outline:1@0 source inner.outline", "inner.outline:1@1 append A",
        "inner.outline:2@1 append A !duplicateItem", "inner.outline:3@1 append B",
        "s.outline:2@0 source missing.outline !io",
        "s.outline:3@0 append C",
      ])
    XCTAssertEqual(items(session), .items(["A", "B", "C"]))
  }

  func testAMissingSourceFileIsAnIOErrorAtTheSourceLine() {
    let session = Session()
    let run = script(session, "append A\n\nsource \"no such.outline\"\nappend B")
    XCTAssertEqual(run.end, .failed)
    XCTAssertEqual(run.reports.last, #"s.outline:3@0 source "no such.outline" !io"#)
    XCTAssertEqual(
      run.outcomes.last?.error,
      CommandError(.io, #"cannot source "no such.outline": no such file or directory"#))
    XCTAssertEqual(items(session), .items(["A"]))
  }

  func testAFileThatSourcesItselfStopsAtTheNestingLimit() {
    let limit = Session.maximumSourceDepth
    let files = MemoryFileSystem(["loop.outline": "say again\nsource loop.outline\nsay never"])
    let session = Session(fileSystem: files)
    let run = script(session, "source loop.outline\nsay after")
    XCTAssertEqual(run.end, .failed)
    let failures = run.outcomes.filter { !$0.ok }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.error?.code, .io)
    let message = failures.first?.error?.message ?? ""
    XCTAssertTrue(message.hasPrefix("cannot source loop.outline: "), message)
    XCTAssertTrue(message.contains("\(limit)"), message)
    XCTAssertFalse(run.reports.contains { $0.hasSuffix("say never") || $0.hasSuffix("say after") })
    // `say again` ran once at every depth from 1 to the deepest, where the `source` failed.
    let again = run.reports.filter { $0.hasSuffix("say again") }
    XCTAssertEqual(again.first, "loop.outline:1@1 say again")
    XCTAssertEqual(again.last, "loop.outline:1@\(again.count) say again")
    XCTAssertEqual(run.reports.last, "loop.outline:2@\(again.count) source loop.outline !io")
    XCTAssertTrue((limit - 1...limit).contains(again.count), "\(again.count)")

    let keepGoing = script(Session(fileSystem: files), "source loop.outline", keepGoing: true)
    XCTAssertEqual(keepGoing.end, .finished(failures: 1))
    XCTAssertEqual(keepGoing.reports.filter { $0.hasSuffix("say never") }.count, again.count)
  }

  /// `maximumSourceDepth` is "how deep `source` commands may nest": files run at depths 1
  /// through `maximumSourceDepth`, and the `source` that would go one deeper fails.
  func testSourcesMayNestToTheLimitButNoDeeper() {
    let limit = Session.maximumSourceDepth
    let files = MemoryFileSystem()
    for depth in 1...limit {
      files.files["f\(depth).outline"] = Array(
        (depth < limit ? "source f\(depth + 1).outline" : "append Deepest").utf8)
    }
    let session = Session(fileSystem: files)
    let run = script(session, "source f1.outline")
    XCTAssertEqual(run.end, .finished(failures: 0), "\(run.reports)")
    XCTAssertEqual(run.reports.last, "f\(limit).outline:1@\(limit) append Deepest")
    XCTAssertEqual(run.reports.count, limit + 1, "each source is reported, then the append")
    files.files["f\(limit).outline"] = Array("source too-deep.outline".utf8)
    files.files["too-deep.outline"] = Array("append Deeper".utf8)
    let tooDeep = script(Session(fileSystem: files), "source f1.outline")
    XCTAssertEqual(tooDeep.end, .failed)
    XCTAssertEqual(
      tooDeep.reports.last, "f\(limit).outline:1@\(limit) source too-deep.outline !io")
    XCTAssertEqual(tooDeep.reports.filter { $0.contains("!") }.count, 1)
  }

  func testASourceFileThatIsNotUTF8IsAnIOError() {
    let files = MemoryFileSystem()
    files.files["latin1.outline"] = Array("append Caf".utf8) + [0xE9] + Array("\n".utf8)
    let session = Session(fileSystem: files)
    let run = script(session, "source latin1.outline\nappend B")
    XCTAssertEqual(run.end, .failed)
    XCTAssertEqual(
      run.outcomes.map(\.error), [CommandError(.io, "cannot source latin1.outline: not UTF-8 text")]
    )
    XCTAssertEqual(run.reports, ["s.outline:1@0 source latin1.outline !io"])
    XCTAssertEqual(items(session), .items([]))
  }

  func testCRLFLineEndsWorkInScriptsAndSourcedFiles() {
    let files = MemoryFileSystem(["dos.outline": "append C\r\n\r\nappend D\r\n"])
    let session = Session(fileSystem: files)
    let run = script(
      session, "append A\r\n# comment\r\nappend B\r\nsource dos.outline\r\nexpect items A B C D\r\n"
    )
    XCTAssertEqual(run.end, .finished(failures: 0))
    XCTAssertEqual(
      run.reports,
      [
        "s.outline:1@0 append A", "s.outline:3@0 append B", "s.outline:4@0 source dos.outline",
        "dos.outline:1@1 append C",
        "dos.outline:3@1 append D", "s.outline:5@0 expect items A B C D",
      ])
  }

  // MARK: Interruption

  func testAnInterruptionStopsBeforeTheNextCommand() {
    let session = Session()
    let run = script(session, "append A\n\nappend B; append C\nappend D", interruptAt: 2)
    XCTAssertEqual(run.end, .interrupted)
    XCTAssertFalse(run.end.succeeded)
    XCTAssertEqual(run.reports, ["s.outline:1@0 append A", "s.outline:3@0 append B"])
    XCTAssertEqual(items(session), .items(["A", "B"]))

    let atOnce = Session()
    XCTAssertEqual(script(atOnce, "append A", interruptAt: 0).end, .interrupted)
    XCTAssertEqual(items(atOnce), .items([]))
  }

  func testAnInterruptionInsideASourceStopsEveryLevel() {
    let files = MemoryFileSystem(["inner.outline": "append B\nappend C\nappend D"])
    let session = Session(fileSystem: files)
    // Asked before `append A`, `source`, `append B`, `append C`: the fourth says stop.
    let run = script(session, "append A\nsource inner.outline\nappend E", interruptAt: 3)
    XCTAssertEqual(run.end, .interrupted)
    XCTAssertEqual(
      run.reports,
      [
        "s.outline:1@0 append A", "s.outline:2@0 source inner.outline",
        "inner.outline:1@1 append B",
      ])
    XCTAssertEqual(items(session), .items(["A", "B"]))
  }

  // MARK: Outside scripts

  func testSourceAndQuitRunDirectlyAreRefusedAndChangeNothing() {
    let files = MemoryFileSystem(["f.outline": "append X"])
    let session = Session(fileSystem: files)
    run(session, "append A")
    let source = assertFails(session, "source f.outline", .refused)
    XCTAssertEqual(
      source.error?.message, #""source" runs only as a command of a script or of the prompt"#)
    let quit = assertFails(session, "quit", .refused)
    XCTAssertEqual(
      quit.error?.message, #""quit" runs only as a command of a script or of the prompt"#)
    XCTAssertEqual(items(session), .items(["A"]))
    XCTAssertEqual(session.history.count, 1)
  }
}

extension ScriptRunTests {
  func testAByteOrderMarkBeforeTheFirstLineIsIgnored() {
    let files = MemoryFileSystem(["bom.outline": "\u{FEFF}append B\n"])
    let session = Session(fileSystem: files)
    let run = script(session, "\u{FEFF}append A\nsource bom.outline")
    XCTAssertEqual(run.end, .finished(failures: 0), "\(run.reports)")
    XCTAssertEqual(items(session), .items(["A", "B"]))
    let later = script(Session(), "append A", firstLine: 2)
    XCTAssertEqual(later.end, .finished(failures: 0))
  }
}
