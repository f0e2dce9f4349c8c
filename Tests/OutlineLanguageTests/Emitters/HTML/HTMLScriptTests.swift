import Foundation
import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// The page's scripts and style sheet (`HTMLScript`, `HTMLStyle`): the page holds the files in
/// `Resources/` as they are, without their opening comments, and the JavaScript parses.
final class HTMLScriptTests: XCTestCase {
  /// A page of a short run.
  func page() -> String {
    let session = Session()
    var page = HTMLPage(title: "test", state: session.state)
    _ = session.runScript(
      "say Fruit\nappend Fruit Apple\nappend Kiwi to Fruit\nexpand Fruit\n", file: "test",
      options: ScriptOptions { outcome, location in page.record(outcome, at: location) })
    return page.html
  }

  func testThePageHoldsTheScriptsAndTheStyleSheetAsTheFilesHaveThem() {
    let html = page()
    XCTAssertTrue(html.contains("<script>" + HTMLScript.errorTrap + "</script>\n<style>"))
    XCTAssertTrue(html.contains("<style>" + HTMLStyle.css + "</style>\n</head>"))
    XCTAssertTrue(html.hasSuffix("<script>" + HTMLScript.main + "</script>\n</body>\n</html>"))
    let errorTrap = Asset(PackageResources.error_trap_js, name: "error-trap.js").text
    let style = Asset(PackageResources.style_css, name: "style.css").text
    let viewer = [
      PackageResources.state_js, PackageResources.drawing_js, PackageResources.quiz_js,
      PackageResources.navigation_js,
    ]
    .map { Asset($0, name: "viewer").text }.joined()
    XCTAssertEqual(HTMLScript.errorTrap + "\n", errorTrap)
    XCTAssertEqual(HTMLStyle.css + "\n", style)
    XCTAssertEqual(HTMLScript.main + "\n", viewer)
    XCTAssertTrue(HTMLScript.main.hasPrefix("'use strict';\n"))
    // No file's opening comment reaches the page.
    XCTAssertFalse(html.contains("/*\n"))
    XCTAssertFalse(html.contains("HTMLScript"))
  }

  /// `node --check` parses each script file and the two scripts as the page holds them (skipped
  /// where Node.js is not installed).
  func testNodeParsesTheScripts() throws {
    guard let node = SwiftLiteralTests.executable("node") else {
      throw XCTSkip("no node on PATH")
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("html-script-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files = AssetTests.all.map(\.path).filter { $0.hasSuffix(".js") }.map {
      AssetTests.sources.appendingPathComponent($0).path
    }
    for (name, script) in [("error-trap", HTMLScript.errorTrap), ("main", HTMLScript.main)] {
      let file = folder.appendingPathComponent("\(name).js")
      try Data(script.utf8).write(to: file)
      files.append(file.path)
    }
    XCTAssertEqual(files.count, 7)
    for file in files {
      let check = try SwiftLiteralTests.run(node, ["--check", file])
      XCTAssertEqual(check.status, 0, "\(file): \(check.output)")
    }
  }
}
