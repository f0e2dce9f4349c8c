import Diffable

extension Session {
  /// Runs a query on the current section snapshot; queries change nothing.
  ///
  /// With a focus, `show`, `find`, `describe`, the lists and `count` read the view (the
  /// focus's descendants, `Session+Focus.swift`); the questions about one item read the section.
  func execute(_ command: Command.QueryCommand, into outcome: inout Outcome) throws(CommandError) {
    let outline = outline
    switch command {
    case .show(let visibleOnly):
      outcome.result = .tree(titled(viewLines(visibleOnly: visibleOnly)))
    case .showSubtree(let item, let visibleOnly):
      // `show ITEM` names ITEM, which becomes the current item when it succeeds: the mark says
      // what `.` names after it, not before.
      let lines = try subtreeLines(of: item, visibleOnly: visibleOnly)
      outcome.result = .tree(titled(lines, current: item))
    case .showRows(let rows):
      outcome.result = .tree(titled(try lines(ofRows: rows)))
    case .showToDepth(let depth):
      outcome.result = .tree(
        titled(viewLines(visibleOnly: false).filter { $0.level < depth }))
    case .find(let search):
      let found = find(search)
      // `find Milk; note .`: the first match becomes the current item.
      madeItem = found.first?.item
      outcome.result = .found(found)
    case .describe:
      outcome.result = .lines(try Self.describeLines(of: view))
    case .list(let list):
      outcome.result = .items(viewItems(list))
    case .count:
      outcome.result = .number(viewCount)
    case .item(let query, let item):
      do throws(SnapshotError) {
        switch query {
        case .parent: outcome.result = .item(try outline.parent(of: item))
        case .level: outcome.result = .number(try outline.level(of: item))
        case .index: outcome.result = outline.index(of: item).map { .number($0) } ?? .item(nil)
        case .isExpanded: outcome.result = .bool(try outline.isExpanded(item))
        case .isVisible: outcome.result = .bool(try outline.isVisible(item))
        case .contains: outcome.result = .bool(outline.contains(item))
        case .title:
          guard outline.contains(item) else { throw .itemNotFound(item) }
          outcome.result = .text(contents.title(of: item))
        }
      } catch {
        throw failure(error)
      }
    }
  }

  /// The lines of the view's visible rows `rows`, as `show` draws them.
  ///
  /// - Throws: `unknownItem` for a row past the last, saying how many rows there are.
  /// - Complexity: O(*n*) for *n* items in the view.
  func lines(ofRows rows: ClosedRange<Int>) throws(CommandError) -> [TreeLine] {
    let count = viewRows.count
    guard rows.upperBound < count else {
      guard focus != nil else {
        throw CommandError(because: .noRow(rows.upperBound, rows: count))
      }
      throw CommandError(
        because: .noRowInFocus(rows.upperBound, rows: count, focus: focusPath))
    }
    return viewLines(visibleOnly: true).filter { $0.row.map(rows.contains) ?? false }
  }

  /// `find`'s matches in the view, in order, each with its visible row as `show` numbers it
  /// (nil for a hidden item), its level, title, task box and note's mark.
  ///
  /// - Complexity: O(*n*) for *n* items in the view, matching each once.
  func find(_ search: Command.Search) -> [TreeLine] {
    let matcher = SearchMatcher(search)
    let titles = contents.items
    var found: [TreeLine] = []
    var visibleRow = 0
    view.forEachRow { row in
      if matcher.matches(row.item, titles.isEmpty ? nil : titles[row.item]) {
        found.append(
          TreeLine(
            row: row.isVisible ? visibleRow : nil, level: row.level, marker: .leaf,
            item: row.item))
      }
      if row.isVisible { visibleRow += 1 }
      return true
    }
    return titled(found, current: found.first?.item)
  }

  /// The lines `show ITEM` draws: ITEM and its subtree, with the rows and levels they have in
  /// the whole outline, or in the focus (ITEM must then be in it).
  ///
  /// - Complexity: O(*k* log *k*) for a subtree of *k* items.
  func subtreeLines(of item: String, visibleOnly: Bool) throws(CommandError) -> [TreeLine] {
    try requireInView(item)
    let outline = outline
    let rows = viewRows
    let levelOffset = (focus.flatMap { try? outline.level(of: $0) } ?? -1) + 1
    let subtree: SectionSnapshot<String>
    let level: Int
    do {
      subtree = try outline.snapshot(of: item, includingParent: true)
      level = try outline.level(of: item)
    } catch {
      throw failure(.itemNotFound(item))
    }
    // A hidden item hides its whole subtree.
    let firstRow = outline.visibleIndex(of: item).map { $0 - rows.lowerBound }
    if firstRow == nil && visibleOnly { return [] }
    return TreeLine.lines(of: subtree, visibleOnly: visibleOnly).map { line in
      var line = line
      line.level += level - levelOffset
      line.row = firstRow.flatMap { first in line.row.map { first + $0 } }
      return line
    }
  }

  /// One of `outline`'s lists of items.
  static func items(_ list: Command.ItemList, of outline: SectionSnapshot<String>) -> [String] {
    switch list {
    case .items: return outline.items
    case .visible: return outline.visibleItems
    case .roots: return outline.rootItems
    case .expanded: return outline.expandedItems
    }
  }

  /// The most characters `describe` (and `child-snapshot`) print: Apple's picture indents
  /// two spaces per level, so a very deep outline would print a quadratic amount of text.
  static let maximumDescriptionSize = 64 << 20

  /// `outline.visualDescriptionLines()`, or a `refused` error when they would exceed
  /// `maximumDescriptionSize` characters.
  ///
  /// - Complexity: O(*n*) to measure, then O(size of the text).
  static func describeLines(of outline: SectionSnapshot<String>) throws(CommandError) -> [String] {
    var size = 0
    var levels = 0
    outline.forEachRow { row in
      size += 2 * row.level + 3 + row.item.utf8.count
      levels = max(levels, row.level + 1)
      return size <= maximumDescriptionSize
    }
    guard size <= maximumDescriptionSize else {
      throw CommandError(
        because: .pictureTooLarge(megabytes: maximumDescriptionSize >> 20, levels: levels))
    }
    return outline.visualDescriptionLines()
  }

  /// `lines` with each item's title where it differs from the identifier, its task box
  /// (`[ ]`, `[x]`) when it is a task, its note's mark, and the current item (`current`, by default the session's) marked.
  ///
  /// - Complexity: O(*n*) when some item has a title of its own, else O(*n*) to find the
  ///   current item's line.
  func titled(_ lines: [TreeLine], current: String? = nil) -> [TreeLine] {
    var lines = lines
    if let current = current ?? currentItem,
      let index = lines.firstIndex(where: { $0.item == current })
    {
      lines[index].isCurrent = true
    }
    guard !contents.items.isEmpty else { return lines }
    for index in lines.indices {
      guard let content = contents.items[lines[index].item] else { continue }
      lines[index].title = content.title
      lines[index].task = content.taskState
      lines[index].hasNote = content.hasNote
    }
    return lines
  }
}
