import Diffable

extension SwiftCode {
  /// The check that `command` fails and changes nothing, as a test makes it: the native
  /// throwing API in `XCTAssertThrowsError` where the library throws (UIKit traps there), the
  /// simulation returning nil where a handler refuses, or a comment where only outline refuses
  /// (the library has no such check).
  ///
  /// - Parameters:
  ///   - effect: What the command attempted, as far as it got.
  ///   - error: Why the command failed, when known.
  ///   - handlers: The handler calls the failed command made.
  static func failureCheck(
    _ command: Command, effect: Effect, error: CommandError?, handlers: [HandlerCall],
    _ state: SessionState
  ) -> FailureCheck {
    let reason = error.map { "outline refuses it: \($0.message)" } ?? "outline refuses it"
    let section = state.editedSection
    switch command {
    case .editing(let edit):
      // A kept snapshot that is not there: the app would have no such value to pass.
      if case .edit(let calls) = effect, calls.contains(where: { $0.missesKeptSnapshot(in: state) })
      {
        return .note(reason)
      }
      switch edit {
      case .retitle, .note, .attr, .check, .reveal, .filter, .rename, .duplicate, .duplicateEach,
        .sort, .focus, .unfocus:
        return .note(reason)
      case .childSnapshot(let parent, let includingParent, _):
        let source =
          state.batchSection == nil
          ? "dataSource.native.snapshot(for: \(literal(section)))"
          : "snapshot.native"
        return [
          "XCTAssertThrowsError(try \(source).snapshot(of: \(literal(parent)), "
            + "includingParent: \(includingParent)))"
        ]
      case .cut, .copy, .paste: return .note(reason)
      case .append, .insert, .insertSnapshot, .delete, .deleteAll, .replaceChildren, .appendTitled,
        .insertTitled:
        break
      }
      if state.batchSection != nil, error?.code == .duplicateItem {
        return .note(reason, uikit: "UIKit would trap at the batch's apply")
      }
      let calls = editCalls(effect, state, receiver: "edited", native: true)
      var body = [
        state.batchSection == nil
          ? "  var edited = dataSource.native.snapshot(for: \(literal(section)))"
          : "  var edited = snapshot.native"
      ]
      body += calls.map { "  try " + $0 }
      if state.batchSection == nil {
        body.append("  try dataSource.native.apply(edited, to: \(literal(section)))")
      }
      return FailureCheck(["XCTAssertThrowsError(try {"] + body + ["}())"])
    case .interactions(let interaction):
      if error?.code == .notVisible, let hidden = interaction.hiddenRow(in: state) {
        return hiddenRowCheck(hidden, reason)
      }
      return interactionFailure(
        interaction, effect, error: error, handlers: handlers, state, reason)
    case .sections(.add(let names)):
      return [
        "XCTAssertThrowsError(try {",
        "  var sections = dataSource.native.snapshot()",
        "  try sections.appendSections(\(array(names)))",
        "}())",
      ]
    case .sections(.move(let name, let placement)):
      let call: String
      switch placement {
      case .before(let other):
        call = "moveSection(\(literal(name)), beforeSection: \(literal(other)))"
      case .after(let other):
        call = "moveSection(\(literal(name)), afterSection: \(literal(other)))"
      }
      return [
        "XCTAssertThrowsError(try {",
        "  var sections = dataSource.native.snapshot()",
        "  try sections.\(call)",
        "}())",
      ]
    case .queries(.item(let query, let item)) where query != .title:
      let source =
        state.batchSection == nil
        ? "dataSource.native.snapshot(for: \(literal(section)))"
        : "snapshot.native"
      return ["XCTAssertThrowsError(try \(source).\(call(query, item)))"]
    case .transactions(.apply) where error?.code == .duplicateItem:
      return [
        "XCTAssertThrowsError(try dataSource.native.apply(snapshot.native, to: \(literal(section))))"
      ]
    case .flat:
      return flatFailure(effect, error: error, state, reason)
    case .sections(.delete) where error?.code == .unknownSection:
      return .note(reason, uikit: "UIKit's deleteSections(_:) ignores a section it does not hold")
    case .rules, .queries, .sections, .transactions, .files:
      return .note(reason)
    }
  }

