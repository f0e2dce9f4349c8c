/// One command of the outline language, as parsed: the syntax tree the interpreter runs.
///
/// There is one case per command form of SPEC.md §2, grouped as the SPEC groups them. Identifiers
/// (items, parents, sections, snapshot names, files) are `String`s, unquoted and unescaped; kept
/// snapshots are named without their `@`. Nothing here is checked against an outline: whether
/// an item exists is the interpreter's business.
///
/// `description` prints a command's canonical text, and parsing it gives the command back:
///
/// ```swift
/// let command = Command.append(["Apple", "to"], to: "Fruit")
/// command.description                                  // append Apple "to" to Fruit
/// try CommandParser.parse(command: command.description) == command  // true
/// ```
public indirect enum Command: Equatable, Hashable, Sendable {
  // MARK: Editing: the section snapshot API, applied at once

  /// `append ITEM... [to PARENT]`: `append(_:to:)`.
  case append([String], to: String?)
  /// `insert ITEM... before|after ITEM`: `insert(_:before:)`, `insert(_:after:)`.
  case insert([String], Placement)
  /// `insert @NAME before|after ITEM`: `insert(_ snapshot:before:)`, `insert(_ snapshot:after:)`.
  case insertSnapshot(String, Placement)
  /// `delete ITEM...`: `delete(_:)`.
  case delete([String])
  /// `delete-all`: `deleteAll()`.
  case deleteAll
  /// `child-snapshot PARENT [--including-parent] [as NAME]`: `snapshot(of:includingParent:)`.
  case childSnapshot(of: String, includingParent: Bool, keepAs: String?)
  /// `replace-children PARENT with @NAME`: `replace(childrenOf:using:)`.
  case replaceChildren(of: String, with: String)

  // MARK: User interactions, through the handlers

  /// `expand [--force] ITEM...`: taps on the disclosures, or with `force` `expand(_:)` and apply.
  case expand([String], force: Bool)
  /// `collapse [--force] ITEM...`: taps on the disclosures, or with `force` `collapse(_:)`.
  case collapse([String], force: Bool)
  /// `move ITEM before|after ITEM`, `move ITEM to PARENT`, `move ITEM to-root`: a reorder.
  case move(String, to: MoveDestination)
  /// `drag ROW ROW`: the user dragging a visible row (0-based) to another.
  case drag(from: Int, to: Int)
  /// `indent ITEM`: become the last child of the previous sibling.
  case indent(String)
  /// `outdent ITEM`: become the next sibling of the parent.
  case outdent(String)

  // MARK: Handler rules

  /// `rule no-collapse|no-expand|no-reorder ITEM...`, `rule lazy PARENT CHILD...`.
  case rule(Rule)
  /// `rules`: lists the rules, numbered from 1.
  case rules
  /// `rule remove N`: removes the rule numbered `N` by `rules`.
  case removeRule(Int)
  /// `rule clear`: removes every rule.
  case clearRules

  // MARK: Queries

  /// `show [--visible]`: the tree drawn for a person; `visibleOnly` omits hidden items.
  case show(visibleOnly: Bool)
  /// `describe`: Apple's `visualDescription()` lines, without the first and last.
  case describe
  /// `items`, `visible`, `roots`, `expanded`: one of the section snapshot's item lists.
  case list(ItemList)
  /// `parent ITEM`, `level ITEM`, `index ITEM`, `is-expanded ITEM`, `is-visible ITEM`,
  /// `contains ITEM`: a question about one item.
  case query(ItemQuery, String)
  /// `count`: the number of items in the section snapshot.
  case count

  // MARK: Sections

  /// `section add|use|delete|move …`: the flat snapshot's sections.
  case section(SectionCommand)
  /// `sections`: lists the sections.
  case sections

  // MARK: Transactions and history

  /// `begin [--empty]`: starts a batch, from the current section snapshot or an empty one.
  case begin(empty: Bool)
  /// `apply`: applies the batch as one transaction.
  case apply
  /// `discard`: drops the batch.
  case discard
  /// `last`: reprints the last transaction in full.
  case last
  /// `log`: lists the transactions.
  case log
  /// `undo`: steps back one transaction.
  case undo
  /// `redo`: steps forward one transaction.
  case redo

  // MARK: Files and scripts

  /// `save FILE`.
  case save(String)
  /// `load FILE`.
  case load(String)
  /// `source FILE`: runs a script.
  case source(String)
  /// `say TEXT`: prints its words joined by single spaces (quote a word to keep its blanks).
  case say(String)
  /// `expect …`: a check that fails the script when the outline differs.
  case expect(Expectation)
  /// `help [COMMAND]`: the catalog, or the entries of one command (`"rule"`, `"rule lazy"`).
  case help(String?)
  /// `quit`.
  case quit
}

extension Command {
  /// Where `insert` puts its items, or where `section move` puts a section.
  public enum Placement: Equatable, Hashable, Sendable {
    /// Right before the identifier, as its previous sibling.
    case before(String)
    /// Right after the identifier (after its whole subtree), as its next sibling.
    case after(String)

    /// The identifier placed against.
    public var anchor: String {
      switch self {
      case .before(let anchor), .after(let anchor): return anchor
      }
    }
  }

  /// Where `move` drops an item.
  public enum MoveDestination: Equatable, Hashable, Sendable {
    /// `before ITEM`: the previous sibling of the item.
    case before(String)
    /// `after ITEM`: the next sibling of the item.
    case after(String)
    /// `to PARENT`: the last child of the parent.
    case into(String)
    /// `to-root`: the last root.
    case toRoot
  }

  /// A handler rule, whose items may be glob patterns (`"Fav*"`).
  public enum Rule: Equatable, Hashable, Sendable {
    /// `rule no-collapse ITEM...`: `shouldCollapseItem` answers false for these.
    case noCollapse([String])
    /// `rule no-expand ITEM...`: `shouldExpandItem` answers false for these.
    case noExpand([String])
    /// `rule no-reorder ITEM...`: `canReorderItem` answers false for these.
    case noReorder([String])
    /// `rule lazy PARENT CHILD...`: `snapshotForExpandingParent` supplies these children.
    case lazy(parent: String, children: [String])
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
  }

  /// A change to the flat snapshot's sections.
  public enum SectionCommand: Equatable, Hashable, Sendable {
    /// `section add NAME...`: `appendSections(_:)`.
    case add([String])
    /// `section use NAME`: makes it the section being edited.
    case use(String)
    /// `section delete NAME`: `deleteSections(_:)`.
    case delete(String)
    /// `section move NAME before|after NAME`: `moveSection(_:beforeSection:)` and after.
    case move(String, Placement)
  }

  /// What an `expect` command checks.
  public indirect enum Expectation: Equatable, Hashable, Sendable {
    /// `expect items|visible|roots|expanded ITEM...`: the list is exactly these (none: empty).
    case list(ItemList, [String])
    /// `expect parent ITEM PARENT|none`: nil stands for `none`, a root.
    case parent(String, String?)
    /// `expect level ITEM N`.
    case level(String, Int)
    /// `expect error COMMAND...`: the command fails and changes nothing.
    case error(Command)
  }
}
