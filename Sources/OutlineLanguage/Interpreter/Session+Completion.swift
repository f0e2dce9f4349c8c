extension Session {
  /// Tab completion for `line` with the cursor after `cursor` characters: the words the
  /// grammar accepts there, offering this session's items (the focus's descendants, with a
  /// focus), kept snapshots, sections, the view's visible rows (`@N`, listed with their
  /// titles) and, after `attr ITEM`, the item's attribute names.
  ///
  /// A front end's readline adapts this one call (`Completion` says what is offered where).
  ///
  /// ```swift
  /// session.run("append Food Drinks")
  /// session.completions(line: "expand F", cursor: 8).words  // ["Food"]
  /// ```
  ///
  /// - Complexity: O(*n* + *k*), where *n* is the length of the line and *k* the number of items,
  ///   kept snapshots and sections.
  public func completions(line: String, cursor: Int) -> Completion.Candidates {
    let rows = viewRows
    return Completion.candidates(
      line: line, cursor: cursor, identifiers: focus == nil ? allItems : viewItems(.items),
      names: keptSnapshots.keys.sorted(),
      sections: dataSource.snapshot().sectionIdentifiers,
      files: { [fileSystem] in fileSystem.names(completing: $0) }, rows: rows.count,
      rowLabel: { [outline, contents] in
        contents.title(of: outline.visibleItem(at: rows.lowerBound + $0))
      },
      attributes: { [unowned self] word in
        let item = RowReference(word).flatMap { try? resolve($0).get().first } ?? word
        return contents[item].attributes.map(\.name)
      })
  }
}
