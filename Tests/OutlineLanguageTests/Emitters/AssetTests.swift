import Foundation
import OutlineTestSupport
import XCTest

@testable import OutlineLanguage

/// `Asset`: the files SwiftPM embeds are the files checked in, an emitter writes what follows
/// their opening comment, and a template's placeholders take text, lines or nothing.
final class AssetTests: XCTestCase {
  /// Every asset: its file under `Sources/OutlineLanguage` and the bytes embedded in the module.
  static let all: [(path: String, bytes: [UInt8])] = [
    ("Emitters/HTML/Resources/drawing.js", PackageResources.drawing_js),
    ("Emitters/HTML/Resources/error-trap.js", PackageResources.error_trap_js),
    ("Emitters/HTML/Resources/navigation.js", PackageResources.navigation_js),
    ("Emitters/HTML/Resources/quiz.js", PackageResources.quiz_js),
    ("Emitters/HTML/Resources/state.js", PackageResources.state_js),
    ("Emitters/HTML/Resources/style.css", PackageResources.style_css),
    (
      "Emitters/Swift/Resources/EmittedTest.swift.template",
      PackageResources.EmittedTest_swift_template
    ),
    (
      "Emitters/Swift/Resources/EmittedTestGlob.swift.template",
      PackageResources.EmittedTestGlob_swift_template
    ),
  ]

  /// The module's source folder.
  static let sources = PackageRoot.url().appendingPathComponent("Sources/OutlineLanguage")

  func testEveryEmbeddedAssetIsItsFileByteForByte() throws {
    for (path, bytes) in Self.all {
      let file = try Data(contentsOf: Self.sources.appendingPathComponent(path))
      XCTAssertEqual(Array(file), bytes, path)
    }
  }

  /// A file added to a `Resources` folder is embedded too (`.embedInCode` takes the folder):
  /// the list above names every one, so that each is checked.
  func testTheListNamesEveryFileOfTheResourceFolders() throws {
    var found: [String] = []
    for folder in ["Emitters/HTML/Resources", "Emitters/Swift/Resources"] {
      let names = try FileManager.default.contentsOfDirectory(
        atPath: Self.sources.appendingPathComponent(folder).path)
      found += names.filter { !$0.hasPrefix(".") }.map { "\(folder)/\($0)" }
    }
    XCTAssertEqual(found.sorted(), Self.all.map(\.path).sorted())
  }

  func testEveryAssetOpensWithACommentAndEndsWithALineBreak() {
    for (path, bytes) in Self.all {
      let whole = String(decoding: bytes, as: UTF8.self)
      XCTAssertTrue(whole.hasPrefix("/*\n"), path)
      XCTAssertTrue(whole.hasSuffix("\n") && !whole.hasSuffix("\n\n"), path)
      let text = Asset(bytes, name: path).text
      XCTAssertTrue(whole.hasSuffix("*/\n" + text), path)
      XCTAssertFalse(text.hasPrefix("\n"), path)
    }
  }

  func testTheTextIsWhatFollowsTheOpeningComment() {
    let asset = Asset(Array("/*\n * What it is.\n */\nfirst\n/* kept */\nlast\n".utf8), name: "a")
    XCTAssertEqual(asset.text, "first\n/* kept */\nlast\n")
    XCTAssertEqual(asset.textWithoutFinalLineBreak, "first\n/* kept */\nlast")
  }

  /// The template of the examples in `Asset`'s documentation.
  let template = Asset(Array("/* A template. */\nbegin {{what}}\n{{steps}}\nend\n".utf8), name: "t")

  func testAPlaceholderWithinALineTakesItsText() {
    XCTAssertEqual(
      template.filled(text: ["what": "here"], lines: ["steps": ["one", "two"]]),
      "begin here\none\ntwo\nend\n")
    let inline = Asset(Array("/**/\n{{a}}{{b}} and {{a}}\n".utf8), name: "inline")
    XCTAssertEqual(inline.filled(text: ["a": "x", "b": ""]), "x and x\n")
  }

  func testAPlaceholderAloneOnItsLineTakesLinesAndGoesWithNone() {
    XCTAssertEqual(
      template.filled(text: ["what": "here"], lines: ["steps": []]), "begin here\nend\n")
    XCTAssertEqual(
      template.filled(text: ["what": "here"], lines: ["steps": ["", "a\nb"]]),
      "begin here\n\na\nb\nend\n")
  }

  func testWhatGoesInIsNeverReadForPlaceholders() {
    XCTAssertEqual(
      template.filled(text: ["what": "{{steps}}"], lines: ["steps": ["{{what}}", "{{"]]),
      "begin {{steps}}\n{{what}}\n{{\nend\n")
  }
}
