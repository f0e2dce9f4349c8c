#if canImport(Glibc)
  import Glibc
#endif

/// The command line: `outline-benchmark [--quick] [--scenario NAME]`.
///
/// ```swift
/// try Options.parse(["--scenario", "edits"])  // quick: false, scenario: "edits"
/// try Options.parse(["--scenario", "edit"])   // throws: did you mean 'edits'?
/// ```
struct Options {
  /// Only 1k and 10k items, with few runs: a smoke test for CI.
  var quick = false
  /// The name of the one scenario to run, or nil for all.
  var scenario: String?
  /// Whether to print the usage and stop.
  var help = false

  /// The usage line.
  static var usage: String {
    "usage: outline-benchmark [--quick] [--scenario "
      + scenarios.map { $0.name }.joined(separator: "|") + "]"
  }

  /// The usage text that `--help` prints.
  static var helpText: String {
    var lines = [
      usage, "",
      "  --quick            1k and 10k items only, few runs (a smoke test for CI)",
      "  --scenario NAME    run one scenario:",
    ]
    // Names padded to the longest and two spaces (a fixed width once trapped on a longer name).
    let width = scenarios.map { $0.name.count }.max() ?? 0
    for scenario in scenarios {
      let padding = String(repeating: " ", count: width + 2 - scenario.name.count)
      lines.append("                       \(scenario.name)\(padding)\(scenario.summary)")
    }
    lines.append("  --help             print this text")
    return lines.joined(separator: "\n")
  }

  /// A command line that does not parse, with the message to print.
  struct Failure: Error {
    let message: String
  }

  /// Parses the arguments after the program's name.
  ///
  /// - Throws: `Failure` for an unknown option or scenario (suggesting the nearest name) or a
  ///   missing scenario name.
  static func parse(_ arguments: [String]) throws(Failure) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": options.quick = true
      case "--help", "-h": options.help = true
      case "--scenario":
        guard let name = remaining.popFirst() else {
          throw Failure(message: "--scenario needs a name")
        }
        options.scenario = try scenario(named: name)
      case _ where argument.hasPrefix("--scenario="):
        options.scenario = try scenario(named: String(argument.dropFirst("--scenario=".count)))
      default:
        throw Failure(
          message: "unknown option '\(argument)'"
            + suggestion(for: argument, among: ["--quick", "--scenario", "--help"]))
      }
    }
    return options
  }

  /// `name`, once checked against the scenarios' names.
  private static func scenario(named name: String) throws(Failure) -> String {
    let names = scenarios.map { $0.name }
    guard names.contains(name) else {
      throw Failure(
        message: "unknown scenario '\(name)'" + suggestion(for: name, among: names))
    }
    return name
  }

  /// "; did you mean 'X'?" for the candidate nearest `word` by edit distance, if it is near.
  private static func suggestion(for word: String, among candidates: [String]) -> String {
    let scored = candidates.map { ($0, editDistance(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else {
      return ""
    }
    return "; did you mean '\(best.0)'?"
  }

  /// The Levenshtein distance between `a` and `b`.
  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
  var line = text + "\n"
  line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
