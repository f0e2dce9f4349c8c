import Diffable

extension Outcome {
  /// The outcome as `--json` prints it: one object, on one line (SPEC §2), its transactions
  /// proportional to their changes (`json(snapshots: false)`).
  ///
  /// - Complexity: O(*k* log *n*), where *k* is the number of changes.
  public var json: JSONValue { json(snapshots: false) }

  /// The outcome as `--json` prints it (`--json-snapshots` with `snapshots`): one object, on
  /// one line (SPEC §2).
  ///
  /// ```json
  /// {"command": "collapse Food", "ok": true,
  ///  "handlers": [{"name": "shouldCollapseItem", "item": "Food", "result": true}, …],
  ///  "transaction": {"difference": {…}, "sections": [{"section": "main", "difference": {…}}]}}
  /// ```
  ///
  /// A change has `handlers` and `transaction` (`null` when nothing changed), and
  /// `transactions`, each in order, when it made two or more (`transaction` is then the last);
  /// a query has `result`; a failure has `error` with its `code` and `message`. A `note` is
  /// added when there is one, and `warnings` (an array of strings) when there are some.
  ///
  /// A section entry carries `section`, `difference` and `hierarchy` (the items that changed
  /// parent, each `{"item", "from": {"parent", "level"}, "to": {…}}`, a root's parent `null`;
  /// their descendants are not listed), so that a line's size follows the change and never the
  /// outline. With `snapshots`, or when the outcome is `inFull`
  /// (`last --full`), it also carries the whole section snapshot before and after, as
  /// `initial` and `final` (`items`, `visible` and `expanded`).
  ///
  /// - Parameter snapshots: Whether each section entry carries `initial` and `final`.
  /// - Complexity: O(*k* log *n*), where *k* is the number of changes; O(*k* log *n* + *v*)
  ///   with the snapshots, where *v* is the number of items of the touched sections. A change
  ///   whose difference was a whole diff (a batch, an undo) also compares every item for
  ///   `hierarchy`, in O(*n*): less than that diff cost.
  public func json(snapshots: Bool) -> JSONValue {
    let snapshots = snapshots || inFull
    var members: [(String, JSONValue)] = [("command", .string(command)), ("ok", .bool(ok))]
    if let error {
      members.append(
        (
          "error",
          .object([("code", .string(error.code.rawValue)), ("message", .string(error.message))])
        ))
    } else if let result {
      members.append(("result", result.json))
      if case .found(let lines) = result {
        members.append(("rows", .array(lines.map { $0.row.map(JSONValue.number) ?? .null })))
      }
    } else {
      members.append(("handlers", .array(handlers.map(\.json))))
      if steps.count > 1 {
        members.append(
          (
            "transactions",
            .array(steps.map { Self.json(of: $0.transaction, snapshots: snapshots) })
          ))
      }
      members.append(
        ("transaction", transaction.map { Self.json(of: $0, snapshots: snapshots) } ?? .null))
      // A drag's lift: the first change is the collapse, made with no handler asked.
      if let lifted = steps.first?.lifted { members.append(("lifted", .string(lifted))) }
      if !reconfigured.isEmpty {
        members.append(("reconfigured", .array(reconfigured.map { .string($0) })))
      }
      if !marks.reloadedItems.isEmpty {
        members.append(("reloaded", .array(marks.reloadedItems.map { .string($0) })))
      }
      if !marks.reloadedSections.isEmpty {
        members.append(("reloadedSections", .array(marks.reloadedSections.map { .string($0) })))
      }
      if reloadsData { members.append(("reloadData", .bool(true))) }
    }
    if let focusChange {
      members.append(
        ("focus", focusChange.path.isEmpty ? .null : .array(focusChange.path.map { .string($0) })))
    }
    if let note { members.append(("note", .string(note))) }
    if !warnings.isEmpty { members.append(("warnings", .array(warnings.map { .string($0) }))) }
    return .object(members)
  }

  /// A transaction's `difference` and `sections`; each section's `initial` and `final`
  /// snapshots only with `snapshots`.
  static func json(of transaction: Transaction<String, String>, snapshots: Bool) -> JSONValue {
    let initial = transaction.initialSnapshot
    let final = transaction.finalSnapshot
    let rows = json(
      removals: transaction.removalOffsets, insertions: transaction.insertionOffsets,
      old: { initial.itemIdentifier(at: $0) ?? "?" }, new: { final.itemIdentifier(at: $0) ?? "?" })
    let sections = transaction.sectionTransactions.map { section -> JSONValue in
      let before = section.initialSnapshot
      let after = section.finalSnapshot
      var members: [(String, JSONValue)] = [
        ("section", .string(section.sectionIdentifier)),
        (
          "difference",
          json(
            removals: section.removalOffsets, insertions: section.insertionOffsets,
            old: { before.item(at: $0) }, new: { after.item(at: $0) })
        ),
        ("hierarchy", .array(section.hierarchyChanges.map(\.json))),
      ]
      if snapshots {
        members.append(("initial", json(of: before)))
        members.append(("final", json(of: after)))
      }
      return .object(members)
    }
    return .object([("difference", rows), ("sections", .array(sections))])
  }

