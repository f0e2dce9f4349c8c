/// How the items that `edit` or a `load` over an outline reconfigured changed, each counted
/// once by what a person sees change: its title first, then its task box, else the rest of its
/// content (a note, an attribute), for the brief output (`edited: 1 retitled, 2 checked`).
///
/// The interpreter counts them as it applies the text, so that a printer that records no
/// states (the console) still says what changed.
public struct ReconfiguredCounts: Equatable, Sendable {
  /// Items whose title changed.
  public var retitled = 0
  /// Items, their titles unchanged, that became tasks that are done.
  public var checked = 0
  /// Items, their titles unchanged, that became tasks that are not done.
  public var unchecked = 0
  /// Items whose note, other attributes or task box (removed) changed, and nothing else.
  public var other = 0

  /// Counts `changes` (those of visible items), the items' task states read from `contents`,
  /// the contents after the change.
  ///
  /// - Complexity: O(*k* (1 + *a*)) for *k* changes of items with *a* attributes.
  init(_ changes: [ContentChange], contents: Contents) {
    for change in changes {
      if change.oldTitle != change.newTitle {
        retitled += 1
      } else if change.attributes.contains(OutlineDocument.statusAttribute),
        let state = contents[change.item].taskState
      {
        if state { checked += 1 } else { unchecked += 1 }
      } else {
        other += 1
      }
    }
  }

  /// `1 retitled`, `2 checked`, …: the counts that are not zero, in that order.
  public var parts: [String] {
    [
      (retitled, "retitled"), (checked, "checked"), (unchecked, "unchecked"),
      (other, "reconfigured"),
    ]
    .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
  }
}
