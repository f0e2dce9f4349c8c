import Diffable

/// Focus, or hoist (SPEC §4, "Focus"): a view, not an edit.
///
/// `focus ITEM` narrows the session's view to ITEM's subtree: `show`, `items`, `visible`,
/// `roots`, `expanded`, `count`, `find`, `describe`, `filter`, `expand --all` (and `collapse
/// --all`) with no item, `expand --depth`, rows (`@N`), completion and `expect`'s lists see
/// ITEM's descendants, ITEM's children standing as the roots; `append` with no parent,
/// `move … to-root` and `sort --roots` mean ITEM's children; `drag FROM TO` takes the view's
/// rows. Everything else still sees the section: transactions number the data source's rows as
/// UIKit does (a drag's recorded command among them), and `save`, `export`, `undo`, `parent`,
/// `level` and `index` work on the whole section.
///
/// A focus belongs to the section it was set in: `section use` (or anything else that changes
/// the current section, an `undo` across sections say) clears it. When a command removes the
/// focused item from the section (a `delete` or `cut` of it or of an ancestor, `undo`, `redo`,
/// a `load`, `begin --empty`), the focus moves to its nearest ancestor that remains, or to
/// none; `rename` of the focused item keeps the focus on it under its new identifier.
///
/// ```swift
/// session.run("append Food; append Fruit to Food; append Apple Pear to Fruit")
/// session.run("focus Fruit")
/// session.focusPath                         // ["Food", "Fruit"]
/// session.run("items").result               // .items(["Apple", "Pear"])
/// session.run("delete Fruit"); session.focus  // "Food"
/// ```
extension Session {
  /// The focus's path, from its root down to the focused item; empty without a focus.
  ///
  /// - Complexity: O(*d* log *n*) for a focus at depth *d*.
  public var focusPath: [String] {
    guard let focus else { return [] }
    return Self.path(to: focus, in: outline)
  }

  /// The focus's path as a person reads it: each item's title (the prompt's
  /// `outline Food › Fruit> `); empty without a focus.
  ///
  /// - Complexity: O(*d* log *n*) for a focus at depth *d*.
  public var focusTitles: [String] { focusPath.map { contents.title(of: $0) } }

  /// `item` and its ancestors in `outline`, the root first.
  static func path(to item: String, in outline: SectionSnapshot<String>) -> [String] {
    var path = [item]
    var current = item
    while let parent = try? outline.parent(of: current) {
      path.append(parent)
      current = parent
    }
    return path.reversed()
  }

  /// `focus ITEM`, `focus ..`: narrows the view to ITEM's subtree.
  ///
  /// ITEM and each collapsed ancestor expand first, in code (one apply, no handler calls, as
  /// `reveal`). `focus ..` at a root widens the view to the section.
  ///
  /// - Throws: `unknownItem` for an item the section does not hold, or `focus ..` without a
  ///   focus; `refused` when a `no-expand` rule names ITEM or an ancestor that is collapsed.
  /// - Complexity: O(*d* log *n*) for an item at depth *d*, plus the apply when something
  ///   expands.
  func focus(on target: Command.FocusTarget, into outcome: inout Outcome) throws(CommandError) {
    let outline = outline
    let item: String
    switch target {
    case .item(let named):
      try requireItem(named)
      guard named != focus else {
        outcome.note = "the focus is already \(Self.pathText(titles: focusTitles))"
        return
      }
      item = named
    case .up:
      guard let current = focus else { throw CommandError(because: .noFocus) }
      guard let parent = try? outline.parent(of: current) else {
        focus = nil
        outcome.note = "unfocused: the view is the whole section"
        return
      }
      item = parent
    }
    let expanding = try collapsedAncestors(of: item, includingItem: true, in: outline) {
      ancestor, number, rule in
      .focusRefused(item: item, ancestor: ancestor, number: number, rule: rule)
    }
    if !expanding.isEmpty {
      var edited = outline
      edited.expand(expanding.reversed())
      outcome.transaction = try commit(edited)
      outcome.effect = .rebuild
    }
    focus = item
    let rows = viewRows.count
    outcome.note = "focus: \(Self.pathText(titles: focusTitles)) (\(Self.count(rows, "row")))"
  }

  /// `unfocus`: the view is the whole section again; without a focus, a note and nothing else.
  func unfocus(into outcome: inout Outcome) {
    guard focus != nil else {
      outcome.note = "no focus: the view is already the whole section"
      return
    }
    focus = nil
    outcome.note = "unfocused: the view is the whole section"
  }

