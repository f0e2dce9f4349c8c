import OutlineLanguage
import XCTest

/// A file that changed on disk since the session read or wrote it (SPEC §4, "Nothing a user
/// did not delete may ever disappear"): `save` and `export` over it are `io` errors that change
/// nothing, the file included, unless `--force`; `load` reads it again.
///
/// `MemoryFileSystem` keeps no stamps: a change shows in the bytes. `StampedFileSystem` keeps
/// them as a disk does, with inodes and hard links.
final class InterpreterFileVersionsTests: XCTestCase {
  static let markdown = "# Todo\n\n- [ ] Add opml2json\n- [ ] Write docs\n"
  static let appended = markdown + "- [ ] added in another app meanwhile\n"

  static func refusal(_ verb: String = "save", _ path: String = "todo.md", since: String)
    -> String
  {
    "cannot \(verb) \(path): it changed on disk since \(since) (load todo.md reads it again; "
      + "\(verb) --force overwrites it)"
  }

  /// Runs `command`, which must fail with `message`, and checks that the file at `path` and
  /// the session's history are as they were.
  func assertRefused(
    _ session: Session, _ command: String, _ message: String?, leaving path: String,
    in files: any FileSystem, line: UInt = #line
  ) {
    let bytes = try? files.contents(of: path)
    let stamp = files.stamp(of: path)
    let history = session.history.count
    let unsaved = session.hasUnsavedChanges
    assertFails(session, command, .io, message, line: line)
    XCTAssertEqual(try? files.contents(of: path), bytes, command, line: line)
    XCTAssertEqual(files.stamp(of: path), stamp, command, line: line)
    XCTAssertEqual(session.history.count, history, command, line: line)
    XCTAssertEqual(session.hasUnsavedChanges, unsaved, command, line: line)
  }

  func testASaveOverALineAddedOnDiskIsRefusedUntilLoadOrForce() {
    let files = MemoryFileSystem(["todo.md": Self.markdown])
    let session = Session(fileSystem: files)
    run(session, "load todo.md\nretitle \"Add opml2json\" \"Add opml2json (done)\"")
    files.files["todo.md"] = Array(Self.appended.utf8)
    for command in ["save", "save todo.md", "save todo.md --format markdown"] {
      assertRefused(
        session, command, Self.refusal(since: "loading it"), leaving: "todo.md", in: files)
    }
    assertRefused(
      session, "export todo.md", Self.refusal("export", since: "loading it"), leaving: "todo.md",
      in: files)
    XCTAssertEqual(files.text(of: "todo.md"), Self.appended)
    // Another file, or standard output, is no refusal.
    run(session, "export copy.md\nexport - --format markdown")
    // Reading the file again takes the line in; the save keeps it.
    run(session, "load todo.md\nretitle \"Add opml2json\" \"Add opml2json (done)\"\nsave")
    XCTAssertEqual(
      files.text(of: "todo.md"),
      Self.appended.replacingOccurrences(of: "opml2json", with: "opml2json (done)"))
  }

  func testForceOverwritesAndLaterSavesNeedNoForce() {
    let files = MemoryFileSystem(["todo.md": Self.markdown])
    let session = Session(fileSystem: files)
    run(session, "load todo.md\nappend Z")
    files.files["todo.md"] = Array(Self.appended.utf8)
    let outcome = run(session, "save --force")
    XCTAssertEqual(outcome.note, "saved 4 items of section main to todo.md as markdown")
    XCTAssertFalse(files.text(of: "todo.md")!.contains("another app"))
    run(session, "append Y\nsave\nexport todo.md")
    files.files["todo.md"] = Array("- changed\n".utf8)
    run(session, "export todo.md --force")
    XCTAssertTrue(files.text(of: "todo.md")!.hasPrefix("# Todo"))
  }

  /// Every format is guarded alike: OPML, text and the native save file.
  func testEveryFormatIsGuarded() {
    let opml =
      #"<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="A"/></body></opml>"#
    let files = MemoryFileSystem(["a.opml": opml, "a.txt": "A\n\tB\n"])
    let first = Session(fileSystem: files)
    run(first, "append X\nsave a.json")
    for (path, changed) in [
      ("a.opml", opml.replacingOccurrences(of: "\"A\"", with: "\"A2\"")), ("a.txt", "A\n"),
      ("a.json", files.text(of: "a.json")!.replacingOccurrences(of: "X", with: "Y")),
    ] {
      let session = Session(fileSystem: files)
      run(session, "load \(path)\nappend Z")
      files.files[path] = Array(changed.utf8)
      assertRefused(
        session, "save",
        "cannot save \(path): it changed on disk since loading it (load \(path) "
          + "reads it again; save --force overwrites it)", leaving: path, in: files)
      assertRefused(session, "export \(path) --format opml", nil, leaving: path, in: files)
      run(session, "save --force")
    }
  }

