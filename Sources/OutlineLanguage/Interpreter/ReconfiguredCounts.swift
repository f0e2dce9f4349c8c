/// How the items that `edit` or a `load` over an outline kept changed, each counted once by
/// what a person sees change: its title first, then its task box, else the rest of its content
/// (a note, an attribute), for the brief output (`edited: 2 retitled (1 hidden), 1 checked`).
///
/// The interpreter counts them as it applies the text, so that a printer that records no
/// states (the console) still says what changed. A hidden item's change is counted too: the
/// app's model changed, though no cell of its is reconfigured.
public struct ReconfiguredCounts: Equatable, Sendable {
  /// How many items changed one way, and how many of those were hidden.
  public struct Count: Equatable, Sendable {
    /// Items that changed this way.
    public var all = 0
    /// Those of them that had no row.
    public var hidden = 0

    mutating func add(hidden isHidden: Bool) {
      all += 1
      if isHidden { hidden += 1 }
    }
  }

  /// Items whose title changed.
  public var retitled = Count()
  /// Items, their titles unchanged, that became tasks that are done.
  public var checked = Count()
  /// Items, their titles unchanged, that became tasks that are not done.
  public var unchecked = Count()
  /// Items whose note, other attributes or task box (removed) changed, and nothing else.
  public var other = Count()

  /// Counts `changes`, those of items not in `shown` as hidden, the items' task states read
  /// from `contents`, the contents after the change.
  ///
  /// - Complexity: O(*k* (1 + *a*)) for *k* changes of items with *a* attributes.
  init(_ changes: [ContentChange], shown: Set<String>, contents: Contents) {
    for change in changes {
      let hidden = !shown.contains(change.item)
      if change.oldTitle != change.newTitle {
        retitled.add(hidden: hidden)
      } else if change.attributes.contains(OutlineDocument.statusAttribute),
        let state = contents[change.item].taskState
      {
        if state { checked.add(hidden: hidden) } else { unchecked.add(hidden: hidden) }
      } else {
        other.add(hidden: hidden)
      }
    }
  }

  /// `2 retitled (1 hidden)`, `1 checked`, …: the counts that are not zero, in that order,
  /// each saying how many of its items were hidden when any were.
  public var parts: [String] {
    [
      (retitled, "retitled"), (checked, "checked"), (unchecked, "unchecked"),
      (other, "reconfigured"),
    ]
    .filter { $0.0.all > 0 }
    .map { "\($0.0.all) \($0.1)" + ($0.0.hidden > 0 ? " (\($0.0.hidden) hidden)" : "") }
  }
}
