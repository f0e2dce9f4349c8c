/// How the printer and tab completion write an identifier so that the lexer reads it back.
///
/// A word is left bare when the lexer would read it back unchanged as an identifier in every
/// position; otherwise it is quoted, with `"` and `\` escaped. Quoting is needed for the empty
/// word, a word holding a blank, `;` or `"`, one that begins with `#` (a comment), `@` (a snapshot
/// reference) or `--` (a flag), and the words the grammar uses as keywords somewhere (`to`,
/// `before`, `after`, `with`, `as`, `to-root`, `none`), even where they would not be one.
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
    "to", "before", "after", "with", "as", "to-root", "none",
  ]

  /// Whether `word` must be quoted to be read back as the identifier `word`.
  public static func needsQuotes(_ word: String) -> Bool {
    guard let first = word.first else { return true }
    return first == "#" || first == "@" || word.hasPrefix("--") || keywords.contains(word)
      || word.contains { Lexer.isBlank($0) || $0 == ";" || $0 == "\"" }
  }

  /// `word` between double quotes, with `"` and `\` escaped.
  public static func quote(_ word: String) -> String {
    var quoted = "\""
    for character in word {
      if character == "\"" || character == "\\" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "\""
  }

  /// `word` as an identifier: bare when that reads back the same, else quoted.
  public static func word(_ word: String) -> String {
    needsQuotes(word) ? quote(word) : word
  }

  /// A reference to the kept snapshot `name`: `@name`, or `@"name"` when the name needs quotes.
  public static func reference(_ name: String) -> String { "@" + word(name) }

  /// The value of a word typed so far, for completion: a leading quote is dropped with the
  /// escapes it implies, and a closing quote too if there is one.
  static func partialValue(of typed: Substring) -> (value: String, quoted: Bool) {
    guard typed.first == "\"" else { return (String(typed), false) }
    var value = ""
    var rest = typed.dropFirst()
    while let character = rest.popFirst() {
      if character == "\\", let next = rest.first, next == "\"" || next == "\\" {
        value.append(rest.removeFirst())
      } else if character == "\"" {
        break
      } else {
        value.append(character)
      }
    }
    return (value, true)
  }
}
