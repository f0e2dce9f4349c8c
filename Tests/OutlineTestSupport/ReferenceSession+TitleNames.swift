extension ReferenceSession {
  /// Items named by their titles, written from the man page: "Where a command names an item
  /// that exists and no item of any section has the word as its identifier, a title that
  /// exactly one item of the view has names that item; a title several items share is an
  /// `unknownItem` error. The command is read so only when it fails because an item or parent
  /// was not found."
  ///
  /// - Returns: The command with each such word replaced; nil when no word names an item so.
  ///   `ambiguous` says a word is the title of several items.
  func namingByTitle(_ command: ReferenceCommand) -> (command: ReferenceCommand, ambiguous: Bool)? {
    var renamed = false
    var ambiguous = false
    func name(_ word: String) -> String {
      guard !isTaken(word) else { return word }
      let titled = view.items.filter { title(of: $0) == word }
      if titled.count == 1 {
        renamed = true
        return titled[0]
      }
      if titled.count > 1 { ambiguous = true }
      return word
    }
    func names(_ words: [String]) -> [String] { words.map(name) }
    func place(_ place: ReferenceCommand.Place) -> ReferenceCommand.Place {
      switch place {
      case .before(let item): .before(name(item))
      case .after(let item): .after(name(item))
      }
    }
    func target(_ target: ReferenceCommand.Target) -> ReferenceCommand.Target {
      switch target {
      case .before(let item): .before(name(item))
      case .after(let item): .after(name(item))
      case .into(let item): .into(name(item))
      case .toRoot: .toRoot
      }
    }
    let named: ReferenceCommand
    switch command {
    case .append(let items, let parent): named = .append(items, to: parent.map(name))
    case .insert(let items, let at): named = .insert(items, place(at))
    case .insertKept(let kept, let at): named = .insertKept(kept, place(at))
    case .delete(let items): named = .delete(names(items))
    case .childSnapshot(let parent, let including, let keep):
      named = .childSnapshot(name(parent), includingParent: including, keepAs: keep)
    case .replaceChildren(let parent, let kept): named = .replaceChildren(name(parent), kept: kept)
    case .expand(let items, let force): named = .expand(names(items), force: force)
    case .collapse(let items, let force): named = .collapse(names(items), force: force)
    case .move(let item, let to): named = .move(name(item), target(to))
    case .indent(let item): named = .indent(name(item))
    case .outdent(let item): named = .outdent(name(item))
    case .reorderEach(let items, .move(let to)):
      named = .reorderEach(names(items), .move(target(to)))
    case .reorderEach(let items, let reordering): named = .reorderEach(names(items), reordering)
    case .all(let item, let expanding): named = .all(item.map(name), expanding: expanding)
    case .reveal(let items): named = .reveal(names(items))
    case .shift(let item, let up): named = .shift(name(item), up: up)
    case .rename(let item, let new): named = .rename(name(item), new)
    case .duplicate(let item, let new): named = .duplicate(name(item), as: new)
    case .sort(let parent, let reverse): named = .sort(parent.map(name), reverse: reverse)
    case .focus(let item): named = .focus(item.map(name))
    case .duplicateEach(let items): named = .duplicateEach(names(items))
    case .note(let item, let text): named = .note(name(item), text)
    case .attr(let item, let edit): named = .attr(name(item), edit)
    case .cut(let items): named = .cut(names(items))
    case .copy(let items): named = .copy(names(items))
    case .paste(.before(let item)): named = .paste(.before(name(item)))
    case .paste(.after(let item)): named = .paste(.after(name(item)))
    case .paste(.into(let item)): named = .paste(.into(name(item)))
    case .query(let query, let item): named = .query(query, name(item))
    case .expectParent(let item, let parent): named = .expectParent(name(item), parent.map(name))
    case .expectLevel(let item, let level): named = .expectLevel(name(item), level)
    case .appendItems(let items, let section, let flatten):
      named = .appendItems(names(items), toSection: section, flatten: flatten)
    case .deleteItems(let items, let flatten): named = .deleteItems(names(items), flatten: flatten)
    case .moveItem(let item, let at, let flatten):
      named = .moveItem(name(item), place(at), flatten: flatten)
    case .reloadItems(let items, let reconfiguring):
      named = .reloadItems(names(items), reconfiguring: reconfiguring)
    case .insertItems(let items, let at, let flatten):
      named = .insertItems(names(items), place(at), flatten: flatten)
    case .atCurrentItem(.move(let to)): named = .atCurrentItem(.move(target(to)))
    default: return nil
    }
    guard renamed || ambiguous else { return nil }
    return (named, ambiguous)
  }
}
