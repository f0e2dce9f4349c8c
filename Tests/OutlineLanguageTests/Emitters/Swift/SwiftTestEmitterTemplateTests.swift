import XCTest

@testable import OutlineLanguage

/// The emitted test's template (`Resources/EmittedTest.swift.template` and its glob): the file
/// holds the template's fixed text as it is, with every placeholder filled.
final class SwiftTestEmitterTemplateTests: XCTestCase {
  /// The test file for `script`, run on a new session as a script named `name`.
  func emit(_ script: String, name: String = "demo.outline") -> String {
    let session = Session()
    var emitter = SwiftTestEmitter(scriptName: name)
    let end = session.runScript(
      script, file: name, options: ScriptOptions { outcome, _ in emitter.record(outcome) })
    XCTAssertEqual(end, .finished(failures: 0), script)
    return emitter.file(final: session.state)
  }

  /// The runs: none; one that uses every optional part (titles, a kept snapshot, a rule with
  /// a glob, a batch never applied); plain edits.
  let scripts = [
    "",
    """
    append Food Apple
    retitle Apple "Red apple"
    child-snapshot Food --including-parent as k
    delete Food
    insert @k after Apple
    rule no-expand "?ood"
    begin
    append Kiwi

    """,
    "append Food\nappend Apple to Food\nexpand Food\n",
  ]

  func testEveryPlaceholderIsFilled() {
    for script in scripts {
      let file = emit(script)
      XCTAssertFalse(file.contains("{{"), script)
      XCTAssertFalse(file.contains("}}"), script)
      XCTAssertTrue(file.hasPrefix("// DemoTests.swift: `outline --emit-swift demo.outline`,"))
      XCTAssertTrue(file.contains("final class DemoTests: XCTestCase {\n"))
      XCTAssertTrue(file.contains("  @MainActor func testDemo() async throws {\n"))
    }
  }

  /// Each stretch of the template between its placeholders is in the file, in order, and the
  /// optional parts (the glob function, the declarations, a batch's end) are there exactly when
  /// the run needs them.
  func testTheFileHoldsTheTemplatesFixedText() throws {
    let template = SwiftTestEmitter.template.text
    let glob = SwiftTestEmitter.globTemplate.text
    var pieces: [String] = []
    var rest = template[...]
    while let open = rest.firstRange(of: "{{") {
      pieces.append(String(rest[..<open.lowerBound]))
      let close = try XCTUnwrap(rest[open.upperBound...].firstRange(of: "}}"))
      rest = rest[close.upperBound...]
      // A placeholder alone on its line takes the line's break with it.
      if pieces.last!.hasSuffix("\n"), rest.hasPrefix("\n") { rest = rest.dropFirst() }
    }
    pieces.append(String(rest))
    XCTAssertEqual(pieces.count, 9)
    for script in scripts {
      let file = emit(script)
      var position = file.startIndex
      for piece in pieces where !piece.isEmpty {
        let found = try XCTUnwrap(
          file[position...].firstRange(of: piece), "\(script): \(piece.prefix(60))")
        position = found.upperBound
      }
      let usesEverything = script.contains("rule")
      XCTAssertEqual(file.contains(glob), usesEverything, script)
      XCTAssertEqual(file.hasSuffix("}\n\n" + glob), usesEverything, script)
      XCTAssertEqual(file.contains("    var titles: [String: String] = [:]"), usesEverything)
      XCTAssertEqual(
        file.contains("    var k = NSDiffableDataSourceSectionSnapshot<String>()"), usesEverything)
      XCTAssertEqual(file.contains("}  // the batch never applied\n\n"), usesEverything)
    }
  }

  /// A script whose name looks like a placeholder comes out as itself.
  func testAPlaceholderInTheScriptsNameIsNotFilled() {
    let file = emit("append {{type}}\n", name: "{{method}}.outline")
    XCTAssertTrue(
      file.hasPrefix("// MethodTests.swift: `outline --emit-swift {{method}}.outline`,"))
    XCTAssertTrue(file.contains(#"snapshot.append(["{{type}}"])"#))
  }
}
