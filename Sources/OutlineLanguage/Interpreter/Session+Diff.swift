import Diffable

extension Session {
  /// `diff FILE [FILE2]`: the transaction that turns the current section's outline into FILE's
  /// (or FILE's into FILE2's), by the matching rule, with the items whose content changed;
  /// nothing changes.
  ///
  /// The new outline is built with the identifiers the matching rule gives (`MatchedOutline`:
  /// a matched item keeps its expansion, since a diff ignores expansion) and applied to a data
  /// source of its own holding the old state, so that the transaction is the library's, exactly
  /// as `load FILE` would make it.
  ///
  /// - Throws: `io` for a file that cannot be read or parsed; `refused` in a batch. Nothing
  ///   changes either way.
  /// - Complexity: O(*n* log *n*) in the items of both outlines.
  func diff(
    _ path: String, _ other: String?, as format: OutlineFormat?, into outcome: inout Outcome
  ) throws(CommandError) {
    try refuseDuringBatch()
    let scratch = DataSource<String, String>()
    let old: SectionSnapshot<String>
    let oldContents: Contents
    let newPath: String
    let allocator: IdentifierAllocator
    if let other {
      let first = try diffDocument(path, as: format)
      var firstAllocator = IdentifierAllocator { _ in false }
      let (outline, titled) = Self.outline(of: first, allocator: &firstAllocator)
      var firstContents = Contents()
      firstContents.reserve(titled.count)
      for (item, content) in titled { firstContents[item] = content }
      (old, oldContents, newPath) = (outline, firstContents, other)
      allocator = IdentifierAllocator { outline.contains($0) }
      do {
        try scratch.apply(outline, to: section)
      } catch {
        throw CommandError(because: .cannotUseFile(verb: "diff", path: path, reason: error.message))
      }
    } else {
      (old, oldContents, newPath) = (outline, contents, path)
      allocator = IdentifierAllocator { [self] in isTaken($0) }
      scratch.apply(dataSource.snapshot())
    }
    let document = try diffDocument(newPath, as: format)
    let matched = MatchedOutline(
      document, over: old, contents: oldContents, expansion: .kept, attributes: .fromText,
      allocator: allocator)
    let transaction: Transaction<String, String>
    do {
      transaction = try scratch.apply(try matched.snapshot(), to: section)
    } catch {
      throw CommandError(
        because: .cannotUseFile(verb: "diff", path: newPath, reason: error.message))
    }
    outcome.result = .diff(
      OutlineDiff(transaction: Self.nonEmpty(transaction), contentChanges: matched.changes))
    outcome.warnings = document.losses.map { "\(Quoting.word(newPath)): \($0.detail)" }
  }

  /// The outline of `path` for `diff`: an outline file, or a native save file's current
  /// section.
  private func diffDocument(_ path: String, as format: OutlineFormat?) throws(CommandError)
    -> OutlineDocument
  {
    let format = format ?? OutlineFormat(path: path)
    if format == .native { return try nativeDocument(path, verb: "diff").document }
    return try readDocument(path, as: format, verb: "diff").document
  }

