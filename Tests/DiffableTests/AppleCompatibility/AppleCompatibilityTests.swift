#if !canImport(UIKit)
  import Diffable
  import Foundation
  import XCTest

  // MARK: - Code written for iOS, compiled unchanged

  /// The model and snapshot-building code of Apple's WWDC20 "Emoji Explorer" sample.
  ///
  /// From "Implementing Modern Collection Views", trimmed to a few emojis. Only the data source's
  /// type differs: the headless `DataSource` stands in for `UICollectionViewDiffableDataSource`.
  enum EmojiExplorerSample {
    struct Emoji: Hashable, Sendable {
      enum Category: CaseIterable, CustomStringConvertible {
        case recents, smileys, nature, food
      }
      let text: String
      let title: String
      let category: Category
    }

    final class EmojiExplorerViewController {
      enum Section: Int, Hashable, CaseIterable, CustomStringConvertible {
        case recents, outline, list

        var description: String {
          switch self {
          case .recents: return "Recents"
          case .outline: return "Outline"
          case .list: return "List"
          }
        }
      }

      struct Item: Hashable, Sendable {
        let title: String?
        let emoji: Emoji?
        let hasChildren: Bool
        init(emoji: Emoji? = nil, title: String? = nil, hasChildren: Bool = false) {
          self.emoji = emoji
          self.title = title
          self.hasChildren = hasChildren
        }
        private let identifier = UUID()
      }

      var dataSource: DataSource<Section, Item>! = nil
      var starredEmojis = Set<Item>()
      var backingStore: [Item] = []
      var sectionBackingStore: [Section: [Item]] = [:]

      func configureDataSource() {
        dataSource = DataSource<Section, Item>()

        dataSource.reorderingHandlers.canReorderItem = { item in return true }
        dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
          guard let self = self else { return }
          if let updated = self.backingStore.applying(transaction.difference) {
            self.backingStore = updated
          }
          for sectionTransaction in transaction.sectionTransactions {
            let sectionIdentifier = sectionTransaction.sectionIdentifier
            if let previousSectionItems = self.sectionBackingStore[sectionIdentifier],
              let updatedSectionItems = previousSectionItems.applying(
                sectionTransaction.difference)
            {
              self.sectionBackingStore[sectionIdentifier] = updatedSectionItems
            }
          }
        }
      }

      /// - Tag: SectionSnapshot
      func applyInitialSnapshots() {
        // set the order for our sections
        let sections = Section.allCases
        var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
        snapshot.appendSections(sections)
        dataSource.apply(snapshot, animatingDifferences: false)

        // recents (orthogonal scroller)
        let recentItems = Emoji.Category.recents.emojis.map { Item(emoji: $0) }
        var recentsSnapshot = NSDiffableDataSourceSectionSnapshot<Item>()
        recentsSnapshot.append(recentItems)
        dataSource.apply(recentsSnapshot, to: .recents, animatingDifferences: false)

        // list of all + outlines
        var allSnapshot = NSDiffableDataSourceSectionSnapshot<Item>()
        var outlineSnapshot = NSDiffableDataSourceSectionSnapshot<Item>()

        for category in Emoji.Category.allCases where category != .recents {
          // append to the "all items" snapshot
          let allSnapshotItems = category.emojis.map { Item(emoji: $0) }
          allSnapshot.append(allSnapshotItems)

          // setup our parent/child relations
          let rootItem = Item(title: String(describing: category), hasChildren: true)
          outlineSnapshot.append([rootItem])
          let outlineItems = category.emojis.map { Item(emoji: $0) }
          outlineSnapshot.append(outlineItems, to: rootItem)
        }

        dataSource.apply(recentsSnapshot, to: .recents, animatingDifferences: false)
        dataSource.apply(allSnapshot, to: .list, animatingDifferences: false)
        dataSource.apply(outlineSnapshot, to: .outline, animatingDifferences: false)

        // prepopulate starred emojis
        for _ in 0..<5 {
          if let item = allSnapshot.items.randomElement() {
            self.starredEmojis.insert(item)
          }
        }
      }

      /// A flat snapshot built the iOS 13 way, section by section.
      func applyFlatSnapshot() {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
        snapshot.appendSections([.recents, .outline, .list])
        snapshot.appendItems(
          Emoji.Category.recents.emojis.map { Item(emoji: $0) }, toSection: .recents)
        snapshot.appendItems(
          Emoji.Category.smileys.emojis.map { Item(emoji: $0) }, toSection: .list)
        snapshot.appendItems([Item(title: "Outline", hasChildren: true)], toSection: .outline)
        dataSource.apply(snapshot, animatingDifferences: true)
      }
    }
  }

  extension EmojiExplorerSample.Emoji.Category {
    var description: String {
      switch self {
      case .recents: return "Recents"
      case .smileys: return "Smileys"
      case .nature: return "Nature"
      case .food: return "Food"
      }
    }

    var emojis: [EmojiExplorerSample.Emoji] {
      switch self {
      case .recents:
        return [EmojiExplorerSample.Emoji(text: "🤣", title: "Rolling on the floor", category: self)]
      case .smileys:
        return [
          EmojiExplorerSample.Emoji(text: "😀", title: "Grinning", category: self),
          EmojiExplorerSample.Emoji(text: "😂", title: "Joy", category: self),
        ]
      case .nature:
        return [
          EmojiExplorerSample.Emoji(text: "🐶", title: "Dog", category: self),
          EmojiExplorerSample.Emoji(text: "🌲", title: "Evergreen", category: self),
        ]
      case .food:
        return [EmojiExplorerSample.Emoji(text: "🍎", title: "Apple", category: self)]
      }
    }
  }

  extension EmojiExplorerSample.EmojiExplorerViewController.Item: CustomStringConvertible {
    var description: String { title ?? emoji?.text ?? "?" }
  }

  // MARK: - Tests

  final class AppleCompatibilityTests: XCTestCase {
    typealias Controller = EmojiExplorerSample.EmojiExplorerViewController
    typealias Item = Controller.Item

    private func makeController() -> Controller {
      let controller = Controller()
      controller.configureDataSource()
      controller.applyInitialSnapshots()
      return controller
    }

    private func texts(_ items: [Item]) -> [String] { items.map(\.description) }

    func testEmojiExplorerOutlineBuildsCollapsedTree() {
      let controller = makeController()
      let dataSource = controller.dataSource!
      let outline = NSDiffableDataSourceSectionSnapshot(dataSource.snapshot(for: .outline))

      XCTAssertEqual(
        texts(outline.items), ["Smileys", "😀", "😂", "Nature", "🐶", "🌲", "Food", "🍎"])
      XCTAssertEqual(texts(outline.rootItems), ["Smileys", "Nature", "Food"])
      XCTAssertEqual(texts(outline.visibleItems), ["Smileys", "Nature", "Food"])
      XCTAssertEqual(outline.expandedItems, [])
      XCTAssertEqual(
        outline.visualDescription(),
        """
        <SectionSnapshot<Item>: 8 items>
        -*Smileys
          - 😀
          - 😂
        -*Nature
          - 🐶
          - 🌲
        -*Food
          - 🍎
        </SectionSnapshot>
        """)
      let smileys = outline.rootItems[0]
      XCTAssertTrue(smileys.hasChildren)
      XCTAssertEqual(outline.level(of: outline.items[1]), 1)
      XCTAssertEqual(outline.parent(of: outline.items[1]), smileys)
      XCTAssertNil(outline.parent(of: smileys))
      XCTAssertFalse(outline.isVisible(outline.items[1]))
      XCTAssertEqual(texts(outline.snapshot(of: smileys).items), ["😀", "😂"])

      let flat = NSDiffableDataSourceSnapshot(dataSource.snapshot())
      XCTAssertEqual(flat.sectionIdentifiers, [.recents, .outline, .list])
      XCTAssertEqual(texts(flat.itemIdentifiers(inSection: .recents)), ["🤣"])
      XCTAssertEqual(
        texts(flat.itemIdentifiers(inSection: .outline)), ["Smileys", "Nature", "Food"])
      XCTAssertEqual(texts(flat.itemIdentifiers(inSection: .list)), ["😀", "😂", "🐶", "🌲", "🍎"])
      XCTAssertEqual(flat.numberOfItems, 9)
      XCTAssertEqual(controller.starredEmojis.count, Set(controller.starredEmojis).count)
      XCTAssertTrue(controller.starredEmojis.isSubset(of: flat.itemIdentifiers(inSection: .list)))
    }

    func testEmojiExplorerExpandAndCollapse() {
      let controller = makeController()
      let dataSource = controller.dataSource!
      var outline = NSDiffableDataSourceSectionSnapshot(dataSource.snapshot(for: .outline))
      let nature = outline.rootItems[1]

      outline.expand([nature])
      XCTAssertTrue(outline.isExpanded(nature))
      XCTAssertEqual(outline.expandedItems, [nature])
      dataSource.apply(outline, to: .outline, animatingDifferences: true)
      XCTAssertEqual(
        texts(
          NSDiffableDataSourceSnapshot(dataSource.snapshot()).itemIdentifiers(inSection: .outline)),
        ["Smileys", "Nature", "🐶", "🌲", "Food"])
      XCTAssertEqual(
        NSDiffableDataSourceSectionSnapshot(dataSource.snapshot(for: .outline)).visualDescription()
          .split(separator: "\n").dropFirst().prefix(4),
        ["-*Smileys", "  - 😀", "  - 😂", "+*Nature"])

      outline.collapse([nature])
      XCTAssertFalse(outline.isExpanded(nature))
      let transaction = dataSource.apply(outline, to: .outline)
      XCTAssertEqual(
        texts(transaction.finalSnapshot.itemIdentifiers(inSection: .outline)),
        ["Smileys", "Nature", "Food"])
      XCTAssertEqual(transaction.difference.removals.count, 2)
      XCTAssertEqual(transaction.sectionTransactions.map(\.sectionIdentifier), [.outline])
      XCTAssertTrue(transaction.sectionTransactions[0].difference.isEmpty)
    }

    #if !canImport(AppKit)
      func testEmojiExplorerIndexPathLookups() {
        let controller = makeController()
        let dataSource = controller.dataSource!
        var outline = NSDiffableDataSourceSectionSnapshot(dataSource.snapshot(for: .outline))
        let smileys = outline.rootItems[0]
        let grinning = outline.items[1]

        XCTAssertEqual(
          dataSource.itemIdentifier(for: IndexPath(item: 0, section: 0))?.description, "🤣")
        XCTAssertEqual(
          dataSource.itemIdentifier(for: IndexPath(item: 1, section: 1)), outline.rootItems[1])
        XCTAssertEqual(
          dataSource.itemIdentifier(for: IndexPath(row: 4, section: 2))?.description, "🍎")
        XCTAssertNil(dataSource.itemIdentifier(for: IndexPath(item: 3, section: 1)))
        XCTAssertNil(dataSource.indexPath(for: grinning))

        outline.expand([smileys])
        dataSource.apply(outline, to: .outline, animatingDifferences: false)
        XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 1)), grinning)
        let indexPath = dataSource.indexPath(for: grinning)
        XCTAssertEqual(indexPath?.section, 1)
        XCTAssertEqual(indexPath?.item, 1)
        XCTAssertEqual(indexPath?.row, 1)
        XCTAssertEqual(indexPath, IndexPath(item: 1, section: 1))

        var mutable = IndexPath(item: 0, section: 0)
        mutable.item = 3
        mutable.section = 2
        XCTAssertEqual(mutable, IndexPath(indexes: [2, 3]))
        mutable.row = 4
        XCTAssertEqual(mutable.item, 4)
      }
    #endif

    func testEmojiExplorerDisclosureTapRunsHandlers() throws {
      let controller = makeController()
      let dataSource = controller.dataSource!
      var calls: [String] = []
      dataSource.sectionSnapshotHandlers.shouldExpandItem = { item in
        calls.append("should \(item)")
        return true
      }
      dataSource.sectionSnapshotHandlers.willExpandItem = { item in calls.append("will \(item)") }
      let food = dataSource.snapshot(for: .outline).rootItems[2]
      try dataSource.toggleDisclosure(of: food)
      XCTAssertEqual(calls, ["should Food", "will Food"])
      XCTAssertEqual(
        texts(NSDiffableDataSourceSectionSnapshot(dataSource.snapshot(for: .outline)).visibleItems),
        ["Smileys", "Nature", "Food", "🍎"])
    }

    func testEmojiExplorerReorderUpdatesBackingStores() throws {
      let controller = makeController()
      let dataSource = controller.dataSource!
      controller.backingStore = dataSource.snapshot().itemIdentifiers
      controller.sectionBackingStore[.list] = dataSource.snapshot(for: .list).items
      let list = dataSource.snapshot(for: .list).items

      try dataSource.reorder(list[0], to: .after(list[2]))

      XCTAssertEqual(controller.backingStore, dataSource.snapshot().itemIdentifiers)
      XCTAssertEqual(
        texts(controller.sectionBackingStore[.list] ?? []), ["😂", "🐶", "😀", "🌲", "🍎"])
      XCTAssertEqual(
        texts(
          NSDiffableDataSourceSnapshot(dataSource.snapshot()).itemIdentifiers(inSection: .list)),
        ["😂", "🐶", "😀", "🌲", "🍎"])
    }

    func testEmojiExplorerFlatSnapshot() {
      let controller = Controller()
      controller.configureDataSource()
      controller.applyFlatSnapshot()
      let snapshot = NSDiffableDataSourceSnapshot(controller.dataSource.snapshot())
      XCTAssertEqual(snapshot.numberOfSections, 3)
      XCTAssertEqual(texts(snapshot.itemIdentifiers), ["🤣", "Outline", "😀", "😂"])
      XCTAssertEqual(snapshot.numberOfItems(inSection: .list), 2)
      XCTAssertEqual(snapshot.indexOfSection(.list), 2)
      XCTAssertEqual(snapshot.indexOfItem(snapshot.itemIdentifiers[3]), 3)
      XCTAssertEqual(
        snapshot.sectionIdentifier(containingItem: snapshot.itemIdentifiers[1]), .outline)
    }

    // MARK: Each wrapper member agrees with the native one

    /// Food (expanded) > Apple, Pear > Seed; Drinks > Tea.
    private func makeNative() throws -> SectionSnapshot<String> {
      var native = SectionSnapshot<String>()
      try native.append(["Food", "Drinks"])
      try native.append(["Apple", "Pear"], to: "Food")
      try native.append(["Seed"], to: "Pear")
      try native.append(["Tea"], to: "Drinks")
      native.expand(["Food"])
      return native
    }

    private func makeWrapper() -> NSDiffableDataSourceSectionSnapshot<String> {
      var wrapper = NSDiffableDataSourceSectionSnapshot<String>()
      wrapper.append(["Food", "Drinks"])
      wrapper.append(["Apple", "Pear"], to: "Food")
      wrapper.append(["Seed"], to: "Pear")
      wrapper.append(["Tea"], to: "Drinks")
      wrapper.expand(["Food"])
      return wrapper
    }

    func testSectionSnapshotQueriesAgreeWithNative() throws {
      let native = try makeNative()
      let wrapper = makeWrapper()
      XCTAssertEqual(wrapper.native, native)
      XCTAssertEqual(wrapper, NSDiffableDataSourceSectionSnapshot(native))
      XCTAssertEqual(NSDiffableDataSourceSectionSnapshot(wrapper), wrapper)
      XCTAssertEqual(wrapper.items, native.items)
      XCTAssertEqual(wrapper.rootItems, native.rootItems)
      XCTAssertEqual(wrapper.visibleItems, native.visibleItems)
      XCTAssertEqual(wrapper.expandedItems, native.expandedItems)
      XCTAssertEqual(wrapper.visualDescription(), native.visualDescription())
      for item in native.items {
        XCTAssertEqual(wrapper.contains(item), native.contains(item), item)
        XCTAssertEqual(wrapper.index(of: item), native.index(of: item), item)
        XCTAssertEqual(wrapper.level(of: item), try native.level(of: item), item)
        XCTAssertEqual(wrapper.parent(of: item), try native.parent(of: item), item)
        XCTAssertEqual(wrapper.isExpanded(item), try native.isExpanded(item), item)
        XCTAssertEqual(wrapper.isVisible(item), try native.isVisible(item), item)
        XCTAssertEqual(wrapper.snapshot(of: item).native, try native.snapshot(of: item), item)
        XCTAssertEqual(
          wrapper.snapshot(of: item, includingParent: true).native,
          try native.snapshot(of: item, includingParent: true), item)
      }
      XCTAssertFalse(wrapper.contains("missing"))
      XCTAssertNil(wrapper.index(of: "missing"))
      XCTAssertEqual(wrapper.items, ["Food", "Apple", "Pear", "Seed", "Drinks", "Tea"])
      XCTAssertEqual(wrapper.visibleItems, ["Food", "Apple", "Pear", "Drinks"])
    }

    func testSectionSnapshotEditsAgreeWithNative() throws {
      var native = try makeNative()
      var wrapper = makeWrapper()
      func check(_ line: UInt = #line) {
        XCTAssertEqual(wrapper.native, native, line: line)
        XCTAssertEqual(wrapper.visualDescription(), native.visualDescription(), line: line)
      }

      wrapper.insert(["Bread"], before: "Apple")
      try native.insert(["Bread"], before: "Apple")
      check()
      wrapper.insert(["Cake"], after: "Pear")
      try native.insert(["Cake"], after: "Pear")
      check()

      var extra = NSDiffableDataSourceSectionSnapshot<String>()
      extra.append(["Juice"])
      extra.append(["Orange"], to: "Juice")
      extra.expand(["Juice"])
      wrapper.insert(extra, before: "Drinks")
      try native.insert(extra.native, before: "Drinks")
      check()

      var more = NSDiffableDataSourceSectionSnapshot<String>()
      more.append(["Water"])
      wrapper.insert(more, after: "Drinks")
      try native.insert(more.native, after: "Drinks")
      check()

      var children = NSDiffableDataSourceSectionSnapshot<String>()
      children.append(["Coffee", "Milk"])
      wrapper.replace(childrenOf: "Drinks", using: children)
      try native.replace(childrenOf: "Drinks", using: children.native)
      check()
      XCTAssertEqual(wrapper.snapshot(of: "Drinks").items, ["Coffee", "Milk"])

      wrapper.expand(["Drinks", "Pear", "unknown"])
      native.expand(["Drinks", "Pear", "unknown"])
      check()
      wrapper.collapse(["Food", "unknown"])
      native.collapse(["Food", "unknown"])
      check()

      wrapper.delete(["Pear", "Juice"])
      try native.delete(["Pear", "Juice"])
      check()
      XCTAssertFalse(wrapper.contains("Seed"))

      wrapper.deleteAll()
      native.deleteAll()
      check()
      XCTAssertEqual(wrapper.items, [])
      XCTAssertEqual(wrapper, NSDiffableDataSourceSectionSnapshot())
    }

    func testFlatSnapshotAgreesWithNative() throws {
      var native = Snapshot<String, String>()
      var wrapper = NSDiffableDataSourceSnapshot<String, String>()
      func check(_ line: UInt = #line) {
        XCTAssertEqual(wrapper.native, native, line: line)
        XCTAssertEqual(wrapper.sectionIdentifiers, native.sectionIdentifiers, line: line)
        XCTAssertEqual(wrapper.itemIdentifiers, native.itemIdentifiers, line: line)
        XCTAssertEqual(wrapper.numberOfItems, native.numberOfItems, line: line)
        XCTAssertEqual(wrapper.numberOfSections, native.numberOfSections, line: line)
        XCTAssertEqual(wrapper.reloadedItemIdentifiers, native.reloadedItemIdentifiers, line: line)
        XCTAssertEqual(
          wrapper.reconfiguredItemIdentifiers, native.reconfiguredItemIdentifiers, line: line)
        XCTAssertEqual(
          wrapper.reloadedSectionIdentifiers, native.reloadedSectionIdentifiers, line: line)
        for section in native.sectionIdentifiers {
          XCTAssertEqual(
            wrapper.numberOfItems(inSection: section), try native.numberOfItems(inSection: section),
            line: line)
          XCTAssertEqual(
            wrapper.itemIdentifiers(inSection: section),
            try native.itemIdentifiers(inSection: section), line: line)
          XCTAssertEqual(
            wrapper.indexOfSection(section), native.indexOfSection(section), line: line)
        }
        for item in native.itemIdentifiers {
          XCTAssertEqual(
            wrapper.sectionIdentifier(containingItem: item),
            native.sectionIdentifier(containingItem: item), line: line)
          XCTAssertEqual(wrapper.indexOfItem(item), native.indexOfItem(item), line: line)
        }
      }

      wrapper.appendSections(["a", "c"])
      try native.appendSections(["a", "c"])
      check()
      wrapper.insertSections(["b"], beforeSection: "c")
      try native.insertSections(["b"], beforeSection: "c")
      wrapper.insertSections(["d"], afterSection: "c")
      try native.insertSections(["d"], afterSection: "c")
      check()
      XCTAssertEqual(wrapper.sectionIdentifiers, ["a", "b", "c", "d"])

      wrapper.appendItems(["1", "2"], toSection: "a")
      try native.appendItems(["1", "2"], toSection: "a")
      wrapper.appendItems(["9"])
      try native.appendItems(["9"])
      check()
      wrapper.insertItems(["0"], beforeItem: "1")
      try native.insertItems(["0"], beforeItem: "1")
      wrapper.insertItems(["8"], afterItem: "9")
      try native.insertItems(["8"], afterItem: "9")
      check()
      wrapper.moveItem("0", afterItem: "2")
      try native.moveItem("0", afterItem: "2")
      wrapper.moveItem("8", beforeItem: "9")
      try native.moveItem("8", beforeItem: "9")
      check()
      XCTAssertEqual(wrapper.itemIdentifiers, ["1", "2", "0", "8", "9"])

      wrapper.reloadItems(["1"])
      try native.reloadItems(["1"])
      wrapper.reconfigureItems(["2"])
      try native.reconfigureItems(["2"])
      wrapper.reloadSections(["b"])
      try native.reloadSections(["b"])
      check()

      wrapper.moveSection("d", beforeSection: "a")
      try native.moveSection("d", beforeSection: "a")
      wrapper.moveSection("a", afterSection: "c")
      try native.moveSection("a", afterSection: "c")
      check()
      XCTAssertEqual(wrapper.sectionIdentifiers, ["d", "b", "c", "a"])

      wrapper.deleteItems(["1", "unknown"])
      native.deleteItems(["1", "unknown"])
      wrapper.deleteSections(["d", "unknown"])
      native.deleteSections(["d", "unknown"])
      check()
      wrapper.deleteAllItems()
      native.deleteAllItems()
      check()
      XCTAssertEqual(wrapper, NSDiffableDataSourceSnapshot())
    }

    func testTransactionsAgreeWithNative() throws {
      let dataSource = DataSource<String, String>()
      var outline = NSDiffableDataSourceSectionSnapshot<String>()
      outline.append(["Food", "Drinks"])
      outline.append(["Apple", "Pear"], to: "Food")
      outline.expand(["Food"])
      dataSource.apply(outline, to: "main")

      var natives: [Transaction<String, String>] = []
      dataSource.reorderingHandlers.canReorderItem = { _ in true }
      dataSource.reorderingHandlers.didReorder = { natives.append($0) }
      try dataSource.reorder("Drinks", to: .before("Food"))
      let native = try XCTUnwrap(natives.first)
      let transaction = NSDiffableDataSourceTransaction(native)

      XCTAssertEqual(transaction.initialSnapshot.native, native.initialSnapshot)
      XCTAssertEqual(transaction.finalSnapshot.native, native.finalSnapshot)
      XCTAssertEqual(transaction.difference, native.difference)
      XCTAssertEqual(
        transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference),
        transaction.finalSnapshot.itemIdentifiers)
      XCTAssertEqual(
        transaction.finalSnapshot.itemIdentifiers, ["Drinks", "Food", "Apple", "Pear"])
      XCTAssertEqual(transaction.sectionTransactions.count, native.sectionTransactions.count)
      for (wrapped, section) in zip(transaction.sectionTransactions, native.sectionTransactions) {
        XCTAssertEqual(wrapped.sectionIdentifier, section.sectionIdentifier)
        XCTAssertEqual(wrapped.initialSnapshot.native, section.initialSnapshot)
        XCTAssertEqual(wrapped.finalSnapshot.native, section.finalSnapshot)
        XCTAssertEqual(wrapped.difference, section.difference)
        XCTAssertEqual(
          wrapped.initialSnapshot.items.applying(wrapped.difference), wrapped.finalSnapshot.items)
      }

      var flat = NSDiffableDataSourceSnapshot(dataSource.snapshot())
      flat.appendSections(["extra"])
      flat.appendItems(["Tea"])
      let applied = dataSource.applySnapshotUsingReloadData(flat)
      XCTAssertEqual(applied.finalSnapshot, flat)
      XCTAssertEqual(
        dataSource.snapshot().itemIdentifiers, ["Drinks", "Food", "Apple", "Pear", "Tea"])
    }

    // MARK: The messages the wrappers trap with

    /// The wrappers trap with the native error's `message`, which cannot be observed in-process;
    /// these are the texts a trap prints.
    func testTrapMessagesAreApples() throws {
      var native = try makeNative()
      XCTAssertThrowsError(try native.append(["A"], to: "missing")) { error in
        XCTAssertEqual(
          (error as? SnapshotError)?.message,
          "Parent item identifier does not exist in section snapshot: missing")
      }
      XCTAssertThrowsError(try native.append(["Apple"])) { error in
        XCTAssertEqual(
          (error as? SnapshotError)?.message,
          "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Apple")
      }
      XCTAssertThrowsError(try native.level(of: "missing")) { error in
        XCTAssertEqual(
          (error as? SnapshotError)?.message,
          "Item identifier does not exist in section snapshot: missing")
      }
      var flat = Snapshot<String, String>()
      XCTAssertThrowsError(try flat.appendItems(["A"])) { error in
        XCTAssertEqual(
          (error as? SnapshotError)?.message,
          "There are currently no sections in the data source. Please add a section first.")
      }
    }
  }
#endif
