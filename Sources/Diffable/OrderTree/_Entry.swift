import OrderedCollections

/// One item of a section snapshot as the order tree stores it.
///
/// The tree keeps the items in depth-first pre-order. An entry knows its depth (`level`), its own
/// expansion flag, and whether it is visible (every ancestor expanded). `label` is the entry's
/// ordering key: labels increase along the pre-order, so the identifier → label map locates an
/// entry in the tree without scanning.
@usableFromInline internal struct _Entry<Item: Hashable & Sendable>: Sendable {
  @usableFromInline internal var label: UInt64
  @usableFromInline internal var item: Item
  @usableFromInline internal var level: Int32
  @usableFromInline internal var isExpanded: Bool
  @usableFromInline internal var isVisible: Bool

  @inlinable
  internal init(label: UInt64, item: Item, level: Int32, isExpanded: Bool, isVisible: Bool) {
    self.label = label
    self.item = item
    self.level = level
    self.isExpanded = isExpanded
    self.isVisible = isVisible
  }
}
