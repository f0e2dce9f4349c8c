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
  /// - Complexity: O(*k*) plus the lookups, where *k* is the number of changes (the changes are
  ///   already sorted and valid: see `CollectionDifference._sorted(removals:insertions:)`).
  @inlinable internal func collectionDifference<Element>(
    old: (Int) -> Element, new: (Int) -> Element
  ) -> CollectionDifference<Element> {
    CollectionDifference._sorted(
      removals: removals.map {
        .remove(offset: $0.offset, element: old($0.offset), associatedWith: $0.associatedWith)
      },
      insertions: insertions.map {
        .insert(offset: $0.offset, element: new($0.offset), associatedWith: $0.associatedWith)
      })
  }

  /// Builds Swift's `CollectionDifference`, reading each side's elements in one pass when its
  /// changes are dense.
  ///
  /// A lookup by offset in a large snapshot is a walk down its tree, with a cache miss at
  /// nearly every step; reading the whole side in order costs a few nanoseconds an element.
  /// So a side with more than one change per `denseRatio` elements is read whole (`oldElements`
  /// or `newElements`, called at most once), and a sparser one is looked up change by change.
  ///
  /// - Parameters:
  ///   - oldCount: The number of elements of the old collection.
  ///   - newCount: The number of elements of the new collection.
  ///   - old: The element at an offset of the old collection.
  ///   - new: The element at an offset of the new collection.
  ///   - oldElements: Every element of the old collection, in order.
  ///   - newElements: Every element of the new collection, in order.
  /// - Complexity: O(min(*k* log *n*, *n*) + *k*), where *k* is the number of changes and *n*
  ///   the size of the collections, for lookups that take O(log *n*).
  @inlinable internal func collectionDifference<Element>(
    oldCount: Int, newCount: Int, old: (Int) -> Element, new: (Int) -> Element,
    oldElements: () -> [Element], newElements: () -> [Element]
  ) -> CollectionDifference<Element> {
    let oldAll = removals.count * Self.denseRatio > oldCount ? oldElements() : nil
    let newAll = insertions.count * Self.denseRatio > newCount ? newElements() : nil
    return collectionDifference(
      old: { oldAll?[$0] ?? old($0) }, new: { newAll?[$0] ?? new($0) })
  }

  /// The elements per change below which a side is read whole rather than looked up change by
  /// change: about the cost of one lookup in a large tree over that of reading one element in
  /// order.
  @inlinable internal static var denseRatio: Int { 32 }

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