  /// What the session wrote is what it compares with, and what it last did is what the error
  /// names; after an export, reading the file again is no advice (the file is no section's).
  func testTheLastReadOrWriteIsWhatTheFileIsComparedWith() {
    let files = MemoryFileSystem(["todo.md": Self.markdown])
    let session = Session(fileSystem: files)
    run(session, "append A\nsave todo.md")
    files.files["todo.md"]! += Array("- B\n".utf8)
    assertRefused(
      session, "save", Self.refusal(since: "saving it"), leaving: "todo.md", in: files)
    run(session, "export out.md")
    files.files["out.md"] = Array("- mine\n".utf8)
    assertRefused(
      session, "export out.md",
      "cannot export out.md: it changed on disk since exporting it (export --force overwrites "
        + "it)", leaving: "out.md", in: files)
    run(session, "import todo.md\nsave todo.md")
    files.files["todo.md"] = Array("- C\n".utf8)
    run(session, "section add two\nsection use two\nimport todo.md")
    files.files["todo.md"]! += Array("- D\n".utf8)
    assertRefused(
      session, "save", Self.refusal(since: "importing it"), leaving: "todo.md", in: files)
  }

  /// A file deleted since the read is saved anew; one only read by `diff` is no refusal.
  func testADeletedOrUnchangedFileIsNoRefusal() {
    let files = MemoryFileSystem(["todo.md": Self.markdown, "d.md": "- A\n"])
    let session = Session(fileSystem: files)
    run(session, "load todo.md\nappend Z")
    files.files["todo.md"] = nil
    run(session, "save")
    XCTAssertTrue(files.text(of: "todo.md")?.hasSuffix("Z\n") ?? false)
    run(session, "diff d.md")
    files.files["d.md"] = Array("- B\n".utf8)
    run(session, "export d.md")
  }

  /// A path that names the file another way names it: the error says which read it was.
  func testAnotherNameForTheFileIsTheSameFile() {
    let files = AliasingFileSystem(["todo.md": Array(Self.markdown.utf8)])
    let session = Session(fileSystem: files)
    run(session, "load ./todo.md")
    files.files["todo.md"]! += Array("- B\n".utf8)
    assertRefused(
      session, "save todo.md",
      "cannot save todo.md: it changed on disk since loading ./todo.md, the same file (load "
        + "./todo.md reads it again; save --force overwrites it)", leaving: "todo.md", in: files)
  }

  // MARK: Stamps

  /// An unchanged stamp is an unchanged file, which a save reads nothing of.
  ///
  /// A changed stamp over the same bytes (a file touched) is no refusal; over other bytes of
  /// the same size, it is.
  func testAStampTellsAnUnchangedFileWithoutReadingIt() {
    let files = StampedFileSystem(["todo.md": Self.markdown])
    let session = Session(fileSystem: files)
    run(session, "load todo.md\nappend Z")
    let reads = files.reads
    run(session, "save\nappend Y\nsave")
    XCTAssertEqual(files.reads, reads, "a save over an unchanged stamp reads nothing")
    files.touch("todo.md")
    run(session, "append X\nsave")
    XCTAssertEqual(files.reads, reads + 1)
    let bytes = try! files.contents(of: "todo.md")
    files.write("todo.md", bytes.map { $0 == UInt8(ascii: "Z") ? UInt8(ascii: "W") : $0 })
    assertRefused(
      session, "save", Self.refusal(since: "saving it"), leaving: "todo.md", in: files)
    // Another size is a change, told without reading the file.
    files.write("todo.md", bytes + Array("- V\n".utf8))
    let before = files.reads
    assertFails(session, "save", .io, Self.refusal(since: "saving it"))
    XCTAssertEqual(files.reads, before)
    // A stamp taken moments after a write tells nothing: the save compares the bytes.
    files.isSettled = false
    run(session, "load todo.md")
    let unsettled = files.reads
    run(session, "save")
    XCTAssertEqual(files.reads, unsettled + 1)
  }

