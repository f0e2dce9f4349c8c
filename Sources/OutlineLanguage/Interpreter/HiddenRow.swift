import Diffable

/// An item that a user's gesture needs on a visible row but that a collapsed ancestor hides
/// (SPEC §4, "A user touches only what they see"): the reason for `notVisible`.
///
/// In UIKit a user touches rows: a disclosure tap (`expand`, `collapse` without `--force`), a
/// reorder (`move` in its reorder forms, `move ITEM up|down`, `indent`, `outdent`) and the row
/// it drops at need their items on screen. Code may touch hidden items: `--force`, `reveal`,
/// `expand --all`, the editing commands. A `drag` names visible rows, so its item always is on
/// one.
///
/// ```swift
/// // Food (collapsed) > Apple
/// Command.InteractionCommand.expand(["Apple"], force: false).hiddenRow(in: session.state)
/// // HiddenRow(item: "Apple", section: "main", ancestor: "Food", gesture: .tap)
/// ```
public struct HiddenRow: Equatable, Hashable, Sendable {
  /// What the user would do with the hidden row.
  public enum Gesture: Equatable, Hashable, Sendable {
    /// Tap its disclosure.
    case tap
    /// Drag it (a reorder's item).
    case drag
    /// Drop beside or into it (a reorder's anchor or new parent).
    case drop
  }

  /// The hidden item.
  public var item: String
  /// Its section.
  public var section: String
  /// Its outermost collapsed ancestor, the one row of its ancestry a user must expand first.
  public var ancestor: String
  /// What the user would do with it.
  public var gesture: Gesture
  /// For a tap that the taps before it in the same command hide (`expand B D` where B reveals
  /// a collapsed C), a command whose taps work in the state the user has (`expand B C D`): the
  /// ancestor is collapsed only once those taps are made, so expanding it first would not do.
  public var workingCommand: String?

  /// Creates the reason.
  public init(
    item: String, section: String, ancestor: String, gesture: Gesture,
    workingCommand: String? = nil
  ) {
    self.item = item
    self.section = section
    self.ancestor = ancestor
    self.gesture = gesture
    self.workingCommand = workingCommand
  }

  /// The reason `item` of `outline` (the section `section`) is not on a visible row, or nil
  /// when it is on one or is not there.
  ///
  /// - Complexity: O(log *n*) for a visible item; O(*d* log *n*) for a hidden item at depth *d*.
  public static func find(
    _ item: String, _ gesture: Gesture, in outline: SectionSnapshot<String>, section: String
  ) -> HiddenRow? {
    guard (try? outline.isVisible(item)) == false else { return nil }
    var outermost: String?
    var ancestor = try? outline.parent(of: item)
    while let current = ancestor {
      if (try? outline.isExpanded(current)) == false { outermost = current }
      ancestor = try? outline.parent(of: current)
    }
    return outermost.map {
      HiddenRow(item: item, section: section, ancestor: $0, gesture: gesture)
    }
  }

  /// The first of `items` that its disclosure tap would find hidden, each tap in turn having
  /// expanded (or collapsed) the items before it: `collapse Food Apple` hides Apple before its
  /// tap, `expand Food Apple` shows it.
  ///
  /// When the taps before it are what hides the item, or what leaves its hiding ancestor
  /// different from the one in `outline`, the reason carries a `workingCommand`: for `expand`,
  /// the items with the item's collapsed ancestors tapped before it (`expand B C D`); for
  /// `collapse`, the item tapped before its ancestors (`collapse Apple Food`).
  ///
  /// - Complexity: O(*k* log *n*) for *k* visible items; O(*k* + *d* log *n*) more for a hidden
  ///   one at depth *d*.
  public static func tapping(
    _ items: [String], expanding: Bool, in outline: SectionSnapshot<String>, section: String
  ) -> HiddenRow? {
    var flags = outline
    for (index, item) in items.enumerated() {
      if var hidden = find(item, .tap, in: flags, section: section) {
        if index > 0, find(item, .tap, in: outline, section: section) != hidden {
          hidden.workingCommand = working(
            items, at: index, expanding: expanding, in: flags)
        }
        return hidden
      }
      if expanding { flags.expand([item]) } else { flags.collapse([item]) }
    }
    return nil
  }

