import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The binary on real files, as the tester found them (SPEC §4, "Nothing a user did not delete
/// may ever disappear").
///
/// A `save` over a file another program changed since the session loaded it is refused, and a
/// hard link's name is the file's own, for that refusal and for a lossy load's. The file is
/// left as it was: its bytes, its inode and its modification time.
final class ChangedOnDiskProcessTests: BinaryTestCase {
  static let todo = "# Todo\n\n+ [ ] Add opml2json\n+ [ ] Write docs\n"
  static let appended = "+ [ ] added in another app meanwhile\n"

  /// A file's bytes, inode and modification time, to tell it was left as it was.
  struct FileState: Equatable {
    var bytes: Data?
    var inode: UInt64
    var modified: [Int]

    init(_ path: String) {
      bytes = FileManager.default.contents(atPath: path)
      var status = stat()
      _ = stat(path, &status)
      inode = UInt64(status.st_ino)
      #if canImport(Darwin)
        modified = [Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec)]
      #else
        modified = [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
      #endif
    }
  }

  /// Runs the binary on standard input from a pipe: `before`, then (once the session said
  /// `ready`, so it has run them) `change`, then `after`; answers the exit status and the
  /// standard error.
  func session(_ before: String, change: () throws -> Void, _ after: String) throws
    -> (status: Int32, stderr: String)
  {
    let process = Process()
    process.executableURL = try OutlineBinary.require()
    process.arguments = ["-q"]
    process.environment = OutlineBinary.environment(home: home)
    process.currentDirectoryURL = URL(fileURLWithPath: home)
    let input = Pipe()
    let outputPath = home + "/stdout"
    let errorPath = home + "/stderr"
    for path in [outputPath, errorPath] {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try process.run()
    input.fileHandleForWriting.write(Data((before + "\nsay ready\n").utf8))
    let ready = OutlineBinary.poll(timeout: 60) {
      (try? String(contentsOfFile: outputPath, encoding: .utf8))?.contains("ready") ?? false
    }
    if !ready { process.terminate() }
    XCTAssertTrue(ready, "the session never said ready")
    try change()
    input.fileHandleForWriting.write(Data((after + "\n").utf8))
    try input.fileHandleForWriting.close()
    XCTAssertTrue(OutlineBinary.wait(for: process, timeout: 60))
    return (process.terminationStatus, try String(contentsOfFile: errorPath, encoding: .utf8))
  }

  /// Appends `text` to the file at `path` in place, as an editor that writes in place does.
  func append(_ text: String, to path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  /// The tester's `r01`: a line another program appends after `load` is not written over.
  func testASaveOverALineAddedOnDiskIsRefusedAndLeavesTheFile() throws {
    let path = home + "/todo.md"
    try Data(Self.todo.utf8).write(to: URL(fileURLWithPath: path))
    var changed: FileState?
    let run = try session(
      "load todo.md\nretitle \"Add opml2json\" \"Add opml2json (done)\"",
      change: {
        try append(Self.appended, to: path)
        changed = FileState(path)
      }, "save")
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "<stdin>:4: error: cannot save todo.md: it changed on disk since loading it (load todo.md "
        + "reads it again; save --force overwrites it)\n")
    XCTAssertEqual(FileState(path), changed)
    XCTAssertEqual(
      String(decoding: changed?.bytes ?? Data(), as: UTF8.self), Self.todo + Self.appended)
    // Read again, the file keeps the line; --force writes over it.
    let again = try session(
      "load todo.md\nretitle \"Add opml2json\" \"Add opml2json (done)\"\nsave",
      change: { try append("+ [ ] one more\n", to: path) }, "save --force")
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8),
      Self.todo.replacingOccurrences(of: "opml2json", with: "opml2json (done)") + Self.appended)
  }

  /// The tester's `r11`: a windows-1252 file loaded with a warning is refused on `save` through
  /// a hard link's name as under its own.
  func testASaveThroughAHardLinkIsRefusedAsUnderTheFilesName() throws {
    // "café “q”" in windows-1252.
    let opml = Data(
      Array(#"<?xml version="1.0" encoding="windows-1252"?>"#.utf8)
        + Array("\n<opml version=\"2.0\"><head><title>x</title></head><body>".utf8)
        + Array("<outline text=\"caf".utf8) + [0xE9, 0x20, 0x93, 0x71, 0x94]
        + Array("\"/></body></opml>\n".utf8))
    try opml.write(to: URL(fileURLWithPath: home + "/a.opml"))
    XCTAssertEqual(link(home + "/a.opml", home + "/hard.opml"), 0)
    let before = FileState(home + "/a.opml")
    let result = try OutlineBinary.run(
      ["-q", "-c", "load a.opml; save hard.opml"], in: home, home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.hasSuffix(
        "<command line>:1: error: cannot save hard.opml: loading a.opml, the same file, dropped "
          + "1 encoding, the first at line 1 (save --force overwrites it)\n"), result.stderr)
    XCTAssertEqual(FileState(home + "/a.opml"), before)
    XCTAssertEqual(FileState(home + "/hard.opml"), before, "the two names are one file still")
  }

  /// A change made through a hard link is a change of the file the session loaded.
  func testAChangeThroughAHardLinkIsAChangeOfTheFile() throws {
    let path = home + "/todo.md"
    try Data(Self.todo.utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertEqual(link(path, home + "/hard.md"), 0)
    var changed: FileState?
    let run = try session(
      "load todo.md\nappend Z",
      change: {
        try append(Self.appended, to: home + "/hard.md")
        changed = FileState(path)
      }, "save hard.md")
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(
      run.stderr.contains(
        "cannot save hard.md: it changed on disk since loading todo.md, the same file (load "
          + "todo.md reads it again; save --force overwrites it)"), run.stderr)
    XCTAssertEqual(FileState(path), changed)
    XCTAssertEqual(FileState(home + "/hard.md"), changed)
  }
}
