import Foundation
import XCTest

/// The command line as a person types it (SPEC §4, "An editor a person keeps"): `-c` texts and
/// script files in the order given, and `--output`, `-q` and `--no-banner`.
final class CommandLineOrderTests: BinaryTestCase {
  /// Runs the binary in `home`.
  func outline(_ arguments: String..., stdin: String = "") throws -> OutlineBinary.Result {
    try OutlineBinary.run(arguments, stdin: stdin, in: home, home: home)
  }

  /// Writes `text` to `name` in `home` and answers its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let path = home + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  // MARK: Order

  func testCommandsAndFilesRunInTheOrderGiven() throws {
    try write("say a\n", to: "a.outline")
    try write("say b\n", to: "b.outline")
    let result = try outline("a.outline", "-c", "say one", "b.outline", "-c", "say two")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "a\none\nb\ntwo\n")
    XCTAssertEqual(try outline("-c", "say one", "a.outline").stdout, "one\na\n")
  }

  func testAnOutlineFileGivenAsAScriptSaysHowToOpenIt() throws {
    try write("<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body/></opml>\n", to: "notes.opml")
    let opml = try outline("notes.opml")
    XCTAssertEqual(opml.status, 1)
    XCTAssertTrue(opml.stderr.hasPrefix("notes.opml:1: error: unknown command"), opml.stderr)
    XCTAssertTrue(opml.stderr.hasSuffix("to edit it, run: outline --open notes.opml\n"))
    try write("- Food\n  - Apple\n", to: "my notes.md")
    let markdown = try outline("--keep-going", "my notes.md")
    XCTAssertEqual(markdown.status, 1)
    XCTAssertTrue(markdown.stderr.contains("\"my notes.md\" is a Markdown file"), markdown.stderr)
    XCTAssertTrue(
      markdown.stderr.hasSuffix("run: outline --open \"my notes.md\"\n"), markdown.stderr)
    // A script of commands that fails gets no such advice, nor does an outline file that runs.
    try write("bogus\n", to: "a.outline")
    XCTAssertFalse(try outline("a.outline").stderr.contains("load"))
    try write("say hi\n", to: "b.md")
    XCTAssertEqual(try outline("b.md").stderr, "")
  }

  /// `--open FILE` loads a file to edit, before the `-c` texts run against it; a file that
  /// cannot be opened, or a native file after another, is a usage error that runs nothing.
  func testOpenLoadsTheFileTheCommandsEdit() throws {
    let todo = try write("- Milk\n", to: "todo.md")
    try write("Inbox\n", to: "work.txt")
    let result = try outline(
      "--open", "todo.md", "-c", "append Eggs; section use work.txt; append Call; save --all",
      "--open", "work.txt")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.hasPrefix("loaded todo.md: 1 row inserted\n"), result.stdout)
    XCTAssertEqual(try String(contentsOfFile: todo, encoding: .utf8), "- Milk\n- Eggs\n")
    XCTAssertEqual(
      try String(contentsOfFile: home + "/work.txt", encoding: .utf8), "Inbox\nCall\n")
    let missing = try outline("--open", "missing.md", "-c", "append X; save todo.md")
    XCTAssertEqual(missing.status, 2)
    XCTAssertEqual(missing.stderr, "outline: cannot load missing.md: no such file or directory\n")
    XCTAssertEqual(try String(contentsOfFile: todo, encoding: .utf8), "- Milk\n- Eggs\n")
    let native = try outline("--open", "todo.md", "--open", "all.json", "-c", "save todo.md")
    XCTAssertEqual(native.status, 2)
    XCTAssertTrue(native.stderr.hasPrefix("outline: --open all.json: a native save file"))
  }

  /// `OUTLINE_OUTPUT` sets the output mode that `--output` and `-q` override; a bad value is a
  /// usage error when it is used.
  func testOutlineOutputSetsTheDefaultMode() throws {
    let brief = try OutlineBinary.run(
      ["-c", "append A"], in: home, home: home, environment: ["OUTLINE_OUTPUT": "brief"])
    XCTAssertEqual(brief.stdout, "appended A: 1 row inserted\n")
    let full = try OutlineBinary.run(
      ["--output", "full", "-c", "append A"], in: home, home: home,
      environment: ["OUTLINE_OUTPUT": "brief"])
    XCTAssertTrue(full.stdout.hasPrefix("rows:\n"), full.stdout)
    let bad = try OutlineBinary.run(
      ["-c", "append A"], in: home, home: home, environment: ["OUTLINE_OUTPUT": "loud"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertEqual(bad.stdout, "")
    XCTAssertEqual(
      bad.stderr,
      "outline: OUTLINE_OUTPUT is \"loud\": it names an output mode, one of full, brief, quiet\n")
    let quiet = try OutlineBinary.run(
      ["-q", "-c", "append A; count"], in: home, home: home,
      environment: ["OUTLINE_OUTPUT": "loud"])
    XCTAssertEqual(quiet.status, 0, quiet.stderr)
    XCTAssertEqual(quiet.stdout, "1\n")
  }

  func testAFileBuildsWhatALaterCommandShows() throws {
    try write("append Food Drinks\n", to: "setup.outline")
    let result = try outline("--output", "quiet", "setup.outline", "-c", "items")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "Food Drinks\n")
  }

  func testOptionValuesAndTheEndOfOptionsKeepTheOrder() throws {
    try write("say a\n", to: "a.outline")
    try write("say dash\n", to: "-c")
    let result = try outline(
      "--history", "/dev/null", "-c", "say one", "--output=full", "a.outline", "--", "-c")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "one\na\ndash\n")
    // A -c text that names a file is a command, not a file.
    XCTAssertEqual(try outline("-c", "say a.outline", "a.outline").stdout, "a.outline\na\n")
  }

  func testInteractiveFileRunsLastAndCommandLineLinesCountInOrder() throws {
    try write("say i\n", to: "i.outline")
    try write("say a\n", to: "a.outline")
    let result = try outline("-i", "i.outline", "a.outline", "-c", "say c")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "a\nc\ni\n")
    let failed = try outline("-c", "say x", "a.outline", "-c", "bogus")
    XCTAssertEqual(failed.status, 1)
    XCTAssertEqual(failed.stdout, "x\na\n")
    XCTAssertTrue(failed.stderr.hasPrefix("<command line>:2: error: "), failed.stderr)
  }

  func testAnUnreadableFileRunsNothingWhereverItStands() throws {
    let result = try outline("-c", "append A; save made.json", "missing.outline")
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stdout, "")
    XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/made.json"))
  }

  // MARK: Output modes

  func testBriefPrintsOneLinePerChange() throws {
    let result = try outline(
      "--output", "brief", "-c", "append Food Drinks; append Apple to Food; expand Food; items")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.stdout,
      """
      appended Food Drinks: 2 rows inserted
      appended Apple to Food: no row changed (1 item inserted)
      expanded Food: 1 row inserted
      Food Apple Drinks

      """)
  }

  func testQuietAndItsShortFormPrintOnlyResultsSayAndErrors() throws {
    for flags in [["-q"], ["--quiet"], ["--output", "quiet"]] {
      let result = try OutlineBinary.run(
        flags + ["--keep-going", "-c", "append A B; say hi; items; delete Z; move A after B"],
        in: home, home: home)
      XCTAssertEqual(result.status, 1, "\(flags)")
      XCTAssertEqual(result.stdout, "hi\nA B\n", "\(flags)")
      XCTAssertTrue(result.stderr.contains("error: "), "\(flags): \(result.stderr)")
    }
  }

  func testSetOutputChangesTheModeMidScript() throws {
    let result = try outline("-c", "set output quiet; append A; set output brief; append B")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "appended B: 1 row inserted\n")
  }

  func testJSONIsTheSameInEveryMode() throws {
    let script = "append A; expand A; items"
    let json = try outline("--json", "-c", script).stdout
    XCTAssertFalse(json.isEmpty)
    XCTAssertEqual(try outline("--json", "--output", "quiet", "-c", script).stdout, json)
    XCTAssertEqual(try outline("--json", "-q", "-c", script).stdout, json)
    XCTAssertEqual(try outline("--json", "--output", "brief", "-c", script).stdout, json)
  }

  func testAnUnknownModeIsAUsageErrorNamingTheModesAndNothingRuns() throws {
    for flags in [["--output", "loud"], ["--output"], ["-q", "--output", "full"]] {
      let result = try OutlineBinary.run(
        flags + ["-c", "append A; save made.json"], in: home, home: home)
      XCTAssertEqual(result.status, 2, "\(flags)")
      XCTAssertEqual(result.stdout, "", "\(flags)")
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: home + "/made.json"), "\(flags): a save ran")
    }
    let result = try outline("--output", "loud", "-c", "say hi")
    for mode in ["full", "brief", "quiet"] {
      XCTAssertTrue(result.stderr.contains("'\(mode)'"), result.stderr)
    }
    // -q with --output quiet says the same twice: allowed.
    XCTAssertEqual(try outline("-q", "--output", "quiet", "-c", "say hi").stdout, "hi\n")
  }

  func testWarningsGoToStandardErrorInEveryMode() throws {
    try outline("-c", "append A; section add two; save two.json")
    for mode in ["full", "brief", "quiet"] {
      let result = try outline("--output", mode, "-c", "import two.json")
      XCTAssertEqual(result.status, 0, "\(mode): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains("warning: "), "\(mode): \(result.stderr)")
      XCTAssertFalse(result.stdout.contains("warning"), "\(mode): \(result.stdout)")
    }
  }
}
