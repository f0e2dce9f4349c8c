import Diffable

extension Session {
  /// `expand`/`collapse`: a disclosure tap on each item in turn, or with `force` a programmatic
  /// `expand(_:)`/`collapse(_:)` and apply (no handlers).
  ///
  /// An item already in the wanted state is skipped with a note and no handler call. Several
  /// taps make one transaction, from before the first to after the last. Unknown items are an
  /// error before anything happens; a refused tap undoes the taps before it.
  func toggle(_ items: [String], expanding: Bool, force: Bool, into outcome: inout Outcome)
    throws(CommandError)
  {
    for item in items { try requireItem(item) }
    let state = expanding ? "expanded" : "collapsed"
    var notes: [String] = []
    if force {
      var edited = outline
      for item in items where isExpanded(item, in: edited) == expanding {
        notes.append("\(item) is already \(state)")
      }
      if expanding { edited.expand(items) } else { edited.collapse(items) }
      do {
        outcome.transaction = try commit(edited)
      } catch {
        throw failure(error)
      }
    } else {
      let initial = dataSource.snapshot()
      var transactions: [Transaction<String, String>] = []
      for item in items {
        if isExpanded(item, in: outline) == expanding {
          notes.append("\(item) is already \(state)")
          continue
        }
        let result: InteractionResult<String, String>
        do {
          result = try dataSource.toggleDisclosure(of: item)
        } catch {
          dataSource.apply(initial)
          throw failure(error)
        }
        switch result {
        case .applied(let transaction): transactions.append(transaction)
        case .refused:
          // The taps before this one are undone here, so that the command fails as a whole.
          dataSource.apply(initial)
          throw refused(expanding ? "expand" : "collapse", item, expanding ? .expand : .collapse)
        case .unchanged: break
        }
      }
      if transactions.count > 1 {
        // One transaction for the whole command: from the initial state to the final one.
        let final = outline
        dataSource.apply(initial)
        do {
          outcome.transaction = Self.nonEmpty(try dataSource.apply(final, to: section))
        } catch {
          throw failure(error)
        }
      } else {
        outcome.transaction = Self.nonEmpty(transactions.first)
      }
    }
    // A leaf's disclosure changes no row: say what did change.
    let final = outline
    for item in items where (try? final.hasChildren(item)) == false {
      if notes.contains("\(item) is already \(state)") { continue }
      if isExpanded(item, in: final) == expanding {
        notes.append("\(item) has no children: only its expanded state changed")
      }
    }
    if !notes.isEmpty { outcome.note = notes.joined(separator: "\n") }
  }

  /// Whether `item` (known to be in `outline`) is expanded.
  func isExpanded(_ item: String, in outline: SectionSnapshot<String>) -> Bool {
    (try? outline.isExpanded(item)) ?? false
  }

  /// `move`, `drag`, `indent`, `outdent`: reorders through `canReorderItem`, `willReorder` and
  /// `didReorder`.
  func executeReordering(_ command: Command, into outcome: inout Outcome) throws(CommandError) {
    switch command {
    case .move(let item, let destination):
      try requireItem(item)
      switch destination {
      case .before(let anchor), .after(let anchor): try requireItem(anchor)
      case .into(let parent): try requireParent(parent)
      case .toRoot: break
      }
      try reorder(item, to: destination.destination, verb: "move", into: &outcome)
    case .drag(let source, let destination):
      let rows = outline
      let item = source >= 0 && source < rows.visibleCount ? rows.visibleItem(at: source) : nil
      let result: InteractionResult<String, String>
      do {
        result = try dataSource.drag(in: section, fromRow: source, toRow: destination)
      } catch {
        throw failure(error)
      }
      switch result {
      case .applied(let transaction): outcome.transaction = Self.nonEmpty(transaction)
      case .refused: throw refused("drag", item ?? "row \(source)", .reorder)
      case .unchanged: outcome.note = "\(item ?? "row \(source)") stays where it is"
      }
    case .indent(let item):
      try requireItem(item)
      let siblings = try self.siblings(of: item)
      let index = siblings.firstIndex(of: item)!
      guard index > 0 else {
        throw CommandError(
          .invalidMove, "Invalid move: cannot indent \"\(item)\": it has no previous sibling")
      }
      try reorder(item, to: .lastChild(of: siblings[index - 1]), verb: "indent", into: &outcome)
    case .outdent(let item):
      try requireItem(item)
      guard let parent = try? outline.parent(of: item) else {
        throw CommandError(.invalidMove, "Invalid move: cannot outdent \"\(item)\": it is a root")
      }
      try reorder(item, to: .after(parent), verb: "outdent", into: &outcome)
    default:
      preconditionFailure("not a reordering command: \(command)")
    }
  }

  /// The items that share `item`'s parent (the roots for a root), in order, `item` included.
  func siblings(of item: String) throws(CommandError) -> [String] {
    let outline = outline
    do {
      guard let parent = try outline.parent(of: item) else { return outline.rootItems }
      return try outline.snapshot(of: parent).rootItems
    } catch {
      throw failure(error)
    }
  }

  /// Reorders `item` to `destination` through the data source's reordering handlers.
  func reorder(
    _ item: String, to destination: SectionSnapshot<String>.Destination, verb: String,
    into outcome: inout Outcome
  ) throws(CommandError) {
    let result: InteractionResult<String, String>
    do {
      result = try dataSource.reorder(item, to: destination)
    } catch {
      throw failure(error)
    }
    switch result {
    case .applied(let transaction): outcome.transaction = Self.nonEmpty(transaction)
    case .refused: throw refused(verb, item, .reorder)
    case .unchanged: outcome.note = "\(item) is already there"
    }
  }
}
