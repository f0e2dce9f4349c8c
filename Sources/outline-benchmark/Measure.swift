#if canImport(Glibc)
  import Glibc
#endif

/// Wall-clock timing: the seconds one run takes, and the median of several runs after a warm-up.
///
/// Runs are timed with `ContinuousClock` (`CLOCK_MONOTONIC` on Linux), or with the thread's CPU
/// time (`CLOCK_THREAD_CPUTIME_ID`) when the environment sets `OUTLINE_BENCHMARK_CLOCK=cpu`: on a
/// machine shared with other work, wall time counts the time the thread waited for a core.
/// Results pass through `blackHole(_:)` so that the optimizer cannot drop the work being measured.
///
/// ```swift
/// let seconds = Measure.median(runs: 9) {
///   Measure.seconds { blackHole(expensive()) }
/// }
/// ```
enum Measure {
  private static let clock = ContinuousClock()

  /// Whether runs are timed in the thread's CPU time (`OUTLINE_BENCHMARK_CLOCK=cpu`).
  static let usesCPUTime: Bool = {
    #if canImport(Glibc)
      return getenv("OUTLINE_BENCHMARK_CLOCK").map { String(cString: $0) } == "cpu"
    #else
      return false
    #endif
  }()

  /// The seconds `body` takes.
  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    #if canImport(Glibc)
      if usesCPUTime {
        let start = threadCPUSeconds()
        try body()
        return threadCPUSeconds() - start
      }
    #endif
    let start = clock.now
    try body()
    return (clock.now - start).seconds
  }

  #if canImport(Glibc)
    /// The CPU time the calling thread has used, in seconds.
    private static func threadCPUSeconds() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
  #endif

  /// The median of `runs` results of `run` (each the seconds one run measured itself), after one
  /// warm-up call whose result is dropped.
  ///
  /// `run` does its own set-up and times only the part that counts, with `seconds(_:)`.
  static func median(runs: Int, _ run: () throws -> Double) rethrows -> Double {
    _ = try run()
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs { samples.append(try run()) }
    return median(of: samples)
  }

  /// The median of `samples` (the upper one of an even count), which must not be empty.
  static func median<Sample: Comparable>(of samples: [Sample]) -> Sample {
    samples.sorted()[samples.count / 2]
  }

  /// The median of each of `bodies` over `runs` rounds, after one warm-up round; each round
  /// runs every body once, in order.
  ///
  /// For quantities compared with each other (a diff and its floor): interleaved, a drift in the
  /// machine's speed (a busy neighbour, a frequency change) touches all of them alike, where
  /// measuring one after the other would put it in the ratio.
  static func interleavedMedians(runs: Int, _ bodies: [() -> Double]) -> [Double] {
    interleavedSamples(runs: runs, bodies).map(median(of:))
  }

  /// Every sample of `interleavedMedians(runs:_:)`: one array per body, one sample per round, in
  /// the order of the rounds (so that samples of one round can be compared with each other).
  static func interleavedSamples(runs: Int, _ bodies: [() -> Double]) -> [[Double]] {
    for body in bodies { _ = body() }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for _ in 0..<runs {
      for (index, body) in bodies.enumerated() { samples[index].append(body()) }
    }
    return samples
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}

/// Where `blackHole(_:)` puts what it is given.
nonisolated(unsafe) private var sink = 0

/// Keeps `value` alive as a result: the optimizer cannot drop the work that computed it.
@inline(never)
func blackHole(_ value: Int) {
  sink &+= value
}
