import OrderedCollections

/// An item that stayed in its section but changed parent: an indent, an outdent, a drag that
/// re-parents, a replacement that promotes a grandchild.
///
/// Its descendants follow it and are not listed: their parent is unchanged (their level changes
/// by as much as the item's). Apple's `NSDiffableDataSourceSectionTransaction` has no such
/// property; its `difference` is of `items` alone, so a change of parent that keeps the order of
/// `items` (an `indent`) shows there as nothing.
///
/// ```swift
/// // [Food, Apple (in Food), Garden] → indent Garden: Garden now the last child of Food.
/// transaction.sectionTransactions[0].hierarchyChanges
/// // [HierarchyChange(item: "Garden", from: .init(parent: nil, level: 0),
/// //                  to: .init(parent: "Food", level: 1))]
/// ```
public struct HierarchyChange<Item: Hashable & Sendable>: Sendable, Equatable {
  /// An item's place in the tree: its parent (nil for a root) and its level (0 for a root).
  public struct Place: Sendable, Equatable {
    /// The parent, or nil for a root.
    public var parent: Item?
    /// The depth: 0 for a root.
    public var level: Int

    /// A place under `parent` at `level`.
    public init(parent: Item?, level: Int) {
      self.parent = parent
      self.level = level
    }
  }

  /// The item that changed parent.
  public var item: Item
  /// Where it was.
  public var from: Place
  /// Where it is.
  public var to: Place

  /// A change of `item` from `from` to `to`.
  public init(item: Item, from: Place, to: Place) {
    self.item = item
    self.from = from
    self.to = to
  }
}

/// Where a section difference's items may have changed parent, so that the transaction can list
/// the re-parented items in proportion to the change.
@usableFromInline internal enum _Reparenting: Sendable, Equatable {
  /// Nowhere: items were inserted, removed or shown, none moved between parents.
  case none
  /// Only the entries at these new offsets (a moved block's root, a replaced window).
  case ranks([Range<Int>])
  /// Anywhere: the difference was a whole diff, so every item is compared (as costly as that
  /// diff).
  case all
}

extension SectionTransaction {
  /// The items that changed parent, in their new order; their descendants are not listed.
  ///
  /// Built when read, from what the change touched: the root of a moved subtree, the entries of
  /// a replaced run, each compared with its place before (two hash lookups). Only a change
  /// whose difference was found by diffing everything (a batch, an undo, a whole new snapshot)
  /// compares every item, which costs less than that diff did.
  ///
  /// - Complexity: O(*k*), where *k* is the number of entries the change touched; O(*n*) after
  ///   a whole diff, where *n* is the number of items.
  @inlinable public var hierarchyChanges: [HierarchyChange<Item>] {
    var changes: [HierarchyChange<Item>] = []
    func check(_ item: Item, parent: Item?, level: Int32) {
      guard let before = initialSnapshot._labels[item], before.parent != parent else { return }
      changes.append(
        HierarchyChange(
          item: item, from: .init(parent: before.parent, level: Int(before.level)),
          to: .init(parent: parent, level: Int(level))))
    }
    switch _reparenting {
    case .none:
      break
    case .ranks(let ranges):
      for range in ranges {
        let clamped = range.clamped(to: 0..<finalSnapshot.count)
        finalSnapshot._tree.forEach(in: clamped) { entry in
          if let place = finalSnapshot._labels[entry.item] {
            check(entry.item, parent: place.parent, level: place.level)
          }
          return true
        }
      }
    case .all:
      guard initialSnapshot.count > 0 else { break }
      finalSnapshot._tree.forEach(in: 0..<finalSnapshot.count) { entry in
        if let place = finalSnapshot._labels[entry.item] {
          check(entry.item, parent: place.parent, level: place.level)
        }
        return true
      }
    }
    return changes
  }
}
