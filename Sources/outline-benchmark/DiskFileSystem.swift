import OutlineLanguage
import OutlineShell

#if canImport(Glibc)
  import Glibc
#endif

/// Files on disk for the `files` scenario: read whole, and replaced by writing a temporary file
/// beside the target and renaming it over it, without the `fsync` the shell's file system adds
/// (Python's `json.dump`, the floor, does not flush either).
final class DiskFileSystem: FileSystem {
  func contents(of path: String) throws(FileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw FileError(String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw FileError("cannot stat \(path)") }
    let size = Int(status.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + done, size - done)
      }
      guard count > 0 else { throw FileError("cannot read \(path)") }
      done += count
    }
    return bytes
  }

  func replace(_ path: String, with contents: [UInt8]) throws(FileError) {
    let temporary = path + ".partial"
    guard write(temporary, contents), rename(temporary, path) == 0 else {
      throw FileError("cannot write \(path)")
    }
  }

  /// Writes `contents` to `path`, creating or truncating it; false when it cannot.
  func write(_ path: String, _ contents: [UInt8]) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var done = 0
    while done < contents.count {
      let count = contents.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + done, contents.count - done)
      }
      guard count > 0 else { return false }
      done += count
    }
    return true
  }

  /// The file's stamp, as the shell's file system takes it (one `stat`), so that a `save`
  /// over a file the session read costs what the shell's does.
  func stamp(of path: String) -> FileStamp? {
    LocalFileSystem().stamp(of: path)
  }

  /// The file at `path` as text, or nil.
  func text(of path: String) -> String? {
    (try? contents(of: path)).map { String(decoding: $0, as: UTF8.self) }
  }
}

/// A directory under /tmp for one size's files, removed with what it holds.
struct TemporaryDirectory {
  let path: String

  init?() {
    var template = Array("/tmp/outline-files-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { return nil }
    path = String(cString: made)
  }

  /// Deletes the files in it (it holds no directories), then the directory.
  func remove() {
    guard let directory = opendir(path) else { return }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { unlink(path + "/" + name) }
    }
    closedir(directory)
    rmdir(path)
  }
}

/// Runs a program found on `PATH`, its output to /dev/null.
enum Subprocess {
  /// Whether `program arguments` ran and exited with 0.
  static func run(_ program: String, _ arguments: [String]) -> Bool {
    var pid: pid_t = 0
    var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawnp(&pid, program, &actions, nil, &argv, environ) == 0 else { return false }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status == 0
  }
}
