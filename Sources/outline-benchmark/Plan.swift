/// What one invocation runs: the sizes, how many timed runs each size gets, and the goals the
/// scenarios judged.
struct Plan {
  /// The item counts every scenario is run at, smallest first.
  let sizes: [Int]
  /// Whether this is the `--quick` smoke run (fewer sizes and runs).
  let quick: Bool

  /// The full plan: 1k, 10k, 100k and 1M items; or the quick one: 1k and 10k.
  init(quick: Bool) {
    self.quick = quick
    sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000, 1_000_000]
  }

  /// The number of timed runs at `size` (after one warm-up run); the median is reported.
  func runs(at size: Int) -> Int {
    if quick { return size <= 1_000 ? 5 : 3 }
    switch size {
    case ...1_000: return 21
    case ...10_000: return 15
    case ...100_000: return 9
    default: return 5
    }
  }

  /// The largest size, against which growth goals are judged (1M in a full run).
  var largest: Int { sizes.last! }
}

/// A goal from the brief and how the run fared against it.
struct Goal {
  enum Verdict: String {
    case met = "met"
    case missed = "MISSED"
    case notJudged = "not judged"
    /// The measurement itself broke (a process it ran crashed): the benchmark exits 1.
    case failed = "FAILED"
  }

  /// The scenario it belongs to.
  let scenario: String
  /// What was asked, such as "10,000 Strings appended in ≈ 1 ms".
  let target: String
  let verdict: Verdict
  /// What was measured.
  let measured: String

  init(_ scenario: String, _ target: String, _ verdict: Verdict, _ measured: String) {
    self.scenario = scenario
    self.target = target
    self.verdict = verdict
    self.measured = measured
  }

  /// `met` when `condition` holds, else `missed`; `notJudged` when `judged` is false (a quick run
  /// cannot judge growth up to 1M).
  init(
    _ scenario: String, _ target: String, met condition: Bool, _ measured: String,
    judged: Bool = true
  ) {
    self.init(scenario, target, judged ? (condition ? .met : .missed) : .notJudged, measured)
  }
}