  /// The focus's path as a person reads it, in the prompt (`outline Food › Fruit> `), brief
  /// output and the notes: the titles, `Food › Fruit`; a path deeper than three shows its root
  /// and its last two (`Food › … › Citrus › Lemons`), and a title longer than 30 characters is
  /// cut with `…`.
  ///
  /// - Complexity: O(*d*) in the path's depth, plus the titles' length.
  public static func pathText(titles: [String]) -> String {
    let shown = titles.count > 3 ? [titles[0], "…"] + titles.suffix(2) : titles
    return shown.map { title in
      let visible = Quoting.visible(title)
      return visible.count > 30 ? visible.prefix(29) + "…" : visible
    }.joined(separator: " › ")
  }

  // MARK: The view

  /// The visible rows of the view, as rows of the section.
  ///
  /// Those of the focus's descendants, or every visible row without a focus; none when the focus
  /// is collapsed or hidden.
  ///
  /// - Complexity: O(log *n*).
  var viewRows: Range<Int> {
    let outline = outline
    guard let focus, let ranges = outline.descendantRanges(of: focus) else {
      return 0..<outline.visibleCount
    }
    return ranges.rows
  }

  /// The view as a section snapshot: `snapshot(of: focus)`, or the section's snapshot.
  ///
  /// - Complexity: O(1) without a focus; O(*k* log *k*) for a focus of *k* descendants.
  var view: SectionSnapshot<String> {
    let outline = outline
    guard let focus, let subtree = try? outline.snapshot(of: focus) else { return outline }
    return subtree
  }

  /// Whether the focus's descendants are on the section's rows.
  ///
  /// The focus is visible and expanded: the view's own visibility is then the section's. Always
  /// true without a focus.
  ///
  /// - Complexity: O(log *n*).
  var isViewOpen: Bool {
    guard let focus else { return true }
    let outline = outline
    return outline.visibleIndex(of: focus) != nil && isExpanded(focus, in: outline)
  }

  /// The items of one of the view's lists (`items`, `visible`, `roots`, `expanded`).
  ///
  /// - Complexity: O(*k* log *n*) for a focus of *k* descendants; the section's list without
  ///   a focus.
  func viewItems(_ list: Command.ItemList) -> [String] {
    let outline = outline
    guard let focus, let ranges = outline.descendantRanges(of: focus) else {
      return Self.items(list, of: outline)
    }
    switch list {
    case .items:
      return outline.rows(in: ranges.items).map(\.item)
    case .visible:
      return ranges.rows.map { outline.visibleItem(at: $0) }
    case .roots:
      return (try? outline.children(of: focus)) ?? []
    case .expanded:
      return outline.rows(in: ranges.items).filter(\.isExpanded).map(\.item)
    }
  }

  /// The number of items in the view.
  ///
  /// - Complexity: O(log *n*).
  var viewCount: Int {
    let outline = outline
    guard let focus, let ranges = outline.descendantRanges(of: focus) else { return outline.count }
    return ranges.items.count
  }

  /// `show`'s lines of the view: the focus's descendants at levels from 0, numbered as the
  /// view's rows (hidden, with no row, while the focus is collapsed or hidden).
  ///
  /// - Complexity: O(*k* log *k*) for the *k* items of the view.
  func viewLines(visibleOnly: Bool) -> [TreeLine] {
    guard focus != nil, !isViewOpen else {
      return TreeLine.lines(of: view, visibleOnly: visibleOnly)
    }
    if visibleOnly { return [] }
    return TreeLine.lines(of: view, visibleOnly: false).map { line in
      var line = line
      line.row = nil
      return line
    }
  }

  /// Throws `unknownItem` unless `item` is in the view: the focus's descendant, or any item of
  /// the section without a focus.
  ///
  /// - Complexity: O(log *n*).
  func requireInView(_ item: String) throws(CommandError) {
    try requireItem(item)
    let outline = outline
    guard let focus, let ranges = outline.descendantRanges(of: focus),
      let index = outline.index(of: item), !ranges.items.contains(index)
    else { return }
    throw CommandError(because: .outsideFocus(item, focus: focusPath))
  }

