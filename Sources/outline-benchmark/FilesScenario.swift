import OutlineLanguage

#if canImport(Glibc)
  import Glibc
#endif

/// The `files` scenario: `save` and `load` of the native file, against Python's `json.load` and
/// `json.dump` of the same file measured in the same run.
///
/// The goal (14, deliverable 2): a 1,000,000-item outline loads within 3× of `json.load`
/// and saves within 3× of `json.dump`. Both sides read and write a real file in a temporary
/// directory (page cache, no `fsync`; the shell's `save` adds one `fsync` of the file and its
/// directory).
enum FilesScenario: Scenario {
  static let name = "files"
  static let summary = "save and load of the native file against Python's json.load / json.dump"

  static func run(_ plan: Plan) -> [Goal] {
    let sizes = plan.quick ? [10_000] : [10_000, 100_000, 1_000_000]
    Report.heading(
      "\(name): save and load of n items, against Python's json of the same file",
      [
        "The outline: a seeded random forest (depth ≤ 20, half the items expanded), one item in",
        "20 with a title, one in 25 with two attributes, a head. \"load\" is Session.run(\"load",
        "F\") into a fresh session (read, parse, check, build, apply: the whole command);",
        "\"save\" is Session.run(\"save F\") (write to a temporary file, rename). Python 3 in a",
        "subprocess, on the file `save` wrote: json.load(f); json.dump(data, f) (the pure-Python",
        "encoder) and, stricter, f.write(json.dumps(data)) (the C encoder). Medians [min–max as",
        "fractions of the median]; × is ours over Python's.",
      ])
    var rows: [[String]] = []
    var largest: (size: Int, load: Double, save: Double, python: PythonTimes?)?
    var walls: [(size: Int, seconds: Double)] = []
    for size in sizes {
      let runs = plan.quick ? 3 : size >= 1_000_000 ? 3 : size >= 100_000 ? 5 : 9
      var row: [String] = []
      let wall = Measure.seconds {
        guard let measured = measure(size: size, runs: runs) else {
          row = [Report.size(size), "FAILED: the outline did not save or load"]
          return
        }
        largest = (
          size, Measure.median(of: measured.load), Measure.median(of: measured.save),
          measured.python
        )
        let python = measured.python
        row = [
          Report.size(size), Report.bytes(measured.fileSize), "\(runs)",
          spread(measured.load), python.map { spread($0.load) } ?? "no python3",
          python.map { Report.ratio(median(measured.load) / median($0.load)) } ?? "–",
          spread(measured.save), python.map { spread($0.dump) } ?? "no python3",
          python.map { Report.ratio(median(measured.save) / median($0.dump)) } ?? "–",
          python.map { spread($0.dumps) } ?? "–",
          python.map { Report.ratio(median(measured.save) / median($0.dumps)) } ?? "–",
        ]
      }
      rows.append(row)
      walls.append((size, wall))
    }
    Report.table(
      [
        "size", "file", "k", "load", "json.load", "×", "save", "json.dump", "×", "json.dumps",
        "×",
      ], rows)
    Report.wallTimes(walls)
    guard let largest else {
      return [Goal(name, "save and load work", .failed, "see the table")]
    }
    let at = Report.size(largest.size)
    guard let python = largest.python else {
      return [
        Goal(name, "load ≤ 3× json.load (\(at))", .notJudged, "no python3"),
        Goal(name, "save ≤ 3× json.dump (\(at))", .notJudged, "no python3"),
      ]
    }
    let load = largest.load / median(python.load)
    let save = largest.save / median(python.dump)
    return [
      Goal(
        name, "load of 1M items ≤ 3× json.load", met: load <= 3,
        "\(Report.ratio(load)) at \(at) (\(Report.time(largest.load)))", judged: !plan.quick),
      Goal(
        name, "save of 1M items ≤ 3× json.dump", met: save <= 3,
        "\(Report.ratio(save)) at \(at) (\(Report.time(largest.save)))", judged: !plan.quick),
    ]
  }

