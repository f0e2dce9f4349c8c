import Diffable
import OutlineTestSupport

/// One edit or child-snapshot query, applicable to the snapshot and to the reference alike.
enum Operation<Item: Hashable & Sendable>: CustomStringConvertible {
  case append([Item], to: Item?)
  case insertBefore([Item], Item)
  case insertAfter([Item], Item)
  case insertSnapshotBefore(Forest<Item>, Item)
  case insertSnapshotAfter(Forest<Item>, Item)
  case replaceChildren(Item, Forest<Item>)
  case delete([Item])
  case deleteAll
  case expand([Item])
  case collapse([Item])
  case snapshot(of: Item, includingParent: Bool)

  /// Every item the operation names.
  var namedItems: [Item] {
    switch self {
    case .append(let items, let parent): items + (parent.map { [$0] } ?? [])
    case .insertBefore(let items, let item), .insertAfter(let items, let item): items + [item]
    case .insertSnapshotBefore(let forest, let item), .insertSnapshotAfter(let forest, let item),
      .replaceChildren(let item, let forest):
      forest.items + [item]
    case .delete(let items), .expand(let items), .collapse(let items): items
    case .deleteAll: []
    case .snapshot(let parent, _): [parent]
    }
  }

  var description: String {
    switch self {
    case .append(let items, let parent): "append(\(items), to: \(parent.map { "\($0)" } ?? "nil"))"
    case .insertBefore(let items, let item): "insert(\(items), before: \(item))"
    case .insertAfter(let items, let item): "insert(\(items), after: \(item))"
    case .insertSnapshotBefore(let forest, let item):
      "insert(snapshot [\(forest)], before: \(item))"
    case .insertSnapshotAfter(let forest, let item): "insert(snapshot [\(forest)], after: \(item))"
    case .replaceChildren(let parent, let forest):
      "replace(childrenOf: \(parent), using: [\(forest)])"
    case .delete(let items): "delete(\(items))"
    case .deleteAll: "deleteAll()"
    case .expand(let items): "expand(\(items))"
    case .collapse(let items): "collapse(\(items))"
    case .snapshot(let parent, let including):
      "snapshot(of: \(parent), includingParent: \(including))"
    }
  }

  /// Applies the operation; returns the child snapshot `snapshot(of:)` makes.
  func apply(to snapshot: inout SectionSnapshot<Item>) -> Result<
    SectionSnapshot<Item>?, SnapshotError
  > {
    do throws(SnapshotError) {
      switch self {
      case .append(let items, let parent): try snapshot.append(items, to: parent)
      case .insertBefore(let items, let item): try snapshot.insert(items, before: item)
      case .insertAfter(let items, let item): try snapshot.insert(items, after: item)
      case .insertSnapshotBefore(let forest, let item):
        let argument = try! forest.snapshotByAppending()
        try snapshot.insert(argument, before: item)
      case .insertSnapshotAfter(let forest, let item):
        let argument = try! forest.snapshotByAppending()
        try snapshot.insert(argument, after: item)
      case .replaceChildren(let parent, let forest):
        let argument = try! forest.snapshotByAppending()
        try snapshot.replace(childrenOf: parent, using: argument)
      case .delete(let items): try snapshot.delete(items)
      case .deleteAll: snapshot.deleteAll()
      case .expand(let items): snapshot.expand(items)
      case .collapse(let items): snapshot.collapse(items)
      case .snapshot(let parent, let including):
        return .success(try snapshot.snapshot(of: parent, includingParent: including))
      }
      return .success(nil)
    } catch {
      return .failure(error)
    }
  }

  /// Applies the operation to the reference; returns the child outline `snapshot(of:)` makes.
  func apply(to reference: inout ReferenceOutline<Item>) -> Result<
    ReferenceOutline<Item>?, SnapshotError
  > {
    do throws(SnapshotError) {
      switch self {
      case .append(let items, let parent): try reference.append(items, to: parent)
      case .insertBefore(let items, let item): try reference.insert(items, before: item)
      case .insertAfter(let items, let item): try reference.insert(items, after: item)
      case .insertSnapshotBefore(let forest, let item):
        try reference.insert(forest.reference(), before: item)
      case .insertSnapshotAfter(let forest, let item):
        try reference.insert(forest.reference(), after: item)
      case .replaceChildren(let parent, let forest):
        try reference.replace(childrenOf: parent, using: forest.reference())
      case .delete(let items): try reference.delete(items)
      case .deleteAll: reference.deleteAll()
      case .expand(let items): reference.expand(items)
      case .collapse(let items): reference.collapse(items)
      case .snapshot(let parent, let including):
        return .success(try reference.snapshot(of: parent, includingParent: including))
      }
      return .success(nil)
    } catch {
      return .failure(error)
    }
  }
}
