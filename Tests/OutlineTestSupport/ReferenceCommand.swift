/// One command of the outline language as the reference session reads it: the SPEC's command
/// forms (SPEC.md §2), plus `raw` for a line whose fate is known without a model.
///
/// The type is the reference model's own, independent of the interpreter's `Command`: a random
/// session test builds these, writes each as a command line of its own, runs the line on the
/// interpreter and the command on `ReferenceSession`, and compares.
///
/// ```swift
/// ReferenceCommand.move("Pear", .before("Apple"))
/// ReferenceCommand.raw("apend A", fails: .unknownCommand)
/// ```
public indirect enum ReferenceCommand: Equatable {
  /// `before X` or `after X`, for `insert` and `section move`.
  public enum Place: Equatable {
    /// Right before the identifier.
    case before(String)
    /// Right after the identifier (after its whole subtree for an item).
    case after(String)
  }

  /// Where `move` drops an item.
  public enum Target: Equatable {
    /// `move X before Y`.
    case before(String)
    /// `move X after Y`.
    case after(String)
    /// `move X to P`: the last child of P.
    case into(String)
    /// `move X to-root`: the last root.
    case toRoot
  }

  /// The lists of items a query or an `expect` names.
  public enum List: String, CaseIterable, Sendable {
    /// Every item, depth first.
    case items
    /// The visible items.
    case visible
    /// The roots.
    case roots
    /// The expanded items.
    case expanded
  }

  /// A question about one item; the raw value is the command's name.
  public enum Query: String, CaseIterable, Sendable {
    /// `parent ITEM`: an unknown item fails.
    case parent
    /// `level ITEM`: an unknown item fails.
    case level
    /// `index ITEM`: an unknown item answers none.
    case index
    /// `is-expanded ITEM`: an unknown item fails.
    case isExpanded = "is-expanded"
    /// `is-visible ITEM`: an unknown item fails.
    case isVisible = "is-visible"
    /// `contains ITEM`: never fails.
    case contains
  }

  // Editing.

  /// `append ITEM... [to PARENT]`.
  case append([String], to: String?)
  /// `insert ITEM... before|after ITEM`.
  case insert([String], Place)
  /// `insert @NAME before|after ITEM`.
  case insertKept(String, Place)
  /// `delete ITEM...`.
  case delete([String])
  /// `delete-all`.
  case deleteAll
  /// `child-snapshot PARENT [--including-parent] [as NAME]`.
  case childSnapshot(String, includingParent: Bool, keepAs: String?)
  /// `replace-children PARENT with @NAME`.
  case replaceChildren(String, kept: String)

  // Interactions.

  /// `expand [--force] ITEM...`.
  case expand([String], force: Bool)
  /// `collapse [--force] ITEM...`.
  case collapse([String], force: Bool)
  /// `move ITEM before|after ITEM`, `move ITEM to PARENT`, `move ITEM to-root`.
  case move(String, Target)
  /// `drag ROW ROW`.
  case drag(Int, Int)
  /// `indent ITEM`.
  case indent(String)
  /// `outdent ITEM`.
  case outdent(String)
  /// `indent ITEM...`, `outdent [--in-place] ITEM...`, `move ITEM... before|after ITEM | to
  /// PARENT | to-root`: one reorder per item, all or nothing (SPEC §4).
  case reorderEach([String], Reordering)

  /// What `reorderEach` does to each item.
  public enum Reordering: Equatable {
    /// `indent`.
    case indent
    /// `outdent`, or with `inPlace` `outdent --in-place`.
    case outdent(inPlace: Bool)
    /// `move … TARGET`.
    case move(Target)
  }

  // Outline editing (SPEC §3).

  /// `expand --all [ITEM]` (`expanding`) or `collapse --all [ITEM]`.
  case all(String?, expanding: Bool)
  /// `expand --depth N`.
  case depth(Int)
  /// `reveal ITEM...`.
  case reveal([String])
  /// `move ITEM up` (`up`) or `move ITEM down`.
  case shift(String, up: Bool)
  /// `rename ITEM NEW`.
  case rename(String, String)
  /// `find PATTERN` (a query).
  case find(String)
  /// `filter PATTERN`.
  case filter(String)
  /// `duplicate ITEM [as NEW]`.
  case duplicate(String, as: String?)
  /// `sort PARENT [--reverse]`, or `sort --roots [--reverse]` when the parent is nil.
  case sort(String?, reverse: Bool)
  /// `focus ITEM` (SPEC §4), or `focus ..` when the item is nil.
  case focus(String?)
  /// `unfocus`.
  case unfocus

  // An editor a person keeps (SPEC §4).

  /// `find PATTERN [--regex] [--in SCOPE]`, or `filter …` when `filtering`.
  case search(String, regex: Bool, scope: Scope?, filtering: Bool)
  /// `duplicate ITEM ITEM...`: one copy per outermost item, one transaction.
  case duplicateEach([String])
  /// `note ITEM` (nil) or `note ITEM TEXT`.
  case note(String, String?)
  /// `attr ITEM`, `attr ITEM NAME VALUE` or `attr ITEM NAME --delete`.
  case attr(String, AttributeEdit?)
  /// `cut ITEM...`.
  case cut([String])
  /// `copy ITEM...`.
  case copy([String])
  /// `paste before|after|into ITEM`, `paste into`.
  case paste(PasteTarget)

  /// Where `paste` puts what was kept.
  public enum PasteTarget: Equatable {
    /// Right before the item.
    case before(String)
    /// Right after the item's subtree.
    case after(String)
    /// As the item's last children.
    case into(String)
    /// `paste into` with no item: as the focus's last children, or after the last root.
    case intoView
  }

  /// What `find --in` and `filter --in` look at.
  public enum Scope: String, CaseIterable, Sendable {
    /// The identifier and the title (the default).
    case titles
    /// The `_note` attribute.
    case notes
    /// Every attribute, as its value and as `name=value`.
    case attrs
    /// Titles and attributes.
    case all
  }

  /// What `attr` changes.
  public enum AttributeEdit: Equatable {
    /// `attr ITEM NAME VALUE`.
    case set(String, String)
    /// `attr ITEM NAME --delete`.
    case delete(String)
  }

  // Rules.

  /// `rule no-collapse|no-expand|no-reorder PATTERN...`, `rule lazy PATTERN CHILD...`.
  case rule(ReferenceSession.Rule)
  /// `rules`.
  case rules
  /// `rule remove N`.
  case removeRule(Int)
  /// `rule clear`.
  case clearRules

  // Queries.

  /// `items`, `visible`, `roots`, `expanded`.
  case list(List)
  /// `parent ITEM`, `level ITEM`, `index ITEM`, `is-expanded ITEM`, `is-visible ITEM`,
  /// `contains ITEM`.
  case query(Query, String)
  /// `count`.
  case count
  /// `show [--visible]`.
  case show(visibleOnly: Bool)
  /// `describe`.
  case describe
  /// `sections`.
  case sections

  // Sections.

  /// `section add NAME...`.
  case sectionAdd([String])
  /// `section use NAME`.
  case sectionUse(String)
  /// `section delete NAME`.
  case sectionDelete(String)
  /// `section move NAME before|after NAME`.
  case sectionMove(String, Place)

  // Batches and history.

  /// `begin [--empty]`.
  case begin(empty: Bool)
  /// `apply`.
  case apply
  /// `discard`.
  case discard
  /// `undo`.
  case undo
  /// `redo`.
  case redo
  /// `last`.
  case last
  /// `log`.
  case log

  // Files and checks.

  /// `save FILE`, or `save` (nil): the current section's file.
  case save(String?)
  /// `load FILE`.
  case load(String)
  /// `say WORD...`: answers the words joined by single spaces.
  case say([String])
  /// `expect items|visible|roots|expanded ITEM...`.
  case expectList(List, [String])
  /// `expect parent ITEM PARENT|none` (nil for `none`).
  case expectParent(String, String?)
  /// `expect level ITEM N`.
  case expectLevel(String, Int)
  /// `expect error COMMAND`.
  case expectError(ReferenceCommand)

  // The flat snapshot (outside a batch or in one).

  /// `append-items ITEM... [to-section NAME] [--flatten]`.
  case appendItems([String], toSection: String?, flatten: Bool)
  /// `delete-items ITEM... [--flatten]`.
  case deleteItems([String], flatten: Bool)
  /// `move-item ITEM before|after ITEM [--flatten]`.
  case moveItem(String, Place, flatten: Bool)
  /// `reload-items ITEM...`, or `reconfigure-items ITEM...` when `reconfiguring`.
  case reloadItems([String], reconfiguring: Bool)
  /// `reload-sections NAME...`.
  case reloadSections([String])
  /// `insert-items ITEM... before|after ITEM [--flatten]`.
  case insertItems([String], Place, flatten: Bool)
  /// `apply --reload-data`: `applySnapshotUsingReloadData(_:)` of the current state, or of an
  /// open batch's (closing it).
  case applyReloadingData

  // Items by row (SPEC §4).

  /// A command whose first item is written `.`: the current item, resolved when the command
  /// runs (`unknownItem`, nothing run, when there is none or it left the outline).
  case atCurrentItem(CurrentItemUse)

  /// The commands that `atCurrentItem` writes with `.` for their first item.
  public enum CurrentItemUse: Equatable {
    /// `QUERY .`.
    case query(Query)
    /// `delete .`.
    case delete
    /// `note .`.
    case note
    /// `expand [--force] .`.
    case expand(force: Bool)
    /// `focus .`.
    case focus
    /// `cut .`.
    case cut
    /// `move . TARGET`.
    case move(Target)

    /// The command naming `item` where the line writes `.`.
    ///
    /// - Complexity: O(1).
    public func command(naming item: String) -> ReferenceCommand {
      switch self {
      case .query(let query): return .query(query, item)
      case .delete: return .delete([item])
      case .note: return .note(item, nil)
      case .expand(let force): return .expand([item], force: force)
      case .focus: return .focus(item)
      case .cut: return .cut([item])
      case .move(let target): return .move(item, target)
      }
    }
  }

  /// A line whose outcome needs no model: it fails with `code` (a line that does not parse,
  /// `quit` outside a script) or, when `code` is nil, succeeds and changes nothing (`help`).
  case raw(String, fails: ReferenceSession.Code?)

  /// Whether the command simulates a user's interaction with the applied outline, which a batch
  /// refuses.
  public var isUserInteraction: Bool {
    switch self {
    case .expand(_, let force), .collapse(_, let force): return !force
    case .move, .drag, .indent, .outdent, .shift, .reorderEach: return true
    default: return false
    }
  }

  /// Whether a change the command makes is a step of the history (`undo`, `redo` and `last`
  /// replay steps rather than make them).
  public var isRecordedInHistory: Bool {
    switch self {
    case .undo, .redo, .last: return false
    default: return true
    }
  }
}
