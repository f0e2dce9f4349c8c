extension CommandCatalog {
  /// The entries of `Group.sections`, in the SPEC's order.
  static let sections: [Entry] = [
    Entry(
      "section add", .sections, syntax: ["section add NAME..."],
      summary: "Adds sections after the last one.",
      example: "section add Favorites Archive", appleAPI: "appendSections(_:)"),
    Entry(
      "section use", .sections, syntax: ["section use NAME"],
      summary: "Makes a section the one the commands edit and query.",
      example: "section use Favorites", appleAPI: "snapshot(for:)"),
    Entry(
      "section delete", .sections, syntax: ["section delete NAME"],
      summary: "Deletes a section with its items.",
      example: "section delete Archive", appleAPI: "deleteSections(_:)"),
    Entry(
      "section move", .sections, syntax: ["section move NAME before|after NAME"],
      summary: "Moves a section before or after another.",
      example: "section move Archive before main",
      appleAPI: "moveSection(_:beforeSection:) · moveSection(_:afterSection:)"),
    Entry(
      "sections", .sections, syntax: ["sections"],
      summary: "Lists the sections in order, with a note naming the current one.",
      example: "sections", appleAPI: "sectionIdentifiers"),
  ]
}
