import Foundation

/// Temporary directories for the shell tests.
enum FileManagerless {
  static func temporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "outline-tests-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func names(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }
}
