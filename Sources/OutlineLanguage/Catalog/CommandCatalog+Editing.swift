extension CommandCatalog {
  /// The entries of `Group.editing`, in the SPEC's order.
  static let editing: [Entry] = [
    Entry(
      "append", .editing,
      syntax: ["append ITEM... [to PARENT]", "append --titled TEXT... [to PARENT]"],
      summary: "Adds items as the last roots or children of PARENT; --titled: by title (TODO (2)).",
      example: "append Apple Pear to Fruit", appleAPI: "append(_:to:)",
      details: [
        "  Apple's append leaves PARENT's expansion as it is; --titled, as a notes app, opens",
        "  a collapsed PARENT that had no children on them, in the same apply",
      ]),
    Entry(
      "insert", .editing,
      syntax: [
        "insert ITEM... before|after ITEM", "insert @NAME before|after ITEM",
        "insert --titled TEXT... before|after ITEM",
      ],
      summary: "Inserts items, or a kept snapshot, as siblings right before or after an item.",
      example: "insert Banana after Apple", appleAPI: "insert(_:before:) · insert(_:after:)",
      details: ["  --titled: by title, each identifier made as append --titled makes it"]),
    Entry(
      "delete", .editing, syntax: ["delete ITEM..."],
      summary: "Deletes items with their whole subtrees.",
      example: "delete @1..2", appleAPI: "delete(_:)"),
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
      example: "replace-children Food with @fruit", appleAPI: "replace(childrenOf:using:)",
      details: [
        "  a collapsed PARENT that had no children opens on them, in the same apply; one that",
        "  had children keeps its expansion",
      ]),
    Entry(
      "retitle", .editing, syntax: ["retitle ITEM TEXT"],
      summary: "Changes an item's title, not its identity: no row is removed or inserted.",
      example: "retitle Apple \"Green apple\"", appleAPI: "reconfigureItems(_:)"),
    Entry(
      "cut", .editing, syntax: ["cut ITEM..."],
      summary: "Deletes items with their subtrees and keeps them, identifiers and all, to paste.",
      example: "cut Pear", appleAPI: "delete(_:)",
      details: [
        "  a cut item keeps its identifier: begin; cut X; paste after Y; apply is a move"
      ]),
    Entry(
      "copy", .editing, syntax: ["copy ITEM..."],
      summary: "Keeps copies of items' subtrees to paste; nothing changes.",
      example: "copy Fruit", appleAPI: nil),
    Entry(
      "paste", .editing, syntax: ["paste before|after|into ITEM", "paste into"],
      summary: "Inserts what was cut (its own identifiers, once) or copied (new ones, suffixed).",
      example: "paste into Drinks",
      appleAPI: "insert(_:before:) · insert(_:after:) · replace(childrenOf:using:)",
      details: [
        "  paste into with no item: into the focused item in a focus, else after the last root"
      ]),
    Entry(
      "note", .editing, syntax: ["note ITEM [TEXT]"],
      summary: "Prints an item's note, or sets it (\"\" clears it): content, as a title is.",
      example: "note Apple \"crisp, from the market\"", appleAPI: "reconfigureItems(_:)",
      details: [
        "  the note is OPML's _note attribute and a Markdown item's paragraphs, kept by",
        "  OPML, Markdown and the native file; a visible item's cell is reconfigured, as",
        "  for retitle",
      ]),
    Entry(
      "attr", .editing,
      syntax: ["attr ITEM", "attr ITEM NAME VALUE", "attr ITEM NAME --delete"],
      summary: "Lists an item's attributes (a feed's xmlUrl, its type), sets one or removes one.",
      example: "attr Blog xmlUrl https://example.com/feed", appleAPI: "reconfigureItems(_:)",
      details: [
        "  OPML's attributes besides text, kept by OPML and the native file; text is the",
        "  title (retitle changes it); a visible item's cell is reconfigured",
      ]),
    Entry(
      "check", .editing, syntax: ["check ITEM..."],
      summary: "Marks items as done tasks ([x]), making a task of an item that was none.",
      example: "check \"Fetch from backend\" @3..4", appleAPI: "reconfigureItems(_:)",
      details: [
        "  a task's state is its _status attribute (checked, unchecked), as OmniOutliner",
        "  writes it in OPML and a Markdown item's box ([x], [ ]) is read into; show draws",
        "  the box before the title. Markdown, OPML and the native file keep it. One apply",
        "  reconfigures every visible item that changed; undo takes it back. uncheck empties",
        "  the box; attr ITEM _status --delete makes the item no task",
      ]),
    Entry(
      "uncheck", .editing, syntax: ["uncheck ITEM..."],
      summary: "Marks items as tasks not done ([ ]), making a task of an item that was none.",
      example: "uncheck Video", appleAPI: "reconfigureItems(_:)",
      details: [
        "  as check, with an empty box; attr ITEM _status --delete makes the item no task"
      ]),
    Entry(
      "reveal", .editing, syntax: ["reveal ITEM..."],
      summary: "Expands every collapsed ancestor of each item, in code: one apply, no handlers.",
      example: "reveal Apple", appleAPI: "expand(_:)"),
    Entry(
      "focus", .editing, syntax: ["focus ITEM", "focus .."],
      summary: "Narrows the view to an item's subtree (hoist), expanding it in code if needed.",
      example: "focus Fruit", appleAPI: "snapshot(of:)",
      details: [
        "  show, items, count, find, filter, expand --all/--depth, rows (@N), completion and",
        "  expect see the focus's descendants; append with no parent, to-root and sort --roots",
        "  mean its children. Transactions, save, export and undo still see the whole section.",
        "  focus .. goes up a level; deleting the focus moves it to its nearest remaining",
        "  ancestor; section use clears it. The prompt shows the path: outline Food › Fruit>",
      ]),
    Entry(
      "unfocus", .editing, syntax: ["unfocus"],
      summary: "Widens the view back to the whole section (no-op with a note when unfocused).",
      example: "unfocus", appleAPI: "snapshot(for:)"),
    Entry(
      "filter", .editing, syntax: ["filter PATTERN [--regex] [--in titles|notes|attrs|all]"],
      summary: "A sparse tree: the matches' ancestors expanded, all else collapsed, one apply.",
      example: "filter \"*apple*\"", appleAPI: "expand(_:) · collapse(_:)"),
    Entry(
      "rename", .editing, syntax: ["rename ITEM NEW"],
      summary: "Gives an item a new identifier in place: a removal and an insertion, not a move.",
      example: "rename Pear Quince", appleAPI: "insert(_:before:) · delete(_:)"),
    Entry(
      "duplicate", .editing, syntax: ["duplicate ITEM [as NEW]", "duplicate ITEM..."],
      summary: "Copies an item's subtree right after it, as ITEM (2) (descendants suffixed too).",
      example: "duplicate Food", appleAPI: "insert(_:after:)",
      details: [
        "  several items are copied in one transaction, each right after itself; an item",
        "  inside the subtree of another one named is copied with it, not again",
      ]),
    Entry(
      "sort", .editing, syntax: ["sort PARENT [--reverse]", "sort [--roots] [--reverse]"],
      summary: "Orders the children (or roots) naturally, item 2 before item 10: one apply.",
      example: "sort Food", appleAPI: "replace(childrenOf:using:)",
      details: ["  with no PARENT, the roots; in a focus, the focused item's children"]),
  ]
}
