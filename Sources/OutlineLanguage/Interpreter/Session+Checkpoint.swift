extension Session {
  /// Everything a session holds between two commands: its state, its undo history, its current
  /// item, clipboard and sections' files.
  ///
  /// A front end that lets its user step back through the commands (the playground of
  /// `outline serve`) keeps one after each command and, when a command is typed at an earlier
  /// step, rewinds to it first: the session then goes on as if the later commands had never
  /// run, as `undo` then a command does, but for queries and rules too.
  ///
  /// A checkpoint shares its storage with the session (the snapshots are persistent trees, the
  /// history a `ChangeHistory`, whose appends leave a kept copy's changes in place): keeping one
  /// costs O(log *n*) for the outline and O(1) for the history.
  public struct Checkpoint {
    /// The outline, rules, kept snapshots, section, batch and contents.
    public let state: SessionState
    let history: HistoryState
    let currentItem: String?
    let clipboard: Clipboard?
    let sectionFiles: [String: SectionFile]
  }

  /// The session now, to come back to with ``rewind(to:)``.
  ///
  /// - Complexity: O(1).
  public var checkpoint: Checkpoint {
    Checkpoint(
      state: state, history: historyState, currentItem: currentItem, clipboard: clipboard,
      sectionFiles: sectionFiles)
  }

  /// Puts the session back as it was at `checkpoint`, without calling any handler.
  ///
  /// ```swift
  /// let start = session.checkpoint
  /// session.run("append A")
  /// session.rewind(to: start)
  /// session.outline.items  // []
  /// ```
  ///
  /// - Complexity: O(*s*) in the sections whose snapshot differs from the checkpoint's.
  public func rewind(to checkpoint: Checkpoint) {
    restore(checkpoint.state)
    historyState = checkpoint.history
    currentItem = checkpoint.currentItem
    clipboard = checkpoint.clipboard
    sectionFiles = checkpoint.sectionFiles
    calls = []
  }
}
