import Foundation

/// The text of a PDF, as poppler's `pdftotext` reads it: what a printed page holds, its pages
/// apart by form feeds.
public enum PDFText {
  /// The `pdftotext` found on this machine, nil when it is not installed.
  public static var tool: String? {
    ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The text of the PDF at `pdf`, written beside it; nil without `pdftotext`.
  ///
  /// - Throws: when `pdftotext` fails or its text cannot be read.
  public static func read(_ pdf: String) throws -> String? {
    guard let tool else { return nil }
    let textPath = pdf + ".txt"
    let process = try Process.run(URL(fileURLWithPath: tool), arguments: [pdf, textPath])
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw RawHTTPClient.Failure(
        description: "pdftotext \(pdf) exited \(process.terminationStatus)")
    }
    return try String(contentsOfFile: textPath, encoding: .utf8)
  }
}
