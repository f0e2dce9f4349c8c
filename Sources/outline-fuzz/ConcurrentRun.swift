import Foundation
import OutlineTestSupport

/// `outline-fuzz --concurrent [--seconds N] [--seed N] [--threads N] [--rounds N]`: the
/// playground's server under a storm of valid and hostile requests from many threads
/// (`PlaygroundStress`), round after round, each round a fresh server with the next seed.
///
/// Prints each round's report; exits 1 after the first round with a problem, 2 on a usage
/// error. The seed defaults to `DIFFABLE_SEED`, else the clock.
enum ConcurrentRun {
  static let usage =
    "usage: outline-fuzz --concurrent [--seconds N] [--seed N] [--threads N] [--rounds N]"

  static func main(_ arguments: [String]) -> Never {
    var seconds = 10.0
    var seed = SplitMix64.seed()
    var threads = 16
    var rounds = 1
    var rest = arguments[...]
    while let flag = rest.popFirst() {
      guard let value = rest.popFirst() else { fail(usage) }
      switch flag {
      case "--seconds": seconds = Double(value) ?? -1
      case "--seed": seed = UInt64(value) ?? 0
      case "--threads": threads = Int(value) ?? 0
      case "--rounds": rounds = Int(value) ?? 0
      default: fail(usage)
      }
    }
    guard seconds > 0, threads > 0, rounds > 0 else { fail(usage) }
    var requests = 0
    for round in 0..<rounds {
      let roundSeed = seed &+ UInt64(round) &* 1_000
      let report = PlaygroundStress.run(.init(seed: roundSeed, threads: threads, seconds: seconds))
      requests += report.requests
      print("round \(round + 1) of \(rounds): \(report)")
      fflush(nil)
      if !report.problems.isEmpty { exit(1) }
    }
    print("\(rounds) round\(rounds == 1 ? "" : "s"), \(requests) requests: every check held")
    exit(0)
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
  }
}