  /// The failure of a flat snapshot command: the native call in `XCTAssertThrowsError` where
  /// the library throws on `dataSource.snapshot()` as UIKit traps; a note where only outline
  /// refuses (a hidden item, which the native snapshot holds; an unknown item that
  /// `deleteItems(_:)` ignores; hidden items the apply would drop; a batch).
  static func flatFailure(
    _ effect: Effect, error: CommandError?, _ state: SessionState, _ reason: String
  ) -> FailureCheck {
    guard case .flat(let calls, _) = effect else { return .note(reason) }
    let deletes = calls.contains {
      if case .deleteItems = $0 { return true }
      return false
    }
    let uikit =
      deletes && error?.code == .unknownItem
      ? "UIKit's deleteItems(_:) ignores an item the snapshot does not hold" : nil
    guard state.batchSection == nil else { return .note(reason, uikit: uikit) }
    var flat = state.snapshot
    var throwing = false
    for call in calls {
      do {
        try call.perform(on: &flat)
      } catch {
        throwing = true
      }
    }
    guard throwing else { return .note(reason, uikit: uikit) }
    return FailureCheck(
      ["XCTAssertThrowsError(try {", "  var snapshot = dataSource.native.snapshot()"]
        + flatCalls(calls, on: "snapshot").map { "  try " + $0 } + ["}())"])
  }

  /// A gesture on a row no one sees: UIKit has no call for a touch a user cannot make, so the
  /// test checks why, the row hidden under its collapsed ancestor.
  static func hiddenRowCheck(_ hidden: HiddenRow, _ reason: String) -> FailureCheck {
    let snapshot = "dataSource.snapshot(for: \(literal(hidden.section)))"
    var check = FailureCheck([
      comment(reason),
      "XCTAssertFalse(\(snapshot).isVisible(\(literal(hidden.item))))",
      "XCTAssertFalse(\(snapshot).isExpanded(\(literal(hidden.ancestor))))",
    ])
    check.callsTheAPI = false
    return check
  }

