/// Where `save`, `load` and `source` read and write files: the interpreter's only I/O, behind a
/// protocol so that it can be tested (and fuzzed) in memory.
///
/// The `outline` executable passes a file system over the real disk, whose `replace` writes a
/// temporary file in the same directory, flushes it and renames it into place.
public protocol FileSystem: AnyObject {
  /// The bytes of the file at `path`.
  ///
  /// - Throws: `FileError` when it cannot be read: missing, a directory, no permission.
  func contents(of path: String) throws(FileError) -> [UInt8]

  /// Makes the file at `path` hold `contents`, atomically: afterwards the file holds either
  /// its old contents or all of the new ones, whatever happens during the call.
  ///
  /// - Throws: `FileError` when it cannot be written; the old file is then as it was.
  func replace(_ path: String, with contents: [UInt8]) throws(FileError)

  /// The paths that begin with `prefix`, for tab completion after `load`, `save`, `source`,
  /// `import` and `export`: a directory's path ends in `/`. Never throws: a directory that
  /// cannot be read completes nothing.
  func names(completing prefix: String) -> [String]

  /// What names the file at `path` whatever the path: two paths with the same identity are
  /// one file, so that a `save` to `./notes.md` or to a link to it is a save to `notes.md`.
  ///
  /// The disk's is the path with every link, `.` and `..` resolved; a file system in memory
  /// keeps `path` as it is, its paths being its keys. Never throws: a path that cannot be
  /// resolved is its own identity.
  func identity(of path: String) -> String

  /// What the file at `path` is now (`FileStamp`: device, inode, size, modification time),
  /// following symbolic links; nil when there is no such file, or when the file system keeps
  /// no such record (a session then compares the file's contents). Never throws.
  func stamp(of path: String) -> FileStamp?

  /// The bytes of standard input, to its end, for `import -`.
  ///
  /// - Throws: `FileError` when it cannot be read, or when it is the script being run (the
  ///   commands would be read as the outline).
  func standardInput() throws(FileError) -> [UInt8]
}

extension FileSystem {
  /// No names: a file system that cannot list its files completes none.
  public func names(completing prefix: String) -> [String] { [] }

  /// The path as it is: a file system that cannot tell two paths for one file keeps them apart.
  public func identity(of path: String) -> String { path }

  /// No stamp: a file system in memory tells a changed file by its contents.
  public func stamp(of path: String) -> FileStamp? { nil }

  /// No standard input: a file system in memory has none unless it says so.
  public func standardInput() throws(FileError) -> [UInt8] {
    throw FileError("this session has no standard input to read")
  }
}

/// Why a file could not be read or written, in words: `no such file or directory`.
public struct FileError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The reason, as `strerror` words it or a sentence of our own.
  public var reason: String

  /// Creates an error.
  public init(_ reason: String) { self.reason = reason }

  /// The reason.
  public var description: String { reason }
}

/// Files in memory: the default of a `Session`, and what tests and the fuzzer use.
///
/// ```swift
/// let files = MemoryFileSystem(["a.outline": "append A"])
/// let session = Session(fileSystem: files)
/// session.run("save out.json")
/// files.text(of: "out.json")  // the saved JSON
/// ```
public final class MemoryFileSystem: FileSystem {
  /// The files, by path.
  public var files: [String: [UInt8]]
  /// What `standardInput()` reads; nil: none (an error).
  public var input: [UInt8]?

  /// Creates a file system holding `files` as UTF-8 text.
  public init(_ files: [String: String] = [:]) {
    self.files = files.mapValues { Array($0.utf8) }
  }

  public func contents(of path: String) throws(FileError) -> [UInt8] {
    guard let bytes = files[path] else { throw FileError("no such file or directory") }
    return bytes
  }

  public func replace(_ path: String, with contents: [UInt8]) throws(FileError) {
    files[path] = contents
  }

  public func standardInput() throws(FileError) -> [UInt8] {
    guard let input else { throw FileError("this session has no standard input to read") }
    return input
  }

  /// The paths that begin with `prefix`, sorted.
  ///
  /// - Complexity: O(*n* log *n*) in the number of files.
  public func names(completing prefix: String) -> [String] {
    files.keys.filter { $0.hasPrefix(prefix) }.sorted()
  }

  /// The file at `path` as text, or nil.
  public func text(of path: String) -> String? {
    files[path].map { String(decoding: $0, as: UTF8.self) }
  }
}
