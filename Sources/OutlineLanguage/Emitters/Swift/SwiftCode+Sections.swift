import Diffable

extension SwiftCode {
  /// A section command: the data source's `NSDiffableDataSourceSnapshot`, edited and applied.
  static func sections(
    _ command: Command.SectionCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) -> [String] {
    switch command {
    case .list:
      return ["dataSource.snapshot().sectionIdentifiers"]
    case .use(let name):
      // A refused `section use` changes nothing the code that follows edits.
      guard outcome.ok else { return [] }
      return [
        comment("the code that follows edits dataSource.snapshot(for: \(literal(name)))")
      ]
    case .add, .delete, .move:
      return ["var sections = dataSource.snapshot()"] + sectionCalls(outcome.effect)
        + ["dataSource.apply(sections)"]
    }
  }

  /// The `NSDiffableDataSourceSnapshot` calls of a section command's effect on `sections`.
  static func sectionCalls(_ effect: Effect) -> [String] {
    guard case .sections(let calls) = effect else { return [] }
    return calls.map { call in
      switch call {
      case .append(let names): return "sections.appendSections(\(array(names)))"
      case .keepOne(let name):
        return "sections.appendSections(\(array([name])))  // outline keeps one section"
      case .delete(let names): return "sections.deleteSections(\(array(names)))"
      case .move(let name, .before(let other)):
        return "sections.moveSection(\(literal(name)), beforeSection: \(literal(other)))"
      case .move(let name, .after(let other)):
        return "sections.moveSection(\(literal(name)), afterSection: \(literal(other)))"
      }
    }
  }

  /// The value a batch's `snapshot` starts from: the section's snapshot, or after `begin
  /// --empty` an empty one.
  static func batchSnapshot(_ before: SessionState, empty: Bool) -> String {
    empty
      ? "NSDiffableDataSourceSectionSnapshot<String>()"
      : "dataSource.snapshot(for: \(literal(before.section)))"
  }

  /// A batch or history command: `begin` takes the working copy, `apply` applies it; UIKit
  /// keeps no history, so `last`, `log`, `undo` and `redo` say what an app does instead.
  ///
  /// - Complexity: O(1) lines; `undo` and `redo` compare the sections before and after, O(*n*)
  ///   in their items at worst.
  static func transaction(
    _ command: Command.TransactionCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) -> [String] {
    switch command {
    case .begin(let empty):
      // The first edit declares the snapshot, a section snapshot or a flat one, as it edits.
      return [
        empty
          ? comment("begin --empty: the app builds a new snapshot, declared by its first edit")
          : comment("begin: the app edits a copy of the snapshot, declared by its first edit")
      ]
    case .apply:
      if before.batch?.flat != nil { return ["dataSource.apply(snapshot)"] }
      if let batch = before.batch, !batch.sectionEdited {
        return [
          "dataSource.apply(\(batchSnapshot(before, empty: batch.startedEmpty)), to: "
            + "\(literal(before.editedSection)))"
        ]
      }
      return ["dataSource.apply(snapshot, to: \(literal(before.editedSection)))"]
    case .discard:
      return [comment("the working copy is dropped: nothing is applied")]
    case .last:
      return [
        comment(
          "UIKit keeps no history: a user's reorder's transaction is what didReorder receives; "
            + "an apply's is the app's own (applySnapshotUsingReloadData makes none)")
      ]
    case .log:
      return [comment("UIKit keeps no history: outline's log of transactions")]
    case .undo, .redo:
      return history(undo: command == .undo, outcome, before, after)
    }
  }

  /// `undo` or `redo` as an app does it, UIKit keeping no history: the app kept each section's
  /// snapshot, in a dictionary named in the comment, and applies those of the sections that
  /// change (after the sections themselves, when the list of sections changes).
  static func history(
    undo: Bool, _ outcome: Outcome, _ before: SessionState, _ after: SessionState
  ) -> [String] {
    guard outcome.effect == .restore else {
      let note = outcome.note ?? "nothing to do"
      // A step that changed titles, notes or attributes alone: the app's model, no snapshot.
      // (The contents compare in O(1) when the command left them alone: shared storage.)
      guard after.contents.items != before.contents.items else { return [comment(note)] }
      return [comment(note + ": no snapshot changes; the app's model takes its content back")]
    }
    let name = undo ? "previous" : "undone"
    var lines = [
      comment(
        "UIKit keeps no history: the app kept `\(name)`, each section's snapshot "
          + (undo ? "from before the change" : "from after the change that undo took back")
          + " ([String: NSDiffableDataSourceSectionSnapshot<String>])")
    ]
    let names = after.sectionNames
    var changed: [(name: String, outline: SectionSnapshot<String>)]
    if names != before.sectionNames {
      lines += [
        "var sections = NSDiffableDataSourceSnapshot<String, String>()",
        "sections.appendSections(\(array(names)))",
        "dataSource.apply(sections)",
      ]
      changed = after.sections.filter { $0.outline.count > 0 }
    } else {
      changed = zip(before.sections, after.sections).filter { pair in
        pair.0.outline != pair.1.outline
      }.map { pair in pair.1 }
    }
    for section in changed {
      let key = literal(section.name)
      lines.append("dataSource.apply(\(name)[\(key)]!, to: \(key))")
    }
    return lines
  }

