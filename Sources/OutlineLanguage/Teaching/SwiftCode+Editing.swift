import Diffable

extension SwiftCode {
  /// An edit: `snapshot(for:)`, the section snapshot call, `apply(_:to:)`; in a batch, the call
  /// alone, on the working copy.
  static func editing(
    _ command: Command.EditingCommand, _ outcome: Outcome, _ before: SwiftState,
    _ after: SwiftState
  ) -> [String] {
    let section = before.editedSection
    switch command {
    case .childSnapshot(let parent, let includingParent, let name):
      let call = childSnapshotCall(parent, includingParent, before)
      return [name.map { "let \(kept($0)) = \(call)" } ?? call]
    case .retitle(let item, let title):
      var lines = [
        comment("the app's model gives \(Quoting.word(item)) the title \(Quoting.word(title))")
      ]
      if outcome.reconfigured.isEmpty {
        // In a batch, or a hidden item, or the title it had: the note says which.
        if outcome.ok, outcome.note != nil {
          lines.append(comment("no cell to reconfigure: \(outcome.note ?? "")"))
        }
        return lines
      }
      return lines + [
        "var snapshot = dataSource.snapshot()",
        "snapshot.reconfigureItems(\(array([item])))",
        "dataSource.apply(snapshot)",
      ]
    case .reveal, .filter, .rename, .duplicate, .sort:
      return rebuilt(command.description, before, after, command: command)
    case .append, .insert, .insertSnapshot, .delete, .deleteAll, .replaceChildren, .appendTitled:
      var lines = editCalls(command, outcome, after)
      if before.batchSection == nil {
        lines.insert("var snapshot = dataSource.snapshot(for: \(literal(section)))", at: 0)
        lines.append("dataSource.apply(snapshot, to: \(literal(section)))")
      }
      return lines
    }
  }

  /// `dataSource.snapshot(for: "main").snapshot(of: "Food", includingParent: true)`.
  static func childSnapshotCall(_ parent: String, _ includingParent: Bool, _ state: SwiftState)
    -> String
  {
    "\(source(state)).snapshot(of: \(literal(parent))"
      + (includingParent ? ", includingParent: true)" : ")")
  }

  /// The section snapshot calls of an edit on `snapshot`, without `snapshot(for:)` and `apply`.
  ///
  /// - Parameters:
  ///   - receiver: The variable holding the section snapshot.
  ///   - native: Whether the calls are the native throwing ones, on `SectionSnapshot`, so that
  ///     a kept snapshot is passed as its `native` value.
  static func editCalls(
    _ command: Command.EditingCommand, _ outcome: Outcome, _ after: SwiftState,
    receiver: String = "snapshot", native: Bool = false
  ) -> [String] {
    func kept(_ name: String) -> String { SwiftCode.kept(name) + (native ? ".native" : "") }
    let calls = editCalls(command, outcome, after, kept: kept)
    guard receiver != "snapshot" else { return calls }
    return calls.map { $0.hasPrefix("snapshot.") ? receiver + $0.dropFirst(8) : $0 }
  }

  /// The calls on `snapshot`, a kept snapshot being written as `kept` says.
  private static func editCalls(
    _ command: Command.EditingCommand, _ outcome: Outcome, _ after: SwiftState,
    kept: (String) -> String
  ) -> [String] {
    switch command {
    case .append(let items, let parent):
      return ["snapshot.append(\(array(items))\(parent.map { ", to: \(literal($0))" } ?? ""))"]
    case .insert(let items, .before(let anchor)):
      return ["snapshot.insert(\(array(items)), before: \(literal(anchor)))"]
    case .insert(let items, .after(let anchor)):
      return ["snapshot.insert(\(array(items)), after: \(literal(anchor)))"]
    case .insertSnapshot(let name, .before(let anchor)):
      return ["snapshot.insert(\(kept(name)), before: \(literal(anchor)))"]
    case .insertSnapshot(let name, .after(let anchor)):
      return ["snapshot.insert(\(kept(name)), after: \(literal(anchor)))"]
    case .delete(let items):
      return ["snapshot.delete(\(array(items)))"]
    case .deleteAll:
      return ["snapshot.deleteAll()"]
    case .replaceChildren(let parent, let name):
      return ["snapshot.replace(childrenOf: \(literal(parent)), using: \(kept(name)))"]
    case .appendTitled(let texts, let parent):
      let items = outcome.ok ? titledIdentifiers(texts.count, parent, after) ?? texts : texts
      var lines = [
        "snapshot.append(\(array(items))\(parent.map { ", to: \(literal($0))" } ?? ""))"
      ]
      for (item, text) in zip(items, texts) where item != text {
        lines.append(
          comment("the app's model: \(Quoting.word(item)) is titled \(Quoting.word(text))"))
      }
      return lines
    case .childSnapshot(let parent, let includingParent, _):
      return ["snapshot.snapshot(of: \(literal(parent)), includingParent: \(includingParent))"]
    case .reveal, .filter, .rename, .duplicate, .sort:
      return [comment(command.description + ": the app builds the snapshot from its model")]
    case .retitle(let item, _):
      return ["snapshot.reconfigureItems(\(array([item])))"]
    }
  }

  /// The identifiers `append --titled` gave its `count` texts: the last children of `parent`
  /// (or the last roots) after it.
  static func titledIdentifiers(_ count: Int, _ parent: String?, _ after: SwiftState)
    -> [String]?
  {
    let siblings: [String]
    if let parent {
      guard let children = try? after.outline.snapshot(of: parent).rootItems else { return nil }
      siblings = children
    } else {
      siblings = after.outline.rootItems
    }
    return siblings.count >= count ? Array(siblings.suffix(count)) : nil
  }
}
