import Diffable

extension ReferenceSession {
  /// The focus of SPEC §4, written from the man page's sentences: `focus ITEM` expands ITEM and
  /// its collapsed ancestors in code (a `no-expand` rule on one refuses) and narrows the view to
  /// ITEM's subtree, `focus ..` goes to the parent (at a root, unfocuses; with no focus,
  /// `unknownItem`), `unfocus` widens it (a no-op without a focus).
  mutating func executeFocus(_ command: ReferenceCommand) throws(Failure) {
    let outline = outline
    let target: String
    switch command {
    case .focus(let item?):
      guard outline.contains(item) else { throw Failure(.unknownItem) }
      guard item != focus else { return }
      target = item
    case .focus(nil):
      guard let focus else { throw Failure(.unknownItem) }
      guard let parent = try? outline.parent(of: focus) else {
        self.focus = nil
        return
      }
      target = parent
    case .unfocus:
      focus = nil
      return
    default:
      preconditionFailure("not a focus command: \(command)")
    }
    var edited = outline
    for item in [target] + ancestors(of: target, in: outline)
    where !outline.expanded.contains(item) {
      guard allows(.noExpand, item) else { throw Failure(.refused) }
      edited.expand([item])
    }
    // Nothing to expand is no edit: a batch that takes no section edit still takes the focus.
    if edited != outline { try commit(edited) }
    focus = target
  }

  /// The view: the focus's subtree as a snapshot of its own (its children the roots), or the
  /// outline without a focus.
  public var view: ReferenceOutline<String> {
    guard let focus, let subtree = try? outline.snapshot(of: focus) else { return outline }
    return subtree
  }

  /// The view's visible items, as its rows number them: none while the focus is collapsed or
  /// hidden in the outline.
  public var viewVisibleItems: [String] {
    guard let focus else { return outline.visibleItems }
    let outline = outline
    let open = outline.expanded.contains(focus) && (try? outline.isVisible(focus)) == true
    return open ? view.visibleItems : []
  }

  /// One of the view's lists.
  func viewItems(_ list: ReferenceCommand.List) -> [String] {
    list == .visible ? viewVisibleItems : Self.items(list, of: view)
  }

  /// `command` as the focus reads it: `append` with no parent, `move … to-root`, `sort
  /// --roots` and `paste into` with no item mean the focus's children.
  func inFocus(_ command: ReferenceCommand) -> ReferenceCommand {
    guard let focus else { return command }
    switch command {
    case .append(let items, nil): return .append(items, to: focus)
    case .move(let item, .toRoot): return .move(item, .into(focus))
    case .reorderEach(let items, .move(.toRoot)): return .reorderEach(items, .move(.into(focus)))
    case .sort(nil, let reverse): return .sort(focus, reverse: reverse)
    case .paste(.intoView): return .paste(.into(focus))
    default: return command
    }
  }

  /// After a command that ran from `saved`: no focus in another section; a focus whose item
  /// left the outline moves to its nearest ancestor (in the outline before) that remains.
  mutating func keepFocus(from saved: ReferenceSession) {
    guard let focus else { return }
    if current != saved.current {
      self.focus = nil
    } else if !outline.contains(focus) {
      self.focus = ancestors(of: focus, in: saved.outline).first { outline.contains($0) }
    }
  }
}
