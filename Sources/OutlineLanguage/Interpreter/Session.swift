import Diffable

/// One outline being edited: a headless data source, its handler rules and kept snapshots, and
/// the interpreter that runs commands on them.
///
/// All eight handlers of the data source are installed at once, answering from `rules`; each
/// call is recorded, in the order the data source makes it, in the `Outcome` of the command in
/// progress. The section being edited is `main` until sections exist.
///
/// ```swift
/// let session = Session()
/// session.run("append Food Drinks").transaction?.finalSnapshot.itemIdentifiers
/// // ["Food", "Drinks"]
/// session.run("append Apple to Food")
/// session.run("expand Food").handlers.map(\.name)
/// // ["shouldExpandItem", "willExpandItem", "snapshotForExpandingParent"]
/// session.run("delete Aple").error?.code  // .unknownItem (did you mean "Apple"?)
/// ```
///
/// `run` never traps and never throws: a failed command reports its error in the outcome and
/// leaves the data source, the rules and the kept snapshots as they were.
public final class Session {
  /// The headless data source whose section snapshots the commands edit.
  public let dataSource = DataSource<String, String>()
  /// The handler rules, numbered from 1.
  @exclusivity(unchecked) public internal(set) var rules = RuleSet()
  /// The snapshots kept by `child-snapshot … as NAME`, by name (without `@`).
  @exclusivity(unchecked) public internal(set) var keptSnapshots:
    [String: SectionSnapshot<String>] = [:]
  /// The section the commands edit.
  @exclusivity(unchecked) public internal(set) var section = "main"
  /// Item titles and attributes, and section heads: what the data source holds beside the
  /// identifiers (SPEC §3, "Identifier and title").
  @exclusivity(unchecked) public internal(set) var contents = Contents()
  /// The open batch (`begin` … `apply`), if any.
  @exclusivity(unchecked) public internal(set) var batch: Batch?
  /// The changes made so far, oldest first, for `log`, `last` and `undo`: the last
  /// `historyLimit` of them, in a `ChangeHistory` so that dropping the oldest is O(1) and a
  /// checkpoint's copy shares its storage.
  @exclusivity(unchecked) public internal(set) var history = ChangeHistory()
  /// How many changes `history` keeps, and `undo` can step back through.
  ///
  /// Older ones are dropped, so a long session's memory stays bounded. Each kept change holds two
  /// flat snapshots that share their storage with the outline, O(log *n*) apart: a few kilobytes
  /// of copied B-tree paths. 100 steps, not more: many more keep enough copies to outgrow the
  /// processor's cache, and every command pays for it (`scripts/benchmark --scenario script`).
  public var historyLimit = 100
  /// How many identifiers an unknown-item error compares with the one it was given, at most:
  /// the first this many of the current section (the batch's working copy in a batch), then
  /// of the other sections in their order (`failure(_:)`, in `Session+Failures.swift`).
  ///
  /// An error then costs O(`suggestionBudget` · *m*) at most, *m* being the length of the
  /// word, however large the outline: a million items would otherwise mean a million
  /// comparisons for every mistyped name. In a larger outline, an item past the budget is not
  /// suggested.
  public var suggestionBudget = 50_000
  /// How many changes were dropped from the front of `history`, for `log`'s numbering.
  @exclusivity(unchecked) var historyDropped = 0
  /// The changes undone, most recent last, for `redo`.
  @exclusivity(unchecked) var undone: [Change] = []
  /// Where in the history each section was last saved or loaded
  /// (`Session+UnsavedChanges.swift`).
  @exclusivity(unchecked) var savePoints = SavePoints()
  /// The current item, `.` in a command: the item the last successful command added, moved or
  /// named first (`Session+Rows.swift`); `show` marks it.
  @exclusivity(unchecked) public internal(set) var currentItem: String?
  /// The item whose subtree the session's view is narrowed to (`focus ITEM`), nil for the whole
  /// section (`Session+Focus.swift`).
  @exclusivity(unchecked) public internal(set) var focus: String?
  /// The item a command made under a name of its own (`duplicate`, `rename`, `paste`), or the
  /// first it added or moved where it names none or names another first (`import … to PARENT`,
  /// `insert @NAME`, `replace-children`, `drag`), which becomes the current item rather than the
  /// first one it named.
  @exclusivity(unchecked) var madeItem: String?
  /// What `cut` or `copy` kept for `paste` (`Session+Clipboard.swift`).
  @exclusivity(unchecked) var clipboard: Clipboard?
  /// The files whose last read (`load`, `import`) lost something, by `FileSystem.identity(of:)`:
  /// `save` and `export` to them are refused without `--force` (`Session+FileLosses.swift`).
  var lossyReads: [String: LossyRead] = [:]
  /// Each file the session last read or wrote, by `FileSystem.identity(of:)`, as it was then:
  /// `save` and `export` over one that changed on disk since are refused without `--force`
  /// (`Session+FileVersions.swift`).
  var fileVersions: [String: FileVersion] = [:]
  /// The file each section was last loaded from or saved to, by section: where `save` with no
  /// file name writes (`Session+SectionFiles.swift`).
  var sectionFiles: [String: SectionFile] = [:]
  /// Whether each outcome carries the session's state before and after its command
  /// (`Outcome.before`, `Outcome.after`), which the printers of Swift and of the page read.
  ///
  /// On by default. A front end that prints neither turns it off: the two captures and the
  /// copies of the outcome that carry them are about a thirtieth of a plain edit's cost.
  public var recordsStates = true
  /// How much a front end's text output says about each command (`set output`, `--output`):
  /// not part of the outline, its history or its file.
  public var outputMode = OutputMode.full
  /// Where `save`, `load` and `source` read and write.
  public let fileSystem: any FileSystem
  /// Where `edit` opens a text for a person to change; nil: `edit` is an `io` error.
  public var editor: (any TextEditor)?

