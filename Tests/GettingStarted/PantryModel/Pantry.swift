// The getting-started article's code under test, as written there
// (Sources/Diffable/Diffable.docc/GettingStarted.md), in a module of its own as the article's
// Package.swift puts it: `configurePantry` is internal, so the tests reach it only through
// `@testable import PantryModel`. A change here belongs in the article too.

#if canImport(UIKit)
  import UIKit
#else
  import Diffable
#endif

/// Gives the pantry's data source its handlers and its first snapshot: Food and Drinks, whose
/// children load when they first expand.
@MainActor func configurePantry(_ dataSource: UICollectionViewDiffableDataSource<String, String>) {
  dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = {
    parent, existingSnapshot -> NSDiffableDataSourceSectionSnapshot<String> in
    guard existingSnapshot.items.isEmpty else { return existingSnapshot }  // loaded already
    var children = NSDiffableDataSourceSectionSnapshot<String>()
    children.append(parent == "Food" ? ["Apple", "Pear"] : ["Tea"])
    return children
  }
  var outline = NSDiffableDataSourceSectionSnapshot<String>()
  outline.append(["Food", "Drinks"])
  dataSource.apply(outline, to: "pantry", animatingDifferences: false)
}
