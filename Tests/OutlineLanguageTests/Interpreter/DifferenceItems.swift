import Diffable

extension CollectionDifference<String> {
  /// The removed items, in offset order, for comparing.
  var removedItems: [String] {
    removals.map { change in
      guard case .remove(_, let item, _) = change else { preconditionFailure("not a removal") }
      return item
    }
  }

  /// The inserted items, in offset order, for comparing.
  var insertedItems: [String] {
    insertions.map { change in
      guard case .insert(_, let item, _) = change else { preconditionFailure("not an insertion") }
      return item
    }
  }

  /// Whether every removal and insertion is half of a move.
  var isMovesOnly: Bool {
    allSatisfy { change in
      switch change {
      case .remove(_, _, let other), .insert(_, _, let other): return other != nil
      }
    }
  }
}
