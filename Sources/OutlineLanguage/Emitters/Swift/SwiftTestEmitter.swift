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
  var body: [String] = []
  /// How deep the next line is nested (an open batch is a `do` block).
  var depth = 0
  /// The open batch's `var snapshot`: a batch that never mutates it (flat commands, or no
  /// edit) makes it a `let`, or drops it after `begin --empty`.
  var batchDeclaration: BatchDeclaration?
  /// The names of the kept snapshots (`@NAME`), in the order they were first kept.
  var keptNames: [String] = []
  var keptSet: Set<String> = []
  /// Whether the run gave an item a title, or checked one.
  var usesTitles = false
  /// Whether a handler closure calls `glob(_:matches:)`.
  var usesGlob = false

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
      // The contents compare in O(1) when the command left them alone (shared storage); the
      // titles are derived from them, once each side.
      let titles = after.contents.items == before.contents.items ? nil : after.titles
      if let titles, titles != before.titles {
        switch command {
        case .editing(.retitle), .editing(.appendTitled), .editing(.insertTitled): break
        default:
          usesTitles = true
          add("titles = \(Self.literal(titles))  // the app's model")
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
    case .flat(let change): flat(change, outcome, before, after)
    case .files(let action): file(action, outcome, before, after)
    }
  }

  func isExpectation(_ command: Command) -> Bool {
    if case .files(.expect) = command { return true }
    return false
  }

  /// Appends lines at the current depth.
  mutating func add(_ lines: [String]) {
    let indent = String(repeating: "  ", count: depth + 2)
    for line in lines { body.append(indent + line) }
  }

  mutating func add(_ line: String) { add([line]) }

  /// Where the open batch's `snapshot` is declared in `body`, and what it starts from.
  struct BatchDeclaration {
    /// Its line in `body`.
    var line: Int
    /// The nesting it was written at.
    var depth: Int
    /// Its value (`SwiftCode.batchSnapshot`).
    var value: String
    /// Whether the batch began with `--empty`.
    var empty: Bool
  }

  /// Declares the open batch's `snapshot`, a `var` until the batch shows it never changes.
  mutating func declareBatchSnapshot(_ before: SessionState, empty: Bool) {
    let value = SwiftCode.batchSnapshot(before, empty: empty)
    batchDeclaration = BatchDeclaration(line: body.count, depth: depth, value: value, empty: empty)
    add("var snapshot = " + value)
  }

  /// `do { LINES }`, a scope of its own for `snapshot` and `transaction`.
  mutating func scope(_ lines: [String]) {
    add("do {")
    add(lines.map { "  " + $0 })
    add("}")
  }

  mutating func keep(_ name: String) {
    if keptSet.insert(name).inserted { keptNames.append(name) }
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

  /// The app's model of titles as a dictionary literal, its keys sorted.
  ///
  /// - Complexity: O(*t* log *t*) in the titles.
  static func literal(_ titles: [String: String]) -> String {
    let pairs = titles.keys.sorted().map {
      "\(SwiftCode.literal($0)): \(SwiftCode.literal(titles[$0]!))"
    }
    return "[\(pairs.isEmpty ? ":" : pairs.joined(separator: ", "))]"
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
    if usesTitles {
      checks.append("    XCTAssertEqual(titles, \(Self.literal(final.titles)))  // the app's model")
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
