/// A text file of this module that SwiftPM embeds in its code (`.embedInCode` in
/// `Package.swift`, so that `outline` stays one file): a script, a style sheet, a template.
///
/// An asset's file opens with a `/* … */` comment for the people who read the file (what it is,
/// where it goes); the text an emitter writes is everything after that comment and the line
/// break that ends it, byte for byte. JavaScript, CSS and Swift all read `/* … */` as a comment,
/// so the file stays valid in its own language.
///
/// A template marks what Swift fills in with placeholders, `{{name}}`: within a line, a
/// placeholder takes a text; alone on a line, it takes whole lines, and the line disappears when
/// there are none (see ``filled(text:lines:)``).
///
/// ```swift
/// Asset(Array("/* A greeting. */\nHello, {{name}}!\n".utf8), name: "hello.txt")
///   .filled(text: ["name": "world"])
/// // "Hello, world!\n"
/// ```
struct Asset {
  /// The file's name, for the messages of a trap.
  let name: String

  /// The file's text after its opening comment.
  let text: String

  /// The asset in `bytes`, a file's UTF-8 (a `PackageResources` array), named `name`.
  ///
  /// A file that does not open with a `/* … */` comment and a line break is a programmer error.
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  init(_ bytes: [UInt8], name: String) {
    let whole = String(decoding: bytes, as: UTF8.self)
    guard whole.hasPrefix("/*"), let end = whole.firstRange(of: "*/\n") else {
      preconditionFailure("the asset \(name) does not open with a /* … */ comment on its own lines")
    }
    self.name = name
    self.text = String(whole[end.upperBound...])
  }

  /// The text without its last line break: for an element whose closing tag follows the last
  /// line, as in `<script>…</script>`.
  var textWithoutFinalLineBreak: String {
    text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  /// The template's text with its placeholders filled.
  ///
  /// A line that is exactly `{{name}}` becomes the lines of `lines[name]`, each ended by a line
  /// break (none: the line is gone); any other `{{name}}` becomes `text[name]`. What goes in is
  /// never read again for placeholders, so an item or file named `{{x}}` comes out as itself. A
  /// placeholder with no value, or a `{{` that does not close, is a programmer error.
  ///
  /// ```swift
  /// // The template "begin {{what}}\n{{steps}}\nend\n":
  /// asset.filled(text: ["what": "here"], lines: ["steps": ["one", "two"]])
  /// // "begin here\none\ntwo\nend\n"
  /// asset.filled(text: ["what": "here"], lines: ["steps": []])
  /// // "begin here\nend\n"
  /// ```
  ///
  /// - Parameters:
  ///   - text: The values of the placeholders within lines.
  ///   - lines: The values of the placeholders alone on their lines.
  /// - Returns: The filled text.
  /// - Complexity: O(*t* + *v*), where *t* is the length of the template and *v* that of the
  ///   values that go in.
  func filled(text values: [String: String] = [:], lines blocks: [String: [String]] = [:])
    -> String
  {
    var result = ""
    var rest = text[...]
    while !rest.isEmpty {
      let line: Substring
      if let breakIndex = rest.firstIndex(of: "\n") {
        line = rest[...breakIndex]
        rest = rest[rest.index(after: breakIndex)...]
      } else {
        line = rest
        rest = rest[rest.endIndex...]
      }
      if line.hasPrefix("{{"), line.hasSuffix("}}\n"),
        let block = blocks[String(line.dropFirst(2).dropLast(3))]
      {
        for blockLine in block { result += blockLine + "\n" }
      } else {
        result += fill(line, values)
      }
    }
    return result
  }

  /// `line` with each `{{name}}` replaced by `values[name]`.
  private func fill(_ line: Substring, _ values: [String: String]) -> String {
    var result = ""
    var rest = line
    while let open = rest.firstRange(of: "{{") {
      result += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
        preconditionFailure("the template \(name) has a {{ that does not close: \(line)")
      }
      let key = String(rest[open.upperBound..<close.lowerBound])
      guard let value = values[key] else {
        preconditionFailure("the template \(name) has no value for {{\(key)}}")
      }
      result += value
      rest = rest[close.upperBound...]
    }
    return result + rest
  }
}
