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

  /// How many seconds the page of a full playground waits before it asks again.
  static let retrySeconds = 2

  /// The answer to a page request while the playground holds its most sessions (503): a page
  /// that says `message` and reloads itself every `retrySeconds` (a `refresh` meta element,
  /// which the server's content security policy allows; `Retry-After` says the same).
  ///
  /// - Complexity: O(*m*) in the message's length.
  static func full(_ message: String) -> PlaygroundResponse {
    let body = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="refresh" content="\(retrySeconds)">
      <title>outline playground: busy</title>
      <style>:root { color-scheme: light dark; } body { font: 16px/1.45 system-ui, sans-serif; \
      max-width: 40rem; margin: 3rem auto; padding: 0 1.5rem; }</style>
      </head>
      <body>
      <h1>The playground is full</h1>
      <p id="full-message">\(HTMLEscaping.text(message))</p>
      <p>This page tries again every \(retrySeconds) seconds, and opens the playground as soon \
      as a session is free.</p>
      </body>
      </html>

      """
    return PlaygroundResponse(
      status: 503, contentType: "text/html; charset=utf-8", body: body,
      headers: ["Retry-After": String(retrySeconds)])
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
