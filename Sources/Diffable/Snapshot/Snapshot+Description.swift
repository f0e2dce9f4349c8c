import OrderedCollections

extension Snapshot: CustomStringConvertible {
  @inlinable public var description: String {
    let body = _sections.map { section, items in "\(section): \(items.visibleItems)" }
    return "Snapshot(" + body.joined(separator: ", ") + ")"
  }
}
