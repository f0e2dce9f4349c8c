import Diffable

/// The text of the page `HTMLPage` makes: the HTML skeleton with its style, the run's data as
/// JSON and the script that draws the steps.
///
/// Every identifier, command and message reaches the page either escaped as element content
/// (`HTMLEscaping.text`) or inside the JSON (`HTMLEscaping.json`), whose escapes keep
/// `</script>` out of the script element; the script writes them into the page as text nodes.
struct HTMLDocument {
  /// The page's title.
  var title: String
  /// Whether the page opens in quiz mode.
  var quiz = false
  /// The outline when the run started: each section with its rows.
  var initial: [(section: String, rows: [SectionSnapshot<String>.Row])]
  /// The titles that differ from their identifiers when the run started.
  var initialTitles: [String: String]
  /// The steps.
  var steps: [HTMLPage.Step]
  /// Each section at the end with its numbers of items and visible items, which the page's
  /// self-check compares with the trees it rebuilt.
  var final: [(section: String, items: Int, visible: Int)]
  /// The hash of every section's rows at the end (`HTMLPage.rowSignature(of:)`).
  var finalSignature: String
  /// HTML placed after the page's script, as given: the playground's command line and script
  /// (`outline serve`); empty for `--emit-html`.
  var appendix = ""

  /// The whole page.
  ///
  /// - Complexity: O(*c*), where *c* is the size of the data.
  var text: String {
    let escapedTitle = HTMLEscaping.text(title)
    let commands = steps.filter { $0.command != nil }.count
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escapedTitle) — outline</title>
      <script>\(HTMLScript.errorTrap)</script>
      <style>\(HTMLStyle.css)</style>
      </head>
      <body>
      <header>
      <h1>\(escapedTitle)</h1>
      <p class="summary">\(commands) command\(commands == 1 ? "" : "s") in \(steps.count) \
      step\(steps.count == 1 ? "" : "s"), run by <code>outline --emit-html</code>. \
      Step with ← and →, Home and End, or the buttons; with <em>Predict, then see</em>, each \
      step asks before it shows.</p>
      </header>
      <nav class="controls" aria-label="Steps">
      <button type="button" id="first" aria-keyshortcuts="Home">⇤ First</button>
      <button type="button" id="previous" aria-keyshortcuts="ArrowLeft">← Previous</button>
      <span id="position">Step 1 of \(steps.count)</span>
      <button type="button" id="next" aria-keyshortcuts="ArrowRight">Next →</button>
      <button type="button" id="last" aria-keyshortcuts="End">Last ⇥</button>
      <button type="button" id="replay">↻ Replay the animation</button>
      <label class="quiz-switch"><input type="checkbox" id="quiz-switch"> Predict, then see</label>
      <span id="score" aria-live="polite">Score: 0 of 0 right</span>
      </nav>
      <p id="announcer" class="visually-hidden" aria-live="polite" aria-atomic="true"></p>
      <main id="step" tabindex="-1"><noscript><p>The page draws its steps with JavaScript.</p></noscript></main>
      <div id="print"></div>
      <details class="all-steps">
      <summary><h2>All steps</h2></summary>
      <ol id="all-steps"></ol>
      </details>
      <script type="application/json" id="run-data">\(data)</script>
      <script>\(HTMLScript.main)</script>\(appendix)
      </body>
      </html>
      """
  }

  /// The run as JSON (the format `HTMLScript.main` reads).
  var data: String {
    var writer = JSONWriter(scriptSafe: true)
    writer.object { members in
      members.member("title") { $0.string(title) }
      members.member("quiz") { $0.flag(quiz) }
      members.member("initial") { writer in
        writer.array(initial) { writer, section in
          writer.raw("[")
          writer.string(section.section)
          writer.raw(",")
          writer.array(section.rows) { writer, row in
            writer.raw("[")
            writer.string(row.item)
            writer.raw(",\(row.level),\(row.isExpanded ? 1 : 0)]")
          }
          writer.raw("]")
        }
      }
      members.member("titles") { writer in
        writer.array(initialTitles.sorted { $0.key < $1.key }) { writer, entry in
          writer.raw("[")
          writer.string(entry.key)
          writer.raw(",")
          writer.string(entry.value)
          writer.raw(",")
          writer.string(Quoting.word(entry.key))
          writer.raw("]")
        }
      }
      members.member("final") { writer in
        writer.array(final) { writer, section in
          writer.raw("[")
          writer.string(section.section)
          writer.raw(",\(section.items),\(section.visible)]")
        }
      }
      members.member("sig") { $0.string(finalSignature) }
      members.member("steps") { writer in
        writer.array(steps) { writer, step in Self.write(step, to: &writer) }
      }
    }
    return writer.text
  }
}
