extension CommandCatalog {
  /// The entries of `Group.transactions`, in the SPEC's order.
  static let transactions: [Entry] = [
    Entry(
      "begin", .transactions, syntax: ["begin [--empty]"],
      summary: "Starts a batch on a working copy; --empty starts from an empty snapshot.",
      example: "begin --empty",
      appleAPI: "snapshot(for:); --empty: NSDiffableDataSourceSectionSnapshot()"),
    Entry(
      "apply", .transactions, syntax: ["apply"],
      summary: "Applies the batch as one transaction (a flat snapshot batch: the flat snapshot).",
      example: "apply",
      appleAPI: "apply(_:to:animatingDifferences:) · apply(_:animatingDifferences:)"),
    Entry(
      "discard", .transactions, syntax: ["discard"], summary: "Drops the batch.",
      example: "discard", appleAPI: nil),
    Entry(
      "last", .transactions, syntax: ["last [--full]"],
      summary: "Reprints the last transaction, none after apply --reload-data; --full: in full.",
      example: "last --full", appleAPI: "NSDiffableDataSourceTransaction"),
    Entry(
      "log", .transactions, syntax: ["log"], summary: "Lists the transactions.",
      example: "log", appleAPI: nil),
    Entry(
      "undo", .transactions, syntax: ["undo"], summary: "Steps back one transaction.",
      example: "undo", appleAPI: nil),
    Entry(
      "redo", .transactions, syntax: ["redo"], summary: "Steps forward one transaction.",
      example: "redo", appleAPI: nil),
  ]
}
