// UIKit (and AppKit, for `item` and `section`) add these to Foundation's `IndexPath`;
// swift-corelibs-foundation does not have them. Declaring them where AppKit exists would make
// every use ambiguous in a file that imports both AppKit and Diffable, so they are left out there.
#if !canImport(UIKit) && !canImport(AppKit)
  import Foundation

  extension IndexPath {
    /// An index path of a collection view's item: `[section, item]`.
    ///
    /// Mirrors UIKit's `IndexPath.init(item:section:)`.
    ///
    /// ```swift
    /// let indexPath = IndexPath(item: 2, section: 1)
    /// indexPath.section  // 1
    /// indexPath.item     // 2
    /// ```
    ///
    /// - Complexity: O(1).
    @inlinable public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// An index path of a table view's row: `[section, row]`.
    ///
    /// Mirrors UIKit's `IndexPath.init(row:section:)`.
    ///
    /// - Complexity: O(1).
    @inlinable public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// The section: the first index.
    ///
    /// Mirrors UIKit's `IndexPath.section`, and traps where UIKit traps: when the index path
    /// does not hold exactly two indexes.
    ///
    /// - Complexity: O(1).
    @inlinable public var section: Int {
      get { _checkOutline(); return self[0] }
      set { _checkOutline(); self[0] = newValue }
    }

    /// The item within the section: the second index.
    ///
    /// Mirrors UIKit's `IndexPath.item`, and traps where UIKit traps: when the index path does
    /// not hold exactly two indexes.
    ///
    /// - Complexity: O(1).
    @inlinable public var item: Int {
      get { _checkOutline(); return self[1] }
      set { _checkOutline(); self[1] = newValue }
    }

    /// The row within the section: the second index, as `item`.
    ///
    /// Mirrors UIKit's `IndexPath.row`, and traps where UIKit traps: when the index path does
    /// not hold exactly two indexes.
    ///
    /// - Complexity: O(1).
    @inlinable public var row: Int {
      get { _checkOutline(); return self[1] }
      set { _checkOutline(); self[1] = newValue }
    }

    @inlinable internal func _checkOutline() {
      precondition(
        count == 2,
        "Invalid index path for use with UICollectionView or UITableView. This index path must "
          + "contain exactly two indices specifying the section and item (row): \(self)")
    }
  }

#endif
