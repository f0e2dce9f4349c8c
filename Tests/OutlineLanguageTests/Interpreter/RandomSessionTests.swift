import Foundation
import OutlineLanguage
import OutlineTestSupport
import XCTest

/// Random sessions of valid and invalid commands, run on the interpreter and on
/// `ReferenceSession`, compared after every command (see `RandomSessionRun` for the checks).
///
/// `OUTLINE_RANDOM_SESSIONS` (default 2,000) and `OUTLINE_RANDOM_LENGTH` (default 40 commands)
/// size the run; `DIFFABLE_SEED` replays one; `OUTLINE_RANDOM_VERBOSE=1` prints the outcomes of
/// each command. Each session's seed is printed with a failure,
/// with the commands and a reduced list that still fails, naming by identifier the items the
/// rows and `.` named (`RandomSessionRun.reduce`): running with that seed replays the failing
/// session first.
final class RandomSessionTests: XCTestCase {
  func testRandomSessionsAgreeWithTheReferenceModel() {
    let sessions = Self.number("OUTLINE_RANDOM_SESSIONS") ?? 2_000
    let length = Self.number("OUTLINE_RANDOM_LENGTH") ?? 40
    let base = SplitMix64.seed()
    let start = Date()
    var counts: [String: Int] = [:]
    var countsByCommand: [String: Int] = [:]
    var largest = 0
    var failures = 0
    for index in 0..<sessions {
      var mixer = SplitMix64(seed: base &+ UInt64(index))
      let seed = index == 0 ? base : mixer.next()
      var generator = RandomSessionGenerator(random: SplitMix64(seed: seed))
      let historyLimit = generator.chance(80) ? 1_000 : 1 + generator.int(4)
      var run = RandomSessionRun(historyLimit: historyLimit)
      var steps: [RandomSessionRun.Step] = []
      for _ in 0..<length {
        let command = generator.command(for: run.model)
        generator.visibleRows = Dictionary(
          run.model.viewVisibleItems.enumerated().map { ($1, $0) },
          uniquingKeysWith: { first, _ in first })
        generator.currentItem = run.model.currentItem.flatMap {
          run.model.outline.contains($0) ? $0 : nil
        }
        // The same line with identifiers for rows and `.`, from the same random choices.
        var plainWriter = generator
        plainWriter.visibleRows = [:]
        plainWriter.currentItem = nil
        let plain = plainWriter.line(for: command)
        let line = generator.line(for: command)
        steps.append(RandomSessionRun.Step(command, line: line, plain: plain))
        let problems = run.perform(command, line: line)
        guard problems.isEmpty else {
          let failure = RandomSessionRun.Failure(index: steps.count - 1, problems: problems)
          XCTFail(
            "session \(index + 1) of \(sessions): "
              + Self.report(seed: seed, historyLimit: historyLimit, steps, failure))
          failures += 1
          break
        }
      }
      counts.merge(run.counts, uniquingKeysWith: +)
      countsByCommand.merge(run.countsByCommand, uniquingKeysWith: +)
      largest = max(largest, run.largest)
      if failures >= 3 { break }
    }
    let total = counts.filter { $0.key != "step" }.values.reduce(0, +)
    let outcomes = counts.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }
    print(
      "RandomSessionTests: DIFFABLE_SEED=\(base): \(sessions) sessions of \(length) commands: "
        + "\(total) commands (\(outcomes.joined(separator: ", "))), outlines up to \(largest) "
        + "items, " + String(format: "%.1f s", Date().timeIntervalSince(start)))
    if Self.number("OUTLINE_RANDOM_VERBOSE") != nil {
      for (key, count) in countsByCommand.sorted(by: { $0.key < $1.key }) {
        print("  \(key) \(count)")
      }
    }
  }

  /// What a failing session prints: its seed, its commands with the failing one marked, the
  /// problems, and a reduced list of commands that still fails.
  static func report(
    seed: UInt64, historyLimit: Int, _ steps: [RandomSessionRun.Step],
    _ failure: RandomSessionRun.Failure
  ) -> String {
    let reduced = RandomSessionRun.reduce(steps, historyLimit: historyLimit, failure: failure)
    let reducedFailure = RandomSessionRun.replay(reduced, historyLimit: historyLimit)
    var lines = [
      "random session failed: replay with DIFFABLE_SEED=\(seed) (history limit \(historyLimit))",
      "commands:",
    ]
    for (index, step) in steps.enumerated() {
      lines.append((index == failure.index ? "> " : "  ") + step.line)
    }
    lines.append("problems after \"\(steps[failure.index].line)\":")
    lines += failure.problems.map { "  \($0)" }
    lines.append(
      "reduced to \(reduced.count) commands"
        + (reduced.contains { $0.line != $0.plain } ? " (rows as typed)" : "") + ":")
    lines += reduced.map { "  " + $0.line }
    lines += (reducedFailure?.problems ?? []).map { "  => \($0)" }
    return lines.joined(separator: "\n")
  }

  /// The integer in the environment variable `name`.
  static func number(_ name: String) -> Int? {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
  }
}
