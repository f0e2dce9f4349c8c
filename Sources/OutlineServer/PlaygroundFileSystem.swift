import Foundation
import OutlineLanguage
import OutlineShell

/// The files a playground's commands may touch: none, or those inside one directory
/// (`outline serve --allow-files DIR`).
///
/// A relative path is taken inside the directory. Every path is resolved (symbolic links, `.`
/// and `..`) before it is checked, so that neither `../secret` nor a link out of the directory
/// reaches a file outside it; the file is then read or written at its resolved path.
final class PlaygroundFileSystem: FileSystem {
  /// The directory, resolved; nil when file commands are off.
  let directory: String?
  private let disk = LocalFileSystem()

  /// File commands inside `directory`, or none when it is nil.
  ///
  /// - Throws: `FileError` when the directory does not resolve to a directory.
  init(directory: String?) throws(FileError) {
    guard let directory else {
      self.directory = nil
      return
    }
    let resolved = disk.identity(of: directory)
    guard resolved.hasPrefix("/"), Self.isDirectory(resolved) else {
      throw FileError("\(directory) is not a directory")
    }
    self.directory = resolved
  }

  /// The refusal of a file command when file commands are off.
  static let refusal =
    "file commands are off in the playground: start it with "
    + "'outline serve --allow-files DIR' to let them read and write inside DIR"

  /// `path` resolved, if it lies inside the directory.
  ///
  /// - Throws: `FileError` when file commands are off or the path leads outside.
  /// - Complexity: one `realpath` call or two.
  func confined(_ path: String) throws(FileError) -> String {
    guard let directory else { throw FileError(Self.refusal) }
    let full = path.hasPrefix("/") ? path : directory + "/" + path
    let resolved = disk.identity(of: full)
    let root = directory == "/" ? "/" : directory + "/"
    guard resolved.hasPrefix(root) else {
      throw FileError("\(path) is outside the directory the playground may touch (\(directory))")
    }
    return resolved
  }

  func contents(of path: String) throws(FileError) -> [UInt8] {
    try disk.contents(of: confined(path))
  }

  func replace(_ path: String, with contents: [UInt8]) throws(FileError) {
    try disk.replace(confined(path), with: contents)
  }

  func identity(of path: String) -> String {
    (try? confined(path)) ?? path
  }

  func stamp(of path: String) -> FileStamp? {
    (try? confined(path)).flatMap(disk.stamp(of:))
  }

  func standardInput() throws(FileError) -> [UInt8] {
    throw FileError("the playground has no standard input to read")
  }

  private static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}
