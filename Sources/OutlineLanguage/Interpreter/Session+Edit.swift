import Diffable

extension Session {
  /// `edit [ITEM]`: the current section, or ITEM's subtree, handed to the session's
  /// `TextEditor` as a Markdown list of titles; when the editor exits, its text is applied as
  /// one transaction by the matching rule (`MatchedOutline`): an unchanged line is its item,
  /// a moved line a move, a line changed in place the same item retitled (reconfigured), and
  /// what is left inserted or deleted.
  ///
  /// In a focus, `edit` with no ITEM edits the focused item's children, as the view shows them:
  /// the text's roots become its children (`edit ITEM` still has ITEM as the text's root).
  ///
  /// A task's box is written before its title (`- [ ] Ship`): a box typed, changed or removed
  /// checks, unchecks or un-tasks the item (its `_status`), and a new line with a box is a new
  /// task. Matched items keep their identifiers, other attributes (notes among them) and
  /// expansion; a new item's identifier is its text, suffixed where taken. An applied edit's file is removed.
  ///
  /// - Throws: `unknownItem` for ITEM; `refused` in a batch; `io` when there is no editor, it
  ///   cannot start, it exits with a failure, or what it leaves is not UTF-8, does not read as a
  ///   Markdown list, holds what an outline does not keep, or cannot be applied. Nothing changes
  ///   then, and an error after the editor ran names the file that keeps what was typed.
  /// - Complexity: O(*n* log *n*) in the items of the section, plus the editor's time.
  func edit(_ item: String?, into outcome: inout Outcome) throws(CommandError) {
    try refuseDuringBatch()
    if let item { try requireItem(item) }
    guard let editor else {
      throw CommandError(
        because: .cannotEdit(reason: "this session has no editor (outline runs $EDITOR)", kept: nil)
      )
    }
    let whole = outline
    var old = whole
    // In a focus, `edit` alone edits the focus's children: the text's roots are its children.
    let scope = item ?? focus
    if let scope {
      do {
        old = try whole.snapshot(of: scope, includingParent: item != nil)
      } catch {
        throw failure(error)
      }
    }
    var document = OutlineDocument()
    document.nodes.reserveCapacity(old.count)
    let titles = contents
    old.forEachRow { row in
      // A task's box is written before its title (`- [x] Ship`), and read back from the text.
      let state = titles.items.isEmpty ? nil : titles.items[row.item]?.taskState
      document.nodes.append(
        OutlineDocument.Node(
          level: row.level, text: titles.title(of: row.item),
          attributes: OutlineDocument.attributes([], withTaskState: state),
          expanded: row.isExpanded))
      return true
    }
    let text: [UInt8]
    do {
      text = try OutlineFormat.markdown.write(document)
    } catch {
      throw CommandError(
        because: .cannotEdit(reason: unwritable(document, error, writing: old), kept: nil))
    }
    let edited: EditedText
    do {
      edited = try editor.edit(text, suffix: ".md")
    } catch {
      throw CommandError(because: .cannotEdit(reason: error.reason, kept: nil))
    }
    func refuse(_ reason: String) -> CommandError {
      CommandError(because: .cannotEdit(reason: reason, kept: edited.path))
    }
    guard edited.status == 0 else {
      throw refuse("the editor exited with status \(edited.status), so nothing changed")
    }
    guard let bytes = edited.bytes else { throw refuse("the edited file cannot be read") }
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw refuse("the edited text is not UTF-8, so nothing changed")
    }
    let result: OutlineDocument
    do {
      result = try OutlineFormat.markdown.read(bytes)
    } catch {
      throw refuse("the edited text is not a Markdown list: \(error.message)")
    }
    if let loss = result.losses.first {
      throw refuse("the edited text holds what an outline does not keep: \(loss.detail)")
    }
    if let line = result.source?.firstLineOfText() {
      throw refuse(
        "the edited text holds a line that is not a list item or heading (line \(line + 1)), "
          + "which an edit would drop")
    }
    let matched = MatchedOutline(
      result, over: old, contents: contents, expansion: .kept, attributes: .kept,
      allocator: IdentifierAllocator { [self] in isTaken($0) })
    let removed = removedWarning(old, matched)
    let transaction: Transaction<String, String>
    do throws(SnapshotError) {
      let snapshot =
        if let item {
          try matched.snapshot(replacingSubtreeOf: item, in: whole)
        } else if let scope {
          try matched.snapshot(replacingChildrenOf: scope, in: whole, hadChildren: old.count > 0)
        } else {
          try matched.snapshot()
        }
      transaction = try dataSource.apply(snapshot, to: section)
    } catch {
      throw refuse(error.message)
    }
    contents.reserve(matched.contents.count)
    for (item, content) in matched.contents { contents[item] = content }
    editor.discard(edited)
    outcome.transaction = Self.nonEmpty(transaction)
    record(matched.changes, in: &outcome)
    let what =
      if let item {
        "\(Quoting.word(item))'s subtree"
      } else if let scope {
        "the children of \(Quoting.word(scope)) (the focus)"
      } else {
        "section \(Quoting.word(section))"
      }
    outcome.note =
      "edited \(what)"
      + ", matched by text: " + Self.matchSummary(matched, oldCount: old.count)
      + (matched.allocator.note.map { "\n" + $0 } ?? "")
    if let removed { outcome.warnings.append(removed) }
  }

  /// The warning for the items of `old` that the matched text removes while they held more
  /// than the title the editor showed (a note, attributes, lines of their own in the section's
  /// file: a block quote, code), naming them and what went with them; nil when none did.
  ///
  /// A line moved and changed at once is removed and inserted (the matching rule): the text
  /// shows titles only, so this is where a person learns that its blocks went with it.
  ///
  /// ```text
  /// edit removed Ship with its note, 1 line of the file (a block quote); `undo` brings it back
  /// ```
  ///
  /// - Complexity: O(*n*) in the items of `old` and the text, plus the lines of the removed
  ///   items; nothing when the text removes no item.
  private func removedWarning(_ old: SectionSnapshot<String>, _ matched: MatchedOutline)
    -> String?
  {
    guard old.count > matched.matchedCount, !contents.items.isEmpty else { return nil }
    let kept = Set(matched.items)
    let source = contents.sources[section]
    var described: [String] = []
    var count = 0
    old.forEachRow { row in
      guard !kept.contains(row.item), let content = contents.items[row.item] else { return true }
      var parts: [String] = []
      var attributes = 0
      for attribute in content.attributes {
        if attribute.name == Self.noteAttribute {
          if !attribute.value.isEmpty { parts.append("its note") }
        } else {
          attributes += 1
        }
      }
      if attributes > 0 { parts.append(Self.count(attributes, "attribute")) }
      if let source, let node = content.sourceNode(in: source) {
        let (lines, kinds) = source.ownBlocks(of: node)
        if lines > 0 {
          parts.append(
            "\(Self.count(lines, "line")) of the file (\(kinds.joined(separator: ", ")))")
        }
      }
      guard !parts.isEmpty else { return true }
      count += 1
      if described.count < 5 {
        let title = Quoting.word(contents.title(of: row.item))
        described.append("\(title) with \(parts.joined(separator: ", "))")
      }
      return true
    }
    guard count > 0 else { return nil }
    return "edit removed \(described.joined(separator: "; "))"
      + (count > 5 ? "; and \(count - 5) more" : "")
      + "; `undo` brings \(count == 1 ? "it" : "them") back"
  }

  /// Why the titles of `document` cannot go to the editor: the first one its list cannot hold.
  ///
  /// Named with what to do here; `problem`, the Markdown writer's, advises a file format, which
  /// does not help an edit.
  ///
  /// - Complexity: O(*n*) in the items.
  func unwritable(
    _ document: OutlineDocument, _ problem: FormatProblem, writing old: SectionSnapshot<String>
  ) -> String {
    guard
      let index = document.nodes.firstIndex(where: { SourceLayout.problem(with: $0.text) != nil })
    else { return message(of: problem, writing: old) }
    return message(
      of: FormatProblem(
        item: index, text: document.nodes[index].text,
        "the editor's list cannot hold a title with a line break or blanks at either end; "
          + "retitle that item first, or edit a part of the outline without it (edit ITEM)"),
      writing: old)
  }

}
