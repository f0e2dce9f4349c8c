extension CommandCatalog {
  /// The entries of `Group.flat`, in the SPEC's order (SPEC.md §4, "The learner's playground").
  static let flat: [Entry] = [
    Entry(
      "append-items", .flat, syntax: ["append-items ITEM... [to-section NAME] [--flatten]"],
      summary: "Appends items to a section of dataSource.snapshot() (no section: the last one).",
      example: "append-items Denali Everest to-section main",
      appleAPI: "NSDiffableDataSourceSnapshot · appendItems(_:toSection:)"),
    Entry(
      "insert-items", .flat, syntax: ["insert-items ITEM... before|after ITEM [--flatten]"],
      summary: "Inserts items next to an item of dataSource.snapshot(), in its section.",
      example: "insert-items K2 after Everest",
      appleAPI: "insertItems(_:beforeItem:) · insertItems(_:afterItem:)"),
    Entry(
      "delete-items", .flat, syntax: ["delete-items ITEM... [--flatten]"],
      summary: "Deletes items from dataSource.snapshot().",
      example: "delete-items K2", appleAPI: "deleteItems(_:)"),
    Entry(
      "move-item", .flat, syntax: ["move-item ITEM before|after ITEM [--flatten]"],
      summary: "Moves an item of dataSource.snapshot() next to another: app code, no handlers.",
      example: "move-item Denali after Everest",
      appleAPI: "moveItem(_:beforeItem:) · moveItem(_:afterItem:)"),
    Entry(
      "reload-items", .flat, syntax: ["reload-items ITEM..."],
      summary: "Marks items for reloading: each gets a new cell from the cell provider.",
      example: "reload-items Everest",
      appleAPI: "reloadItems(_:) · reloadedItemIdentifiers",
      details: [
        "No section's items change, so each keeps its section snapshot and hidden items:",
        "nothing is dropped, and --flatten is not needed.",
      ]),
    Entry(
      "reconfigure-items", .flat, syntax: ["reconfigure-items ITEM..."],
      summary: "Marks items for reconfiguring: each keeps its cell, given its new content.",
      example: "reconfigure-items Everest",
      appleAPI: "reconfigureItems(_:) · reconfiguredItemIdentifiers",
      details: [
        "No section's items change, so each keeps its section snapshot and hidden items:",
        "nothing is dropped, and --flatten is not needed.",
      ]),
    Entry(
      "reload-sections", .flat, syntax: ["reload-sections NAME..."],
      summary: "Marks sections for reloading: every cell of each is made anew.",
      example: "reload-sections main",
      appleAPI: "reloadSections(_:) · reloadedSectionIdentifiers",
      details: [
        "No section's items change, so each keeps its section snapshot and hidden items:",
        "nothing is dropped, and --flatten is not needed.",
      ]),
    Entry(
      "apply --reload-data", .flat, syntax: ["apply --reload-data"],
      summary: "Applies the current state, or a flat batch's, with no difference animated.",
      example: "apply --reload-data",
      appleAPI: "applySnapshotUsingReloadData(_:completion:)",
      details: [
        "It applies the state as it stands, or the flat batch's, whose edits were each",
        "checked for hidden items: a section keeps its section snapshot and hidden items",
        "unless a flat edit given --flatten flattened it.",
      ]),
  ]
}
