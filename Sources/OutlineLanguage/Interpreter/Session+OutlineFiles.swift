import Diffable

extension Session {
  /// `load FILE` of an outline file (OPML, Markdown, text): the file's outline replaces the
  /// current section's snapshot as one transaction; rules, other sections and kept snapshots
  /// are untouched.
  ///
  /// Each text becomes a title and, where free in the other sections, the identifier; a taken
  /// one gets the first free suffix (SPEC §3, "Identifier and title"). OPML attributes stay with
  /// their items and the head with the section, for `export` and `save` to write back.
  ///
  /// Over a section that holds an outline, the file's lines are matched against its items
  /// (SPEC §4's matching rule, `loadOver`), unless `fresh`: then the file's outline replaces
  /// the section's as if the section were empty, its items named from their texts and given
  /// the file's notes and attributes alone.
  ///
  /// - Throws: `io` for a file that cannot be read or is not a well-formed outline of its
  ///   format; nothing changes.
  /// - Complexity: O(*n* log *n*) in the items of the file and of the section.
  func loadOutline(
    from path: String, as format: OutlineFormat, fresh: Bool = false, into outcome: inout Outcome
  ) throws(CommandError) {
    let read = try readDocument(path, as: format, verb: "load")
    var document = read.document
    let replaced = dataSource.snapshot(for: section)
    if replaced.count > 0, !fresh {
      try loadOver(document, from: path, into: &outcome)
      remember(read.version)
      return
    }
    // Taken: held by another section (the replaced items are free). The other sections are
    // looked up once, not per item.
    let others = dataSource.snapshot().sectionIdentifiers.filter { $0 != section }
      .map { dataSource.snapshot(for: $0) }.filter { $0.count > 0 }
    var allocator = IdentifierAllocator { item in others.contains { $0.contains(item) } }
    let rows = Self.rows(of: document, allocator: &allocator)
    // The nodes are in the rows now: let them go before the snapshot and the contents grow.
    document.nodes = []
    let outline = rows.snapshot()
    let titled = rows.titled
    var updated = contents
    if !updated.items.isEmpty {
      for item in replaced.items { updated.forget(item) }
    }
    updated.reserve(titled.count)
    for (item, content) in titled { updated[item] = content }
    updated.heads[section] = Self.head(of: document)
    updated.sources[section] = document.source
    do {
      outcome.transaction = Self.nonEmpty(try dataSource.apply(outline, to: section))
    } catch {
      throw CommandError(because: .cannotUseFile(verb: "load", path: path, reason: error.message))
    }
    contents = updated
    outcome.note = Self.readNote(
      "loaded \(Self.count(outline.count, "item")) from \(Quoting.word(path)) into section "
        + Quoting.word(section), document: document, allocator: allocator)
    outcome.warnings = remember(document.losses, readFrom: path, verb: "loading")
    remember(read.version)
  }

  /// `import FILE [to PARENT|before ITEM|after ITEM]`: a file's outline inserted as one
  /// transaction (in a batch, into the working copy), under identifiers made from its texts.
  ///
  /// `FILE` `-` is standard input, in `format`, or when nil the one its first byte suggests
  /// (`standardInputFormat(of:)`). A collapsed leaf PARENT opens on what it got, as
  /// `append --titled … to` opens it.
  ///
  /// - Throws: `io` for a file that cannot be read or parsed; `unknownParent`/`unknownItem` for
  ///   a place that does not exist. Either way nothing changes.
  /// - Complexity: O(*k* log *n*) for *k* imported items.
  func importOutline(
    from path: String, at place: Command.ImportPlace, as format: OutlineFormat?,
    into outcome: inout Outcome
  ) throws(CommandError) {
    switch place {
    case .end: break
    case .into(let parent): try requireParent(parent)
    case .before(let item), .after(let item): try requireItem(item)
    }
    let read: (document: OutlineDocument, version: FileVersion?)
    if path == "-" {
      read = (try standardInputDocument(as: format), nil)
    } else if format == nil || format == .native {
      read = try nativeDocument(path, verb: "import")
    } else {
      read = try readDocument(path, as: format ?? .native, verb: "import")
    }
    let document = read.document
    var allocator = IdentifierAllocator { [self] in isTaken($0) }
    let (imported, titled) = Self.outline(of: document, allocator: &allocator)
    // A collapsed leaf imported into opens on its first children (`Session+Opening.swift`).
    var held = HeldItems()
    var opening: String?
    if case .into(let parent) = place, imported.count > 0 {
      opening = self.opening(parent, in: outline, held: &held)
    }
    outcome.transaction = try edit { outline throws(SnapshotError) in
      switch place {
      case .end:
        if let last = outline.rootItems.last {
          try outline.insert(imported, after: last)
        } else {
          outline = imported
        }
      case .into(let parent):
        if let last = try outline.snapshot(of: parent).rootItems.last {
          try outline.insert(imported, after: last)
        } else {
          try outline.replace(childrenOf: parent, using: imported)
        }
      case .before(let item): try outline.insert(imported, before: item)
      case .after(let item): try outline.insert(imported, after: item)
      }
      if let opening { outline.expand([opening]) }
    }
    contents.reserve(titled.count)
    for (item, content) in titled { contents[item] = content }
    // The first item added is the current item, not the parent or anchor the command named.
    if imported.count > 0 { madeItem = imported.item(at: 0) }
    outcome.note = Self.readNote(
      "imported \(Self.count(imported.count, "item")) from \(Quoting.word(path))",
      document: document, allocator: allocator)
    noteHeld(held, in: &outcome)
    outcome.warnings = remember(document.losses, readFrom: path, verb: "importing")
    if let version = read.version { remember(version) }
  }

