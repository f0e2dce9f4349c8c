/// How the printer and tab completion write an identifier so that the lexer reads it back.
///
/// A word is left bare when the lexer would read it back unchanged as an identifier in every
/// position; otherwise it is quoted, with `"` and `\` escaped. Quoting is needed for the empty
/// word, a word holding a blank, `;` or `"`, one that begins with `#` (a comment), `@` (a snapshot
/// reference) or `--` (a flag), and the words the grammar uses as keywords somewhere (`to`,
/// `before`, `after`, `with`, `as`, `to-root`, `none`), even where they would not be one. A word
/// holding a control character is quoted too, with the character escaped (`"bell\u{7}"`), so
/// that printing an identifier never sends a terminal escape sequence. So is a word that begins
/// with a combining mark or ends with a prepended scalar (U+0600), which would make one
/// `Character` with the blank beside it; inside quotes, such a scalar is escaped where it would
/// join the quote or an escape (`"\u{301}x"`).
///
/// ```swift
/// Quoting.word("Apple")        // Apple
/// Quoting.word("to")           // "to"
/// Quoting.word(#"say "hi""#)   // "say \"hi\""
/// Quoting.reference("my tree") // @"my tree"
/// ```
public enum Quoting {
  /// Every word that is a keyword in some position of the grammar.
  public static let keywords: Set<String> = [
    "to", "before", "after", "with", "as", "to-root", "none", "to-section",
  ]

  /// Whether `word` must be quoted to be read back as the identifier `word`, or to be printed
  /// safely: a word holding a control character is quoted so that the character can be escaped.
  ///
  /// - Complexity: O(*n*) in the word's UTF-8 bytes; an ASCII word is checked byte by byte,
  ///   without Unicode property lookups.
  public static func needsQuotes(_ word: String) -> Bool {
    let bytes = word.utf8
    guard let first = bytes.first else { return true }
    if first == UInt8(ascii: "#") || first == UInt8(ascii: "@") || bytes.starts(with: "--".utf8) {
      return true
    }
    // `.` alone is the current item.
    if bytes.count == 1 && first == UInt8(ascii: ".") { return true }
    var isASCII = true
    for byte in bytes {
      switch byte {
      // Blanks (tab to carriage return, space), the other control characters, `;` and `"`.
      case 0...0x20, 0x7F, UInt8(ascii: ";"), UInt8(ascii: "\""): return true
      case 0x80...: isASCII = false
      default: continue
      }
    }
    if !isASCII
      && (word.unicodeScalars.contains(where: isControl) || word.contains(where: Lexer.isBlank)
        || joinsABlank(word))
    {
      return true
    }
    // Every keyword is at most 10 bytes long: most words skip the hashing.
    return bytes.count <= 10 && keywords.contains(word)
  }

