import Diffable

/// The plainest model of an `outline` session, written from SPEC.md §2, SEMANTICS.md and the
/// interpreter's documented decisions: the oracle that random session tests check `Session`
/// against.
///
/// The state is plain values: the sections in order, each a `ReferenceOutline` (a forest with
/// expansion); the current section; the rules in order; the kept snapshots by name; the open
/// batch's working copy; the history as whole copies of the sections before and after each
/// change; the saved files. Running a command on a copy and keeping the copy only when the
/// command succeeds is how "a failed command changes nothing" is modelled.
///
/// ```swift
/// var session = ReferenceSession()
/// session.run(.append(["Food", "Drinks"], to: nil)).code  // nil
/// session.run(.append(["Food"], to: nil)).code            // .duplicateItem
/// session.run(.undo).code                                 // nil: Food and Drinks are gone
/// ```
///
/// Decisions of the interpreter that the SPEC leaves open, followed here:
///
/// - In a batch, edits are checked against the working copy only; an item that exists in
///   another section fails the `apply` (and the batch stays open), not the edit.
/// - A `lazy` rule whose children repeat an item supplies nothing; a child that exists anywhere
///   else fails the expanding tap with `duplicateItem`.
/// - `rule remove N` of a number the rules do not have is `unknownItem`.
/// - `undo` and `redo` with nothing to step through succeed and change nothing.
/// - Every change of the sections (their outlines, their order, their number) is one step of the
///   history, which keeps the last `historyLimit` steps; rules and kept snapshots are not undone.
/// - A focus (`ReferenceSession+Focus.swift`) is cleared when the current section changes, moves
///   to its nearest remaining ancestor when its item leaves the outline, and follows a `rename`.
/// - An item's title and attributes (its note is `_note`) live with the item in its section; a
///   content change is a step of the history, in a batch at `apply`.
/// - The clipboard and the current item are not undone; a failed command (a failed `expect`
///   included) leaves both as they were.
/// - In a batch, the first flat snapshot command takes every section as its working copy, and
///   from then on the batch takes no section snapshot edit (`refused`), nor a flat command once a
///   section snapshot edit went in.
/// - `apply --reload-data` in a batch that a section snapshot edit went to is `refused` (there
///   is no flat snapshot to apply) and the batch stays open; outside a batch it changes nothing.
/// - A `--regex` pattern that is no regular expression fails the line as it is read (`syntax`),
///   so `expect error find --regex (` fails too.
public struct ReferenceSession: Equatable {
  /// The SPEC's error codes, spelled as `--json` prints them.
  public enum Code: String, CaseIterable, Equatable, Sendable {
    case duplicateItem, unknownItem, unknownParent, unknownSection, duplicateSection, refused
    case invalidMove, notVisible, syntax, unknownCommand, io, expectationFailed
  }

  /// A failed command's code.
  public struct Failure: Error, Equatable {
    /// The code.
    public var code: Code

    /// Creates a failure with `code`.
    public init(_ code: Code) { self.code = code }
  }

  /// One section: its name and its outline.
  public struct Section: Equatable {
    /// The section's identifier.
    public var name: String
    /// Its section snapshot.
    public var outline: ReferenceOutline<String>
    /// The titles of its items that differ from their identifiers (a `duplicate`'s copies).
    public var titles: [String: String] = [:]
    /// The attributes of its items that have any (a note is `_note`), each item's in order.
    public var attributes: [String: [Attribute]] = [:]

    /// Creates a section.
    public init(name: String, outline: ReferenceOutline<String> = ReferenceOutline()) {
      self.name = name
      self.outline = outline
    }
  }

  /// An item's attribute: a name and a value.
  public struct Attribute: Equatable {
    /// The name (`_note` for the note).
    public var name: String
    /// The value.
    public var value: String

    /// Creates an attribute.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// What `cut` or `copy` kept: the outermost items' subtrees as roots, with their titles and
  /// attributes, and whether they were cut and not pasted since.
  public struct Clipboard: Equatable {
    /// The subtrees, under the identifiers they had.
    public var subtrees: ReferenceOutline<String>
    /// The titles of the kept items, each as a person reads it.
    public var titles: [String: String]
    /// The attributes of the kept items that had any.
    public var attributes: [String: [Attribute]]
    /// Whether the first paste may use the items' own identifiers.
    public var isCut: Bool
  }

