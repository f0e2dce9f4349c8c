import Diffable

/// An outline read from a text (a file, an edited list of titles), its lines given the
/// identifiers of an old outline's items by the matching rule (`OutlineMatching`): what
/// `load` over an outline, `diff` and `edit` apply or show.
struct MatchedOutline {
  /// The new lines' identifiers, in pre-order.
  var items: [String] = []
  /// Their levels, from 0 (before any splicing into a larger outline).
  var levels: [Int32] = []
  /// Their expansion flags.
  var expanded: [Bool] = []
  /// The content of every new line whose content differs from what the session holds for its
  /// identifier (a new item's, a retitled item's), to set with `Contents`' subscript.
  var contents: [(item: String, content: ItemContent)] = []
  /// The matched items whose title, note or attributes changed, in new order.
  var changes: [ContentChange] = []
  /// How many new lines are old items.
  var matchedCount = 0
  /// The identifiers suffixed because their text was taken, for the command's note.
  var allocator: IdentifierAllocator

  /// Where a matched item's expansion comes from.
  enum Expansion {
    /// The new text's, as `load` reads a file.
    case fromText
    /// The old item's when it had children (a new item, or one that was a leaf, takes the
    /// text's): `diff` and `edit`, which ignore expansion, and where a leaf's new children
    /// would otherwise arrive hidden under a disclosure the person never closed.
    case kept
  }

  /// Where a matched item's attributes come from.
  enum Attributes {
    /// The new text's: a file read over the outline is the truth (`load`, `diff`).
    case fromText
    /// The old item's: an edited list of titles carries no attributes (`edit`), but for a
    /// task's box (`_status`), which the text's gives.
    case kept
  }

  /// Matches `document`'s lines to `old`'s items by the matching rule, and makes identifiers
  /// for the lines left unmatched with `allocator`.
  ///
  /// - Parameters:
  ///   - document: The new outline.
  ///   - old: The old outline (a section, or a subtree with its item as the one root).
  ///   - contents: The old items' contents.
  /// - Complexity: O(*n* log *n*) in the items of both outlines.
  init(
    _ document: OutlineDocument, over old: SectionSnapshot<String>, contents: Contents,
    expansion: Expansion, attributes: Attributes, allocator: IdentifierAllocator
  ) {
    self.allocator = allocator
    var oldItems: [String] = []
    var oldTitles: [String] = []
    var oldLevels: [Int] = []
    var oldExpanded: [Bool] = []
    oldItems.reserveCapacity(old.count)
    oldTitles.reserveCapacity(old.count)
    oldLevels.reserveCapacity(old.count)
    oldExpanded.reserveCapacity(old.count)
    old.forEachRow { row in
      oldItems.append(row.item)
      oldTitles.append(contents.title(of: row.item))
      oldLevels.append(row.level)
      oldExpanded.append(row.isExpanded)
      return true
    }
    var newLevels: [Int] = []
    newLevels.reserveCapacity(document.nodes.count)
    var previous = -1
    for node in document.nodes {
      // The readers give pre-order levels; a deeper jump would hang under the item before.
      previous = min(max(node.level, 0), previous + 1)
      newLevels.append(previous)
    }
    let match = OutlineMatching(
      old: oldTitles, oldLevels: oldLevels, new: document.nodes.map(\.text),
      newLevels: newLevels)
    items.reserveCapacity(document.nodes.count)
    levels.reserveCapacity(document.nodes.count)
    expanded.reserveCapacity(document.nodes.count)
    self.allocator.reserve(document.nodes.count)
    let file = document.source.map(SourceFile.init)
    for (index, node) in document.nodes.enumerated() {
      let oldIndex = match.oldIndex[index]
      levels.append(Int32(newLevels[index]))
      guard oldIndex >= 0 else {
        let item = self.allocator.identifier(
          for: node.text.isEmpty ? Session.untitled : node.text)
        items.append(item)
        expanded.append(node.expanded)
        var content = ItemContent(node, as: item, in: file)
        if attributes == .kept {
          // An edited text's place in its temporary file is no place in the section's file.
          content.forgetSourceNode()
          content.opml = nil
        }
        if !content.isDefault { self.contents.append((item, content)) }
        continue
      }
      let item = oldItems[oldIndex]
      matchedCount += 1
      items.append(item)
      let wasParent =
        oldIndex + 1 < oldLevels.count && oldLevels[oldIndex + 1] > oldLevels[oldIndex]
      expanded.append(expansion == .kept && wasParent ? oldExpanded[oldIndex] : node.expanded)
      let before = contents[item]
      var after: ItemContent
      switch attributes {
      case .fromText: after = ItemContent(node, as: item, in: file)
      case .kept:
        after = before
        after.title = node.text == item ? nil : node.text
        after.retitleAttribute(from: oldTitles[oldIndex], to: node.text)
        after.taskState = node.taskState  // the box the text gives, the one thing it carries
      }
      guard after != before else { continue }
      self.contents.append((item, after))
      if let change = ContentChange.between(
        before, after, of: item, oldTitle: oldTitles[oldIndex], newTitle: node.text)
      {
        changes.append(change)
      }
    }
  }

