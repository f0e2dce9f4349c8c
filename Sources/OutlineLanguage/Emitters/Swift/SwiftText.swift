import Diffable

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
  /// Appends an array literal of string literals (`SwiftLiteral.array(_:)`).
  ///
  /// - Complexity: O(*m*) in the texts' scalars.
  mutating func appendArray(_ texts: [String])
  /// Appends the array literal of `snapshot.items` (`appendArray(_:)` of them).
  ///
  /// - Complexity: O(*m*) in the items' scalars.
  mutating func appendItems(of snapshot: SectionSnapshot<String>)
}

extension SwiftText {
  /// `appendArray(_:)` through `appendSource` and `appendLiteral`.
  ///
  /// - Complexity: O(*m*) in the texts' scalars.
  mutating func appendArray(_ texts: [String]) {
    appendSource("[")
    var first = true
    for text in texts {
      if !first { appendSource(", ") }
      first = false
      appendLiteral(text)
    }
    appendSource("]")
  }

  /// `appendArray(snapshot.items)`.
  ///
  /// - Complexity: O(*m*) in the items' scalars.
  mutating func appendItems(of snapshot: SectionSnapshot<String>) {
    appendArray(snapshot.items)
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
    if appendPlainLiteral(text) { return }
    guard SwiftLiteral.isPlain(text) else {
      write(escaped: SwiftLiteral.string(text))
      return
    }
    // The quotes as JSON writes them, and the text between them as it is in the literal.
    write(#"\""#)
    write(escaped: text)
    write(#"\""#)
  }

  mutating func appendArray(_ texts: [String]) {
    appendList { literal in texts.forEach(literal) }
  }

  /// The items read from the snapshot as they are written, with no array of them built.
  mutating func appendItems(of snapshot: SectionSnapshot<String>) {
    appendList { literal in
      snapshot.forEachRow { row in
        literal(row.item)
        return true
      }
    }
  }

  /// An array literal of the texts `forEach` hands on, its separators written as they are
  /// (neither JSON nor a script escapes them).
  ///
  /// - Complexity: O(*m*) in the texts' bytes.
  private mutating func appendList(_ forEach: ((String) -> Void) -> Void) {
    write("[")
    var first = true
    forEach { text in
      if !first { write(", ") }
      first = false
      appendLiteral(text)
    }
    write("]")
  }

  /// Writes `text` as a literal of its bytes as they are, when it needs no escape.
  ///
  /// That is what both the literal and the JSON string hold for printable ASCII that starts
  /// no escape of this writer's (`mayStartEscape`: no quote or backslash, and no `<`, `>` or
  /// `&` in a script-safe writer). False, having written nothing, for any other text.
  ///
  /// - Complexity: O(*m*) in its bytes: one pass.
  private mutating func appendPlainLiteral(_ text: String) -> Bool {
    append(plain: text, between: #"\""#)
  }
}