  /// A handler rule: its kind, its item patterns (a `lazy` rule's one parent pattern) and a
  /// `lazy` rule's children.
  public struct Rule: Equatable {
    /// The rule's form after `rule`.
    public enum Kind: String, CaseIterable, Equatable, Sendable {
      case noCollapse = "no-collapse"
      case noExpand = "no-expand"
      case noReorder = "no-reorder"
      case lazy
    }

    /// The form.
    public var kind: Kind
    /// The glob patterns (`*` any run of characters, `?` one character).
    public var patterns: [String]
    /// The children a `lazy` rule supplies; empty for the others.
    public var children: [String]

    /// Creates a rule.
    public init(_ kind: Kind, _ patterns: [String], children: [String] = []) {
      self.kind = kind
      self.patterns = patterns
      self.children = children
    }
  }

  /// One step of the history: the sections and the current section before and after.
  public struct Step: Equatable {
    /// The sections before the change.
    public var before: [Section]
    /// The current section before the change.
    public var sectionBefore: String
    /// The sections after the change.
    public var after: [Section]
    /// The current section after the change.
    public var sectionAfter: String
  }

  /// What `save` writes: every section, the current one, the rules and the kept snapshots.
  public struct Saved: Equatable {
    var sections: [Section]
    var current: String
    var rules: [Rule]
    var kept: [String: ReferenceOutline<String>]
  }

  /// A query's answer, in the shapes the interpreter gives them.
  public enum Answer: Equatable {
    /// A list of identifiers.
    case items([String])
    /// A number.
    case number(Int)
    /// Yes or no.
    case bool(Bool)
    /// An identifier or none.
    case item(String?)
    /// Lines of text, exactly.
    case lines([String])
    /// Lines (or tree lines) of text, counted only.
    case lineCount(Int)
    /// A text.
    case text(String)
  }

  /// What running one command did.
  public struct Outcome: Equatable {
    /// The failure's code, nil for a success.
    public var code: Code?
    /// A query's answer.
    public var answer: Answer?
    /// Whether the command made a step of the history.
    public var recorded = false
    /// What `apply --reload-data` reports, nil for other commands.
    public var reloaded: Reload?
    /// Whether a word named an item by its title, so that the command ran (and the history
    /// records it) with the item's identifier.
    public var namedByTitle = false
  }

  /// What `apply --reload-data` reports: the rows and sections the collection view reloads,
  /// whether the sections' snapshots changed, and how many rows came and went (a row whose
  /// item was on another row before is a move, not counted).
  public struct Reload: Equatable {
    /// The visible rows of every section after the apply.
    public var rows: Int
    /// The sections after the apply.
    public var sections: Int
    /// Whether a section snapshot changed (its items or their expansion).
    public var changed: Bool
    /// The rows of items that were on no row before.
    public var inserted: Int
    /// The rows of items that are on no row after.
    public var removed: Int
  }

