import Diffable

/// Each group's commands as the emitted test writes them (see `SwiftTestEmitter`).
extension SwiftTestEmitter {
  mutating func editing(
    _ command: Command.EditingCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) {
    let section = before.editedSection
    switch command {
    case .childSnapshot(let parent, let includingParent, let name):
      let call = SwiftCode.childSnapshotCall(parent, includingParent, before)
      let items =
        (try? before.outline.snapshot(of: parent, includingParent: includingParent).items) ?? []
      if let name {
        keep(name)
        add("\(SwiftCode.kept(name)) = \(call)")
        add("XCTAssertEqual(\(SwiftCode.kept(name)).items, \(SwiftCode.array(items)))")
      } else {
        add("XCTAssertEqual(\(call).items, \(SwiftCode.array(items)))")
      }
    case .retitle(let item, let title):
      usesTitles = true
      add("titles[\(SwiftCode.literal(item))] = \(SwiftCode.literal(title))  // the app's model")
      reconfigure(item, outcome, before)
    case .note(let item, _), .attr(let item, _):
      add("// the app's model: \(command.description)")
      reconfigure(item, outcome, before)
    case .check:
      add("// the app's model: \(command.description)")
      if case .reconfigure(let items) = outcome.effect { reconfigure(items, outcome, before) }
    case .rename, .duplicate, .duplicateEach:
      // One subtree's calls, the session's own edit: its transaction is checked, as an edit's.
      guard before.batchSection == nil, outcome.transaction != nil,
        let calls = SwiftCode.subtreeCalls(outcome, after)
      else {
        rebuild(command.description, outcome, before, after)
        return
      }
      add(SwiftCode.comment(command.description + ": the app's own code, one apply"))
      nativeEdit(calls, in: section, outcome.transaction)
    case .reveal, .filter, .sort:
      rebuild(command.description, outcome, before, after)
    case .focus, .unfocus:
      if outcome.effect == .rebuild { rebuild(command.description, outcome, before, after) }
      add(SwiftCode.focusComment(after))
    case .copy:
      add("// \(command.description): the app keeps the subtrees; nothing changes")
    case .append, .insert, .insertSnapshot, .delete, .deleteAll, .replaceChildren, .appendTitled,
      .cut, .paste:
      var calls = SwiftCode.editCalls(outcome.effect, after)
      if case .appendTitled = command { usesTitles = true }
      for (item, text) in SwiftCode.titled(command, outcome) where item != text {
        calls.append("titles[\(SwiftCode.literal(item))] = \(SwiftCode.literal(text))")
      }
      if before.batchSection != nil {
        add(calls)
      } else {
        nativeEdit(calls, in: section, outcome.transaction)
      }
    }
  }

  /// An outliner's bulk command as app code: the snapshot the app builds, applied once.
  ///
  /// Expansion changed, or the items rebuilt; in a batch, the working copy is replaced. Its
  /// transaction is not checked (the rebuilt snapshot is diffed anew, so moves may pair
  /// differently). `rename` and `duplicate` outside a batch are calls on one subtree, the
  /// session's own edit, and are checked as an edit is.
  mutating func rebuild(
    _ what: String, _ outcome: Outcome, _ before: SessionState, _ after: SessionState
  ) {
    // The test is `async`, where an apply without a completion is UIKit's `async` overload
    // (iOS 15).
    let (heading, lines) = SwiftCode.rebuilt(what, outcome, before, after, awaiting: true)
    add(heading)
    if before.batchSection != nil {
      add(lines)
    } else {
      scope(lines)
    }
  }

  /// `calls` on `section`'s snapshot, in a scope of their own, applied through the native data
  /// source so that `transaction`'s differences are checked.
  mutating func nativeEdit(
    _ calls: [String], in section: String, _ transaction: Transaction<String, String>?
  ) {
    scope(
      ["var snapshot = dataSource.snapshot(for: \(SwiftCode.literal(section)))"] + calls
        + applied(
          "dataSource.native.apply(snapshot, to: \(SwiftCode.literal(section)))", transaction))
  }