  /// What one size measured: every sample, in seconds.
  struct Measured {
    var load: [Double]
    var save: [Double]
    var fileSize: Int
    var python: PythonTimes?
  }

  /// Python's samples, in seconds.
  struct PythonTimes {
    var load: [Double]
    var dump: [Double]
    var dumps: [Double]
  }

  /// Saves and loads an outline of `size` items `runs` times each (after a warm-up), then runs
  /// Python on the saved file; nil when a save or load failed.
  private static func measure(size: Int, runs: Int) -> Measured? {
    guard let directory = TemporaryDirectory() else { return nil }
    defer { directory.remove() }
    let files = DiskFileSystem()
    let source = directory.path + "/source.json"
    let saved = directory.path + "/saved.json"
    guard files.write(source, FilesFixture.text(count: size, seed: 8)) else { return nil }
    let session = Session(fileSystem: files)
    guard session.run("load \(source)").ok else { return nil }
    var failed = false
    var saves: [Double] = []
    for run in 0...runs {  // run 0 is the warm-up
      let seconds = Measure.seconds {
        if !session.run("save \(saved)").ok { failed = true }
      }
      if run > 0 { saves.append(seconds) }
    }
    var loads: [Double] = []
    var previous: Session? = nil
    for run in 0...runs {
      let fresh = Session(fileSystem: files)
      previous = nil  // freed outside the timed part
      let seconds = Measure.seconds {
        if fresh.run("load \(saved)").error != nil { failed = true }
      }
      if fresh.outline.count != size { failed = true }
      previous = fresh
      if run > 0 { loads.append(seconds) }
    }
    blackHole(previous?.outline.count ?? 0)
    guard !failed else { return nil }
    let fileSize = (try? files.contents(of: saved).count) ?? 0
    return Measured(
      load: loads, save: saves, fileSize: fileSize,
      python: python(on: saved, runs: runs, scratch: directory.path + "/python.json"))
  }

  /// Python's `json.load` and `json.dump` of `path`, `runs` times each, or nil when `python3`
  /// cannot run (the table then says "no python3" and no goal is judged).
  private static func python(on path: String, runs: Int, scratch: String) -> PythonTimes? {
    let script = """
      import json, sys, time
      path, runs, scratch, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
      load, dump, dumps = [], [], []
      for run in range(runs + 1):
          start = time.perf_counter()
          with open(path) as f:
              data = json.load(f)
          load.append(time.perf_counter() - start)
          start = time.perf_counter()
          with open(scratch, "w") as f:
              json.dump(data, f)
          dump.append(time.perf_counter() - start)
          start = time.perf_counter()
          with open(scratch, "w") as f:
              f.write(json.dumps(data))
          dumps.append(time.perf_counter() - start)
      with open(out, "w") as f:
          for name, samples in (("load", load), ("dump", dump), ("dumps", dumps)):
              f.write(name + " " + " ".join(repr(s) for s in samples[1:]) + "\\n")
      """
    let output = scratch + ".times"
    guard
      Subprocess.run(
        "python3", ["-c", script, path, "\(runs)", scratch, output]),
      let text = DiskFileSystem().text(of: output)
    else { return nil }
    var samples: [String: [Double]] = [:]
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard let name = words.first else { continue }
      samples[String(name)] = words.dropFirst().compactMap { Double($0) }
    }
    guard let load = samples["load"], let dump = samples["dump"], let dumps = samples["dumps"],
      load.count == runs, dump.count == runs, dumps.count == runs
    else { return nil }
    return PythonTimes(load: load, dump: dump, dumps: dumps)
  }

  private static func median(_ samples: [Double]) -> Double { Measure.median(of: samples) }

  /// The median of `samples` and their range as fractions of it: "1.20 s [0.92–1.27]".
  private static func spread(_ samples: [Double]) -> String {
    "\(Report.time(median(samples))) [\(Report.significant(samples.min()! / median(samples)))"
      + "–\(Report.significant(samples.max()! / median(samples)))]"
  }
}
