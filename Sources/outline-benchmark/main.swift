// outline-benchmark: the performance scenarios of the Diffable library, as plain-text tables.
//
//   ./scripts/benchmark [--quick] [--scenario NAME]  (NAME: build, edits, lookups, memory, diff,
//   script, stdlib, outliner, files, tree, difference, formats, interchange, emit)
//
// Every input is seeded, so every run measures the same work; each size gets one warm-up run and
// the median of k timed runs. Build with `-c release`: a debug build checks invariants after every
// mutation and measures those instead.

#if canImport(Glibc)
  import Glibc
#endif

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("outline-benchmark: error: \(error.message)")
  printError(Options.usage)
  exit(64)  // EX_USAGE
}
if options.help {
  print(Options.helpText)
  exit(0)
}

let plan = Plan(quick: options.quick)
#if DEBUG
  print("warning: a debug build; the numbers below mean little (use -c release)")
#endif
print(
  "outline-benchmark\(options.quick ? " --quick" : ""): sizes "
    + plan.sizes.map(Report.size).joined(separator: ", ") + "; median of k runs ("
    + plan.sizes.map { "k=\(plan.runs(at: $0))" }.joined(separator: ", ")
    + ") after a warm-up; seeded inputs; ContinuousClock")

var goals: [Goal] = []
let clock = ContinuousClock()
let start = clock.now
for scenario in scenarios where options.scenario == nil || options.scenario == scenario.name {
  goals += scenario.run(plan)
}

Report.heading("summary", [])
Report.table(
  ["scenario", "goal", "verdict", "measured"],
  goals.map { [$0.scenario, $0.target, $0.verdict.rawValue, $0.measured] })
print("")
print("total wall time: \(Report.significant((clock.now - start).seconds)) s")
// Timing goals are judged, not enforced (this machine's speed varies); a run that broke is an
// error.
if goals.contains(where: { $0.verdict == .failed }) {
  print("outline-benchmark: a measured run failed (see FAILED above)")
  exit(1)
}
