import Diffable

/// A leaf given its first children opens on them (SPEC §4, "An editor a person keeps"), as
/// Workflowy, OmniOutliner and org-mode show what was just put under an item.
///
/// `indent X` under a leaf, `move X to P`, `append --titled X to P` and `outdent --in-place`
/// (whose item takes its later siblings as children) would otherwise drop the item under a
/// collapsed parent, where `show` hides it. The editor expands such a parent in code
/// (`expand(_:)`, no handler: no user tapped anything) in the same command: an edit expands it
/// in the same apply, a reorder expands it just before the user's drop, so that the drop's
/// transaction keeps the item on its row. Plain `append` is Apple's `append(_:to:)`, which
/// leaves the parent's expansion as it is (as `paste into` opens any collapsed item it pastes
/// into, as it always has). A parent that already had children keeps its expansion: a collapsed one stays
/// collapsed, as its user left it. An app's policy still holds: a `no-expand` rule keeps the
/// parent collapsed, with a note.
extension Session {
  /// The parent that `outline` shows as a collapsed leaf, which a command giving it children
  /// must open; nil when there is none, it has children already, it is expanded, or a rule
  /// keeps it collapsed (recorded in `held`).
  ///
  /// - Complexity: O(log *n*).
  func opening(
    _ parent: String?, in outline: SectionSnapshot<String>, held: inout HeldItems
  ) -> String? {
    guard let parent, (try? outline.hasChildren(parent)) == false,
      !isExpanded(parent, in: outline)
    else { return nil }
    return held.hold(parent, .expand, by: rules) ? nil : parent
  }

  /// The parent a reorder to `destination` gives its first child, when `outline` shows it as a
  /// collapsed leaf: see `opening(_:in:held:)`.
  ///
  /// - Complexity: O(log *n*).
  func opening(
    for destination: SectionSnapshot<String>.Destination, in outline: SectionSnapshot<String>,
    held: inout HeldItems
  ) -> String? {
    switch destination {
    case .firstChild(let parent), .lastChild(let parent):
      return opening(parent, in: outline, held: &held)
    case .before, .after, .lastRoot:
      return nil
    }
  }

  /// Expands `parent` in code in the applied section, before a reorder that gives it its first
  /// child: an apply that changes no row.
  ///
  /// - Complexity: O(log *n*), plus the apply.
  func open(_ parent: String) throws(CommandError) {
    var opened = dataSource.snapshot(for: section)
    opened.expand([parent])
    do {
      try dataSource.apply(opened, to: section)
    } catch {
      throw failure(error)
    }
  }

  /// Adds the note of the parents a rule kept collapsed, if any, to `outcome`'s.
  func noteHeld(_ held: HeldItems, in outcome: inout Outcome) {
    let notes = held.notes(rules: rules).map {
      $0 + " (it has children now, hidden under it)"
    }
    guard !notes.isEmpty else { return }
    outcome.note = ([outcome.note].compactMap { $0 } + notes).joined(separator: "\n")
  }
}
