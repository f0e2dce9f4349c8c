import Diffable

extension ReferenceSession {
  /// Runs `command` on `self`, which `run` throws away when this throws.
  ///
  /// - Returns: The answer of a query, nil for other commands.
  mutating func execute(_ command: ReferenceCommand) throws(Failure) -> Answer? {
    if batch != nil, command.isUserInteraction { throw Failure(.refused) }
    switch command {
    case .append, .insert, .insertKept, .delete, .deleteAll, .childSnapshot, .replaceChildren:
      return try executeEditing(command)
    case .expand(let items, let force):
      try toggle(items, expanding: true, force: force)
    case .collapse(let items, let force):
      try toggle(items, expanding: false, force: force)
    case .move, .drag, .indent, .outdent:
      try executeReordering(command)
    case .reorderEach(let items, let reordering):
      try reorderEach(items, reordering)
    case .all, .depth, .reveal, .shift, .rename:
      try executeOutliner(command)
    case .find(let pattern):
      // The man page: "the first match becomes the current item".
      let found = view.items.filter { matches(pattern, $0) }
      made = found.first
      return .items(found)
    case .focus, .unfocus:
      try executeFocus(command)
    case .filter, .duplicate, .sort:
      try executeTitled(command)
    case .search(let pattern, let regex, let scope, let filtering):
      return try search(pattern, regex: regex, scope: scope, filtering: filtering)
    case .note, .attr:
      return try executeContent(command)
    case .cut, .copy, .paste, .duplicateEach:
      try executeClipboard(command)
    case .rule(let rule):
      rules.append(rule)
    case .rules:
      return .lineCount(rules.count)
    case .removeRule(let number):
      guard number >= 1, number <= rules.count else { throw Failure(.unknownItem) }
      rules.remove(at: number - 1)
    case .clearRules:
      rules = []
    case .list, .query, .count, .show, .describe, .sections:
      return try executeQuery(command)
    case .sectionAdd, .sectionUse, .sectionDelete, .sectionMove:
      try executeSection(command)
    case .begin, .apply, .discard:
      try executeBatch(command)
    case .undo, .redo:
      try step(back: command == .undo)
    case .last:
      break
    case .log:
      return .lineCount(history.count)
    case .save(let named):
      guard batch == nil else { throw Failure(.refused) }
      // "With no FILE, save writes the current section's file … A section with no file makes
      // it a syntax error that changes nothing."
      guard let name = named ?? sectionFiles[current] else { throw Failure(.syntax) }
      files[name] = Saved(sections: sections, current: current, rules: rules, kept: kept)
      sectionFiles[current] = name
    case .load(let name):
      guard batch == nil else { throw Failure(.refused) }
      guard let saved = files[name] else { throw Failure(.io) }
      sections = saved.sections
      current = saved.current
      rules = saved.rules
      kept = saved.kept
      // "A native file loaded is the file of every section it holds."
      sectionFiles = Dictionary(uniqueKeysWithValues: sections.map { ($0.name, name) })
    case .say(let words):
      return .text(words.joined(separator: " "))
    case .expectList, .expectParent, .expectLevel, .expectError:
      try check(command)
    case .appendItems, .insertItems, .deleteItems, .moveItem, .reloadItems, .reloadSections:
      try executeFlat(command)
    case .applyReloadingData:
      try applyReloadingData()
    case .atCurrentItem(let use):
      // `.` is resolved before the command runs, in the outline the command sees.
      guard let item = currentItem, outline.contains(item) else { throw Failure(.unknownItem) }
      let answer = try execute(inFocus(use.command(naming: item)))
      made = made ?? item
      return answer
    case .raw(_, let code):
      if let code { throw Failure(code) }
    }
    return nil
  }

