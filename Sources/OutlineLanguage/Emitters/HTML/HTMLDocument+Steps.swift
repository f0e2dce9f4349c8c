import Diffable

extension HTMLDocument {
  /// Writes a step's question: its kind, its choices with their answers, and its further
  /// parts, each the same way (`quiz.js` reads them back into `[choice, answer]` pairs).
  ///
  /// A `calls` part's choices are `HTMLPage.handlerNames` in order, so `c` is a number whose
  /// bit *i* says whether UIKit calls the *i*th (`"c":7`: the three expand handlers). A `rows`
  /// part is the flat difference the page picks its choices from (`HTMLPage.Quiz.rows`): `r`
  /// and `i`, the removals and insertions, each as its offset then the offset a move pairs it
  /// with, -1 for none, and `n`, the row to centre on when no row changed (`"r":[1,-1],"i":[]`:
  /// the row at 1 removed). A `visible` part lists its choices in `c` and their answers in
  /// `a`, a letter each, `y` or `n` (`"c":["A","B"],"a":"yn"`: A visible, B hidden). A `fails`
  /// part is its one choice with its answer, `runs` or an error code:
  /// `"c":[["expand A","runs"]]`.
  ///
  /// - Complexity: O(*c*) in the choices and their bytes, or in the rows question's changes.
  static func write(_ quiz: HTMLPage.Quiz, to writer: inout JSONWriter) {
    writer.write("{\"k\":")
    writer.string(quiz.kind.rawValue)
    switch quiz.kind {
    case .calls:
      assert(quiz.choices.map(\.choice) == HTMLPage.handlerNames, "a calls part lists each handler")
      var called = 0
      for index in quiz.choices.indices where quiz.choices[index].answer == "yes" {
        called |= 1 << index
      }
      writer.write(",\"c\":")
      writer.write(number: called)
    case .rows:
      // Each change as its offset and the offset a move pairs it with (-1 for none).
      func write(_ changes: [(offset: Int, associatedWith: Int?)]) {
        for index in changes.indices {
          if index > 0 { writer.write(",") }
          writer.write(number: changes[index].offset)
          writer.write(",")
          writer.write(number: changes[index].associatedWith ?? -1)
        }
      }
      assert(quiz.rows != nil, "a rows question is its flat difference")
      guard let rows = quiz.rows else { break }
      writer.write(",\"r\":[")
      write(rows.offsets.removals)
      writer.write("],\"i\":[")
      write(rows.offsets.insertions)
      writer.write("]")
      if let near = rows.near {
        writer.write(",\"n\":")
        writer.write(number: near)
      }
    case .visible:
      writer.write(",\"c\":[")
      for index in quiz.choices.indices {
        if index > 0 { writer.write(",") }
        writer.string(quiz.choices[index].choice)
      }
      // Each answer as its first letter, `y` or `n`: plain ASCII.
      writer.write("],\"a\":\"")
      for index in quiz.choices.indices {
        writer.append(quiz.choices[index].answer == "yes" ? UInt8(ascii: "y") : UInt8(ascii: "n"))
      }
      writer.write("\"")
    case .fails:
      writer.write(",\"c\":[[")
      writer.string(quiz.choices[0].choice)
      writer.write(",")
      writer.string(quiz.choices[0].answer)
      writer.write("]]")
    }
    if !quiz.more.isEmpty {
      writer.write(",\"more\":[")
      for index in quiz.more.indices {
        if index > 0 { writer.write(",") }
        write(quiz.more[index], to: &writer)
      }
      writer.write("]")
    }
    writer.write("}")
  }

  /// Writes one step: `say` (narration), `c` (the command, null for narration alone), `at`,
  /// `ok`, `xe` (an `expect error`), `err` ([code, message]), `h` (handler calls), `note`,
  /// `w` (the warnings the REPL prints on standard error, when there are some), `lf` (the
  /// item a drag lifted: its first transaction is that collapse, no handler asked),
  /// `res` (a query's lines), `rc` (reconfigured items), `rl` and `rs` (the items and sections
  /// a flat snapshot marked for reloading), `rd` (an `apply --reload-data`: the rows are
  /// replaced at once, no difference animated), `swift`, `tx` (the transactions'
  /// differences, for reading), `o` (the rows changed, for rebuilding the trees) and `t` (the
  /// titles changed: `[item, before, after, the identifier as a command writes it]`, null for
  /// a title that is the identifier), and `q`, the step's question in quiz mode:
  /// `{"k": kind, "c": choices…}`, with `"more": [part…]` (each part such an object) when it
  /// asks more than one thing (`HTMLPage.Quiz`, written by `write(_:to:)` above).
  ///
  /// Without `questions`, a command's step has no `q` but `"nq":1`: its question was not
  /// worked out (`HTMLPage.writeSteps(from:questions:to:)`).
  ///
  /// Written member by member in one function, the keys as literals: no closure per member.
  static func write(_ step: HTMLPage.Step, questions: Bool = true, to writer: inout JSONWriter) {
    writer.write("{\"say\":")
    writer.strings(step.narration)
    writer.write(",\"c\":")
    if let command = step.command { writer.string(command) } else { writer.null() }
    // The outcome is read where its box holds it, not copied out.
    if let box = step.box {
      writeResult(of: step, box.outcome, questions: questions, to: &writer)
    }
    writer.write("}")
  }

