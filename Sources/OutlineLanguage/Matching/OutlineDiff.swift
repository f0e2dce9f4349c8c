import Diffable

/// What `diff FILE` and `diff FILE FILE2` answer: the transaction that turns one outline into
/// another, with the identifiers the matching rule gave (`OutlineMatching`), and the items whose
/// content changed, which the data source reconfigures rather than removing and inserting them.
///
/// ```swift
/// session.run("diff v2.md").result  // .diff(…): Aple reconfigured as "Apple", Drinks moved
/// ```
public struct OutlineDiff: Sendable {
  /// The data source's transaction from the old outline to the new one: rows, the section's
  /// items (moves associated) and the re-parented items; nil when no row and no item changed.
  public var transaction: Transaction<String, String>?
  /// The items of both outlines whose title, note or attributes changed, in the new outline's
  /// order.
  public var contentChanges: [ContentChange]

  /// Creates a diff.
  public init(transaction: Transaction<String, String>?, contentChanges: [ContentChange]) {
    self.transaction = transaction
    self.contentChanges = contentChanges
  }

  /// The items the data source reconfigures (`reconfigureItems(_:)`): those whose content
  /// changed.
  public var reconfigured: [String] { contentChanges.map(\.item) }

  /// Whether the outlines are the same: items, titles, structure and attributes (expansion
  /// aside, which a diff keeps as the old outline had it).
  public var isEmpty: Bool { transaction == nil && contentChanges.isEmpty }
}

extension OutlineDiff: Equatable, Hashable {
  /// Two diffs are equal when they change the same items the same way: equal final and initial
  /// section snapshots of every touched section, and equal content changes.
  public static func == (lhs: OutlineDiff, rhs: OutlineDiff) -> Bool {
    lhs.contentChanges == rhs.contentChanges
      && lhs.transaction?.initialSnapshot == rhs.transaction?.initialSnapshot
      && lhs.transaction?.finalSnapshot == rhs.transaction?.finalSnapshot
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(contentChanges)
    hasher.combine(transaction?.finalSnapshot.numberOfItems)
  }
}

/// How one item's content changed between two outlines, its identifier staying.
///
/// Its title, its note (OPML's `_note`, a Markdown item's paragraphs), its other attributes,
/// its other lines in a Markdown file (code blocks, tables, quotes: `SourceText.blockText`),
/// or several of them.
public struct ContentChange: Equatable, Hashable, Sendable {
  /// The item.
  public var item: String
  /// Its title before.
  public var oldTitle: String
  /// Its title after.
  public var newTitle: String
  /// The names of the attributes other than the note added, removed or given another value, in
  /// the order of the new attributes, then the removed ones.
  public var attributes: [String]
  /// Its note before, nil for none.
  public var oldNote: String?
  /// Its note after, nil for none.
  public var newNote: String?
  /// Its other lines in a Markdown file before (`SourceText.blockText`), nil for none.
  public var oldBlocks: String?
  /// Its other lines after, nil for none.
  public var newBlocks: String?

  /// Creates a change.
  public init(
    item: String, oldTitle: String, newTitle: String, attributes: [String] = [],
    oldNote: String? = nil, newNote: String? = nil, oldBlocks: String? = nil,
    newBlocks: String? = nil
  ) {
    self.item = item
    self.oldTitle = oldTitle
    self.newTitle = newTitle
    self.attributes = attributes
    self.oldNote = oldNote
    self.newNote = newNote
    self.oldBlocks = oldBlocks
    self.newBlocks = newBlocks
  }

