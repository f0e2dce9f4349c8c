/// What each file the session read or wrote held then, so that a write over a file that
/// changed on disk since is refused, as a well-made editor refuses to save over a file another
/// program changed after it was opened (SPEC §4, "Nothing a user did not delete may ever
/// disappear").
///
/// A read (`load`, `import`) or a write (`save`, `export`) remembers the file's stamp
/// (`FileSystem.stamp(of:)`: device, inode, size, modification time) and a digest of the bytes
/// read or written. A later write to the file (by any path that names it: `./`, a symbolic
/// link, a hard link) first compares the file's stamp now; only when it differs, or when the
/// stamp then was not settled (`FileStamp.isSettled`: the file had been written moments
/// before) or the file system keeps no stamps, are the file's bytes read and compared with the
/// digest, so that a file touched but not changed is no refusal.
extension Session {
  /// A file as the session last read or wrote it.
  struct FileVersion: Equatable, Sendable {
    /// The path as the command named it.
    var path: String
    /// `loading`, `importing`, `saving` or `exporting`: what the session last did with it.
    var verb: String
    /// The file's stamp then, taken before the read or after the write; nil when the file
    /// system keeps none.
    var stamp: FileStamp?
    /// The bytes read or written.
    var digest: Digest
  }

  /// A digest of a file's bytes: their count and their hash in this process.
  struct Digest: Equatable, Sendable {
    var count: Int
    var hash: Int

    /// The digest of `bytes`.
    ///
    /// - Complexity: O(*n*) in the bytes.
    init(_ bytes: [UInt8]) {
      var hasher = Hasher()
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
      count = bytes.count
      hash = hasher.finalize()
    }
  }

  /// The bytes of the file at `path`, and the version to remember of it once the command
  /// that read it succeeds: its stamp is taken before the read, so that a write between the
  /// two shows as a changed stamp, then its bytes are compared.
  ///
  /// - Throws: `io` naming `verb` when the file cannot be read.
  /// - Complexity: O(*n*) in the bytes.
  func readFile(_ path: String, verb: String) throws(CommandError) -> ([UInt8], FileVersion) {
    let stamp = fileSystem.stamp(of: path)
    let bytes: [UInt8]
    do {
      bytes = try fileSystem.contents(of: path)
    } catch {
      throw CommandError(because: .cannotUseFile(verb: verb, path: path, reason: error.reason))
    }
    let reading = verb == "import" ? "importing" : "loading"
    return (bytes, FileVersion(path: path, verb: reading, stamp: stamp, digest: Digest(bytes)))
  }

  /// Remembers `version` as what the file at its path holds.
  func remember(_ version: FileVersion) {
    fileVersions[fileSystem.identity(of: version.path)] = version
  }

  /// Remembers that the file at `path` holds `bytes`, just written by `verb`.
  func remember(written bytes: [UInt8], to path: String, verb: String) {
    remember(
      FileVersion(
        path: path, verb: verb == "save" ? "saving" : "exporting",
        stamp: fileSystem.stamp(of: path), digest: Digest(bytes)))
  }

  /// The identity under which the session remembers the file at `path`: its own
  /// (`FileSystem.identity(of:)`), or that of a file remembered under another name that is
  /// the same file now (same device and inode: a hard link); nil when the session read or
  /// wrote no such file.
  ///
  /// - Complexity: O(1) when the session remembers no file; else one identity and, for a path
  ///   not remembered under its own, one stamp and O(*f*) in the files remembered.
  func rememberedIdentity(of path: String) -> String? {
    guard !fileVersions.isEmpty else { return nil }
    let identity = fileSystem.identity(of: path)
    if fileVersions[identity] != nil { return identity }
    guard let stamp = fileSystem.stamp(of: path) else { return nil }
    for (known, version) in fileVersions {
      guard let then = version.stamp, then.isSameFile(as: stamp) else { continue }
      // An inode is reused once its file is gone: the remembered name must name it still.
      if let now = fileSystem.stamp(of: known), now.isSameFile(as: stamp) { return known }
    }
    return nil
  }

  /// Throws `io` when `path` names a file the session read or wrote and that changed on disk
  /// since, unless `force`: writing over it would drop what another program wrote there.
  ///
  /// A file deleted since (or that cannot be read now) is no refusal: the write makes it anew,
  /// or fails on its own.
  ///
  /// `cannot save todo.md: it changed on disk since loading it (load todo.md reads it again;
  /// save --force overwrites it)`.
  ///
  /// - Complexity: O(1) when the session remembers no file; else `rememberedIdentity(of:)` and
  ///   one stamp, and O(*n*) in the file's bytes when the stamp differs but not the size, or
  ///   when there is no stamp.
  func refuseOverwritingChanges(of path: String, verb: String, force: Bool)
    throws(CommandError)
  {
    guard !force, let identity = rememberedIdentity(of: path),
      let known = fileVersions[identity]
    else { return }
    let now = fileSystem.stamp(of: path)
    if let then = known.stamp, then.isSettled, now == then { return }
    // Another size is a change, told without reading the file; the same size, or no stamp,
    // needs its bytes.
    if now == nil || now?.size == Int64(known.digest.count) {
      guard let bytes = try? fileSystem.contents(of: path), Digest(bytes) != known.digest else {
        return
      }
    }
    let since =
      known.path == path
      ? "\(known.verb) it" : "\(known.verb) \(Quoting.word(known.path)), the same file"
    // Reading it again keeps what changed; after an export, the file is no section's.
    let reload = known.verb == "exporting" ? nil : "load \(Quoting.word(known.path))"
    throw CommandError(
      because: .changedOnDisk(verb: verb, path: path, since: since, reload: reload))
  }
}
