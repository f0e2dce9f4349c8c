import Diffable

/// Why a command failed: the language layer's one error type, with the SPEC's codes.
///
/// A failed command changes nothing. `code` is what `--json` prints; `message` is what a person
/// reads after `error:`. Errors from the library keep Apple's message; an unknown item or parent
/// gets a "did you mean" hint when an item of the outline is a couple of edits away.
///
/// ```swift
/// CommandError(.invalidMove, "Invalid move: cannot outdent \"Food\": it is a root")
/// CommandError(SnapshotError.parentNotFound("Fod"), among: ["Food"]).message
/// // Parent item identifier does not exist in section snapshot: Fod (did you mean "Food"?)
/// ```
public struct CommandError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The SPEC's error codes (SPEC.md §2, `--json`), exactly.
  public enum Code: String, CaseIterable, Equatable, Hashable, Sendable {
    /// An identifier already present in the outline (any section), or repeated.
    case duplicateItem
    /// An item that is not in the outline; also a rule number that `rule remove` does not know.
    case unknownItem
    /// A parent that is not in the outline.
    case unknownParent
    /// A section that does not exist.
    case unknownSection
    /// A section that already exists.
    case duplicateSection
    /// A handler rule refused the interaction; the message names the rule.
    case refused
    /// A move into the item's own subtree, an impossible indent or outdent, a row out of range.
    case invalidMove
    /// A user's gesture (a disclosure tap, a reorder) on an item that a collapsed ancestor
    /// hides: a user touches only the rows they see.
    case notVisible
    /// A line that breaks the grammar.
    case syntax
    /// A command the catalog does not know, or a `help` topic it does not have.
    case unknownCommand
    /// A file that cannot be read or written.
    case io
    /// An `expect` that does not hold.
    case expectationFailed
  }

  /// The SPEC's code.
  public var code: Code
  /// The message a person reads.
  public var message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The error for a library error: its code, and Apple's message plus, for an unknown item or
  /// parent, a "did you mean" hint from `candidates` (the outline's items).
  public init(_ error: SnapshotError, among candidates: [String] = []) {
    let code = Self.code(for: error)
    var message = error.message
    if code == .unknownItem || code == .unknownParent, let wrong = error.identifiers.first,
      let hint = _EditDistance.nearest(to: wrong, among: candidates)
    {
      message += " (did you mean \"\(hint)\"?)"
    }
    self.init(code, message)
  }

  /// The error for a line the parser could not read: `syntax` or `unknownCommand`.
  public init(_ error: SyntaxError) {
    self.init(error.code == .unknownCommand ? .unknownCommand : .syntax, error.message)
  }

  /// The SPEC code of each `SnapshotError` case.
  public static func code(for error: SnapshotError) -> Code {
    switch error {
    case .duplicateItems, .itemsNotUnique: return .duplicateItem
    case .parentNotFound: return .unknownParent
    case .insertBeforeItemNotFound, .insertAfterItemNotFound, .deleteItemNotFound, .itemNotFound,
      .childNotFound, .flatItemNotFound, .reloadItemNotFound, .reconfigureItemNotFound:
      return .unknownItem
    case .duplicateSections: return .duplicateSection
    case .sectionNotFound, .noSections: return .unknownSection
    case .invalidMove: return .invalidMove
    case .notVisible: return .notVisible
    }
  }

  /// `code: message`.
  public var description: String { "\(code.rawValue): \(message)" }
}
