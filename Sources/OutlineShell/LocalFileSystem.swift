import OutlineLanguage

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The disk, for `save`, `load`, `source` and the script files: POSIX calls, paths relative to
/// the current directory.
///
/// `replace` is atomic: it writes a temporary file in the same directory, flushes it to disk
/// (`fsync`), renames it over the target and flushes the directory, so a crash or a full disk at
/// any moment leaves either the old file or the new one, never a mix; SIGTERM and SIGHUP wait
/// for it to end (`Interrupts.holdingTermination`), so they leave no temporary file either.
public final class LocalFileSystem: FileSystem {
  /// Why `standardInput()` may not be read (it is the script being run, or the terminal the
  /// session reads), nil when it may.
  public var standardInputRefusal: String?

  /// Creates the file system.
  public init() {}

  /// Standard input to its end, unless `standardInputRefusal` says why not; once read, a
  /// second read is refused, since nothing is left.
  public func standardInput() throws(FileError) -> [UInt8] {
    if let standardInputRefusal { throw FileError(standardInputRefusal) }
    let bytes = try Self.readAll(0)
    standardInputRefusal = "standard input was read to its end already"
    return bytes
  }

  public func contents(of path: String) throws(FileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.lastError() }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Self.lastError() }
    guard status.st_mode & S_IFMT != S_IFDIR else { throw FileError("is a directory") }
    return try Self.readAll(descriptor)
  }

  /// The bytes of `descriptor` from where it stands to its end.
  static func readAll(_ descriptor: Int32) throws(FileError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.lastError()
      }
      bytes.append(contentsOf: buffer[..<count])
    }
    return bytes
  }

  public func replace(_ path: String, with contents: [UInt8]) throws(FileError) {
    try Interrupts.holdingTermination { () throws(FileError) in
      try replaceHoldingTermination(path, with: contents)
    }
  }

  /// `replace(_:with:)`, with SIGTERM and SIGHUP held back.
  private func replaceHoldingTermination(_ path: String, with contents: [UInt8])
    throws(FileError)
  {
    let path = try Self.replaceable(path)
    let (directory, name) = Self.split(path)
    var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Self.lastError() }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var isOpen = true
    do throws(FileError) {
      var existing = stat()
      let mode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
      guard fchmod(descriptor, mode) == 0 else { throw Self.lastError() }
      var written = 0
      while written < contents.count {
        let count = contents.withUnsafeBytes {
          write(descriptor, $0.baseAddress! + written, contents.count - written)
        }
        if count < 0 {
          if errno == EINTR { continue }
          throw Self.lastError()
        }
        written += count
      }
      guard fsync(descriptor) == 0 else { throw Self.lastError() }
      isOpen = false
      guard close(descriptor) == 0 else { throw Self.lastError() }
      guard rename(temporary, path) == 0 else { throw Self.lastError() }
    } catch {
      if isOpen { close(descriptor) }
      unlink(temporary)
      throw error
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  /// The paths that begin with `prefix`, sorted, a directory's with `/` after it; hidden files
  /// only when the typed name begins with a dot.
  ///
  /// - Complexity: O(*n* log *n*) in the entries of the directory.
  public func names(completing prefix: String) -> [String] {
    let slash = prefix.lastIndex(of: "/")
    let typedDirectory = slash.map { String(prefix[...$0]) } ?? ""
    let partial = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
    guard let directory = opendir(typedDirectory.isEmpty ? "." : typedDirectory) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != "..", name.hasPrefix(partial),
        !name.hasPrefix(".") || partial.hasPrefix(".")
      else { continue }
      var status = stat()
      let path = typedDirectory + name
      let isDirectory = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      names.append(path + (isDirectory ? "/" : ""))
    }
    return names.sorted()
  }

  /// The path with every symbolic link, `.` and `..` resolved (`realpath`), from the root; for
  /// a file that does not exist, its directory's resolved path and its name; `path` itself when
  /// not even the directory resolves.
  ///
  /// Two names for one file through hard links keep apart here (a rename, as `replace` does,
  /// parts them anyway); their stamps (`stamp(of:)`) tell them for one file.
  public func identity(of path: String) -> String {
    if let resolved = Self.resolved(path) { return resolved }
    let (directory, name) = Self.split(path)
    guard let resolved = Self.resolved(directory) else { return path }
    return resolved + (resolved.hasSuffix("/") ? "" : "/") + name
  }

  /// The file's device, inode, size and modification and status-change times (`stat`,
  /// following symbolic links); nil when `stat` fails (no such file, say).
  ///
  /// The stamp is settled when both times are `settling` seconds older than the clock: as
  /// Git's index does with a "racily clean" file, a file written in the last moments is
  /// compared by its bytes, since a write in the same tick of the file system's clock (a few
  /// milliseconds on Linux, a second or two on older and network file systems) may leave its
  /// times as they were.
  ///
  /// - Complexity: one `stat` call and one `clock_gettime`.
  public func stamp(of path: String) -> FileStamp? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Self.stamp(of: status, now: Int64(now.tv_sec))
  }

  /// How many seconds a file's times must be older than the clock for its stamp to be settled.
  static let settling: Int64 = 2

  /// The stamp of a file's `stat`, taken at `now` (seconds since 1970).
  static func stamp(of status: stat, now: Int64) -> FileStamp {
    #if canImport(Darwin)
      let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
    #else
      let (modified, changed) = (status.st_mtim, status.st_ctim)
    #endif
    let latest = max(Int64(modified.tv_sec), Int64(changed.tv_sec))
    return FileStamp(
      device: UInt64(truncatingIfNeeded: status.st_dev),
      inode: UInt64(truncatingIfNeeded: status.st_ino), size: Int64(status.st_size),
      modified: FileStamp.Time(
        seconds: Int64(modified.tv_sec), nanoseconds: Int64(modified.tv_nsec)),
      changed: FileStamp.Time(seconds: Int64(changed.tv_sec), nanoseconds: Int64(changed.tv_nsec)),
      isSettled: now - latest > settling)
  }

  /// `realpath(path)`, or nil.
  private static func resolved(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The file that `replace` writes for `path`: `path` itself, or the file a symbolic link there
  /// names, so that the link stays a link.
  ///
  /// A rename puts a new regular file in place of whatever the path held, so this refuses what
  /// the rename would destroy rather than write: a directory, a device (`/dev/null`), a pipe or
  /// a socket; and a file that may not be written (no write permission for this user, or none
  /// for anyone: a rename would get round the file's protection, even for root).
  static func replaceable(_ path: String) throws(FileError) -> String {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return path }  // A new file.
      throw lastError()
    }
    var target = path
    if status.st_mode & S_IFMT == S_IFLNK {
      guard let resolved = realpath(path, nil) else {
        if errno == ENOENT { throw FileError("is a symbolic link to a missing file") }
        throw lastError()
      }
      target = String(cString: resolved)
      free(resolved)
      guard stat(target, &status) == 0 else { throw lastError() }
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileError("is a directory")
    default: throw FileError("is not a regular file (a device, a pipe or a socket)")
    }
    if status.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
      throw FileError("permission denied: the file is read-only")
    }
    return target
  }

  /// The directory (`.` when none is given) and the file name of `path`.
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  /// `errno` in words, lowercased as in `no such file or directory`.
  static func lastError() -> FileError {
    let text = String(cString: strerror(errno))
    return FileError(text.prefix(1).lowercased() + text.dropFirst())
  }
}
