import XCTest

@testable import OutlineLanguage

final class OutlineLanguageTests: XCTestCase {
  func testVersionIsSemantic() {
    XCTAssertEqual(OutlineLanguage.version.split(separator: ".").count, 3)
  }
}
