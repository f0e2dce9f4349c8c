import OrderedCollections

/// One section's items as a forest of unique identifiers, with the expansion state of each item.
///
/// Mirrors `NSDiffableDataSourceSectionSnapshot`: `items` lists every item in depth-first
/// pre-order (a parent, its whole subtree, then its next sibling); roots are at level 0; each
/// item has an expansion flag of its own (new items start collapsed); an item is visible when
/// every ancestor is expanded. Where Apple traps, the members here throw a `SnapshotError` with
/// Apple's message and leave the snapshot unchanged.
///
/// ```swift
/// var snapshot = SectionSnapshot<String>()
/// try snapshot.append(["Food", "Drinks"])
/// try snapshot.append(["Apple"], to: "Food")
/// snapshot.expand(["Food"])
/// snapshot.items         // ["Food", "Apple", "Drinks"]
/// snapshot.visibleItems  // ["Food", "Apple", "Drinks"]
/// ```
///
/// # Performance
///
/// The items live in a persistent B-tree in pre-order whose nodes count their items and visible
/// items, beside a map from identifier to the item's place in the tree (a hash table built in
/// bulk plus a log of later writes that all versions share), which also keeps each item's level
/// and parent. `contains`, `level(of:)` and `parent(of:)` are one hash lookup; `index(of:)` takes
/// O(log *n*); none scans; an edit
/// of *k* items takes O(*k* log *n*); copying a snapshot is O(1) and the copies share storage, so
/// an edit of a copy copies only the O(log *n*) nodes on its path. Reading `items` or
/// `visibleItems` builds an array: O(*n*) and O(*v*). `expand(_:)` and `collapse(_:)` record their
/// items in O(*k*); the first read of visibility or the next edit walks them, once.
public struct SectionSnapshot<Item: Hashable & Sendable>: Sendable {
  // The stored state. While an expand or collapse is pending (`_pending`), these hold the state
  // before it, and the accessors below (`_tree`, `_labels`, `_version`, `_journal`) read the
  // state after it, settled once; a mutation settles it into these first.
  @usableFromInline internal var _storedTree: _OrderTree<Item>
  @usableFromInline internal var _storedLabels: _LabelMap<Item, _Place<Item>>
  @usableFromInline internal var _storedVersion: UInt64
  @usableFromInline internal var _storedJournal: _Journal
  /// An `expand(_:)` or `collapse(_:)` recorded and not yet walked.
  @usableFromInline internal var _pending: _PendingExpansion<Item>?

  /// An empty section snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable public init() {
    _storedTree = _OrderTree()
    _storedLabels = _LabelMap()
    _storedVersion = _Version.next()
    _storedJournal = .pristine
    _pending = nil
  }

  /// The pre-order sequence.
  @inlinable internal var _tree: _OrderTree<Item> {
    // `_read`, not `get`: a stored value is lent in place, with no copy (a retain and a release
    // of its storage on every read).
    _read {
      if let pending = _pending { yield pending.settled(self).tree } else { yield _storedTree }
    }
    _modify {
      _settle()
      yield &_storedTree
    }
  }

  /// Every item's label in `_tree`, with its level and parent (an expansion changes none).
  @inlinable internal var _labels: _LabelMap<Item, _Place<Item>> {
    _read { yield _storedLabels }
    _modify {
      _settle()
      yield &_storedLabels
    }
  }

  /// Identifies this content; a new one after every mutation that changed it.
  @inlinable internal var _version: UInt64 {
    get { _pending?.settled(self).version ?? _storedVersion }
    _modify {
      _settle()
      yield &_storedVersion
    }
  }

  /// The change from an earlier version, when there was exactly one edit.
  @inlinable internal var _journal: _Journal {
    _read {
      if let pending = _pending {
        yield pending.settled(self).journal
      } else {
        yield _storedJournal
      }
    }
    _modify {
      _settle()
      yield &_storedJournal
    }
  }

  /// The number of items, hidden ones included.
  ///
  /// - Complexity: O(1).
  @inlinable public var count: Int { _storedTree.count }  // an expansion changes no count

  /// The number of visible items.
  ///
  /// - Complexity: O(1).
  @inlinable public var visibleCount: Int { _tree.visibleCount }

  /// Records that a mutation changed the content as `change` describes.
  @inlinable internal mutating func _didChange(_ change: _Change?) {
    let previous = _version
    _version = _Version.next()
    switch (_journal, change) {
    case (.pristine, let change?): _journal = .edited(base: previous, change: change)
    // An earlier edit that changed no offsets or visibility (expanding a childless item).
    case (.edited(let base, .windows(let windows)), let change?) where windows.isEmpty:
      _journal = .edited(base: base, change: change)
    default: _journal = .unknown
    }
    #if DIFFABLE_INTERNAL_CHECKS
      _checkInvariants()
    #endif
  }

  /// A copy that the data source stores: no journal of its own.
  @inlinable internal var _pristine: SectionSnapshot {
    var copy = self
    copy._journal = .pristine
    return copy
  }
}
