import Foundation
import OutlineServer
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Tabs run side by side: a slow command holds up its own tab only.
///
/// The slow command is a `source` of a named pipe in the `--allow-files` directory: it blocks
/// in the file system until the test writes the script, so the test knows, with no clock, that
/// the command is running (the pipe's write end opens only once the command opened its read
/// end) and when it ends.
final class PlaygroundConcurrencyTests: XCTestCase {
  /// Holds what a thread hands back to the test.
  final class Box<Value>: @unchecked Sendable {
    var value: Value?
    let done = DispatchSemaphore(value: 0)
  }

  /// Runs `body` on a thread of its own; the box is filled and signalled when it returns.
  private func onThread<Value>(_ body: @escaping @Sendable () -> Value?) -> Box<Value> {
    let box = Box<Value>()
    Thread {
      box.value = body()
      box.done.signal()
    }.start()
    return box
  }

  func testASlowCommandInOneTabDoesNotHoldUpAnotherTab() throws {
    let directory = try directoryWithPipe()
    nonisolated(unsafe) let fixture = try PlaygroundFixture(allowedDirectory: directory.path)
    let slow = try fixture.openTab()
    let other = try fixture.openTab()
    let sourced = onThread { try? fixture.run(slow, "source slow.outline", at: 0) }
    // Returns once the slow tab's `source` has opened the pipe: that command is running now,
    // holding its tab, and waits for the script's text.
    let writer = open(directory.appendingPathComponent("slow.outline").path, O_WRONLY)
    XCTAssertGreaterThanOrEqual(writer, 0, "open: errno \(errno)")

    let quick = onThread { try? fixture.run(other, "append Quick; expect items Quick", at: 0) }
    // A bound for a failure only: the other tab answers at once unless it waits for the slow
    // one, which waits for this test.
    let answeredWhileSlowRan = quick.done.wait(timeout: .now() + 120) == .success
    XCTAssertTrue(answeredWhileSlowRan, "the other tab waited for the slow tab's command")
    XCTAssertEqual(fixture.playground.sessionCount, 2, "counting sessions needs no tab")

    let script = Array("append Slow\nexpect items Slow\n".utf8)
    XCTAssertEqual(script.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }, script.count)
    close(writer)
    sourced.done.wait()
    if !answeredWhileSlowRan { quick.done.wait() }

    let quickAnswer = try XCTUnwrap(quick.value)
    XCTAssertEqual(
      PlaygroundFixture.commands(quickAnswer), ["append Quick", "expect items Quick"])
    XCTAssertEqual(
      PlaygroundFixture.output(quickAnswer).filter { $0.contains("error") }, [], "\(quickAnswer)")
    let slowAnswer = try XCTUnwrap(sourced.value)
    XCTAssertEqual(
      PlaygroundFixture.output(slowAnswer).filter { $0.contains("error") }, [], "\(slowAnswer)")
    XCTAssertEqual(
      PlaygroundFixture.commands(slowAnswer),
      ["source slow.outline", "append Slow", "expect items Slow"],
      "the sourced script's commands are the slow tab's steps")
    XCTAssertEqual(
      fixture.script(slow).split(separator: "\n").dropFirst(), ["source slow.outline"])
    XCTAssertEqual(
      fixture.script(other).split(separator: "\n").dropFirst(),
      ["append Quick", "expect items Quick"])
  }

  func testARequestThatWaitedForATabThatQuitFindsItEnded() throws {
    let directory = try directoryWithPipe()
    nonisolated(unsafe) let fixture = try PlaygroundFixture(allowedDirectory: directory.path)
    let tab = try fixture.openTab()
    // The tab's line sources the pipe, then quits: it holds the tab until the test writes.
    let quitting = onThread { try? fixture.run(tab, "source slow.outline; quit", at: 0) }
    let writer = open(directory.appendingPathComponent("slow.outline").path, O_WRONLY)
    XCTAssertGreaterThanOrEqual(writer, 0, "open: errno \(errno)")
    let late = onThread {
      fixture.send(
        "POST", "/api/run", body: #"{"session":"\#(tab)","line":"append Late","at":0}"#)
    }
    // Time for the late request to find the tab and wait for its lock, so that a handler that
    // does not look again runs it in the ended tab; answered the same way if it comes later.
    Thread.sleep(forTimeInterval: 0.5)
    let script = Array("append Slow\n".utf8)
    XCTAssertEqual(script.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }, script.count)
    close(writer)
    quitting.done.wait()
    late.done.wait()

    XCTAssertEqual(quitting.value?["ended"] as? Bool, true)
    let answer = try XCTUnwrap(late.value)
    XCTAssertEqual(answer.status, 404, answer.text)
    XCTAssertTrue(answer.text.contains("This session has ended"), answer.text)
    XCTAssertEqual(fixture.playground.sessionCount, 0)
    XCTAssertEqual(
      fixture.send("GET", "/download?session=\(tab)&as=script").status, 404, "the tab ended")
  }
}