  /// The sections in order; there is always at least one.
  public internal(set) var sections = [Section(name: "main")]
  /// The section being edited.
  public internal(set) var current = "main"
  /// The rules in order: rule *n* is `rules[n - 1]`.
  public internal(set) var rules: [Rule] = []
  /// The snapshots kept by `child-snapshot … as NAME`.
  public internal(set) var kept: [String: ReferenceOutline<String>] = [:]
  /// The item the view is narrowed to (`focus ITEM`), nil for the whole section.
  public internal(set) var focus: String?
  /// The open batch's working copy (of the current section, which cannot change meanwhile).
  public internal(set) var batch: ReferenceOutline<String>?
  /// The titles as the open batch's commands left them: the section's at `begin`; `apply`
  /// makes them the section's, `discard` drops them.
  public internal(set) var batchTitles: [String: String]?
  /// The attributes as the open batch's commands left them, as `batchTitles`.
  public internal(set) var batchAttributes: [String: [Attribute]]?
  /// The open batch's flat working copy, once a flat snapshot command ran in it: every
  /// section, as `apply` will make them.
  public internal(set) var batchFlat: [Section]?
  /// Whether a section snapshot edit went to the open batch's working copy (a flat snapshot
  /// command can no longer join it).
  public internal(set) var batchEdited = false
  /// Whether the open batch began with `begin --empty`.
  public internal(set) var batchStartedEmpty = false
  /// What `cut` or `copy` kept last.
  public internal(set) var clipboard: Clipboard?
  /// The current item (`.`): the item the last successful command other than an `expect`
  /// added, moved or named first.
  public internal(set) var currentItem: String?
  /// The item the running command made (a copy, a pasted item, a new name), which becomes the
  /// current item rather than the one it named.
  var made: String?
  /// What the running `apply --reload-data` reports, for its outcome.
  var reloaded: Reload?
  /// The steps that `undo` steps back through, oldest first.
  public internal(set) var history: [Step] = []
  /// The steps undone, most recent last, for `redo`.
  public internal(set) var undone: [Step] = []
  /// The files `save` wrote, by name.
  public internal(set) var files: [String: Saved] = [:]
  /// Each section's file, by section: the last one `save FILE` or `load FILE` named there (a
  /// save file loaded names every section it holds), which `save` with no file writes.
  public internal(set) var sectionFiles: [String: String] = [:]
  /// How many steps the history keeps (at least one).
  public var historyLimit: Int

  /// A session with an empty `main` section, no rules and no history.
  public init(historyLimit: Int = 100) { self.historyLimit = historyLimit }

  /// The outline the commands see: the batch's working copy, or the current section's.
  public var outline: ReferenceOutline<String> { batch ?? sections[position(of: current)!].outline }

  /// The section names in order.
  public var sectionNames: [String] { sections.map(\.name) }

  /// Runs `command`; a failure leaves everything as it was.
  ///
  /// A command that fails because an item or parent was not found runs again with the items its words title
  /// (`namingByTitle(_:)`), or fails with `unknownItem` when a word titles several.
  public mutating func run(_ command: ReferenceCommand) -> Outcome {
    let outcome = runOnce(command)
    guard outcome.code == .unknownItem || outcome.code == .unknownParent,
      let (named, ambiguous) = namingByTitle(command)
    else { return outcome }
    if ambiguous { return Outcome(code: .unknownItem) }
    var renamed = runOnce(named)
    renamed.namedByTitle = true
    return renamed
  }

  /// Runs `command` as written.
  private mutating func runOnce(_ command: ReferenceCommand) -> Outcome {
    let saved = self
    var outcome = Outcome()
    do {
      made = nil
      reloaded = nil
      outcome.answer = try execute(inFocus(command))
      outcome.reloaded = reloaded
      reloaded = nil
      keepFocus(from: saved)
      if !command.isExpectation, let named = made ?? command.firstNamed { currentItem = named }
      made = nil
      if command.isRecordedInHistory, sections != saved.sections {
        history.append(
          Step(
            before: saved.sections, sectionBefore: saved.current, after: sections,
            sectionAfter: current))
        if history.count > max(historyLimit, 1) {
          history.removeFirst(history.count - max(historyLimit, 1))
        }
        undone = []
        outcome.recorded = true
      }
    } catch {
      self = saved
      outcome.code = error.code
    }
    return outcome
  }

  // MARK: Helpers

  /// The offset of section `name`, or nil.
  func position(of name: String) -> Int? { sections.firstIndex { $0.name == name } }

  /// Makes `edited` the working copy in a batch, or the current section's outline, failing
  /// with `duplicateItem` when one of its items is in another section.
  mutating func commit(_ edited: ReferenceOutline<String>) throws(Failure) {
    if batch != nil {
      // A batch that a flat snapshot command edited takes no section snapshot edit.
      guard batchFlat == nil else { throw Failure(.refused) }
      try checkNotElsewhere(edited, in: current)
      batch = edited
      batchEdited = true
      return
    }
    try checkNotElsewhere(edited, in: current)
    let index = position(of: current)!
    sections[index].outline = edited
    // An item's content lives as long as the item: one that left the section loses it.
    sections[index].titles = (batchTitles ?? sections[index].titles).filter {
      edited.contains($0.key)
    }
    sections[index].attributes = (batchAttributes ?? sections[index].attributes).filter {
      edited.contains($0.key)
    }
  }

