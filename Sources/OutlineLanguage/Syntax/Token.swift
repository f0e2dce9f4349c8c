/// One word of a command line, as the `Lexer` reads it.
///
/// A token knows where it was typed (`column` and `length`, in `Character`s of the line, so an
/// emoji counts as one) and how: a quoted word is always an identifier, never a keyword, a flag
/// or a snapshot reference. The lexer classifies unquoted words by their first characters:
/// `--force` is a flag, `@fruit` a reference to a kept snapshot, and `@4`, `@2..5` and `.` rows,
/// wherever they appear.
///
/// ```swift
/// var lexer = Lexer(#"append "to" @x --force"#)
/// try lexer.next()  // word "append", column 1
/// try lexer.next()  // word "to", quoted, column 8
/// try lexer.next()  // reference "@x", column 13
/// try lexer.next()  // flag "--force", column 16
/// ```
public struct Token: Equatable, Hashable, Sendable {
  /// What a token is, decided by its spelling alone.
  public enum Kind: Equatable, Hashable, Sendable {
    /// An identifier, a number or a keyword: what it means depends on where the grammar reads it.
    case word
    /// An unquoted word that begins with `--` and has more after it (`--force`).
    case flag
    /// A kept snapshot: an unquoted `@` followed by a name, which may be quoted (`@"my tree"`).
    case reference
    /// Items by row: an unquoted `@` followed by digits (`@4`), a range of rows (`@2..5`), or
    /// `.` alone, the current item (`RowReference` reads it).
    case row
    /// The `;` that separates two commands on a line.
    case semicolon
  }

  /// What the token is.
  public var kind: Kind
  /// The token's value, unquoted and unescaped (a flag keeps its `--`, a reference its `@`).
  public var text: String
  /// Whether the word (or a reference's name) was written between double quotes.
  public var isQuoted: Bool
  /// The 1-based column of the token's first character (an opening quote, the `@` of a reference).
  public var column: Int
  /// The number of characters the token spans as typed, quotes and escapes included.
  public var length: Int

  /// Creates a token.
  public init(_ kind: Kind, _ text: String, quoted: Bool = false, column: Int, length: Int) {
    self.kind = kind
    self.text = text
    self.isQuoted = quoted
    self.column = column
    self.length = length
  }

  /// The column just past the token's last character.
  public var endColumn: Int { column + length }

  /// A reference's snapshot name, without its `@`; for other tokens, `text`.
  public var name: String {
    // The `@` is dropped as a scalar: the name may begin with a combining mark (`@"\u{301}x"`).
    kind == .reference ? String(text.unicodeScalars.dropFirst()) : text
  }

  /// Whether this is the unquoted word `keyword`, the only way a keyword is written.
  public func isKeyword(_ keyword: String) -> Bool {
    kind == .word && !isQuoted && text == keyword
  }
}
