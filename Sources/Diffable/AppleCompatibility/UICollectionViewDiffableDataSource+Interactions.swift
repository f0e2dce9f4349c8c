#if !canImport(UIKit)
  import Foundation

  // The user's taps, reorders and drags, for tests: UIKit has no such API (the collection view
  // makes these calls as the user touches it). Each member forwards to the native `DataSource`
  // member of the same name and wraps its transaction. A user touches only the rows they see:
  // a tap or reorder of an item that a collapsed ancestor hides is nil, as on a device nothing
  // happens.

  extension UICollectionViewDiffableDataSource {
    /// Simulates the user tapping `item`'s outline disclosure, through `sectionSnapshotHandlers`.
    ///
    /// No Apple counterpart: UIKit does this when the user taps an outline disclosure
    /// accessory. An expanded item asks `shouldCollapseItem`, then calls `willCollapseItem`,
    /// collapses and applies. A collapsed item asks `shouldExpandItem`, calls `willExpandItem`,
    /// then `snapshotForExpandingParent` with its current children (whose answer replaces them
    /// unless it is returned unchanged), expands and applies. An item that a collapsed ancestor
    /// hides is on no row a user could tap: nothing is asked and nothing changes. Traps with
    /// Apple's message when no section holds `item`, or when the expanding-parent snapshot holds
    /// an item found elsewhere; `native.toggleDisclosure(of:)` throws instead.
    ///
    /// ```swift
    /// dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 != "Food" }
    /// dataSource.toggleDisclosure(of: "Food")  // nil: the handler said no
    /// ```
    ///
    /// - Returns: The transaction, or nil when a should-handler refused or a collapsed ancestor
    ///   hides `item`.
    /// - Complexity: as `DataSource.toggleDisclosure(of:)`: O((1 + *v*) log *n*), where *v* is
    ///   the number of rows shown or hidden, unless the children are replaced (O(*n* log *n*)).
    @discardableResult
    @inlinable public func toggleDisclosure(
      of item: ItemIdentifierType
    ) -> NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>? {
      _simulating { () throws(SnapshotError) in try native.toggleDisclosure(of: item) }
    }

    /// Simulates the user dropping `item` (with its subtree) at `destination` in its section,
    /// through `reorderingHandlers`: `canReorderItem`, then `willReorder` with the transaction
    /// before it is committed, then `didReorder` after.
    ///
    /// No Apple counterpart: UIKit does this when the user drops a dragged cell. An item that a
    /// collapsed ancestor hides is on no cell a user could drag: nothing is asked and nothing
    /// changes. Traps with Apple-style messages when `item` or the destination's item is not in
    /// the same section, or when the destination is inside `item`'s subtree;
    /// `native.reorder(_:to:)` throws instead.
    ///
    /// - Returns: The transaction, or nil when a collapsed ancestor hides `item`, when
    ///   `canReorderItem` is missing or answers no, or when the item is already there.
    /// - Complexity: O(*k* log *n*), where *k* is the size of the moved subtree.
    @discardableResult
    @inlinable public func reorder(
      _ item: ItemIdentifierType, to destination: SectionSnapshot<ItemIdentifierType>.Destination
    ) -> NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>? {
      reorder(item, to: destination, checkingVisibility: true)
    }

    /// `reorder(_:to:)`, moving a hidden item too when `checkingVisibility` is false, as
    /// `DataSource.reorder(_:to:checkingVisibility:)` says: for an outline editor's move of
    /// several items replayed one reorder at a time.
    ///
    /// - Returns: The transaction, or nil when `checkingVisibility` is true and a collapsed
    ///   ancestor hides `item`, when `canReorderItem` is missing or answers no, or when the item
    ///   is already there.
    /// - Complexity: O(*k* log *n*), where *k* is the size of the moved subtree.
    @discardableResult
    @inlinable public func reorder(
      _ item: ItemIdentifierType, to destination: SectionSnapshot<ItemIdentifierType>.Destination,
      checkingVisibility: Bool
    ) -> NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>? {
      _simulating { () throws(SnapshotError) in
        try native.reorder(item, to: destination, checkingVisibility: checkingVisibility)
      }
    }

    /// Simulates the user dragging the visible row `source` of `section` so that it lands at row
    /// `destination` (counted in the final rows), re-parenting it by its new neighbours as UIKit
    /// does, through `reorderingHandlers`.
    ///
    /// No Apple counterpart: UIKit does this as the user drags a cell.
    /// `DataSource.drag(in:fromRow:toRow:)` says where the item lands. An expanded parent is
    /// collapsed as the drag lifts it (an expanded leaf keeps its flag), applied as a change of
    /// its own with no handler called; the transaction returned is the drop's, which starts
    /// from it (`native.drag` returns both). Traps with Apple-style messages for an unknown
    /// section or a row out of range; `native.drag(in:fromRow:toRow:)` throws instead.
    ///
    /// - Returns: The drop's transaction, or nil when `canReorderItem` is missing or answers
    ///   no, or when the drop changes nothing (the lift may still have collapsed the item).
    /// - Complexity: O((*k* + *v*) log *n*), where *k* is the size of the moved subtree and *v*
    ///   the number of rows its collapse hides.
    @discardableResult
    @inlinable public func drag(
      in section: SectionIdentifierType, fromRow source: Int, toRow destination: Int
    ) -> NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>? {
      _simulating { () throws(SnapshotError) in
        try native.drag(in: section, fromRow: source, toRow: destination).drop
      }
    }

    /// Simulates the user dropping `item` (with its subtree) into another section, at
    /// `destination` there, through `reorderingHandlers`.
    ///
    /// No Apple counterpart: UIKit does this when the user drops a dragged cell in another
    /// section. `DataSource.reorder(_:toSection:at:)` says what the transaction holds. An item
    /// that a collapsed ancestor hides is not dragged. Traps with Apple-style messages for an
    /// unknown item or section; the native member throws instead.
    ///
    /// - Returns: The transaction, or nil when a collapsed ancestor hides `item`, or when
    ///   `canReorderItem` is missing or answers no.
    /// - Complexity: as `DataSource.reorder(_:toSection:at:)`.
    @discardableResult
    @inlinable public func reorder(
      _ item: ItemIdentifierType, toSection section: SectionIdentifierType,
      at destination: SectionSnapshot<ItemIdentifierType>.Destination
    ) -> NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>? {
      _simulating { () throws(SnapshotError) in
        try native.reorder(item, toSection: section, at: destination)
      }
    }

    /// Simulates the user dragging the cell at `source` to `destination`, index paths of
    /// (section index, row), within a section or into another one.
    ///
    /// No Apple counterpart: UIKit does this as the user drags a cell; index paths are how its
    /// drag and drop delegates name the places. Within a section it is
    /// `drag(in:fromRow:toRow:)`; across sections, `DataSource.drag(fromRow:in:toRow:in:)`
    /// says where the item lands. As within a section, an expanded parent is collapsed as the
    /// drag lifts it, a change of its own, and the drop's transaction starts from it. Traps with
    /// Apple-style messages for a section index or a row out of range.
    ///
    /// - Returns: The drop's transaction, or nil when `canReorderItem` is missing or answers
    ///   no, or when the drop changes nothing.
    /// - Complexity: as `DataSource.drag(fromRow:in:toRow:in:)`.
    @discardableResult
    @inlinable public func drag(
      from source: IndexPath, to destination: IndexPath
    ) -> NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>? {
      _simulating { () throws(SnapshotError) in
        guard source.count == 2, destination.count == 2,
          let from = native.sectionIdentifier(for: source[0]),
          let to = native.sectionIdentifier(for: destination[0])
        else {
          throw .invalidMove("\(source) or \(destination) is not a (section, row) index path")
        }
        return try native.drag(fromRow: source[1], in: from, toRow: destination[1], in: to).drop
      }
    }

    /// Runs a native interaction, trapping with its error's message, and wraps its transaction
    /// (nil when it was refused, changed nothing, or touched a hidden item).
    @inlinable internal func _simulating(
      _ interaction: () throws(SnapshotError) -> InteractionResult<
        SectionIdentifierType, ItemIdentifierType
      >
    ) -> NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>? {
      let result = _trapping {
        () throws(SnapshotError) -> InteractionResult<SectionIdentifierType, ItemIdentifierType>? in
        do throws(SnapshotError) {
          return try interaction()
        } catch {
          if case .notVisible = error { return nil }
          throw error
        }
      }
      return result?.transaction.map(NSDiffableDataSourceTransaction.init)
    }
  }

#endif