  /// The handler calls of the command in progress, as the installed handlers record them
  /// (`Session+Handlers.swift`); `run` moves them into the outcome.
  @exclusivity(unchecked) var calls: [HandlerCall] = []

  /// Creates a session with an empty `main` section and no rules, reading and writing files in
  /// `fileSystem` (by default, an empty one in memory).
  public init(fileSystem: any FileSystem = MemoryFileSystem()) {
    self.fileSystem = fileSystem
    installHandlers()
    do {
      try dataSource.apply(SectionSnapshot(), to: section)
    } catch {
      preconditionFailure("an empty section cannot clash with anything: \(error)")
    }
  }

  /// The current section's section snapshot: the batch's working copy while a batch is open.
  public var outline: SectionSnapshot<String> {
    batch?.working ?? dataSource.snapshot(for: section)
  }

  /// Parses `source` (one command) and runs it; a line that does not parse is a `syntax` or
  /// `unknownCommand` error.
  public func run(_ source: String) -> Outcome {
    let parsed = CommandParser.parse(line: source)
    guard let first = parsed.first else {
      var outcome = Outcome(command: source)
      outcome.error = CommandError(SyntaxError(.expected([.command], after: ""), column: 1))
      return outcome
    }
    if parsed.count > 1 {
      var outcome = Outcome(command: source)
      outcome.error = CommandError(
        SyntaxError(.expected([.endOfLine], after: first.source), column: parsed[1].column))
      return outcome
    }
    return run(first)
  }

  /// Runs one parsed command whose text was `source`.
  ///
  /// - Returns: The handler calls, the transaction (nil when nothing changed), the result of a
  ///   query, a note, or the error; after an error nothing has changed.
  public func run(_ command: Command, source: String) -> Outcome {
    run(command, source: source, namedRows: false)
  }

  /// Runs one parsed command whose text was `source`; its change is recorded in the history
  /// (`log`, `undo`, `redo`) as `source`, or when it `namedRows` (`@N`, `@N..M`, `.`, which
  /// the parser resolved), as the command run: its canonical text, holding identifiers.
  func run(_ command: Command, source: String, namedRows: Bool) -> Outcome {
    var outcome = Outcome(command: source)
    // Filled by a function of its own: with the `do`…`catch` here, the optimizer copies the
    // outcome to return it and destroys the original.
    run(command, source: source, namedRows: namedRows, into: &outcome)
    return outcome
  }