  /// `let transaction = CALL` and the checks of its differences, or the call alone and a check
  /// that it changed nothing.
  func applied(_ call: String, _ transaction: Transaction<String, String>?) -> [String] {
    guard let transaction else {
      return ["XCTAssertTrue(\(call).difference.isEmpty)"]
    }
    return ["let transaction = \(call)"] + Self.checks(of: transaction)
  }

  mutating func interaction(
    _ command: Command.InteractionCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) {
    let section = before.editedSection
    switch command {
    case .expandAll, .collapseAll, .expandToDepth:
      rebuild(command.description, outcome, before, after)
    case .expand(let items, true), .collapse(let items, true):
      let call = "snapshot.\(command.name)(\(SwiftCode.array(items)))"
      if before.batchSection != nil {
        add(call)
      } else {
        nativeEdit([call], in: section, outcome.transaction)
      }
    case .expand(_, false), .collapse(_, false):
      guard case .taps(let taps) = outcome.effect, !taps.isEmpty else {
        add(SwiftCode.comment("no tap: \(outcome.note ?? "nothing to do")"))
        return
      }
      let transactions =
        outcome.steps.isEmpty
        ? outcome.transaction.map { [$0] } ?? [] : outcome.steps.map(\.transaction)
      for (index, item) in taps.enumerated() {
        let call = "dataSource.toggleDisclosure(of: \(SwiftCode.literal(item)))"
        if taps.count == transactions.count {
          scope(
            ["let transaction = try XCTUnwrap(\(call))  // the user's tap"]
              + Self.checks(of: transactions[index]))
        } else {
          add(call + "  // the user's tap")
        }
      }
      checkCalls(outcome.handlers)
    case .reorderEach:
      guard case .reorders(let reorders) = outcome.effect, !reorders.isEmpty else {
        add(SwiftCode.comment("no reorder: \(outcome.note ?? "nothing to do")"))
        return
      }
      let transactions =
        outcome.steps.isEmpty
        ? outcome.transaction.map { [$0] } ?? [] : outcome.steps.map(\.transaction)
      for (index, reorder) in reorders.enumerated() {
        // An item an earlier reorder of the command hid is on no row: it moves unchecked.
        let call =
          "dataSource.reorder(\(SwiftCode.literal(reorder.item)), to: "
          + "\(SwiftCode.destinationText(reorder.destination))"
          + (reorder.wasHidden ? ", checkingVisibility: false)" : ")")
        let who = reorder.wasHidden ? "an earlier drop hid it" : "the user's drop"
        if reorders.count == transactions.count {
          scope(
            ["let transaction = try XCTUnwrap(\(call))  // \(who)"]
              + Self.checks(of: transactions[index]))
        } else {
          add(call + "  // \(who)")
        }
      }
      checkCalls(outcome.handlers)
    case .move, .indent, .outdent, .drag, .dragAcross, .shift:
      guard let call = simulation(outcome.effect, before) else {
        add(SwiftCode.comment("no simulation for this command"))
        return
      }
      // A drag's lift is a change of its own: the simulation returns the drop's transaction,
      // none when the drop changed nothing after the lift.
      let drop = outcome.steps.last?.lifted == nil ? outcome.transaction : nil
      if let transaction = drop {
        scope(
          ["let transaction = try XCTUnwrap(\(call))  // the user's drop"]
            + Self.checks(of: transaction))
      } else {
        add("XCTAssertNil(\(call))  // \(Quoting.visible(outcome.note ?? "no change"))")
      }
      checkCalls(outcome.handlers)
    }
  }

  /// The check that the handlers were called as outline printed them, in order.
  ///
  /// `XCTAssertEqual(calls.take(), ["shouldExpandItem(Food) -> true", …])` also clears the
  /// record for the next interaction.
  mutating func checkCalls(_ handlers: [HandlerCall]) {
    let lines = handlers.map(\.description)
    let call = "XCTAssertEqual(calls.take(), "
    let single = call + SwiftCode.array(lines) + ")  // the handler calls"
    if single.count + 2 * (depth + 2) <= 100 || lines.count < 2 {
      add(single)
    } else {
      add(
        [call + "[  // the handler calls"] + lines.map { "  " + SwiftCode.literal($0) + "," }
          + ["])"])
    }
  }