  /// The command whose taps reach `items[index]`, `flags` being the state the taps before it
  /// leave: its collapsed ancestors (outermost first) tapped right before it when expanding, or
  /// the item tapped before the first of its ancestors when collapsing.
  static func working(
    _ items: [String], at index: Int, expanding: Bool, in flags: SectionSnapshot<String>
  ) -> String {
    let item = items[index]
    var ancestors: [String] = []
    var parent = try? flags.parent(of: item)
    while let current = parent {
      ancestors.append(current)
      parent = try? flags.parent(of: current)
    }
    var list = items
    if expanding {
      let named = Set(items)
      let missing = ancestors.reversed().filter {
        !named.contains($0) && (try? flags.isExpanded($0)) == false
      }
      list.insert(contentsOf: missing, at: index)
    } else {
      let ancestorSet = Set(ancestors)
      if let first = items.firstIndex(where: { ancestorSet.contains($0) }), first < index {
        list.remove(at: index)
        list.insert(item, at: first)
      }
    }
    return (expanding ? "expand " : "collapse ") + list.map(Quoting.word).joined(separator: " ")
  }
}

extension Command.InteractionCommand {
  /// The first item this gesture needs on a visible row that `state` hides, or nil.
  ///
  /// Nil for code (`--force`, `--all`, `--depth`), a drag (it names visible rows), and a gesture
  /// whose rows all show. An item that is not in its section is not reported here (it is
  /// `unknownItem`).
  ///
  /// - Complexity: O(*k* log *n*) in the items the command names.
  public func hiddenRow(in state: SessionState) -> HiddenRow? {
    hiddenRow(in: state.section, state.outline(of: state.section)) { state.outline(of: $0) }
  }

  /// The first item this gesture needs on a visible row that `outline`, the section `name`,
  /// hides, or nil; `outlineOf` gives another section's outline, for `move … to section`.
  ///
  /// What `hiddenRow(in:)` answers, without a whole state to take first.
  ///
  /// - Complexity: O(*k* log *n*) in the items the command names.
  func hiddenRow(
    in name: String, _ outline: SectionSnapshot<String>,
    outlineOf: (String) -> SectionSnapshot<String>
  ) -> HiddenRow? {
    func hidden(_ item: String, _ gesture: HiddenRow.Gesture) -> HiddenRow? {
      HiddenRow.find(item, gesture, in: outline, section: name)
    }
    switch self {
    case .expand(let items, false):
      return HiddenRow.tapping(items, expanding: true, in: outline, section: name)
    case .collapse(let items, false):
      return HiddenRow.tapping(items, expanding: false, in: outline, section: name)
    case .move(let item, .intoSection(let target, let placement)):
      if let row = hidden(item, .drag) { return row }
      guard let anchor = placement?.anchor else { return nil }
      return HiddenRow.find(anchor, .drop, in: outlineOf(target), section: target)
    case .move(let item, let destination):
      if let row = hidden(item, .drag) { return row }
      switch destination {
      case .before(let anchor), .after(let anchor), .into(let anchor):
        return hidden(anchor, .drop)
      case .toRoot, .intoSection:
        return nil
      }
    case .indent(let item), .outdent(let item), .shift(let item, _):
      return hidden(item, .drag)
    case .reorderEach(let items, let reordering):
      for item in items {
        if let row = hidden(item, .drag) { return row }
      }
      switch reordering {
      case .move(.before(let anchor)), .move(.after(let anchor)), .move(.into(let anchor)):
        return hidden(anchor, .drop)
      case .indent, .outdent, .outdentInPlace, .move:
        return nil
      }
    case .expand(_, true), .collapse(_, true), .expandAll, .collapseAll, .expandToDepth, .drag,
      .dragAcross:
      return nil
    }
  }
}
