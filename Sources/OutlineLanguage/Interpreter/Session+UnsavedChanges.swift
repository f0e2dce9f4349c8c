import Diffable

/// What changed since it was last saved or loaded, section by section: what an interactive
/// session warns of before it ends.
///
/// A save or load of the native file covers every section and their order; one of an OPML,
/// Markdown or text file covers the current section alone, so another section's edits stay
/// unsaved. An undo or redo back to what was saved counts as no change.
///
/// ```swift
/// session.run("load one.md")            // section main, from one.md
/// session.run("section add S")
/// session.run("section use S")
/// session.run("append Important")
/// session.run("section use main")
/// session.run("save")                   // main to one.md
/// session.unsavedSections               // ["S"]
/// ```
extension Session {
  /// Whether something changed since the last `save` or `load` that holds it (or since the
  /// session began).
  ///
  /// - Complexity: O(*h* · *t* + *s*), where *h* is the number of changes kept for undo and
  ///   redo, *t* the sections each touched and *s* the number of sections.
  public var hasUnsavedChanges: Bool { !unsavedParts.isEmpty }

  /// The sections that changed since the last `save` or `load` that holds them, in the data
  /// source's order; a section deleted since is not among them.
  ///
  /// - Complexity: O(*h* · *t* + *s*), as `hasUnsavedChanges`.
  public var unsavedSections: [String] {
    let parts = unsavedParts
    return dataSource.snapshot().sectionIdentifiers.filter { parts.contains(.section($0)) }
  }

  /// The parts of the outline that changed since the last `save` or `load` that holds them.
  ///
  /// A change kept in the history after a part's place changed it; so did an undone change
  /// before that place (the saved outline had it). A section deleted since its own file's save
  /// or load is left out: that file holds what the section held, and there is nothing to write.
  ///
  /// - Complexity: O(*h* · *t* + *s*), as `hasUnsavedChanges`.
  var unsavedParts: Set<SavePoints.Part> {
    let current = historyDropped + history.count
    var parts = savePoints.lost
    for (offset, change) in history.enumerated() {
      for part in Self.savedParts(of: change)
      where savePoints.place(of: part) <= historyDropped + offset {
        parts.insert(part)
      }
    }
    for (offset, change) in undone.reversed().enumerated() {
      for part in Self.savedParts(of: change) where savePoints.place(of: part) > current + offset {
        parts.insert(part)
      }
    }
    guard !parts.isEmpty else { return parts }
    let sections = Set(dataSource.snapshot().sectionIdentifiers)
    return parts.filter { part in
      guard case .section(let name) = part, !sections.contains(name) else { return true }
      return !savePoints.hasOwnFile(part)
    }
  }

  /// The parts of the outline `change` touched: each section whose snapshot, contents or head
  /// it changed (one added or deleted included), and the sections' order when it moved one.
  ///
  /// - Complexity: O(*t* + *s*), where *t* is the number of sections the change touched and
  ///   *s* the number of sections.
  static func savedParts(of change: Change) -> Set<SavePoints.Part> {
    var parts: Set<SavePoints.Part> = []
    forEachSavedPart(of: change) { parts.insert($0) }
    return parts
  }

  /// Calls `body` with each part of the outline `change` touched, as `savedParts(of:)` lists
  /// them, building no set and copying no transaction: what each command pays for the change
  /// it drops from a full history.
  ///
  /// - Complexity: O(*t*) calls, *t* being the number of sections the change touched.
  static func forEachSavedPart(of change: borrowing Change, _ body: (SavePoints.Part) -> Void) {
    let sectionTransactions = change.transaction.sectionTransactions
    for index in sectionTransactions.indices {
      body(.section(sectionTransactions[index].sectionIdentifier))
    }
    if change.movesSectionOrder { body(.sectionOrder) }
  }

  /// Whether `transaction` changed the order of the sections it kept: what a change records
  /// (`Change.movesSectionOrder`) when it is made.
  ///
  /// - Complexity: O(1) when either side holds one section; else O(*s*) in the sections.
  static func movesSectionOrder(_ transaction: borrowing Transaction<String, String>) -> Bool {
    // With one section on either side, no two sections kept can change places.
    guard transaction.initialSnapshot.numberOfSections > 1,
      transaction.finalSnapshot.numberOfSections > 1
    else { return false }
    let before = transaction.initialSnapshot.sectionIdentifiers
    let after = transaction.finalSnapshot.sectionIdentifiers
    guard before != after else { return false }
    let kept = Set(before).intersection(after)
    return before.filter(kept.contains) != after.filter(kept.contains)
  }

  /// Marks what a `save` or `load` that succeeded (`command`, its file name resolved) wrote or
  /// read as saved: every part for the native file, the current section for any other format.
  ///
  /// - Complexity: O(1) on average.
  func markSaved(by command: Command) {
    let path: String
    let format: OutlineFormat?
    switch command {
    case .files(.save(let saved?, let given, _)): (path, format) = (saved, given)
    case .files(.load(let loaded, let given, _)): (path, format) = (loaded, given)
    default: return
    }
    let place = historyDropped + history.count
    if (format ?? OutlineFormat(path: path)) == .native {
      savePoints.saveAll(at: place)
    } else {
      savePoints.save(section: section, at: place)
    }
  }
}
