import Diffable

/// Every reason the interpreter itself refuses a command, with its message, in one place, as
/// `SnapshotError` keeps the library's (library errors go through `Session.failure(_:)`, which
/// adds a hint to Apple's message).
///
/// ```swift
/// CommandError(because: .cannotOutdent("Food")).message
/// // Invalid move: cannot outdent "Food": it is a root
/// ```
enum CommandFailure {
  // MARK: Batches

  /// A command that acts on the applied state while a batch is open on `section`.
  case batchOpen(section: String)
  /// `begin` while a batch is open on `section`.
  case batchAlreadyOpen(section: String)
  /// `apply` or `discard` with no batch.
  case noBatch
  /// A user interaction (`command` names it) while a batch is open.
  case interactionInBatch(command: String)
  /// A section snapshot edit in a batch whose flat snapshot a flat command edited, or the
  /// other way round (`flatFirst` says which came first).
  case mixedBatch(section: String, flatFirst: Bool)
  /// `apply --reload-data` in a batch that edited the section snapshot of `section`:
  /// `applySnapshotUsingReloadData(_:)` takes a flat snapshot, which the batch does not hold.
  case reloadDataInSectionBatch(section: String)

  // MARK: The flat snapshot

  /// A flat snapshot command whose apply would drop the hidden items of these sections, which
  /// `dataSource.snapshot()` does not hold (`--flatten` drops them, as UIKit does).
  case wouldDropHidden(command: String, sections: [(section: String, hidden: [String])])
  /// A flat snapshot command naming an item that exists but is on no visible row: not in
  /// `dataSource.snapshot()`.
  case notInFlatSnapshot(HiddenRow)
  /// `append-items` or `insert-items` (`command`) of an item hidden under a collapsed item:
  /// not in `dataSource.snapshot()`, so UIKit adds it as a new item and the apply drops the
  /// hidden items of its section (`sectionHides`, it among them) unless `--flatten`.
  case addsHiddenItem(HiddenRow, command: String, sectionHides: [String])

  // MARK: Refusals

  /// A handler refused the `verb` (`expand`, `move`, …) of `item`; `rule` is the rule that
  /// answered, with its number, when one did.
  case refusedByHandler(verb: String, item: String, rule: (number: Int, rule: Command.Rule)?)
  /// A user's gesture on an item no row shows.
  case notVisible(HiddenRow)
  /// `reveal ITEM` needs `ancestor` expanded, which rule `number` refuses.
  case revealRefused(item: String, ancestor: String, number: Int, rule: Command.Rule)
  /// `focus ITEM` needs `ancestor` (ITEM or one of its ancestors) expanded, which rule
  /// `number` refuses.
  case focusRefused(item: String, ancestor: String, number: Int, rule: Command.Rule)
  /// `describe` of an outline whose picture would exceed `megabytes` of text.
  case pictureTooLarge(megabytes: Int, levels: Int)
  /// `expect error save`.
  case expectErrorSave
  /// `expect error export FILE`.
  case expectErrorExport
  /// `source` or `quit` given to `run`, not to the script runner.
  case scriptCommandOutsideScript(String)

  // MARK: Moves

  /// `indent` of a first child.
  case cannotIndent(String)
  /// `paste` with nothing cut or copied.
  case emptyClipboard
  /// `attr ITEM text ...`: `text` is the item's title.
  case attributeIsTheTitle(String)
  /// `outdent` of a root.
  case cannotOutdent(String)
  /// `move ITEM up|down` with no sibling that way.
  case cannotShift(String, Command.Direction)
  /// `move` of several items beside or into one of them.
  case anchorAmongMoved(String)

  // MARK: Names

