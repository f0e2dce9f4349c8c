extension Command {
  /// The flat snapshot commands: `NSDiffableDataSourceSnapshot`'s item API on
  /// `dataSource.snapshot()`, as WWDC19's apps edit it, with iOS 15's reconfigure and
  /// reload-data apply (`Session+Flat.swift` runs them).
  ///
  /// The flat snapshot holds only the visible rows, so an edit that would apply it over a
  /// section with hidden items is refused unless `flatten` is set.
  public enum FlatCommand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `append-items ITEM... [to-section NAME] [--flatten]`: `appendItems(_:toSection:)`; no
    /// section means the last one, as UIKit.
    case appendItems([String], toSection: String?, flatten: Bool)
    /// `insert-items ITEM... before|after ITEM [--flatten]`: `insertItems(_:beforeItem:)` and
    /// after.
    case insertItems([String], Placement, flatten: Bool)
    /// `delete-items ITEM... [--flatten]`: `deleteItems(_:)`.
    case deleteItems([String], flatten: Bool)
    /// `move-item ITEM before|after ITEM [--flatten]`: `moveItem(_:beforeItem:)` and after (app
    /// code: no reorder handlers).
    case moveItem(String, Placement, flatten: Bool)
    /// `reload-items ITEM...`: `reloadItems(_:)`, a new cell for each.
    case reloadItems([String])
    /// `reconfigure-items ITEM...`: `reconfigureItems(_:)`, the same cell given new content.
    case reconfigureItems([String])
    /// `reload-sections NAME...`: `reloadSections(_:)`.
    case reloadSections([String])
    /// `apply --reload-data`: `applySnapshotUsingReloadData(_:)`, the current state or the
    /// batch's, applied with no difference animated.
    case applyReloadingData

    /// The command's catalog name.
    public var name: String {
      switch self {
      case .appendItems: return "append-items"
      case .insertItems: return "insert-items"
      case .deleteItems: return "delete-items"
      case .moveItem: return "move-item"
      case .reloadItems: return "reload-items"
      case .reconfigureItems: return "reconfigure-items"
      case .reloadSections: return "reload-sections"
      case .applyReloadingData: return "apply --reload-data"
      }
    }

    /// Whether the command may drop a section's hidden items (`--flatten`).
    public var flattens: Bool {
      switch self {
      case .appendItems(_, _, let flatten), .insertItems(_, _, let flatten),
        .deleteItems(_, let flatten), .moveItem(_, _, let flatten):
        return flatten
      case .reloadItems, .reconfigureItems, .reloadSections, .applyReloadingData: return false
      }
    }

    /// The command's canonical text.
    public var description: String {
      let flag = flattens ? "--flatten" : nil
      switch self {
      case .appendItems(let items, let section, _):
        return line(
          name, words(items), section.map { "to-section " + Quoting.word($0) }, flag)
      case .insertItems(let items, let placement, _):
        return line(name, words(items), text(placement), flag)
      case .deleteItems(let items, _): return line(name, words(items), flag)
      case .moveItem(let item, let placement, _):
        return line(name, Quoting.word(item), text(placement), flag)
      case .reloadItems(let items), .reconfigureItems(let items), .reloadSections(let items):
        return line(name, words(items))
      case .applyReloadingData: return name
      }
    }
  }
}
