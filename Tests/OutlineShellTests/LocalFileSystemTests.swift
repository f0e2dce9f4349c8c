import OutlineLanguage
import XCTest

@testable import OutlineShell

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class LocalFileSystemTests: XCTestCase {
  var directory = ""

  override func setUpWithError() throws {
    directory = FileManagerless.temporaryDirectory()
  }

  func testReplaceWritesAndReadsBack() throws {
    let files = LocalFileSystem()
    let path = directory + "/a.json"
    try files.replace(path, with: Array("one".utf8))
    XCTAssertEqual(try files.contents(of: path), Array("one".utf8))
    try files.replace(path, with: Array("two".utf8))
    XCTAssertEqual(try files.contents(of: path), Array("two".utf8))
    XCTAssertEqual(FileManagerless.names(in: directory), ["a.json"], "no temporary file left")
  }

  func testMissingFileAndDirectoryAreErrors() {
    let files = LocalFileSystem()
    XCTAssertThrowsError(try files.contents(of: directory + "/missing")) { error in
      XCTAssertEqual(error as? FileError, FileError("no such file or directory"))
    }
    XCTAssertThrowsError(try files.contents(of: directory)) { error in
      XCTAssertEqual(error as? FileError, FileError("is a directory"))
    }
    XCTAssertThrowsError(try files.replace(directory + "/no/such/dir/x", with: [])) { error in
      XCTAssertEqual(error as? FileError, FileError("no such file or directory"))
    }
  }

  func testReplaceWritesThroughASymbolicLinkAndKeepsTheLink() throws {
    let files = LocalFileSystem()
    let target = directory + "/target.json"
    let link = directory + "/link.json"
    try files.replace(target, with: Array("old".utf8))
    XCTAssertEqual(symlink("target.json", link), 0)
    try files.replace(link, with: Array("new".utf8))
    XCTAssertEqual(try files.contents(of: target), Array("new".utf8))
    XCTAssertEqual(fileType(link), S_IFLNK, "the link is still a link")
    XCTAssertEqual(FileManagerless.names(in: directory), ["link.json", "target.json"])
  }

  func testReplaceRefusesWhatARenameWouldDestroyAndChangesNothing() throws {
    let files = LocalFileSystem()
    let pipe = directory + "/pipe"
    XCTAssertEqual(mkfifo(pipe, 0o644), 0)
    let readOnly = directory + "/read-only.json"
    try files.replace(readOnly, with: Array("kept".utf8))
    XCTAssertEqual(chmod(readOnly, 0o444), 0)
    XCTAssertEqual(symlink("missing.json", directory + "/dangling.json"), 0)
    let refused: [(String, FileError)] = [
      (pipe, FileError("is not a regular file (a device, a pipe or a socket)")),
      ("/dev/null", FileError("is not a regular file (a device, a pipe or a socket)")),
      (readOnly, FileError("permission denied: the file is read-only")),
      (directory + "/dangling.json", FileError("is a symbolic link to a missing file")),
      (directory, FileError("is a directory")),
    ]
    for (path, expected) in refused {
      XCTAssertThrowsError(try files.replace(path, with: Array("new".utf8)), path) { error in
        XCTAssertEqual(error as? FileError, expected, path)
      }
    }
    XCTAssertEqual(fileType(pipe), S_IFIFO, "the pipe is still a pipe")
    XCTAssertEqual(fileType("/dev/null"), S_IFCHR, "/dev/null is still a device")
    XCTAssertEqual(try files.contents(of: readOnly), Array("kept".utf8))
    XCTAssertEqual(fileType(directory + "/dangling.json"), S_IFLNK)
    XCTAssertEqual(
      FileManagerless.names(in: directory), ["dangling.json", "pipe", "read-only.json"],
      "no temporary file left, no missing file created")
  }

  /// The type bits of what `path` names, not following a symbolic link.
  private func fileType(_ path: String) -> mode_t {
    var status = stat()
    XCTAssertEqual(lstat(path, &status), 0, path)
    return status.st_mode & S_IFMT
  }

  func testNamesCompletingAPrefixMarkDirectoriesAndHideDotFiles() throws {
    let files = LocalFileSystem()
    try files.replace(directory + "/notes.opml", with: [])
    try files.replace(directory + "/notes.md", with: [])
    try files.replace(directory + "/.hidden.json", with: [])
    try FileManager.default.createDirectory(
      atPath: directory + "/nested", withIntermediateDirectories: false)
    XCTAssertEqual(
      files.names(completing: directory + "/n"),
      [directory + "/nested/", directory + "/notes.md", directory + "/notes.opml"])
    XCTAssertEqual(files.names(completing: directory + "/notes.o"), [directory + "/notes.opml"])
    XCTAssertEqual(files.names(completing: directory + "/."), [directory + "/.hidden.json"])
    XCTAssertEqual(files.names(completing: directory + "/missing/"), [])
  }

  /// The identity `save` compares with what a `load` lost: one for every path to the file.
  func testIdentityResolvesLinksDotsAndNewFiles() throws {
    let files = LocalFileSystem()
    let root = files.identity(of: directory)
    XCTAssertTrue(root.hasPrefix("/"), root)
    try files.replace(directory + "/a.md", with: Array("- a\n".utf8))
    XCTAssertEqual(symlink(directory + "/a.md", directory + "/link.md"), 0)
    XCTAssertEqual(mkdir(directory + "/sub", 0o755), 0)
    for path in [
      directory + "/a.md", directory + "/./a.md", directory + "/sub/../a.md",
      directory + "/link.md", directory + "//a.md",
    ] {
      XCTAssertEqual(files.identity(of: path), root + "/a.md", path)
    }
    // A file not yet written: its directory resolved, and its name.
    XCTAssertEqual(files.identity(of: directory + "/sub/../new.md"), root + "/new.md")
    XCTAssertEqual(files.identity(of: "/no/such/dir/x.md"), "/no/such/dir/x.md")
  }

  /// A stamp names the file (device and inode: a hard link's is the file's, a symbolic
  /// link's the target's) and its version: a write in place changes its size and time, a
  /// `replace` renames a new file over the name.
  func testStampTellsTheFileAndItsVersion() throws {
    let files = LocalFileSystem()
    let path = directory + "/a.md"
    XCTAssertNil(files.stamp(of: path))
    try files.replace(path, with: Array("- a\n".utf8))
    let first = try XCTUnwrap(files.stamp(of: path))
    XCTAssertEqual(first.size, 4)
    XCTAssertFalse(first.isSettled, "written in the last moments")
    var status = stat()
    XCTAssertEqual(stat(path, &status), 0)
    let written = max(Int64(first.modified.seconds), Int64(first.changed.seconds))
    XCTAssertFalse(LocalFileSystem.stamp(of: status, now: written + 2).isSettled)
    XCTAssertTrue(LocalFileSystem.stamp(of: status, now: written + 3).isSettled)
    XCTAssertEqual(LocalFileSystem.stamp(of: status, now: written + 3).modified, first.modified)
    XCTAssertEqual(files.stamp(of: path), first, "nothing written, the same stamp")
    XCTAssertEqual(link(path, directory + "/hard.md"), 0)
    XCTAssertEqual(symlink(path, directory + "/soft.md"), 0)
    for name in ["/hard.md", "/soft.md"] {
      XCTAssertTrue(files.stamp(of: directory + name)?.isSameFile(as: first) ?? false, name)
    }
    let linked = try XCTUnwrap(files.stamp(of: path))
    let descriptor = open(path, O_WRONLY | O_APPEND)
    XCTAssertEqual(write(descriptor, "- b\n", 4), 4)
    close(descriptor)
    let appended = try XCTUnwrap(files.stamp(of: path))
    XCTAssertTrue(appended.isSameFile(as: linked))
    XCTAssertEqual(appended.size, 8)
    XCTAssertNotEqual(appended, linked)
    try files.replace(path, with: Array("- c\n".utf8))
    let replaced = try XCTUnwrap(files.stamp(of: path))
    XCTAssertFalse(replaced.isSameFile(as: appended), "a rename puts a new file there")
    XCTAssertTrue(files.stamp(of: directory + "/hard.md")?.isSameFile(as: appended) ?? false)
    XCTAssertFalse(
      FileStamp(
        device: 1, inode: 2, size: 0, modified: .init(seconds: 0, nanoseconds: 0),
        changed: .init(seconds: 0, nanoseconds: 0)
      ).isSameFile(as: replaced))
  }

  func testSplit() {
    XCTAssertEqual(LocalFileSystem.split("a.json").directory, ".")
    XCTAssertEqual(LocalFileSystem.split("/a.json").directory, "/")
    XCTAssertEqual(LocalFileSystem.split("x/y/a.json").directory, "x/y")
    XCTAssertEqual(LocalFileSystem.split("x/y/a.json").name, "a.json")
  }
}
