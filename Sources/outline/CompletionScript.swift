/// The shell completion scripts that `outline --generate-completion-script bash|zsh|fish`
/// prints: swift-argument-parser's, less the `help` subcommand it writes into them.
///
/// swift-argument-parser's script generator adds a `help` subcommand to every command, though
/// its parser adds one only to a command that has subcommands: `outline help` runs a script file
/// named `help`. In zsh that subcommand's rest argument, `(-)*:: :->arg`, beside the FILE
/// arguments' own rest argument, `*:file:_files`, makes `_arguments` fail on every Tab
/// ("doubled rest argument definition"); fish offers `help` as a FILE. Those lines are left out;
/// the rest of each script (bash's `help` branch cannot be reached) is printed as generated.
enum CompletionScript {
  /// The zsh argument specifications of the `help` subcommand.
  static let zshHelpSpecifications: Set<String> = ["'(-): :->command'", "'(-)*:: :->arg'"]
  /// What ends fish's line that offers the `help` subcommand.
  static let fishHelpCompletion = "-fa 'help' -d 'Show subcommand help information.'"

  /// `script` without the lines that offer the `help` subcommand, when it is a zsh or fish
  /// completion script; any other text (the help, the version) as it is.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `script`.
  static func repaired(_ script: String) -> String {
    let isZsh = script.hasPrefix("#compdef ")
    let isFish = script.contains("\ncomplete -c ")
    guard isZsh || isFish else { return script }
    let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
    let kept = lines.filter { line in
      if isZsh {
        return !zshHelpSpecifications.contains(String(line.drop { $0 == " " }))
      }
      return !(line.hasPrefix("complete -c ") && line.hasSuffix(fishHelpCompletion))
    }
    return kept.joined(separator: "\n")
  }
}
