import OrderedCollections

/// The handlers a data source consults when the user taps an item's outline disclosure.
///
/// Mirrors `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`. They run only for a
/// user's disclosure action (`DataSource.toggleDisclosure(of:)`), never for a programmatic
/// `expand` + `apply`. A missing should-handler means yes.
public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
  /// Whether the item may expand.
  public var shouldExpandItem: ((Item) -> Bool)?
  /// Called right before the item expands.
  public var willExpandItem: ((Item) -> Void)?
  /// Whether the item may collapse.
  public var shouldCollapseItem: ((Item) -> Bool)?
  /// Called right before the item collapses.
  public var willCollapseItem: ((Item) -> Void)?
  /// The children the item gets as it expands, given its current children as a snapshot
  /// (possibly empty): returning it unchanged changes nothing; another snapshot replaces them.
  public var snapshotForExpandingParent: ((Item, SectionSnapshot<Item>) -> SectionSnapshot<Item>)?

  @inlinable public init() {}
}

/// The handlers a data source consults when the user reorders an item.
///
/// Mirrors `UICollectionViewDiffableDataSource.ReorderingHandlers`. With no `canReorderItem`,
/// nothing can be reordered.
public struct ReorderingHandlers<Section: Hashable & Sendable, Item: Hashable & Sendable> {
  /// Whether the item may be reordered.
  public var canReorderItem: ((Item) -> Bool)?
  /// Called with the reorder's transaction before it is committed (the data source still holds
  /// the initial snapshot).
  public var willReorder: ((Transaction<Section, Item>) -> Void)?
  /// Called with the reorder's transaction after it is committed.
  public var didReorder: ((Transaction<Section, Item>) -> Void)?

  @inlinable public init() {}
}

/// What a simulated user interaction came to.
public enum InteractionResult<Section: Hashable & Sendable, Item: Hashable & Sendable>: Sendable {
  /// The interaction changed the data source, as the transaction says.
  case applied(Transaction<Section, Item>)
  /// A should- or can-handler answered no: nothing happened.
  case refused
  /// Nothing to do: the item is already where it was dropped.
  case unchanged

  /// The transaction, when the interaction was applied.
  @inlinable public var transaction: Transaction<Section, Item>? {
    if case .applied(let transaction) = self { return transaction }
    return nil
  }
}
