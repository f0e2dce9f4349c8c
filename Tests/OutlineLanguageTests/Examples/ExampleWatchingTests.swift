import Foundation
import OutlineTestSupport
import XCTest

/// Every example's entry in `examples/README.md` says how to watch it as a page and as Swift.
final class ExampleWatchingTests: XCTestCase {
  func testEveryExampleSaysHowToWatchItAsAPageAndAsSwift() throws {
    let examples = PackageRoot.url().appendingPathComponent("examples")
    let readme = try String(
      contentsOf: examples.appendingPathComponent("README.md"), encoding: .utf8)
    let scripts = try FileManager.default.contentsOfDirectory(atPath: examples.path)
      .filter { $0.hasSuffix(".outline") }
    XCTAssertFalse(scripts.isEmpty)
    for script in scripts {
      let entry = readme.split(separator: "\n").first { $0.hasPrefix("| [`\(script)`]") }
      XCTAssertNotNil(entry, "examples/README.md has no entry for \(script)")
      XCTAssertTrue(
        entry?.contains("outline --emit-html examples/\(script) > ") == true, "\(script): page")
      XCTAssertTrue(
        entry?.contains("outline --emit-swift examples/\(script) > ") == true, "\(script): Swift")
    }
  }
}