  /// The new outline as a section snapshot.
  ///
  /// - Throws: `duplicateItems` only if an identifier came twice, which the matching and the
  ///   allocator rule out.
  /// - Complexity: O(*n*) expected in the items.
  func snapshot() throws(SnapshotError) -> SectionSnapshot<String> {
    try SectionSnapshot(preorder: items, levels: levels, expanded: expanded)
  }

  /// `old` with `item`'s subtree (`item` and its descendants) replaced by the new lines, at
  /// `item`'s level.
  ///
  /// - Complexity: O(*n*) expected in the items of `old`.
  func snapshot(replacingSubtreeOf item: String, in old: SectionSnapshot<String>)
    throws(SnapshotError) -> SectionSnapshot<String>
  {
    try snapshot(replacing: item, keepingItem: false, in: old)
  }

  /// `old` with `item`'s descendants replaced by the new lines (`edit` in a focus).
  ///
  /// The new roots are `item`'s children. An item that had no children is expanded when it
  /// gets some, so that they show.
  ///
  /// - Complexity: O(*n*) expected in the items of `old`.
  func snapshot(
    replacingChildrenOf item: String, in old: SectionSnapshot<String>, hadChildren: Bool
  ) throws(SnapshotError) -> SectionSnapshot<String> {
    try snapshot(replacing: item, keepingItem: true, expandingLeaf: !hadChildren, in: old)
  }

  /// `old` with `item`'s subtree, or only its descendants when `keepingItem`, replaced by the
  /// new lines.
  private func snapshot(
    replacing item: String, keepingItem: Bool, expandingLeaf: Bool = false,
    in old: SectionSnapshot<String>
  ) throws(SnapshotError) -> SectionSnapshot<String> {
    var allItems: [String] = []
    var allLevels: [Int32] = []
    var allExpanded: [Bool] = []
    allItems.reserveCapacity(old.count + items.count + 1)
    allLevels.reserveCapacity(old.count + items.count + 1)
    allExpanded.reserveCapacity(old.count + items.count + 1)
    var inside: Int?  // `item`'s level while the walk is in its subtree
    old.forEachRow { row in
      if let level = inside {
        if row.level > level { return true }
        inside = nil
      }
      if row.item == item {
        inside = row.level
        var base = Int32(row.level)
        if keepingItem {
          allItems.append(row.item)
          allLevels.append(base)
          allExpanded.append(row.isExpanded || (expandingLeaf && !items.isEmpty))
          base += 1
        }
        allItems.append(contentsOf: items)
        allLevels.append(contentsOf: levels.map { $0 + base })
        allExpanded.append(contentsOf: expanded)
        return true
      }
      allItems.append(row.item)
      allLevels.append(Int32(row.level))
      allExpanded.append(row.isExpanded)
      return true
    }
    return try SectionSnapshot(preorder: allItems, levels: allLevels, expanded: allExpanded)
  }
}
