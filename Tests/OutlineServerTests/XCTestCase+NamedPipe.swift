import Foundation
import XCTest

extension XCTestCase {
  /// A new directory, removed when the test ends, holding the named pipe `slow.outline`: a
  /// `source` of it blocks its tab until the test writes the script.
  ///
  /// - Throws: `XCTSkip` where `mkfifo` fails.
  func directoryWithPipe() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "playground-pipe-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let pipe = directory.appendingPathComponent("slow.outline").path
    guard mkfifo(pipe, 0o600) == 0 else { throw XCTSkip("mkfifo: errno \(errno)") }
    return directory
  }
}