  /// `@name` that no `child-snapshot … as` kept; `hint` is the nearest kept name.
  case noKeptSnapshot(String, hint: String?)
  /// `rule remove N` of a rule there is not; `count` rules there are.
  case noRule(Int, count: Int)
  /// `@N` past the last of the `rows` visible rows.
  case noRow(Int, rows: Int)
  /// `.` with no current item, or whose item (`previous`) is no longer in the section.
  case noCurrentItem(previous: String?)
  /// A word that is no identifier and the title of several items of the view: each with its
  /// row as `show` numbers it, nil when hidden.
  case ambiguousTitle(String, items: [(item: String, row: Int?)])
  /// `@N` past the last of the `rows` visible rows of the focus, whose path is `focus`.
  case noRowInFocus(Int, rows: Int, focus: [String])
  /// `drag FROM TO` in a focus whose path is `focus` with a row past the last of the `rows` rows
  /// of its view; `collapsing` names the dragged item when its descendants' rows, hidden by the
  /// drag, are not counted.
  case noDragRowInFocus(Int, rows: Int, focus: [String], collapsing: String?)
  /// `drag NAME:ROW NAME:ROW` naming the focused section, whose path is `focus`: its rows
  /// count the whole section, which the focus does not show.
  case dragAcrossInFocus(focus: [String])
  /// `focus ..` with no focus.
  case noFocus
  /// An item that a command reads in the view (`show ITEM`) outside the focus, whose path is
  /// `focus`.
  case outsideFocus(String, focus: [String])

  // MARK: Expectations

  /// `expect LIST` that saw other items.
  case expectedItems(Command.ItemList, expected: [String], actual: [String])
  /// `expect parent` that saw another parent.
  case expectedParent(String, expected: String?, actual: String?)
  /// `expect level` that saw another level.
  case expectedLevel(String, expected: Int, actual: Int)
  /// `expect title` that saw another title.
  case expectedTitle(String, expected: String, actual: String)
  /// `expect error COMMAND` whose command succeeded.
  case expectedToFail(Command)
  /// `expect error COMMAND` whose command failed but changed the outline.
  case failedButChanged(Command, message: String)

  // MARK: Files

  /// `source` of a file that cannot be read, or nested too deep.
  case cannotSource(path: String, reason: String)
  /// A file that `verb` (`load`, `save`, `import`, `export`) cannot read, parse or write.
  case cannotUseFile(verb: String, path: String, reason: String)
  /// `save` with no file name in a section that no `load`, `save` or `import` named a file in.
  case noFileToSave(section: String)
  /// `save -`, `load -` or `source -`: `-` is no file of these commands, and standard output
  /// or input is `export -`'s, `import -`'s or, for a script, `outline -`'s.
  case dashIsNoFile(verb: String)
  /// A write over a file whose last read lost something: `reading` says which read (`loading
  /// it`), `losses` what it dropped.
  case wouldDropLosses(verb: String, path: String, reading: String, losses: String)
  /// A write over a file that changed on disk since the session read or wrote it: `since`
  /// says when (`loading it`), `reload` the command that reads it again, if one fits.
  case changedOnDisk(verb: String, path: String, since: String, reload: String?)
  /// `edit` whose editor could not run or whose text cannot be applied; `kept` is the file
  /// that holds what was typed, when there is one.
  case cannotEdit(reason: String, kept: String?)
  /// `retitle` to a title that the section's Markdown or text file cannot hold (`problem`:
  /// what it cannot hold), which `save` would refuse.
  case titleNotInFile(
    item: String, title: String, file: String, format: OutlineFormat, problem: String)
  /// `attr`, `note` or `check` (`change`: `set Milk's color`) giving an item an attribute that
  /// the section's Markdown or text file cannot hold, which `save` would refuse.
  case attributeNotInFile(change: String, file: String, format: OutlineFormat)

