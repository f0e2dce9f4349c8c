import OutlineLanguage
import XCTest

@testable import OutlineShell

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

  func testSplit() {
    XCTAssertEqual(LocalFileSystem.split("a.json").directory, ".")
    XCTAssertEqual(LocalFileSystem.split("/a.json").directory, "/")
    XCTAssertEqual(LocalFileSystem.split("x/y/a.json").directory, "x/y")
    XCTAssertEqual(LocalFileSystem.split("x/y/a.json").name, "a.json")
  }
}