  private static func json(
    removals: [(offset: Int, associatedWith: Int?)],
    insertions: [(offset: Int, associatedWith: Int?)],
    old: (Int) -> String, new: (Int) -> String
  ) -> JSONValue {
    func change(_ change: (offset: Int, associatedWith: Int?), _ item: (Int) -> String)
      -> JSONValue
    {
      .object([
        ("offset", .number(change.offset)), ("item", .string(item(change.offset))),
        ("associatedWith", change.associatedWith.map { .number($0) } ?? .null),
      ])
    }
    return .object([
      ("removals", .array(removals.map { change($0, old) })),
      ("insertions", .array(insertions.map { change($0, new) })),
    ])
  }

  private static func json(of snapshot: SectionSnapshot<String>) -> JSONValue {
    .object([
      ("items", .array(snapshot.items.map { .string($0) })),
      ("visible", .array(snapshot.visibleItems.map { .string($0) })),
      ("expanded", .array(snapshot.expandedItems.map { .string($0) })),
    ])
  }
}

extension HierarchyChange<String> {
  /// `{"item": "Garden", "from": {"parent": null, "level": 0}, "to": {"parent": "Food",
  /// "level": 1}}`.
  var json: JSONValue {
    func place(_ place: Place) -> JSONValue {
      .object([
        ("parent", place.parent.map { .string($0) } ?? .null), ("level", .number(place.level)),
      ])
    }
    return .object([("item", .string(item)), ("from", place(from)), ("to", place(to))])
  }
}

extension HandlerCall {
  /// `{"name": "shouldCollapseItem", "item": "Food", "result": true}`; for
  /// `snapshotForExpandingParent`, the children it was given (`current`) and returned
  /// (`result`), as item lists.
  var json: JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name))]
    if let item { members.append(("item", .string(item))) }
    switch self {
    case .shouldExpandItem(_, let result), .shouldCollapseItem(_, let result),
      .canReorderItem(_, let result):
      members.append(("result", .bool(result)))
    case .snapshotForExpandingParent(_, let current, let result):
      members.append(("current", .array(current.items.map { .string($0) })))
      members.append(("result", .array(result.items.map { .string($0) })))
    case .willExpandItem, .willCollapseItem, .willReorder, .didReorder:
      break
    }
    return .object(members)
  }
}

extension QueryResult {
  /// A list of identifiers or lines, a number, a boolean, an identifier or `null`, a text, or
  /// for `diff` a transaction object (`difference`, `sections`) with `reconfigured` (the items),
  /// `contents` (how each one's content changed) and `same`.
  var json: JSONValue {
    switch self {
    case .items(let items), .lines(let items): return .array(items.map { .string($0) })
    case .found(let lines): return .array(lines.map { .string($0.item) })
    case .number(let number): return .number(number)
    case .bool(let value): return .bool(value)
    case .item(let item): return item.map { .string($0) } ?? .null
    case .text(let text), .file(let text): return .string(text)
    case .tree(let lines):
      let width = TreeLine.rowWidth(of: lines)
      return .array(lines.map { .string($0.text(rowWidth: width)) })
    case .diff(let diff):
      // A transaction object as a change's, with the items it reconfigures and how.
      var members: [(String, JSONValue)] = []
      if let transaction = diff.transaction,
        case .object(let parts) = Outcome.json(of: transaction, snapshots: false)
      {
        members = parts
      } else {
        members = [
          ("difference", .object([("removals", .array([])), ("insertions", .array([]))])),
          ("sections", .array([])),
        ]
      }
      members.append(("reconfigured", .array(diff.reconfigured.map { .string($0) })))
      members.append(("contents", .array(diff.contentChanges.map(\.json))))
      members.append(("same", .bool(diff.isEmpty)))
      return .object(members)
    }
  }
}

extension ContentChange {
  /// `{"item": …, "title": {"from": …, "to": …}, "note": {"from": …, "to": …},
  /// "lines": {"from": …, "to": …}, "attributes": […]}`, `title`, `note` and `lines` only when
  /// they changed (a note's whole text, or the item's other lines in a Markdown file; null for
  /// none).
  var json: JSONValue {
    var members: [(String, JSONValue)] = [("item", .string(item))]
    if oldTitle != newTitle {
      members.append(("title", .object([("from", .string(oldTitle)), ("to", .string(newTitle))])))
    }
    if noteChanged {
      members.append(
        (
          "note",
          .object([
            ("from", oldNote.map(JSONValue.string) ?? .null),
            ("to", newNote.map(JSONValue.string) ?? .null),
          ])
        ))
    }
    if blocksChanged {
      members.append(
        (
          "lines",
          .object([
            ("from", oldBlocks.map(JSONValue.string) ?? .null),
            ("to", newBlocks.map(JSONValue.string) ?? .null),
          ])
        ))
    }
    members.append(("attributes", .array(attributes.map { .string($0) })))
    return .object(members)
  }
}