  /// `drag FROM TO`'s rows as the data source numbers them.
  ///
  /// In a focus, FROM and TO are the view's rows, as `show` numbers them (a user drags only
  /// what they see), and the section's rows are the view's first row on; without a focus, the
  /// rows as typed.
  ///
  /// ```swift
  /// // Food › Fruit (Apple, Pear, Kiwi) on the section's rows 2 to 4
  /// try session.sectionRows(ofDragFrom: 0, to: 2)  // (2, 4): Apple dropped after Kiwi
  /// ```
  ///
  /// - Throws: `invalidMove` (`noDragRowInFocus`) in a focus for FROM past the view's last row,
  ///   or TO past its last once the dragged item collapses (a drag hides its descendants).
  /// - Complexity: O(log *n*).
  func sectionRows(ofDragFrom source: Int, to destination: Int) throws(CommandError) -> (Int, Int) {
    guard focus != nil else { return (source, destination) }
    let rows = viewRows
    func noRow(_ row: Int, rows: Int, collapsing: String? = nil) -> CommandError {
      CommandError(
        because: .noDragRowInFocus(row, rows: rows, focus: focusPath, collapsing: collapsing))
    }
    guard source >= 0, source < rows.count else { throw noRow(source, rows: rows.count) }
    let outline = outline
    let item = outline.visibleItem(at: rows.lowerBound + source)
    // The drag collapses the item: its visible descendants are no place to drop it.
    let hidden = outline.descendantRanges(of: item)?.rows.count ?? 0
    let finalRows = rows.count - hidden
    guard destination >= 0, destination < finalRows else {
      throw noRow(destination, rows: finalRows, collapsing: hidden > 0 ? item : nil)
    }
    return (rows.lowerBound + source, rows.lowerBound + destination)
  }

  // MARK: Commands in the focus

  /// `command` as it reads in the focus: `append` with no parent appends to the focus,
  /// `move … to-root` moves to it, `sort --roots` sorts its children and `paste into` with no
  /// item pastes into it; any other command,
  /// or any command without a focus, as it is.
  ///
  /// The command run and recorded is the rewritten one, so that every printer sees the parent
  /// the items went to.
  func inFocus(_ command: Command) -> Command {
    guard let focus else { return command }
    switch command {
    case .editing(.append(let items, nil)): return .editing(.append(items, to: focus))
    case .editing(.appendTitled(let texts, nil)):
      return .editing(.appendTitled(texts, to: focus))
    case .editing(.sort(nil, let reverse)): return .editing(.sort(parent: focus, reverse: reverse))
    case .editing(.paste(.intoView)): return .editing(.paste(.into(focus)))
    case .interactions(.move(let item, .toRoot)):
      return .interactions(.move(item, to: .into(focus)))
    case .interactions(.reorderEach(let items, .move(.toRoot))):
      return .interactions(.reorderEach(items, .move(.into(focus))))
    default: return command
    }
  }

  /// Keeps the focus in step with a command that ran from `before`.
  ///
  /// Clears the focus when the current section changed, and moves it to its nearest remaining
  /// ancestor when the section no longer holds it, saying so in the outcome's note. An outcome
  /// whose command changed the focus carries the new path (`Outcome.focusChange`).
  ///
  /// - Complexity: O(1) when the focus is still there; O(*d* log *n*) to find the ancestor.
  func keepFocus(from before: SessionState, into outcome: inout Outcome) {
    if let focus {
      var moved: String?
      if section != before.section {
        self.focus = nil
        moved = "the focus is cleared: it belongs to section \(Quoting.word(before.section))"
      } else if !outline.contains(focus) {
        let old = before.outline
        let remaining = Self.path(to: focus, in: old).dropLast().last { outline.contains($0) }
        self.focus = remaining
        moved =
          "\(Quoting.word(focus)) is no longer in the section: "
          + (remaining == nil
            ? "unfocused" : "the focus moved to \(Self.pathText(titles: focusTitles))")
      }
      if let moved {
        outcome.note = [outcome.note, moved].compactMap { $0 }.joined(separator: "\n")
      }
    }
    if focus != before.focus {
      outcome.focusChange = FocusChange(path: focusPath, titles: focusTitles)
    }
  }
}

/// What a command did to the focus: the path it left (empty: no focus), for the printers.
public struct FocusChange: Equatable, Hashable, Sendable {
  /// The focus's path after the command, from its root down; empty when there is none.
  public var path: [String]
  /// The titles of `path`'s items, which text output shows as the prompt does.
  public var titles: [String]

  /// Creates a change to `path`, whose items' titles are `titles` (by default, the
  /// identifiers).
  public init(path: [String], titles: [String]? = nil) {
    self.path = path
    self.titles = titles ?? path
  }
}