  /// Runs `command` as `run(_:source:namedRows:)` does, filling `outcome`.
  private func run(
    _ command: Command, source: String, namedRows: Bool, into outcome: inout Outcome
  ) {
    calls = []
    let command = inFocus(command)
    outcome.parsed = command
    let before = state
    // Not part of `state`, which the printers read: a failure puts it back here.
    let clipboardBefore = clipboard
    if recordsStates { outcome.before = before }
    do {
      try execute(command, into: &outcome)
      keepFocus(from: before, into: &outcome)
      rememberFile(of: outcome.parsed ?? command)
      let change = outcome.historyChange ?? outcome.transaction
      if let change { forgetContents(removedBy: change) }
      if command.isRecordedInHistory {
        let logged = namedRows ? (outcome.parsed ?? command).description : source
        recordInHistory(
          change, reconfigured: outcome.reconfigured.count, reloadsData: outcome.reloadsData,
          before: before, logged: logged)
      }
      if case .files = command { markSaved(by: outcome.parsed ?? command) }
    } catch {
      outcome.transaction = nil
      outcome.steps = []
      outcome.result = nil
      outcome.note = nil
      outcome.error = error
      restore(before)
      clipboard = clipboardBefore
    }
    outcome.handlers = calls
    if recordsStates { outcome.after = state }
    calls = []
  }

  /// Adds the change of a command that ran from `before` to the history, under the command
  /// text `logged`.
  ///
  /// The change is `change` (the outcome's `historyChange`, else its transaction), else a
  /// change of the contents alone (`retitle`); nothing when the command changed nothing.
  /// `reconfigured` counts the items whose content it changed; `reloadsData` says the change
  /// was applied with no difference animated. What can be redone is cleared.
  ///
  /// - Complexity: O(*k*) in the sections of the transaction, plus O(*s*) in the sections when
  ///   both of its sides hold two or more (for their order); O(1) amortized for the history.
  private func recordInHistory(
    _ change: consuming Transaction<String, String>?, reconfigured: Int, reloadsData: Bool,
    before: SessionState, logged: String
  ) {
    // In a batch, the contents change at `apply`, whose change carries the batch's.
    let contentsBefore = batch == nil ? before.batch?.contents ?? before.contents : nil
    let contentsChanged = contentsBefore.map { $0 != contents } ?? false
    guard
      let transaction = change
        ?? (contentsChanged
          ? dataSource.transaction(since: dataSource.snapshot(), in: section) : nil)
    else { return }
    if !undone.isEmpty {
      savePoints.clearRedo(
        at: historyDropped + history.count, undone: undone.reversed().map(Self.savedParts(of:)))
    }
    history.append(
      Change(
        command: logged, transaction: transaction,
        sections: (before.section, section), contents: (contentsBefore ?? contents, contents),
        reparented: transaction.sectionTransactions.reduce(0) { $0 + $1.hierarchyChanges.count },
        reconfigured: reconfigured, reloadsData: reloadsData,
        movesSectionOrder: Self.movesSectionOrder(transaction)))
    if history.count > max(historyLimit, 1) {
      let excess = history.count - max(historyLimit, 1)
      let dropped = historyDropped
      history.removeFirst(excess) { change, offset in
        Self.forEachSavedPart(of: change) { savePoints.drop($0, changedAt: dropped + offset) }
      }
      historyDropped += excess
    }
    undone = []
  }

  /// The undo history, which only `expect error` must put back.
  ///
  /// A command that fails never changes it. Kept apart from `SessionState`, so that a state
  /// held across a command keeps no history; a checkpoint's copy of `history` shares its
  /// storage (`ChangeHistory`), so an append after it is O(1) amortized.
  struct HistoryState {
    var history: ChangeHistory
    var undone: [Change]
    var dropped: Int
    var savePoints: SavePoints
  }

  /// The undo history now.
  var historyState: HistoryState {
    get {
      HistoryState(
        history: history, undone: undone, dropped: historyDropped, savePoints: savePoints)
    }
    set {
      (history, undone, historyDropped, savePoints) = (
        newValue.history, newValue.undone, newValue.dropped, newValue.savePoints
      )
    }
  }

