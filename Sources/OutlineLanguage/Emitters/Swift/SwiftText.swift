/// Where Swift source text is written: a `String`, or the page's JSON writer inside one of its
/// strings, so that a line with many literals (a handler call listing a parent's children) is
/// escaped as it is written, with no line built first.
///
/// ```swift
/// var line = ""
/// line.appendSource("snapshot.append(")
/// line.appendArray(["Apple", "Pear"])
/// line.appendSource(")")
/// line  // snapshot.append(["Apple", "Pear"])
/// ```
protocol SwiftText {
  /// Appends `text`, Swift source as it is.
  ///
  /// - Complexity: O(*m*) in its bytes.
  mutating func appendSource(_ text: String)
  /// Appends `text` as a Swift string literal (`SwiftLiteral.string(_:)`).
  ///
  /// - Complexity: O(*m*) in its scalars.
  mutating func appendLiteral(_ text: String)
}

extension SwiftText {
  /// Appends an array literal of string literals (`SwiftLiteral.array(_:)`).
  ///
  /// - Complexity: O(*m*) in the texts' scalars.
  mutating func appendArray(_ texts: some Sequence<String>) {
    appendSource("[")
    var first = true
    for text in texts {
      if !first { appendSource(", ") }
      first = false
      appendLiteral(text)
    }
    appendSource("]")
  }
}

extension String: SwiftText {
  mutating func appendSource(_ text: String) { self += text }
  mutating func appendLiteral(_ text: String) { SwiftLiteral.append(text, to: &self) }
}

/// Inside a JSON string the caller opened: the source escaped as the writer escapes a string.
extension JSONWriter: SwiftText {
  mutating func appendSource(_ text: String) { write(escaped: text) }

  mutating func appendLiteral(_ text: String) {
    guard SwiftLiteral.isPlain(text) else {
      write(escaped: SwiftLiteral.string(text))
      return
    }
    // The quotes as JSON writes them, and the text between them as it is in the literal.
    write(#"\""#)
    write(escaped: text)
    write(#"\""#)
  }
}