  /// Writes the members of `step` after `c`: what its command, `outcome`, did.
  private static func writeResult(
    of step: HTMLPage.Step, _ outcome: Outcome, questions: Bool, to writer: inout JSONWriter
  ) {
    let changes = step.changes(of: outcome, asking: questions)
    if !questions { writer.write(",\"nq\":1") }
    writer.write(",\"at\":")
    writer.string(step.location)
    writer.write(",\"ok\":")
    writer.flag(outcome.ok)
    if step.expectsError { writer.write(",\"xe\":1") }
    if let error = outcome.error {
      writer.write(",\"err\":[")
      writer.string(error.code.rawValue)
      writer.write(",")
      writer.string(error.message)
      writer.write("]")
    }
    if !step.handlerLines.isEmpty {
      writer.write(",\"h\":")
      writer.strings(step.handlerLines)
    }
    if let note = outcome.note {
      writer.write(",\"note\":")
      writer.string(note)
    }
    if !outcome.warnings.isEmpty {
      writer.write(",\"w\":")
      writer.strings(outcome.warnings)
    }
    if let lifted = outcome.steps.first?.lifted {
      writer.write(",\"lf\":")
      writer.string(lifted)
    }
    if outcome.result != nil {
      writer.write(",\"res\":")
      writer.strings(TextRenderer(color: false).resultLines(for: outcome))
    }
    if !outcome.reconfigured.isEmpty {
      writer.write(",\"rc\":")
      writer.strings(outcome.reconfigured)
    }
    if !outcome.marks.reloadedItems.isEmpty {
      writer.write(",\"rl\":")
      writer.strings(outcome.marks.reloadedItems)
    }
    if !outcome.marks.reloadedSections.isEmpty {
      writer.write(",\"rs\":")
      writer.strings(outcome.marks.reloadedSections)
    }
    if outcome.reloadsData { writer.write(",\"rd\":1") }
    writer.write(",\"swift\":")
    step.writeSwift(of: outcome, to: &writer)
    // Each transaction written where the outcome holds it, none copied into an array.
    if !outcome.steps.isEmpty || outcome.transaction != nil {
      writer.write(",\"tx\":[")
      if outcome.steps.isEmpty {
        write(outcome.transaction!, to: &writer)
      } else {
        for index in outcome.steps.indices {
          if index > 0 { writer.write(",") }
          write(outcome.steps[index].transaction, to: &writer)
        }
      }
      writer.write("]")
    }
    if changes.change.order != nil || !changes.change.sections.isEmpty {
      writer.write(",\"o\":")
      write(changes.change, to: &writer)
    }
    if let quiz = changes.quiz {
      writer.write(",\"q\":")
      write(quiz, to: &writer)
    }
    if !changes.titles.isEmpty {
      writer.write(",\"t\":[")
      for index in changes.titles.indices {
        let change = changes.titles[index]
        writer.write(index == 0 ? "[" : ",[")
        writer.string(change.item)
        for title in [change.before, change.after] {
          writer.write(",")
          if let title { writer.string(title) } else { writer.null() }
        }
        writer.write(",")
        writer.string(Quoting.word(change.item))
        writer.write("]")
      }
      writer.write("]")
    }
  }

  /// Writes a transaction's changes as the panel lists them (`HTMLPage.lines(of:)`).
  ///
  /// At most `HTMLPage.listedChanges` of each difference: `f`, the flat difference, with `fm`,
  /// the number of its changes not listed, when there are any; and `s`, one `[section,
  /// changes]` per section transaction (`[section, changes, not listed]` when some are not). A
  /// change is `[mark, row, item, offset beside]`, written from the difference with no line
  /// built.
  ///
  /// - Complexity: that of `HTMLPage.forEachFlatChange(of:limit:_:)` and of
  ///   `HTMLPage.forEachChange(of:limit:_:)` for each section transaction.
  static func write(_ transaction: Transaction<String, String>, to writer: inout JSONWriter) {
    writer.write("{\"f\":[")
    var first = true
    let unlisted = HTMLPage.forEachFlatChange(of: transaction, limit: HTMLPage.listedChanges) {
      change in
      if !first { writer.write(",") }
      first = false
      write(change, beside: "flat ", to: &writer)
    }
    writer.write("]")
    if unlisted > 0 {
      writer.write(",\"fm\":")
      writer.write(number: unlisted)
    }
    writer.write(",\"s\":[")
    for (index, section) in transaction.sectionTransactions.enumerated() {
      writer.write(index == 0 ? "[" : ",[")
      writer.string(section.sectionIdentifier)
      writer.write(",[")
      first = true
      let unlisted = HTMLPage.forEachChange(of: section, limit: HTMLPage.listedChanges) {
        change in
        if !first { writer.write(",") }
        first = false
        write(change, beside: "index ", to: &writer)
      }
      writer.write("]")
      if unlisted > 0 {
        writer.write(",")
        writer.write(number: unlisted)
      }
      writer.write("]")
    }
    writer.write("]}")
  }

