extension _OrderTree {
  /// Traps when a node's cached summary disagrees with what the node holds.
  ///
  /// The summary is its count, visible count, smallest level, last label and flatness: the
  /// searches and the bulk walk's skips trust it. `SectionSnapshot._checkInvariants()` calls
  /// this in checked builds.
  ///
  /// - Complexity: O(*n*).
  @inlinable internal func _checkSummaries() {
    guard let root else { return }
    _ = Self._checkSummary(of: root)
  }

  /// The summary of `node` recounted from its entries or its children's recounted summaries,
  /// after checking the cached one against it.
  @inlinable internal static func _checkSummary(of node: Node) -> (
    count: Int, visible: Int, minLevel: Int32, lastLabel: UInt64, isFlat: Bool
  ) {
    var count = 0
    var visible = 0
    var minLevel = Int32.max
    var lastLabel: UInt64 = 0
    var isFlat = true
    if node.isLeaf {
      for entry in node.entries {
        count += 1
        if entry.isVisible { visible += 1 }
        minLevel = Swift.min(minLevel, entry.level)
        if entry.level > 0 { isFlat = false }
        lastLabel = entry.label
      }
    } else {
      for child in node.children {
        let summary = _checkSummary(of: child)
        count += summary.count
        visible += summary.visible
        minLevel = Swift.min(minLevel, summary.minLevel)
        lastLabel = summary.lastLabel
        if !summary.isFlat { isFlat = false }
      }
    }
    precondition(node.count == count, "a node counts \(node.count) entries, holds \(count)")
    precondition(
      node.visibleCount == visible, "a node counts \(node.visibleCount) visible, holds \(visible)")
    precondition(node.minLevel == minLevel, "a node's smallest level is wrong")
    precondition(node.lastLabel == lastLabel, "a node's last label is wrong")
    precondition(node.isFlat == isFlat, "a node's flatness is wrong")
    return (count, visible, minLevel, lastLabel, isFlat)
  }
}
