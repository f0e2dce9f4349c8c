import OutlineTestSupport
import XCTest

/// The reducer of failing random sessions (`RandomSessionRun.reduce`), on step lists built with
/// a planted failure: a step whose command (what the model runs) is not its line (what the
/// session runs).
final class RandomSessionReductionTests: XCTestCase {
  typealias Step = RandomSessionRun.Step

  /// A session where `delete @0` deleted A, then a planted step: the model deletes D while the
  /// session only says hi, which fails the state check whenever D is there.
  let steps = [
    Step(.append(["A"], to: nil), line: "append A"),
    Step(.append(["D"], to: nil), line: "append D"),
    Step(.delete(["A"]), line: "delete @0", plain: "delete A"),
    Step(.delete(["D"]), line: "say hi"),
  ]

  /// The reduced list replays the failure with the items the original run named: `delete @0`
  /// becomes `delete A`, which the failure does not need, so it goes.
  func testAReducedListNamesTheItemsTheRowsNamed() throws {
    let failure = try XCTUnwrap(RandomSessionRun.replay(steps, historyLimit: 100))
    XCTAssertEqual(failure.index, 3)
    XCTAssertEqual(failure.problems.first?.check, "state")
    let reduced = RandomSessionRun.reduce(steps, historyLimit: 100, failure: failure)
    XCTAssertEqual(reduced.map(\.line), ["append D", "say hi"])
    let again = try XCTUnwrap(RandomSessionRun.replay(reduced, historyLimit: 100))
    XCTAssertEqual(again.index, 1)
    XCTAssertEqual(again.problems.first?.check, "state")
  }

  /// Reducing the lines as typed, the reducer's old way, keeps `delete @0` bound to the first
  /// row of whatever outline it meets: it deletes D where the original run deleted A, and the
  /// list misleads (session 20's "append D; delete @0").
  func testRowsAsTypedNameOtherItemsOnceStepsAreDropped() throws {
    let typed = steps.map { Step($0.command, line: $0.line) }
    let failure = try XCTUnwrap(RandomSessionRun.replay(typed, historyLimit: 100))
    let reduced = RandomSessionRun.reduce(typed, historyLimit: 100, failure: failure)
    XCTAssertEqual(reduced.map(\.line), ["append D", "delete @0"])
  }

  /// When the plain lines do not fail (the row itself is at fault: here `@0` names D while the
  /// model deletes A), the lines are reduced as typed, the row kept.
  func testARowAtFaultIsKeptAsTyped() throws {
    let steps = [
      Step(.append(["C"], to: nil), line: "append C"),
      Step(.append(["D", "A"], to: nil), line: "append D A"),
      Step(.delete(["C"]), line: "delete C"),
      Step(.delete(["A"]), line: "delete @0", plain: "delete A"),
    ]
    let failure = try XCTUnwrap(RandomSessionRun.replay(steps, historyLimit: 100))
    XCTAssertNil(RandomSessionRun.replay(steps.map(\.withPlainLine), historyLimit: 100))
    let reduced = RandomSessionRun.reduce(steps, historyLimit: 100, failure: failure)
    XCTAssertEqual(reduced.map(\.line), ["append D A", "delete @0"])
    let again = try XCTUnwrap(RandomSessionRun.replay(reduced, historyLimit: 100))
    XCTAssertTrue(again.problems.contains { $0.check == "state" }, "\(again.problems)")
  }
}
