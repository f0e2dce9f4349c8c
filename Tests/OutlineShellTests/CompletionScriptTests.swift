import Foundation
import XCTest

/// The completion scripts of `outline --generate-completion-script`, run in each shell: they
/// parse, the first word may be `serve`, and after it only `serve`'s own arguments are offered
/// (`--port`, `--allow-files` with directories, SCRIPT), the same as `outline serve --help`
/// lists; `outline`'s own options stay where they were.
final class CompletionScriptTests: BinaryTestCase {
  /// A directory to complete in: a directory `dirA`, files `fileB` and `serve-notes.txt`.
  func workspace() throws -> String {
    let directory = home + "/work"
    try FileManager.default.createDirectory(
      atPath: directory + "/dirA", withIntermediateDirectories: true)
    for file in ["fileB", "serve-notes.txt"] {
      XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + file, contents: nil))
    }
    return directory
  }

  /// `outline`'s completion script for `shell`, written to a file under `home`; its path.
  func script(_ shell: String) throws -> String {
    let generated = try OutlineBinary.run(["--generate-completion-script", shell], home: home)
    XCTAssertEqual(generated.status, 0, generated.stderr)
    let path = home + "/outline." + shell
    try Data(generated.stdout.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The shell at `path`, or a skip when it is not installed (CI installs zsh and fish).
  func shell(_ path: String) throws -> URL {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw XCTSkip("\(path) is not installed")
    }
    return URL(fileURLWithPath: path)
  }

  /// What `shell` runs `code` with `arguments` to: its standard output, after a clean exit.
  func run(_ shell: URL, _ arguments: [String], in directory: String) throws -> String {
    let result = try OutlineBinary.run(arguments, in: directory, home: home, executable: shell)
    XCTAssertEqual(result.status, 0, "\(shell.path) \(arguments): \(result.stderr)")
    return result.stdout
  }

  /// The long options `outline serve --help` lists.
  func serveOptions() throws -> Set<String> {
    let help = try OutlineBinary.run(["serve", "--help"], home: home)
    XCTAssertEqual(help.status, 0, help.stderr)
    let options = help.stdout.split(whereSeparator: { " ,[]<>\n".contains($0) }).filter {
      $0.hasPrefix("--") && $0.count > 2
    }
    return Set(options.map(String.init))
  }

  func testBashOffersServeThenOnlyItsArguments() throws {
    let bash = try shell("/bin/bash")
    let path = try script("bash")
    XCTAssertEqual(try run(bash, ["-n", path], in: home), "")
    // Each line: what was typed, then what Tab offers, as bash-completion calls the function.
    let driver = """
      source "$1"
      offer() {
        COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<< "$2"
        [[ "$2" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _outline outline "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s|%s\\n' "$2" "$(printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' ')"
      }
      offer 1 "outline se"
      offer 1 "outline serve --"
      offer 1 "outline serve --allow-files "
      offer 1 "outline serve --port "
      offer 1 "outline serve --port 8 "
      offer 1 "outline --"
      offer 1 "outline fileB se"
      offer 1 "outline -c exp"
      """
    let offered = try run(bash, ["-c", driver, "bash", path], in: try workspace())
    let answers = Dictionary(
      uniqueKeysWithValues: offered.split(separator: "\n").map {
        let parts = $0.split(separator: "|", omittingEmptySubsequences: false)
        return (String(parts[0]), String(parts[1]))
      })
    XCTAssertEqual(answers["outline se"], "serve serve-notes.txt ", offered)
    XCTAssertEqual(answers["outline serve --"], "--allow-files --help --port ", offered)
    XCTAssertEqual(
      Set(answers["outline serve --"]?.split(separator: " ").map(String.init) ?? []),
      try serveOptions(), "the options outline serve --help lists")
    XCTAssertEqual(answers["outline serve --allow-files "], "dirA ", "directories only")
    XCTAssertEqual(answers["outline serve --port "], " ", "a port: nothing to offer")
    XCTAssertEqual(
      answers["outline serve --port 8 "], "dirA fileB serve-notes.txt ", "SCRIPT: files")
    let root = answers["outline --"] ?? ""
    XCTAssertTrue(root.contains("--emit-html"), root)
    XCTAssertFalse(root.contains("--port") || root.contains("--allow-files"), root)
    XCTAssertEqual(answers["outline fileB se"], "serve-notes.txt ", "serve only comes first")
    XCTAssertEqual(answers["outline -c exp"], "expand expanded expect export ", offered)
  }

  func testZshOffersServeThenOnlyItsArguments() throws {
    let zsh = try shell("/usr/bin/zsh")
    let path = try script("zsh")
    XCTAssertEqual(try run(zsh, ["-n", path], in: home), "")
    // _arguments and _describe stand in for the completion system: they print what they were
    // given, the argument specifications by name and the descriptions.
    let driver = """
      compdef() { }
      _arguments() { local spec; for spec in "${@[5,-1]}"; do print -r -- "${spec%%\\[*}"; done }
      _describe() { print -r -- "describe ${(P)${3}}" }
      source "$1"
      offer() {
        words=("${(@s: :)1}"); [[ "$1" == *" " ]] && words+=("")
        CURRENT=${#words}; PREFIX="${words[CURRENT]}"
        print -r -- "$1|${(j: :)${(fo)$(_outline)}}"
      }
      offer "outline se"
      offer "outline serve --"
      offer "outline --"
      """
    let offered = try run(zsh, ["-f", "-c", driver, "zsh", path], in: try workspace())
    let answers = Dictionary(
      uniqueKeysWithValues: offered.split(separator: "\n").map {
        let parts = $0.split(separator: "|", omittingEmptySubsequences: false)
        return (String(parts[0]), String(parts[1]))
      })
    let first = answers["outline se"] ?? ""
    XCTAssertTrue(first.contains("describe serve:Serve the playground"), first)
    XCTAssertTrue(first.contains("*:file:_files"), "files too: \(first)")
    XCTAssertEqual(
      answers["outline serve --"],
      "(-h --help)--help (-h --help)-h --allow-files --port :script:_files",
      offered)
    let root = answers["outline --"] ?? ""
    XCTAssertTrue(root.contains("--emit-html"), root)
    XCTAssertFalse(root.contains("describe") || root.contains("--port"), root)
  }

  func testFishOffersServeThenOnlyItsArguments() throws {
    let fish = try shell("/usr/bin/fish")
    let path = try script("fish")
    XCTAssertEqual(try run(fish, ["--no-config", "-n", path], in: home), "")
    func offer(_ line: String) throws -> [String] {
      let listed = try run(
        fish, ["--no-config", "-c", "source $argv[1]; complete -C '\(line)'", path],
        in: try workspace())
      return listed.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
    }
    XCTAssertEqual(try offer("outline se"), ["serve", "serve-notes.txt"])
    XCTAssertEqual(try offer("outline serve --"), ["--allow-files", "--help", "--port"])
    XCTAssertEqual(Set(try offer("outline serve --")), try serveOptions())
    XCTAssertEqual(try offer("outline serve --allow-files "), ["dirA/"])
    XCTAssertEqual(try offer("outline serve "), ["dirA/", "fileB", "serve-notes.txt"])
    let root = try offer("outline --")
    XCTAssertTrue(root.contains("--emit-html"), "\(root)")
    XCTAssertFalse(root.contains("--port"), "\(root)")
    XCTAssertEqual(try offer("outline fileB se"), ["serve-notes.txt"])
  }
}