  /// The simulation API call of a reorder or drag.
  func simulation(_ effect: Effect, _ before: SessionState) -> String? {
    switch effect {
    case .reorderAcross(let item, let name, let destination):
      return "dataSource.reorder(\(SwiftCode.literal(item)), toSection: "
        + "\(SwiftCode.literal(name)), at: \(SwiftCode.destinationText(destination)))"
    case .reorder(let item, let destination):
      return "dataSource.reorder(\(SwiftCode.literal(item)), to: "
        + "\(SwiftCode.destinationText(destination)))"
    case .reorders:
      return nil
    case .drag(let from, let to):
      return "dataSource.drag(in: \(SwiftCode.literal(before.editedSection)), fromRow: \(from), "
        + "toRow: \(to))"
    case .dragAcross(let from, let to):
      let names = before.sectionNames
      guard let source = names.firstIndex(of: from.section),
        let destination = names.firstIndex(of: to.section)
      else { return nil }
      return "dataSource.drag(from: IndexPath(item: \(from.row), section: \(source)), "
        + "to: IndexPath(item: \(to.row), section: \(destination)))"
    case .none, .edit, .rebuild, .reconfigure, .rebuildMatching, .taps, .sections, .restore,
      .flat, .reloadData:
      return nil
    }
  }

  mutating func sections(
    _ command: Command.SectionCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) {
    switch command {
    case .list:
      add(
        "XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, \(SwiftCode.array(after.sectionNames)))"
      )
    case .use:
      add(SwiftCode.sections(command, outcome, before, after))
    case .add, .delete, .move:
      let apply =
        outcome.transaction.map {
          ["let transaction = dataSource.native.apply(sections)"] + Self.checks(of: $0)
        }
        ?? ["await dataSource.apply(sections)  // the async overload, in an async test"]
      scope(
        ["var sections = dataSource.snapshot()"] + SwiftCode.sectionCalls(outcome.effect) + apply)
    }
  }

  mutating func transaction(
    _ command: Command.TransactionCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) {
    switch command {
    case .begin(let empty):
      add("do {  // the batch")
      depth += 1
      declareBatchSnapshot(before, empty: empty)
    case .apply:
      if before.batch?.flat != nil {
        add(SwiftCode.markChecks(outcome.marks, on: "flatSnapshot"))
        add(applied("dataSource.native.apply(flatSnapshot)", outcome.transaction))
        closeBatch()
        return
      }
      if before.batch?.sectionEdited == false { declareUnmutated() }
      let call = "dataSource.native.apply(snapshot, to: \(SwiftCode.literal(before.editedSection)))"
      add(applied(call, outcome.transaction))
      closeBatch()
    case .discard:
      if before.batch?.sectionEdited == false, before.batch?.flat == nil { declareUnmutated() }
      add(SwiftCode.transaction(command, outcome, before, after))
      closeBatch()
    case .last, .log:
      add(SwiftCode.transaction(command, outcome, before, after))
    case .undo, .redo:
      // A change of the sections alone makes no transaction, but is undone all the same.
      guard outcome.effect == .restore else {
        add(SwiftCode.comment(outcome.note ?? "nothing to do"))
        return
      }
      add(SwiftCode.comment("UIKit keeps no history: the app applies the state it kept"))
      restore(after)
    }
  }

  /// Makes the open batch's `var snapshot` a `let`: nothing mutated it.
  mutating func declareUnmutated() {
    guard let declaration = batchDeclaration else { return }
    let indent = String(repeating: "  ", count: declaration.depth + 2)
    body[declaration.line] = indent + "let snapshot = " + declaration.value
  }

  mutating func closeBatch() {
    batchDeclaration = nil
    guard depth > 0 else { return }
    depth -= 1
    add("}")
  }

