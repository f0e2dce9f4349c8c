/// One benchmark scenario: a name for `--scenario`, a one-line summary for the usage text, and a
/// run that prints its table and returns the goals it judged.
protocol Scenario {
  /// The name `--scenario` takes.
  static var name: String { get }
  /// What it measures, in one line.
  static var summary: String { get }
  /// Runs the scenario at every size of `plan`, prints its table, and judges its goals.
  static func run(_ plan: Plan) -> [Goal]
}

/// Every scenario, in the order a full run takes them.
var scenarios: [any Scenario.Type] {
  [
    BuildScenario.self, EditsScenario.self, LookupsScenario.self, MemoryScenario.self,
    DiffScenario.self, ScriptScenario.self, StandardLibraryScenario.self, OutlinerScenario.self,
    FilesScenario.self, TreeScenario.self, DifferenceScenario.self, FormatsScenario.self,
    InterchangeScenario.self, EmitScenario.self, MatchingScenario.self, KeptFileScenario.self,
    TaskListScenario.self, RowsScenario.self, SearchScenario.self, PlaygroundScenario.self,
  ]
}

extension Report {
  /// A time and its growth against the first size's: "3.10 µs ×1.42".
  static func timeAndGrowth(_ seconds: Double, base: Double) -> String {
    "\(time(seconds)) \(ratio(seconds / base))"
  }

  /// The wall time each size took, under a scenario's table.
  static func wallTimes(
    _ times: [(size: Int, seconds: Double)],
    _ label: String = "wall time per size (set-up included)"
  ) {
    let parts = times.map { "\(size($0.size)) \(significant($0.seconds)) s" }
    print("\(label): " + parts.joined(separator: ", "))
  }
}