  /// The titles the commands see: the batch's working titles, or the current section's.
  var titles: [String: String] {
    get { batchTitles ?? sections[position(of: current)!].titles }
    set {
      if batch != nil {
        batchTitles = newValue
      } else {
        sections[position(of: current)!].titles = newValue
      }
    }
  }

  /// The attributes the commands see: the batch's working ones, or the current section's.
  var attributes: [String: [Attribute]] {
    get { batchAttributes ?? sections[position(of: current)!].attributes }
    set {
      if batch != nil {
        batchAttributes = newValue
      } else {
        sections[position(of: current)!].attributes = newValue
      }
    }
  }

  /// The title a person reads for `item`: its own, or the identifier.
  func title(of item: String) -> String { titles[item] ?? item }

  /// Fails with `duplicateItem` when an item of `outline` is in a section other than `name`.
  func checkNotElsewhere(_ outline: ReferenceOutline<String>, in name: String) throws(Failure) {
    let elsewhere = Set(sections.filter { $0.name != name }.flatMap { $0.outline.items })
    if outline.items.contains(where: elsewhere.contains) { throw Failure(.duplicateItem) }
  }

  /// `body`'s result, with a library error turned into its SPEC code.
  @discardableResult
  func attempt<Value>(_ body: () throws(SnapshotError) -> Value) throws(Failure) -> Value {
    do {
      return try body()
    } catch {
      throw Failure(Self.code(for: error))
    }
  }

  /// The SPEC code of a library error, read from Apple's message (SEMANTICS.md's table), not
  /// from the error's case: what the message says is missing or repeated is what the code
  /// names. (Production maps the cases in `CommandError.code(for:)`; this is the second
  /// opinion.)
  static func code(for error: SnapshotError) -> Code {
    let message = error.message
    let meanings: [(prefix: String, code: Code)] = [
      ("Identifiers in a section snapshot must be unique", .duplicateItem),
      ("Fatal: supplied item identifiers are not unique", .duplicateItem),
      ("Fatal: supplied section identifiers are not unique", .duplicateSection),
      ("Parent item identifier does not exist", .unknownParent),
      ("Section identifier was not found", .unknownSection),
      ("There are currently no sections", .unknownSection),
      ("Invalid move", .invalidMove),
      ("Item identifier is on no visible row", .notVisible),
      ("Item identifier", .unknownItem),
      ("Child item identifier", .unknownItem),
      ("Failed to find index of item", .unknownItem),
      ("Attempted to reload item identifier", .unknownItem),
      ("Attempted to reconfigure item identifier", .unknownItem),
    ]
    guard let meaning = meanings.first(where: { message.hasPrefix($0.prefix) }) else {
      preconditionFailure("a message SEMANTICS.md does not list: \(message)")
    }
    return meaning.code
  }

  // MARK: Rules

  /// Whether no rule of `kind` has a pattern matching `item`.
  func allows(_ kind: Rule.Kind, _ item: String) -> Bool {
    !rules.contains { rule in
      rule.kind == kind && rule.patterns.contains { Self.glob($0, matches: item) }
    }
  }

  /// The children of the first `lazy` rule whose parent pattern matches `item`.
  func lazyChildren(of item: String) -> [String]? {
    rules.first { $0.kind == .lazy && Self.glob($0.patterns[0], matches: item) }?.children
  }

  /// Whether `text` matches the whole of `pattern`: `*` matches any run of characters (none
  /// included), `?` exactly one, any other character itself.
  public static func glob(_ pattern: String, matches text: String) -> Bool {
    matches(Array(pattern)[...], Array(text)[...])
  }

  private static func matches(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>)
    -> Bool
  {
    guard let first = pattern.first else { return text.isEmpty }
    if first == "*" {
      return matches(pattern.dropFirst(), text)
        || (!text.isEmpty && matches(pattern, text.dropFirst()))
    }
    guard let character = text.first, first == "?" || first == character else { return false }
    return matches(pattern.dropFirst(), text.dropFirst())
  }
}
