import Diffable

extension SwiftTestEmitter {
  /// A flat snapshot command as the emitted test writes it.
  ///
  /// The calls on `dataSource.snapshot()`, the marks it records checked, applied through the native data
  /// source so that the transaction is checked; in a batch, the calls on `flatSnapshot`, which
  /// `apply` applies. `apply --reload-data` applies with `applySnapshotUsingReloadData(_:)`.
  mutating func flat(
    _ command: Command.FlatCommand, _ outcome: Outcome, _ before: SessionState,
    _ after: SessionState
  ) {
    let inBatch = before.batch != nil
    switch outcome.effect {
    case .flat(let calls, _) where inBatch:
      add(start(before) + SwiftCode.flatCalls(calls, on: "flatSnapshot"))
    case .flat(let calls, _):
      var lines =
        ["var snapshot = dataSource.snapshot()"] + SwiftCode.flatCalls(calls, on: "snapshot")
      if case .reconfigureItems = command { lines += SwiftCode.reconfigureComment() }
      lines += SwiftCode.markChecks(outcome.marks, on: "snapshot")
      lines += applied("dataSource.native.apply(snapshot)", outcome.transaction)
      scope(lines)
    case .reloadData:
      let name = inBatch ? "flatSnapshot" : "snapshot"
      var lines = inBatch ? start(before) : ["let snapshot = dataSource.snapshot()"]
      lines += SwiftCode.markChecks(outcome.marks, on: name)
      lines += applied(
        "dataSource.native.applySnapshotUsingReloadData(\(name))", outcome.historyChange)
      if inBatch {
        add(lines)
        closeBatch()
      } else {
        scope(lines)
      }
    default:
      add(SwiftCode.comment(command.description + ": nothing applied"))
    }
  }

  /// The batch's `flatSnapshot`, declared by its first flat command, and a check that its
  /// section holds the working copy's visible rows.
  ///
  /// The batch's section snapshot is only read from then on: `begin`'s `var snapshot` becomes
  /// a `let`, and `begin --empty`'s (an empty snapshot) goes, the check comparing with `[]`.
  mutating func start(_ before: SessionState) -> [String] {
    let lines = SwiftCode.flatStart(before, name: "flatSnapshot")
    guard let section = before.batchSection, !lines.isEmpty else { return lines }
    var rows = "snapshot.visibleItems"
    if let declaration = batchDeclaration, declaration.empty {
      body.remove(at: declaration.line)
      batchDeclaration = nil
      rows = "[String]()"
    } else {
      declareUnmutated()
    }
    return lines + [
      "XCTAssertEqual(flatSnapshot.itemIdentifiers(inSection: \(SwiftCode.literal(section))), "
        + "\(rows))"
    ]
  }
}
