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
}
