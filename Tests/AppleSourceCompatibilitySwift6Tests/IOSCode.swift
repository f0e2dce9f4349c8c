// Code written the way iOS code is written, compiled unchanged against Diffable's Apple-named
// types.
//
// This file is compiled twice: by AppleSourceCompatibilitySwift6Tests (Swift 6 language mode) and,
// through a symbolic link, by AppleSourceCompatibilitySwift5Tests (Swift 5 mode). Each snippet
// says where it came from; what was adapted is the UIKit view part (there is no UICollectionView
// or UITableView here: data sources are made with `init()`, cells and layout are left out).
// `UIViewController` is `@MainActor`, so the view-controller stand-ins are `@MainActor` classes,
// as every subclass of it is. `#if swift(>=6)` marks the one place where Swift 6 needs a change,
// the same one the iOS SDK needs (README, "Running iOS snapshot tests on Linux").

#if canImport(UIKit)
  import UIKit
#else
  import Diffable
  import Foundation
#endif

// MARK: - Outline view controller

// From 88yhtserof/LinkageLab-Accessibility,
// DefaultComponents-Accessibility/Controllers/Outline/OutlineViewController/
// OutLineViewController+DataSource.swift: `updateSnapshot()`, the typealiases, and a flat snapshot
// of sections followed by one section snapshot per section. The cell registrations are left out.

struct Outline: Hashable, Sendable {
  let title: String
}

struct Detail: Hashable, Sendable {
  let title: String
}

@MainActor
final class OutlineViewController {
  typealias DataSource = UICollectionViewDiffableDataSource<Outline, Detail>
  typealias Snapshot = NSDiffableDataSourceSnapshot<Outline, Detail>
  typealias SectionSnapshot = NSDiffableDataSourceSectionSnapshot<Detail>

  var dataSource: DataSource!
  let sections = [Outline(title: "Buttons"), Outline(title: "Labels")]
  let items = [
    [Detail(title: "Plain"), Detail(title: "Filled")],
    [Detail(title: "Title"), Detail(title: "Caption")],
  ]

  func configureDataSource() {
    dataSource = DataSource()
  }

  func updateSnapshot() {
    var snapshot = Snapshot()
    snapshot.appendSections(sections)
    dataSource.apply(snapshot)

    for (offeset, section) in sections.enumerated() {
      var sectionSnapshot = SectionSnapshot()
      let headerItem = Detail(title: "\(section.title)")
      sectionSnapshot.append([headerItem])
      sectionSnapshot.append(items[offeset], to: headerItem)
      sectionSnapshot.expand([headerItem])
      dataSource.apply(sectionSnapshot, to: section)
    }
  }

  // Written the way iOS code is written: a section snapshot taken from the data source, edited,
  // applied back.
  func delete(_ details: [Detail], from section: Outline) {
    var sectionSnapshot = dataSource.snapshot(for: section)
    sectionSnapshot.delete(details)
    dataSource.apply(sectionSnapshot, to: section)
  }

  // Written the way iOS code is written: `snapshot()` rebuilt in a `forEach` closure.
  func keepOnly(where isIncluded: @escaping (Detail) -> Bool) {
    let current = dataSource.snapshot()
    var updated = Snapshot()
    current.sectionIdentifiers.forEach { section in
      updated.appendSections([section])
      updated.appendItems(
        current.itemIdentifiers(inSection: section).filter(isIncluded), toSection: section)
    }
    dataSource.apply(updated, animatingDifferences: true) { [weak self] in
      self?.appliedUpdates += 1
    }
  }

  var appliedUpdates = 0
}

// MARK: - Lazy children and reordering, from Apple's documentation

// From Apple's documentation of `UICollectionViewDiffableDataSource.sectionSnapshotHandlers`
// (developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa/
// sectionsnapshothandlers-swift.property) and of `reorderingHandlers` (.../
// reorderinghandlers-swift.property): the handler snippets, inside a view controller.

