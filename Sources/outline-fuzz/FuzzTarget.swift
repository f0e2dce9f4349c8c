import Foundation
import OutlineLanguage
import OutlineTestSupport

/// The fuzzer's entry point: runs one input through `ScriptFuzzCheck` and traps, with the
/// problem, when a check fails, so that libFuzzer records the input.
///
/// Built with `-DFUZZING -sanitize=fuzzer,address` by `scripts/fuzz`, libFuzzer's driver calls
/// it (see `Fuzz`); an ordinary build is `Replay`, which runs the same check on files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let problem = ScriptFuzzCheck.problem(running: bytes) {
    fatalError(problem)
  }
  return 0
}

#if FUZZING
  /// The fuzzer's `main`: hands the command line to libFuzzer's driver.
  ///
  /// SwiftPM renames an executable's entry point and links `main` to it, so libFuzzer's own
  /// `main` is never used; this one does what it would have done.
  @main
  struct Fuzz {
    static func main() {
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(runFuzzerDriver(&argc, &argv, fuzzOne))
    }
  }

  /// The fuzzer's mutations: half of them libFuzzer's own, on bytes; half `ScriptMutator`'s, a
  /// command at a time.
  @_cdecl("LLVMFuzzerCustomMutator")
  public func mutate(
    _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32
  ) -> Int {
    var mutator = ScriptMutator(seed: UInt64(seed))
    guard mutator.random.next() % 2 == 0,
      let mutated = mutator.mutate(
        Array(UnsafeBufferPointer(start: data, count: size)), maxSize: maxSize)
    else {
      return mutateBytes(data, size, maxSize)
    }
    mutated.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
    return mutated.count
  }

  /// libFuzzer's `size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize)`: its own
  /// mutations, dictionary included.
  @_silgen_name("LLVMFuzzerMutate")
  func mutateBytes(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

  /// libFuzzer's `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const
  /// uint8_t *data, size_t size))`: parses the flags, then fuzzes `callback` or runs it on files.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
  ) -> CInt
#else
  /// Runs the files named as arguments through the fuzzer's check, one after the other: to
  /// reproduce a crash (`scripts/fuzz --replay FILE...`) or to rerun a corpus.
  ///
  /// `-v` first prints each command and its outcome; `--concurrent` runs the playground's
  /// server under many threads instead (`ConcurrentRun`). A file that cannot be read ends the run
  /// with status 2; a failed check traps, as in the fuzzer, with the problem.
  @main
  struct Replay {
    static func main() {
      var paths = Array(CommandLine.arguments.dropFirst())
      if paths.first == "--concurrent" { ConcurrentRun.main(Array(paths.dropFirst())) }
      if paths.count == 3, paths[0] == "--mutate", let count = Int(paths[1]) {
        mutate(paths[2], times: count)
        return
      }
      let verbose = paths.first == "-v"
      if verbose { paths.removeFirst() }
      guard !paths.isEmpty else {
        fail(
          "usage: outline-fuzz [-v] FILE...  (runs each input through the fuzzer's check)\n"
            + "       outline-fuzz --mutate COUNT FILE  (prints mutations of FILE)\n"
            + "       " + ConcurrentRun.usage.dropFirst("usage: ".count)
            + "  (the server under many threads)")
      }
      for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else {
          fail("outline-fuzz: cannot read \(path)")
        }
        let bytes = [UInt8](data)
        print("\(path): \(bytes.count) bytes", terminator: verbose ? "\n" : "")
        let trace: ((Outcome, SourceLocation) -> Void)? =
          verbose ? { outcome, location in show(outcome, at: location) } : nil
        if let problem = ScriptFuzzCheck.problem(running: bytes, trace: trace) {
          print(": FAILED")
          fatalError(problem)
        }
        print(": ok")
      }
      print("\(paths.count) input\(paths.count == 1 ? "" : "s"): every check held")
    }

    /// Prints `count` mutations of the file at `path`, each of the one before, as the fuzzer's
    /// own mutator makes them (`--mutate COUNT FILE`).
    static func mutate(_ path: String, times count: Int) {
      guard let data = FileManager.default.contents(atPath: path) else {
        fail("outline-fuzz: cannot read \(path)")
      }
      var script = [UInt8](data)
      for seed in 0..<count {
        var mutator = ScriptMutator(seed: UInt64(seed))
        script = mutator.mutate(script, maxSize: 4096) ?? script
        print("== mutation \(seed + 1)")
        print(String(decoding: script, as: UTF8.self), terminator: "")
      }
    }

    /// Prints a command and what it did, as `outline --echo` would.
    static func show(_ outcome: Outcome, at location: SourceLocation) {
      let renderer = TextRenderer(color: false)
      print("\(location): \(String(repeating: "  ", count: location.depth))> \(outcome.command)")
      if let error = outcome.error {
        print("  " + renderer.errorLine(error, at: location))
      } else {
        for line in renderer.lines(for: outcome).prefix(12) { print("  " + line) }
      }
    }

    /// Prints `message` on stderr and exits with status 2.
    static func fail(_ message: String) -> Never {
      FileHandle.standardError.write(Data((message + "\n").utf8))
      exit(2)
    }
  }
#endif
