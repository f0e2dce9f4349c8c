extension ReferenceCommand {
  /// The item the command names first, as SPEC §4 words the current item ("the item the last
  /// successful command added, moved or named first"): the first word where the grammar takes
  /// an item, new or existing, or a parent; nil for a command that names none (a pattern, a
  /// section, a file, a kept snapshot's name, a row number of `drag` are no items).
  ///
  /// A command that adds or moves an item it does not name first makes that item current
  /// through `ReferenceSession.made` instead: `insert @NAME` and `replace-children` the kept
  /// snapshot's first item, `drag` the dragged row's item.
  ///
  /// A rule's patterns stand where items go (`rule no-collapse @3` names a row's item), so a
  /// rule names its first pattern. An `expect` names nothing: it only checks.
  ///
  /// ```swift
  /// ReferenceCommand.move("Pear", .before("Apple")).firstNamed  // "Pear"
  /// ReferenceCommand.find("A").firstNamed                       // nil
  /// ```
  public var firstNamed: String? {
    switch self {
    case .append(let items, _), .insert(let items, _), .delete(let items),
      .expand(let items, _), .collapse(let items, _), .reorderEach(let items, _),
      .reveal(let items), .duplicateEach(let items), .cut(let items), .copy(let items),
      .appendItems(let items, _, _), .insertItems(let items, _, _), .deleteItems(let items, _),
      .reloadItems(let items, _):
      return items.first
    case .insertKept(_, .before(let item)), .insertKept(_, .after(let item)),
      .childSnapshot(let item, _, _), .replaceChildren(let item, _), .move(let item, _),
      .indent(let item), .outdent(let item), .shift(let item, _), .rename(let item, _),
      .duplicate(let item, _), .query(_, let item), .note(let item, _), .attr(let item, _),
      .moveItem(let item, _, _):
      return item
    case .paste(.before(let item)), .paste(.after(let item)), .paste(.into(let item)):
      return item
    case .paste(.intoView):
      return nil
    case .all(let item, _), .sort(let item, _):
      return item
    case .focus(let item):
      return item
    case .rule(let rule):
      return rule.patterns.first
    case .deleteAll, .drag, .depth, .find, .filter, .search, .rules,
      .removeRule, .clearRules, .list, .count, .show, .describe, .sections, .sectionAdd,
      .sectionUse, .sectionDelete, .sectionMove, .begin, .apply, .discard, .undo, .redo, .last,
      .log, .save, .load, .say, .expectList, .expectParent, .expectLevel, .expectError,
      .reloadSections, .unfocus, .applyReloadingData, .raw:
      return nil
    case .atCurrentItem:
      // Resolved when it runs: `ReferenceSession.execute` makes the item it names `made`.
      return nil
    }
  }

  /// Whether the command only checks (an `expect`), leaving the current item as it was.
  public var isExpectation: Bool {
    switch self {
    case .expectList, .expectParent, .expectLevel, .expectError: return true
    default: return false
    }
  }
}
