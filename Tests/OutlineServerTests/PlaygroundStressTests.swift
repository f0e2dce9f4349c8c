import Foundation
import OutlineTestSupport
import XCTest

/// The real server under many threads at once: valid and hostile requests over loopback
/// sockets (`PlaygroundStress`), and the check of a shared tab's history on its own.
///
/// The seed is `DIFFABLE_SEED` when set, else taken from the clock; a failure prints it, and
/// `outline-fuzz --concurrent --seed N` runs the same traffic for longer.
final class PlaygroundStressTests: XCTestCase {
  func testStormOfValidAndHostileRequestsNeverStopsTheServer() {
    let seed = SplitMix64.seed()
    let report = PlaygroundStress.run(.init(seed: seed, threads: 8, seconds: 3))
    XCTAssertEqual(report.problems, [], "\(report)")
    // The storm reached every kind, and the tabs' checks had steps to check.
    XCTAssertEqual(
      Set(report.kinds.keys), Set(PlaygroundStress.Kind.allCases), "\(report)")
    XCTAssertTrue(report.tabSteps.allSatisfy { $0 > 0 }, "\(report)")
    XCTAssertEqual(report.mostSessions, 8, "the sessions reached the limit: \(report)")
    XCTAssertGreaterThan(report.statuses[503] ?? 0, 0, "a page was refused at the limit")
  }

  func testHistoryCheckAcceptsASerialHistory() {
    let accepted: [String: PlaygroundStress.TabLedger.Accepted] = [
      "append a": .init(from: 0, commands: ["append a", "count"]),
      "append b": .init(from: 1, commands: ["append b", "undo"]),
      "append c": .init(from: 0, commands: ["append c"]),
    ]
    // `b` ran at step 1, cutting `a`'s `count`; both `a` and `c` at 0, so `c` ran first and
    // `a` cut it.
    XCTAssertEqual(
      PlaygroundStress.TabLedger.problems(
        history: ["append a", "append b", "undo"], accepted: accepted), [])
  }

  func testHistoryCheckFindsInterleavedMisplacedAndForeignSteps() {
    let accepted: [String: PlaygroundStress.TabLedger.Accepted] = [
      "append a": .init(from: 0, commands: ["append a", "count"]),
      "append b": .init(from: 1, commands: ["append b", "undo"]),
    ]
    let check = { (history: [String]) in
      PlaygroundStress.TabLedger.problems(history: history, accepted: accepted)
    }
    // Another request's step inside `b`'s run, as if two requests had interleaved.
    XCTAssertEqual(
      check(["append a", "append b", "count"]),
      [#"step 3, count, is not step 2 of the request beginning append b: ["append b", "undo"]"#])
    // `b` where `at` did not put it.
    XCTAssertEqual(
      check(["append b"]), ["step 1, append b, was answered as step 2"])
    // A step no accepted request made.
    XCTAssertEqual(
      check(["append a", "append z"]),
      [#"step 2, append z, is not step 2 of the request beginning append a: ["append a", "count"]"#]
    )
    XCTAssertEqual(check(["delete a"]), ["step 1, delete a, begins no accepted request's steps"])
  }
}