  /// The failure of a tap, reorder or drag.
  static func interactionFailure(
    _ command: Command.InteractionCommand, _ effect: Effect, error: CommandError?,
    handlers: [HandlerCall], _ state: SessionState, _ reason: String
  ) -> FailureCheck {
    // `--force` is the app's own expand(_:) or collapse(_:), which the library, as Apple,
    // runs silently on an unknown item (SEMANTICS).
    var uikit: String?
    switch command {
    case .expand(_, true), .collapse(_, true):
      if error?.code == .unknownItem {
        uikit = "UIKit's \(command.name)(_:) ignores an unknown item"
      }
    default:
      break
    }
    if state.batchSection != nil { return .note(reason, uikit: uikit) }
    let refusedByHandler: Bool
    switch handlers.last {
    case .shouldExpandItem(_, false)?, .shouldCollapseItem(_, false)?, .canReorderItem(_, false)?:
      refusedByHandler = true
    default:
      refusedByHandler = false
    }
    let section = state.editedSection
    switch command {
    case .expand(let items, false), .collapse(let items, false):
      // A refused tap changes nothing; a tap refused after others that were undone cannot be
      // written as one call.
      let taps = handlers.filter {
        if case .shouldExpandItem = $0 { return true }
        if case .shouldCollapseItem = $0 { return true }
        return false
      }
      guard refusedByHandler, taps.count == 1, let item = taps[0].item, items.contains(item)
      else { return .note(reason) }
      return [
        "XCTAssertNil(dataSource.toggleDisclosure(of: \(literal(item))))  // the handler refuses"
      ]
    case .move(let item, .intoSection(let name, let placement)):
      let destination: String
      switch placement {
      case .before(let anchor)?: destination = ".before(\(literal(anchor)))"
      case .after(let anchor)?: destination = ".after(\(literal(anchor)))"
      case nil: destination = ".lastRoot"
      }
      let arguments = "\(literal(item)), toSection: \(literal(name)), at: \(destination)"
      return FailureCheck(
        refusedByHandler
          ? ["XCTAssertNil(dataSource.reorder(\(arguments)))  // canReorderItem refuses"]
          : ["XCTAssertThrowsError(try dataSource.native.reorder(\(arguments)))"])
    case .move(let item, let destination):
      let arguments = "\(literal(item)), to: \(destinationText(destination.destination))"
      return FailureCheck(
        refusedByHandler
          ? ["XCTAssertNil(dataSource.reorder(\(arguments)))  // canReorderItem refuses"]
          : ["XCTAssertThrowsError(try dataSource.native.reorder(\(arguments)))"])
    case .expandAll, .collapseAll, .expandToDepth, .reorderEach:
      // Several reorders, the ones before the failure undone, are no single call.
      return .note(reason)
    case .indent(let item), .outdent(let item), .shift(let item, _):
      guard refusedByHandler, case .reorder(_, let destination, _) = effect else {
        return .note(reason)
      }
      return [
        "XCTAssertNil(dataSource.reorder(\(literal(item)), to: "
          + "\(destinationText(destination))))  // canReorderItem refuses"
      ]
    case .drag(let from, let to):
      // In a focus, a row past the view's is refused before the data source sees one.
      if state.focus != nil, !refusedByHandler { return .note(reason) }
      let arguments = "in: \(literal(section)), fromRow: \(from), toRow: \(to)"
      return FailureCheck(
        refusedByHandler
          ? ["XCTAssertNil(dataSource.drag(\(arguments)))  // canReorderItem refuses"]
          : ["XCTAssertThrowsError(try dataSource.native.drag(\(arguments)))"])
    case .dragAcross(let from, let to):
      // Refused in a focus of either section before the data source sees it.
      if state.focus != nil, from.section == section || to.section == section {
        return .note(reason)
      }
      let arguments =
        "fromRow: \(from.row), in: \(literal(from.section)), toRow: \(to.row), "
        + "in: \(literal(to.section))"
      return refusedByHandler
        ? .note(reason)
        : FailureCheck(["XCTAssertThrowsError(try dataSource.native.drag(\(arguments)))"])
    case .expand(_, true), .collapse(_, true):
      return .note(reason, uikit: uikit)
    }
  }
}

/// The check of a failure in an emitted test: its lines, whether they call the API (a
/// comment alone does not, so no handler call follows it), and whether only outline refuses
/// the command, which `--swift` says in place of "fails".
struct FailureCheck: ExpressibleByArrayLiteral {
  /// The lines.
  var lines: [String]
  /// Whether the lines call the API, which makes the handler calls the test then checks.
  var callsTheAPI: Bool
  /// Whether only outline refuses the command: UIKit's calls for it do not fail (a note).
  var outlineRefuses = false
  /// What UIKit does instead, when outline alone refuses and the difference is worth saying
  /// (`UIKit's deleteItems(_:) ignores an item the snapshot does not hold`).
  var uikit: String?

  /// Lines that call the API.
  init(_ lines: [String]) {
    self.lines = lines
    callsTheAPI = true
  }

  init(arrayLiteral lines: String...) { self.init(lines) }

  /// A comment saying why the failure has no check in the test: only outline refuses; `uikit`
  /// says what UIKit does instead.
  static func note(_ reason: String, uikit: String? = nil) -> FailureCheck {
    var check = FailureCheck([SwiftCode.comment(reason + (uikit.map { "; " + $0 } ?? ""))])
    check.callsTheAPI = false
    check.outlineRefuses = true
    check.uikit = uikit
    return check
  }
}

extension SnapshotCall {
  /// Whether the call takes a kept snapshot that `state` does not hold.
  func missesKeptSnapshot(in state: SessionState) -> Bool {
    switch self {
    case .insertSnapshot(.kept(let name), _), .replaceChildren(_, .kept(let name)):
      return state.kept[name] == nil
    default:
      return false
    }
  }
}
