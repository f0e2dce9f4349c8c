import Foundation
import XCTest

/// A test case that runs the built `outline` binary: each test is skipped when the binary has not
/// been built, and gets a temporary directory `home`, made before it and removed after it.
///
/// Subclasses that override `setUpWithError` or `tearDown` call `super`'s.
class BinaryTestCase: XCTestCase {
  /// The current test's temporary directory, removed when the test ends.
  var home = ""

  override func setUpWithError() throws {
    try super.setUpWithError()
    _ = try OutlineBinary.require()
    home = OutlineBinary.temporaryDirectory()
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: home)
    super.tearDown()
  }
}
