extension CommandCatalog {
  /// The entries of `Group.interactions`, in the SPEC's order.
  static let interactions: [Entry] = [
    Entry(
      "expand", .interactions,
      syntax: ["expand [--force] ITEM...", "expand --all [ITEM]", "expand --depth N"],
      summary:
        "Taps each item's disclosure to expand it; --force, --all, --depth: in code, no handlers.",
      example: "expand Fruit",
      appleAPI:
        "shouldExpandItem · willExpandItem · snapshotForExpandingParent; --force: expand(_:)"),
    Entry(
      "collapse", .interactions, syntax: ["collapse [--force] ITEM...", "collapse --all [ITEM]"],
      summary:
        "Taps each item's disclosure to collapse it; --force, --all: in code, no handlers.",
      example: "collapse --force Fruit",
      appleAPI: "shouldCollapseItem · willCollapseItem; --force: collapse(_:)"),
    Entry(
      "move", .interactions,
      syntax: [
        "move ITEM before|after ITEM", "move ITEM to PARENT", "move ITEM to-root",
        "move ITEM to-section NAME [before|after ITEM]", "move ITEM up|down",
      ],
      summary:
        "Drops an item with its subtree at a new place (or section), as the user reordering it.",
      example: "move Pear before Apple",
      appleAPI: "ReorderingHandlers: canReorderItem · willReorder · didReorder"),
    Entry(
      "drag", .interactions, syntax: ["drag ROW ROW", "drag NAME:ROW NAME:ROW"],
      summary:
        "Drags a visible row to another (NAME:ROW: of a section), re-parenting by neighbours.",
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
}
