import XCTest

@testable import OutlineLanguage

/// `ChangeHistory`: copies (the playground's checkpoints) share one buffer and each keeps the
/// changes it saw, through appends, undos, rewinds and the history limit.
final class ChangeHistoryTests: XCTestCase {
  func commands(_ history: ChangeHistory) -> [String] { history.map(\.command) }

  func testCheckpointsKeepTheirOwnHistoryThroughAppendsUndoAndRewind() {
    let session = Session()
    session.historyLimit = 3
    _ = session.run("append A")
    let one = session.checkpoint
    _ = session.run("append B")
    _ = session.run("append C")
    let three = session.checkpoint
    _ = session.run("append D")
    XCTAssertEqual(commands(session.history), ["append B", "append C", "append D"])
    XCTAssertEqual(commands(one.history.history), ["append A"])
    XCTAssertEqual(commands(three.history.history), ["append A", "append B", "append C"])

    session.rewind(to: three)
    _ = session.run("undo")
    _ = session.run("append E")
    XCTAssertEqual(commands(session.history), ["append A", "append B", "append E"])
    XCTAssertEqual(commands(three.history.history), ["append A", "append B", "append C"])

    session.rewind(to: one)
    for item in ["F", "G", "H", "I", "J"] { _ = session.run("append \(item)") }
    XCTAssertEqual(commands(session.history), ["append H", "append I", "append J"])
    XCTAssertEqual(commands(one.history.history), ["append A"])
    XCTAssertEqual(session.outline.items, ["A", "F", "G", "H", "I", "J"])
    _ = session.run("undo")
    XCTAssertEqual(session.outline.items, ["A", "F", "G", "H", "I"])
  }

  func testAHistoryNoCopySharesDropsItsOldestChangesAndKeepsTheRest() {
    let session = Session()
    session.historyLimit = 3
    // Enough appends past the limit for the dropped places to outnumber the kept changes
    // several times over, so the kept ones move to the front in place.
    for index in 0..<60 { _ = session.run("append I\(index)") }
    XCTAssertEqual(commands(session.history), ["append I57", "append I58", "append I59"])
    XCTAssertEqual(
      session.run("log").result,
      .lines([
        "58: append I57  (+1 −0 rows)", "59: append I58  (+1 −0 rows)",
        "60: append I59  (+1 −0 rows)",
      ]))
    for _ in 0..<3 { XCTAssertTrue(session.run("undo").ok) }
    XCTAssertEqual(session.outline.items, (0..<57).map { "I\($0)" })
    XCTAssertEqual(session.run("undo").note, "nothing to undo: only the last 3 changes are kept")
    XCTAssertTrue(session.run("redo").ok)
    _ = session.run("append J")
    XCTAssertEqual(commands(session.history), ["append I57", "append J"])
  }

  func testACopyKeepsReadingTheChangesTheSessionDropsAfterIt() {
    let session = Session()
    session.historyLimit = 2
    for index in 0..<3 { _ = session.run("append I\(index)") }
    let kept = session.checkpoint
    for index in 3..<40 { _ = session.run("append I\(index)") }
    XCTAssertEqual(commands(kept.history.history), ["append I1", "append I2"])
    XCTAssertEqual(commands(session.history), ["append I38", "append I39"])
    session.rewind(to: kept)
    XCTAssertTrue(session.run("undo").ok)
    XCTAssertTrue(session.run("undo").ok)
    XCTAssertEqual(session.outline.items, ["I0"])
  }

  func testDroppingVisitsEachDroppedChangeOldestFirstSharedOrNot() {
    let session = Session()
    for index in 0..<5 { _ = session.run("append I\(index)") }
    var history = session.history
    let shared = history
    var visited: [String] = []
    history.removeFirst(2) { change, position in visited.append("\(position) \(change.command)") }
    XCTAssertEqual(visited, ["0 append I0", "1 append I1"], "a copy shares the buffer")
    XCTAssertEqual(commands(history), ["append I2", "append I3", "append I4"])
    XCTAssertEqual(commands(shared).count, 5)

    var alone = session.history
    session.history = ChangeHistory()
    visited = []
    alone.removeFirst(3) { change, position in visited.append("\(position) \(change.command)") }
    XCTAssertEqual(visited, ["0 append I0", "1 append I1", "2 append I2"])
    XCTAssertEqual(commands(alone), ["append I3", "append I4"])
  }
}