  /// Writes `change` as the strings of its `HTMLPage.ChangeLine`, `[mark, row, item, note]`,
  /// whose offsets are named `beside` (with its space).
  ///
  /// - Complexity: O(*m*) in the item's length.
  static func write(
    _ change: HTMLPage.PanelChange, beside: StaticString, to writer: inout JSONWriter
  ) {
    switch change.mark {
    case .removed: writer.write("[\"-\",\"")
    case .inserted: writer.write("[\"+\",\"")
    case .moved: writer.write("[\"~\",\"")
    }
    if let from = change.from {
      write(from, to: &writer)
      writeArrow(to: &writer)
    }
    write(change.row, to: &writer)
    writer.write("\",")
    writer.string(change.item)
    writer.write(",\"")
    if let from = change.from, let fromOffset = change.fromOffset {
      if !(from.isOffset && change.row.isOffset) {
        writer.write(beside)
        writer.write(number: fromOffset)
        writeArrow(to: &writer)
        writer.write(number: change.offset)
      }
    } else if !change.row.isOffset {
      writer.write(beside)
      writer.write(number: change.offset)
    }
    writer.write("\"]")
  }

  /// Writes ` -> ` inside a JSON string, its `>` escaped in a script-safe writer.
  static func writeArrow(to writer: inout JSONWriter) {
    writer.write(escaped: " -> ")
  }

  /// Writes `row`'s text (`HTMLPage.PanelRow.text`) inside a JSON string.
  ///
  /// - Complexity: O(1), or O(*m*) in the section's name when it is written.
  static func write(_ row: HTMLPage.PanelRow, to writer: inout JSONWriter) {
    guard let number = row.row else {
      writer.write("·")
      return
    }
    if let section = row.section {
      writer.write(escaped: Quoting.word(section))
      writer.write(":")
    }
    writer.write(number: number)
  }

  /// Writes the rows a step changed: `ob` and `oa`, the section order before and after (when
  /// it changed), and `s`, one `[section, removals, insertions, updates, moved]` per changed
  /// section; a removal or insertion is `[offset, item, level, expanded]`, an update
  /// `[offset, level before, level after, expanded before, expanded after]`.
  static func write(_ change: HTMLPage.SectionChanges, to writer: inout JSONWriter) {
    if let order = change.order {
      writer.write("{\"ob\":")
      writer.strings(order.before)
      writer.write(",\"oa\":")
      writer.strings(order.after)
      writer.write(",\"s\":[")
    } else {
      writer.write("{\"s\":[")
    }
    // The two lists one after the other, with no array of them built.
    func write(_ rows: [HTMLPage.RowChange], to writer: inout JSONWriter) {
      writer.write(",[")
      for index in rows.indices {
        writer.write(index == 0 ? "[" : ",[")
        writer.write(number: rows[index].offset)
        writer.write(",")
        writer.string(rows[index].item)
        writer.write(",")
        writer.write(number: rows[index].level)
        writer.write(rows[index].isExpanded ? ",1]" : ",0]")
      }
      writer.write("]")
    }
    for index in change.sections.indices {
      let section = change.sections[index]
      writer.write(index == 0 ? "[" : ",[")
      writer.string(section.section)
      write(section.removals, to: &writer)
      write(section.insertions, to: &writer)
      writer.write(",[")
      for (position, update) in section.updates.enumerated() {
        writer.write(position == 0 ? "[" : ",[")
        writer.write(number: update.offset)
        writer.write(",")
        writer.write(number: update.before.level)
        writer.write(",")
        writer.write(number: update.after.level)
        writer.write(",")
        writer.write(update.before.isExpanded ? "1," : "0,")
        writer.write(update.after.isExpanded ? "1]" : "0]")
      }
      writer.write("],")
      writer.strings(section.moved)
      writer.write("]")
    }
    writer.write("]}")
  }
}