  /// `export FILE [ITEM]` and `save FILE` in an outline format: the current section, or ITEM's
  /// subtree, written atomically (`-`: into the outcome, for standard output).
  ///
  /// Titles are written as the texts, OPML attributes and the section's head as they were read.
  /// What could make the write drop something is refused first, unless `force`
  /// (`outlineFile(to:item:as:verb:force:)`); once written, the file holds what the session
  /// wrote, and a later write needs no `force`.
  ///
  /// - Throws: `unknownItem` for ITEM; `io` when the outline cannot be written in the format
  ///   (too deep for it, say), the file cannot be written, or the write is refused; nothing is
  ///   written then.
  /// - Complexity: O(*n*) in the items written.
  func exportOutline(
    to path: String, item: String?, as format: OutlineFormat, verb: String, force: Bool = false,
    into outcome: inout Outcome
  ) throws(CommandError) {
    let file = try outlineFile(to: path, item: item, as: format, verb: verb, force: force)
    outcome.warnings = file.warnings
    if path == "-" {
      outcome.result = .file(String(decoding: file.bytes, as: UTF8.self))
      return
    }
    try write(file)
    outcome.note = file.note
  }

  /// An outline file ready to be written: its bytes, with what the write says.
  struct OutlineFile {
    var path: String
    var verb: String
    var bytes: [UInt8]
    /// `saved 7 items of section main to todo.md as markdown`.
    var note: String
    /// What the file does not hold of the outline (`UnwrittenAttributes.warning(path:)`).
    var warnings: [String]
  }

