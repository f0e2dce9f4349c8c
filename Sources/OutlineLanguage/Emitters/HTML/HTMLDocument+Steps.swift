import Diffable

extension HTMLDocument {
  /// Writes one step: `say` (narration), `c` (the command, null for narration alone), `at`,
  /// `ok`, `xe` (an `expect error`), `err` ([code, message]), `h` (handler calls), `note`,
  /// `res` (a query's lines), `rc` (reconfigured items), `rl` and `rs` (the items and sections
  /// a flat snapshot marked for reloading), `swift`, `tx` (the transactions'
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
      let changes = step.changes
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
      members.member("swift") { $0.strings(step.swift) }
      let transactions =
        outcome.steps.isEmpty
        ? outcome.transaction.map { [$0] } ?? [] : outcome.steps.map(\.transaction)
      if !transactions.isEmpty {
        members.member("tx") { writer in
          writer.array(transactions) { writer, transaction in write(transaction, to: &writer) }
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

  /// Writes a transaction's changes as the panel lists them (`HTMLPage.lines(of:)`): `f`, the
  /// flat difference, and `s`, one `[section, changes]` per section transaction; a change is
  /// `[mark, row, item, offset beside]`.
  static func write(_ transaction: Transaction<String, String>, to writer: inout JSONWriter) {
    let lines = HTMLPage.lines(of: transaction)
    func write(_ changes: [HTMLPage.ChangeLine], to writer: inout JSONWriter) {
      writer.array(changes) { writer, line in
        writer.strings([line.mark, line.row, line.item, line.note])
      }
    }
    writer.object { members in
      members.member("f") { write(lines.rows, to: &$0) }
      members.member("s") { writer in
        writer.array(lines.sections) { writer, section in
          writer.raw("[")
          writer.string(section.section)
          writer.raw(",")
          write(section.lines, to: &writer)
          writer.raw("]")
        }
      }
    }
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
          for rows in [section.removals, section.insertions] {
            writer.raw(",")
            writer.array(rows) { writer, row in
              writer.raw("[\(row.offset),")
              writer.string(row.item)
              writer.raw(",\(row.level),\(row.isExpanded ? 1 : 0)]")
            }
          }
          writer.raw(",")
          writer.array(section.updates) { writer, update in
            writer.raw(
              "[\(update.offset),\(update.before.level),\(update.after.level),"
                + "\(update.before.isExpanded ? 1 : 0),\(update.after.isExpanded ? 1 : 0)]")
          }
          writer.raw(",")
          writer.strings(section.moved)
          writer.raw("]")
        }
      }
    }
  }
}
