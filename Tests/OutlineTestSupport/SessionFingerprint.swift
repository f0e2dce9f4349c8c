import Diffable
import OutlineLanguage

/// Everything a command of a `Session` can change, as plain values that compare with `==`: what
/// the fuzzer compares before and after a failed command, and between a saved session and the
/// session that loads its file.
///
/// Built from the session's public members, not from its own restore machinery, so that a bug
/// there cannot hide itself.
///
/// ```swift
/// let session = Session()
/// let before = SessionFingerprint(session)
/// session.run("delete Missing")  // fails
/// SessionFingerprint(session) == before  // true
/// ```
public struct SessionFingerprint: Equatable {
  /// One section snapshot: its items in tree order with their levels, what is visible, and
  /// what is expanded.
  public struct Outline: Equatable {
    /// Every item in pre-order.
    public var items: [String]
    /// The level of each item of `items`.
    public var levels: [Int]
    /// The visible items, in order.
    public var visible: [String]
    /// The expanded items, in pre-order.
    public var expanded: [String]

    /// The fingerprint of `outline`.
    public init(_ outline: SectionSnapshot<String>) {
      let rows = outline.rows
      items = rows.map(\.item)
      levels = rows.map(\.level)
      visible = rows.filter(\.isVisible).map(\.item)
      expanded = rows.filter(\.isExpanded).map(\.item)
    }
  }

  /// The data source's sections, in order.
  public var sectionOrder: [String]
  /// Each section's outline, by name.
  public var sections: [String: Outline]
  /// The section the commands edit.
  public var current: String
  /// The handler rules, as `rules` lists them.
  public var rules: [String]
  /// The kept snapshots, by name.
  public var kept: [String: Outline]
  /// The open batch's section and working copy, if any.
  public var batch: OpenBatch?
  /// How many changes `undo` can step back through.
  public var history: Int
  /// The items' titles and attributes that are not the default, by identifier.
  public var contents: [String: ItemContent]
  /// The sections' heads, by section name.
  public var heads: [String: [Attribute]]

  /// An open batch's section and working copy.
  public struct OpenBatch: Equatable {
    /// The section the batch edits.
    public var section: String
    /// Its working copy.
    public var working: Outline
  }

  /// The fingerprint of `session` now.
  ///
  /// - Complexity: O(*n*) in the items of all sections, batches and kept snapshots.
  public init(_ session: Session) {
    let flat = session.dataSource.snapshot()
    sectionOrder = flat.sectionIdentifiers
    var sections: [String: Outline] = [:]
    for name in sectionOrder {
      sections[name] = Outline(session.dataSource.snapshot(for: name))
    }
    self.sections = sections
    current = session.section
    rules = session.rules.lines
    kept = session.keptSnapshots.mapValues(Outline.init)
    batch = session.batch.map { OpenBatch(section: $0.section, working: Outline($0.working)) }
    history = session.history.count
    contents = session.contents.items.dictionary
    heads = session.contents.heads
    // An item's node in its section's file is kept without the read it belongs to (a saved and
    // loaded session has another read of the same file); a node of another read (the item was
    // imported, or moved from another section) is no content: a save writes none.
    guard !contents.isEmpty else { return }
    for name in sectionOrder {
      let source = session.contents.sources[name]
      for item in sections[name]?.items ?? [] {
        guard var content = contents[item], content.sourceFile != nil else { continue }
        let node = content.sourceNode(in: source)
        content.forgetSourceNode()
        content.sourceNode = node
        contents[item] = content.isDefault ? nil : content
      }
    }
  }

  /// What `save` writes and `load` reads back: the sections, the current section, the rules,
  /// the kept snapshots and the contents, without the batch and the history.
  ///
  /// `save` writes the heads of the sections there are and the contents of their items, so
  /// only those are compared.
  public var saved: SessionFingerprint {
    var copy = self
    copy.batch = nil
    copy.history = 0
    let items = Set(sections.values.flatMap(\.items))
    copy.contents = contents.filter { items.contains($0.key) }
    copy.heads = heads.filter { sections[$0.key] != nil && !$0.value.isEmpty }
    return copy
  }

  /// One non-empty section as a transaction shows it: its items with their levels, and its
  /// visible items; not its expansion, which a transaction shows only through the rows.
  public struct ShownSection: Equatable {
    /// The section's name.
    public var name: String
    /// Its items in pre-order.
    public var items: [String]
    /// The level of each item.
    public var levels: [Int]
    /// Its visible items.
    public var visible: [String]
  }

  /// The data source as transactions show it: its non-empty sections, in order.
  ///
  /// A command that changes this must make a transaction.
  public var shown: [ShownSection] {
    sectionOrder.compactMap { name in
      guard let outline = sections[name], !outline.items.isEmpty else { return nil }
      return ShownSection(
        name: name, items: outline.items, levels: outline.levels, visible: outline.visible)
    }
  }

  /// The ways `snapshot`, a transaction's initial or final flat snapshot, differs from the data
  /// source this fingerprint was taken of: its sections and their visible items.
  public func flatDifferences(from snapshot: Snapshot<String, String>) -> [String] {
    guard snapshot.sectionIdentifiers == sectionOrder else {
      return ["sections \(snapshot.sectionIdentifiers), not \(sectionOrder)"]
    }
    var problems: [String] = []
    for name in sectionOrder {
      let items = (try? snapshot.itemIdentifiers(inSection: name)) ?? []
      if items != sections[name]?.visible {
        problems.append("section \(name) shows \(items), not \(sections[name]?.visible ?? [])")
      }
    }
    return problems
  }
}
