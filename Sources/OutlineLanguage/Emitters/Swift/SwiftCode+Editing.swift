import Diffable

extension SwiftCode {
  /// An edit: `snapshot(for:)`, the section snapshot calls of its effect, `apply(_:to:)`; in a
  /// batch, the calls alone, on the working copy.
  static func editing(
    _ command: Command.EditingCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) -> [String] {
    let section = before.editedSection
    switch command {
    case .retitle, .note, .attr, .check, .reveal, .filter, .rename, .duplicate, .duplicateEach,
      .sort, .focus, .unfocus, .copy:
      // The app's own code, which outline refused before it ran: the failure line says why.
      guard outcome.ok else { return [] }
    default:
      break
    }
    switch command {
    case .childSnapshot(let parent, let includingParent, let name):
      let call = childSnapshotCall(parent, includingParent, before)
      return [name.map { "let \(kept($0)) = \(call)" } ?? call]
    case .retitle(let item, let title):
      return reconfiguring(
        "the app's model gives \(Quoting.word(item)) the title \(Quoting.word(title))", outcome)
    case .note(let item, nil):
      return [comment("note: the app's model holds \(Quoting.word(item))'s note")]
    case .attr(let item, nil):
      return [comment("attr: the app's model holds \(Quoting.word(item))'s attributes")]
    case .note, .attr:
      return reconfiguring("the app's model: \(command.description)", outcome)
    case .check(let items, let checked):
      return reconfiguring(
        "the app's model: \(items.map(Quoting.word).joined(separator: " ")) "
          + (checked ? "done" : "not done") + " (\(command.description))", outcome)
    case .reveal, .filter, .rename, .duplicate, .duplicateEach, .sort:
      let (heading, lines) = rebuilt(command.description, outcome, before, after)
      return [heading] + lines
    case .focus, .unfocus:
      var lines: [String] = []
      if outcome.effect == .rebuild {
        let (heading, calls) = rebuilt(command.description, outcome, before, after)
        lines = [heading] + calls
      }
      return lines + [focusComment(after)]
    case .copy(let items):
      return [
        comment(
          "copy: the app keeps the subtrees of \(items.map(Quoting.word).joined(separator: " "))")
      ]
    case .append, .insert, .insertSnapshot, .delete, .deleteAll, .replaceChildren, .appendTitled,
      .insertTitled, .cut, .paste:
      var lines = editCalls(outcome.effect, after)
      for (item, text) in titled(command, outcome) where outcome.ok && item != text {
        lines.append(
          comment("the app's model: \(Quoting.word(item)) is titled \(Quoting.word(text))"))
      }
      if before.batchSection == nil {
        var declaration = ""
        writeSnapshotDeclaration(of: section, to: &declaration)
        var apply = ""
        writeApply(to: section, to: &apply)
        lines.insert(declaration, at: 0)
        lines.append(apply)
      }
      return lines
    }
  }

  /// What the view is after `focus` or `unfocus`: a comment, since a focus is the session's
  /// view and no call on the data source (`// the view: snapshot(of: "Fruit")`).
  static func focusComment(_ state: SessionState) -> String {
    guard state.focus != nil else {
      return comment("unfocus: the view is \(source(state)) again")
    }
    return comment("the view (the session's focus): \(view(state))")
  }

  /// `dataSource.snapshot(for: "main").snapshot(of: "Food", includingParent: true)`.
  static func childSnapshotCall(_ parent: String, _ includingParent: Bool, _ state: SessionState)
    -> String
  {
    "\(source(state)).snapshot(of: \(literal(parent))"
      + (includingParent ? ", includingParent: true)" : ")")
  }

  /// The section snapshot calls of an edit's effect (what it did, or for a failed command
  /// what it attempted) on `receiver`, without `snapshot(for:)` and `apply`; none when its
  /// effect is no edit.
  ///
  /// - Parameters:
  ///   - receiver: The variable holding the section snapshot.
  ///   - native: Whether the calls are the native throwing ones, on `SectionSnapshot`, so that
  ///     a kept snapshot is passed as its `native` value.
  static func editCalls(
    _ effect: Effect, _ after: SessionState, receiver: String = "snapshot",
    native: Bool = false
  ) -> [String] {
    guard case .edit(let calls) = effect else { return [] }
    return lines(of: calls, after, receiver: receiver, native: native)
  }

