/// A task item's box: the `_status` attribute, as OmniOutliner writes it in OPML
/// (`_status="checked"`, `_status="unchecked"`), which a Markdown list item's box is read into
/// and written from.
///
/// ```text
/// - [x] Initial setup      → _status checked
/// - [X] Done, upper case   → _status checked (a save keeps the X)
/// - [ ] Video              → _status unchecked
/// - Notes                  → no _status: not a task
/// ```
///
/// An item whose `_status` says anything else (OmniOutliner's `indeterminate`) is no task to
/// Markdown: the attribute is one Markdown does not keep.
extension OutlineDocument {
  /// The attribute that holds whether an item is a task, and whether it is done.
  package static let statusAttribute = "_status"

  /// `checked` or `unchecked`: the `_status` value of a task that is done or not.
  package static func statusValue(checked: Bool) -> String { checked ? "checked" : "unchecked" }

  /// Whether the item whose attributes are `attributes` is a task that is done (true), a task
  /// that is not (false), or no task (nil).
  ///
  /// - Complexity: O(*a*) in the attributes.
  package static func taskState(of attributes: [Attribute]) -> Bool? {
    switch attributes.first(where: { $0.name == statusAttribute })?.value {
    case "checked"?: return true
    case "unchecked"?: return false
    default: return nil
    }
  }

  /// `attributes` with the item's task state set to `state` (nil: no task), `_status` kept in
  /// its place when it was there, else added last.
  ///
  /// - Complexity: O(*a*) in the attributes.
  package static func attributes(_ attributes: [Attribute], withTaskState state: Bool?)
    -> [Attribute]
  {
    var attributes = attributes
    let index = attributes.firstIndex { $0.name == statusAttribute }
    switch (state, index) {
    case (nil, let index?):
      if taskState(of: [attributes[index]]) != nil { attributes.remove(at: index) }
    case (let state?, let index?):
      attributes[index].value = statusValue(checked: state)
    case (let state?, nil):
      attributes.append(Attribute(name: statusAttribute, value: statusValue(checked: state)))
    case (nil, nil):
      break
    }
    return attributes
  }
}

extension OutlineDocument.Node {
  /// Whether the item is a task that is done, one that is not, or no task (nil).
  ///
  /// - Complexity: O(*a*) in the attributes.
  package var taskState: Bool? { OutlineDocument.taskState(of: attributes) }
}

extension SourceText {
  /// Whether node `index`'s list item has a checked box (`[x]`, `[X]`), an empty one (`[ ]`),
  /// or none (nil, and for a heading or a line of text).
  ///
  /// - Complexity: O(*k*) in the bytes of its line before the box.
  package func taskState(of index: Int) -> Bool? {
    guard let open = boxStart(of: index) else { return nil }
    return bytes[open + 1] != 0x20 && bytes[open + 1] != 0x09
  }

  /// The box node `index` is written with for `state`, with one blank after it: `[X] ` when
  /// the file wrote this item's box so and it is still checked, else `[x] ` or `[ ] `.
  ///
  /// - Complexity: O(*k*) in the bytes of its line before the box.
  package func box(_ state: Bool, of index: Int) -> [UInt8] {
    guard state else { return Array("[ ] ".utf8) }
    if index >= 0, let open = boxStart(of: index), bytes[open + 1] == UInt8(ascii: "X") {
      return Array("[X] ".utf8)
    }
    return Array("[x] ".utf8)
  }

  /// The offset of the `[` of node `index`'s task box in `bytes`, nil when it has none.
  private func boxStart(of index: Int) -> Int? {
    guard index >= 0, index < nodes.count, case .item(let marker) = nodes[index].kind,
      marker.hasTaskBox
    else { return nil }
    let line = self.line(nodes[index].head.lowerBound)
    guard let open = line.firstIndex(of: UInt8(ascii: "[")), open + 2 < line.endIndex else {
      return nil
    }
    return open
  }
}
