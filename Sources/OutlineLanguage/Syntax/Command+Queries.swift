extension Command {
  /// The queries on the current section snapshot; they change nothing
  /// (`Session+Queries.swift` runs them).
  public enum QueryCommand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `show [--visible]`: the tree drawn for a person; `visibleOnly` omits hidden items.
    case show(visibleOnly: Bool)
    /// `describe`: Apple's `visualDescription()` lines, without the first and last.
    case describe
    /// `items`, `visible`, `roots`, `expanded`: one of the section snapshot's item lists.
    case list(ItemList)
    /// `parent ITEM`, `level ITEM`, `index ITEM`, `is-expanded ITEM`, `is-visible ITEM`,
    /// `contains ITEM`: a question about one item.
    case item(ItemQuery, String)
    /// `count`: the number of items in the section snapshot.
    case count
    /// `show ITEM [--visible]`: the tree of ITEM's subtree, ITEM included.
    case showSubtree(String, visibleOnly: Bool)
    /// `show --depth N`: the tree's items of level < N.
    case showToDepth(Int)
    /// `show @N..M`: the tree's visible rows N to M, numbered as `show` numbers them.
    case showRows(ClosedRange<Int>)
    /// `find PATTERN [--regex] [--in WHERE]`: the items whose texts match, in order.
    case find(Search)

    /// The command's catalog name.
    public var name: String {
      switch self {
      case .show, .showSubtree, .showToDepth, .showRows: return "show"
      case .find: return "find"
      case .describe: return "describe"
      case .list(let list): return list.rawValue
      case .item(let query, _): return query.rawValue
      case .count: return "count"
      }
    }

    /// The command's canonical text.
    public var description: String {
      switch self {
      case .show(let visibleOnly): return visibleOnly ? "show --visible" : "show"
      case .describe, .list, .count: return name
      case .item(let query, let item): return line(query.rawValue, Quoting.word(item))
      case .showSubtree(let item, let visibleOnly):
        return line("show", Quoting.word(item), visibleOnly ? "--visible" : nil)
      case .showToDepth(let depth): return "show --depth \(depth)"
      case .showRows(let rows): return "show \(RowReference.rows(rows))"
      case .find(let search): return (["find"] + search.words).joined(separator: " ")
      }
    }
  }

  /// One of the section snapshot's lists of items.
  public enum ItemList: String, CaseIterable, Equatable, Hashable, Sendable {
    /// `items`: every item, depth first, hidden ones included.
    case items
    /// `visibleItems`.
    case visible
    /// `rootItems`.
    case roots
    /// The expanded items.
    case expanded
  }

  /// A question about one item; the raw value is the command's name.
  public enum ItemQuery: String, CaseIterable, Equatable, Hashable, Sendable {
    /// `parent(of:)`.
    case parent
    /// `level(of:)`.
    case level
    /// `index(of:)`, into `items`.
    case index
    /// `isExpanded(_:)`.
    case isExpanded = "is-expanded"
    /// `isVisible(_:)`.
    case isVisible = "is-visible"
    /// `contains(_:)`.
    case contains
    /// The item's title (its content, not part of the snapshot).
    case title
  }
}
