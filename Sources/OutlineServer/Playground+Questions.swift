import Foundation
import OutlineLanguage

extension Playground {
  /// `POST /api/questions` with `{"session": ID, "from": STEP}`: the questions of the steps
  /// from STEP (from 0) on, as `{"from": STEP, "q": [QUESTION or null…]}`, each as a step's
  /// `q` (null for a step that asks nothing).
  ///
  /// A page not in quiz mode has its steps without their questions (`"quiz": 0` to
  /// `/api/run`); turning quiz mode on, it asks for them here, from its first step without
  /// one. Nothing changes in the session.
  ///
  /// - Complexity: O(*k*) in the steps from STEP, and the cost of each one's question.
  func questions(_ request: PlaygroundRequest) -> PlaygroundResponse {
    let object: [String: Any]
    switch self.object(of: request) {
    case .failure(let error): return error.response
    case .success(let found): object = found
    }
    let session: PlaygroundSession
    switch self.session(named: object["session"] as? String) {
    case .failure(let error): return error.response
    case .success(let found): session = found
    }
    let from = Self.wholeNumber(object["from"])
    return holding(session) {
      guard let from, (0...session.stepCount).contains(from) else {
        return .error(400, "\"from\" must be a step from 0 to \(session.stepCount).")
      }
      var writer = JSONWriter(capacity: 1_024, scriptSafe: true)
      writer.write("{\"from\":")
      writer.write(number: from)
      writer.write(",\"q\":")
      session.page.writeQuestions(from: from, to: &writer)
      writer.write("}")
      return PlaygroundResponse(status: 200, contentType: "application/json", bytes: writer.bytes)
    }
  }
}
