import Foundation
import XCTest

/// The user-facing output of every example script, compared byte for byte with a recorded
/// transcript in `Golden/`.
///
/// For each `examples/NAME.outline` the binary runs in the package root as
/// `outline --echo --no-color examples/NAME.outline`, recorded in `Golden/NAME.txt`, and as
/// `outline --json examples/NAME.outline`, recorded in `Golden/NAME.jsonl`, and as
/// `outline --echo --no-color --swift examples/NAME.outline`, recorded in `Golden/NAME.swift.txt`,
/// and as `outline --echo --no-color --output brief examples/NAME.outline`, recorded in
/// `Golden/NAME.brief.txt`. Standard output and
/// standard error go to one file, in the order written (so an error line would appear where it
/// happens); the examples must also exit 0.
///
/// To record the transcripts again after an intended change of the output, run the tests with
/// `OUTLINE_RECORD=1`: the files are rewritten and the test fails, saying so, so that a recording
/// run is never mistaken for a passing one. Review the diff before committing it.
final class GoldenTranscriptTests: BinaryTestCase {
  /// The transcripts of each example: the golden file's extension and the arguments.
  static let transcripts: [(fileExtension: String, arguments: [String])] = [
    ("txt", ["--echo", "--no-color"]),
    ("jsonl", ["--json"]),
    ("swift.txt", ["--echo", "--no-color", "--swift"]),
    ("brief.txt", ["--echo", "--no-color", "--output", "brief"]),
  ]

  /// The directory of the golden files.
  static let goldenDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("Golden")

  /// The example scripts, sorted by name.
  static func examples() throws -> [URL] {
    let directory = OutlineBinary.packageRoot.appendingPathComponent("examples")
    return try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".outline") }.sorted()
      .map { directory.appendingPathComponent($0) }
  }

  var recording: Bool { ProcessInfo.processInfo.environment["OUTLINE_RECORD"] == "1" }

  func testTranscriptsMatchTheGoldenFiles() throws {
    let examples = try Self.examples()
    XCTAssertFalse(examples.isEmpty, "no examples/*.outline")
    var recorded: [String] = []
    for example in examples {
      let name = example.deletingPathExtension().lastPathComponent
      for transcript in Self.transcripts {
        let result = try OutlineBinary.run(
          transcript.arguments + ["examples/" + example.lastPathComponent],
          in: OutlineBinary.packageRoot.path, home: home, merge: true)
        XCTAssertEqual(result.reason, .exit, name)
        XCTAssertEqual(result.status, 0, "\(name) \(transcript.arguments): \(result.merged)")
        let golden = Self.goldenDirectory.appendingPathComponent(
          name + "." + transcript.fileExtension)
        if recording {
          try FileManager.default.createDirectory(
            at: Self.goldenDirectory, withIntermediateDirectories: true)
          try Data(result.merged.utf8).write(to: golden)
          recorded.append(golden.lastPathComponent)
          continue
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
          XCTFail("no golden file \(golden.path); record it with OUTLINE_RECORD=1")
          continue
        }
        if result.merged != expected {
          XCTFail(
            "\(golden.lastPathComponent) differs from "
              + "`outline \(transcript.arguments.joined(separator: " ")) "
              + "examples/\(example.lastPathComponent)`:\n"
              + Self.firstDifference(expected: expected, actual: result.merged)
              + "\n(OUTLINE_RECORD=1 records the new output)")
        }
      }
    }
    if recording {
      XCTFail(
        "OUTLINE_RECORD=1: recorded \(recorded.count) golden files in \(Self.goldenDirectory.path)"
          + "; review them, then run the tests without OUTLINE_RECORD")
    }
  }

  /// Every golden file belongs to an example, so a deleted or renamed example leaves none behind.
  func testNoGoldenFileWithoutItsExample() throws {
    let names = Set(try Self.examples().map { $0.deletingPathExtension().lastPathComponent })
    let golden = FileManagerless.names(in: Self.goldenDirectory.path)
    let extensions = Set(Self.transcripts.map(\.fileExtension))
    // The longest extension first: `NAME.swift.txt` is `NAME`'s, not `NAME.swift`'s.
    let strays = golden.filter { file in
      guard
        let fileExtension = extensions.sorted(by: { $0.count > $1.count })
          .first(where: { file.hasSuffix("." + $0) })
      else { return true }
      return !names.contains(String(file.dropLast(fileExtension.count + 1)))
    }
    XCTAssertEqual(strays, [], "golden files with no example")
  }

  /// The JSON transcripts hold one valid JSON object per line, each with `command` and `ok`;
  /// a warning is standard error's, merged in where it was written, and is also in its
  /// command's object.
  func testJSONTranscriptsAreJSONLines() throws {
    for example in try Self.examples() {
      let name = example.deletingPathExtension().lastPathComponent
      let golden = Self.goldenDirectory.appendingPathComponent(name + ".jsonl")
      guard let text = try? String(contentsOf: golden, encoding: .utf8) else { continue }
      let lines = text.split(separator: "\n")
      for (index, line) in lines.enumerated() {
        if line.hasPrefix("warning: ") {
          let warning = String(line.dropFirst("warning: ".count))
          // Its command's object: the one printed before it, or after it.
          let neighbours = [
            lines[..<index].last { $0.hasPrefix("{") }, lines[index...].first { $0.hasPrefix("{") },
          ]
          let holders = neighbours.compactMap { $0 }.filter { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (object?["warnings"] as? [String])?.contains(warning) == true
          }
          XCTAssertFalse(
            holders.isEmpty,
            "\(name).jsonl:\(index + 1): a warning that no command's object holds")
          continue
        }
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        XCTAssertNotNil(object?["command"] as? String, "\(name).jsonl:\(index + 1)")
        XCTAssertEqual(object?["ok"] as? Bool, true, "\(name).jsonl:\(index + 1)")
      }
    }
  }

  /// The first line where `actual` differs from `expected`, both shown.
  static func firstDifference(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(old.count, new.count) {
      let before = index < old.count ? String(old[index]) : "(end of file)"
      let after = index < new.count ? String(new[index]) : "(end of output)"
      if before != after {
        return "line \(index + 1):\n  golden: \(before)\n  actual: \(after)"
      }
    }
    return "(the same lines; the bytes differ)"
  }
}
