/// Where an item of a section snapshot is: its label in the order tree, its level, and its
/// parent, as the label map keeps them.
///
/// The level and the parent sit beside the label so that `level(of:)` and `parent(of:)` answer
/// from one hash lookup, with no walk down the tree. They cost no writes of their own: an item's
/// parent and level change only when it moves, and a move writes a new label for every item of
/// the moved subtree anyway (relabeling a window of neighbours, which keeps parents and levels,
/// rewrites the label alone).
@usableFromInline internal struct _Place<Item: Hashable & Sendable>: _LabelValue {
  // The fields are stored in this order: the level after the parent fills the parent's padding
  // when the identifier is an `Int` (an `Int?` is 9 bytes): a stride of 24 bytes, not 32, in
  // every bucket of the label map. (A `String?` is 16 bytes: 32 either way.)

  /// The entry's label in the order tree (labels start at 1; 0: absent).
  @usableFromInline internal var label: UInt64
  /// The parent, or nil for a root.
  @usableFromInline internal var parent: Item?
  /// The depth: 0 for a root.
  @usableFromInline internal var level: Int32

  @inlinable internal init(label: UInt64, level: Int32, parent: Item?) {
    self.label = label
    self.level = level
    self.parent = parent
  }

  /// The place of a removed item.
  @inlinable internal static var absent: _Place { _Place(label: 0, level: 0, parent: nil) }
  @inlinable internal var isAbsent: Bool { label == 0 }
}
