import OrderedCollections

/// A difference kept as offsets only: cheap to build, turned into a `CollectionDifference` on
/// demand.
///
/// The diff engine (`_Diffing`) and the snapshot journals produce this form; it holds no elements,
/// so building it never copies or retains an identifier. `collectionDifference(old:new:)` looks
/// the elements up when a caller needs Swift's `CollectionDifference`.
///
/// ```swift
/// // old [A, B, C] → new [B, C, A]: A moves from old offset 0 to new offset 2.
/// // removals   == [Change(offset: 0, associatedWith: 2)]
/// // insertions == [Change(offset: 2, associatedWith: 0)]
/// ```
///
/// A move appears as a removal and an insertion that name each other, exactly as in
/// `CollectionDifference`.
@usableFromInline internal struct _OffsetDifference: Equatable, Sendable {
  /// One removal (an old offset) or one insertion (a new offset), with the offset on the other
  /// side when the change is half of a move.
  ///
  /// Stored in 8 bytes, two `Int32`s (a partner of -1 for none), not the 24 of `Int` and `Int?`:
  /// a whole diff of a large outline writes one per element on each side, and the history keeps
  /// them, so the smaller form is less memory traffic and less memory. Offsets are below 2³¹ (an
  /// outline that large would not fit in memory); a larger one traps.
  @usableFromInline internal struct Change: Equatable, Sendable {
    @usableFromInline internal let _offset: Int32
    @usableFromInline internal let _partner: Int32

    /// The offset into the old collection (a removal) or the new one (an insertion).
    @inlinable internal var offset: Int { Int(_offset) }
    /// For a move: the new offset a removed element goes to, or the old offset an inserted
    /// element comes from; `nil` for a plain removal or insertion.
    @inlinable internal var associatedWith: Int? { _partner < 0 ? nil : Int(_partner) }

    /// A change at `offset`, half of a move when `associatedWith` is not `nil`.
    ///
    /// - Complexity: O(1).
    @inlinable internal init(offset: Int, associatedWith: Int? = nil) {
      _offset = Int32(offset)
      _partner = associatedWith.map { Int32($0) } ?? -1
    }
  }

  /// Removals by ascending offset into the old collection.
  @usableFromInline internal var removals: [Change]
  /// Insertions by ascending offset into the new collection.
  @usableFromInline internal var insertions: [Change]

  /// A difference with the given changes, each array in ascending offset order.
  ///
  /// - Complexity: O(1).
  @inlinable internal init(removals: [Change], insertions: [Change]) {
    self.removals = removals
    self.insertions = insertions
  }

  /// The difference that changes nothing.
  ///
  /// - Complexity: O(1).
  @inlinable internal static var empty: _OffsetDifference {
    _OffsetDifference(removals: [], insertions: [])
  }

  /// Whether the difference has no removals and no insertions.
  ///
  /// - Complexity: O(1).
  @inlinable internal var isEmpty: Bool { removals.isEmpty && insertions.isEmpty }

  /// Builds Swift's `CollectionDifference`; `old(i)` / `new(i)` give the element at an offset.
  ///
  /// Mirrors the form of `BidirectionalCollection.difference(from:)` followed by
  /// `inferringMoves()`; the changes themselves are the ones recorded here (for a diff, chosen by
  /// `_Diffing`'s longest-increasing-subsequence rule, which may differ from Myers').
  ///
  /// - Parameters:
  ///   - old: The element at an offset of the old collection; called once per removal.
  ///   - new: The element at an offset of the new collection; called once per insertion.
  /// - Returns: The same changes as a `CollectionDifference`.
  /// - Complexity: O(*k* log *k*), where *k* is the number of changes (the standard library
  ///   validates and sorts them).
  @inlinable internal func collectionDifference<Element>(
    old: (Int) -> Element, new: (Int) -> Element
  ) -> CollectionDifference<Element> {
    var changes: [CollectionDifference<Element>.Change] = []
    changes.reserveCapacity(removals.count + insertions.count)
    for change in removals {
      changes.append(
        .remove(
          offset: change.offset, element: old(change.offset),
          associatedWith: change.associatedWith))
    }
    for change in insertions {
      changes.append(
        .insert(
          offset: change.offset, element: new(change.offset),
          associatedWith: change.associatedWith))
    }
    guard let difference = CollectionDifference(changes) else {
      preconditionFailure(
        "_OffsetDifference is not a valid CollectionDifference (a bug in the diff engine): "
          + "\(removals.count) removals \(removals.prefix(16)), "
          + "\(insertions.count) insertions \(insertions.prefix(16))")
    }
    return difference
  }

  /// Appends `other` (a difference of a later window) with its old offsets shifted by `oldBase`
  /// and new offsets by `newBase` (associations shifted the same way).
  ///
  /// Precondition: other's shifted offsets come after this one's, on each side.
  ///
  /// ```swift
  /// var d = _OffsetDifference.empty
  /// d.append(windowDifference, oldBase: prefixCount, newBase: prefixCount)
  /// // d is windowDifference in the offsets of the whole collections
  /// ```
  ///
  /// - Parameters:
  ///   - other: The difference of a window, in offsets relative to the window's start.
  ///   - oldBase: The window's start in the old collection.
  ///   - newBase: The window's start in the new collection.
  /// - Complexity: O(*k*), where *k* is the number of changes in `other`; O(1) when `self` is
  ///   empty and both bases are 0 (the arrays are shared).
  @inlinable internal mutating func append(_ other: _OffsetDifference, oldBase: Int, newBase: Int) {
    // Appending to nothing with no shift is a copy: share the arrays instead (a whole diff of
    // n changes would otherwise be copied once more for the transaction's rows).
    if isEmpty && oldBase == 0 && newBase == 0 {
      self = other
      return
    }
    if let first = other.removals.first, let last = removals.last {
      precondition(
        first.offset + oldBase > last.offset,
        "appended removal at old offset \(first.offset + oldBase) does not follow \(last.offset)")
    }
    if let first = other.insertions.first, let last = insertions.last {
      precondition(
        first.offset + newBase > last.offset,
        "appended insertion at new offset \(first.offset + newBase) does not follow \(last.offset)"
      )
    }
    // `append(contentsOf:)` grows geometrically; an exact `reserveCapacity` per call would make
    // many small appends quadratic.
    removals.append(
      contentsOf: other.removals.lazy.map {
        Change(offset: $0.offset + oldBase, associatedWith: $0.associatedWith.map { $0 + newBase })
      })
    insertions.append(
      contentsOf: other.insertions.lazy.map {
        Change(offset: $0.offset + newBase, associatedWith: $0.associatedWith.map { $0 + oldBase })
      })
  }
}
