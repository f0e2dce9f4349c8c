import Diffable

extension Session {
  /// Runs a file or script command: `save`, `save --all`, `load`, `say`, `expect`, `help`, `set output`.
  ///
  /// `source` and `quit` act on the script that runs them, so only the script runner
  /// (`Session+Scripts.swift`) runs them; given here, they are refused.
  func execute(_ command: Command.FileCommand, into outcome: inout Outcome) throws(CommandError) {
    switch command {
    case .save(let named, let format, let force):
      if named == "-" { throw CommandError(because: .dashIsNoFile(verb: "save")) }
      try refuseDuringBatch()
      let file = try fileToSave(named, format: format)
      let path = file.path
      // Every printer sees the file written, not a name left out.
      outcome.parsed = .files(.save(path, format: file.format, force: force))
      switch file.format ?? OutlineFormat(path: path) {
      case .native: try save(to: path, force: force, into: &outcome)
      case let format:
        try exportOutline(
          to: path, item: nil, as: format, verb: "save", force: force, into: &outcome)
      }
    case .saveAll(let force):
      try refuseDuringBatch()
      try saveAll(force: force, into: &outcome)
    case .load(let path, let format, let fresh):
      if path == "-" { throw CommandError(because: .dashIsNoFile(verb: "load")) }
      try refuseDuringBatch()
      let sectionsBefore = dataSource.snapshot().sectionIdentifiers
      switch format ?? OutlineFormat(path: path) {
      case .native: try load(from: path, into: &outcome)
      case let format: try loadOutline(from: path, as: format, fresh: fresh, into: &outcome)
      }
      if outcome.effect == .none,
        outcome.transaction != nil || dataSource.snapshot().sectionIdentifiers != sectionsBefore
      {
        outcome.effect = .restore
      }
    case .importFile(let path, let place, let format):
      // Standard input has no extension: its format is given, or told by its first byte.
      try importOutline(
        from: path, at: place, as: format ?? (path == "-" ? nil : OutlineFormat(path: path)),
        into: &outcome)
      outcome.effect = .rebuild
    case .export(let path, let item, let format, let force):
      try exportOutline(
        to: path, item: item, as: format ?? OutlineFormat(path: path), verb: "export",
        force: force, into: &outcome)
    case .diff(let path, let other, let format):
      try diff(path, other, as: format, into: &outcome)
    case .edit(let item):
      try edit(item, into: &outcome)
    case .say(let text):
      outcome.result = .text(text)
      outcome.isNarration = true
    case .expect(let expectation):
      try check(expectation, into: &outcome)
    case .help(let topic):
      outcome.result = .lines(try CommandCatalog.help(topic))
    case .setOutput(let mode):
      outputMode = mode
    case .source, .quit:
      throw CommandError(because: .scriptCommandOutsideScript(command.name))
    }
  }

  /// `save FILE` and `load FILE`.
  ///
  /// `save` writes every section with its items' titles and attributes and its head, the rules,
  /// the kept snapshots and the current section (`SaveFile`, version 2) through
  /// `fileSystem.replace`, which is atomic. `load` reads and checks the whole file (version 2 or
  /// 1) first; only a file with no problem replaces the session's sections (as one transaction,
  /// no handlers called: a history step that `undo` reverts), contents, rules, kept snapshots and
  /// current section. Both are refused while a batch is open.
  ///
  /// Like every write, `save` without `force` refuses to overwrite a file that changed on disk
  /// since the session read or wrote it (`refuseOverwritingChanges(of:verb:force:)`), or whose
  /// last read lost something (`refuseOverwritingLosses(of:verb:force:)`): an outline file
  /// saved under a name without an extension, say.
  ///
  /// - Throws: `io` for a file that cannot be read or written, or whose contents are not a
  ///   consistent save file, naming the problem; for a file that changed on disk or whose read
  ///   lost something, unless `force`.
  func save(to path: String, force: Bool = false, into outcome: inout Outcome)
    throws(CommandError)
  {
    let file = try nativeFile(to: path, force: force)
    try write(file)
    outcome.note = file.note
  }

  /// The native save file `save` would write to `path`, after the checks that could refuse
  /// it (see `save(to:force:into:)`); nothing is written.
  ///
  /// - Complexity: O(*n*) in the items of every section.
  func nativeFile(to path: String, force: Bool) throws(CommandError) -> OutlineFile {
    try refuseOverwritingChanges(of: path, verb: "save", force: force)
    try refuseOverwritingLosses(of: path, verb: "save", force: force)
    let flat = dataSource.snapshot()
    let file = SaveFile(
      section: section,
      sections: flat.sectionIdentifiers.map { ($0, dataSource.snapshot(for: $0)) },
      rules: rules.rules,
      snapshots: keptSnapshots.keys.sorted().map { ($0, keptSnapshots[$0]!) },
      contents: contents, flat: flat)
    let items = file.sections.reduce(0) { $0 + $1.outline.count }
    let note =
      "saved \(items) item\(items == 1 ? "" : "s") in \(file.sections.count) "
      + "section\(file.sections.count == 1 ? "" : "s") to \(Quoting.word(path))"
    return OutlineFile(path: path, verb: "save", bytes: file.bytes, note: note, warnings: [])
  }

  /// `load FILE`: see `save(to:into:)`.
  func load(from path: String, into outcome: inout Outcome) throws(CommandError) {
    let (bytes, version) = try readFile(path, verb: "load")
    let file: SaveFile
    do {
      file = try SaveFile(reading: bytes)
    } catch {
      throw CommandError(because: .cannotUseFile(verb: "load", path: path, reason: error.message))
    }
    show(dataSource.apply(file.flat), in: &outcome)
    var loadedRules = RuleSet()
    for rule in file.rules { loadedRules.add(rule) }
    rules = loadedRules
    keptSnapshots = Dictionary(uniqueKeysWithValues: file.snapshots.map { ($0.name, $0.outline) })
    section = file.section
    contents = file.contents
    forgetLosses(of: path)  // a save file loads whole
    remember(version)
    if outcome.transaction == nil {
      outcome.note = "loaded \(Quoting.word(path)): the outline is as it was"
    }
  }
}
