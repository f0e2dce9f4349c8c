import OrderedCollections

/// What one edit did to a section snapshot's pre-order sequence, in offsets.
///
/// A section snapshot records the change its last edit made relative to the version it was
/// edited from (its journal). When that snapshot is applied to a data source still holding that
/// version, the transaction's differences come from the change in O(*k* log *n*), where *k* is
/// what the edit touched, instead of a diff of everything.
@usableFromInline internal enum _Change: Sendable, Equatable {
  /// Runs of the sequence that the edit replaced, ascending and disjoint. Outside them, the old
  /// and new sequences hold the same items in the same order with the same visibility.
  case windows([_Window])
  /// The entries at `block` (old offsets: an item and its subtree) moved so that they start at
  /// new offset `destination`; everything else kept its order and visibility.
  case move(block: Range<Int>, destination: Int)
}

/// A run of old entries replaced by a run of new ones.
@usableFromInline internal struct _Window: Sendable, Equatable {
  @usableFromInline internal enum Kind: Sendable, Equatable {
    /// Only new entries (`old` is empty).
    case insertion
    /// Only old entries removed (`new` is empty).
    case removal
    /// The same items; only their visibility changed.
    case visibility
    /// Anything: diffed element by element.
    case replacement
  }

  @usableFromInline internal var kind: Kind
  @usableFromInline internal var old: Range<Int>
  @usableFromInline internal var new: Range<Int>

  @inlinable
  internal init(kind: Kind, old: Range<Int>, new: Range<Int>) {
    self.kind = kind
    self.old = old
    self.new = new
  }
}

/// A section snapshot's record of how it came to be.
@usableFromInline internal enum _Journal: Sendable, Equatable {
  /// No edit since the snapshot's version was made.
  case pristine
  /// One edit, from version `base`.
  case edited(base: UInt64, change: _Change)
  /// More than one edit, or an edit with no recorded change.
  case unknown
}
