import Foundation
import XCTest

/// `scripts/install`, given the built binary (`--binary`: no build) and a temporary prefix: the
/// binary, the man page and the completion scripts where man and the shells look, a second run
/// that leaves the same files, `--uninstall`, and failures that install nothing.
final class InstallScriptTests: BinaryTestCase {
  /// The script, in the package's root.
  static let script = OutlineBinary.packageRoot.appendingPathComponent("scripts/install")

  /// What it installs, under the prefix.
  static let installed = [
    "bin/outline", "share/man/man1/outline.1", "share/bash-completion/completions/outline",
    "share/zsh/site-functions/_outline", "share/fish/vendor_completions.d/outline.fish",
  ]

  /// Runs `scripts/install` with `arguments` in `home`.
  func install(_ arguments: String...) throws -> OutlineBinary.Result {
    try OutlineBinary.run(arguments, home: home, executable: Self.script)
  }

  /// The paths of the regular files under `directory`, relative to it, sorted.
  func files(under directory: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: directory)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: directory + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
      {
        found.append(path)
      }
    }
    return found.sorted()
  }

  func contents(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  func testInstallPutsTheBinaryManPageAndCompletionsUnderThePrefix() throws {
    let binary = try OutlineBinary.require()
    let prefix = home + "/prefix"
    let result = try install("--binary", binary.path, prefix)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(files(under: prefix), Self.installed.sorted())

    let installedBinary = URL(fileURLWithPath: prefix + "/bin/outline")
    XCTAssertTrue(OutlineBinary.isExecutableFile(installedBinary.path))
    let version = try OutlineBinary.run(["--version"], home: home, executable: installedBinary)
    XCTAssertEqual(version.stdout, "outline 0.1.0\n")
    XCTAssertEqual(
      try contents(prefix + "/share/man/man1/outline.1"),
      try contents(OutlineBinary.packageRoot.path + "/man/outline.1"))

    let scripts = [
      ("bash", "share/bash-completion/completions/outline"),
      ("zsh", "share/zsh/site-functions/_outline"),
      ("fish", "share/fish/vendor_completions.d/outline.fish"),
    ]
    for (shell, path) in scripts {
      let generated = try OutlineBinary.run(
        ["--generate-completion-script", shell], home: home)
      XCTAssertEqual(generated.status, 0, generated.stderr)
      let script = try contents(prefix + "/" + path)
      XCTAssertEqual(script, generated.stdout, shell)
      // A -c text's first word completes from the catalog's command words.
      XCTAssertTrue(script.contains("expand"), "\(shell): no command words")
      XCTAssertTrue(script.contains("child-snapshot"), "\(shell): no command words")
    }
    // zsh's script has one rest argument, the FILEs': the help subcommand's is left out.
    let zsh = try contents(prefix + "/share/zsh/site-functions/_outline")
    XCTAssertTrue(zsh.contains("'*:file:_files'"), zsh)
    XCTAssertFalse(zsh.contains("'(-)*:: :->arg'"), zsh)
    let fish = try contents(prefix + "/share/fish/vendor_completions.d/outline.fish")
    XCTAssertFalse(fish.contains("Show subcommand help information."), fish)
  }

  func testASecondInstallLeavesTheSameFilesAndNoOthers() throws {
    let binary = try OutlineBinary.require()
    let prefix = home + "/prefix"
    XCTAssertEqual(try install("--binary", binary.path, prefix).status, 0)
    let first = try Self.installed.map {
      try Data(contentsOf: URL(fileURLWithPath: prefix + "/" + $0))
    }
    let again = try install("--binary", binary.path, prefix)
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(files(under: prefix), Self.installed.sorted())
    XCTAssertEqual(
      try Self.installed.map { try Data(contentsOf: URL(fileURLWithPath: prefix + "/" + $0)) },
      first)
  }

  func testUninstallRemovesTheFiles() throws {
    let binary = try OutlineBinary.require()
    let prefix = home + "/prefix"
    XCTAssertEqual(try install("--binary", binary.path, prefix).status, 0)
    let result = try install("--uninstall", prefix)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(files(under: prefix), [])
  }

  func testAMissingBinaryInstallsNothing() throws {
    let prefix = home + "/prefix"
    let result = try install("--binary", home + "/no-such-outline", prefix)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("nothing was installed"), result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: prefix))
  }

  /// The binary is copied first, beside its destination; the man page's directory cannot be
  /// made (`share` is a file): the binary is not renamed into place, and its copy is removed.
  func testADirectoryThatCannotBeMadeInstallsNothing() throws {
    let binary = try OutlineBinary.require()
    let prefix = home + "/prefix"
    try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
    XCTAssertTrue(FileManager.default.createFile(atPath: prefix + "/share", contents: Data()))
    let result = try install("--binary", binary.path, prefix)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("nothing was installed"), result.stderr)
    XCTAssertEqual(files(under: prefix), ["share"])
  }

  func testUsageErrorsInstallNothing() throws {
    for arguments in [["--frob", home + "/prefix"], [home + "/a", home + "/b"], [""]] {
      let result = try OutlineBinary.run(arguments, home: home, executable: Self.script)
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertTrue(result.stderr.hasPrefix("install: "), "\(arguments): \(result.stderr)")
    }
    XCTAssertEqual(files(under: home).filter { !$0.hasPrefix("state") }, [])
  }
}
