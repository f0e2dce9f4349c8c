import Diffable

/// The user's gestures of one command (`expand A B`: a tap each; `indent A B`: a reorder
/// each), run one by one as UIKit runs them: each that changes rows is a step of its own, with
/// the handler calls it made, and one that is refused or fails puts back the state before the
/// first, so that the command changes nothing.
struct GestureSteps {
  /// The data source's snapshot before the first gesture.
  let initial: Snapshot<String, String>
  /// The gestures that changed rows, in order.
  private(set) var steps: [Outcome.Step] = []
  /// The handler calls that earlier steps account for.
  private var counted = 0

  init(from initial: Snapshot<String, String>) { self.initial = initial }

  /// Records a gesture's transaction, made with the handler calls up to `callCount`.
  mutating func append(_ transaction: Transaction<String, String>, callCount: Int) {
    steps.append(Outcome.Step(handlerCount: callCount - counted, transaction: transaction))
    counted = callCount
  }
}

extension Session {
  /// Runs one gesture of `steps`' command.
  ///
  /// - Throws: The gesture's failure, or `refusal` when a handler refused it, after putting
  ///   back the state before the command's first gesture.
  /// - Complexity: The gesture's, plus a snapshot apply when it fails.
  func perform(
    _ gesture: () throws(SnapshotError) -> InteractionResult<String, String>,
    in steps: inout GestureSteps, refusal: @autoclosure () -> CommandError
  ) throws(CommandError) {
    let result: InteractionResult<String, String>
    do {
      result = try gesture()
    } catch {
      dataSource.apply(steps.initial)
      throw failure(error)
    }
    switch result {
    case .applied(let transaction) where !transaction.isEmpty:
      steps.append(transaction, callCount: calls.count)
    case .applied, .unchanged: break
    case .refused:
      dataSource.apply(steps.initial)
      throw refusal()
    }
  }

  /// The command's outcome from its gestures: the last step's transaction; with several, the
  /// steps themselves and, for the history, one change from before the first, so that `undo`
  /// takes back the whole command.
  ///
  /// - Complexity: O(1), and the transaction since the start for several steps.
  func finish(_ steps: GestureSteps, into outcome: inout Outcome) {
    outcome.transaction = steps.steps.last?.transaction
    if steps.steps.count > 1 {
      outcome.steps = steps.steps
      outcome.historyChange = dataSource.transaction(since: steps.initial, in: section)
    }
  }
}
