import Diffable

extension Session {
  /// Runs a drag through the data source: the lift's collapse of an expanded item as a step of
  /// its own (`Outcome.Step.lifted`, no handler of its own), then the drop through the
  /// reordering handlers as the next step.
  ///
  /// `name` names the dragged row in a refusal or note; `item` is the item on it, if any. A
  /// drag that fails changes nothing; a refused one lifts nothing.
  ///
  /// - Complexity: The drag's.
  func drag(
    _ name: String, lifting item: String?, into outcome: inout Outcome,
    _ gesture: () throws(SnapshotError) -> DragResult<String, String>
  ) throws(CommandError) {
    let start = calls.count
    let initial = dataSource.snapshot()
    let result: DragResult<String, String>
    do {
      result = try gesture()
    } catch {
      // The data source checks the rows before it lifts; should a drop fail after the lift,
      // the command still changes nothing.
      dataSource.apply(initial)
      throw failure(error)
    }
    if case .refused = result.drop { throw refused("drag", name, .reorder) }
    guard let lift = Self.nonEmpty(result.lift) else {
      switch result.drop {
      case .applied(let transaction): outcome.transaction = Self.nonEmpty(transaction)
      case .unchanged, .refused: outcome.note = "\(name) stays where it is"
      }
      return
    }
    // `canReorderItem` is asked before the lift, `willReorder` and `didReorder` after it.
    let asked = calls[start...].firstIndex { $0.name == "canReorderItem" }.map { $0 + 1 } ?? start
    var steps = [Outcome.Step(handlerCount: asked, transaction: lift, lifted: item ?? name)]
    if let drop = Self.nonEmpty(result.drop.transaction) {
      steps.append(Outcome.Step(handlerCount: calls.count - asked, transaction: drop))
      outcome.historyChange = dataSource.transaction(since: lift.initialSnapshot)
    } else {
      outcome.note = "\(name) stays where it is, collapsed"
    }
    // Kept with one step too: the lift is what the output must name.
    outcome.steps = steps
    outcome.transaction = steps[steps.count - 1].transaction
  }
}
