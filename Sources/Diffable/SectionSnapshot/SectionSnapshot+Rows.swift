import OrderedCollections

extension SectionSnapshot {
  /// One item of the outline with where it stands: what a tree view draws on one line.
  public struct Row: Hashable, Sendable {
    /// The item.
    public let item: Item
    /// Its depth: 0 for a root.
    public let level: Int
    /// Its own expansion flag (a leaf may carry one too).
    public let isExpanded: Bool
    /// Whether every ancestor is expanded.
    public let isVisible: Bool

    /// Creates a row.
    @inlinable public init(item: Item, level: Int, isExpanded: Bool, isVisible: Bool) {
      self.item = item
      self.level = level
      self.isExpanded = isExpanded
      self.isVisible = isVisible
    }
  }

  /// Calls `body` with every item's row, in `items` order (depth-first pre-order), hidden items
  /// included, until it returns false.
  ///
  /// An item has children exactly when the next row's level is greater than its own; a row's
  /// parent is the last row before it with a level one less. Neither needs a lookup, so saving
  /// or drawing an outline of any depth is one pass with no recursion.
  ///
  /// ```swift
  /// snapshot.forEachRow { row in
  ///   print(String(repeating: "  ", count: row.level) + row.item)
  ///   return true
  /// }
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the number of items.
  @inlinable public func forEachRow(_ body: (Row) -> Bool) {
    _tree.forEach(in: 0..<count) { entry in
      body(
        Row(
          item: entry.item, level: Int(entry.level), isExpanded: entry.isExpanded,
          isVisible: entry.isVisible))
    }
  }

  /// The item at offset `index` of `items` with its row among the visible items (nil when it is
  /// hidden): `item(at:)` and `visibleIndex(of:)` of that item, from one descent of the tree
  /// with no lookup by item.
  ///
  /// - Precondition: `0 <= index < count`.
  /// - Complexity: O(log *n*).
  @inlinable package func visibleRow(at index: Int) -> (item: Item, row: Int?) {
    let found = _tree.entryAndVisibleCount(atRank: index)
    return (found.entry.item, found.entry.isVisible ? found.visibleBefore : nil)
  }

  /// Calls `body` with the visible items at `rows` of `visibleItems`, in order, from one
  /// descent of the tree: `visibleItem(at:)` of each row without a descent each.
  ///
  /// - Precondition: `0 <= rows.lowerBound` and `rows.upperBound <= visibleCount`.
  /// - Complexity: O(log *n* + *k* + *h*), where *k* is the number of rows and *h* the number of
  ///   hidden items stored beside them (at most a node's worth at each row's end of a collapsed
  ///   subtree).
  @inlinable package func forEachVisibleItem(inRows rows: Range<Int>, _ body: (Item) -> Void) {
    _tree.forEachVisible(inRows: rows) { body($0.item) }
  }

  /// Every item's row, in `items` order.
  ///
  /// - Complexity: O(*n*).
  @inlinable public var rows: [Row] {
    var result: [Row] = []
    result.reserveCapacity(count)
    forEachRow {
      result.append($0)
      return true
    }
    return result
  }
}
