#if !canImport(UIKit)

  extension UICollectionViewDiffableDataSource {
    /// UIKit's `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`: the handlers the data
    /// source consults when the user taps an item's outline disclosure.
    ///
    /// They run only for a user's disclosure action (here `toggleDisclosure(of:)`), never for a
    /// programmatic `expand` + `apply`. A missing should-handler means yes. UIKit names the
    /// generic parameter `ItemIdentifierType`, shadowing the data source's; Swift 6 forbids the
    /// shadowing, so it is `Item` here. Code names the type as UIKit's:
    /// `UICollectionViewDiffableDataSource<Section, Item>.SectionSnapshotHandlers<Item>`.
    ///
    /// ```swift
    /// dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = {
    ///   parent, existingSnapshot -> NSDiffableDataSourceSectionSnapshot<String> in
    ///   var snapshot = existingSnapshot
    ///   snapshot.append(["Apple"])  // loaded the first time the parent expands
    ///   return snapshot
    /// }
    /// ```
    @preconcurrency
    public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
      /// Whether the item may expand.
      ///
      /// Mirrors UIKit's `shouldExpandItem`.
      public var shouldExpandItem: ((Item) -> Bool)?
      /// Called right before the item expands.
      ///
      /// Mirrors UIKit's `willExpandItem`.
      public var willExpandItem: ((Item) -> Void)?
      /// Whether the item may collapse.
      ///
      /// Mirrors UIKit's `shouldCollapseItem`.
      public var shouldCollapseItem: ((Item) -> Bool)?
      /// Called right before the item collapses.
      ///
      /// Mirrors UIKit's `willCollapseItem`.
      public var willCollapseItem: ((Item) -> Void)?
      /// The children the item gets as it expands, given its current children as a snapshot
      /// (possibly empty): returning it unchanged changes nothing; another snapshot replaces them.
      ///
      /// Mirrors UIKit's `snapshotForExpandingParent`.
      public var snapshotForExpandingParent:
        (
          (Item, NSDiffableDataSourceSectionSnapshot<Item>) -> NSDiffableDataSourceSectionSnapshot<
            Item
          >
        )?

      /// No handlers: every item may expand and collapse.
      ///
      /// - Complexity: O(1).
      public init() {}
    }

    /// UIKit's `UICollectionViewDiffableDataSource.ReorderingHandlers`: the handlers the data
    /// source consults when the user reorders an item.
    ///
    /// With no `canReorderItem`, nothing can be reordered. `willReorder` sees the transaction
    /// before it is committed (the data source still shows the initial snapshot), `didReorder`
    /// after.
    public struct ReorderingHandlers {
      /// Whether the item may be reordered.
      ///
      /// Mirrors UIKit's `canReorderItem`.
      public var canReorderItem: ((ItemIdentifierType) -> Bool)?
      /// Called with the reorder's transaction before it is committed.
      ///
      /// Mirrors UIKit's `willReorder`.
      public var willReorder:
        ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
      /// Called with the reorder's transaction after it is committed.
      ///
      /// Mirrors UIKit's `didReorder`.
      public var didReorder:
        ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

      /// No handlers: nothing can be reordered.
      ///
      /// - Complexity: O(1).
      public init() {}
    }
  }

  // MARK: - Installing them on the native data source

  extension UICollectionViewDiffableDataSource {
    /// Sets `native`'s section snapshot handlers to `sectionSnapshotHandlers`, converting section
    /// snapshots between the two types.
    @usableFromInline internal func _installSectionSnapshotHandlers() {
      let handlers = sectionSnapshotHandlers
      var installed = Diffable.SectionSnapshotHandlers<ItemIdentifierType>()
      installed.shouldExpandItem = handlers.shouldExpandItem
      installed.willExpandItem = handlers.willExpandItem
      installed.shouldCollapseItem = handlers.shouldCollapseItem
      installed.willCollapseItem = handlers.willCollapseItem
      if let body = handlers.snapshotForExpandingParent {
        installed.snapshotForExpandingParent = { parent, current in
          body(parent, NSDiffableDataSourceSectionSnapshot(current)).native
        }
      }
      native.sectionSnapshotHandlers = installed
    }

    /// Sets `native`'s reordering handlers to `reorderingHandlers`, wrapping its transactions.
    @usableFromInline internal func _installReorderingHandlers() {
      let handlers = reorderingHandlers
      var installed = Diffable.ReorderingHandlers<SectionIdentifierType, ItemIdentifierType>()
      installed.canReorderItem = handlers.canReorderItem
      if let body = handlers.willReorder {
        installed.willReorder = { body(NSDiffableDataSourceTransaction($0)) }
      }
      if let body = handlers.didReorder {
        installed.didReorder = { body(NSDiffableDataSourceTransaction($0)) }
      }
      native.reorderingHandlers = installed
    }
  }

#endif