  /// A file or script command: an `expect` as the assertion it makes, `say` as nothing (its
  /// text is the narration), the others (no Apple counterpart) as a short comment.
  static func file(
    _ command: Command.FileCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) -> [String] {
    switch command {
    case .say:
      return []  // the narration is printed already
    case .expect(let expectation):
      return expectLines(expectation, outcome, before, flatName: "snapshot")
    case .save(let path, _, _):
      let file = path.map { " " + Quoting.word($0) } ?? ""
      return [comment("save\(file): outline's own file, no UIKit counterpart")]
    case .saveAll:
      return [comment("save --all: outline's own files, no UIKit counterpart")]
    case .importFile(let path, _, _):
      let (heading, lines) = rebuilt("import \(Quoting.word(path))", outcome, before, after)
      return [heading] + lines
    case .export(let path, _, _, _):
      return [
        comment("export \(Quoting.word(path)): the app writes its model, no UIKit counterpart")
      ]
    case .load(let path, _, _):
      if case .rebuildMatching(let reconfigured) = outcome.effect {
        return matched(
          "load \(Quoting.word(path))", final: after.outline, section: after.section,
          reconfigured: reconfigured, transaction: outcome.transaction)
      }
      return [
        comment(
          "load \(Quoting.word(path)): the app builds the snapshots from its file and applies them")
      ]
    case .edit:
      guard case .rebuildMatching(let reconfigured) = outcome.effect else { return [] }
      return matched(
        command.description, final: after.outline, section: after.section,
        reconfigured: reconfigured, transaction: outcome.transaction)
    case .diff:
      guard case .diff(let diff)? = outcome.result else { return [] }
      let final =
        diff.transaction?.finalSnapshot.sectionSnapshot(for: before.section) ?? before.outline
      let flat = diff.transaction?.finalSnapshot
      return [comment("diff changes nothing; applying the new outline over the old would be:")]
        + matched(
          command.description, final: final, section: before.section,
          reconfigured: diff.reconfigured.filter { flat?.indexOfItem($0) ?? 0 >= 0 },
          transaction: diff.transaction)
    case .source(let path):
      return [comment("the commands of \(Quoting.word(path)) follow")]
    case .help:
      return [comment("help: no Swift")]
    case .setOutput:
      return [comment("set output: how outline prints, no Swift")]
    case .quit:
      return [comment("quit: the end")]
    }
  }

  /// An `expect` as an XCTest assertion (an `expect error` as `XCTAssertThrowsError`, with the
  /// native throwing API, where the library throws); in a batch that edits the flat snapshot
  /// `flatName`, what that snapshot can check (`flatBatchRead`).
  static func expectLines(
    _ expectation: Command.Expectation, _ outcome: Outcome, _ state: SessionState,
    flatName: String
  ) -> [String] {
    if state.batch?.flat != nil, let lines = flatBatchExpectLines(expectation, state, flatName) {
      return lines
    }
    let source = source(state)
    switch expectation {
    case .list(let list, let items):
      return ["XCTAssertEqual(\(view(state)).\(property(list)), \(array(items)))"]
    case .parent(let item, let parent?):
      return ["XCTAssertEqual(\(source).parent(of: \(literal(item))), \(literal(parent)))"]
    case .parent(let item, nil):
      return ["XCTAssertNil(\(source).parent(of: \(literal(item))))"]
    case .level(let item, let level):
      return ["XCTAssertEqual(\(source).level(of: \(literal(item))), \(level))"]
    case .title(let item, let title):
      return [
        "XCTAssertEqual(titles[\(literal(item))] ?? \(literal(item)), \(literal(title)))"
          + "  // the app's model"
      ]
    case .syntaxError(let text):
      let why = Session.syntaxError(of: text).map { " (\($0.message))" } ?? ""
      return [comment("\(text) is not a command\(why): no code runs")]
    case .error(let command):
      return [comment("\(command.description) fails, and changes nothing:")]
        + failureCheck(
          command, effect: outcome.expectedFailure?.effect ?? .none,
          error: outcome.expectedFailure?.error, handlers: outcome.handlers, state
        ).lines
    }
  }

  /// An `expect` of the items, a parent or a level in a batch that edits the flat snapshot
  /// `name`: the rows it holds (`flatBatchRead`), or a comment where only a section snapshot
  /// could answer; nil for the other expectations, which read no snapshot.
  static func flatBatchExpectLines(
    _ expectation: Command.Expectation, _ state: SessionState, _ name: String
  ) -> [String]? {
    switch expectation {
    case .list(let list, let items):
      if let read = flatBatchRead(.list(list), state, on: name) {
        return ["XCTAssertEqual(\(read), \(array(items)))"]
      }
    case .parent, .level:
      break
    case .title, .error, .syntaxError:
      return nil
    }
    return [
      comment(
        "\(Command.files(.expect(expectation)).description): the batch's flat snapshot has no "
          + "hierarchy to ask; outline checks its working copy")
    ]
  }
}