  /// `append`, `insert`, `delete`, `delete-all`, `child-snapshot`, `replace-children`.
  mutating func executeEditing(_ command: ReferenceCommand) throws(Failure) -> Answer? {
    var edited = outline
    switch command {
    case .append(let items, let parent):
      try attempt { () throws(SnapshotError) in try edited.append(items, to: parent) }
    case .insert(let items, .before(let anchor)):
      try attempt { () throws(SnapshotError) in try edited.insert(items, before: anchor) }
    case .insert(let items, .after(let anchor)):
      try attempt { () throws(SnapshotError) in try edited.insert(items, after: anchor) }
    case .insertKept(let name, let place):
      guard let snapshot = kept[name] else { throw Failure(.unknownItem) }
      try attempt { () throws(SnapshotError) in
        switch place {
        case .before(let anchor): try edited.insert(snapshot, before: anchor)
        case .after(let anchor): try edited.insert(snapshot, after: anchor)
        }
      }
      // What it added comes first: the current item is the snapshot's first item.
      made = snapshot.items.first
    case .delete(let items):
      try attempt { () throws(SnapshotError) in try edited.delete(items) }
    case .deleteAll:
      edited.deleteAll()
    case .childSnapshot(let parent, let includingParent, let name):
      let child = try attempt { () throws(SnapshotError) in
        try edited.snapshot(of: parent, includingParent: includingParent)
      }
      if let name { kept[name] = child }
      return .lines(child.visualDescriptionLines())
    case .replaceChildren(let parent, let name):
      guard let snapshot = kept[name] else { throw Failure(.unknownItem) }
      // The man page: a collapsed PARENT that had no children opens on them in the same
      // apply, unless a `no-expand` rule names it.
      let opens =
        !snapshot.items.isEmpty && (try? edited.hasChildren(parent)) == false
        && (try? edited.isExpanded(parent)) == false && allows(.noExpand, parent)
      try attempt { () throws(SnapshotError) in
        try edited.replace(childrenOf: parent, using: snapshot)
      }
      if opens { edited.expand([parent]) }
      made = snapshot.items.first
    default:
      preconditionFailure("not an editing command: \(command)")
    }
    try commit(edited)
    return nil
  }

  /// The queries, on the working copy in a batch.
  func executeQuery(_ command: ReferenceCommand) throws(Failure) -> Answer? {
    let outline = outline
    switch command {
    case .list(let list): return .items(viewItems(list))
    case .count: return .number(view.count)
    case .show(let visibleOnly):
      return .lineCount(visibleOnly ? viewVisibleItems.count : view.count)
    case .describe: return .lines(view.visualDescriptionLines())
    case .sections: return .items(sectionNames)
    case .query(let query, let item):
      switch query {
      case .parent:
        return .item(try attempt { () throws(SnapshotError) in try outline.parent(of: item) })
      case .level:
        return .number(try attempt { () throws(SnapshotError) in try outline.level(of: item) })
      case .index:
        return outline.index(of: item).map { .number($0) } ?? .item(nil)
      case .isExpanded:
        return .bool(try attempt { () throws(SnapshotError) in try outline.isExpanded(item) })
      case .isVisible:
        return .bool(try attempt { () throws(SnapshotError) in try outline.isVisible(item) })
      case .contains:
        return .bool(outline.contains(item))
      }
    default:
      preconditionFailure("not a query: \(command)")
    }
  }

  /// One of `outline`'s lists.
  public static func items(_ list: ReferenceCommand.List, of outline: ReferenceOutline<String>)
    -> [String]
  {
    switch list {
    case .items: return outline.items
    case .visible: return outline.visibleItems
    case .roots: return outline.rootItems
    case .expanded: return outline.expandedItems
    }
  }

  /// `section add|use|delete|move`, refused in a batch.
  mutating func executeSection(_ command: ReferenceCommand) throws(Failure) {
    guard batch == nil else { throw Failure(.refused) }
    switch command {
    case .sectionAdd(let names):
      for (offset, name) in names.enumerated()
      where position(of: name) != nil || names[..<offset].contains(name) {
        throw Failure(.duplicateSection)
      }
      sections += names.map { Section(name: $0) }
      for name in names { sectionFiles[name] = nil }
    case .sectionUse(let name):
      guard position(of: name) != nil else { throw Failure(.unknownSection) }
      current = name
    case .sectionDelete(let name):
      guard let index = position(of: name) else { throw Failure(.unknownSection) }
      sections.remove(at: index)
      if sections.isEmpty { sections = [Section(name: "main")] }
      if name == current { current = sections[0].name }
    case .sectionMove(let name, let place):
      let other: String
      switch place {
      case .before(let anchor), .after(let anchor): other = anchor
      }
      guard let index = position(of: name) else { throw Failure(.unknownSection) }
      guard position(of: other) != nil else { throw Failure(.unknownSection) }
      guard name != other else { throw Failure(.invalidMove) }
      let moving = sections.remove(at: index)
      let anchor = position(of: other)!
      if case .before = place {
        sections.insert(moving, at: anchor)
      } else {
        sections.insert(moving, at: anchor + 1)
      }
    default:
      preconditionFailure("not a section command: \(command)")
    }
  }

  /// `begin [--empty]`, `apply`, `discard`.
  mutating func executeBatch(_ command: ReferenceCommand) throws(Failure) {
    switch command {
    case .begin(let empty):
      guard batch == nil else { throw Failure(.refused) }
      batchTitles = titles
      batchAttributes = attributes
      batch = empty ? ReferenceOutline() : outline
      batchFlat = nil
      batchEdited = false
      batchStartedEmpty = empty
    case .apply:
      guard let working = batch else { throw Failure(.refused) }
      if let flat = batchFlat {
        applyFlat(flat)
      } else {
        batch = nil
        try commit(working)
      }
      closeBatch()
    case .discard:
      guard batch != nil else { throw Failure(.refused) }
      closeBatch()
    default:
      preconditionFailure("not a batch command: \(command)")
    }
  }

