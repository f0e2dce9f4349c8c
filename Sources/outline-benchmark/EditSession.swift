import Diffable

/// A data source holding an outline, and the single edits the edit and memory scenarios make to
/// it, each the way an app makes it: take `snapshot(for:)`, edit it, apply it.
///
/// Every edit returns its transaction; the caller reads its difference (the edit scenario) or
/// keeps it (the memory scenario). New identifiers come from a generator of their own, and the
/// session tracks which leaves exist, so it never deletes an item twice.
///
/// ```swift
/// let session = EditSession(OutlineFixture(approximately: 1_000, seed: 1))
/// let transaction = session.appendLeaf(session.newID(), to: session.randomParent())
/// transaction.difference.count  // 0: the parent is a collapsed child
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
  /// The items without children that still exist: the fixture's leaves and every added item.
  private var deletable: [String]
  /// The items deleted so far.
  private var deleted: Set<String> = []

  init(_ fixture: OutlineFixture) {
    self.fixture = fixture
    deletable = Array(fixture.leaves)
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    try! dataSource.apply(fixture.snapshot, to: Self.section)
  }

  // MARK: Choosing

  /// A fresh identifier.
  func newID() -> String { Identifiers.uuid(using: &newIDs) }

  /// A random root or child: an item that has children and is never deleted.
  func randomParent() -> String { fixture.parents.randomElement(using: &random)! }

  /// A random child (level 1, with 10 leaves).
  func randomChild() -> String { fixture.children.randomElement(using: &random)! }

  /// A random item of the fixture that has not been deleted.
  func randomItem() -> String {
    while true {
      let item = fixture.ids.randomElement(using: &random)!
      if !deleted.contains(item) { return item }
    }
  }

  /// A random existing item without children, forgotten as deletable: the caller deletes it.
  func takeLeaf() -> String {
    let index = Int.random(in: deletable.indices, using: &random)
    deletable.swapAt(index, deletable.count - 1)
    let leaf = deletable.removeLast()
    deleted.insert(leaf)
    return leaf
  }

  // MARK: Editing

  /// Appends `item` as the last child of `parent`.
  func appendLeaf(_ item: String, to parent: String) -> Transaction<Int, String> {
    var outline = dataSource.snapshot(for: Self.section)
    try! outline.append([item], to: parent)
    deletable.append(item)
    return try! dataSource.apply(outline, to: Self.section)
  }

  /// Inserts `item` right before `other`, as its sibling.
  func insert(_ item: String, before other: String) -> Transaction<Int, String> {
    var outline = dataSource.snapshot(for: Self.section)
    try! outline.insert([item], before: other)
    deletable.append(item)
    return try! dataSource.apply(outline, to: Self.section)
  }

  /// Deletes `leaf` (taken with `takeLeaf()`).
  func delete(_ leaf: String) -> Transaction<Int, String> {
    var outline = dataSource.snapshot(for: Self.section)
    try! outline.delete([leaf])
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

extension EditSession {
  /// The bytes of the session's own arrays of identifiers (not the identifiers' storage, which
  /// the outline shares): what the memory scenario leaves out of the outline's size.
  var bookkeepingBytes: Int {
    let stride = MemoryLayout<String>.stride
    return fixture.ids.capacity * stride + deletable.capacity * stride
      + deleted.capacity * stride
  }
}
