import Diffable

extension Command {
  /// The user interactions: taps, reorders and drags through the data source's handlers
  /// (`Session+Interactions.swift` runs them).
  public enum InteractionCommand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `expand [--force] ITEM...`: taps on the disclosures, or with `force` `expand(_:)` and apply.
    case expand([String], force: Bool)
    /// `collapse [--force] ITEM...`: taps on the disclosures, or with `force` `collapse(_:)`.
    case collapse([String], force: Bool)
    /// `move ITEM before|after ITEM`, `move ITEM to PARENT`, `move ITEM to-root`: a reorder.
    case move(String, to: MoveDestination)
    /// `drag ROW ROW`: the user dragging a visible row (0-based) to another.
    case drag(from: Int, to: Int)
    /// `drag NAME:ROW NAME:ROW`: the user dragging a visible row of one section to a row of
    /// another (or the same) section.
    case dragAcross(from: SectionRow, to: SectionRow)
    /// `indent ITEM`: become the last child of the previous sibling.
    case indent(String)
    /// `outdent ITEM`: become the next sibling of the parent.
    case outdent(String)
    /// `expand --all [ITEM]`: `expand(_:)` of every parent of the section or of ITEM's subtree
    /// (ITEM included), applied once: app code, no handlers.
    case expandAll(String?)
    /// `collapse --all [ITEM]`: `collapse(_:)` of every parent of the section or of ITEM's
    /// subtree (ITEM included), applied once.
    case collapseAll(String?)
    /// `expand --depth N`: items of level < N visible and nothing deeper, applied once.
    case expandToDepth(Int)
    /// `move ITEM up`, `move ITEM down`: a reorder that swaps the item with its previous or
    /// next sibling.
    case shift(String, Direction)
    /// `indent ITEM ITEM...`, `outdent ITEM ITEM...`, `outdent --in-place ITEM...`,
    /// `move ITEM ITEM... before|after ITEM | to PARENT | to-root`: one reorder per item, in
    /// order, as one command (one step of the history), all or nothing.
    case reorderEach([String], Reordering)

    /// Whether the command simulates a user's interaction with the applied outline (through
    /// the handlers), which a batch's working copy cannot take: all but `--force`.
    public var isUserInteraction: Bool {
      switch self {
      case .expand(_, let force), .collapse(_, let force): return !force
      case .move, .drag, .dragAcross, .indent, .outdent, .shift, .reorderEach: return true
      case .expandAll, .collapseAll, .expandToDepth: return false
      }
    }

    /// The command's catalog name.
    public var name: String {
      switch self {
      case .expand, .expandAll, .expandToDepth: return "expand"
      case .collapse, .collapseAll: return "collapse"
      case .move, .shift: return "move"
      case .drag, .dragAcross: return "drag"
      case .indent, .reorderEach(_, .indent): return "indent"
      case .outdent, .reorderEach(_, .outdent), .reorderEach(_, .outdentInPlace): return "outdent"
      case .reorderEach(_, .move): return "move"
      }
    }

    /// The command's canonical text.
    public var description: String {
      switch self {
      case .expand(let items, let force), .collapse(let items, let force):
        return line(name, force ? "--force" : nil, words(items))
      case .move(let item, let destination):
        return line("move", Quoting.word(item), destination.description)
      case .drag(let from, let to): return "drag \(from) \(to)"
      case .dragAcross(let from, let to): return line("drag", from.description, to.description)
      case .indent(let item), .outdent(let item): return line(name, Quoting.word(item))
      case .expandAll(let item), .collapseAll(let item):
        return line(name, "--all", item.map(Quoting.word))
      case .expandToDepth(let depth): return "expand --depth \(depth)"
      case .shift(let item, let direction):
        return line("move", Quoting.word(item), direction.rawValue)
      case .reorderEach(let items, .move(let destination)):
        return line("move", words(items), destination.description)
      case .reorderEach(let items, .outdentInPlace):
        return line("outdent --in-place", words(items))
      case .reorderEach(let items, _):
        return line(name, words(items))
      }
    }
  }

  /// What `reorderEach` does to each of its items.
  public enum Reordering: Equatable, Hashable, Sendable {
    /// `indent`: the last child of its previous sibling.
    case indent
    /// `outdent`: the next sibling of its parent, after the parent's subtree.
    case outdent
    /// `outdent --in-place`: the next sibling of its parent where it stands, its later siblings
    /// becoming its last children, so that no item changes place in `items`.
    case outdentInPlace
    /// `move … before|after ITEM | to PARENT | to-root`.
    case move(MoveDestination)
  }

  /// Which way `move ITEM up|down` swaps an item with a sibling.
  public enum Direction: String, CaseIterable, Equatable, Hashable, Sendable {
    /// With the previous sibling.
    case up
    /// With the next sibling.
    case down
  }

  /// Where `move` drops an item.
  public enum MoveDestination: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `before ITEM`: the previous sibling of the item.
    case before(String)
    /// `after ITEM`: the next sibling of the item.
    case after(String)
    /// `to PARENT`: the last child of the parent.
    case into(String)
    /// `to-root`: the last root.
    case toRoot
    /// `to-section NAME [before ITEM | after ITEM]`: into another section, before or after an
    /// item there, or (with no placement) as its last root.
    case intoSection(String, Placement?)

    /// The section snapshot destination a `move` drops its item at (for `to-section`, in that
    /// section).
    ///
    /// `to PARENT` makes the item the parent's last child, as `append(_:to:)` would; `to-root`
    /// and `to-section NAME` with no placement make it the last root.
    ///
    /// ```swift
    /// Command.MoveDestination.into("Food").destination  // .lastChild(of: "Food")
    /// ```
    public var destination: SectionSnapshot<String>.Destination {
      switch self {
      case .before(let item): return .before(item)
      case .after(let item): return .after(item)
      case .into(let parent): return .lastChild(of: parent)
      case .toRoot, .intoSection(_, nil): return .lastRoot
      case .intoSection(_, .before(let item)?): return .before(item)
      case .intoSection(_, .after(let item)?): return .after(item)
      }
    }

    /// The item the destination names (`before A`, `after A`, `to P`), nil for the roots and
    /// another section.
    public var anchor: String? {
      switch self {
      case .before(let item), .after(let item), .into(let item): return item
      case .toRoot, .intoSection: return nil
      }
    }

    /// The destination as `move` writes it: `before A`, `to P`, `to-root`.
    public var description: String {
      switch self {
      case .before(let anchor): return "before " + Quoting.word(anchor)
      case .after(let anchor): return "after " + Quoting.word(anchor)
      case .into(let parent): return "to " + Quoting.word(parent)
      case .toRoot: return "to-root"
      case .intoSection(let section, let placement):
        return line("to-section", Quoting.word(section), placement.map(text))
      }
    }
  }

  /// A visible row of a section, as `drag NAME:ROW` writes it.
  public struct SectionRow: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The section.
    public var section: String
    /// The 0-based visible row in it.
    public var row: Int

    /// Creates a row of a section.
    public init(section: String, row: Int) {
      self.section = section
      self.row = row
    }

    /// `NAME:ROW`, as one word (quoted when the name needs it).
    public var description: String { Quoting.word("\(section):\(row)") }
  }
}
