import Diffable
import OutlineTestSupport

/// A forest written out line by line: what both the snapshot and the reference are built from.
struct Forest<Item: Hashable & Sendable>: CustomStringConvertible {
  struct Line {
    var item: Item
    var level: Int
    var isExpanded: Bool
  }

  var lines: [Line]

  var items: [Item] { lines.map { $0.item } }

  /// The reference's outline, line by line.
  init(_ reference: ReferenceOutline<Item>) {
    lines = reference.rows.map { Line(item: $0.item, level: $0.level, isExpanded: $0.isExpanded) }
  }

  init(lines: [Line]) { self.lines = lines }

  /// The offsets of the children of the line at `index`, or of the roots when nil.
  private func children(of index: Int?) -> [Int] {
    let level = index.map { lines[$0].level + 1 } ?? 0
    var result: [Int] = []
    for offset in ((index ?? -1) + 1)..<lines.count {
      if lines[offset].level < level { break }
      if lines[offset].level == level { result.append(offset) }
    }
    return result
  }

  /// The forest built with `append(_:to:)` in pre-order, then `expand(_:)`.
  func snapshotByAppending() throws(SnapshotError) -> SectionSnapshot<Item> {
    var snapshot = SectionSnapshot<Item>()
    var path: [Item] = []
    for line in lines {
      path.removeSubrange(line.level...)
      try snapshot.append([line.item], to: path.last)
      path.append(line.item)
    }
    snapshot.expand(lines.filter { $0.isExpanded }.map { $0.item })
    return snapshot
  }

  /// The forest assembled from expanded-beforehand subtrees: each item's children appended at
  /// once into a snapshot of their own and attached with `replace(childrenOf:using:)`, each root
  /// after the first added with `insert(_:after:)` as a one-root snapshot.
  func snapshotBySubtrees() throws(SnapshotError) -> SectionSnapshot<Item> {
    func childSnapshot(of index: Int) throws(SnapshotError) -> SectionSnapshot<Item> {
      var snapshot = SectionSnapshot<Item>()
      let children = children(of: index)
      try snapshot.append(children.map { lines[$0].item })
      snapshot.expand(children.filter { lines[$0].isExpanded }.map { lines[$0].item })
      for child in children {
        try snapshot.replace(childrenOf: lines[child].item, using: try childSnapshot(of: child))
      }
      return snapshot
    }
    var result = SectionSnapshot<Item>()
    var previous: Item?
    for root in children(of: nil) {
      var single = SectionSnapshot<Item>()
      try single.append([lines[root].item])
      if lines[root].isExpanded { single.expand([lines[root].item]) }
      try single.replace(childrenOf: lines[root].item, using: try childSnapshot(of: root))
      if let previous { try result.insert(single, after: previous) } else { result = single }
      previous = lines[root].item
    }
    return result
  }

  /// The forest in the reference, made of nodes directly.
  func reference() -> ReferenceOutline<Item> {
    func nodes(_ offsets: [Int]) -> [ReferenceOutline<Item>.Node] {
      offsets.map { .init(lines[$0].item, nodes(children(of: $0))) }
    }
    return ReferenceOutline(
      roots: nodes(children(of: nil)), expanded: Set(lines.filter { $0.isExpanded }.map { $0.item })
    )
  }

  /// `+A(-B, -C), -D`: `+` expanded, `-` not, children in parentheses.
  var description: String {
    func describe(_ offsets: [Int]) -> String {
      offsets.map { offset in
        let line = lines[offset]
        let children = children(of: offset)
        return (line.isExpanded ? "+" : "-") + "\(line.item)"
          + (children.isEmpty ? "" : "(" + describe(children) + ")")
      }.joined(separator: ", ")
    }
    return lines.isEmpty ? "(empty)" : describe(children(of: nil))
  }
}

extension Forest where Item == String {
  /// The forest `description` writes: `"+X(-Y), -W"`.
  static func parse(_ text: String) -> Forest {
    var lines: [Line] = []
    var level = 0
    var name = ""
    var flag: Character = "-"
    func flush() {
      if !name.isEmpty { lines.append(Line(item: name, level: level, isExpanded: flag == "+")) }
      name = ""
    }
    for character in text {
      switch character {
      case "+", "-": flag = character
      case "(": flush(); level += 1
      case ")": flush(); level -= 1
      case ",": flush()
      case " ": break
      default: name.append(character)
      }
    }
    flush()
    return Forest(lines: lines)
  }
}
