extension Session {
  /// A read of a file that lost something (`FormatLoss`): a save over the file would drop it.
  struct LossyRead: Equatable, Sendable {
    /// The path as the read named it.
    var path: String
    /// `loading` or `importing`.
    var verb: String
    /// The section the outline went into.
    var section: String
    /// What the read did not keep.
    var losses: [FormatLoss]
  }

  /// Remembers what reading `path` lost, for `refuseOverwritingLosses(of:verb:force:)`; a read
  /// that lost nothing forgets what an earlier read of the file lost, the file being what it
  /// read now.
  ///
  /// - Returns: The warnings for the read's outcome: each loss, then what it means for a save.
  func remember(_ losses: [FormatLoss], readFrom path: String, verb: String) -> [String] {
    let identity = fileSystem.identity(of: path)
    guard !losses.isEmpty else {
      lossyReads[identity] = nil
      return []
    }
    lossyReads[identity] = LossyRead(path: path, verb: verb, section: section, losses: losses)
    return losses.map(\.detail) + [
      "save and export to \(Quoting.word(path)) are refused, since they would drop this "
        + "(--force overwrites it)"
    ]
  }

  /// Throws `io` when `path` is a file whose last read lost something, unless `force`:
  /// writing the outline over it would drop what the read did not keep.
  ///
  /// `cannot save two.json: importing it dropped 1 other section (save --force overwrites it)`.
  ///
  /// A path names the file when it names it now, by any name: through `./`, `..`, a symbolic
  /// link or a hard link (`rememberedIdentity(of:)`).
  ///
  /// - Complexity: O(1) when no read lost anything; else `rememberedIdentity(of:)`.
  func refuseOverwritingLosses(of path: String, verb: String, force: Bool) throws(CommandError) {
    guard !force, !lossyReads.isEmpty, let identity = rememberedIdentity(of: path),
      let read = lossyReads[identity]
    else { return }
    let reading =
      read.path == path
      ? "\(read.verb) it" : "\(read.verb) \(Quoting.word(read.path)), the same file,"
    let into = read.section == section ? "" : " into section \(Quoting.word(read.section))"
    throw CommandError(
      because: .wouldDropLosses(
        verb: verb, path: path, reading: reading + into, losses: FormatLoss.summary(read.losses)))
  }

  /// Forgets what reading `path` lost, once the file holds what was written to it.
  func forgetLosses(of path: String) {
    guard !lossyReads.isEmpty else { return }
    lossyReads[fileSystem.identity(of: path)] = nil
  }
}