  /// A hard link is another name for the same file: a save through it is refused as a save
  /// under the file's own name, for a lossy read and for a change on disk.
  func testAHardLinkIsTheSameFile() {
    let saveFile = InterpreterLossyFilesTests.saveFile
    let files = StampedFileSystem(["notes.json": saveFile, "todo.md": Self.markdown])
    files.link("notes.json", "hard.json")
    files.link("todo.md", "hard.md")
    let session = Session(fileSystem: files)
    run(session, "import notes.json")
    assertRefused(
      session, "save hard.json",
      "cannot save hard.json: importing notes.json, the same file, dropped 1 other section "
        + "(save --force overwrites it)", leaving: "notes.json", in: files)
    run(session, "section add two\nsection use two\nload todo.md")
    files.write("hard.md", Array(Self.appended.utf8))
    assertRefused(
      session, "save hard.md",
      "cannot save hard.md: it changed on disk since loading todo.md, the same file (load "
        + "todo.md reads it again; save --force overwrites it)", leaving: "todo.md", in: files)
    // A forced save renames a new file over the link's name: the two names part, and the
    // file under the other name keeps its guard.
    run(session, "save hard.md --force")
    assertRefused(
      session, "save todo.md", Self.refusal(since: "loading it"), leaving: "todo.md", in: files)
  }

  /// An inode is reused once its file is gone: a new file that got it is not the old one.
  func testAReusedInodeIsAnotherFile() {
    let files = StampedFileSystem(["todo.md": Self.markdown])
    let session = Session(fileSystem: files)
    run(session, "load todo.md")
    let inode = files.stamp(of: "todo.md")!.inode
    files.remove("todo.md")
    files.create("new.md", Array("- other\n".utf8), inode: inode)
    run(session, "save new.md")
    XCTAssertEqual(files.text(of: "new.md"), Self.markdown)
  }
}

/// Files in memory with stamps as a disk's: each name is a link to an inode, `replace` renames
/// a new inode over the name (as `LocalFileSystem` does), and every write ticks a clock that
/// stands for the modification time.
final class StampedFileSystem: FileSystem {
  private var inodes: [String: UInt64] = [:]
  private var data: [UInt64: [UInt8]] = [:]
  private var times: [UInt64: Int64] = [:]
  private var clock: Int64 = 0
  private var nextInode: UInt64 = 1
  /// How many times `contents(of:)` ran.
  private(set) var reads = 0
  /// Whether the stamps are settled (`FileStamp.isSettled`).
  var isSettled = true

  init(_ files: [String: String]) {
    for (path, text) in files.sorted(by: { $0.key < $1.key }) {
      renameNew(over: path, Array(text.utf8))
    }
  }

  func contents(of path: String) throws(FileError) -> [UInt8] {
    reads += 1
    guard let inode = inodes[path], let bytes = data[inode] else {
      throw FileError("no such file or directory")
    }
    return bytes
  }

  func replace(_ path: String, with contents: [UInt8]) throws(FileError) {
    renameNew(over: path, contents)
  }

  func stamp(of path: String) -> FileStamp? {
    guard let inode = inodes[path], let bytes = data[inode], let time = times[inode] else {
      return nil
    }
    let moment = FileStamp.Time(seconds: time, nanoseconds: 0)
    return FileStamp(
      device: 1, inode: inode, size: Int64(bytes.count), modified: moment, changed: moment,
      isSettled: isSettled)
  }

  /// The file at `path` as text, or nil.
  func text(of path: String) -> String? {
    inodes[path].flatMap { data[$0] }.map { String(decoding: $0, as: UTF8.self) }
  }

  /// A new inode holding `bytes`, renamed over `path`.
  private func renameNew(over path: String, _ bytes: [UInt8]) {
    create(path, bytes, inode: nextInode)
    nextInode += 1
  }

  /// Makes `path` a new name of inode `inode`, which holds `bytes`.
  func create(_ path: String, _ bytes: [UInt8], inode: UInt64) {
    inodes[path] = inode
    data[inode] = bytes
    tick(inode)
  }

  /// Another program's write of `bytes` into the file at `path`, in place.
  func write(_ path: String, _ bytes: [UInt8]) {
    data[inodes[path]!] = bytes
    tick(inodes[path]!)
  }

  /// A new modification time for the file at `path`, its bytes as they were.
  func touch(_ path: String) { tick(inodes[path]!) }

  /// `ln existing new`.
  func link(_ existing: String, _ new: String) { inodes[new] = inodes[existing] }

  /// `rm path`: the inode goes with its last name.
  func remove(_ path: String) {
    guard let inode = inodes.removeValue(forKey: path) else { return }
    if !inodes.values.contains(inode) { data[inode] = nil }
  }

  private func tick(_ inode: UInt64) {
    clock += 1
    times[inode] = clock
  }
}
