extension CommandParser {
  /// Reads the arguments of a flat snapshot command.
  ///
  /// ```
  /// append-items ITEM... [to-section NAME] [--flatten]
  /// insert-items ITEM... before|after ITEM [--flatten]
  /// delete-items ITEM... [--flatten]       move-item ITEM before|after ITEM [--flatten]
  /// reload-items ITEM...     reconfigure-items ITEM...     reload-sections NAME...
  /// apply --reload-data
  /// ```
  ///
  /// The item lists end at the keyword that follows them (`to-section`, `before`, `after`),
  /// which is a keyword only after the first item.
  mutating func readFlat(_ name: String) throws(SyntaxError) -> Command.FlatCommand {
    let flatten = has("--flatten")
    let command: Command.FlatCommand
    switch name {
    case "append-items":
      let items = identifiers(until: ["to-section"])
      guard !items.isEmpty else { throw failure() }
      var section: String?
      if keyword("to-section") != nil { section = try require(identifier(.section)) }
      command = .appendItems(items, toSection: section, flatten: flatten)
    case "insert-items":
      let items = identifiers(until: ["before", "after"])
      guard !items.isEmpty else { throw failure() }
      command = .insertItems(items, try placement(of: .item), flatten: flatten)
    case "delete-items":
      command = .deleteItems(try list(.item), flatten: flatten)
    case "move-item":
      let item = try require(identifier(.item))
      command = .moveItem(item, try placement(of: .item), flatten: flatten)
    case "reload-items": command = .reloadItems(try list(.item))
    case "reconfigure-items": command = .reconfigureItems(try list(.item))
    case "reload-sections": command = .reloadSections(try list(.section))
    default: command = .applyReloadingData  // apply --reload-data
    }
    try end()
    return command
  }

  /// One or more identifiers, to the end of the command.
  private mutating func list(_ expected: SyntaxError.Expected) throws(SyntaxError) -> [String] {
    let found = identifiers(expected)
    guard !found.isEmpty else { throw failure() }
    return found
  }
}
