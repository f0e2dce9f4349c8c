/// Why a command could not be read, and the column to point at.
///
/// Every message is written in one place, `message`, in the style of a compiler: what was
/// expected and after which text, with a "did you mean" when a word is within two edits of one
/// the grammar accepts there. The column is 1-based, in `Character`s of the line, and points at
/// the offending token, or just past the end of the command when something is missing.
///
/// ```swift
/// do { _ = try CommandParser.parse(command: "move A befor B") } catch { print(error) }
/// // 8: expected "before", "after", "to" or "to-root" after "move A" (did you mean "before"?)
/// ```
public struct SyntaxError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The SPEC's error code for a command that could not be read.
  public enum Code: String, Equatable, Hashable, Sendable {
    /// The line breaks the grammar: a missing or unexpected word, a bad quote or number.
    case syntax
    /// The command name (or a `rule`, `section` or `expect` form, or a `help` topic) is not in
    /// the catalog.
    case unknownCommand
  }

  /// The kind of mistake, carrying the words that go into the message.
  public enum Reason: Equatable, Hashable, Sendable {
    /// A `"` with no closing quote on the line.
    case unterminatedQuote
    /// A `\u{` in a quoted word that is not 1 to 8 hex digits and `}` naming a Unicode scalar.
    case invalidEscape
    /// A closing quote directly followed by a character other than a blank, `;` or `#`.
    case blankExpectedAfterQuote
    /// None of `expected` was found after the text `after`; `suggestion` is a close keyword.
    case expected([Expected], after: String, suggestion: String? = nil)
    /// `command` takes `what` (for example "two row numbers") and `word` is not an integer.
    case notANumber(String, command: String, takes: String)
    /// A command name that the catalog does not know, with the closest known one.
    case unknownCommand(String, suggestions: [String] = [])
    /// A command name that is an Apple API name (`appendSections`), written as `help` takes it
    /// (`api`), with the commands that do it (none: `help` says what to use instead).
    case appleName(String, api: String, commands: [String])
    /// A `help` topic that the catalog does not have, with up to three close ones.
    case unknownHelpTopic(String, suggestions: [String])
    /// A flag that `command` does not take, with the closest flag it does take.
    case unknownFlag(String, command: String, suggestion: String? = nil)
    /// `expect error` inside more than `limit` other `expect error`s.
    case nestedTooDeep(limit: Int)
    /// Two flags of `command` that cannot go together (`expand --all --force`).
    case conflictingFlags(String, String, command: String)
    /// A number below the least `command` takes (`expand --depth 0`).
    case numberTooSmall(Int, command: String, least: Int)
    /// A `--regex` pattern of `command` that is not a regular expression, with why.
    case invalidRegex(String, command: String, reason: String)
    /// A row (`@3`) or `.` where a command names a new item (`append @3`).
    case rowForNewItem(String, command: String)
    /// A row range whose last row comes before its first (`@5..3`).
    case downwardRowRange(String)
    /// A row range where `command` takes one item (`rename @2..4 X`).
    case rowRangeForOneItem(String, command: String)
    /// A row range written with a second `@` (`@19..@20`), and how it is written (`@19..20`).
    case rowRangeWithTwoAts(String, written: String)
    /// A kept snapshot's name spelled as rows would be (`child-snapshot A as 12`).
    case rowSnapshotName(String)
    /// Several items where `command` takes one with `form` (`move A B up`, `duplicate A B as C`).
    case severalItems(command: String, form: String)
    /// `before` or `after` unquoted in `append`'s items (`append B after A`), which puts new
    /// items last: the user meant `insert`.
    case placementInAppend(String)
  }

  /// One thing the grammar accepts at a position, as a message names it.
  public enum Expected: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// An unquoted keyword, such as `to`, `before` or a subcommand such as `no-collapse`.
    case keyword(String)
    /// An item identifier.
    case item
    /// The identifier of a parent item.
    case parent
    /// A kept snapshot, written `@NAME`.
    case snapshot
    /// The name to keep a snapshot under.
    case snapshotName
    /// A section identifier.
    case section
    /// An integer, described (for example "a row number").
    case number(String)
    /// A file name.
    case file
    /// An item's title: any text, quoted when it has spaces.
    case title
    /// A pattern to match items with: a glob, or a text to find (`find`, `filter`).
    case pattern
    /// An attribute's name (`attr`).
    case attributeName
    /// An attribute's value (`attr`).
    case attributeValue
    /// An identifier that no item has yet (`rename`, `duplicate … as`).
    case newItem
    /// A command, at the start of a line, after `;`, `expect error` or `help`.
    case command
    /// Another `help` topic: a group, a form word, an Apple API name.
    case helpTopic
    /// The end of the command: the end of the line, a `;` or a comment.
    case endOfLine

    /// The words a message uses: `"to"`, `an item`, `end of line`.
    public var description: String {
      switch self {
      case .keyword(let word): return "\"\(word)\""
      case .item: return "an item"
      case .parent: return "a parent"
      case .snapshot: return "a kept snapshot (@NAME)"
      case .snapshotName: return "a snapshot name"
      case .section: return "a section"
      case .number(let what): return what
      case .file: return "a file name"
      case .title: return "a title"
      case .pattern: return "a pattern"
      case .attributeName: return "an attribute name"
      case .attributeValue: return "a value"
      case .newItem: return "a new identifier"
      case .command: return "a command"
      case .helpTopic: return "a help topic"
      case .endOfLine: return "end of line"
      }
    }
  }

  /// What went wrong.
  public var reason: Reason
  /// The 1-based column, in `Character`s of the line, of the offending token or of the place
  /// where something is missing.
  public var column: Int

  /// Creates an error for `reason` at `column`.
  public init(_ reason: Reason, column: Int) {
    self.reason = reason
    self.column = column
  }

  /// The SPEC's code: `unknownCommand` for an unknown command name, else `syntax`.
  public var code: Code {
    switch reason {
    case .unknownCommand, .appleName, .unknownHelpTopic: return .unknownCommand
    default: return .syntax
    }
  }

  /// The message a person reads, without the column.
  public var message: String {
    switch reason {
    case .unterminatedQuote:
      return "unterminated quote: no closing \" on the line"
    case .invalidEscape:
      return "invalid escape: \\u{HEX} takes 1 to 8 hex digits naming a Unicode scalar"
    case .blankExpectedAfterQuote:
      return "expected a blank, \";\" or end of line after a closing quote"
    case .expected(let expected, let after, let suggestion):
      let context = after.isEmpty ? "" : " after \"\(after)\""
      return "expected \(Self.alternatives(expected))" + context + Self.hint(suggestion)
    case .notANumber(let word, let command, let takes):
      return "\"\(command)\" takes \(takes): \"\(word)\" is not a number"
    case .unknownCommand(let name, let suggestions):
      return "unknown command \"\(name)\""
        + (suggestions.isEmpty
          ? " (\"help\" lists the commands)" : _EditDistance.hint(suggestions))
    case .appleName(let name, let api, let commands):
      let quoted = commands.map { "\"\($0)\"" }.joined(separator: ", ")
      return "unknown command \"\(name)\" (Apple's \(api): "
        + (commands.isEmpty
          ? "help \(api) says what to use)"
          : "outline's \(commands.count == 1 ? "command is" : "commands are") \(quoted); "
            + "help \(api) says more)")
    case .unknownHelpTopic(let topic, let suggestions):
      return "no help for \"\(topic)\""
        + (suggestions.isEmpty
          ? " (\"help\" lists the topics)" : _EditDistance.hint(suggestions))
    case .unknownFlag(let flag, let command, let suggestion):
      return "\"\(command)\" has no flag \"\(flag)\"" + Self.hint(suggestion)
    case .nestedTooDeep(let limit):
      return "\"expect error\" nests at most \(limit) deep"
    case .conflictingFlags(let first, let second, let command):
      return "\"\(command)\" takes \"\(first)\" or \"\(second)\", not both"
    case .numberTooSmall(let number, let command, let least):
      return "\"\(command)\" takes a number of at least \(least): \(number) is less"
    case .invalidRegex(let pattern, let command, let reason):
      return "\"\(command)\": \(Quoting.word(pattern)) is not a regular expression: \(reason)"
    case .rowForNewItem(let word, let command):
      let row = word == "." ? "the current item" : "a row"
      return "\"\(command)\" takes a new identifier here, and \(word) is \(row): rows and . name "
        + "items that exist; a new identifier spelled so must be quoted (\"\(word)\")"
    case .downwardRowRange(let word):
      return "the row range \(word) runs backwards: write the first row first"
    case .rowRangeForOneItem(let word, let command):
      return "\"\(command)\" takes one item here: \(word) names several rows"
    case .rowRangeWithTwoAts(let word, let written):
      return "\(word) is not a row range: write \(written) (one @, before the first row)"
    case .severalItems(let command, let form):
      return "\"\(command) … \(form)\" takes one item"
    case .rowSnapshotName(let name):
      return "a kept snapshot's name may not be all digits (\"@\(name)\" would be a row)"
    case .placementInAppend(let word):
      return "\"append\" puts items last (\"to PARENT\" under a parent): to put them \(word) an "
        + "item, use \"insert ITEM... \(word) ITEM\"; quoted, \"\(word)\" is an item's name"
    }
  }

  /// `column: message`.
  public var description: String { "\(column): \(message)" }

  /// A line that puts a caret under the error's column when printed below `line`.
  ///
  /// Tabs before the column are copied so the caret lines up in a terminal, and characters
  /// shown two cells wide (emoji presentation) get two spaces.
  ///
  /// ```swift
  /// print("drag 1 x"); print(error.caret(under: "drag 1 x"))
  /// // drag 1 x
  /// //        ^
  /// ```
  public func caret(under line: String) -> String {
    var marker = ""
    for character in line.prefix(max(0, column - 1)) {
      if character == "\t" {
        marker.append("\t")
      } else {
        let wide = character.unicodeScalars.first?.properties.isEmojiPresentation ?? false
        marker += wide ? "  " : " "
      }
    }
    return marker + "^"
  }

  /// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
  private static func alternatives(_ expected: [Expected]) -> String {
    let words = expected.map(\.description)
    guard words.count > 1 else { return words.first ?? "nothing" }
    return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
  }

  /// ` (did you mean "x"?)`, or nothing.
  private static func hint(_ suggestion: String?) -> String {
    suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
  }
}
