// Building a `CollectionDifference` from changes that are already valid and sorted.
//
// The standard library's only public initializer from changes, `CollectionDifference(_:)`,
// validates them (two `Set`s and two `Dictionary`s of offsets, grown without reserved room, then
// the two dictionaries compared) and sorts them again, in unspecialized generic code: after a
// shuffle of 1M items that is several times a whole Heckel diff, more than everything else the
// transaction does (the `difference` scenario of `scripts/benchmark` times it alone). Its
// unchecked initializer, `init(_validatedChanges:)`, is internal to the standard library (not
// even `@usableFromInline`), and the type is not `@frozen`, so its layout is not promised to
// clients.
//
// What it does hold is two stored arrays, `insertions` then `removals`, the same arrays its
// public properties return. `_LayoutProbe` checks at run time, once, that a value of those two
// arrays laid out in that order reads back as the standard library's own difference (through its
// public properties, on a difference its validating initializer built); when it does, a
// difference the diff engine already knows to be valid and sorted is made by reinterpreting the
// two arrays, in O(1). When it does not (another standard library), the validating initializer
// is used. Checked builds validate every difference either way.

/// The two arrays a `CollectionDifference` stores, in its declaration order.
@usableFromInline internal struct _CollectionDifferenceStorage<Element> {
  @usableFromInline internal let insertions: [CollectionDifference<Element>.Change]
  @usableFromInline internal let removals: [CollectionDifference<Element>.Change]

  @inlinable internal init(
    insertions: [CollectionDifference<Element>.Change],
    removals: [CollectionDifference<Element>.Change]
  ) {
    self.insertions = insertions
    self.removals = removals
  }
}

/// Whether `_CollectionDifferenceStorage` is laid out as the standard library's
/// `CollectionDifference`: checked once, on a difference of three changes.
@usableFromInline internal let _collectionDifferenceLayoutMatches: Bool = {
  typealias Storage = _CollectionDifferenceStorage<Int>
  guard MemoryLayout<CollectionDifference<Int>>.size == MemoryLayout<Storage>.size,
    MemoryLayout<CollectionDifference<Int>>.alignment == MemoryLayout<Storage>.alignment
  else { return false }
  let changes: [CollectionDifference<Int>.Change] = [
    .remove(offset: 0, element: 10, associatedWith: 2),
    .insert(offset: 1, element: 11, associatedWith: nil),
    .insert(offset: 2, element: 10, associatedWith: 0),
  ]
  guard let standard = CollectionDifference(changes) else { return false }
  let storage = unsafeBitCast(standard, to: Storage.self)
  guard storage.removals == standard.removals, storage.insertions == standard.insertions else {
    return false
  }
  let made = unsafeBitCast(
    Storage(insertions: standard.insertions, removals: standard.removals),
    to: CollectionDifference<Int>.self)
  return made == standard && Array(made) == changes
}()

extension CollectionDifference {
  /// A difference of `removals` (ascending old offsets) and `insertions` (ascending new
  /// offsets) that together are valid: no offset twice on one side, and every association
  /// answered by its partner.
  ///
  /// Skips the standard library's validation and sort when `_CollectionDifferenceStorage`
  /// matches its layout (checked once at run time); otherwise calls `CollectionDifference(_:)`.
  /// Checked builds (`DIFFABLE_INTERNAL_CHECKS`) validate the changes either way.
  ///
  /// - Complexity: O(1) when the layout matches; else O(*k* log *k*) for the *k* changes.
  @inlinable internal static func _sorted(removals: [Change], insertions: [Change])
    -> CollectionDifference
  {
    #if DIFFABLE_INTERNAL_CHECKS
      let validated = CollectionDifference(removals + insertions)
      precondition(
        validated != nil,
        "not a valid CollectionDifference (a bug in the diff engine): "
          + "\(removals.count) removals, \(insertions.count) insertions")
      precondition(
        validated!.removals.count == removals.count
          && zip(validated!.removals, removals).allSatisfy { $0._anyOffset == $1._anyOffset }
          && zip(validated!.insertions, insertions).allSatisfy { $0._anyOffset == $1._anyOffset },
        "changes out of order (a bug in the diff engine)")
    #endif
    guard _collectionDifferenceLayoutMatches else {
      guard let difference = CollectionDifference(removals + insertions) else {
        preconditionFailure(
          "not a valid CollectionDifference (a bug in the diff engine): "
            + "\(removals.count) removals, \(insertions.count) insertions")
      }
      return difference
    }
    return unsafeBitCast(
      _CollectionDifferenceStorage(insertions: insertions, removals: removals),
      to: CollectionDifference.self)
  }
}

extension CollectionDifference.Change {
  /// The change's offset, whichever its kind.
  @inlinable internal var _anyOffset: Int {
    switch self {
    case .insert(let offset, _, _), .remove(let offset, _, _): offset
    }
  }
}
