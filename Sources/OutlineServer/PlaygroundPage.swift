import OutlineLanguage

/// The playground's page: the `--emit-html` page of a session's steps, with a command line,
/// its output and the downloads, and the script that sends lines to the server
/// (`Resources/playground.js`, `Resources/playground.css`).
enum PlaygroundPage {
  /// The page for `session`, whose identifier the script sends with every line.
  ///
  /// - Complexity: O(*c*) in the size of the session's steps.
  static func html(
    for session: PlaygroundSession, identifier: String, driver: String? = nil
  ) -> String {
    let appendix = """

      <section id="playground" aria-label="Command line">
      <form id="command-form" autocomplete="off">
      <label for="command">Command</label>
      <input id="command" name="command" spellcheck="false" autocapitalize="off" \
      placeholder="append Food Drinks">
      <button type="submit">Run</button>
      </form>
      <p id="drop-note" role="status" hidden></p>
      <pre id="output" aria-live="polite"></pre>
      <p class="downloads">Download the session up to this step: \
      <a id="download-script" href="#" download>script (.outline)</a> · \
      <a id="download-swift" href="#" download>Swift test</a> · \
      <a id="download-html" href="#" download>static page</a></p>
      </section>
      <script type="application/json" id="playground-data">\
      {"session":\(HTMLEscaping.json(identifier))}</script>
      <style>\(style)</style>
      <script>\(script)</script>
      """ + (driver.map { "\n<script>\($0)</script>" } ?? "")
    return session.page.html(appendix: appendix)
  }

  /// The command line's script.
  static let script = text(of: PackageResources.playground_js)
  /// The command line's style.
  static let style = text(of: PackageResources.playground_css)

  /// A resource's text after its opening `/* … */` comment, without its last line break.
  static func text(of bytes: [UInt8]) -> String {
    let whole = String(decoding: bytes, as: UTF8.self)
    guard whole.hasPrefix("/*"), let end = whole.firstRange(of: "*/\n") else {
      preconditionFailure("a playground resource does not open with a /* … */ comment")
    }
    var text = whole[end.upperBound...]
    if text.hasSuffix("\n") { text = text.dropLast() }
    return String(text)
  }
}
