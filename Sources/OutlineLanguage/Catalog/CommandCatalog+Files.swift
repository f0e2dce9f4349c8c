extension CommandCatalog {
  /// The entries of `Group.files`, in the SPEC's order.
  static let files: [Entry] = [
    Entry(
      "save", .files, syntax: ["save [FILE] [--format NAME] [--force]", "save --all [--force]"],
      summary: "Writes all as JSON (.opml, .md, .txt: the section); "
        + "--force: over a file changed or read in part.",
      example: "save outline.json", appleAPI: nil,
      details: [
        "  with no FILE, the section's file: the last one load or save named in this section,",
        "  or import when it had none; each section keeps its own",
        "  quit warns of sections changed since saved: .opml, .md, .txt save only their section",
        "  --all: every section with a file and unsaved changes, each to its file; if one would",
        "  be refused, none is written",
        "  .md and .txt keep no attributes (.txt no notes either): refused unless --force",
        "  save - is an error: export - --format NAME writes to standard output",
        "  a file changed on disk since load or save is refused: load FILE reads it again",
      ]),
    Entry(
      "load", .files, syntax: ["load FILE [--format NAME] [--fresh]"],
      summary: "Reads a file written by save, or an outline file into the section.",
      example: "load outline.json", appleAPI: nil,
      details: [
        "  over an outline, the file's lines are matched to its items (same text, same item);",
        "  --fresh replaces the outline instead, as if the section were empty",
        "  load - is an error: import - reads standard input",
      ]),
    Entry(
      "import", .files,
      syntax: ["import FILE [to PARENT|before ITEM|after ITEM] [--format NAME]"],
      summary: "Inserts an outline file's items as one transaction: all of them or none.",
      example: "import notes.opml to Inbox", appleAPI: "insert(_:after:)",
      details: ["  a collapsed PARENT that had no children opens on them, in the same apply"]),
    Entry(
      "export", .files, syntax: ["export FILE [ITEM] [--format NAME] [--force]"],
      summary: "Writes the section, or ITEM's subtree, as OPML, Markdown or text (-: stdout); "
        + "--force as save.",
      example: "export notes.md", appleAPI: nil),
    Entry(
      "diff", .files, syntax: ["diff FILE [FILE2] [--format NAME]"],
      summary: "Shows the transaction that turns the section into FILE (or FILE into FILE2), "
        + "changing nothing.",
      example: "diff notes.md", appleAPI: nil),
    Entry(
      "edit", .files, syntax: ["edit [ITEM]"],
      summary: "Opens the section, or ITEM's subtree, in $EDITOR as Markdown, then applies it "
        + "as one transaction.",
      example: "edit Food", appleAPI: nil,
      details: [
        "  in a focus, edit alone opens the focused item's children: the text's top lines",
        "  become its children (edit ITEM still has ITEM as the text's top line)",
        "  lines match items by text: a repeated text stays under its own parent, with",
        "  its note; a line changed in place is the same item retitled (reconfigureItems)",
        "  with neither $VISUAL nor $EDITOR set, vi runs only at a terminal (else: error)",
      ]),
    Entry(
      "source", .files, syntax: ["source FILE"], summary: "Runs the commands of a script file.",
      example: "source setup.outline", appleAPI: nil,
      details: ["  source - is an error: outline - runs standard input as a script"]),
    Entry(
      "say", .files, syntax: ["say TEXT"],
      summary: "Prints TEXT: narration in scripts.",
      example: "say Now collapse Food", appleAPI: nil),
    Entry(
      "expect items", .files, syntax: ["expect items ITEM..."],
      summary: "Checks that the items are exactly these, in order (none: empty).",
      example: "expect items Food Apple Drinks", appleAPI: "items"),
    Entry(
      "expect visible", .files, syntax: ["expect visible ITEM..."],
      summary: "Checks that the visible items are exactly these, in order.",
      example: "expect visible Food Drinks", appleAPI: "visibleItems"),
    Entry(
      "expect roots", .files, syntax: ["expect roots ITEM..."],
      summary: "Checks that the root items are exactly these, in order.",
      example: "expect roots Food Drinks", appleAPI: "rootItems"),
    Entry(
      "expect expanded", .files, syntax: ["expect expanded ITEM..."],
      summary: "Checks that the expanded items are exactly these, in order.",
      example: "expect expanded Food", appleAPI: "isExpanded(_:)"),
    Entry(
      "expect parent", .files, syntax: ["expect parent ITEM PARENT|none"],
      summary: "Checks an item's parent; none for a root.",
      example: "expect parent Apple Food", appleAPI: "parent(of:)"),
    Entry(
      "expect level", .files, syntax: ["expect level ITEM N"],
      summary: "Checks an item's level.",
      example: "expect level Apple 1", appleAPI: "level(of:)"),
    Entry(
      "expect title", .files, syntax: ["expect title ITEM TEXT"],
      summary: "Checks an item's title.",
      example: "expect title Apple \"Green apple\"", appleAPI: nil),
    Entry(
      "expect error", .files, syntax: ["expect error COMMAND..."],
      summary: "Checks that the command fails and changes nothing.",
      example: "expect error append Apple", appleAPI: nil,
      details: [
        "A command that does not parse fails too (a syntax error, an unknown command), so",
        "expect error expand --depth 0 passes; with no command, expect error is an error.",
      ]),
    Entry(
      "help", .files, syntax: ["help [GROUP|COMMAND|API]"],
      summary: "An overview by group; or a group, a command, an Apple API's commands, in full.",
      example: "help append", appleAPI: nil),
    Entry(
      "set output", .files, syntax: ["set output full|brief|quiet"],
      summary: "How much each command prints: everything, one line per change, or only "
        + "results and errors.",
      example: "set output brief", appleAPI: nil),
    Entry(
      "quit", .files, syntax: ["quit"],
      summary: "Ends the session (exit too); with unsaved changes, the first warns of them.",
      example: "quit", appleAPI: nil),
  ]
}