@MainActor
final class GroceryViewController {
  var dataSource: UICollectionViewDiffableDataSource<String, String>! = nil
  var backingStore: [String] = []
  var finalItems: [String] = []
  var expandedParents: [String] = []

  func configureDataSource() {
    dataSource = UICollectionViewDiffableDataSource<String, String>()

    // Allow every item to be collapsed
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { item in return true }

    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = {
      parent, existingSnapshot -> NSDiffableDataSourceSectionSnapshot<String> in
      self.expandedParents.append(parent)
      guard existingSnapshot.items.isEmpty else { return existingSnapshot }
      var snapshot = NSDiffableDataSourceSectionSnapshot<String>()
      snapshot.append(["\(parent) 1", "\(parent) 2"])
      return snapshot
    }

    // Allow every item to be reordered
    dataSource.reorderingHandlers.canReorderItem = { item in return true }

    // Option 1: Update the backing store from a CollectionDifference
    dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
      guard let self = self else { return }

      if let updatedBackingStore = self.backingStore.applying(transaction.difference) {
        self.backingStore = updatedBackingStore
      }
      // Option 2: Update the backing store from the final item identifiers
      self.finalItems = transaction.finalSnapshot.itemIdentifiers
    }
  }

  func applyInitialSnapshot() {
    // From Apple's documentation of `NSDiffableDataSourceSectionSnapshot` (overview), with one
    // section: its snippet appends the same items to every section, which UIKit forbids.
    for section in ["Groceries"] {
      // Create a section snapshot
      var sectionSnapshot = NSDiffableDataSourceSectionSnapshot<String>()

      // Populate the section snapshot
      sectionSnapshot.append(["Food", "Drinks"])
      sectionSnapshot.append(["🍏", "🍓", "🥐"], to: "Food")

      // Apply the section snapshot
      dataSource.apply(
        sectionSnapshot,
        to: section,
        animatingDifferences: true)
    }
    backingStore = dataSource.snapshot().itemIdentifiers
  }
}

// MARK: - A generic helper over the data source

// From an Apple sample-code file ("Utility methods for restoring a collection view to a certain
// selection state — expanding parents of selected leaf nodes"; found in the code index, its
// repository unnamed there): `expandParentsToShow(leafItemIdentifiers:dataSource:)`, an extension
// of `UICollectionView`, here of a stand-in. Its generic parameters are only `Hashable`; against
// `@preconcurrency` declarations Swift 6 infers no `Sendable` from the parameter's type, and the
// snapshots' members then need it, so Swift 6 adds `& Sendable` (the iOS SDK declares these types
// the same way and would need the same change).

// `UICollectionView` is `@MainActor`, and so are the methods of its extensions.
@MainActor final class CollectionView {}

extension CollectionView {
  #if swift(>=6)
    func expandParentsToShow<Section: Hashable & Sendable, Identifier: Hashable & Sendable>(
      leafItemIdentifiers: [Identifier],
      dataSource: UICollectionViewDiffableDataSource<Section, Identifier>
    ) {
      let topSnapshot = dataSource.snapshot()
      for itemIdentifier in leafItemIdentifiers {
        let sectionIdentifiers = topSnapshot.sectionIdentifiers
        for sectionIdentifier in sectionIdentifiers {
          var sectionSnapshot = dataSource.snapshot(for: sectionIdentifier)
          let itemWasExpanded = sectionSnapshot.recursivelyExpandToShow(item: itemIdentifier)
          dataSource.apply(sectionSnapshot, to: sectionIdentifier)
          if itemWasExpanded {
            break
          }
        }
      }
    }
  #else
    // Expands all parent sections, and select the leaf identifiers
    func expandParentsToShow<Section: Hashable, Identifier: Hashable>(
      leafItemIdentifiers: [Identifier],
      dataSource: UICollectionViewDiffableDataSource<Section, Identifier>
    ) {
      let topSnapshot = dataSource.snapshot()
      for itemIdentifier in leafItemIdentifiers {
        let sectionIdentifiers = topSnapshot.sectionIdentifiers
        for sectionIdentifier in sectionIdentifiers {
          var sectionSnapshot = dataSource.snapshot(for: sectionIdentifier)
          let itemWasExpanded = sectionSnapshot.recursivelyExpandToShow(item: itemIdentifier)
          dataSource.apply(sectionSnapshot, to: sectionIdentifier)
          if itemWasExpanded {
            break
          }
        }
      }
    }
  #endif
}

