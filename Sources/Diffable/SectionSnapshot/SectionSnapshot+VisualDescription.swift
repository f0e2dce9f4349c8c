import OrderedCollections

extension SectionSnapshot {
  /// A text picture of the tree, as Apple's `visualDescription()` draws it.
  ///
  /// One line per item in `items` order: two spaces per level, `+` (expanded) or `-` (not
  /// expanded, leaves included), `*` (visible) or a space (hidden), then the item; between a
  /// first line naming the type and a last line closing it.
  ///
  /// ```swift
  /// print(snapshot.visualDescription())
  /// // <SectionSnapshot<String>: 3 items>
  /// // +*Food
  /// //   -*Apple
  /// // -*Drinks
  /// // </SectionSnapshot>
  /// ```
  ///
  /// - Complexity: O(*n*).
  @inlinable public func visualDescription() -> String {
    var lines = ["<SectionSnapshot<\(Item.self)>: \(count) items>"]
    lines.append(contentsOf: visualDescriptionLines())
    lines.append("</SectionSnapshot>")
    return lines.joined(separator: "\n")
  }

  /// The item lines of `visualDescription()`, without its first and last line.
  ///
  /// - Complexity: O(*n*).
  @inlinable public func visualDescriptionLines() -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(count)
    _tree.forEach(in: 0..<count) { entry in
      let indent = String(repeating: "  ", count: Int(entry.level))
      lines.append(
        indent + (entry.isExpanded ? "+" : "-") + (entry.isVisible ? "*" : " ")
          + String(describing: entry.item))
      return true
    }
    return lines
  }
}

extension SectionSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
  @inlinable public var description: String { visualDescription() }
  @inlinable public var debugDescription: String { visualDescription() }
}
