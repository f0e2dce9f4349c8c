extension CommandCatalog {
  /// Every entry, in the SPEC's order (SPEC.md §2, "Commands").
  public static let entries: [Entry] =
    editing + interactions + rules + queries + sections
    + transactions + files

  static let editing: [Entry] = [
    Entry(
      "append", .editing, syntax: ["append ITEM... [to PARENT]"],
      summary: "Adds items as the last roots, or as the last children of PARENT.",
      example: "append Apple Pear to Fruit", appleAPI: "append(_:to:)"),
    Entry(
      "insert", .editing,
      syntax: ["insert ITEM... before|after ITEM", "insert @NAME before|after ITEM"],
      summary: "Inserts items, or a kept snapshot, as siblings right before or after an item.",
      example: "insert Banana after Apple", appleAPI: "insert(_:before:) · insert(_:after:)"),
    Entry(
      "delete", .editing, syntax: ["delete ITEM..."],
      summary: "Deletes items with their whole subtrees.",
      example: "delete Pear", appleAPI: "delete(_:)"),
    Entry(
      "delete-all", .editing, syntax: ["delete-all"],
      summary: "Deletes every item of the section.",
      example: "delete-all", appleAPI: "deleteAll()"),
    Entry(
      "child-snapshot", .editing, syntax: ["child-snapshot PARENT [--including-parent] [as NAME]"],
      summary: "Prints the snapshot of PARENT's children; \"as NAME\" keeps it as @NAME.",
      example: "child-snapshot Fruit --including-parent as fruit",
      appleAPI: "snapshot(of:includingParent:)"),
    Entry(
      "replace-children", .editing, syntax: ["replace-children PARENT with @NAME"],
      summary: "Replaces PARENT's children with a kept snapshot.",
      example: "replace-children Food with @fruit", appleAPI: "replace(childrenOf:using:)"),
  ]

  static let interactions: [Entry] = [
    Entry(
      "expand", .interactions, syntax: ["expand [--force] ITEM..."],
      summary: "Taps each item's disclosure to expand it; --force expands without the handlers.",
      example: "expand Fruit",
      appleAPI:
        "shouldExpandItem · willExpandItem · snapshotForExpandingParent; --force: expand(_:)"),
    Entry(
      "collapse", .interactions, syntax: ["collapse [--force] ITEM..."],
      summary:
        "Taps each item's disclosure to collapse it; --force collapses without the handlers.",
      example: "collapse --force Fruit",
      appleAPI: "shouldCollapseItem · willCollapseItem; --force: collapse(_:)"),
    Entry(
      "move", .interactions,
      syntax: ["move ITEM before|after ITEM", "move ITEM to PARENT", "move ITEM to-root"],
      summary: "Drops an item with its subtree at a new place, as the user reordering it.",
      example: "move Pear before Apple",
      appleAPI: "ReorderingHandlers: canReorderItem · willReorder · didReorder"),
    Entry(
      "drag", .interactions, syntax: ["drag ROW ROW"],
      summary:
        "Drags the visible row at the first index to the second, re-parenting by neighbours.",
      example: "drag 3 0", appleAPI: "ReorderingHandlers: canReorderItem · willReorder · didReorder"
    ),
    Entry(
      "indent", .interactions, syntax: ["indent ITEM"],
      summary: "Makes an item the last child of its previous sibling, as a reorder.",
      example: "indent Pear",
      appleAPI: "ReorderingHandlers: canReorderItem · willReorder · didReorder"),
    Entry(
      "outdent", .interactions, syntax: ["outdent ITEM"],
      summary: "Makes an item the next sibling of its parent, as a reorder.",
      example: "outdent Pear",
      appleAPI: "ReorderingHandlers: canReorderItem · willReorder · didReorder"),
  ]

  static let rules: [Entry] = [
    Entry(
      "rule no-collapse", .rules, syntax: ["rule no-collapse ITEM..."],
      summary: "Makes shouldCollapseItem answer false for these items (glob patterns allowed).",
      example: "rule no-collapse \"Fav*\"", appleAPI: "shouldCollapseItem"),
    Entry(
      "rule no-expand", .rules, syntax: ["rule no-expand ITEM..."],
      summary: "Makes shouldExpandItem answer false for these items (glob patterns allowed).",
      example: "rule no-expand Archive", appleAPI: "shouldExpandItem"),
    Entry(
      "rule no-reorder", .rules, syntax: ["rule no-reorder ITEM..."],
      summary: "Makes canReorderItem answer false for these items; all others may be reordered.",
      example: "rule no-reorder Food Drinks", appleAPI: "canReorderItem"),
    Entry(
      "rule lazy", .rules, syntax: ["rule lazy PARENT CHILD..."],
      summary: "Supplies these children when PARENT expands with no children.",
      example: "rule lazy Drinks Tea Coffee", appleAPI: "snapshotForExpandingParent"),
    Entry(
      "rules", .rules, syntax: ["rules"], summary: "Lists the rules, numbered from 1.",
      example: "rules", appleAPI: nil),
    Entry(
      "rule remove", .rules, syntax: ["rule remove N"],
      summary: "Removes the rule numbered N in the list \"rules\" prints.",
      example: "rule remove 1", appleAPI: nil),
    Entry(
      "rule clear", .rules, syntax: ["rule clear"], summary: "Removes every rule.",
      example: "rule clear", appleAPI: nil),
  ]

  static let queries: [Entry] = [
    Entry(
      "show", .queries, syntax: ["show [--visible]"],
      summary: "Draws the tree with disclosure markers; --visible omits the hidden items.",
      example: "show --visible", appleAPI: nil),
    Entry(
      "describe", .queries, syntax: ["describe"],
      summary: "Prints Apple's visualDescription() lines, without the first and last.",
      example: "describe", appleAPI: "visualDescription()"),
    Entry(
      "items", .queries, syntax: ["items"], summary: "Lists every item, hidden ones included.",
      example: "items", appleAPI: "items"),
    Entry(
      "visible", .queries, syntax: ["visible"], summary: "Lists the visible items.",
      example: "visible", appleAPI: "visibleItems"),
    Entry(
      "roots", .queries, syntax: ["roots"], summary: "Lists the root items.",
      example: "roots", appleAPI: "rootItems"),
    Entry(
      "expanded", .queries, syntax: ["expanded"], summary: "Lists the expanded items.",
      example: "expanded", appleAPI: nil),
    Entry(
      "parent", .queries, syntax: ["parent ITEM"], summary: "Prints an item's parent, or none.",
      example: "parent Apple", appleAPI: "parent(of:)"),
    Entry(
      "level", .queries, syntax: ["level ITEM"], summary: "Prints an item's depth (roots are 0).",
      example: "level Apple", appleAPI: "level(of:)"),
    Entry(
      "index", .queries, syntax: ["index ITEM"],
      summary: "Prints an item's index in the items, hidden ones counted.",
      example: "index Apple", appleAPI: "index(of:)"),
    Entry(
      "is-expanded", .queries, syntax: ["is-expanded ITEM"],
      summary: "Tells whether an item is expanded.",
      example: "is-expanded Fruit", appleAPI: "isExpanded(_:)"),
    Entry(
      "is-visible", .queries, syntax: ["is-visible ITEM"],
      summary: "Tells whether an item is visible (every ancestor expanded).",
      example: "is-visible Apple", appleAPI: "isVisible(_:)"),
    Entry(
      "contains", .queries, syntax: ["contains ITEM"],
      summary: "Tells whether the section holds an item.",
      example: "contains Apple", appleAPI: "contains(_:)"),
    Entry(
      "count", .queries, syntax: ["count"], summary: "Prints the number of items in the section.",
      example: "count", appleAPI: "items.count"),
  ]
}
