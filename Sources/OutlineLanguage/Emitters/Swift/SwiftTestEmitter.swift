import Diffable

/// Turns a run into one Swift test file: what `outline --emit-swift` prints.
///
/// Each command is recorded as it completes, with the session's state before and after it
/// (`record(_:outcome:before:after:)`); `file(final:)` then writes an `XCTestCase` named after
/// the script (`emoji-explorer.outline`: `EmojiExplorerTests`, so that several live in one test
/// target) with one test method, in which every command is the Swift `SwiftCode` prints for it,
/// against `UICollectionViewDiffableDataSource` and the `NSDiffableDataSource…` types of
/// `import Diffable`:
///
/// - an edit applies through `dataSource.native`, which returns the transaction that UIKit's
///   `apply` does not, and the test checks its flat and section differences;
/// - a tap, reorder or drag goes through the library's simulation API (`toggleDisclosure(of:)`,
///   `reorder(_:to:)`, `drag(in:fromRow:toRow:)`), and its transaction is checked the same way;
/// - a rule installs the handler closure it stands for;
/// - every `expect` and query is an assertion; a failing command, or `expect error`, is
///   `XCTAssertThrowsError` on the native throwing API (or `XCTAssertNil` of a refused
///   interaction; a comment where only outline refuses);
/// - the test ends by checking every section's items, visible items and expansion.
///
/// A wrong `expect` in the script is a failing assertion in the test.
///
/// - Complexity: O(1) amortized lines per command, plus its identifiers; `load`, `undo` and
///   `redo` write the whole state they restore.
public struct SwiftTestEmitter {
  /// The test case's type name: `EmojiExplorerTests`.
  public let typeName: String
  /// The script the run came from, for the header comment.
  let scriptName: String
  /// The test method's lines so far, indented.
  private var body: [String] = []
  /// How deep the next line is nested (an open batch is a `do` block).
  private var depth = 0
  /// The names of the kept snapshots (`@NAME`), in the order they were first kept.
  private var keptNames: [String] = []
  private var keptSet: Set<String> = []
  /// Whether the run gave an item a title, or checked one.
  private var usesTitles = false
  /// Whether a handler closure calls `glob(_:matches:)`.
  private var usesGlob = false

  /// Creates an emitter for the run of the script named `scriptName` (a file name or path; the
  /// type is named after its last component, without its extension).
  public init(scriptName: String) {
    self.scriptName = scriptName
    typeName = Self.typeName(for: scriptName)
  }

