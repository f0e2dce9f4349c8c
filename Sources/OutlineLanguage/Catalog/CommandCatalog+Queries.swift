extension CommandCatalog {
  /// The entries of `Group.queries`, in the SPEC's order.
  static let queries: [Entry] = [
    Entry(
      "show", .queries, syntax: ["show [--visible] [ITEM]", "show @N..M", "show --depth N"],
      summary:
        "Draws the tree (or ITEM's subtree, or the levels above N); --visible omits hidden items.",
      example: "show --visible", appleAPI: nil,
      details: [
        "  @N..M draws visible rows N to M only, numbered as show numbers them; an item with",
        "  a note is marked ✎ after its title",
      ]),
    Entry(
      "find", .queries, syntax: ["find PATTERN [--regex] [--in titles|notes|attrs|all]"],
      summary: "Lists the items whose identifier or title matches: a glob, else a substring.",
      example: "find apple", appleAPI: nil,
      details: [
        "  each match on a line, @N (its row as show numbers it, · when hidden) and its",
        "  title; the first match becomes the current item: find milk; note .",
        "  --regex: PATTERN is a regular expression (Swift's Regex), found anywhere in a text",
        "  --in: where to look: titles (identifier and title, the default), notes (the _note",
        "  attribute, a Markdown item's paragraphs), attrs (every attribute, as its value and",
        "  as name=value), all",
        "  example: find \"^https?://\" --regex --in attrs",
      ]),
    Entry(
      "describe", .queries, syntax: ["describe"],
      summary: "Prints Apple's visualDescription() lines, without the first and last.",
      example: "describe", appleAPI: "visualDescription()",
      details: [
        "  one line per item, in items order (hidden items too): two spaces per level,",
        "  then two marks, then the item:",
        "    +  first mark: expanded (its own flag: a leaf can be expanded too)",
        "    -  first mark: not expanded (leaves included)",
        "    *  second mark: visible, every ancestor expanded (roots always are)",
        "       second mark a space: hidden, an ancestor is collapsed",
        "  Food expanded holding Apple, Drinks collapsed holding Tea:",
        "    +*Food",
        "      -*Apple",
        "    -*Drinks",
        "      - Tea",
      ]),
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
      example: "expanded", appleAPI: "isExpanded(_:)"),
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
      "title", .queries, syntax: ["title ITEM"],
      summary: "Prints an item's title: the text a person reads, by default its identifier.",
      example: "title Apple", appleAPI: nil),
    Entry(
      "count", .queries, syntax: ["count"], summary: "Prints the number of items in the section.",
      example: "count", appleAPI: "items.count"),
  ]
}
