/// What a `_LabelMap` stores for each item: a value with an `absent` form that holds no reference
/// (a table's empty slot is never deinitialized), which a log's record holds for a removed item.
@usableFromInline internal protocol _LabelValue: Sendable {
  static var absent: Self { get }
  var isAbsent: Bool { get }
}

/// Where an item of a section snapshot is: its label in the order tree, its level and its
/// parent, so that `level(of:)` and `parent(of:)` answer from one hash lookup.
///
/// The level and the parent cost no writes of their own: they change only when the item moves,
/// and a move writes a new label for every item of the moved subtree anyway. The level follows
/// the parent so that it fills an `Int?` parent's padding: a 24-byte slot, not 32.
@usableFromInline internal struct _Place<Item: Hashable & Sendable>: _LabelValue {
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

  @inlinable internal static var absent: _Place { _Place(label: 0, level: 0, parent: nil) }
  @inlinable internal var isAbsent: Bool { label == 0 }
}

/// A log's record index, which its index of each item's newest record holds.
extension Int32: _LabelValue {
  /// Never stored: records are numbered from 0.
  @inlinable internal static var absent: Int32 { -1 }
  @inlinable internal var isAbsent: Bool { self < 0 }
}
