import Diffable

extension Command.MoveDestination {
  /// The section snapshot destination a `move` drops its item at.
  ///
  /// `to PARENT` makes the item the parent's last child, as `append(_:to:)` would; `to-root`
  /// makes it the last root.
  ///
  /// ```swift
  /// Command.MoveDestination.into("Food").destination  // .lastChild(of: "Food")
  /// ```
  public var destination: SectionSnapshot<String>.Destination {
    switch self {
    case .before(let item): return .before(item)
    case .after(let item): return .after(item)
    case .into(let parent): return .lastChild(of: parent)
    case .toRoot: return .lastRoot
    }
  }
}