  /// Whether `scalar` is a control character (Unicode category Cc) other than tab.
  ///
  /// Printed as it is, one could move the cursor or begin a terminal escape sequence, so the
  /// printer writes it as an escape (`\u{1B}`).
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
  }

  /// `word` between double quotes, with `"` and `\` escaped and control characters written as
  /// `\u{HEX}`, which the lexer reads back.
  public static func quote(_ word: String) -> String {
    var quoted = "\""
    appendEscaped(word, quoting: true, to: &quoted)
    return quoted + "\""
  }

  /// `text` with every control character written as `\u{HEX}`, the rest as it is: how text that
  /// is not an identifier (a message, a `say` line, an echoed command) is printed to a terminal.
  ///
  /// - Complexity: O(*n*) in the text's UTF-8 bytes; text without control characters is
  ///   returned as it is after one pass over its bytes.
  public static func visible(_ text: String) -> String {
    let hasControl = text.utf8.contains { byte in
      (byte < 0x20 && byte != 0x09) || byte == 0x7F || byte == 0xC2  // 0xC2 leads U+0080–U+00BF
    }
    guard hasControl, text.unicodeScalars.contains(where: isControl) else { return text }
    var shown = ""
    appendEscaped(text, quoting: false, to: &shown)
    return shown
  }

  /// Appends `text` with its control characters written as `\u{HEX}` (uppercase hex digits, no
  /// leading zeros, as Swift writes them) and, when `quoting`, `"` and `\` preceded by `\`.
  ///
  /// When `quoting`, a scalar that would make one `Character` with the quotes or an escape
  /// beside it is escaped too, since the lexer reads characters: a combining mark first or
  /// after an escape (`"\u{301}"`), and a prepended scalar (U+0600) anywhere.
  private static func appendEscaped(_ text: String, quoting: Bool, to out: inout String) {
    var afterSyntax = quoting  // the opening quote, then an escape's `}` or an escaped character
    for scalar in text.unicodeScalars {
      if isControl(scalar)
        || (quoting && scalar.value >= 0x300
          && ((afterSyntax && joins("}", scalar)) || joins(scalar, "\"")))
      {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        afterSyntax = true
      } else {
        afterSyntax = quoting && (scalar == "\"" || scalar == "\\")
        if afterSyntax { out.unicodeScalars.append("\\") }
        out.unicodeScalars.append(scalar)
      }
    }
  }

  /// Whether `word`'s first scalar would make one `Character` with a blank before it (a
  /// combining mark), or its last with a blank after it (a prepended scalar): the lexer would
  /// read that blank as part of the word or the scalar as part of the blank.
  ///
  /// - Complexity: O(1).
  static func joinsABlank(_ word: some StringProtocol) -> Bool {
    guard let first = word.unicodeScalars.first, let last = word.unicodeScalars.last else {
      return false
    }
    return (first.value >= 0x300 && joins(" ", first)) || (last.value >= 0x300 && joins(last, " "))
  }

  /// Whether `first` then `second` make one `Character` (a combining mark after `first`, or a
  /// prepended scalar before `second`), so that the lexer, which reads characters, would not
  /// see an ASCII one of them on its own.
  ///
  /// - Complexity: O(1).
  private static func joins(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
    var pair = ""
    pair.unicodeScalars.append(first)
    pair.unicodeScalars.append(second)
    return pair.count == 1
  }

  /// The scalar that the hex digits of a `\u{HEX}` escape name, or nil.
  ///
  /// The digits must be 1 to 8 ASCII hex digits naming a Unicode scalar: the one rule for the
  /// lexer and for completion.
  static func scalar(escapeDigits digits: some StringProtocol) -> Unicode.Scalar? {
    guard (1...8).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
      let value = UInt32(digits, radix: 16)
    else { return nil }
    return Unicode.Scalar(value)
  }

  /// `word` as an identifier: bare when that reads back the same, else quoted.
  public static func word(_ word: String) -> String {
    needsQuotes(word) ? quote(word) : word
  }

  /// A reference to the kept snapshot `name`: `@name`, or `@"name"` when the name needs quotes.
  public static func reference(_ name: String) -> String {
    // A name that reads as a row (`@12`) is quoted, `@"12"`: kept snapshots made before the
    // rule stay reachable.
    "@" + (RowReference.isRowName(name) ? quote(name) : word(name))
  }

  /// The value of a word typed so far, for completion: a leading quote is dropped with the
  /// escapes it implies, and a closing quote too if there is one.
  static func partialValue(of typed: Substring) -> (value: String, quoted: Bool) {
    guard typed.first == "\"" else { return (String(typed), false) }
    var value = ""
    var rest = typed.dropFirst()
    while let character = rest.popFirst() {
      if character == "\\", let next = rest.first, next == "\"" || next == "\\" {
        value.append(rest.removeFirst())
      } else if character == "\\", rest.starts(with: "u{"), let close = rest.firstIndex(of: "}"),
        let scalar = scalar(escapeDigits: rest[rest.index(rest.startIndex, offsetBy: 2)..<close])
      {
        // A whole `\u{HEX}` escape, as the lexer reads it; a partial one stays as typed.
        value.unicodeScalars.append(scalar)
        rest = rest[rest.index(after: close)...]
      } else if character == "\"" {
        break
      } else {
        value.append(character)
      }
    }
    return (value, true)
  }
}