  /// The change between two contents of `item`, or nil when its title, note, other attributes
  /// and other lines are the same.
  ///
  /// - Complexity: O(*a*) expected in the attributes, and O(*l*) in the bytes of the item's
  ///   other lines in the files it was read from.
  static func between(
    _ before: ItemContent, _ after: ItemContent, of item: String, oldTitle: String,
    newTitle: String
  ) -> ContentChange? {
    let note = OutlineDocument.noteAttribute
    let oldNote = before.attributes.first { $0.name == note }?.value
    let newNote = after.attributes.first { $0.name == note }?.value
    let changed = changedNames(
      before.attributes.filter { $0.name != note }, after.attributes.filter { $0.name != note })
    let oldBlocks = before.blockText
    let newBlocks = after.blockText
    guard
      oldTitle != newTitle || oldNote != newNote || !changed.isEmpty || oldBlocks != newBlocks
    else { return nil }
    return ContentChange(
      item: item, oldTitle: oldTitle, newTitle: newTitle, attributes: changed, oldNote: oldNote,
      newNote: newNote, oldBlocks: oldBlocks, newBlocks: newBlocks)
  }

  /// Whether the note changed.
  public var noteChanged: Bool { oldNote != newNote }

  /// Whether the item's other lines in a Markdown file changed.
  public var blocksChanged: Bool { oldBlocks != newBlocks }

  /// The names of the attributes that differ between `old` and `new`.
  ///
  /// - Complexity: O(*a*) expected in the attributes.
  static func changedNames(_ old: [Attribute], _ new: [Attribute]) -> [String] {
    guard old != new else { return [] }
    var before: [String: String] = [:]
    for attribute in old where before[attribute.name] == nil {
      before[attribute.name] = attribute.value
    }
    var names: [String] = []
    var seen: Set<String> = []
    for attribute in new where seen.insert(attribute.name).inserted {
      if before[attribute.name] != attribute.value { names.append(attribute.name) }
    }
    for attribute in old where seen.insert(attribute.name).inserted {
      names.append(attribute.name)
    }
    // The same names and values in another order: the order itself changed.
    return names.isEmpty ? ["(order)"] : names
  }

  /// The change for a person: `title Aple → Apple`, `note "ripe" → "ripe, from Spain"`,
  /// `attribute url`, `lines "```↵let a = 1↵```" → "```↵let a = 2↵```"`, or several.
  ///
  /// A note, and the other lines, show at most 40 characters of each text, from a little
  /// before the first that differs, line breaks as `↵`.
  public var summary: String {
    var parts: [String] = []
    if oldTitle != newTitle {
      parts.append("title \(Quoting.word(oldTitle)) → \(Quoting.word(newTitle))")
    }
    if noteChanged {
      let from = Self.firstDifference(oldNote ?? "", newNote ?? "")
      parts.append(
        "note \(Self.shortNote(oldNote, from: from)) → \(Self.shortNote(newNote, from: from))")
    }
    if blocksChanged {
      let from = Self.firstDifference(oldBlocks ?? "", newBlocks ?? "")
      parts.append(
        "lines \(Self.shortNote(oldBlocks, from: from)) → \(Self.shortNote(newBlocks, from: from))")
    }
    if !attributes.isEmpty {
      parts.append(
        "attribute\(attributes.count == 1 ? "" : "s") "
          + attributes.map(Quoting.word).joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
  }

  /// How many characters `old` and `new` share at their start.
  ///
  /// - Complexity: O(*k*) in the characters shared.
  static func firstDifference(_ old: String, _ new: String) -> Int {
    zip(old, new).prefix { $0 == $1 }.count
  }

  /// A note as `summary` shows it: quoted, 40 characters at most, starting 20 before the
  /// character `difference` when that is past the 30th (then with `…` first), with `…` last
  /// when there is more, and `↵` for each line break; `(none)` for no note.
  ///
  /// - Complexity: O(*d*) in the characters up to the difference, plus those shown.
  static func shortNote(_ note: String?, from difference: Int) -> String {
    guard let note else { return "(none)" }
    let skipped = difference > 30 ? difference - 20 : 0
    let start = note.index(note.startIndex, offsetBy: skipped, limitedBy: note.endIndex)
    let rest = note[(start ?? note.endIndex)...]
    let shown = rest.prefix(40)
    var text = skipped > 0 ? "…" : ""
    for character in shown { text += character.isNewline ? "↵" : String(character) }
    if shown.endIndex < note.endIndex { text += "…" }
    return Quoting.quote(text)
  }
}
