import Diffable

/// A data source holding an outline, and the single edits the `edits` and `memory` scenarios
/// make to it, each the way an app makes it: take `snapshot(for:)`, edit it, apply it.
///
/// Every edit returns its transaction; the caller reads its difference (the `edits` scenario)
/// or keeps it (the `memory` scenario). New identifiers come from a generator of their own.
///
/// ```swift
/// let session = EditSession(OutlineFixture(approximately: 1_000, seed: 1))
/// let transaction = session.appendLeaf(session.newID(), to: session.randomParent())
/// transaction.difference.count  // 0 when the parent is a collapsed child
/// ```
final class EditSession {
  /// The section that holds the outline.
  static let section = 0

  let fixture: OutlineFixture
  let dataSource = DataSource<Int, String>()
  /// Picks the items edited.
  var random = SplitMix64(seed: 0x5EED)
  /// Makes the identifiers of new items.
  private var newIDs = SplitMix64(seed: 0xC0FFEE)

  /// A data source holding `fixture`'s outline, with a reordering handler that allows every
  /// reorder.
  init(_ fixture: OutlineFixture) {
    self.fixture = fixture
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try! dataSource.apply(fixture.snapshot, to: Self.section)
  }

  // MARK: Choosing

  /// A fresh identifier.
  func newID() -> String { Identifiers.uuid(using: &newIDs) }

  /// A random root or child: an item that has children.
  func randomParent() -> String { fixture.parents.randomElement(using: &random)! }

  /// A random child (level 1, with 10 leaves).
  func randomChild() -> String { fixture.children.randomElement(using: &random)! }

  /// A random item of the fixture.
  func randomItem() -> String { fixture.ids.randomElement(using: &random)! }

  /// A random leaf of the fixture and its parent (its parent for good: moves carry a child's
  /// leaves along).
  func randomLeaf() -> (leaf: String, parent: String) {
    let index = Int.random(in: fixture.leaves.indices, using: &random)
    let childIndex = (index - fixture.leaves.startIndex) / OutlineFixture.fanOut
    return (fixture.ids[index], fixture.children[fixture.children.startIndex + childIndex])
  }

  // MARK: Editing

  /// Appends `item` as the last child of `parent`.
  func appendLeaf(_ item: String, to parent: String) -> Transaction<Int, String> {
    var outline = dataSource.snapshot(for: Self.section)
    try! outline.append([item], to: parent)
    return try! dataSource.apply(outline, to: Self.section)
  }

  /// Inserts `item` right before `other`, as its sibling.
  func insert(_ item: String, before other: String) -> Transaction<Int, String> {
    var outline = dataSource.snapshot(for: Self.section)
    try! outline.insert([item], before: other)
    return try! dataSource.apply(outline, to: Self.section)
  }

  /// Deletes `item` with its subtree.
  func delete(_ item: String) -> Transaction<Int, String> {
    var outline = dataSource.snapshot(for: Self.section)
    try! outline.delete([item])
    return try! dataSource.apply(outline, to: Self.section)
  }

  /// Reorders `item` (with its subtree) to right before `other`, through the reordering
  /// handlers; nil when it is already there.
  func move(_ item: String, before other: String) -> Transaction<Int, String>? {
    try! dataSource.reorder(item, to: .before(other)).transaction
  }

  /// Taps `item`'s disclosure: expands it when collapsed, collapses it when expanded.
  func toggle(_ item: String) -> Transaction<Int, String> {
    try! dataSource.toggleDisclosure(of: item).transaction!
  }
}
