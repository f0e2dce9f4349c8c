import Diffable

extension SectionSnapshot {
  /// A snapshot drawn as lines of the form `"  +Item"`: two spaces per level, then `+` for an
  /// expanded item or `-`, then the item.
  ///
  /// ```swift
  /// let snapshot = try SectionSnapshot<String>(drawing: ["+Food", "  -Apple", "-Drinks"])
  /// snapshot.visibleItems  // ["Food", "Apple", "Drinks"]
  /// ```
  public init(drawing lines: [String]) throws(SnapshotError) where Item == String {
    self.init()
    var path: [String] = []
    var expanded: [String] = []
    for line in lines {
      let indent = line.prefix { $0 == " " }.count
      let level = indent / 2
      let flag = line.dropFirst(indent).first!
      let item = String(line.dropFirst(indent + 1))
      path.removeSubrange(level...)
      try append([item], to: path.last)
      path.append(item)
      if flag == "+" { expanded.append(item) }
    }
    expand(expanded)
  }
}
