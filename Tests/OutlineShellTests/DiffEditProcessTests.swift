import Foundation
import XCTest

/// The built binary's `--diff A B` (exit statuses as `diff(1)`), `edit` with `EDITOR` set to a
/// script, and `import -` (SPEC §4).
final class DiffEditProcessTests: BinaryTestCase {
  static let v1 = "- Food\n  - Aple\n  - Pear\n- Drinks\n  - Tea\n"
  static let v2 = "- Drinks\n  - Tea\n- Food\n  - Apple\n  - Pear\n  - Kiwi\n"

  func outline(
    _ arguments: String..., stdin: String = "", environment: [String: String] = [:]
  ) throws -> OutlineBinary.Result {
    try OutlineBinary.run(arguments, stdin: stdin, home: home, environment: environment)
  }

  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: home + "/" + name))
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    try write(Self.v1, to: "v1.md")
    try write(Self.v2, to: "v2.md")
  }

  func testDiffOfTheSameOutlineExitsZero() throws {
    try write("- Food\n    - Aple\n    - Pear\n- Drinks\n    - Tea\n", to: "v1-spaces.md")
    let result = try outline("--diff", "v1.md", "v1-spaces.md")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "no change: the outlines are the same\n")
    XCTAssertEqual(result.stderr, "")
  }

  func testDiffOfDifferentOutlinesExitsOneAndPrintsTheTransaction() throws {
    let result = try outline("--diff", "v1.md", "v2.md")
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stdout.contains("~ Aple: title Aple → Apple\n"), result.stdout)
    XCTAssertTrue(result.stdout.contains("+ 5 Kiwi\n"), result.stdout)
    XCTAssertTrue(result.stdout.contains("reconfigured: Aple"), result.stdout)
    let json = try outline("--json", "--diff", "v1.md", "v2.md")
    XCTAssertEqual(json.status, 1)
    XCTAssertTrue(json.stdout.contains(#""reconfigured": ["Aple"]"#), json.stdout)
  }

  func testFilesThatDifferOnlyInACodeBlockExitOne() throws {
    let file = "- Deploy\n\n  ```sh\n  make ship\n  ```\n"
    try write(file, to: "a.md")
    try write(file.replacingOccurrences(of: "ship", with: "ship-it"), to: "b.md")
    let result = try outline("--diff", "a.md", "b.md")
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(
      result.stdout.contains(#"~ Deploy: lines "```sh↵make ship↵```" → "```sh↵make ship-it↵```""#),
      result.stdout)
    XCTAssertEqual(try outline("--diff", "a.md", "a.md").status, 0)
  }

  func testDiffOfAMissingFileExitsTwo() throws {
    let result = try outline("--diff", "v1.md", "missing.md")
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(result.stderr.contains("cannot diff missing.md"), result.stderr)
    XCTAssertEqual(try outline("--diff", "v1.md").status, 2, "two files or a usage error")
  }

  func testEditRunsTheEditorAndAppliesItsText() throws {
    let result = try outline(
      "-c", "load v1.md; edit; items; title Aple",
      environment: ["EDITOR": "sed -i -e s/Aple/Apple/ -e s/Drinks/Tea\\ time/", "VISUAL": ""])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("reconfigured: Aple Drinks"), result.stdout)
    XCTAssertTrue(result.stdout.contains("Food Aple Pear Drinks Tea\nApple\n"), result.stdout)
  }

  func testAFailingEditorChangesNothingAndKeepsTheText() throws {
    try write("#!/bin/sh\necho '- typed by hand' > \"$1\"\nexit 3\n", to: "editor.sh")
    chmod(home + "/editor.sh", 0o755)
    let result = try outline(
      "--keep-going", "-c", "load v1.md; edit", "-c", "items",
      environment: ["VISUAL": home + "/editor.sh", "TMPDIR": home])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("status 3"), result.stderr)
    XCTAssertTrue(result.stdout.hasSuffix("Food Aple Pear Drinks Tea\n"), "nothing changed")
    let path = try XCTUnwrap(
      result.stderr.split(separator: " ").last.map { String($0.dropLast()) })
    XCTAssertTrue(path.hasPrefix(home + "/outline-edit-"), path)
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8), "- typed by hand\n")
  }

  func testEditWithNoEditorSetAndNoTerminalIsRefusedAndChangesNothing() throws {
    // Standard input is the script: vi would read `append B` as keys and draw on the pipe.
    let result = try outline(
      "--json", "--keep-going", stdin: "append A\nedit\nappend B\nitems\n",
      environment: ["TMPDIR": home])
    XCTAssertEqual(result.status, 1, result.stderr)
    let lines = result.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 4, result.stdout)
    var objects: [[String: Any]] = []
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      objects.append(try XCTUnwrap(object, "not a JSON object: \(line)"))
    }
    XCTAssertEqual(
      objects.map { $0["command"] as? String }, ["append A", "edit", "append B", "items"])
    let error = try XCTUnwrap(objects[1]["error"] as? [String: Any])
    XCTAssertEqual(error["code"] as? String, "io")
    let message = try XCTUnwrap(error["message"] as? String)
    XCTAssertTrue(message.contains("standard input and output are not terminals"), message)
    XCTAssertTrue(message.contains("set $EDITOR"), message)
    XCTAssertNil(objects[1]["transaction"], "nothing changed")
    XCTAssertEqual(objects[3]["result"] as? [String], ["A", "B"], "the script's lines ran")
    XCTAssertTrue(result.stderr.contains("set $EDITOR"), result.stderr)
    let left = try FileManager.default.contentsOfDirectory(atPath: home)
    XCTAssertFalse(left.contains { $0.hasPrefix("outline-edit-") }, "no file made: \(left)")
  }

  func testEditWithNoEditorSetIsRefusedInACommandLineRunToo() throws {
    // `-c` leaves standard input alone, but neither stream is a terminal.
    let result = try outline("--keep-going", "-c", "load v1.md; edit", "-c", "items")
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("set $EDITOR"), result.stderr)
    XCTAssertTrue(result.stdout.hasSuffix("Food Aple Pear Drinks Tea\n"), "nothing changed")
  }

  func testOutputBeforeTheEditorStartsComesBeforeTheEditors() throws {
    try write("#!/bin/sh\necho 'the editor ran'\nsed -i s/Aple/Apple/ \"$1\"\n", to: "editor.sh")
    chmod(home + "/editor.sh", 0o755)
    let result = try outline(
      "-c", "load v1.md; say before; edit; say after",
      environment: ["EDITOR": home + "/editor.sh", "TMPDIR": home])
    XCTAssertEqual(result.status, 0, result.stderr)
    let before = try XCTUnwrap(result.stdout.range(of: "before\n"))
    let ran = try XCTUnwrap(result.stdout.range(of: "the editor ran\n"))
    let after = try XCTUnwrap(result.stdout.range(of: "after\n"))
    XCTAssertLessThan(before.lowerBound, ran.lowerBound, result.stdout)
    XCTAssertLessThan(ran.lowerBound, after.lowerBound, result.stdout)
    XCTAssertTrue(result.stdout.contains("reconfigured: Aple"), result.stdout)
  }

  func testImportReadsStandardInputWhenItIsNotTheScript() throws {
    let result = try outline("-c", "import -; items", stdin: "- Tea\n  - Green\n")
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.hasSuffix("Tea Green\n"), result.stdout)
    let script = try outline(stdin: "import -\n- Tea\n")
    XCTAssertEqual(script.status, 1)
    XCTAssertTrue(
      script.stderr.contains("standard input is the script being run"), script.stderr)
  }
}
