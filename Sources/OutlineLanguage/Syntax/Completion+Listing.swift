extension Completion.Candidates {
  /// The words as a list of choices shows them: an identifier or a kept snapshot's name that
  /// is quoted on the line is shown whole and bare (`ab cd`, `@my tree`), as bash lists file
  /// names with blanks; a row with its item's title (`@3 Apple`); other words as they are.
  public var listed: [String] {
    words.map { word in
      if let label = labels[word] { return word + " " + label }
      let reference = word.hasPrefix("@\"")
      let text = reference ? word.dropFirst() : word[...]
      guard text.first == "\"" else { return word }
      let value = Quoting.partialValue(of: text).value
      return reference ? "@" + value : value
    }
  }

  /// What the word typed so far becomes: the one word, or the longest prefix the words share.
  ///
  /// The prefix is written as the line reads it. When every word is quoted, the quote is opened and
  /// left open, so that the next completion goes on inside it (`ab` with `ab cd` and `ab ce`
  /// gives `"ab c`); when one is bare, the prefix is bare (`ab` with `ab cd` and `abc`). Nil
  /// without a word.
  public var common: String? {
    guard let first = words.first else { return nil }
    guard words.count > 1 else { return first }
    // Kept snapshots' names after their `@`, so that `@a` and `@"a b"` share `@a`.
    let mark = words.allSatisfy { $0.hasPrefix("@") } ? "@" : ""
    let texts = words.map { $0.dropFirst(mark.count) }
    let values = texts.map { Quoting.partialValue(of: $0).value }
    var prefix = values[0][...]
    for value in values.dropFirst() {
      prefix = prefix.prefix(zip(prefix, value).prefix { $0 == $1 }.count)
    }
    guard texts.allSatisfy({ $0.first == "\"" }) else { return mark + prefix }
    return mark + String(Quoting.quote(String(prefix)).dropLast())
  }
}
