import HashTreeCollections

/// The items' contents that are not the default, by identifier (`Contents.items`): a value
/// whose copies share their storage, in which a change to one content costs O(log *k*) however
/// many copies the undo history holds.
///
/// A dictionary would be copied whole at the first change after each command, since the history
/// and the state before the command (`Session.run`, which puts it back after a failure) hold
/// it: O(*n*) a `check`, `note` or `retitle`, and an `append` into a task list, of a file whose
/// *n* items all have a content.
///
/// # Storage
///
/// A dictionary in a box (`base`), which copies share, and the changes made since it was built
/// (`changes`), a persistent hash trie (`TreeDictionary`) whose copies share all but the path
/// to what they changed. A change goes into the box in place while no copy shares it (a `load`
/// building its contents), else into `changes`; once those outnumber a quarter of the box's
/// contents, they are folded into a box of its own: O(*n*) once in *n*/4 changes, O(1)
/// amortized.
///
/// `changes` holds exactly the items whose content differs from the box's (nil: no content,
/// the box's removed), and is nil when there are none, so that two values over one box are equal when their changes are, which
/// the trie tells in O(log *k*) when they share all but a path.
///
/// ```swift
/// var contents = ItemContents()
/// contents["Apple"] = ItemContent(title: "Green apple")
/// let kept = contents  // shares the box
/// contents["Pear"] = ItemContent(title: "Pear, ripe")  // into `changes`: `kept` has one content
/// ```
public struct ItemContents: Sendable {
  /// The contents the changes are made to: changed in place only while no copy holds the box.
  private final class Base: @unchecked Sendable {
    // @unchecked: `items` changes only through a reference known to be the only one
    // (`isKnownUniquelyReferenced`), so no other thread can be reading it; for the same
    // reason no access overlaps another, which no lookup then checks at run time.
    @exclusivity(unchecked) var items: [String: ItemContent]
    init(_ items: [String: ItemContent]) { self.items = items }
  }

  /// The contents as they were built, before `changes`.
  private var base: Base
  /// Each item whose content differs from `base`'s, with its content (nil: none); nil when
  /// there is none, which a lookup tells without reading the trie.
  private var changes: TreeDictionary<String, ItemContent?>?
  /// The number of items with a content.
  public private(set) var count: Int

  /// No contents.
  public init() {
    base = Base([:])
    count = 0
  }

  /// The contents of `items`.
  ///
  /// - Complexity: O(1).
  public init(_ items: [String: ItemContent]) {
    base = Base(items)
    count = items.count
  }

  /// Whether no item has a content.
  public var isEmpty: Bool { count == 0 }

  /// `item`'s content, nil when it has none; setting nil removes it.
  ///
  /// - Complexity: O(1) on average to read while no change is kept apart from the box, else
  ///   O(log *k*) for *k* changes; O(log *k*) to set, O(1) amortized for the fold.
  public subscript(item: String) -> ItemContent? {
    get {
      if let changes, let change = changes[item] { return change }
      return base.items[item]
    }
    set {
      // A box no copy shares, and no changes apart (a load building its contents): one hash.
      if changes == nil, isKnownUniquelyReferenced(&base) {
        if let newValue {
          if base.items.updateValue(newValue, forKey: item) == nil { count += 1 }
        } else if base.items.removeValue(forKey: item) != nil {
          count -= 1
        }
        return
      }
      setApart(newValue, for: item)
    }
  }

  /// Sets `item`'s content to `content` in `changes`, or in the box when no copy shares it.
  ///
  /// - Complexity: O(log *k*) for *k* changes, O(1) amortized for the fold.
  private mutating func setApart(_ content: ItemContent?, for item: String) {
    let old = self[item]
    guard old != content else { return }
    count += (content == nil ? 0 : 1) - (old == nil ? 0 : 1)
    // Taken out, so that the trie is not shared while it changes.
    var changed = changes.take() ?? [:]
    if isKnownUniquelyReferenced(&base) {
      base.items[item] = content
      changed.removeValue(forKey: item)
    } else if base.items[item] == content {
      changed.removeValue(forKey: item)
    } else {
      changed.updateValue(content, forKey: item)
    }
    changes = changed.isEmpty ? nil : changed
    if changed.count > Self.foldLimit(base.items.count) { fold() }
  }

  /// Removes `item`'s content and returns it, nil when it had none.
  ///
  /// - Complexity: as setting it.
  @discardableResult
  public mutating func removeValue(forKey item: String) -> ItemContent? {
    let old = self[item]
    if old != nil { self[item] = nil }
    return old
  }

