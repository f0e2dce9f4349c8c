import Diffable

extension HTMLDocument {
  /// Writes one step: `say` (narration), `c` (the command, null for narration alone), `at`,
  /// `ok`, `xe` (an `expect error`), `err` ([code, message]), `h` (handler calls), `note`,
  /// `lf` (the item a drag lifted: its first transaction is that collapse, no handler asked),
  /// `res` (a query's lines), `rc` (reconfigured items), `rl` and `rs` (the items and sections
  /// a flat snapshot marked for reloading), `rd` (an `apply --reload-data`: the rows are
  /// replaced at once, no difference animated), `swift`, `tx` (the transactions'
  /// differences, for reading), `o` (the rows changed, for rebuilding the trees) and `t` (the
  /// titles changed: `[item, before, after, the identifier as a command writes it]`, null for
  /// a title that is the identifier), and `q`, the step's question in quiz mode:
  /// `{"k": kind, "c": [[choice, answer]…]}` (`HTMLPage.Quiz`).
  static func write(_ step: HTMLPage.Step, to writer: inout JSONWriter) {
    writer.object { members in
      members.member("say") { $0.strings(step.narration) }
      members.member("c") { writer in
        if let command = step.command { writer.string(command) } else { writer.null() }
      }
      guard let outcome = step.outcome else { return }
      let changes = step.changes(of: outcome)
      members.member("at") { $0.string(step.location) }
      members.member("ok") { $0.flag(outcome.ok) }
      if step.expectsError { members.member("xe") { $0.flag(true) } }
      if let error = outcome.error {
        members.member("err") { $0.strings([error.code.rawValue, error.message]) }
      }
      if !step.handlerLines.isEmpty {
        members.member("h") { $0.strings(step.handlerLines) }
      }
      if let note = outcome.note { members.member("note") { $0.string(note) } }
      if let lifted = outcome.steps.first?.lifted { members.member("lf") { $0.string(lifted) } }
      if outcome.result != nil {
        members.member("res") { $0.strings(TextRenderer(color: false).resultLines(for: outcome)) }
      }
      if !outcome.reconfigured.isEmpty {
        members.member("rc") { $0.strings(outcome.reconfigured) }
      }
      if !outcome.marks.reloadedItems.isEmpty {
        members.member("rl") { $0.strings(outcome.marks.reloadedItems) }
      }
      if !outcome.marks.reloadedSections.isEmpty {
        members.member("rs") { $0.strings(outcome.marks.reloadedSections) }
      }
      if outcome.reloadsData { members.member("rd") { $0.flag(true) } }
      members.member("swift") { step.writeSwift(of: outcome, to: &$0) }
      // Each transaction written where the outcome holds it, none copied into an array.
      if !outcome.steps.isEmpty || outcome.transaction != nil {
        members.member("tx") { writer in
          writer.write("[")
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
      }
      if changes.change.order != nil || !changes.change.sections.isEmpty {
        members.member("o") { write(changes.change, to: &$0) }
      }
      if let quiz = changes.quiz {
        members.member("q") { writer in
          writer.object { members in
            members.member("k") { $0.string(quiz.kind.rawValue) }
            members.member("c") { writer in
              writer.array(quiz.choices) { writer, choice in
                writer.strings([choice.choice, choice.answer])
              }
            }
          }
        }
      }
      if !changes.titles.isEmpty {
        members.member("t") { writer in
          writer.array(changes.titles) { writer, change in
            writer.raw("[")
            writer.string(change.item)
            for title in [change.before, change.after] {
              writer.raw(",")
              if let title { writer.string(title) } else { writer.null() }
            }
            writer.raw(",")
            writer.string(Quoting.word(change.item))
            writer.raw("]")
          }
        }
      }
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
    writer.object { members in
      if let order = change.order {
        members.member("ob") { $0.strings(order.before) }
        members.member("oa") { $0.strings(order.after) }
      }
      members.member("s") { writer in
        writer.array(change.sections) { writer, section in
          writer.raw("[")
          writer.string(section.section)
          // The two lists one after the other, with no array of them built.
          func write(_ rows: [HTMLPage.RowChange], to writer: inout JSONWriter) {
            writer.raw(",")
            writer.array(rows) { writer, row in
              writer.write("[")
              writer.write(number: row.offset)
              writer.write(",")
              writer.string(row.item)
              writer.write(",")
              writer.write(number: row.level)
              writer.write(row.isExpanded ? ",1]" : ",0]")
            }
          }
          write(section.removals, to: &writer)
          write(section.insertions, to: &writer)
          writer.raw(",")
          writer.array(section.updates) { writer, update in
            writer.write("[")
            writer.write(number: update.offset)
            writer.write(",")
            writer.write(number: update.before.level)
            writer.write(",")
            writer.write(number: update.after.level)
            writer.write(",")
            writer.write(update.before.isExpanded ? "1," : "0,")
            writer.write(update.after.isExpanded ? "1]" : "0]")
          }
          writer.raw(",")
          writer.strings(section.moved)
          writer.raw("]")
        }
      }
    }
  }
}
