/// Splits one line of the command language into tokens, consuming it from the left.
///
/// The lexical rules, in the order the lexer applies them at the start of each token:
///
/// - *Blanks* (any Unicode white space) separate words and are otherwise ignored.
/// - `;` is a token of its own: it ends one command and starts the next.
/// - `#` at the start of a word begins a comment that runs to the end of the line. Inside a word
///   (`C#`) or inside quotes it is an ordinary character.
/// - `"` at the start of a word begins a quoted word, which runs to the next unescaped `"`.
///   Inside, `\"` stands for `"`, `\\` for `\`, and `\u{HEX}` (1 to 8 hex digits) for the Unicode
///   scalar it names, as in Swift (`"bell\u{7}"`: how the printer writes control characters); a
///   `\u{` that does not form one is a `syntax` error. A backslash before any other character is
///   kept as it is (`"C:\tmp"` is `C:\tmp`), as in a POSIX shell's double quotes. The closing
///   quote must be followed by a blank, `;`, `#` or the end of the line. A quote with no closing
///   quote is a `syntax` error at the opening quote.
/// - Any other word runs up to the next blank or `;`. A `"`, `\` or `#` inside it is an ordinary
///   character. An unquoted word that begins with `--` and has more after it is a *flag*; one that
///   begins with `@` and has more after it is a *reference* to a kept snapshot, whose name may be
///   quoted (`@"my tree"`), unless it is `@` and digits, with `..` and digits or not: that word,
///   and `.` alone, is a *row* (`@4`, `@2..5`; `.` the current item).
///
/// Columns count `Character`s (extended grapheme clusters) from 1, so `"Smileys 😀"` is 11
/// columns wide.
///
/// ```swift
/// var lexer = Lexer("delete A; show # done")
/// while let token = try lexer.next() { print(token.text, token.column) }
/// // delete 1, A 8, ; 9, show 11
/// lexer.column  // 16: where the comment begins
/// ```
public struct Lexer: Sendable {
  /// What is left of the line.
  private var rest: Substring
  /// Where `rest` begins in the line.
  public var position: String.Index { rest.startIndex }
  /// The column of `rest.first`; after `next()` returned nil, where the commands of the line end
  /// (the start of a comment, or one past the last character).
  public private(set) var column: Int

  /// Creates a lexer that reads `line` from its first character.
  public init(_ line: String) {
    rest = line[...]
    column = 1
  }

  /// Reads the next token, or returns nil at the end of the line or at a comment.
  ///
  /// After an error the lexer stays usable: an unterminated quote consumes the rest of the line,
  /// and a quoted word followed by a non-blank leaves the lexer on that character, so a caller
  /// can skip to the next `;`.
  ///
  /// - Throws: `SyntaxError` with reason `.unterminatedQuote` (at the opening quote),
  ///   `.invalidEscape` (at the backslash; the quoted word is read to its end first) or
  ///   `.blankExpectedAfterQuote` (at the character after the closing quote).
  /// - Complexity: O(*k*), where *k* is the number of characters read.
  public mutating func next() throws(SyntaxError) -> Token? {
    skipBlanks()
    guard let first = rest.first else { return nil }
    switch first {
    case "#":
      // Empty, and still where the comment begins: `position` marks the end of the commands.
      rest = rest.prefix(0)
      return nil
    case ";":
      defer { advance() }
      return Token(.semicolon, ";", column: column, length: 1)
    case "\"":
      let start = column
      let text = try quoted()
      return Token(.word, text, quoted: true, column: start, length: column - start)
    case "@" where rest.dropFirst().first == "\"":
      let start = column
      advance()
      let text = try quoted()
      return Token(.reference, "@" + text, quoted: true, column: start, length: column - start)
    default:
      return bare()
    }
  }

  /// Reads every token of `line`, semicolons included, up to its end or its comment.
  ///
  /// - Throws: The first lexical error.
  public static func tokens(in line: String) throws(SyntaxError) -> [Token] {
    var lexer = Lexer(line)
    var tokens: [Token] = []
    while let token = try lexer.next() { tokens.append(token) }
    return tokens
  }

  /// Whether `character` separates words: Unicode white space, with ASCII answered without a
  /// property lookup.
  static func isBlank(_ character: Character) -> Bool {
    if let ascii = character.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
    return character.isWhitespace
  }

  // MARK: Reading

  /// Drops the blanks at the start of `rest`.
  private mutating func skipBlanks() {
    while true {
      let run = asciiRun(Self.isBlank)
      if run > 0 {
        advanceASCII(run)
        // A byte that starts an ASCII word (not `;`, which a combining mark could join).
        if let byte = rest.utf8.first, byte < 0x80, !Self.isBlank(byte), byte != UInt8(ascii: ";") {
          return
        }
      } else {
        guard let character = rest.first, Self.isBlank(character) else { return }
        advance()
      }
    }
  }

  /// Drops one character.
  private mutating func advance() {
    rest.removeFirst()
    column += 1
  }

