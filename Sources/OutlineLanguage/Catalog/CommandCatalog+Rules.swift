extension CommandCatalog {
  /// The entries of `Group.rules`, in the SPEC's order.
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
}
