/// Swift source text for values: string and array literals, and names a Swift identifier can
/// hold.
///
/// An identifier of the outline can be any Unicode text, typed in a script or loaded from a file;
/// the Swift emitted for it must compile and mean that same text. `string(_:)` keeps what reads
/// as itself in a source file (printable ASCII, letters, digits, punctuation and symbols of any
/// script, emoji) and escapes everything else: `"` and `\`, control characters, and every
/// scalar that is invisible, combines with its neighbour or changes how a line reads (format
/// characters such as the bidirectional overrides, combining marks, variation selectors,
/// separators other than the space, private-use and unassigned scalars), as `\u{…}`.
///
/// ```swift
/// SwiftLiteral.string("Smileys 😀")   // "Smileys 😀"
/// SwiftLiteral.string("say \"hi\"\n")  // "say \"hi\"\n"
/// SwiftLiteral.string("e\u{301}")      // "e\u{301}"
/// ```
public enum SwiftLiteral {
  /// `text` as a Swift string literal, in double quotes.
  ///
  /// With `asciiOnly`, every scalar outside printable ASCII is escaped, so that the literal is
  /// plain ASCII.
  ///
  /// - Complexity: O(*n*) in the text's scalars.
  public static func string(_ text: String, asciiOnly: Bool = false) -> String {
    var out = ""
    append(text, asciiOnly: asciiOnly, to: &out)
    return out
  }

  /// Appends `string(text, asciiOnly:)` to `out`.
  ///
  /// - Complexity: O(*n*) in the text's scalars.
  static func append(_ text: String, asciiOnly: Bool = false, to out: inout String) {
    if isPlain(text) {
      out += "\""
      out += text
      out += "\""
      return
    }
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\0": out += "\\0"
      default:
        if keepsItself(scalar, asciiOnly: asciiOnly) {
          out.unicodeScalars.append(scalar)
        } else {
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
      }
    }
    out += "\""
  }

  /// Whether `text` stands for itself between quotes: printable ASCII other than `"` and `\`.
  ///
  /// - Complexity: O(*m*) in its bytes.
  static func isPlain(_ text: String) -> Bool {
    text.utf8.allSatisfy {
      $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
    }
  }

  /// `[“a”, “b”]`: an array literal of string literals.
  ///
  /// - Complexity: O(*n*) in the texts' scalars.
  public static func array(_ texts: some Sequence<String>) -> String {
    var out = "["
    var first = true
    for text in texts {
      if !first { out += ", " }
      first = false
      append(text, to: &out)
    }
    out += "]"
    return out
  }

  /// Whether `scalar` may stand for itself inside a string literal.
  static func keepsItself(_ scalar: Unicode.Scalar, asciiOnly: Bool) -> Bool {
    if scalar.isASCII { return scalar.value >= 0x20 && scalar.value < 0x7F }
    if asciiOnly { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber,
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation,
      .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
      // Emoji modifiers (skin tones) are symbols that join the emoji before them: escaped, so
      // that each scalar of the source stays apart from its neighbours.
      return !scalar.properties.isEmojiModifier
    default:
      // Marks, separators (but the ASCII space), controls, format, private use, surrogates and
      // unassigned scalars.
      return false
    }
  }

  /// A Swift identifier for a name of the outline (a kept snapshot's `@NAME`, a script's file
  /// name): the name itself when it is a plain ASCII identifier that is no keyword and none of
  /// the names the emitted code uses, else `prefix` followed by its letters and digits and, for
  /// each other scalar, `_` and its hexadecimal code.
  ///
  /// ```swift
  /// SwiftLiteral.identifier("fruit")      // fruit
  /// SwiftLiteral.identifier("my snap")    // kept_my_20snap
  /// SwiftLiteral.identifier("snapshot")   // kept_snapshot
  /// ```
  public static func identifier(_ name: String, prefix: String = "kept_") -> String {
    let scalars = Array(name.unicodeScalars)
    let plain =
      !scalars.isEmpty && scalars.allSatisfy { $0.isASCII && (isLetter($0) || isDigit($0)) }
      && !isDigit(scalars[0])
    if plain, !reserved.contains(name) { return name }
    var out = prefix
    for scalar in scalars {
      if scalar.isASCII && (isLetter(scalar) || isDigit(scalar)) && scalar != "_" {
        out.unicodeScalars.append(scalar)
      } else {
        out += "_" + String(scalar.value, radix: 16, uppercase: true)
      }
    }
    return out
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  /// Swift's keywords and the names the emitted code declares itself.
  static let reserved: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    "async", "consume", "copy", "discard", "each", "some", "any", "borrowing", "consuming",
    "dataSource", "snapshot", "sections", "transaction", "titles", "changes", "children",
    "current", "parent", "item", "XCTest", "Diffable", "String",
  ]
}
