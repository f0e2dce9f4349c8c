import Diffable

extension SaveFile {
  /// Reads and checks a save file, version 3, 2 or 1: all of it, before anything uses it.
  ///
  /// One pass over the bytes reads the JSON (`JSONReader`: syntax, escapes, UTF-8, a repeated
  /// key in any object) into the file's outlines; then, in order: `format` and `version`, the
  /// section names are unique, each section's items are unique and form an outline (versions 2
  /// and 3:
  /// the first item's level is 0 and no level is more than one deeper than the level before;
  /// version 1: each item's parent comes before it), identifiers are unique across sections,
  /// every rule parses, the current section is one of the sections, the kept snapshots'
  /// names are unique and each forms an outline, and (version 3) each item's other file is
  /// one of `files` and has its node.
  ///
  /// - Throws: A message naming the first problem and where it is
  ///   (`sections[0].items[3]: level 3 is more than one deeper than the item before (level 1)`).
  /// - Complexity: O(*n*) expected for versions 2 and 3, where *n* is the size of the file;
  ///   O(*n* log *n*) for version 1, whose items are appended to their parents one by one.
  init(reading bytes: [UInt8]) throws(LoadProblem) {
    let raw = try bytes.withUnsafeBufferPointer { buffer throws(LoadProblem) in
      var reader = JSONReader(buffer)
      // A byte-order mark an editor put first is not JSON; RFC 8259 lets a reader ignore it.
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
      let raw = try RawFile(reading: &reader)
      try reader.end()
      return raw
    }
    guard raw.format == Self.format else {
      throw LoadProblem("\"format\" is \(quoted(raw.format)), not \"outline\"")
    }
    guard Self.versions.contains(raw.version) else {
      throw LoadProblem(
        "version \(raw.version) is not supported (this outline reads versions 1 to 3)")
    }
    let version = raw.version
    var seenSections: Set<String> = []
    var sections: [(name: String, outline: SectionSnapshot<String>)] = []
    var owners: [String: String] = [:]  // item → its section: version 1, or to name a repeat
    var contents = Contents()
    for (index, section) in raw.sections.enumerated() {
      let place = "sections[\(index)]"
      guard seenSections.insert(section.name).inserted else {
        throw LoadProblem("\(place): section \(Quoting.word(section.name)) appears twice")
      }
      if version == 1 { try Self.checkUnique(section, at: place, owners: &owners) }
      sections.append((section.name, try Self.outline(section, version: version, at: place)))
      let source = try Self.source(section, at: place)
      let file = source.map(SourceFile.init)
      contents.reserve(section.contents.count)
      for (item, var content) in section.contents {
        if content.sourceNode != nil { content.sourceFile = file }
        contents[section.items[item]] = content
      }
      if !section.head.isEmpty { contents.heads[section.name] = section.head }
      if let source { contents.sources[section.name] = source }
    }
    guard !sections.isEmpty else { throw LoadProblem("\"sections\" is empty") }
    try Self.assignFiles(raw, to: &contents)
    // The flat snapshot checks that no item is in two sections (one hash of each item, none for
    // one section); only when it finds one are the sections scanned again, to name the place.
    let flat: Snapshot<String, String>
    do {
      flat = try Snapshot(sectionSnapshots: sections)
    } catch {
      owners = [:]
      for (index, section) in raw.sections.enumerated() {
        try Self.checkUnique(section, at: "sections[\(index)]", owners: &owners)
      }
      throw LoadProblem(error.message)
    }
    guard seenSections.contains(raw.section) else {
      throw LoadProblem("the current section \(Quoting.word(raw.section)) is not in \"sections\"")
    }
    var rules: [Command.Rule] = []
    for (index, text) in raw.rules.enumerated() {
      guard case .rules(.add(let rule)) = try? CommandParser.parse(command: "rule " + text) else {
        throw LoadProblem("rules[\(index)]: \(quoted(text)) is not a rule")
      }
      rules.append(rule)
    }
    var snapshots: [(name: String, outline: SectionSnapshot<String>)] = []
    var seenNames: Set<String> = []
    for (index, snapshot) in raw.snapshots.enumerated() {
      guard seenNames.insert(snapshot.name).inserted else {
        throw LoadProblem("snapshots[\(index)]: \(Quoting.reference(snapshot.name)) appears twice")
      }
      snapshots.append(
        (snapshot.name, try Self.outline(snapshot, version: version, at: "snapshots[\(index)]")))
    }
    self.init(
      section: raw.section, sections: sections, rules: rules, snapshots: snapshots,
      contents: contents, flat: flat)
  }

  /// The versions `load` reads.
  static let versions = 1...3

  /// Checks that no item of `section` comes twice in it or is in an earlier section (`owners`,
  /// which it extends).
  ///
  /// - Complexity: O(*k*) expected, where *k* is the number of items in `section`.
  private static func checkUnique(
    _ section: RawOutline, at place: String, owners: inout [String: String]
  ) throws(LoadProblem) {
    for (index, item) in section.items.enumerated() {
      if let other = owners.updateValue(section.name, forKey: item) {
        throw LoadProblem(
          "\(place).items[\(index)]: item \(Quoting.word(item)) appears "
            + (other == section.name
              ? "twice in section \(Quoting.word(other))"
              : "in sections \(Quoting.word(other)) and \(Quoting.word(section.name))"))
      }
    }
  }

