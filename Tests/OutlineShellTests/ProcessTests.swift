import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The built `outline` executable, run as a subprocess: flags, exit statuses, where output and
/// errors go, standard input that is not a terminal, files, and Ctrl-C (SPEC §2).
final class ProcessTests: BinaryTestCase {
  /// Runs the binary in `home`.
  func outline(
    _ arguments: String..., stdin: String = "", in directory: String? = nil
  ) throws -> OutlineBinary.Result {
    try OutlineBinary.run(arguments, stdin: stdin, in: directory, home: home)
  }

  /// Writes `text` to `name` in `home` and answers its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let path = home + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  // MARK: Flags

  func testVersion() throws {
    let result = try outline("--version")
    XCTAssertEqual(result.reason, .exit)
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.stdout, "outline 0.1.0\n")
    XCTAssertEqual(result.stderr, "")
  }

  func testHelp() throws {
    for flag in ["--help", "-h"] {
      let result = try outline(flag)
      guard result.reason == .exit else {
        XCTFail("\(flag) crashed: \(result.stderr.prefix(200))")
        continue
      }
      XCTAssertEqual(result.status, 0, flag)
      XCTAssertTrue(result.stdout.contains("--json"), result.stdout)
      XCTAssertTrue(result.stdout.contains("--json-snapshots"), result.stdout)
      XCTAssertTrue(result.stdout.contains("--keep-going"), result.stdout)
      XCTAssertEqual(result.stderr, "")
    }
  }

  func testUnknownFlagIsAUsageError() throws {
    let result = try outline("--bogus")
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(result.stderr.hasPrefix("outline: "), result.stderr)
    XCTAssertTrue(result.stderr.contains("--bogus"), result.stderr)
  }

  /// --json, --json-snapshots, --emit-swift and --emit-html each decide what standard output
  /// is, and --swift adds to the output the --emit flags replace: two of them are a usage error,
  /// and nothing runs (the save is not made).
  func testFlagsThatEachDecideTheOutputAreAUsageErrorAndNothingRuns() throws {
    let pairs = [
      ["--emit-swift", "--emit-html"], ["--json", "--json-snapshots"], ["--json", "--emit-html"],
      ["--json-snapshots", "--emit-swift"], ["--swift", "--emit-swift"],
      ["--swift", "--emit-html"],
    ]
    for pair in pairs {
      let result = try OutlineBinary.run(pair + ["-c", "append A; save made.json"], home: home)
      XCTAssertEqual(result.status, 2, "\(pair)")
      XCTAssertEqual(result.stdout, "", "\(pair)")
      XCTAssertTrue(result.stderr.hasPrefix("outline: --"), "\(pair): \(result.stderr)")
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: home + "/made.json"), "\(pair): a save ran")
    }
    // --swift beside --json adds the Swift to each line: allowed.
    let result = try outline("--swift", "--json", "-c", "append A")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("\"swift\": ["), result.stdout)
  }

  /// --quiz is a mode of the page: without --emit-html it is a usage error, and nothing runs.
  func testQuizWithoutThePageIsAUsageErrorAndNothingRuns() throws {
    for output in [[], ["--json"], ["--emit-swift"]] {
      let result = try OutlineBinary.run(
        output + ["--quiz", "-c", "append A; save made.json"], home: home)
      XCTAssertEqual(result.status, 2, "\(output)")
      XCTAssertEqual(result.stdout, "", "\(output)")
      XCTAssertTrue(
        result.stderr.contains("--quiz is a mode of the page: use it with --emit-html"),
        "\(output): \(result.stderr)")
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: home + "/made.json"), "\(output): a save ran")
    }
    let page = try outline("--emit-html", "--quiz", "-c", "append A")
    XCTAssertEqual(page.status, 0, page.stderr)
    XCTAssertTrue(page.stdout.contains(#""quiz":1"#), "the page opens in quiz mode")
  }

  func testMissingOptionValueIsAUsageError() throws {
    let result = try outline("-c")
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stdout, "")
    XCTAssertFalse(result.stderr.isEmpty)
  }

  func testMissingFileIsAUsageErrorAndNothingRuns() throws {
    let result = try outline("-c", "say first", "missing.outline")
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(
      result.stderr, "outline: cannot read missing.outline: no such file or directory\n")
  }

  func testDirectoryAsFileIsAUsageError() throws {
    let result = try outline(home)
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.hasSuffix(": is a directory\n"), result.stderr)
  }

  // MARK: Scripts

  func testEveryExampleExitsZero() throws {
    let examples = try GoldenTranscriptTests.examples()
    XCTAssertFalse(examples.isEmpty)
    for example in examples {
      let result = try OutlineBinary.run(
        ["examples/" + example.lastPathComponent], in: OutlineBinary.packageRoot.path,
        home: home)
      XCTAssertEqual(result.status, 0, "\(example.lastPathComponent): \(result.stderr)")
      // Nothing but warnings (an export that leaves notes out says so).
      let errors = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("warning: ") }
      XCTAssertEqual(errors, [], example.lastPathComponent)
      XCTAssertFalse(result.stdout.isEmpty, example.lastPathComponent)
    }
  }

  func testFailingScriptExitsOneAfterTheOutputBeforeIt() throws {
    let path = try write("say before\nappend A\n\ndelete B\nsay after\n", to: "fail.outline")
    let result = try outline(path)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stdout, "before\nrows:\n  + 0 A\nsection main:\n  + 0 A\n")
    XCTAssertTrue(result.stderr.hasPrefix(path + ":4: error: "), result.stderr)
    XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1)
  }

  func testKeepGoingRunsOnAndExitsOne() throws {
    let path = try write("bogus\nsay after\n", to: "fail.outline")
    let result = try outline("--keep-going", path)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "after\n")
    XCTAssertTrue(result.stderr.hasPrefix(path + ":1: error: "), result.stderr)
  }

  func testFailedExpectationExitsOne() throws {
    let result = try outline("-c", "append A; expect items B")
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr, "<command line>:1: error: expected items B, got A\n")
  }

  func testCommandLineErrorLocation() throws {
    let result = try outline("-c", "say hi; bogus; say never")
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "hi\n")
    XCTAssertTrue(result.stderr.hasPrefix("<command line>:1: error: "), result.stderr)
  }

  /// The -c options are the lines of one script: an error names the option that failed.
  func testEachCommandLineOptionIsALine() throws {
    let result = try outline(
      "--keep-going", "-c", "append A", "-c", "delete X; delete Y", "-c", "say one\ndelete Z",
      "-c", "delete W")
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr.split(separator: "\n").map { $0.split(separator: ":").prefix(2) },
      [
        ["<command line>", "2"], ["<command line>", "2"], ["<command line>", "4"],
        ["<command line>", "5"],
      ])
  }

  func testSourceErrorNamesTheSourcedFile() throws {
    try write("say in lib\nbogus\n", to: "lib.outline")
    let result = try outline("-c", "source lib.outline")
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.hasPrefix("lib.outline:2: error: "), result.stderr)
  }

  // MARK: Standard input that is not a terminal

  func testPipedInputRunsAsAScriptWithNoPromptAndNoBanner() throws {
    let result = try outline(stdin: "say one\n# comment\nappend A\nsay two")
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.stdout, "one\nrows:\n  + 0 A\nsection main:\n  + 0 A\ntwo\n")
    XCTAssertEqual(result.stderr, "", "no banner, no prompt")
  }

  func testPipedInputErrorsNameStdin() throws {
    let result = try outline(stdin: "say one\n\nbogus\nsay never\n")
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "one\n")
    XCTAssertTrue(result.stderr.hasPrefix("<stdin>:3: error: "), result.stderr)
  }

  /// `outline -` runs standard input as a script, read to its end before anything runs, in its
  /// place among the FILE arguments; a second `-`, or `import -` in the script, finds it read.
  func testDashRunsStandardInputAsAScript() throws {
    try write("say a\n", to: "a.outline")
    let result = try outline("a.outline", "-", "a.outline", stdin: "say one\nsay two\n")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "a\none\ntwo\na\n")

    let failed = try outline("-", stdin: "say one\nbogus\nsay never\n")
    XCTAssertEqual(failed.status, 1)
    XCTAssertEqual(failed.stdout, "one\n")
    XCTAssertTrue(failed.stderr.hasPrefix("<stdin>:2: error: "), failed.stderr)

    let twice = try outline("-", "-", stdin: "say one\n")
    XCTAssertEqual(twice.status, 2, "a usage error: nothing runs")
    XCTAssertEqual(twice.stdout, "")
    XCTAssertEqual(
      twice.stderr, "outline: cannot read -: standard input was read to its end already\n")

    let importing = try outline("-", stdin: "import -\n")
    XCTAssertEqual(importing.status, 1)
    XCTAssertTrue(
      importing.stderr.contains("cannot import -: standard input was read to its end already"),
      importing.stderr)
  }

  /// `save -` and `load -` name no file: errors, and no file called `-` appears.
  func testSaveAndLoadOfDashAreErrorsThatWriteNothing() throws {
    let saved = try outline("-c", "append A; save -")
    XCTAssertEqual(saved.status, 1)
    XCTAssertTrue(saved.stderr.contains("save - names no file"), saved.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/-"))
    let loaded = try outline("-c", "load -", stdin: "- a\n")
    XCTAssertEqual(loaded.status, 1)
    XCTAssertTrue(loaded.stderr.contains("\"import -\" uses standard input"), loaded.stderr)
  }

  func testPipedInputWithCRLFLines() throws {
    let result = try outline(stdin: "say one\r\nsay two\r\n")
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.stdout, "one\ntwo\n")
  }

  func testPipedInputThatIsNotUTF8IsAnError() throws {
    var bytes = Data("say ".utf8)
    bytes.append(contentsOf: [0xFF, 0x0A])
    bytes.append(contentsOf: Data("say after\n".utf8))
    let stopped = try OutlineBinary.run([], input: bytes, home: home)
    XCTAssertEqual(stopped.status, 1)
    XCTAssertEqual(stopped.stdout, "")
    XCTAssertEqual(stopped.stderr, "<stdin>:1: error: the line is not UTF-8 text\n")

    let going = try OutlineBinary.run(["--keep-going"], input: bytes, home: home)
    XCTAssertEqual(going.status, 1)
    XCTAssertEqual(going.stdout, "after\n")
  }

  func testJSONLinesParse() throws {
    let result = try outline(
      "--json", "--keep-going", "-c", "append A B; expand A; items; show; bogus; say hi")
    XCTAssertEqual(result.status, 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.last, "", "the output ends with a newline")
    XCTAssertEqual(lines.count, 7)
    var commands: [String] = []
    for line in lines.dropLast() {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      let unwrapped = try XCTUnwrap(object, String(line))
      commands.append(try XCTUnwrap(unwrapped["command"] as? String))
      XCTAssertNotNil(unwrapped["ok"] as? Bool, String(line))
    }
    XCTAssertEqual(commands, ["append A B", "expand A", "items", "show", "bogus", "say hi"])
    XCTAssertTrue(result.stderr.hasPrefix("<command line>:1: error: "), result.stderr)
  }

  /// `--json` section entries carry `section` and `difference`; `--json-snapshots` (JSON
  /// output on its own) adds `initial` and `final`, and `last --full` adds them under `--json`.
  func testJSONSnapshotsAddTheWholeSectionSnapshots() throws {
    let script = "append A B; append C to A; last --full"
    func entries(_ flag: String) throws -> [[String: Any]] {
      let result = try outline(flag, "-c", script)
      XCTAssertEqual(result.status, 0, result.stderr)
      return try result.stdout.split(separator: "\n").map { line in
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let transaction = try XCTUnwrap(object?["transaction"] as? [String: Any], String(line))
        return try XCTUnwrap((transaction["sections"] as? [[String: Any]])?.first)
      }
    }
    let plain = try entries("--json")
    XCTAssertEqual(plain.count, 3)
    XCTAssertEqual(plain[0].keys.sorted(), ["difference", "hierarchy", "section"])
    XCTAssertEqual(plain[1].keys.sorted(), ["difference", "hierarchy", "section"])
    XCTAssertEqual(
      plain[2].keys.sorted(), ["difference", "final", "hierarchy", "initial", "section"])
    let snapshots = try entries("--json-snapshots")
    for entry in snapshots {
      XCTAssertEqual(
        entry.keys.sorted(), ["difference", "final", "hierarchy", "initial", "section"])
    }
    let final = try XCTUnwrap(snapshots[1]["final"] as? [String: Any])
    XCTAssertEqual(final["items"] as? [String], ["A", "C", "B"])
    XCTAssertEqual(final["visible"] as? [String], ["A", "B"])
    XCTAssertEqual(final["expanded"] as? [String], [])
    let initial = try XCTUnwrap(snapshots[1]["initial"] as? [String: Any])
    XCTAssertEqual(initial["items"] as? [String], ["A", "B"])
  }

  func testNoColorWhenStdoutIsNotATerminal() throws {
    let result = try outline("-c", "append A; delete B")
    XCTAssertFalse(result.stdout.contains("\u{1B}"))
    XCTAssertFalse(result.stderr.contains("\u{1B}"))
  }

  /// Output that cannot be written (a full disk) is an error, not a silent success.
  func testWriteErrorOnStandardOutputIsAFailure() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else {
      throw XCTSkip("no /dev/full")
    }
    let process = Process()
    process.executableURL = try OutlineBinary.require()
    process.arguments = ["-c", "say hello"]
    process.environment = OutlineBinary.environment(home: home)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
    let errorPath = home + "/stderr"
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try process.run()
    XCTAssertTrue(OutlineBinary.wait(for: process, timeout: 30))
    XCTAssertEqual(process.terminationReason, .exit)
    XCTAssertNotEqual(process.terminationStatus, 0, "the lost output was not reported")
    XCTAssertFalse(try String(contentsOfFile: errorPath, encoding: .utf8).isEmpty)
  }

  // MARK: Files

  func testSaveThenLoadInASecondProcess() throws {
    let saved = try outline(
      "-c", "append Food Drinks; append Apple to Food; expand Food; rule no-collapse Food",
      "-c", "save outline.json")
    XCTAssertEqual(saved.status, 0, saved.stderr)
    let contents = try String(contentsOfFile: home + "/outline.json", encoding: .utf8)
    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(contents.utf8)))
    XCTAssertEqual(
      FileManagerless.names(in: home).filter { $0.hasPrefix(".") }, [],
      "no temporary file is left beside the saved one")

    let loaded = try outline(
      "-c",
      "load outline.json; expect items Food Apple Drinks; expect expanded Food; "
        + "expect visible Food Apple Drinks; expect error collapse Food")
    XCTAssertEqual(loaded.status, 0, loaded.stderr)
    XCTAssertEqual(loaded.stderr, "")
  }

  func testSaveIntoAMissingDirectoryIsAnIOError() throws {
    let result = try outline("--json", "-c", "append A; save no/such/dir/x.json")
    XCTAssertEqual(result.status, 1)
    let last = try XCTUnwrap(result.stdout.split(separator: "\n").last)
    let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
    XCTAssertEqual((object?["error"] as? [String: Any])?["code"] as? String, "io")
  }

  /// A save file of two sections and a rule, written by hand (CRLF line endings): `import`
  /// takes its current section alone, so a save over it would drop the rest.
  static let saveFile =
    "{\r\n  \"format\": \"outline\",\r\n  \"version\": 2,\r\n  \"section\": \"main\",\r\n"
    + "  \"sections\": [\r\n    {\"name\": \"main\", \"items\": [\r\n"
    + "      {\"item\": \"A\", \"level\": 0},\r\n      {\"item\": \"B\", \"level\": 0}\r\n"
    + "    ]},\r\n    {\"name\": \"two\", \"items\": []}\r\n  ],\r\n"
    + "  \"rules\": [\"no-collapse A\"],\r\n  \"snapshots\": []\r\n}"

  /// `import F; save F` over a file whose read lost something (SPEC §4): the import warns, the
  /// save is an `io` error, the exit status 1, and the file is byte for byte as it was, by
  /// whatever path it is named; `--force` writes it.
  func testSaveOverAFileWhoseImportLostSomethingExitsOneAndLeavesItUnchanged() throws {
    let path = try write(Self.saveFile, to: "notes.json")
    XCTAssertEqual(symlink("notes.json", home + "/link.json"), 0)
    for (script, name) in [
      ("import notes.json; sort --roots --reverse; save notes.json", "notes.json"),
      ("import notes.json; export ./link.json", "./link.json"),
      ("import notes.json; save notes.json --format markdown", "notes.json"),
    ] {
      let result = try outline("-c", script)
      XCTAssertEqual(result.status, 1, script)
      XCTAssertTrue(
        result.stderr.contains(
          "warning: 1 other section of the save file is not imported\n"
            + "warning: 1 rule of the save file is not imported\n"
            + "warning: save and export to notes.json are refused, since they would drop this "
            + "(--force overwrites it)\n"), result.stderr)
      XCTAssertFalse(result.stdout.contains("warning:"), result.stdout)
      let verb = script.contains("export") ? "export" : "save"
      XCTAssertTrue(
        result.stderr.hasSuffix(
          "error: cannot \(verb) \(name): importing "
            + (name == "notes.json" ? "it" : "notes.json, the same file,")
            + " dropped 1 other section and 1 rule (\(verb) --force overwrites it)\n"),
        result.stderr)
      XCTAssertEqual(
        try Data(contentsOf: URL(fileURLWithPath: path)), Data(Self.saveFile.utf8), script)
      XCTAssertEqual(
        FileManagerless.names(in: home), ["link.json", "notes.json"], "no other file written")
    }
    let forced = try outline(
      "-c", "import notes.json; sort --roots --reverse; save notes.json --force")
    XCTAssertEqual(forced.status, 0, forced.stderr)
    let file = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any])
    let sections = try XCTUnwrap(file["sections"] as? [[String: Any]])
    XCTAssertEqual(sections.map { $0["name"] as? String }, ["main"])
    XCTAssertEqual(
      (sections.first?["items"] as? [[String: Any]])?.map { $0["item"] as? String }, ["B", "A"])
    XCTAssertEqual(file["rules"] as? [String], [])
    // The file holds what the session wrote: a later save needs no force.
    let later = try outline("-c", "import notes.json; save notes.json")
    XCTAssertEqual(later.status, 0, later.stderr)
    XCTAssertEqual(later.stderr, "")
  }

  /// A README with front matter, headings, paragraphs, two lists and a code fence inside a list
  /// item.
  static let readme = """
    ---
    title: Notes
    tags: [a, b]
    ---

    # Notes

    Intro paragraph
    over two lines.

    - item
      ```
      code
      ```
      - child
    - second

    ## Later

    More text.

    1. one
    2. two

    """

  /// The lines of `data`, split at each LF byte: a CR stays at the end of its line, and a last
  /// line with no LF is a line.
  static func lines(_ data: Data) -> [String] {
    data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
  }

  /// Markdown loads whole (SPEC §4): `load F; save F` gives back the README byte for byte,
  /// whatever its line endings, byte order mark or last line, with no warning, and a `retitle`
  /// changes the one line of the item.
  func testLoadAndSaveOfAREADMEKeepsEveryByte() throws {
    let crlf = Self.readme.replacingOccurrences(of: "\n", with: "\r\n")
    let variants = [
      ("lf", Self.readme), ("crlf", crlf), ("bom", "\u{FEFF}" + Self.readme),
      ("no final newline", String(decoding: Self.readme.utf8.dropLast(), as: UTF8.self)),
      (
        "bom, crlf, no final newline",
        "\u{FEFF}" + String(decoding: crlf.utf8.dropLast(2), as: UTF8.self)
      ),
    ]
    for (name, text) in variants {
      let path = try write(text, to: "README.md")
      let bytes = Data(text.utf8)
      let result = try outline("-c", "load README.md", "-c", "save README.md")
      XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
      XCTAssertEqual(result.stderr, "", name)
      XCTAssertTrue(
        result.stdout.contains("loaded 7 items from README.md into section main"),
        "\(name): \(result.stdout)")
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, name)

      let retitled = try outline(
        "-c", "load README.md", "-c", "retitle child \"Grown child\"", "-c", "save README.md")
      XCTAssertEqual(retitled.status, 0, "\(name): \(retitled.stderr)")
      let before = Self.lines(Data(text.utf8))
      let after = Self.lines(try Data(contentsOf: URL(fileURLWithPath: path)))
      XCTAssertEqual(after.count, before.count, name)
      let changed = before.indices.filter { $0 < after.count && before[$0] != after[$0] }
      XCTAssertEqual(
        changed.map { before[$0] }, [name.contains("crlf") ? "  - child\r" : "  - child"], name)
      XCTAssertEqual(
        changed.map { after[$0] },
        [name.contains("crlf") ? "  - Grown child\r" : "  - Grown child"],
        name)
    }
  }

  func testSaveOverAFileThatLoadsWholeNeedsNoForce() throws {
    let path = try write("- B\n  - B1\n- A\n", to: "list.md")
    let result = try outline("-c", "load list.md; sort --roots; save list.md")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertFalse(result.stdout.contains("warning:"), result.stdout)
    XCTAssertFalse(result.stderr.contains("warning:"), result.stderr)
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "- A\n- B\n  - B1\n")
  }

  // MARK: Ctrl-C and an open pipe

  /// A process reading a pipe that is never closed, with its output and error in files.
  struct OpenPipeProcess {
    var process: Process
    var input: Pipe
    var outputPath: String
    var errorPath: String

    var stdout: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    func send(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    func stop() {
      if process.isRunning {
        process.terminate()
        _ = OutlineBinary.wait(for: process, timeout: 5)
      }
      try? input.fileHandleForWriting.close()
    }
  }

  func startWithOpenPipe(_ arguments: [String]) throws -> OpenPipeProcess {
    let process = Process()
    process.executableURL = try OutlineBinary.require()
    process.arguments = arguments
    process.environment = OutlineBinary.environment(home: home)
    process.currentDirectoryURL = URL(fileURLWithPath: home)
    let input = Pipe()
    let outputPath = home + "/open-pipe.stdout"
    let errorPath = home + "/open-pipe.stderr"
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try process.run()
    return OpenPipeProcess(
      process: process, input: input, outputPath: outputPath, errorPath: errorPath)
  }

  /// SIGINT while the script waits for more standard input ends it with status 130.
  ///
  /// The signal is sent only once the process has shown it is running the script (an error
  /// line, which goes to standard error at once), so that it cannot arrive before the handler
  /// is installed; the pipe is never closed, so only the signal can end the process.
  func testInterruptWhileReadingAnOpenPipeExits130() throws {
    let running = try startWithOpenPipe(["--keep-going"])
    defer { running.stop() }
    running.send("say first\nbogus\n")
    XCTAssertTrue(
      OutlineBinary.poll(timeout: 20) { running.stderr.contains("<stdin>:2: error:") },
      "the script did not start: \(running.stderr)")
    Thread.sleep(forTimeInterval: 0.2)
    running.process.interrupt()
    XCTAssertTrue(OutlineBinary.wait(for: running.process, timeout: 10), "SIGINT did not end it")
    XCTAssertEqual(running.process.terminationReason, .exit)
    XCTAssertEqual(running.process.terminationStatus, 130)
    XCTAssertEqual(running.stdout, "first\n", "the output before the signal is kept")
  }

  /// Output of a command read from a pipe reaches standard output before the shell waits for
  /// the next line, so that a program driving `outline` through pipes sees each answer.
  func testPipedOutputIsFlushedBeforeWaitingForInput() throws {
    let running = try startWithOpenPipe([])
    defer { running.stop() }
    running.send("say ready\n")
    XCTAssertTrue(
      OutlineBinary.poll(timeout: 3) { running.stdout == "ready\n" },
      "standard output was not flushed before reading the next line: \(running.stdout.debugDescription)"
    )
  }
}
