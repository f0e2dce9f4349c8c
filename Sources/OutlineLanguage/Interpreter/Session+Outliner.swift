import Diffable

/// The outliner's moves on expansion (SPEC §3, "Outline editing"): `expand --all`,
/// `collapse --all`, `expand --depth`, `reveal` and `filter`.
///
/// Each is app code, as an app's "Expand All" menu item is: it calls `expand(_:)` and
/// `collapse(_:)` on a copy of the section snapshot and applies it once, so it makes one
/// transaction and no handler call. An app's menu item still honours its own policy, which the
/// rules stand for here: an item that a `no-expand` (or `no-collapse`) rule names is left as it
/// is, with a note naming the rule. `reveal`, whose one purpose is to show an item, fails with
/// `refused` instead when a rule keeps an ancestor collapsed.
extension Session {
  /// `expand --all [ITEM]` and `collapse --all [ITEM]`: every parent of the section (of the
  /// focus's descendants, with a focus), or of ITEM's subtree (ITEM included), expanded or
  /// collapsed.
  ///
  /// - Complexity: O(*k* log *k*) to read the *k* items of the scope (O(*n*) for the section),
  ///   plus the edit.
  func setAll(expanded: Bool, under item: String?, into outcome: inout Outcome)
    throws(CommandError)
  {
    let outline = outline
    let scope: SectionSnapshot<String>
    if let item {
      do {
        scope = try outline.snapshot(of: item, includingParent: true)
      } catch {
        throw failure(.itemNotFound(item))
      }
    } else {
      scope = view
    }
    let action: RuleSet.Action = expanded ? .expand : .collapse
    var changing: [String] = []
    var held = HeldItems()
    var parents = 0
    Self.forEachRow(of: scope) { row, hasChildren in
      guard hasChildren else { return }
      parents += 1
      guard row.isExpanded != expanded else { return }
      if !held.hold(row.item, action, by: rules) { changing.append(row.item) }
    }
    var edited = outline
    if expanded { edited.expand(changing) } else { edited.collapse(changing) }
    outcome.transaction = try commit(edited)
    let state = expanded ? "expanded" : "collapsed"
    let place =
      item.map { "in the subtree of \(Quoting.word($0))" }
      ?? (focus == nil ? "in the section" : "in the focus")
    var notes: [String] = []
    if parents == 0 {
      notes.append(item.map { "\(Quoting.word($0)) has no children" } ?? "no item has children")
    } else if changing.isEmpty && held.isEmpty {
      notes.append("every parent \(place) is already \(state)")
    } else if !changing.isEmpty {
      notes.append("\(Self.count(changing.count, "parent")) \(state) \(place)")
    }
    notes += held.notes(rules: rules)
    outcome.note = notes.joined(separator: "\n")
  }

  /// `expand --depth N`: the items of level < N visible and nothing deeper.
  ///
  /// The parents of level < N − 1 expanded, every other item collapsed. With a focus, levels
  /// count from its children, and only its descendants change.
  ///
  /// - Complexity: O(*n*) to read the section (the focus's subtree), plus the edits.
  func expand(toDepth depth: Int, into outcome: inout Outcome) throws(CommandError) {
    let outline = outline
    var expanding: [String] = []
    var collapsing: [String] = []
    var held = HeldItems()
    Self.forEachRow(of: view) { row, hasChildren in
      let wanted = hasChildren && row.level < depth - 1
      guard row.isExpanded != wanted else { return }
      guard !held.hold(row.item, wanted ? .expand : .collapse, by: rules) else { return }
      if wanted { expanding.append(row.item) } else { collapsing.append(row.item) }
    }
    var edited = outline
    edited.expand(expanding)
    edited.collapse(collapsing)
    outcome.transaction = try commit(edited)
    var notes: [String] = []
    if expanding.isEmpty && collapsing.isEmpty && held.isEmpty {
      notes.append("the outline already shows \(Self.count(depth, "level")) and no more")
    }
    notes += held.notes(rules: rules)
    outcome.note = notes.isEmpty ? nil : notes.joined(separator: "\n")
  }

  /// `reveal ITEM...`: expands every collapsed ancestor of each item, so that each is visible;
  /// the items themselves keep their state.
  ///
  /// - Throws: `unknownItem`; `refused` when a `no-expand` rule names a collapsed ancestor (the
  ///   item could not be shown), naming the rule.
  /// - Complexity: O(*d* log *n*) per item at depth *d*, plus the edit.
  func reveal(_ items: [String], into outcome: inout Outcome) throws(CommandError) {
    let outline = outline
    for item in items { try requireItem(item) }
    var expanding: [String] = []
    var seen: Set<String> = []
    var already: [String] = []
    for item in items {
      let closed = try collapsedAncestors(of: item, in: outline) { ancestor, number, rule in
        .revealRefused(item: item, ancestor: ancestor, number: number, rule: rule)
      }
      for ancestor in closed where seen.insert(ancestor).inserted { expanding.append(ancestor) }
      if closed.isEmpty { already.append(item) }
    }
    var edited = outline
    edited.expand(expanding)
    outcome.transaction = try commit(edited)
    if !already.isEmpty {
      outcome.note = already.map { "\(Quoting.word($0)) is already visible" }.joined(
        separator: "\n")
    }
  }