  /// Builds one outline: from its levels in one pass (version 2), or by appending each item to
  /// its parent in file order (version 1).
  private static func outline(_ raw: RawOutline, version: Int, at place: String)
    throws(LoadProblem) -> SectionSnapshot<String>
  {
    guard version >= 2 else { return try outlineFromParents(raw, at: place) }
    var previous: Int32 = -1
    for (index, level) in raw.levels.enumerated() {
      guard level >= 0 else { throw LoadProblem("\(place).items[\(index)]: \"level\" is missing") }
      guard level <= previous + 1 else {
        throw LoadProblem(
          index == 0
            ? "\(place).items[0]: the first item's level is \(level), not 0"
            : "\(place).items[\(index)]: level \(level) is more than one deeper than the item "
              + "before (level \(previous))")
      }
      previous = level
    }
    do {
      return try SectionSnapshot(preorder: raw.items, levels: raw.levels, expanded: raw.expanded)
    } catch {
      // Find the first item that repeats an earlier one, to name its place.
      var seen: Set<String> = []
      let index = raw.items.firstIndex { !seen.insert($0).inserted } ?? 0
      let item = raw.items[index]
      throw LoadProblem(
        "\(place).items[\(index)]: "
          + (place.hasPrefix("sections")
            ? "item \(Quoting.word(item)) appears twice in section \(Quoting.word(raw.name))"
            : SnapshotError.duplicateItems([item]).message))
    }
  }

  /// Builds a version 1 outline, each item appended to its parent in file order.
  ///
  /// A hand-edited file whose children are not right after their parent is still read.
  private static func outlineFromParents(_ raw: RawOutline, at place: String)
    throws(LoadProblem) -> SectionSnapshot<String>
  {
    var outline = SectionSnapshot<String>()
    var expanded: [String] = []
    for (index, item) in raw.items.enumerated() {
      let parent = raw.parent(at: index)
      if let parent, !outline.contains(parent) {
        throw LoadProblem(
          "\(place).items[\(index)]: parent \(Quoting.word(parent)) does not come before "
            + Quoting.word(item))
      }
      do {
        try outline.append([item], to: parent)
      } catch {
        throw LoadProblem("\(place).items[\(index)]: \(error.message)")
      }
      if raw.expanded[index] { expanded.append(item) }
    }
    outline.expand(expanded)
    return outline
  }

  /// The Markdown or text file a section was read from, read again from the text the save file
  /// keeps; nil when it keeps none.
  ///
  /// - Throws: A problem naming the place when the format is not Markdown or text, the text
  ///   does not read, or an item names a node the file does not have.
  private static func source(_ section: RawOutline, at place: String) throws(LoadProblem)
    -> SourceText?
  {
    guard let (name, text) = section.source else { return nil }
    let source = try read(text, as: name, at: place + ".source")
    // An item of another file (`"file"`) is checked against that file (`assignFiles`).
    var others = Set<Int>()
    for (index, _) in section.files { others.insert(index) }
    for (index, content) in section.contents where !others.contains(index) {
      if let node = content.sourceNode, node < 0 || node >= source.nodes.count {
        let key = content.copiesSourceNode ? "copyOf" : "node"
        throw LoadProblem(
          "\(place).items[\(index)].\(key): \(node) is not a line of the section's source (it has "
            + "\(source.nodes.count) items)")
      }
    }
    return source
  }

  /// The Markdown or text file `text` holds, read as the format `name` names.
  ///
  /// - Throws: A problem naming `place` when the format is not Markdown or text, or the text
  ///   does not read.
  /// - Complexity: O(*b*) in the bytes of the text.
  private static func read(_ text: String, as name: String, at place: String)
    throws(LoadProblem) -> SourceText
  {
    guard let format = OutlineFormat(name: name), format == .markdown || format == .text else {
      throw LoadProblem("\(place).format: \(quoted(name)) is not markdown or text")
    }
    do {
      guard let read = try format.read(Array(text.utf8)).source else {
        throw LoadProblem("\(place): the text does not read as \(name)")
      }
      return read
    } catch let problem as FormatProblem {
      throw LoadProblem("\(place).text: \(problem.message)")
    } catch let problem as LoadProblem {
      throw problem
    } catch {
      throw LoadProblem("\(place).text: \(error)")
    }
  }

  /// Gives each item that names another file (`"file": K`, version 3) that file as its
  /// `sourceFile`: the text `files[K]` holds, read once, or the source of the section it names.
  ///
  /// - Throws: A problem naming the place when a file's entry does not read, names a section
  ///   with no source, or an item names a file or a node that is not there.
  /// - Complexity: O(*b* + *k*) in the bytes of the files and the items that name one.
  private static func assignFiles(_ raw: RawFile, to contents: inout Contents)
    throws(LoadProblem)
  {
    guard raw.sections.contains(where: { !$0.files.isEmpty }) else { return }
    var files: [SourceText] = []
    for (index, entry) in raw.files.enumerated() {
      let place = "files[\(index)]"
      switch entry {
      case .section(let name):
        guard let source = contents.sources[name] else {
          throw LoadProblem("\(place).section: section \(Quoting.word(name)) has no source")
        }
        files.append(source)
      case .text(let format, let text):
        files.append(try read(text, as: format, at: place))
      }
    }
    for (number, section) in raw.sections.enumerated() {
      for (index, file) in section.files {
        let place = "sections[\(number)].items[\(index)]"
        guard file < files.count else {
          throw LoadProblem(
            "\(place).file: \(file) is not one of \"files\" (it has \(files.count))")
        }
        let item = section.items[index]
        var content = contents[item]
        guard let node = content.sourceNode, node >= 0, node < files[file].nodes.count else {
          let key = content.copiesSourceNode ? "copyOf" : "node"
          let count = files[file].nodes.count
          throw LoadProblem(
            "\(place).\(key): \(content.sourceNode ?? -1) is not a line of files[\(file)] (it "
              + "has \(count) \(count == 1 ? "item" : "items"))")
        }
        content.sourceFile = SourceFile(files[file])
        contents[item] = content
      }
    }
  }
}

/// Why a save file cannot be loaded.
struct LoadProblem: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
