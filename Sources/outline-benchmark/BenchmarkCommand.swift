import ArgumentParser

/// The command line, `outline-benchmark [--quick] [--scenario <name>]`: runs the scenarios,
/// prints each one's table, then a summary of every goal they judged.
///
/// Every input is seeded, so every run measures the same work; each size gets one warm-up run
/// and the median of *k* timed runs. A run whose measurement broke (a process it timed crashed)
/// exits 1; a usage error exits 64, as swift-argument-parser's do.
///
/// ```sh
/// outline-benchmark --scenario edits    # one scenario: 1k, 10k, 100k and 1M items
/// outline-benchmark --scenario edit     # exit 64: lists the scenarios' names
/// ```
@main
struct BenchmarkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outline-benchmark",
    abstract: "The performance scenarios of the Diffable library, as plain-text tables.",
    discussion: """
      Build with -c release (scripts/benchmark does, in .build-bench): a debug build measures \
      unoptimized code.
      """)

  @Flag(help: "1k and 10k items only, few runs (a smoke test for CI).")
  var quick = false

  @Option(help: ArgumentHelp("Run this scenario only.", valueName: "name"))
  var scenario: ScenarioName?

  func run() throws {
    let plan = Plan(quick: quick)
    #if DEBUG
      print("warning: a debug build; the numbers below mean little (use -c release)")
    #endif
    print(
      "outline-benchmark\(quick ? " --quick" : ""): sizes "
        + plan.sizes.map(Report.size).joined(separator: ", ") + "; median of k runs ("
        + plan.sizes.map { "k=\(plan.runs(at: $0))" }.joined(separator: ", ")
        + ") after a warm-up; seeded inputs; "
        + (Measure.usesCPUTime
          ? "the thread's CPU time (OUTLINE_BENCHMARK_CLOCK=cpu)" : "ContinuousClock"))

    var goals: [Goal] = []
    let clock = ContinuousClock()
    let start = clock.now
    for chosen in scenario.map({ [$0.scenario] }) ?? scenarios {
      goals += chosen.run(plan)
    }

    Report.heading("summary", [])
    Report.table(
      ["scenario", "goal", "verdict", "measured"],
      goals.map { [$0.scenario, $0.target, $0.verdict.rawValue, $0.measured] })
    print("")
    print("total wall time: \(Report.significant((clock.now - start).seconds)) s")
    // Timing goals are judged, not enforced (this machine's speed varies); a run that broke is
    // an error.
    if goals.contains(where: { $0.verdict == .failed }) {
      print("outline-benchmark: a measured run failed (see FAILED above)")
      throw ExitCode.failure
    }
  }
}

extension BenchmarkCommand {
  /// A scenario named on the command line: one of `scenarios`, by its `name`.
  ///
  /// The help lists every name with its summary; any other name is a usage error that lists the
  /// names.
  struct ScenarioName: ExpressibleByArgument {
    /// The scenario the name names.
    let scenario: any Scenario.Type

    init?(argument: String) {
      guard let scenario = scenarios.first(where: { $0.name == argument }) else { return nil }
      self.scenario = scenario
    }

    var defaultValueDescription: String { scenario.name }

    static var allValueStrings: [String] { scenarios.map { $0.name } }

    static var allValueDescriptions: [String: String] {
      Dictionary(uniqueKeysWithValues: scenarios.map { ($0.name, $0.summary) })
    }
  }
}