  /// The bytes `export FILE [ITEM]` or `save FILE` (`verb`) would write for the current
  /// section, or ITEM's subtree, in `format`, after every check that could refuse it; nothing
  /// is written.
  ///
  /// Unless `force`, refused: a file that changed on disk since the session read or wrote it, or
  /// whose last read lost something (`refuseOverwritingChanges(of:verb:force:)`,
  /// `refuseOverwritingLosses(of:verb:force:)`); anything the format cannot hold (an item's
  /// code block in OPML, an attribute in Markdown, a note in text, an OPML file's head in
  /// Markdown: `unheldContent(of:in:verb:converting:readFromOPML:whole:)`). With `force`, the
  /// attributes dropped are named in a warning (`UnwrittenAttributes`). An item a refusal names
  /// is named by its row.
  ///
  /// - Throws: `unknownItem` for ITEM; `io` for a refusal or an outline the format cannot
  ///   write (too deep for it, say).
  /// - Complexity: O(*n*) in the items written.
  func outlineFile(
    to path: String, item: String?, as format: OutlineFormat, verb: String, force: Bool
  ) throws(CommandError) -> OutlineFile {
    if let item { try requireItem(item) }
    if path != "-" {
      try refuseOverwritingChanges(of: path, verb: verb, force: force)
      try refuseOverwritingLosses(of: path, verb: verb, force: force)
    }
    let bytes: [UInt8]
    let count: Int
    var warnings: [String] = []
    let written = try subtree(item)
    if format == .native {
      var kept = contents
      if item != nil { kept.heads = [:] }
      let file = SaveFile(
        section: section, sections: [(section, written)], rules: item == nil ? rules.rules : [],
        snapshots: [], contents: kept, flat: Snapshot())
      bytes = file.bytes
      count = written.count
    } else {
      var document = self.document(of: written, withHead: item == nil)
      var converting: SourceText?
      if let source = contents.sources[section] {
        if source.format == format {
          document.source = source
          document.isWhole = item == nil
        } else {
          converting = source
        }
      }
      let readFromOPML =
        contents.heads[section]?.contains { $0.name.hasPrefix(OPMLDocumentSource.fieldPrefix) }
        ?? false
      if !force,
        let problem = Self.unheldContent(
          of: document, in: format, verb: verb, converting: converting,
          readFromOPML: readFromOPML, whole: item == nil)
      {
        throw CommandError(
          because: .cannotUseFile(
            verb: verb, path: path, reason: message(of: problem, writing: written)))
      }
      do {
        bytes = try format.write(document)
      } catch {
        throw CommandError(
          because: .cannotUseFile(
            verb: verb, path: path, reason: message(of: error, writing: written)))
      }
      count = document.nodes.count
      // Without `force`, what the format does not write was refused above.
      if force, let unwritten = UnwrittenAttributes(of: document, in: format) {
        warnings = [unwritten.warning(path: path)]
      }
    }
    let note =
      "\(verb == "save" ? "saved" : "exported") \(Self.count(count, "item")) "
      + (item.map { "of \(Quoting.word($0))'s subtree " } ?? "of section \(Quoting.word(section)) ")
      + "to \(Quoting.word(path)) as \(format.rawValue)"
    return OutlineFile(path: path, verb: verb, bytes: bytes, note: note, warnings: warnings)
  }

  /// Writes `file` atomically, and remembers what it holds.
  ///
  /// - Throws: `io` when the file cannot be written; it is as it was then.
  func write(_ file: OutlineFile) throws(CommandError) {
    do {
      try fileSystem.replace(file.path, with: file.bytes)
    } catch {
      throw CommandError(
        because: .cannotUseFile(verb: file.verb, path: file.path, reason: error.reason))
    }
    forgetLosses(of: file.path)
    remember(written: file.bytes, to: file.path, verb: file.verb)
  }

  // MARK: Documents

  /// The current outline, or `item`'s subtree with `item` as its one root.
  private func subtree(_ item: String?) throws(CommandError) -> SectionSnapshot<String> {
    guard let item else { return outline }
    do {
      return try outline.snapshot(of: item, includingParent: true)
    } catch {
      throw failure(error)
    }
  }

  /// The document of `outline`: titles as texts, each item's attributes, its expansion, its
  /// node in the section's file or in another file it came from (`foreign`), and the
  /// section's head when `withHead`.
  private func document(of outline: SectionSnapshot<String>, withHead: Bool) -> OutlineDocument {
    var document = OutlineDocument()
    document.nodes.reserveCapacity(outline.count)
    let items = contents.items
    let source = contents.sources[section]
    outline.forEachRow { row in
      // No lookup when no item has content of its own (an outline built by commands).
      let content = items.isEmpty ? nil : items[row.item]
      document.nodes.append(
        OutlineDocument.Node(
          level: row.level, text: content?.title ?? row.item,
          attributes: content?.attributes ?? [], expanded: row.isExpanded,
          hasText: !(content?.hasNoTextAttribute ?? false),
          textPosition: content?.textPosition ?? 0, source: content?.opml))
      if let content, let node = content.sourceNode, let file = content.sourceFile?.text {
        // A node of the section's file, or of another file the item came from.
        document.nodes[document.nodes.count - 1].sourceNode = node
        document.nodes[document.nodes.count - 1].copiesSourceNode = content.copiesSourceNode
        if file !== source {
          document.foreign.append(.init(index: document.nodes.count - 1, file: file))
        }
      }
      return true
    }
    if withHead {
      let head = contents.heads[section] ?? []
      document.opml = OPMLDocumentSource(fields: head)
      for field in head {
        if field.name == Self.expansionBaseField {
          document.expansionBase = field.value == "0" ? 0 : 1
          continue
        }
        if field.name == Self.expansionLeavesField {
          document.expansionLeaves = field.value != "0"
          continue
        }
        if field.name.hasPrefix(OPMLDocumentSource.fieldPrefix) { continue }
        let attribute = Attribute(
          name: String(field.name.drop { $0 == "@" }), value: field.value)
        if field.name.hasPrefix("@") {
          document.opmlAttributes.append(attribute)
        } else {
          document.head.append(attribute)
        }
      }
    }
    return document
  }