  /// `calls` on `receiver`, each operand that the calls take prepared first: the children
  /// that a call takes as they were before the calls (`let children = snapshot.snapshot(of:)`)
  /// at the top, a snapshot the app builds right before the call that takes it.
  ///
  /// - Complexity: O(*k*) in the calls' identifiers, plus the items of each built snapshot.
  static func lines(
    of calls: [SnapshotCall], _ after: SessionState, receiver: String = "snapshot",
    native: Bool = false
  ) -> [String] {
    var taken: [String] = []
    var lines: [String] = []
    func operand(_ operand: SnapshotOperand) -> String {
      switch operand {
      case .kept(let name): return kept(name) + (native ? ".native" : "")
      case .childrenOf(let item):
        taken.append("let children = \(receiver).snapshot(of: \(literal(item)))")
        return "children"
      case .built(let item):
        let children = (try? after.outline.snapshot(of: item)) ?? SectionSnapshot()
        lines += SwiftTestEmitter.building(children, as: "children")
        return "children"
      case .pasted(let snapshot):
        lines += SwiftTestEmitter.building(snapshot, as: "pasted")
        return "pasted"
      }
    }
    for call in calls {
      switch call {
      case .insertSnapshot(let snapshot, let placement):
        let value = operand(snapshot)
        var line = "\(receiver).insert(\(value), "
        write(placement, to: &line)
        lines.append(line + ")")
      case .replaceChildren(let parent, let snapshot):
        let value = operand(snapshot)
        lines.append("\(receiver).replace(childrenOf: \(literal(parent)), using: \(value))")
      case .append, .insert, .delete, .deleteAll, .expand, .collapse:
        var line = ""
        writeItemsCall(call, receiver: receiver, to: &line)
        lines.append(line)
      }
    }
    return taken + lines
  }

  /// Whether `call` takes items alone, no snapshot the app prepares first: `append`, `insert`
  /// of items, `delete`, `deleteAll`, `expand`, `collapse` (`writeItemsCall` writes it).
  static func takesItemsAlone(_ call: SnapshotCall) -> Bool {
    switch call {
    case .append, .insert, .delete, .deleteAll, .expand, .collapse: return true
    case .insertSnapshot, .replaceChildren: return false
    }
  }

  /// Writes a call that takes items alone (`takesItemsAlone`) on `receiver` to `line`: a
  /// string, or the page's JSON (`snapshot.append(["Apple"], to: "Food")`); nothing for
  /// another call.
  ///
  /// - Complexity: O(*m*) in the call's identifiers.
  static func writeItemsCall<Text: SwiftText>(
    _ call: SnapshotCall, receiver: String, to line: inout Text
  ) {
    guard takesItemsAlone(call) else { return }
    line.appendSource(receiver)
    switch call {
    case .append(let items, let parent):
      line.appendSource(".append(")
      line.appendArray(items)
      if let parent {
        line.appendSource(", to: ")
        line.appendLiteral(parent)
      }
    case .insert(let items, let placement):
      line.appendSource(".insert(")
      line.appendArray(items)
      line.appendSource(", ")
      write(placement, to: &line)
    case .delete(let items):
      line.appendSource(".delete(")
      line.appendArray(items)
    case .deleteAll:
      line.appendSource(".deleteAll(")
    case .expand(let items):
      line.appendSource(".expand(")
      line.appendArray(items)
    case .collapse(let items):
      line.appendSource(".collapse(")
      line.appendArray(items)
    case .insertSnapshot, .replaceChildren:
      return
    }
    line.appendSource(")")
  }

  /// Writes `var snapshot = dataSource.snapshot(for: "main")`, the line before an edit's calls.
  static func writeSnapshotDeclaration<Text: SwiftText>(
    of section: String, to line: inout Text
  ) {
    line.appendSource("var snapshot = dataSource.snapshot(for: ")
    line.appendLiteral(section)
    line.appendSource(")")
  }

  /// Writes `dataSource.apply(snapshot, to: "main")`, the line after an edit's calls.
  static func writeApply<Text: SwiftText>(to section: String, to line: inout Text) {
    line.appendSource("dataSource.apply(snapshot, to: ")
    line.appendLiteral(section)
    line.appendSource(")")
  }

  /// Writes `before: "Apple"` or `after: "Apple"`.
  static func write<Text: SwiftText>(_ placement: Command.Placement, to line: inout Text) {
    switch placement {
    case .before(let anchor):
      line.appendSource("before: ")
      line.appendLiteral(anchor)
    case .after(let anchor):
      line.appendSource("after: ")
      line.appendLiteral(anchor)
    }
  }

  /// The identifiers `append --titled` or `insert --titled` gave its texts, each with its
  /// text: the items of its effect's append or insert; none for another command.
  static func titled(_ command: Command.EditingCommand, _ outcome: Outcome)
    -> [(item: String, text: String)]
  {
    guard case .edit(let calls) = outcome.effect else { return [] }
    switch (command, calls.first) {
    case (.appendTitled(let texts, _), .append(let items, _)?),
      (.insertTitled(let texts, _), .insert(let items, _)?):
      return Array(zip(items, texts))
    default:
      return []
    }
  }

  /// A content change (`retitle`, `note`, `attr`): `what` the app's model did, then the
  /// visible cell reconfigured (`reconfigureItems(_:)`), or why there is no cell to reconfigure
  /// (in a batch, a hidden item, the content it had: the note says which).
  static func reconfiguring(_ what: String, _ outcome: Outcome) -> [String] {
    var lines = [comment(what)]
    guard case .reconfigure(let items) = outcome.effect else {
      if outcome.ok, outcome.note != nil {
        lines.append(comment("no cell to reconfigure: \(outcome.note ?? "")"))
      }
      return lines
    }
    return lines + [
      "var snapshot = dataSource.snapshot()",
      "snapshot.reconfigureItems(\(array(items)))",
      "dataSource.apply(snapshot)",
    ]
  }
}