  /// Forgets the contents of the items `transaction` removed from the data source, so that an
  /// item added again later under the same identifier starts with the default content.
  ///
  /// Reads the removals' offsets, not the section's `difference`: that would build its
  /// insertions too, a million of them after loading a million items.
  ///
  /// - Complexity: O(*k* log *n*) in the *k* items the transaction removed; nothing when every
  ///   content is the default.
  func forgetContents(removedBy transaction: Transaction<String, String>) {
    guard !contents.items.isEmpty else { return }
    for sectionTransaction in transaction.sectionTransactions {
      for removal in sectionTransaction.removalOffsets where removal.associatedWith == nil {
        let item = sectionTransaction.initialSnapshot.item(at: removal.offset)
        if !isTaken(item) { contents.forget(item) }
      }
    }
  }

  /// Forgets the contents a batch gave to items that the applied data source does not hold (an
  /// item appended, titled and deleted again inside the batch): the apply's transaction has no
  /// removal for them.
  ///
  /// - Complexity: O(*c*) for the *c* contents, plus O(*s* log *n*) for each content that the
  ///   batch added or changed.
  func forgetContents(addedSince before: Contents) {
    guard contents != before else { return }
    let orphans = contents.items.compactMap { item, content in
      before.items[item] != content && !isTaken(item) ? item : nil
    }
    for item in orphans { contents.forget(item) }
  }

  /// Runs `command`, filling `outcome`: each group of commands has its interpreter, in
  /// `Session+Group.swift`.
  func execute(_ command: Command, into outcome: inout Outcome) throws(CommandError) {
    switch command {
    case .editing(let command): try execute(command, into: &outcome)
    case .interactions(let command): try execute(command, into: &outcome)
    case .rules(let command): try execute(command, into: &outcome)
    case .queries(let command): try execute(command, into: &outcome)
    case .sections(let command): try execute(command, into: &outcome)
    case .transactions(let command): try execute(command, into: &outcome)
    case .flat(let command): try execute(command, into: &outcome)
    case .files(let command): try execute(command, into: &outcome)
    }
  }

  /// Throws `refused` while a batch is open: for the commands that act on the applied state
  /// (sections, files, `undo`, `redo`), which a batch's working copy would hide.
  func refuseDuringBatch() throws(CommandError) {
    if let batch {
      throw CommandError(because: .batchOpen(section: batch.section))
    }
  }

  // MARK: Errors

  /// Every item of every section, for completion.
  var allItems: [String] {
    let snapshot = dataSource.snapshot()
    return snapshot.sectionIdentifiers.flatMap { dataSource.snapshot(for: $0).items }
  }

  /// Throws `unknownItem` unless the current section holds `item`.
  func requireItem(_ item: String) throws(CommandError) {
    guard outline.contains(item) else { throw failure(.itemNotFound(item)) }
  }

  /// Throws `unknownParent` unless the current section holds `parent`.
  func requireParent(_ parent: String) throws(CommandError) {
    guard outline.contains(parent) else { throw failure(.parentNotFound(parent)) }
  }

  /// The `refused` error for `action` on `item`, naming the rule that refused it.
  func refused(_ verb: String, _ item: String, _ action: RuleSet.Action) -> CommandError {
    CommandError(
      because: .refusedByHandler(verb: verb, item: item, rule: rules.refusal(of: action, item)))
  }

  /// Makes `transaction` the outcome's: none when it changed no row and no section snapshot,
  /// in which case a change of the sections alone is the outcome's `historyChange`.
  func show(_ transaction: Transaction<String, String>, in outcome: inout Outcome) {
    let sectionsChanged =
      transaction.initialSnapshot.sectionIdentifiers
      != transaction.finalSnapshot.sectionIdentifiers
    if transaction.isEmpty, sectionsChanged { outcome.historyChange = transaction }
    outcome.transaction = Self.nonEmpty(transaction)
  }

  // MARK: Messages

  /// `1 item`, `2 items`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Identifiers as a command writes them, or `(none)`.
  static func words(_ items: [String]) -> String {
    items.isEmpty ? "(none)" : items.map(Quoting.word).joined(separator: " ")
  }

  /// An identifier as a command writes it, or `none`.
  static func word(_ item: String?) -> String { item.map(Quoting.word) ?? "none" }

  /// `transaction`, or nil when it changed nothing.
  static func nonEmpty(_ transaction: Transaction<String, String>?)
    -> Transaction<String, String>?
  {
    guard let transaction, !transaction.isEmpty else { return nil }
    return transaction
  }
}