  /// Reads `path` as an outline file of `format`, with the version of the file read, for the
  /// command to remember once it succeeds (`remember(_:)`).
  func readDocument(_ path: String, as format: OutlineFormat, verb: String)
    throws(CommandError) -> (document: OutlineDocument, version: FileVersion)
  {
    let (bytes, version) = try readFile(path, verb: verb)
    do {
      return (try format.read(bytes), version)
    } catch {
      throw CommandError(because: .cannotUseFile(verb: verb, path: path, reason: error.message))
    }
  }

  /// The current section of a native save file, as a document: its items' identifiers as
  /// texts, levels and expansion; with the version of the file read, as `readDocument`.
  func nativeDocument(_ path: String, verb: String) throws(CommandError)
    -> (document: OutlineDocument, version: FileVersion)
  {
    let (bytes, version) = try readFile(path, verb: verb)
    let file: SaveFile
    do {
      file = try SaveFile(reading: bytes)
    } catch {
      throw CommandError(because: .cannotUseFile(verb: verb, path: path, reason: error.message))
    }
    return (Self.document(ofSaveFile: file), version)
  }

  /// The current section of a save file as a document: its items' titles as texts, levels,
  /// attributes and expansion.
  ///
  /// - Complexity: O(*n*) in the section's items.
  static func document(ofSaveFile file: SaveFile) -> OutlineDocument {
    var document = OutlineDocument(losses: Self.losses(importing: file))
    let outline = file.sections.first { $0.name == file.section }?.outline ?? SectionSnapshot()
    for row in outline.rows {
      let content = file.contents[row.item]
      document.nodes.append(
        OutlineDocument.Node(
          level: row.level, text: content.title ?? row.item, attributes: content.attributes,
          expanded: row.isExpanded, hasText: !content.hasNoTextAttribute,
          textPosition: content.textPosition, source: content.opml))
    }
    return document
  }

  /// What importing a save file's current section leaves out of the section: the file's other
  /// sections, its rules and kept snapshots, and the section's head; a save over the file would
  /// drop them.
  private static func losses(importing file: SaveFile) -> [FormatLoss] {
    var losses: [FormatLoss] = []
    func add(_ count: Int, _ singular: String, _ plural: String, _ what: String) {
      guard count > 0 else { return }
      losses.append(
        FormatLoss(
          count: count, singular, plural, line: nil,
          detail: "\(FormatLoss.grouped(count)) \(count == 1 ? singular : plural) of the save "
            + "file \(count == 1 ? "is" : "are") not imported\(what)"))
    }
    add(file.sections.count - 1, "other section", "other sections", "")
    add(file.rules.count, "rule", "rules", "")
    add(file.snapshots.count, "kept snapshot", "kept snapshots", "")
    add(
      file.contents.heads[file.section]?.filter { !$0.name.hasPrefix("#") }.count ?? 0,
      "head field", "head fields",
      " (the imported section's)")
    return losses
  }

  /// The identifier an item with an empty text gets (suffixed where taken, like any other):
  /// an empty identifier cannot be typed or told apart in a command.
  static let untitled = "untitled"

  /// The outline a document describes, built in one pass, with identifiers from `allocator`
  /// and the contents of the items whose identifier is not their text or that have attributes.
  ///
  /// A node with an empty text (OPML's `text=""`, an OPML `<outline>` with neither `text` nor
  /// `title`, an empty list item) keeps the empty title under the identifier `untitled`.
  ///
  /// - Complexity: O(*n*) expected in the nodes: one pass, and the snapshot built from its
  ///   pre-order rows.
  static func outline(of document: OutlineDocument, allocator: inout IdentifierAllocator)
    -> (SectionSnapshot<String>, [(String, ItemContent)])
  {
    let rows = Self.rows(of: document, allocator: &allocator)
    return (rows.snapshot(), rows.titled)
  }

