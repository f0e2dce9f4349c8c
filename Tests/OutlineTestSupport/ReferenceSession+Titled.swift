import Diffable

extension ReferenceSession {
  /// The outliner's commands that read titles, written from the man page's sentences.
  ///
  /// - `filter PATTERN`: "exactly the ancestors of the items that match are expanded and every
  ///   other item is collapsed, in one transaction"; "no match changes nothing"; "it leaves an
  ///   item that a `rule no-expand` or `rule no-collapse` names as it is".
  /// - `duplicate ITEM [as NEW]`: "copies an item's subtree, with its expansion, right after
  ///   it, under new identifiers: one suffix for the whole subtree, the first that leaves every
  ///   new identifier free"; "with `as NEW`, the copy of ITEM is NEW (`duplicateItem` when
  ///   taken) and its descendants take the suffix"; "each copy keeps its original's title" (the
  ///   copy named NEW reads NEW).
  /// - `sort PARENT|--roots [--reverse]`: "orders the children … each with its subtree, by
  ///   their titles in natural order"; "titles that compare equal keep their order, and
  ///   `--reverse` sorts from last to first, ties still in their order"; app code, so a
  ///   `no-reorder` rule does not stop it.
  mutating func executeTitled(_ command: ReferenceCommand) throws(Failure) {
    let outline = outline
    var edited = outline
    switch command {
    case .filter(let pattern):
      try filter(showing: view.items.filter { matches(pattern, $0) })
      return
    case .duplicate(let item, let new):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      if let new, isTaken(new) { throw Failure(.duplicateItem) }
      let subtree = try attempt { () throws(SnapshotError) in
        try outline.snapshot(of: item, includingParent: true)
      }
      var suffix = 2
      var names: [String: String] = [:]
      while true {
        names = [:]
        for original in subtree.items {
          names[original] = original == item && new != nil ? new! : "\(original) (\(suffix))"
        }
        let made = Array(names.values)
        if Set(made).count == made.count, !made.contains(where: isTaken) { break }
        suffix += 1
      }
      var copy = ReferenceOutline<String>()
      for original in subtree.items {
        let parent = try? subtree.parent(of: original)
        try attempt { () throws(SnapshotError) in
          try copy.append([names[original]!], to: parent.map { names[$0]! })
        }
      }
      copy.expand(subtree.items.filter { subtree.expanded.contains($0) }.map { names[$0]! })
      try attempt { () throws(SnapshotError) in try edited.insert(copy, after: item) }
      var titles = titles
      var attributes = attributes
      for original in subtree.items {
        if !(original == item && new != nil) { titles[names[original]!] = title(of: original) }
        attributes[names[original]!] = attributes[original]
      }
      self.titles = titles
      self.attributes = attributes
      made = names[item]
    case .sort(let parent, let reverse):
      let children: [String]
      if let parent {
        guard outline.contains(parent) else { throw Failure(.unknownParent) }
        children = try attempt { () throws(SnapshotError) in try outline.snapshot(of: parent) }
          .rootItems
      } else {
        children = outline.rootItems
      }
      let indices = Array(children.indices)
      let ordered = indices.sorted { a, b in
        let order = Self.naturalOrder(title(of: children[a]), title(of: children[b]))
        if order == 0 { return a < b }
        return reverse ? order > 0 : order < 0
      }
      guard ordered != indices else { return }
      // Each child, in the new order, moves to the end, its subtree along.
      for index in ordered {
        try attempt { () throws(SnapshotError) in
          try edited.move(children[index], to: parent.map { .lastChild(of: $0) } ?? .lastRoot)
        }
      }
    default:
      preconditionFailure("not a titled outliner command: \(command)")
    }
    try commit(edited)
  }

  /// `filter`'s sparse tree of the items `found`: their ancestors expanded, every other item
  /// collapsed, but those a rule holds; no item found changes nothing.
  mutating func filter(showing found: [String]) throws(Failure) {
    guard !found.isEmpty else { return }
    // The view's items: the focus's descendants with a focus, which stays open.
    let outline = outline
    let view = view
    var edited = outline
    let wanted = Set(found.flatMap { ancestors(of: $0, in: view) })
    for item in view.items {
      if wanted.contains(item) {
        if !outline.expanded.contains(item), allows(.noExpand, item) { edited.expand([item]) }
      } else if outline.expanded.contains(item), allows(.noCollapse, item) {
        edited.collapse([item])
      }
    }
    try commit(edited)
  }

  /// Whether an identifier is taken: in the outline the commands see, or in another section.
  func isTaken(_ item: String) -> Bool {
    outline.contains(item) || sections.contains { $0.name != current && $0.outline.contains(item) }
  }

  /// Whether `item` matches `pattern` as `find` matches.
  ///
  /// From the man page: "by identifier or by title. A pattern with `*` or `?` is a glob that
  /// must match the whole text; any other pattern is found anywhere in it. Both ignore case."
  func matches(_ pattern: String, _ item: String) -> Bool {
    let texts = [item, title(of: item)].map { $0.lowercased() }
    let lowered = pattern.lowercased()
    if pattern.contains("*") || pattern.contains("?") {
      return texts.contains { Self.glob(lowered, matches: $0) }
    }
    return lowered.isEmpty || texts.contains { $0.contains(lowered) }
  }

  /// The man page's natural order of two titles: -1, 0 or 1.
  ///
  /// "Runs of digits compare by value, other text without regard to case, and a number before
  /// text"; a title that runs out first comes first.
  static func naturalOrder(_ a: String, _ b: String) -> Int {
    let x = runs(a)
    let y = runs(b)
    for (p, q) in zip(x, y) {
      switch (p, q) {
      case (.number(let m), .number(let n)):
        if m.count != n.count { return m.count < n.count ? -1 : 1 }
        if m != n { return m < n ? -1 : 1 }
      case (.number, .text): return -1
      case (.text, .number): return 1
      case (.text(let m), .text(let n)):
        if m != n { return m < n ? -1 : 1 }
      }
    }
    return x.count == y.count ? 0 : x.count < y.count ? -1 : 1
  }

  /// A title's runs: digits (their value's digits, no leading zeros) or lowercased text.
  private enum Run {
    case number(String)
    case text(String)
  }

  private static func runs(_ text: String) -> [Run] {
    var result: [Run] = []
    var current = ""
    var digits = false
    func flush() {
      guard !current.isEmpty else { return }
      if digits {
        result.append(.number(String(current.drop { $0 == "0" })))
      } else {
        result.append(.text(current.lowercased()))
      }
      current = ""
    }
    for character in text {
      let isDigit = ("0"..."9").contains(character)
      if isDigit != digits { flush() }
      digits = isDigit
      current.append(character)
    }
    flush()
    return result
  }
}