  mutating func file(
    _ command: Command.FileCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) {
    switch command {
    case .expect(.error(let inner)):
      add(SwiftCode.comment("\(inner.description) fails, and changes nothing:"))
      let check = SwiftCode.failureCheck(
        inner, effect: outcome.expectedFailure?.effect ?? .none,
        error: outcome.expectedFailure?.error, handlers: outcome.handlers, before)
      add(check.lines)
      if case .interactions = inner, check.callsTheAPI { checkCalls(outcome.handlers) }
    case .expect(let expectation):
      if case .title = expectation { usesTitles = true }
      add(SwiftCode.expectLines(expectation, outcome, before, flatName: "flatSnapshot"))
    case .load(let path, _, _):
      if case .rebuildMatching = outcome.effect {
        rebuildMatching("load \(Quoting.word(path))", outcome, before, after)
      } else {
        add(SwiftCode.file(command, outcome, before, after))
      }
      if outcome.effect == .restore { restore(after) }
      for handler in SwiftCode.RuleHandler.allCases {
        add(SwiftCode.handlerClosure(handler, after.rules, recording: true))
      }
      usesGlob = usesGlob || SwiftCode.needsGlobFunction(after.rules)
    case .importFile(let path, _, _):
      rebuild("import \(Quoting.word(path))", outcome, before, after)
    case .edit:
      rebuildMatching(command.description, outcome, before, after)
    case .diff:
      add(SwiftCode.comment(command.description + ": a query of files, which changes nothing"))
    case .save, .saveAll, .export, .source, .say, .help, .setOutput, .quit:
      add(SwiftCode.file(command, outcome, before, after))
    }
  }

  /// A text applied by the matching rule (`load` over an outline, `edit`): the snapshot the app
  /// builds, applied once, then the reconfigured items' cells.
  mutating func rebuildMatching(
    _ what: String, _ outcome: Outcome, _ before: SessionState, _ after: SessionState
  ) {
    guard case .rebuildMatching(let reconfigured) = outcome.effect else {
      add(SwiftCode.comment(what + ": nothing changed"))
      return
    }
    rebuild(what, outcome, before, after)
    if !reconfigured.isEmpty {
      scope([
        "var snapshot = dataSource.snapshot()",
        "snapshot.reconfigureItems(\(SwiftCode.array(reconfigured)))",
        "await dataSource.apply(snapshot)  // the same cells, given their new content",
      ])
    }
  }

  /// Applies `state` whole: the sections, then each section's snapshot built by appending its
  /// items level by level and expanding what is expanded.
  mutating func restore(_ state: SessionState) {
    scope(
      [
        "var sections = NSDiffableDataSourceSnapshot<String, String>()",
        "sections.appendSections(\(SwiftCode.array(state.sectionNames)))",
        "await dataSource.apply(sections)",
      ])
    for (name, outline) in state.sections where outline.count > 0 {
      scope(
        Self.building(outline) + [
          "await dataSource.apply(snapshot, to: \(SwiftCode.literal(name)))"
        ]
      )
    }
  }

  /// `var snapshot = …` and the appends and expansion that build `outline`.
  static func building(_ outline: SectionSnapshot<String>, as name: String = "snapshot")
    -> [String]
  {
    var children: [String: [String]] = [:]
    var roots: [String] = []
    var parents: [String] = []
    for item in outline.items {
      if let parent = (try? outline.parent(of: item)) ?? nil {
        if children[parent] == nil { parents.append(parent) }
        children[parent, default: []].append(item)
      } else {
        roots.append(item)
      }
    }
    var lines = [
      "var \(name) = NSDiffableDataSourceSectionSnapshot<String>()",
      "\(name).append(\(SwiftCode.array(roots)))",
    ]
    for parent in parents {
      lines.append(
        "\(name).append(\(SwiftCode.array(children[parent]!)), to: \(SwiftCode.literal(parent)))")
    }
    let expanded = outline.expandedItems
    if !expanded.isEmpty { lines.append("\(name).expand(\(SwiftCode.array(expanded)))") }
    return lines
  }

  /// A content change's reconfigured cell, when the data source reconfigured one.
  private mutating func reconfigure(_ item: String, _ outcome: Outcome, _ before: SessionState) {
    reconfigure([item], outcome, before)
  }

  /// Reconfigures `items`, as the data source did.
  private mutating func reconfigure(
    _ items: [String], _ outcome: Outcome, _ before: SessionState
  ) {
    guard !outcome.reconfigured.isEmpty, before.batchSection == nil else { return }
    scope([
      "var snapshot = dataSource.snapshot()",
      "snapshot.reconfigureItems(\(SwiftCode.array(items)))",
      "await dataSource.apply(snapshot)  // the async overload, in an async test",
    ])
  }
}