  /// A document's outline as pre-order rows, before its snapshot is built: so that `load` can
  /// let the document's nodes go first.
  struct DocumentRows {
    var items: [String] = []
    var levels: [Int32] = []
    var expanded: [Bool] = []
    /// The items whose identifier is not their text or that have attributes, with their
    /// contents.
    var titled: [(String, ItemContent)] = []

    /// The rows' section snapshot.
    ///
    /// - Complexity: O(*n*) expected in the rows.
    func snapshot() -> SectionSnapshot<String> {
      // Every identifier is new and the levels describe a forest: this cannot fail.
      (try? SectionSnapshot(preorder: items, levels: levels, expanded: expanded))
        ?? SectionSnapshot()
    }
  }

  /// The rows of `outline(of:allocator:)`, its snapshot not yet built.
  ///
  /// - Complexity: O(*n*) expected in the nodes: one pass.
  static func rows(of document: OutlineDocument, allocator: inout IdentifierAllocator)
    -> DocumentRows
  {
    var titled: [(String, ItemContent)] = []
    let file = document.source.map(SourceFile.init)
    var items: [String] = []
    var levels: [Int32] = []
    var expanded: [Bool] = []
    items.reserveCapacity(document.nodes.count)
    levels.reserveCapacity(document.nodes.count)
    expanded.reserveCapacity(document.nodes.count)
    // Every item of a kept file has a content: its node, or its OPML markup.
    if document.source != nil || document.opml != nil {
      titled.reserveCapacity(document.nodes.count)
    }
    allocator.reserve(document.nodes.count)
    var previous: Int32 = -1
    for index in document.nodes.indices {
      let text = document.nodes[index].text
      let item = allocator.identifier(for: text.isEmpty ? Self.untitled : text)
      items.append(item)
      // The readers give pre-order levels; a deeper jump would hang under the item before.
      previous = min(Int32(max(document.nodes[index].level, 0)), previous + 1)
      levels.append(previous)
      expanded.append(document.nodes[index].expanded)
      if item != text || document.nodes[index].hasContent {
        titled.append((item, ItemContent(document.nodes[index], as: item, in: file)))
      }
    }
    return DocumentRows(items: items, levels: levels, expanded: expanded, titled: titled)
  }

  /// The section head to keep for `document`: its `<head>` fields, then its `<opml>` element's
  /// attributes (`version` among them, so that export keeps a file's version) under names
  /// starting with `@`, `#expansionBase` when its `expansionState` counted from 0,
  /// `#expansionLeaves` when it named parents only, and the
  /// file's markup (`OPMLDocumentSource.fields`, named `#opml.…`); nil when there are none.
  static func head(of document: OutlineDocument) -> [Attribute]? {
    // With the file's markup kept, a field name once is enough (the save file's head is an
    // object, whose keys do not repeat).
    var seen: Set<String> = []
    let head =
      document.opml == nil ? document.head : document.head.filter { seen.insert($0.name).inserted }
    let fields =
      head
      + document.opmlAttributes.map { Attribute(name: "@" + $0.name, value: $0.value) }
      + (document.expansionBase == 0 ? [Attribute(name: expansionBaseField, value: "0")] : [])
      + (document.expansionLeaves ? [] : [Attribute(name: expansionLeavesField, value: "0")])
      + (document.opml?.fields ?? [])
    return fields.isEmpty ? nil : fields
  }

  /// The head field that says a file's `expansionState` counted lines from 0 (from 1 without
  /// it), so that export writes it back that way: a name no XML element can have, so no file's
  /// field is taken for it.
  static let expansionBaseField = "#expansionBase"

  /// The head field that says a file's `expansionState` named parents only (leaves too
  /// without it), so that a list written again names parents only (`ExpansionState.written`).
  static let expansionLeavesField = "#expansionLeaves"

  /// `loaded 12 items from notes.opml`, then the suffixed identifiers and the reader's notes,
  /// one a line.
  static func readNote(
    _ summary: String, document: OutlineDocument, allocator: IdentifierAllocator
  ) -> String {
    ([summary] + (allocator.note.map { [$0] } ?? []) + document.notes).joined(separator: "\n")
  }
}
