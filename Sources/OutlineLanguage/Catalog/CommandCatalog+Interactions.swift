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
        "move ITEM... before|after ITEM", "move ITEM... to PARENT", "move ITEM... to-root",
        "move ITEM to-section NAME [before|after ITEM]", "move ITEM up|down",
      ],
      summary:
        "Drops an item with its subtree at a new place (or section), as the user reordering it.",
      example: "move @2..3 before Apple",
      appleAPI: "ReorderingHandlers: canReorderItem · willReorder · didReorder",
      details: Self.severalItems + Self.opening + [
        "  a reorder keeps an expanded item expanded, its rows moving with it (a user's drag",
        "  collapses it first: see drag), and may put an item under a collapsed parent, hidden",
      ]),
    Entry(
      "drag", .interactions, syntax: ["drag ROW ROW", "drag NAME:ROW NAME:ROW"],
      summary:
        "Drags a visible row to another (NAME:ROW: of a section), re-parenting by neighbours.",
      example: "drag 3 0",
      appleAPI: "ReorderingHandlers: canReorderItem · willReorder · didReorder",
      details: [
        "  in a focus, ROW counts the focus's rows as show numbers them (0: its first",
        "  descendant); the transaction still numbers the section's rows, as UIKit does.",
        "  NAME:ROW counts a whole section's rows: refused in a focus of that section",
        "  lifting an expanded parent collapses it first, a change of its own with no",
        "  handler asked (an expanded leaf has nothing to collapse: no lift); the drop's",
        "  transaction starts from it, and the second ROW counts those rows",
      ]),
    Entry(
      "indent", .interactions, syntax: ["indent ITEM..."],
      summary: "Makes an item the last child of its previous sibling, as a reorder.",
      example: "indent Pear Kiwi",
      appleAPI: "ReorderingHandlers: canReorderItem · willReorder · didReorder",
      details: Self.severalItems + Self.opening),
    Entry(
      "outdent", .interactions, syntax: ["outdent [--in-place] ITEM..."],
      summary:
        "Makes an item the next sibling of its parent, as a reorder (--in-place: no item moves).",
      example: "outdent --in-place Pear",
      appleAPI: "ReorderingHandlers: canReorderItem · willReorder · didReorder",
      details: [
        "  plain: the item goes after its parent's subtree (Workflowy); --in-place: it stays",
        "  where it reads and its later siblings become its children (org-mode, Logseq)",
      ] + Self.severalItems + Self.opening),
  ]

  /// What `help` says of a reorder of several items.
  static let severalItems = [
    "  several items (or a row range @N..M) are one reorder each through the handlers,",
    "  in the outline's order, and one step of the history: one undo takes all back;",
    "  each lands beside the one before it, so items already in place do not move; an",
    "  item inside another named item's subtree goes along with it; if any reorder",
    "  fails, nothing changes",
  ]

  /// The help lines on a collapsed leaf opening on its first children (`Session+Opening`).
  static let opening = [
    "  a collapsed item with no children that the command gives its first children opens",
    "  on them (in code, no handler, in the same transaction), so they stay on rows; an",
    "  item that had children keeps its expansion",
  ]
}