extension NSDiffableDataSourceSectionSnapshot {
  mutating func recursivelyExpandToShow(item: ItemIdentifierType) -> Bool {
    var itemWasFound = false
    var itemsToExpand = [ItemIdentifierType]()
    var currentItem = item
    while contains(item), let parentItem = parent(of: currentItem) {
      itemWasFound = true
      itemsToExpand.append(parentItem)
      currentItem = parentItem
    }
    expand(itemsToExpand)
    return itemWasFound
  }
}

// MARK: - A generic class holding a data source

// Written the way iOS code is written: an operation generic over identifiers that are only
// `Hashable`, holding a data source. Against the iOS SDK in Swift 6 mode this is a warning (the
// type is `@preconcurrency`); so it is here.
final class Op<S: Hashable, I: Hashable> {
  let dataSource: UICollectionViewDiffableDataSource<S, I>

  init(dataSource: UICollectionViewDiffableDataSource<S, I>) {
    self.dataSource = dataSource
  }

  @MainActor func reapply() {
    dataSource.apply(dataSource.snapshot(), animatingDifferences: false)
  }

  @MainActor func indexPath(of item: I) -> IndexPath? {
    dataSource.indexPath(for: item)
  }
}

// MARK: - Extensions and subclasses of the data sources

// From AnastasiiaHolovash/onboarding,
// onboarding/Library/Extension/UICollectionViewDiffableDataSourceExtensions.swift.

enum SingleSection: Hashable, Sendable {
  case main
}

extension UICollectionViewDiffableDataSource where SectionIdentifierType == SingleSection {
  func applyItems(_ items: [ItemIdentifierType], completion: (() -> Void)? = nil) {
    var snapshot = NSDiffableDataSourceSnapshot<SingleSection, ItemIdentifierType>()
    snapshot.appendSections([.main])
    snapshot.appendItems(items, toSection: .main)
    apply(snapshot, completion: completion)
  }
}

// From MalyshevMaksim/Notes, JustNote/Controllers/Notes/NotesDataSource.swift: a subclass of the
// table data source. `init(tableView:cellProvider:)` becomes `init()`, and the override of
// `tableView(_:canEditRowAt:)` (a `UITableViewDataSource` method) is left out.

class NotesDataSource: UITableViewDiffableDataSource<Int, Int> {
  typealias DataSourceSnapshot = NSDiffableDataSourceSnapshot<Int, Int>

  override init() {
    super.init()
    apply(makeSnapshot(), animatingDifferences: true)
  }

  func makeSnapshot() -> DataSourceSnapshot {
    var snapshot = DataSourceSnapshot()
    snapshot.appendSections([0])
    snapshot.appendSections([1])

    for item in 0..<3 {
      snapshot.appendItems([item], toSection: 0)
    }

    for item in 3..<8 {
      snapshot.appendItems([item], toSection: 1)
    }
    return snapshot
  }
}

// From bradhowes/swift-uitableview-searching, Searching/DataSource.swift: a table data source
// subclass answering section titles from its snapshot. The `UITableViewDataSource` overrides
// become plain methods without the table view argument.

struct Section: Hashable, Sendable {
  let label: String
}

struct Title: Hashable, Sendable {
  let name: String
}

class TitlesDataSource: UITableViewDiffableDataSource<Section, Title> {
  func titleForHeader(inSection section: Int) -> String? {
    snapshot().sectionIdentifiers[section].label
  }

  func sectionIndexTitles() -> [String]? {
    snapshot().sectionIdentifiers.map { $0.label }
  }
}
