import Foundation
import OutlineTestSupport
import XCTest

/// The getting-started article (`Sources/Diffable/Diffable.docc/GettingStarted.md`) against the
/// package that builds and runs its code (`Tests/GettingStarted/`).
///
/// The PantryModel target holds the article's code under test and the PantryModelTests target
/// its test file, as its Package.swift lays them out: a test file that compiles only in one
/// module with the code (a missing `@testable import`, say) fails to build there. This test
/// keeps the article's code blocks and those files the same text.
final class GettingStartedArticleTests: XCTestCase {
  func testTheArticlesCodeBlocksAreTheFilesItsPackageBuilds() throws {
    let root = PackageRoot.url()
    func read(_ path: String) throws -> String {
      try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
    let article = try read("Sources/Diffable/Diffable.docc/GettingStarted.md")
    let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```\n")[0]
    }
    XCTAssertEqual(blocks.count, 3, "the package, the code under test, the test file")
    guard blocks.count == 3 else { return }
    XCTAssertTrue(blocks[0].contains(#"name: "PantryModel""#))
    XCTAssertTrue(blocks[0].contains(#"name: "PantryModelTests""#))
    let model = try read("Tests/GettingStarted/PantryModel/Pantry.swift")
    let test = try read("Tests/GettingStarted/PantryModelTests/PantryTests.swift")
    XCTAssertTrue(model.hasSuffix(blocks[1]), "Pantry.swift does not end with the article's code")
    XCTAssertTrue(test.hasSuffix(blocks[2]), "PantryTests.swift does not end with its test file")
  }
}