  /// `filter PATTERN`: a sparse tree, as org-mode makes one.
  ///
  /// Exactly the ancestors of the matching items are expanded and every other item collapsed,
  /// so that the matches and their ancestors are what shows. No match changes nothing, with a
  /// note. With a focus, only the focus's descendants are matched and changed.
  ///
  /// - Complexity: O(*n*) to read the section and match each item once, plus the edits.
  func filter(_ search: Command.Search, into outcome: inout Outcome) throws(CommandError) {
    let outline = outline
    let matcher = SearchMatcher(search)
    let titles = contents.items
    var matches: [String] = []
    var ancestors: [String] = []
    var expanded: [String] = []
    // The current row's ancestors are `path[..<row.level]` (entries beyond are stale: they
    // are overwritten, not removed, so that no row shrinks the array); the first `marked` of
    // them are already known ancestors of a match (they form a prefix).
    var path: [String] = []
    var marked = 0
    view.forEachRow { row in
      let depth = row.level
      marked = min(marked, depth)
      if row.isExpanded { expanded.append(row.item) }
      if matcher.matches(row.item, titles.isEmpty ? nil : titles[row.item]) {
        matches.append(row.item)
        ancestors += path[marked..<depth]
        marked = depth
      }
      if depth < path.count { path[depth] = row.item } else { path.append(row.item) }
      return true
    }
    guard !matches.isEmpty else {
      outcome.note = "no item matches \(Quoting.word(search.pattern)): nothing changed"
      return
    }
    let wanted = Set(ancestors)
    var expanding: [String] = []
    var collapsing: [String] = []
    var held = HeldItems()
    for item in ancestors where !isExpanded(item, in: outline) {
      if !held.hold(item, .expand, by: rules) { expanding.append(item) }
    }
    for item in expanded where !wanted.contains(item) {
      if !held.hold(item, .collapse, by: rules) { collapsing.append(item) }
    }
    var edited = outline
    edited.expand(expanding)
    edited.collapse(collapsing)
    outcome.transaction = try commit(edited)
    let shown = matches.prefix(5).map(Quoting.word).joined(separator: ", ")
    let notes =
      [
        "\(matches.count) \(matches.count == 1 ? "match" : "matches"): \(shown)"
          + (matches.count > 5 ? ", …" : "")
      ]
      + held.notes(rules: rules)
    outcome.note = notes.joined(separator: "\n")
  }

  /// Calls `body` with every row of `outline` in `items` order and whether the row's item has
  /// children (the next row is deeper), in one pass.
  ///
  /// - Complexity: O(*n*).
  static func forEachRow(
    of outline: SectionSnapshot<String>,
    _ body: (SectionSnapshot<String>.Row, _ hasChildren: Bool) -> Void
  ) {
    var pending: SectionSnapshot<String>.Row?
    outline.forEachRow { row in
      if let previous = pending { body(previous, row.level > previous.level) }
      pending = row
      return true
    }
    if let last = pending { body(last, false) }
  }
}

/// The items a bulk expansion command left as they were because a rule names them, by rule.
struct HeldItems {
  /// The items each rule held, by rule number, in the order met.
  private var byRule: [(number: Int, action: RuleSet.Action, items: [String])] = []

  /// Whether no item was held.
  var isEmpty: Bool { byRule.isEmpty }

  /// Holds `item` when a rule refuses `action` on it.
  ///
  /// - Returns: Whether the item is held (and must be left as it is).
  mutating func hold(_ item: String, _ action: RuleSet.Action, by rules: RuleSet) -> Bool {
    guard !rules.rules.isEmpty, let (number, _) = rules.refusal(of: action, item) else {
      return false
    }
    if let index = byRule.firstIndex(where: { $0.number == number }) {
      byRule[index].items.append(item)
    } else {
      byRule.append((number, action, [item]))
    }
    return true
  }

  /// One note per rule: `Favourites left collapsed by rule 1: no-expand "Fav*"`.
  func notes(rules: RuleSet) -> [String] {
    byRule.map { number, action, items in
      let state = action == .expand ? "collapsed" : "expanded"
      let shown = items.prefix(5).map(Quoting.word).joined(separator: ", ")
      let more = items.count > 5 ? " and \(items.count - 5) more" : ""
      return "\(shown)\(more) left \(state) by rule \(number): "
        + RuleSet.text(rules.rules[number - 1])
    }
  }
}

extension Session {
  /// The collapsed items among `item`'s ancestors in `outline` (and `item` itself when
  /// `includingItem`), innermost first: what `reveal` and `focus` expand in code.
  ///
  /// - Throws: the failure `refused` makes of the innermost one a `no-expand` rule keeps closed.
  /// - Complexity: O(*d* log *n*) for an item at depth *d*.
  func collapsedAncestors(
    of item: String, includingItem: Bool = false, in outline: SectionSnapshot<String>,
    refused: (_ ancestor: String, _ number: Int, _ rule: Command.Rule) -> CommandFailure
  ) throws(CommandError) -> [String] {
    var closed: [String] = []
    var current = includingItem ? item : try? outline.parent(of: item)
    while let ancestor = current {
      if !isExpanded(ancestor, in: outline) {
        if let (number, rule) = rules.refusal(of: .expand, ancestor) {
          throw CommandError(because: refused(ancestor, number, rule))
        }
        closed.append(ancestor)
      }
      current = try? outline.parent(of: ancestor)
    }
    return closed
  }
}
