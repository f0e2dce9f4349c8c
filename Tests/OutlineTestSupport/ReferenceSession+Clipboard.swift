import Diffable

extension ReferenceSession {
  /// `cut`, `copy`, `paste` and `duplicate` of several items, written from SPEC §4 and the man
  /// page's sentences.
  ///
  /// - `cut ITEM...` "deletes the items with their subtrees, one transaction, and keeps them for
  ///   `paste`, identifiers, expansion, titles and attributes included; an item inside another
  ///   one named goes with it". `copy` keeps them and changes nothing.
  /// - `paste before|after|into ITEM` "inserts what was cut or copied as siblings right before
  ///   ITEM, right after its subtree, or as its last children"; "a collapsed ITEM pasted into
  ///   opens on what it got". "What was cut comes back under its own identifiers the first
  ///   time; a copy, and every later paste, under the first suffix that leaves every name
  ///   free, titled as the originals". Nothing kept is `refused`.
  /// - `duplicate ITEM...`: each outermost item copied right after itself, in order, with one
  ///   suffix per subtree, the first that leaves its names free (earlier copies included).
  mutating func executeClipboard(_ command: ReferenceCommand) throws(Failure) {
    let outline = outline
    switch command {
    case .cut(let items), .copy(let items):
      for item in items where !outline.contains(item) { throw Failure(.unknownItem) }
      let roots = outermost(items)
      var nodes: [ReferenceOutline<String>.Node] = []
      for root in roots {
        let subtree = try attempt { () throws(SnapshotError) in
          try outline.snapshot(of: root, includingParent: true)
        }
        nodes += subtree.roots
      }
      let kept = ReferenceOutline(roots: nodes, expanded: outline.expanded)
      var cutting = false
      if case .cut = command { cutting = true }
      var keptTitles: [String: String] = [:]
      var keptAttributes: [String: [Attribute]] = [:]
      for item in kept.items {
        keptTitles[item] = titles[item]
        keptAttributes[item] = attributes[item]
      }
      if cutting {
        var edited = outline
        try attempt { () throws(SnapshotError) in try edited.delete(roots) }
        try commit(edited)
      }
      clipboard = Clipboard(
        subtrees: kept, titles: keptTitles, attributes: keptAttributes, isCut: cutting)
    case .paste(let target):
      guard let clipboard else { throw Failure(.refused) }
      let anchor: String?
      switch target {
      case .before(let item), .after(let item), .into(let item): anchor = item
      case .intoView: anchor = nil
      }
      if let anchor, !outline.contains(anchor) { throw Failure(.unknownItem) }
      let kept = clipboard.subtrees
      var names = kept.items
      if !clipboard.isCut || names.contains(where: isTaken) {
        var suffix = 2
        while kept.items.map({ "\($0) (\(suffix))" }).contains(where: isTaken) { suffix += 1 }
        names = kept.items.map { "\($0) (\(suffix))" }
      }
      let renaming = Dictionary(uniqueKeysWithValues: zip(kept.items, names))
      let pasted = ReferenceOutline(
        preOrder: kept.rows.map { (renaming[$0.item]!, $0.level) },
        expanded: Set(kept.expanded.map { renaming[$0]! }))
      var edited = outline
      try attempt { () throws(SnapshotError) in
        switch target {
        case .before(let item): try edited.insert(pasted, before: item)
        case .after(let item): try edited.insert(pasted, after: item)
        case .into(let parent):
          let children = try edited.snapshot(of: parent).rootItems
          if let last = children.last {
            try edited.insert(pasted, after: last)
          } else {
            try edited.replace(childrenOf: parent, using: pasted)
          }
          edited.expand([parent])
        case .intoView:
          // No focus (the focus's was rewritten): after the last root, or the whole outline.
          if let last = edited.rootItems.last {
            try edited.insert(pasted, after: last)
          } else {
            edited = pasted
          }
        }
      }
      var titles = titles
      var attributes = attributes
      for (old, new) in zip(kept.items, names) {
        titles[new] = clipboard.titles[old] ?? (new == old ? nil : old)
        attributes[new] = clipboard.attributes[old]
      }
      self.titles = titles
      self.attributes = attributes
      try commit(edited)
      self.clipboard?.isCut = false
      made = names.first
    case .duplicateEach(let items):
      for item in items where !outline.contains(item) { throw Failure(.unknownItem) }
      var edited = outline
      var titles = titles
      var attributes = attributes
      for item in outermost(items) {
        let subtree = try attempt { () throws(SnapshotError) in
          try edited.snapshot(of: item, includingParent: true)
        }
        func taken(_ name: String) -> Bool {
          edited.contains(name)
            || sections.contains { $0.name != current && $0.outline.contains(name) }
        }
        var suffix = 2
        while subtree.items.map({ "\($0) (\(suffix))" }).contains(where: taken) { suffix += 1 }
        let renaming = Dictionary(
          uniqueKeysWithValues: subtree.items.map { ($0, "\($0) (\(suffix))") })
        let copy = ReferenceOutline(
          preOrder: subtree.rows.map { (renaming[$0.item]!, $0.level) },
          expanded: Set(subtree.expanded.map { renaming[$0]! }))
        try attempt { () throws(SnapshotError) in try edited.insert(copy, after: item) }
        for original in subtree.items {
          titles[renaming[original]!] = titles[original] ?? original
          attributes[renaming[original]!] = attributes[original]
        }
        made = made ?? renaming[item]
      }
      self.titles = titles
      self.attributes = attributes
      try commit(edited)
    default:
      preconditionFailure("not a clipboard command: \(command)")
    }
  }
}
