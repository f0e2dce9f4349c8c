import Diffable

/// What a flat snapshot marked before it was applied: the items and sections the collection
/// view reloads (new cells) or reconfigures (the same cells, given new content), as
/// `NSDiffableDataSourceSnapshot` records them.
///
/// ```swift
/// session.run("reload-items Everest").marks.reloadedItems        // ["Everest"]
/// session.run("reconfigure-items K2").marks.reconfiguredItems    // ["K2"]
/// ```
public struct FlatMarks: Equatable, Hashable, Sendable {
  /// `reloadedItemIdentifiers`: each gets a new cell from the cell provider.
  public var reloadedItems: [String] = []
  /// `reconfiguredItemIdentifiers`: each keeps its cell, which the cell provider configures
  /// again.
  public var reconfiguredItems: [String] = []
  /// `reloadedSectionIdentifiers`: every cell of each is made anew.
  public var reloadedSections: [String] = []

  /// No marks.
  public init() {}

  /// The marks `snapshot` records.
  ///
  /// - Complexity: O(*k*) in the marks.
  public init(of snapshot: Snapshot<String, String>) {
    reloadedItems = snapshot.reloadedItemIdentifiers
    reconfiguredItems = snapshot.reconfiguredItemIdentifiers
    reloadedSections = snapshot.reloadedSectionIdentifiers
  }

  /// Whether nothing is marked.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool {
    reloadedItems.isEmpty && reconfiguredItems.isEmpty && reloadedSections.isEmpty
  }
}
