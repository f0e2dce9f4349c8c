import Foundation

/// The package's root folder, for tests that read its files (`examples/`, `man/`, `fuzz/`).
public enum PackageRoot {
  /// The nearest folder above `file` (a test's `#filePath`) that holds `Package.swift`, so a
  /// test file can move between folders without counting levels.
  public static func url(from file: String = #filePath) -> URL {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    preconditionFailure("no Package.swift above \(file)")
  }
}