  /// The error's SPEC code and message.
  var error: CommandError {
    switch self {
    case .batchOpen(let section):
      return CommandError(
        .refused, "a batch is open on section \(Quoting.quote(section)): apply or discard it first")
    case .batchAlreadyOpen(let section):
      return CommandError(.refused, "a batch is already open on section \(Quoting.quote(section))")
    case .noBatch:
      return CommandError(.refused, "no batch is open (\"begin\")")
    case .interactionInBatch(let command):
      return CommandError(
        .refused,
        "\(Quoting.quote(command)) is a user interaction on the applied outline: "
          + "apply or discard the batch first"
          + (["expand", "collapse"].contains(command)
            ? "; in the batch, \(command) --force is the snapshot's \(command)(_:)" : ""))
    case .mixedBatch(let section, let flatFirst):
      return CommandError(
        .refused,
        flatFirst
          ? "this batch edits the flat snapshot (dataSource.snapshot()): a section snapshot edit "
            + "cannot join it; apply or discard it first"
          : "this batch edits the section snapshot of \(Quoting.quote(section)): a flat snapshot command "
            + "cannot join it; apply or discard it first")
    case .reloadDataInSectionBatch(let section):
      return CommandError(
        .refused,
        "apply --reload-data is applySnapshotUsingReloadData(_:), which takes an "
          + "NSDiffableDataSourceSnapshot, and this batch edits the section snapshot of "
          + "\(Quoting.quote(section)): use apply (apply(_:to:)); apply --reload-data after it "
          + "reloads the applied state with no difference animated")
    case .wouldDropHidden(let command, let sections):
      let parts = sections.map { section, hidden in
        let shown = hidden.prefix(5).map(Quoting.word).joined(separator: " ")
        return "section \(Quoting.word(section)) hides \(Session.count(hidden.count, "item")) "
          + "(\(shown)\(hidden.count > 5 ? " …" : ""))"
      }
      return CommandError(
        .refused,
        "\(command) would apply dataSource.snapshot(), which holds only the visible rows: "
          + parts.joined(separator: "; ")
          + " under collapsed items, which UIKit would drop; expand them first, or add "
          + "--flatten to drop them as UIKit does")
    case .notInFlatSnapshot(let hidden):
      return CommandError(
        .unknownItem,
        "\(Quoting.word(hidden.item)) is not in dataSource.snapshot(): it is hidden under "
          + "collapsed \(Quoting.word(hidden.ancestor)), and the flat snapshot holds only the "
          + "visible rows (expand \(Quoting.word(hidden.ancestor)) first)")
    case .addsHiddenItem(let hidden, let command, let sectionHides):
      let shown = sectionHides.prefix(5).map(Quoting.word).joined(separator: " ")
      return CommandError(
        .refused,
        "\(Quoting.word(hidden.item)) is not in dataSource.snapshot(): it is hidden under "
          + "collapsed \(Quoting.word(hidden.ancestor)), so \(command) would add it as a new "
          + "item, and the apply would drop section \(Quoting.word(hidden.section))'s "
          + "\(Session.count(sectionHides.count, "hidden item")) "
          + "(\(shown)\(sectionHides.count > 5 ? " …" : "")) as UIKit does; expand "
          + "\(Quoting.word(hidden.ancestor)) first, or add --flatten to go ahead")
    case .refusedByHandler(let verb, let item, nil):
      return CommandError(.refused, "\(verb) of \(Quoting.quote(item)) refused by a handler")
    case .refusedByHandler(let verb, let item, let (number, rule)?):
      return CommandError(
        .refused,
        "\(verb) of \(Quoting.quote(item)) refused by rule \(number): \(RuleSet.text(rule))")
    case .notVisible(let hidden):
      let item = Quoting.word(hidden.item)
      let ancestor = Quoting.word(hidden.ancestor)
      let (can, code): (String, String)
      switch hidden.gesture {
      case .tap: (can, code) = ("tap what they see", "use --force / reveal")
      case .drag: (can, code) = ("drag what they see", "reveal \(item)")
      case .drop: (can, code) = ("drop where they see", "reveal \(item)")
      }
      if let working = hidden.workingCommand {
        return CommandError(
          .notVisible,
          "\(item) is not on a visible row when its turn comes: after the taps before it, its "
            + "ancestor \(ancestor) is collapsed (a user can only \(can); \(working) taps in "
            + "an order that works, or \(code))")
      }
      return CommandError(
        .notVisible,
        "\(item) is not on a visible row: its ancestor \(ancestor) is collapsed (a user can "
          + "only \(can); expand \(ancestor) first, or \(code))")
    case .focusRefused(let item, let ancestor, let number, let rule):
      return CommandError(
        .refused,
        "focus on \(Quoting.word(item)) needs \(Quoting.word(ancestor)) expanded, which "
          + "rule \(number) refuses: \(RuleSet.text(rule))")
    case .revealRefused(let item, let ancestor, let number, let rule):
      return CommandError(
        .refused,
        "reveal of \(Quoting.word(item)) needs \(Quoting.word(ancestor)) expanded, which "
          + "rule \(number) refuses: \(RuleSet.text(rule))")
    case .pictureTooLarge(let megabytes, let levels):
      return CommandError(
        .refused,
        "the picture would exceed \(megabytes) MB of text (the outline is "
          + "\(levels)+ levels deep and Apple's format indents every level); \"show\" caps the "
          + "indentation")
    case .expectErrorSave:
      return CommandError(
        .refused,
        "\"expect error\" cannot run \"save\": a save that succeeds cannot be taken back")
    case .emptyClipboard:
      return CommandError(.refused, "nothing to paste: cut or copy items first")
    case .attributeIsTheTitle(let item):
      return CommandError(
        .refused,
        "\(Quoting.word(item))'s \"text\" attribute is its title: use retitle to change it")
    case .cannotIndent(let item):
      return CommandError(
        .invalidMove,
        "Invalid move: cannot indent \(Quoting.quote(item)): it has no previous sibling")
    case .cannotOutdent(let item):
      return CommandError(
        .invalidMove, "Invalid move: cannot outdent \(Quoting.quote(item)): it is a root")
    case .cannotShift(let item, let direction):
      let (first, way) = direction == .up ? ("first", "previous") : ("last", "next")
      return CommandError(
        .invalidMove,
        "Invalid move: cannot move \(Quoting.word(item)) \(direction.rawValue): it is the "
          + "\(first) of its siblings (no \(way) sibling)")
    case .anchorAmongMoved(let anchor):
      return CommandError(
        .invalidMove,
        "Invalid move: \(Quoting.word(anchor)) is one of the items moved, so it cannot be "
          + "where they go")
    case .noKeptSnapshot(let name, let hint):
      return CommandError(
        .unknownItem,
        "No snapshot is kept as \(Quoting.reference(name))"
          + (hint.map { " (did you mean \"\(Quoting.reference($0))\"?)" } ?? ""))
    case .noRule(let number, let count):
      let known = count == 0 ? "there are no rules" : "rules are numbered 1 to \(count)"
      return CommandError(.unknownItem, "There is no rule \(number) (\(known))")
    case .noRow(let row, let rows):
      let shown =
        rows == 0
        ? "the section shows no rows"
        : "the section shows \(rows) row\(rows == 1 ? "" : "s"), @0 to @\(rows - 1)"
      return CommandError(.unknownItem, "There is no row @\(row): \(shown)")
    case .noRowInFocus(let row, let rows, let focus):
      let path = focus.map(Quoting.word).joined(separator: " › ")
      let shown =
        rows == 0
        ? "the focus \(path) shows no rows"
        : "the focus \(path) shows \(rows) row\(rows == 1 ? "" : "s"), @0 to @\(rows - 1)"
      return CommandError(.unknownItem, "There is no row @\(row): \(shown)")
    case .noDragRowInFocus(let row, let rows, let focus, let collapsing):
      let path = focus.map(Quoting.word).joined(separator: " › ")
      return CommandError(
        .invalidMove,
        "Invalid move: row \(row) is not a row of the focus \(path)"
          + (rows == 0 ? ", which shows no rows" : ", which shows rows 0 to \(rows - 1)")
          + (collapsing.map { " once the drag's lift collapses \(Quoting.quote($0))" } ?? "")
          + "; drag numbers the focus's rows as show does")
    case .dragAcrossInFocus(let focus):
      let path = focus.map(Quoting.word).joined(separator: " › ")
      return CommandError(
        .refused,
        "drag NAME:ROW counts a whole section's rows, and the focus \(path) shows only its "
          + "own: drag ROW ROW drags within the focus; unfocus to drag between sections")
    case .outsideFocus(let item, let focus):
      return CommandError(
        .unknownItem,
        "\(Quoting.word(item)) is outside the focus \(focus.map(Quoting.word).joined(separator: " › ")) "
          + "(focus .. or unfocus widens the view)")
    case .noFocus:
      return CommandError(
        .unknownItem, "There is no focus to go up from: \"focus ..\" needs a \"focus ITEM\" first")
    case .ambiguousTitle(let title, let items):
      let named = items.map { item, row in
        row.map { "@\($0)" } ?? "\(Quoting.quote(item)) (hidden)"
      }
      let listed =
        named.count > 1
        ? named.dropLast().joined(separator: ", ") + " and " + named[named.count - 1]
        : named.joined()
      return CommandError(
        .unknownItem,
        "No item has the identifier \(Quoting.quote(title)), and \(items.count) items have it "
          + "as their title: \(listed) (name one by its row or its identifier)")
    case .noCurrentItem(let previous):
      let why =
        previous.map { "\(Quoting.word($0)), the last one named, is no longer in the section" }
        ?? "no command has named an item yet"
      return CommandError(.unknownItem, "There is no current item (.): \(why)")
    case .expectedItems(let list, let expected, let actual):
      return CommandError(
        .expectationFailed,
        "expected \(list.rawValue) \(Session.words(expected)), got \(Session.words(actual))")
    case .expectedParent(let item, let expected, let actual):
      return CommandError(
        .expectationFailed,
        "expected the parent of \(Quoting.word(item)) to be \(Session.word(expected)), "
          + "got \(Session.word(actual))")
    case .expectedLevel(let item, let expected, let actual):
      return CommandError(
        .expectationFailed,
        "expected the level of \(Quoting.word(item)) to be \(expected), got \(actual)")
    case .expectedTitle(let item, let expected, let actual):
      return CommandError(
        .expectationFailed,
        "expected the title of \(Quoting.word(item)) to be \(Quoting.word(expected)), "
          + "got \(Quoting.word(actual))")
    case .expectedToFail(let command):
      return CommandError(
        .expectationFailed, "expected \"\(command.description)\" to fail, but it succeeded")
    case .failedButChanged(let command, let message):
      return CommandError(
        .expectationFailed,
        "\"\(command.description)\" failed (\(message)) but changed the outline")
    case .cannotSource(let path, let reason):
      return CommandError(.io, "cannot source \(Quoting.word(path)): \(reason)")
    case .cannotUseFile(let verb, let path, let reason):
      return CommandError(.io, "cannot \(verb) \(Quoting.word(path)): \(reason)")
    case .cannotEdit(let reason, let kept):
      return CommandError(
        .io,
        "cannot edit: \(reason)"
          + (kept.map { "; what was typed is kept in \(Quoting.word($0))" } ?? ""))
    case .titleNotInFile(let item, let title, let file, let format, let problem):
      return CommandError(
        .refused,
        "cannot retitle \(Quoting.word(item)) to \(Quoting.word(title)): the section's file "
          + "\(Quoting.word(file)) is \(format.rawValue), whose item lines cannot hold \(problem), "
          + "and save would refuse it; retitle without it, or make an OPML or native file the "
          + "section's (save FILE.opml) first")
    case .attributeNotInFile(let change, let file, let format):
      return CommandError(
        .refused,
        "cannot \(change): the section's file \(Quoting.word(file)) is \(format.rawValue), which "
          + "keeps \(UnwrittenAttributes.keeps(format)), and save would refuse it; make an OPML or "
          + "native file the section's (save FILE.opml) first")
    case .wouldDropLosses(let verb, let path, let reading, let losses):
      return CommandError(
        .io,
        "cannot \(verb) \(Quoting.word(path)): \(reading) dropped \(losses) "
          + "(\(verb) --force overwrites it)")
    case .changedOnDisk(let verb, let path, let since, let reload):
      return CommandError(
        .io,
        "cannot \(verb) \(Quoting.word(path)): it changed on disk since \(since) ("
          + (reload.map { "\($0) reads it again; " } ?? "") + "\(verb) --force overwrites it)")
    case .noFileToSave(let section):
      return CommandError(
        .syntax,
        "save needs a file name: no file was loaded, saved or imported in section "
          + "\(Quoting.word(section)) yet (save FILE)")
    case .dashIsNoFile(let verb):
      let instead =
        switch verb {
        case "save": #""export - --format NAME" uses standard output"#
        case "load": #""import -" uses standard input"#
        default: #""outline -" runs standard input as a script"#
        }
      return CommandError(
        .syntax, "\(verb) - names no file: \(instead) (\(verb) ./- names a file called -)")
    case .expectErrorExport:
      return CommandError(
        .refused,
        "\"expect error\" cannot run \"export\" to a file: an export that succeeds cannot be "
          + "taken back")
    case .scriptCommandOutsideScript(let name):
      return CommandError(
        .refused, "\(Quoting.quote(name)) runs only as a command of a script or of the prompt")
    }
  }
}

extension CommandError {
  /// The error for a reason the interpreter refuses a command.
  init(because failure: CommandFailure) { self = failure.error }
}
