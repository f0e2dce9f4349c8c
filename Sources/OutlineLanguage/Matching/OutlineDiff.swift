import Diffable

/// What `diff FILE` and `diff FILE FILE2` answer: the transaction that turns one outline into
/// another, with the identifiers the matching rule gave (`OutlineMatching`), and the items whose
/// content changed, which the data source reconfigures rather than removing and inserting them.
///
/// ```swift
/// session.run("diff v2.md").result  // .diff(…): Aple reconfigured as "Apple", Drinks moved
/// ```
public struct OutlineDiff: Sendable {
  /// The data source's transaction from the old outline to the new one: rows, the section's
  /// items (moves associated) and the re-parented items; nil when no row and no item changed.
  public var transaction: Transaction<String, String>?
  /// The items of both outlines whose title or attributes changed, in the new outline's order.
  public var contentChanges: [ContentChange]

  /// Creates a diff.
  public init(transaction: Transaction<String, String>?, contentChanges: [ContentChange]) {
    self.transaction = transaction
    self.contentChanges = contentChanges
  }

  /// The items the data source reconfigures (`reconfigureItems(_:)`): those whose content
  /// changed.
  public var reconfigured: [String] { contentChanges.map(\.item) }

  /// Whether the outlines are the same: items, titles, structure and attributes (expansion
  /// aside, which a diff keeps as the old outline had it).
  public var isEmpty: Bool { transaction == nil && contentChanges.isEmpty }
}

extension OutlineDiff: Equatable, Hashable {
  /// Two diffs are equal when they change the same items the same way: equal final and initial
  /// section snapshots of every touched section, and equal content changes.
  public static func == (lhs: OutlineDiff, rhs: OutlineDiff) -> Bool {
    lhs.contentChanges == rhs.contentChanges
      && lhs.transaction?.initialSnapshot == rhs.transaction?.initialSnapshot
      && lhs.transaction?.finalSnapshot == rhs.transaction?.finalSnapshot
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(contentChanges)
    hasher.combine(transaction?.finalSnapshot.numberOfItems)
  }
}

/// How one item's content changed between two outlines, its identifier staying.
///
/// Its title, its attributes (OPML's `_note` among them), or both.
public struct ContentChange: Equatable, Hashable, Sendable {
  /// The item.
  public var item: String
  /// Its title before.
  public var oldTitle: String
  /// Its title after.
  public var newTitle: String
  /// The names of the attributes added, removed or given another value, in the order of the
  /// new attributes, then the removed ones.
  public var attributes: [String]

  /// Creates a change.
  public init(item: String, oldTitle: String, newTitle: String, attributes: [String] = []) {
    self.item = item
    self.oldTitle = oldTitle
    self.newTitle = newTitle
    self.attributes = attributes
  }

  /// The names of the attributes that differ between `old` and `new`.
  ///
  /// - Complexity: O(*a*) expected in the attributes.
  static func changedNames(_ old: [Attribute], _ new: [Attribute]) -> [String] {
    guard old != new else { return [] }
    var before: [String: String] = [:]
    for attribute in old where before[attribute.name] == nil {
      before[attribute.name] = attribute.value
    }
    var names: [String] = []
    var seen: Set<String> = []
    for attribute in new where seen.insert(attribute.name).inserted {
      if before[attribute.name] != attribute.value { names.append(attribute.name) }
    }
    for attribute in old where seen.insert(attribute.name).inserted {
      names.append(attribute.name)
    }
    // The same names and values in another order: the order itself changed.
    return names.isEmpty ? ["(order)"] : names
  }

  /// `"Aple" → "Apple"`, `attributes _note, url`, or both, for a person.
  public var summary: String {
    var parts: [String] = []
    if oldTitle != newTitle {
      parts.append("title \(Quoting.word(oldTitle)) → \(Quoting.word(newTitle))")
    }
    if !attributes.isEmpty {
      parts.append(
        "attribute\(attributes.count == 1 ? "" : "s") "
          + attributes.map(Quoting.word).joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
  }
}