  /// `load FILE` of an outline file over a section that holds an outline: each line of the file
  /// is the item the matching rule finds for it, so that the transaction shows moves and
  /// reconfigured items where a person sees them, not removals and insertions.
  ///
  /// The file's expansion and attributes are the items' from now on; rules, other sections and
  /// kept snapshots are untouched.
  ///
  /// - Throws: `io` when the outline cannot be applied; nothing changes.
  /// - Complexity: O(*n* log *n*) in the items of the file and of the section.
  func loadOver(_ document: OutlineDocument, from path: String, into outcome: inout Outcome)
    throws(CommandError)
  {
    var document = document
    // A file that still holds the bytes the section was read from keeps that read: its items
    // keep their lines' file, and reading it again changes nothing.
    if let kept = contents.sources[section], let read = document.source, read == kept {
      document.source = kept
    }
    let old = dataSource.snapshot(for: section)
    let matched = MatchedOutline(
      document, over: old, contents: contents, expansion: .fromText, attributes: .fromText,
      allocator: IdentifierAllocator { [self] in isTaken($0) })
    let transaction: Transaction<String, String>
    do {
      transaction = try dataSource.apply(try matched.snapshot(), to: section)
    } catch {
      throw CommandError(because: .cannotUseFile(verb: "load", path: path, reason: error.message))
    }
    contents.reserve(matched.contents.count)
    for (item, content) in matched.contents { contents[item] = content }
    contents.heads[section] = Self.head(of: document)
    contents.sources[section] = document.source
    outcome.transaction = Self.nonEmpty(transaction)
    record(matched.changes, in: &outcome)
    outcome.note = Self.readNote(
      "loaded \(Self.count(matched.items.count, "item")) from \(Quoting.word(path)) over "
        + "section \(Quoting.word(section)), matched by text: "
        + Self.matchSummary(matched, oldCount: old.count),
      document: document, allocator: matched.allocator)
    outcome.warnings = remember(document.losses, readFrom: path, verb: "loading")
  }

  /// Records what a text read over the outline (`edit`, `load` over an outline) changed in the
  /// items it kept: the visible ones are reconfigured, the hidden ones whose title changed are
  /// named, and each is counted for the brief output.
  ///
  /// - Complexity: O(*c* (log *n* + *a*)) for *c* changes of items with *a* attributes.
  func record(_ changes: [ContentChange], in outcome: inout Outcome) {
    let flat = dataSource.snapshot()
    let reconfigured = changes.map(\.item).filter { flat.indexOfItem($0) != nil }
    let shown = Set(reconfigured)
    outcome.effect = .rebuildMatching(reconfigured: reconfigured)
    outcome.hiddenRetitled = []
    for change in changes where change.oldTitle != change.newTitle && !shown.contains(change.item) {
      outcome.hiddenRetitled.append(change.item)
    }
    outcome.reconfiguredCounts = ReconfiguredCounts(changes, shown: shown, contents: contents)
  }

  /// `3 kept, 1 retitled, 2 new, 1 removed`: what the matching rule made of a text.
  static func matchSummary(_ matched: MatchedOutline, oldCount: Int) -> String {
    let new = matched.items.count - matched.matchedCount
    let removed = oldCount - matched.matchedCount
    return "\(matched.matchedCount - matched.changes.count) kept, "
      + "\(matched.changes.count) changed, \(new) new, \(removed) removed"
  }
}

extension Session {
  /// The outline on standard input (`import -`), in `format`, else the format its first
  /// non-blank byte suggests: `{` the native file, `<` OPML, anything else Markdown.
  ///
  /// - Throws: `io` when standard input cannot be read (it is the script being run, say) or
  ///   does not parse.
  /// - Complexity: O(*n*) in the bytes read, plus the reader's.
  func standardInputDocument(as format: OutlineFormat?) throws(CommandError) -> OutlineDocument {
    let bytes: [UInt8]
    do {
      bytes = try fileSystem.standardInput()
    } catch {
      throw CommandError(because: .cannotUseFile(verb: "import", path: "-", reason: error.reason))
    }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    let format =
      format
      ?? (first == UInt8(ascii: "{") ? .native : first == UInt8(ascii: "<") ? .opml : .markdown)
    do {
      if format == .native {
        return Self.document(ofSaveFile: try SaveFile(reading: bytes))
      }
      return try format.read(bytes)
    } catch let error as FormatProblem {
      throw CommandError(because: .cannotUseFile(verb: "import", path: "-", reason: error.message))
    } catch let error as LoadProblem {
      throw CommandError(because: .cannotUseFile(verb: "import", path: "-", reason: error.message))
    } catch {
      throw CommandError(
        because: .cannotUseFile(verb: "import", path: "-", reason: String(describing: error)))
    }
  }
}
