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
  case windows(_Windows)
  /// The entries at `block` (old offsets: an item and its subtree) moved so that they start at
  /// new offset `destination`; everything else kept its order and visibility. `named`: the code
  /// named the block's item as the one to move (a flat snapshot's `moveItem`), so where moving
  /// the entries it jumped over instead is as small a difference, the block is the one reported.
  case move(block: Range<Int>, destination: Int, named: Bool = false)

  /// One window: the entries at old offsets `old` replaced by those at new offsets `new`.
  @inlinable internal static func window(_ kind: _Window.Kind, old: Range<Int>, new: Range<Int>)
    -> _Change
  {
    .windows(_Windows(_Window(kind: kind, old: old, new: new)))
  }
}

/// A run of old entries replaced by a run of new ones.
///
/// Every version keeps its journal, so a window is stored in 20 bytes (offsets in 32 bits; a
/// section snapshot holds fewer than 2³¹ items).
@usableFromInline internal struct _Window: Sendable, Equatable {
  @usableFromInline internal enum Kind: UInt8, Sendable, Equatable {
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
  @usableFromInline internal var _old: Range<Int32>
  @usableFromInline internal var _new: Range<Int32>

  @inlinable internal var old: Range<Int> { Int(_old.lowerBound)..<Int(_old.upperBound) }
  @inlinable internal var new: Range<Int> { Int(_new.lowerBound)..<Int(_new.upperBound) }

  @inlinable
  internal init(kind: Kind, old: Range<Int>, new: Range<Int>) {
    self.kind = kind
    _old = Int32(old.lowerBound)..<Int32(old.upperBound)
    _new = Int32(new.lowerBound)..<Int32(new.upperBound)
  }
}

/// The windows of one edit, ascending and disjoint: most edits have exactly one, kept inline
/// (an array would be one more heap block for every version).
@usableFromInline internal struct _Windows: RandomAccessCollection, Sendable, Equatable {
  @usableFromInline internal enum Storage: Sendable, Equatable {
    case one(_Window)
    case many([_Window])
  }

  @usableFromInline internal var storage: Storage

  /// One window.
  @inlinable internal init(_ window: _Window) { storage = .one(window) }

  /// Any number of windows.
  @inlinable internal init(_ windows: [_Window]) {
    storage = windows.count == 1 ? .one(windows[0]) : .many(windows)
  }

  @inlinable internal var startIndex: Int { 0 }

  @inlinable internal var endIndex: Int {
    switch storage {
    case .one: 1
    case .many(let windows): windows.count
    }
  }

  @inlinable internal subscript(position: Int) -> _Window {
    switch storage {
    case .one(let window):
      precondition(position == 0, "window \(position) out of range")
      return window
    case .many(let windows): return windows[position]
    }
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