  /// Makes room for `minimumCapacity` contents, so that adding many (a `load`, a `duplicate`)
  /// does not grow the box step by step.
  ///
  /// In a box no copy shares, in place. Otherwise, when the contents to come would make the
  /// changes outnumber a quarter of the box's, the changes are folded now into a box of that
  /// capacity, which those contents then go into in place; fewer go to the changes.
  ///
  /// - Complexity: O(*n*) when it grows or folds the box, for the O(*n*) contents to come
  ///   or there; else O(1).
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    if isKnownUniquelyReferenced(&base) {
      base.items.reserveCapacity(minimumCapacity)
    } else if (changes?.count ?? 0) + (minimumCapacity - count) > Self.foldLimit(base.items.count) {
      fold(reserving: minimumCapacity)
    }
  }

  /// Moves the changes into a box of their own with room for `capacity` contents, which no
  /// copy shares.
  ///
  /// - Complexity: O(*n* + *k*).
  private mutating func fold(reserving capacity: Int = 0) {
    var items = base.items
    items.reserveCapacity(Swift.max(count, capacity))
    for (item, content) in changes ?? [:] { items[item] = content }
    base = Base(items)
    changes = nil
  }

  /// The most changes kept apart from a box of `count` contents: a quarter of them, and
  /// a few, which need no box of their own.
  private static func foldLimit(_ count: Int) -> Int { Swift.max(64, count / 4) }

  /// The identifiers of the items with a content, in no particular order.
  public var keys: LazyMapSequence<Self, String> { lazy.map(\.key) }
  /// The contents, in no particular order.
  public var values: LazyMapSequence<Self, ItemContent> { lazy.map(\.value) }

  /// The contents as a dictionary.
  ///
  /// - Complexity: O(*n*).
  public var dictionary: [String: ItemContent] {
    guard let changes else { return base.items }
    var items = base.items
    for (item, content) in changes { items[item] = content }
    return items
  }
}

extension ItemContents: Sequence {
  /// The items with a content and their contents: the box's unchanged ones, then the changes.
  public struct Iterator: IteratorProtocol {
    fileprivate var base: Dictionary<String, ItemContent>.Iterator
    fileprivate var changed: TreeDictionary<String, ItemContent?>.Iterator
    fileprivate let changes: TreeDictionary<String, ItemContent?>?

    /// The next item and its content.
    ///
    /// - Complexity: O(1) amortized without changes, O(log *k*) with *k*.
    public mutating func next() -> (key: String, value: ItemContent)? {
      while let (item, content) = base.next() {
        if changes?.index(forKey: item) == nil { return (item, content) }
      }
      while let (item, content) = changed.next() {
        if let content { return (item, content) }
      }
      return nil
    }
  }

  public func makeIterator() -> Iterator {
    Iterator(
      base: base.items.makeIterator(), changed: (changes ?? [:]).makeIterator(), changes: changes)
  }

  public var underestimatedCount: Int { count }
}

extension ItemContents: Equatable {
  /// Whether both hold the same contents.
  ///
  /// - Complexity: O(log *k*) when both are changes of one box that share all but a path of
  ///   their changes (the state before a command and after it); else O(*n*).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.base === rhs.base { return lhs.changes == rhs.changes }
    return lhs.allSatisfy { rhs[$0.key] == $0.value }
  }

  /// The items whose content differs between `self` and `other`, in no particular order.
  ///
  /// - Complexity: O(*k* log *k*) for *k* changes when both are changes of one box; else
  ///   O(*n*).
  public func itemsChanged(from other: Self) -> Set<String> {
    var items: Set<String> = []
    if base === other.base {
      for (item, _) in changes ?? [:] where self[item] != other[item] { items.insert(item) }
      for (item, _) in other.changes ?? [:] where self[item] != other[item] {
        items.insert(item)
      }
      return items
    }
    for (item, content) in self where other[item] != content { items.insert(item) }
    for (item, _) in other where self[item] == nil { items.insert(item) }
    return items
  }
}

extension ItemContents: ExpressibleByDictionaryLiteral {
  /// The contents listed.
  public init(dictionaryLiteral elements: (String, ItemContent)...) {
    self.init(Dictionary(uniqueKeysWithValues: elements))
  }
}

extension ItemContents: CustomStringConvertible {
  /// The contents as a dictionary prints them, by identifier.
  public var description: String {
    "[" + sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
      + "]"
  }
}