  /// Forgets the open batch, whose changes went to the sections or were dropped.
  mutating func closeBatch() {
    batch = nil
    batchTitles = nil
    batchAttributes = nil
    batchFlat = nil
    batchEdited = false
    batchStartedEmpty = false
  }

  /// `apply` of a batch that flat snapshot commands edited: `flat` becomes the sections, each
  /// item keeping the content it has anywhere (the batch's section's as the batch left it).
  mutating func applyFlat(_ flat: [Section]) {
    var allTitles: [String: String] = [:]
    var allAttributes: [String: [Attribute]] = [:]
    for section in flat {
      allTitles.merge(section.titles) { first, _ in first }
      allAttributes.merge(section.attributes) { first, _ in first }
    }
    allTitles.merge(batchTitles ?? [:]) { _, batch in batch }
    allAttributes.merge(batchAttributes ?? [:]) { _, batch in batch }
    sections = flat
    for index in sections.indices {
      let outline = sections[index].outline
      sections[index].titles = allTitles.filter { outline.contains($0.key) }
      sections[index].attributes = allAttributes.filter { outline.contains($0.key) }
    }
  }

  /// `undo` (`back`) or `redo`: the sections and the current section before (after) the step;
  /// refused in a batch, nothing to do when there is no step.
  mutating func step(back: Bool) throws(Failure) {
    guard batch == nil else { throw Failure(.refused) }
    guard let step = back ? history.popLast() : undone.popLast() else { return }
    sections = back ? step.before : step.after
    let wanted = back ? step.sectionBefore : step.sectionAfter
    current = position(of: wanted) != nil ? wanted : sections[0].name
    if back { undone.append(step) } else { history.append(step) }
  }

  /// `expect …`: `expectationFailed` when the check does not hold.
  func check(_ command: ReferenceCommand) throws(Failure) {
    let outline = outline
    switch command {
    case .expectList(let list, let expected):
      guard viewItems(list) == expected else { throw Failure(.expectationFailed) }
    case .expectParent(let item, let expected):
      let actual = try attempt { () throws(SnapshotError) in try outline.parent(of: item) }
      guard actual == expected else { throw Failure(.expectationFailed) }
    case .expectLevel(let item, let expected):
      let actual = try attempt { () throws(SnapshotError) in try outline.level(of: item) }
      guard actual == expected else { throw Failure(.expectationFailed) }
    case .expectError(let inner):
      if let code = Self.parseFailure(of: .expectError(inner)) { throw Failure(code) }
      // A command that does not parse fails, changing nothing: what the expectation checks.
      if Self.parseFailure(of: inner) != nil { return }
      var scratch = self
      guard scratch.run(inner).code != nil else { throw Failure(.expectationFailed) }
    default:
      preconditionFailure("not an expectation: \(command)")
    }
  }

  /// The code of a command that does not parse: a line that fails as a whole, before anything
  /// runs, even after `expect error`.
  static func parseFailure(of command: ReferenceCommand) -> Code? {
    switch command {
    case .raw(_, let code?) where code == .syntax || code == .unknownCommand: return code
    // `--regex` patterns are read with the line.
    case .search(let pattern, regex: true, _, _) where !isRegex(pattern): return .syntax
    // After `expect error`, only what fails the line before a command is read: no command
    // (nothing, or a comment), and at any depth two commands or a quote the lexer cannot read.
    case .expectError(.raw(let text, let code?)) where isBlank(text) || failsAsALine(text):
      return code
    case .expectError(let inner): return lineFailure(of: inner)
    default: return nil
    }
  }

  /// The code of a line that fails as a whole however deep in `expect error`s it stands.
  static func lineFailure(of command: ReferenceCommand) -> Code? {
    switch command {
    case .raw(let text, let code?) where failsAsALine(text): return code
    case .expectError(let inner): return lineFailure(of: inner)
    default: return nil
    }
  }

  /// Whether `text` holds no command: nothing, or a comment.
  static func isBlank(_ text: String) -> Bool {
    let trimmed = text.drop { $0 == " " }
    return trimmed.isEmpty || trimmed.hasPrefix("#")
  }

  /// Whether `text` fails as a whole line wherever it stands: a `;` makes two commands, or a
  /// quote is left open or followed by a letter.
  static func failsAsALine(_ text: String) -> Bool {
    if text.contains(";") { return true }
    var quoted = false
    var escaped = false
    var closed = false
    for character in text {
      if closed, character != " " { return true }
      closed = false
      if escaped {
        escaped = false
      } else if quoted, character == "\\" {
        escaped = true
      } else if character == "\"" {
        closed = quoted
        quoted.toggle()
      }
    }
    return quoted
  }
}