  /// `emoji-explorer.outline` → `EmojiExplorerTests`.
  public static func typeName(for scriptName: String) -> String {
    let file = scriptName.split(separator: "/").last.map(String.init) ?? scriptName
    let stem = file.contains(".") ? String(file[..<file.lastIndex(of: ".")!]) : file
    var name = ""
    var upper = true
    for scalar in stem.unicodeScalars {
      guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
        upper = true
        continue
      }
      name += upper ? String(scalar).uppercased() : String(scalar)
      upper = false
    }
    if name.isEmpty || ("0"..."9").contains(name.unicodeScalars.first!) { name = "Script" + name }
    return name + "Tests"
  }

  // MARK: Recording

  /// Adds the Swift of one command's outcome: what its effect did, the session being in its
  /// `before` state and then in its `after` state.
  ///
  /// - Complexity: O(*k*) in the command's identifiers, handler calls and changes.
  public mutating func record(_ outcome: Outcome) {
    add(SwiftCode.comment("> " + outcome.command))
    guard let command = outcome.parsed, let before = outcome.before, let after = outcome.after
    else {
      add(SwiftCode.comment("does not parse: \(outcome.error?.message ?? "")"))
      return
    }
    if let error = outcome.error, !isExpectation(command) || error.code != .expectationFailed {
      let check = SwiftCode.failureCheck(
        command, effect: outcome.effect, error: error, handlers: outcome.handlers, before)
      add(check.lines)
      if case .interactions = command, check.callsTheAPI { checkCalls(outcome.handlers) }
      return
    }
    defer {
      // A command that changed titles in passing (undo, rename, delete, import): the app's
      // model follows, as the whole dictionary.
      if before.titles != after.titles {
        switch command {
        case .editing(.retitle), .editing(.appendTitled): break
        default:
          usesTitles = true
          let pairs = after.titles.keys.sorted().map {
            "\(SwiftCode.literal($0)): \(SwiftCode.literal(after.titles[$0]!))"
          }
          add(
            "titles = [\(pairs.isEmpty ? ":" : pairs.joined(separator: ", "))]  // the app's model")
        }
      }
    }
    switch command {
    case .editing(let edit): editing(edit, outcome, before, after)
    case .interactions(let action): interaction(action, outcome, before, after)
    case .rules(.list): add(SwiftCode.comment("the rules are the handler closures installed"))
    case .rules(let rule):
      add(SwiftCode.rules(rule, before, after, recording: true))
      usesGlob = usesGlob || SwiftCode.needsGlobFunction(after.rules)
    case .queries(let question): query(question, outcome, before)
    case .sections(let change): sections(change, outcome, before, after)
    case .transactions(let step): transaction(step, outcome, before, after)
    case .files(let action): file(action, outcome, before, after)
    }
  }

  private func isExpectation(_ command: Command) -> Bool {
    if case .files(.expect) = command { return true }
    return false
  }

  /// Appends lines at the current depth.
  private mutating func add(_ lines: [String]) {
    let indent = String(repeating: "  ", count: depth + 2)
    for line in lines { body.append(indent + line) }
  }

  private mutating func add(_ line: String) { add([line]) }

  /// `do { LINES }`, a scope of its own for `snapshot` and `transaction`.
  private mutating func scope(_ lines: [String]) {
    add("do {")
    add(lines.map { "  " + $0 })
    add("}")
  }

  private mutating func keep(_ name: String) {
    if keptSet.insert(name).inserted { keptNames.append(name) }
  }

  // MARK: Groups

  private mutating func editing(
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
      if !outcome.reconfigured.isEmpty, before.batchSection == nil {
        scope([
          "var snapshot = dataSource.snapshot()",
          "snapshot.reconfigureItems(\(SwiftCode.array([item])))",
          "await dataSource.apply(snapshot)  // the async overload, in an async test",
        ])
      }
    case .rename, .duplicate:
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
    case .append, .insert, .insertSnapshot, .delete, .deleteAll, .replaceChildren, .appendTitled:
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
  private mutating func rebuild(
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
  private mutating func nativeEdit(
    _ calls: [String], in section: String, _ transaction: Transaction<String, String>?
  ) {
    scope(
      ["var snapshot = dataSource.snapshot(for: \(SwiftCode.literal(section)))"] + calls
        + applied(
          "dataSource.native.apply(snapshot, to: \(SwiftCode.literal(section)))", transaction))
  }

  /// `let transaction = CALL` and the checks of its differences, or the call alone and a check
  /// that it changed nothing.
  private func applied(_ call: String, _ transaction: Transaction<String, String>?) -> [String] {
    guard let transaction else {
      return ["XCTAssertTrue(\(call).difference.isEmpty)"]
    }
    return ["let transaction = \(call)"] + Self.checks(of: transaction)
  }

  private mutating func interaction(
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
    case .move, .indent, .outdent, .drag, .dragAcross, .shift:
      guard let call = simulation(outcome.effect, before) else {
        add(SwiftCode.comment("no simulation for this command"))
        return
      }
      if let transaction = outcome.transaction {
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
  private mutating func checkCalls(_ handlers: [HandlerCall]) {
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
  private func simulation(_ effect: Effect, _ before: SessionState) -> String? {
    switch effect {
    case .reorderAcross(let item, let name, let destination):
      return "dataSource.reorder(\(SwiftCode.literal(item)), toSection: "
        + "\(SwiftCode.literal(name)), at: \(SwiftCode.destinationText(destination)))"
    case .reorder(let item, let destination):
      return "dataSource.reorder(\(SwiftCode.literal(item)), to: "
        + "\(SwiftCode.destinationText(destination)))"
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
    case .none, .edit, .rebuild, .reconfigure, .taps, .restore:
      return nil
    }
  }

  private mutating func query(
    _ command: Command.QueryCommand, _ outcome: Outcome, _ before: SessionState
  ) {
    let source = SwiftCode.source(before)
    switch (command, outcome.result) {
    case (.show, _):
      add(SwiftCode.comment("show draws the tree for a person: no assertion"))
    case (.describe, .lines(let lines)?):
      add("XCTAssertEqual(\(source).native.visualDescriptionLines(), \(SwiftCode.array(lines)))")
    case (.list(let list), .items(let items)?):
      add("XCTAssertEqual(\(source).\(SwiftCode.property(list)), \(SwiftCode.array(items)))")
    case (.count, .number(let number)?):
      add("XCTAssertEqual(\(source).items.count, \(number))")
    case (.item(.title, let item), .text(let title)?):
      usesTitles = true
      add(
        "XCTAssertEqual(titles[\(SwiftCode.literal(item))] ?? \(SwiftCode.literal(item)), "
          + "\(SwiftCode.literal(title)))")
    case (.item(let query, let item), let result?):
      let call = "\(source).\(SwiftCode.call(query, item))"
      switch result {
      case .number(let number): add("XCTAssertEqual(\(call), \(number))")
      case .bool(true): add("XCTAssertTrue(\(call))")
      case .bool(false): add("XCTAssertFalse(\(call))")
      case .item(let answer?): add("XCTAssertEqual(\(call), \(SwiftCode.literal(answer)))")
      case .item(nil): add("XCTAssertNil(\(call))")
      default: add(SwiftCode.query(command, before))
      }
    default:
      add(SwiftCode.query(command, before))
    }
  }

  private mutating func sections(
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
        ["var sections = dataSource.snapshot()"] + SwiftCode.sectionCalls(command, before) + apply)
    }
  }

  private mutating func transaction(
    _ command: Command.TransactionCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) {
    switch command {
    case .begin:
      add("do {  // the batch")
      depth += 1
      add(SwiftCode.transaction(command, before))
    case .apply:
      let call = "dataSource.native.apply(snapshot, to: \(SwiftCode.literal(before.editedSection)))"
      add(applied(call, outcome.transaction))
      closeBatch()
    case .discard:
      add(SwiftCode.transaction(command, before))
      closeBatch()
    case .last, .log:
      add(SwiftCode.transaction(command, before))
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

  private mutating func closeBatch() {
    guard depth > 0 else { return }
    depth -= 1
    add("}")
  }

  private mutating func file(
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
      add(SwiftCode.expectLines(expectation, outcome, before))
    case .load:
      add(SwiftCode.file(command, outcome, before, after))
      if outcome.effect == .restore { restore(after) }
      for handler in SwiftCode.RuleHandler.allCases {
        add(SwiftCode.handlerClosure(handler, after.rules, recording: true))
      }
      usesGlob = usesGlob || SwiftCode.needsGlobFunction(after.rules)
    case .importFile(let path, _, _):
      rebuild("import \(Quoting.word(path))", outcome, before, after)
    case .save, .export, .source, .say, .help, .quit:
      add(SwiftCode.file(command, outcome, before, after))
    }
  }

  /// Applies `state` whole: the sections, then each section's snapshot built by appending its
  /// items level by level and expanding what is expanded.
  private mutating func restore(_ state: SessionState) {
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

  // MARK: Checks

  /// The assertions on `transaction`: its flat difference, its sections and each section's
  /// difference, as `changes(_:)` writes them.
  static func checks(of transaction: Transaction<String, String>) -> [String] {
    var lines = [
      "XCTAssertEqual(changes(transaction.difference), \(SwiftCode.array(changes(transaction.difference))))"
    ]
    let sections = transaction.sectionTransactions
    lines.append(
      "XCTAssertEqual(transaction.sectionTransactions.map(\\.sectionIdentifier), "
        + "\(SwiftCode.array(sections.map(\.sectionIdentifier))))")
    for (index, section) in sections.enumerated() {
      lines.append(
        "XCTAssertEqual(changes(transaction.sectionTransactions[\(index)].difference), "
          + "\(SwiftCode.array(changes(section.difference))))")
    }
    return lines
  }

  /// A difference as the emitted `changes(_:)` writes it: `-1 Apple` (a removal at offset 1),
  /// `+3 Kiwi`, and for a move `-2 Pear ->0` and `+0 Pear <-2`.
  static func changes(_ difference: CollectionDifference<String>) -> [String] {
    var lines: [String] = []
    for case .remove(let offset, let item, let other) in difference.removals {
      lines.append("-\(offset) \(item)" + (other.map { " ->\($0)" } ?? ""))
    }
    for case .insert(let offset, let item, let other) in difference.insertions {
      lines.append("+\(offset) \(item)" + (other.map { " <-\($0)" } ?? ""))
    }
    return lines
  }

  // MARK: The file

  /// The emitted test's template, `Resources/EmittedTest.swift.template`: the header, the test
  /// case's start with every handler installed, and the functions after it (`changes(_:)`,
  /// `HandlerCalls`, `word(_:)`, `tree(_:)`).
  static let template = Asset(
    PackageResources.EmittedTest_swift_template, name: "EmittedTest.swift.template")

  /// The emitted test's `glob(_:matches:)`, for a run whose rules match items by a pattern.
  static let globTemplate = Asset(
    PackageResources.EmittedTestGlob_swift_template, name: "EmittedTestGlob.swift.template")

  /// The test file, ending with the checks of `final`, the session's state after the run.
  ///
  /// - Complexity: O(*l* + *n*) in the recorded lines and the final items.
  public func file(final: SessionState) -> String {
    var declarations: [String] = []
    if usesTitles {
      declarations.append(
        "    var titles: [String: String] = [:]  // the app's model: items' titles")
    }
    for name in keptNames {
      declarations.append(
        "    var \(SwiftCode.kept(name)) = NSDiffableDataSourceSectionSnapshot<String>()"
          + "  // @\(Quoting.visible(name).replacingNewlines())")
    }
    var steps = body
    for level in stride(from: depth, to: 0, by: -1) {
      steps.append(String(repeating: "  ", count: level + 1) + "}  // the batch never applied")
    }
    var checks = [
      "    XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, "
        + "\(SwiftCode.array(final.sectionNames)))"
    ]
    for (name, outline) in final.sections {
      let source = "dataSource.snapshot(for: \(SwiftCode.literal(name)))"
      checks.append("    XCTAssertEqual(\(source).items, \(SwiftCode.array(outline.items)))")
      checks.append(
        "    XCTAssertEqual(\(source).visibleItems, \(SwiftCode.array(outline.visibleItems)))")
      checks.append(
        "    XCTAssertEqual(\(source).expandedItems, \(SwiftCode.array(outline.expandedItems)))")
    }
    return Self.template.filled(
      text: [
        "type": typeName,
        "method": "test" + typeName.dropLast("Tests".count),
        "script": Quoting.visible(scriptName).replacingNewlines(),
      ],
      lines: [
        "declarations": declarations,
        "steps": steps,
        "checks": checks,
        "glob": usesGlob ? ["", Self.globTemplate.textWithoutFinalLineBreak] : [],
      ])
  }
}
