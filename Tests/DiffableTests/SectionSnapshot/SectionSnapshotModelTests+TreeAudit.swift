@testable import Diffable

/// Checks the order tree's structure, which `_checkInvariants()` takes on trust: every node's
/// cached summary, leaves all at one depth, no node but the root under its minimum fill, no node
/// overfull, labels increasing.
enum _TreeAudit {
  /// The tree's height (0 when empty) and the problems found.
  static func audit<Item>(_ snapshot: SectionSnapshot<Item>) -> (height: Int, problems: [String]) {
    guard let root = snapshot._tree.root else { return (0, []) }
    var problems: [String] = []
    var leafDepths = Set<Int>()
    var previousLabel: UInt64 = 0
    func visit(_ node: _OrderNode<Item>, depth: Int, path: String) {
      var count = 0
      var visible = 0
      var minLevel = Int32.max
      var isFlat = true
      let lastLabel: UInt64
      if node.isLeaf {
        leafDepths.insert(depth)
        if node.entries.isEmpty { problems.append("empty leaf at \(path)") }
        if node.entries.count > _OrderNode<Item>.maxLeafCount {
          problems.append("overfull leaf at \(path)")
        }
        for entry in node.entries {
          if entry.label <= previousLabel {
            problems.append("label \(entry.label) not increasing at \(path)")
          }
          previousLabel = entry.label
          count += 1
          if entry.isVisible { visible += 1 }
          minLevel = min(minLevel, entry.level)
          if entry.level > 0 { isFlat = false }
        }
        lastLabel = node.entries.last?.label ?? 0
      } else {
        if node.children.count > _OrderNode<Item>.maxChildCount {
          problems.append("overfull node at \(path)")
        }
        if depth == 0 && node.children.count < 2 { problems.append("root with one child") }
        for (index, child) in node.children.enumerated() {
          visit(child, depth: depth + 1, path: path + "/\(index)")
          count += child.count
          visible += child.visibleCount
          minLevel = min(minLevel, child.minLevel)
          if !child.isFlat { isFlat = false }
        }
        lastLabel = node.children.last!.lastLabel
      }
      if depth > 0 && node.isUnderfull { problems.append("underfull node at \(path)") }
      if node.count != count { problems.append("count \(node.count), counted \(count) at \(path)") }
      if node.visibleCount != visible {
        problems.append("visibleCount \(node.visibleCount), counted \(visible) at \(path)")
      }
      if node.minLevel != minLevel || node.isFlat != isFlat {
        problems.append(
          "min level \(node.minLevel), flat \(node.isFlat); "
            + "found \(minLevel), \(isFlat) at \(path)")
      }
      if node.lastLabel != lastLabel {
        problems.append("lastLabel \(node.lastLabel), found \(lastLabel) at \(path)")
      }
    }
    visit(root, depth: 0, path: "root")
    if leafDepths.count != 1 { problems.append("leaves at depths \(leafDepths.sorted())") }
    return ((leafDepths.max() ?? 0) + 1, problems)
  }
}
