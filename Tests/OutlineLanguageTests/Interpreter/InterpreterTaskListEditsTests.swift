import OutlineLanguage
import OutlineTestSupport
import XCTest

/// Many single-item edits on a Markdown task list whose items all have a content.
///
/// Every item has its line and its box, and the edits are enough that the contents' changes
/// are folded into new storage several times over (`ItemContents`). `undo` and `redo` step back
/// and forth through every state exactly, and `save` writes each edit into its line and no
/// other.
final class InterpreterTaskListEditsTests: XCTestCase {
  /// Tasks in the list.
  static let count = 300

  /// A task list of `count` tasks, every third done.
  static var list: String {
    (0..<count).map { "- [\($0 % 3 == 0 ? "x" : " ")] task\($0)\n" }.joined()
  }

  /// `edits` commands: appends, checks and unchecks (each of a task it changes), notes and
  /// retitles, of tasks spread over the list; each changes the outline, so that each is one
  /// step of the history.
  static func commands(_ edits: Int) -> [String] {
    var done = (0..<count).map { $0 % 3 == 0 }
    return (0..<edits).map { step in
      let task = step * 7 % count
      switch step % 4 {
      case 0: return "append new\(step)"
      case 1:
        done[task].toggle()
        return "\(done[task] ? "check" : "uncheck") task\(task)"
      case 2: return "note task\(task) \"note \(step)\""
      default: return "retitle task\(task) \"Title \(step)\""
      }
    }
  }

  func session() -> (Session, MemoryFileSystem) {
    let files = MemoryFileSystem(["tasks.md": Self.list])
    let session = Session(fileSystem: files)
    session.historyLimit = 1_000
    run(session, "load tasks.md")
    return (session, files)
  }

  /// The session's outline and contents, without its history's length.
  func state(_ session: Session) -> SessionFingerprint {
    var fingerprint = SessionFingerprint(session)
    fingerprint.history = 0
    return fingerprint
  }

  func testUndoAndRedoStepThroughEveryStateOfManyEditsExactly() {
    let (session, files) = session()
    let commands = Self.commands(400)
    var states = [state(session)]
    for command in commands {
      run(session, command)
      states.append(state(session))
    }
    XCTAssertEqual(session.history.count, commands.count + 1, "the load and each edit")
    for step in commands.indices.reversed() {
      run(session, "undo")
      XCTAssertEqual(state(session), states[step], "after undoing \(commands[step])")
    }
    for step in commands.indices {
      run(session, "redo")
      XCTAssertEqual(state(session), states[step + 1], "after redoing \(commands[step])")
    }
    // Back at the start, the file is written as it was read.
    for _ in commands { run(session, "undo") }
    run(session, "save tasks.md")
    XCTAssertEqual(files.text(of: "tasks.md"), Self.list)
  }

  func testSaveAfterManyEditsWritesEachIntoItsLine() {
    let (session, files) = session()
    var boxes = (0..<Self.count).map { $0 % 3 == 0 }
    var titles = (0..<Self.count).map { "task\($0)" }
    var notes: [String?] = Array(repeating: nil, count: Self.count)
    var appended: [String] = []
    for (step, command) in Self.commands(400).enumerated() {
      run(session, command)
      let task = step * 7 % Self.count
      switch step % 4 {
      case 0: appended.append("new\(step)")
      case 1: boxes[task].toggle()
      case 2: notes[task] = "note \(step)"
      default: titles[task] = "Title \(step)"
      }
    }
    run(session, "save tasks.md")
    var expected = ""
    for task in 0..<Self.count {
      expected += "- [\(boxes[task] ? "x" : " ")] \(titles[task])\n"
      // A note's paragraph, after a blank line, as the writer gives a tight item one.
      if let note = notes[task] { expected += "\n  \(note)\n" }
    }
    // A new item in a task list is a task that is not done.
    for item in appended { expected += "- [ ] \(item)\n" }
    XCTAssertEqual(files.text(of: "tasks.md"), expected)
  }
}
