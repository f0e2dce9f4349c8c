/// New collapsed leaves at one level, as the run of entries that `_insertRun` takes.
///
/// A struct rather than `items.lazy.map { … }`: the map's closure is called through a pointer
/// and costs a retain and a release of each item around the call, a fifth of building 10,000
/// String identifiers; this subscript is inlined.
@usableFromInline internal struct _SiblingRun<Item: Hashable & Sendable>: RandomAccessCollection {
  @usableFromInline internal let items: [Item]
  @usableFromInline internal let level: Int32
  @usableFromInline internal let isVisible: Bool

  @inlinable internal init(_ items: [Item], level: Int32, isVisible: Bool) {
    self.items = items
    self.level = level
    self.isVisible = isVisible
  }

  @inlinable internal var startIndex: Int { items.startIndex }
  @inlinable internal var endIndex: Int { items.endIndex }

  @inlinable internal subscript(position: Int) -> _Entry<Item> {
    _Entry(label: 0, item: items[position], level: level, isExpanded: false, isVisible: isVisible)
  }
}
