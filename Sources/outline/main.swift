import ArgumentParser
@preconcurrency import Foundation
import OutlineLanguage
import OutlineShell

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Arguments that are not UTF-8 would reach the parser with U+FFFD in place of the bad bytes, and
// then name another file or run another command: a usage error instead.
for index in 1..<Int(CommandLine.argc) {
  guard let argument = CommandLine.unsafeArgv[index] else { continue }
  if String(validatingCString: argument) == nil {
    fputs("outline: argument \(index) is not UTF-8 text\n", stderr)
    exit(ExitStatus.usage.rawValue)
  }
}

// `outline serve …`: the playground's server, when `serve` is the first argument.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "serve" {
  do {
    try ServeCommand.parse(Array(CommandLine.arguments.dropFirst(2))).serve()
  } catch {
    if ServeCommand.exitCode(for: error) == .success {
      print(ServeCommand.fullMessage(for: error))
      exit(0)
    }
    fputs("outline serve: " + Quoting.visible(ServeCommand.message(for: error)) + "\n", stderr)
    fputs(ServeCommand.usageString() + "\n", stderr)
    exit(ExitStatus.usage.rawValue)
  }
}

// A custom entry point: swift-argument-parser exits 64 on a usage error, the SPEC says 2.
let command: OutlineCommand
do {
  command = try OutlineCommand.parse()
} catch {
  let code = OutlineCommand.exitCode(for: error)
  if code == .success {
    // --help, --version or --generate-completion-script.
    print(CompletionScript.repaired(OutlineCommand.fullMessage(for: error)))
    exit(0)
  }
  // The message may quote an argument: its control characters are shown escaped.
  fputs("outline: " + Quoting.visible(OutlineCommand.message(for: error)) + "\n", stderr)
  fputs(OutlineCommand.usageString() + "\n", stderr)
  fputs("See 'outline --help'.\n", stderr)
  exit(ExitStatus.usage.rawValue)
}

let environment = ProcessInfo.processInfo.environment

let stdinIsTerminal = isatty(0) == 1
var options = ShellOptions()
options.scripts = command.scripts(in: Array(CommandLine.arguments.dropFirst()))
options.interactiveFile = command.interactiveFile
// --json-snapshots is --json with more in each line.
options.json = command.json || command.jsonSnapshots
options.jsonSnapshots = command.jsonSnapshots
options.keepGoing = command.keepGoing
options.swift = command.swift
options.emitSwift = command.emitSwift
options.emitHTML = command.emitHTML
options.quiz = command.quiz
options.echo = command.echo
options.openFiles = command.open
// -q is --output quiet, which opens with no banner; --no-banner only drops the banner.
// OUTLINE_OUTPUT is the default that they override; a bad value is read only when it is used.
if command.quiet {
  options.output = .quiet
} else if let output = command.output {
  options.output = output
} else {
  do {
    options.output = try ShellOptions.outputMode(environment: environment) ?? .full
  } catch {
    fputs("outline: \(Quoting.visible(error.message))\n", stderr)
    exit(ExitStatus.usage.rawValue)
  }
}
options.noBanner = command.noBanner
// Color only on a terminal that can show it: not with --no-color, NO_COLOR or TERM=dumb.
let colorAllowed =
  !command.noColor && !ShellOptions.noColor(environment: environment)
  && environment["TERM"] != "dumb"
options.color =
  colorAllowed && !options.json && !command.emitSwift && !command.emitHTML && isatty(1) == 1
options.errorColor = colorAllowed && isatty(2) == 1
let history = command.history ?? ShellOptions.defaultHistoryPath(environment: environment)
options.historyPath = history == "/dev/null" ? nil : history

Interrupts.install()
let console = StandardConsole()
let fileSystem = LocalFileSystem()
if stdinIsTerminal {
  fileSystem.standardInputRefusal =
    options.continuesWithInput
    ? "standard input is the terminal the session reads" : "standard input is a terminal"
} else if options.continuesWithInput && command.diff.isEmpty {
  fileSystem.standardInputRefusal = "standard input is the script being run"
}
let shell = Shell(options: options, console: console, fileSystem: fileSystem)
shell.session.editor = ProcessEditor(environment: environment)
if command.diff.count == 2 {
  let status = shell.runDiff(command.diff[0], command.diff[1])
  console.flush()
  exit(status.rawValue)
}
let status = shell.run(
  input: {
    guard stdinIsTerminal else { return PlainLineReader() }
    return ReadlineLineReader(historyPath: options.historyPath) { line in
      shell.session.completions(line: line, cursor: line.count)
    }
  }, interactive: stdinIsTerminal)
console.flush()
if ferror(stdout) != 0 {
  fputs("outline: cannot write to standard output: \(String(cString: strerror(errno)))\n", stderr)
  exit(status == .success ? ExitStatus.failure.rawValue : status.rawValue)
}
exit(status.rawValue)
