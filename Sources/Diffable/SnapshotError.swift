import OrderedCollections

/// The error a snapshot operation throws where Apple's framework traps.
///
/// Each case carries the offending identifiers (as their `String(describing:)` text) and its
/// `message` is Apple's own wording, so the text a test or a person sees matches what UIKit
/// prints when it raises. A call that throws leaves the snapshot exactly as it was.
///
/// ```swift
/// var snapshot = SectionSnapshot<String>()
/// do { try snapshot.append(["A"], to: "missing") } catch { print(error) }
/// // Parent item identifier does not exist in section snapshot: missing
/// ```
public enum SnapshotError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  // MARK: Section snapshots
  /// An identifier already present, or repeated in the argument.
  case duplicateItems([String])
  /// An unknown parent in `append(_:to:)`, `replace(childrenOf:using:)` or
  /// `snapshot(of:includingParent:)`.
  case parentNotFound(String)
  /// An unknown destination in `insert(_:before:)`.
  case insertBeforeItemNotFound(String)
  /// An unknown destination in `insert(_:after:)`.
  case insertAfterItemNotFound(String)
  /// An unknown item in `delete(_:)` (checked before anything is deleted).
  case deleteItemNotFound(String)
  /// An unknown item in `level(of:)`, `isExpanded(_:)` or `isVisible(_:)`.
  case itemNotFound(String)
  /// An unknown item in `parent(of:)`.
  case childNotFound(String)

  // MARK: Flat snapshots
  /// `appendItems(_:toSection:)` with no section given while the snapshot has none.
  case noSections
  /// A flat-snapshot call that names the same item twice.
  case itemsNotUnique([String])
  /// A section identifier already present, or repeated in the argument.
  case duplicateSections([String])
  /// An unknown section.
  case sectionNotFound(String)
  /// An unknown item in a flat-snapshot call (insert, move, reload, reconfigure).
  case flatItemNotFound(String)
  /// `reloadItems` of an item not in the snapshot.
  case reloadItemNotFound(String)
  /// `reconfigureItems` of an item not in the snapshot.
  case reconfigureItemNotFound(String)

  // MARK: Data source interactions
  /// A reorder that would put an item inside its own subtree, or a row out of range.
  case invalidMove(String)
  /// A simulated gesture on an item that a collapsed ancestor hides: a user touches only the
  /// rows they see. Apple has no such error (the gesture cannot happen on a device).
  case notVisible(String)

  /// Apple's message for this error, naming the identifiers.
  @inlinable public var message: String {
    switch self {
    case .duplicateItems(let items):
      return "Identifiers in a section snapshot must be unique. Duplicate item identifiers: "
        + items.joined(separator: ", ")
    case .parentNotFound(let item):
      return "Parent item identifier does not exist in section snapshot: \(item)"
    case .insertBeforeItemNotFound(let item):
      return "Item identifier to insert before does not exist in section snapshot: \(item)"
    case .insertAfterItemNotFound(let item):
      return "Item identifier to insert after does not exist in section snapshot: \(item)"
    case .deleteItemNotFound(let item):
      return "Failed to find index of item \(item) in section snapshot"
    case .itemNotFound(let item):
      return "Item identifier does not exist in section snapshot: \(item)"
    case .childNotFound(let item):
      return "Child item identifier does not exist in section snapshot: \(item)"
    case .noSections:
      return "There are currently no sections in the data source. Please add a section first."
    case .itemsNotUnique(let items):
      return "Fatal: supplied item identifiers are not unique. Duplicate identifiers: "
        + items.joined(separator: ", ")
    case .duplicateSections(let sections):
      return "Fatal: supplied section identifiers are not unique. Duplicate identifiers: "
        + sections.joined(separator: ", ")
    case .sectionNotFound(let section):
      return "Section identifier was not found in the snapshot: \(section)"
    case .flatItemNotFound(let item):
      return "Item identifier was not found in the snapshot: \(item)"
    case .reloadItemNotFound(let item):
      return "Attempted to reload item identifier that does not exist in the snapshot: \(item)"
    case .reconfigureItemNotFound(let item):
      return
        "Attempted to reconfigure item identifier that does not exist in the snapshot: \(item)"
    case .invalidMove(let reason):
      return "Invalid move: \(reason)"
    case .notVisible(let item):
      return "Item identifier is on no visible row (a collapsed ancestor hides it): \(item)"
    }
  }

  @inlinable public var description: String { message }

  /// The identifiers the error names.
  @inlinable public var identifiers: [String] {
    switch self {
    case .duplicateItems(let items), .itemsNotUnique(let items), .duplicateSections(let items):
      return items
    case .parentNotFound(let item), .insertBeforeItemNotFound(let item),
      .insertAfterItemNotFound(let item), .deleteItemNotFound(let item), .itemNotFound(let item),
      .childNotFound(let item), .sectionNotFound(let item), .flatItemNotFound(let item),
      .reloadItemNotFound(let item), .reconfigureItemNotFound(let item),
      .notVisible(let item):
      return [item]
    case .noSections, .invalidMove:
      return []
    }
  }
}

extension SnapshotError {
  /// The text an identifier has in a message.
  ///
  /// Never inlined: it is the cold path of queries such as `parent(of:)`, which are inlined into
  /// their callers' loops only while they stay small.
  @inlinable @inline(never) internal static func text<T>(_ value: T) -> String {
    String(describing: value)
  }
}