  // MARK: The ASCII fast path
  //
  // Most lines are ASCII, where a `Character` is a byte; reading bytes skips the grapheme
  // breaking that every `Character` costs. An ASCII byte is read as one only when the byte after
  // it is ASCII too (or the line ends) and the two are not `\r\n`: then it is a whole
  // `Character`, and not the start of one with combining marks (`e` + U+0301).

  /// The number of bytes at the start of `rest` that are ASCII characters on their own and
  /// satisfy `include`: the run stops before a `\r\n` pair and gives back its last byte when a
  /// non-ASCII byte follows (that byte may be the start of a character with combining marks).
  ///
  /// One scan of the contiguous bytes, then one slice: stepping a `Substring` a byte at a time
  /// costs many times as much per character.
  private func asciiRun(_ include: (UInt8) -> Bool) -> Int {
    // A bridged (non-contiguous) line is copied first.
    rest.utf8.withContiguousStorageIfAvailable { Self.asciiRun(in: $0, include) }
      ?? Array(rest.utf8).withUnsafeBufferPointer { Self.asciiRun(in: $0, include) }
  }

  /// `asciiRun(_:)` over `bytes`.
  private static func asciiRun(
    in bytes: UnsafeBufferPointer<UInt8>, _ include: (UInt8) -> Bool
  ) -> Int {
    var count = 0
    while count < bytes.count {
      let byte = bytes[count]
      guard byte < 0x80, include(byte) else { break }
      if byte == 0x0D && count + 1 < bytes.count && bytes[count + 1] == 0x0A { break }
      count += 1
    }
    if count > 0 && count < bytes.count && bytes[count] >= 0x80 { count -= 1 }
    return count
  }

  /// Drops `count` ASCII characters that `asciiRun(_:)` counted.
  private mutating func advanceASCII(_ count: Int) {
    rest = rest[rest.utf8.index(rest.startIndex, offsetBy: count)...]
    column += count
  }

  /// Whether the ASCII `byte` separates words: space, or tab to carriage return.
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  /// Reads a quoted string whose opening quote is `rest.first`, and checks what follows it.
  private mutating func quoted() throws(SyntaxError) -> String {
    let opening = column
    advance()
    var text = ""
    var invalidEscape: Int?
    while let character = rest.first {
      advance()
      switch character {
      case "\"":
        if let invalidEscape { throw SyntaxError(.invalidEscape, column: invalidEscape) }
        if let next = rest.first, !Self.isBlank(next), next != ";", next != "#" {
          throw SyntaxError(.blankExpectedAfterQuote, column: column)
        }
        return text
      case "\\":
        guard let escaped = rest.first else { break }
        if escaped == "\"" || escaped == "\\" {
          advance()
          text.append(escaped)
        } else if escaped == "u" && rest.dropFirst().first == "{" {
          let backslash = column - 1
          if let scalar = unicodeEscape() {
            text.unicodeScalars.append(scalar)
          } else {
            invalidEscape = invalidEscape ?? backslash
          }
        } else {
          text.append(character)
        }
      default:
        text.append(character)
      }
    }
    throw SyntaxError(.unterminatedQuote, column: opening)
  }

  /// Reads `u{HEX}` after a backslash: the scalar, or nil (having read up to the closing brace,
  /// or to the first character that cannot be in the escape) when it names none.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    advance()  // u
    advance()  // {
    var digits = ""
    while let character = rest.first, character.isHexDigit, character.isASCII, digits.count < 9 {
      digits.append(character)
      advance()
    }
    guard rest.first == "}" else { return nil }
    advance()
    return Quoting.scalar(escapeDigits: digits)
  }

  /// Reads an unquoted word and classifies it as a word, a flag, a reference or a row.
  private mutating func bare() -> Token {
    let start = column
    let startIndex = rest.startIndex
    while true {
      let run = asciiRun { !Self.isBlank($0) && $0 != UInt8(ascii: ";") }
      if run > 0 {
        advanceASCII(run)
        // An ASCII blank ends the word whatever follows it (a blank with a combining mark is
        // still a blank), without reading a `Character`.
        if let byte = rest.utf8.first, Self.isBlank(byte) { break }
      } else {
        guard let character = rest.first, !Self.isBlank(character), character != ";" else { break }
        advance()
      }
    }
    let text = String(rest.base[startIndex..<rest.startIndex])
    let kind: Token.Kind
    // The first byte rules out all but one kind, so a plain word costs one comparison. Byte
    // counts: a word longer than its prefix has at least one byte more.
    let bytes = text.utf8
    switch bytes.first {
    case UInt8(ascii: "-") where bytes.count > 2 && text.hasPrefix("--"):
      kind = .flag
    case UInt8(ascii: ".") where bytes.count == 1:
      kind = .row
    case UInt8(ascii: "@"):
      if RowReference.isRowSpelling(text) {
        kind = .row
      } else if bytes.count > 1 && text.hasPrefix("@") {
        kind = .reference
      } else {
        kind = .word
      }
    default:
      kind = .word
    }
    return Token(kind, text, column: start, length: column - start)
  }
}
