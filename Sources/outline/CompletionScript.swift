import ArgumentParser

/// The shell completion scripts that `outline --generate-completion-script bash|zsh|fish`
/// prints: swift-argument-parser's, less the `help` subcommand it writes into them, plus
/// `serve` and its arguments.
///
/// swift-argument-parser's script generator adds a `help` subcommand to every command, though
/// its parser adds one only to a command that has subcommands: `outline help` runs a script file
/// named `help`. In zsh that subcommand's rest argument, `(-)*:: :->arg`, beside the FILE
/// arguments' own rest argument, `*:file:_files`, makes `_arguments` fail on every Tab
/// ("doubled rest argument definition"); fish offers `help` as a FILE. Those lines are left out;
/// the rest of each script (bash's `help` branch cannot be reached) is printed as generated.
///
/// `outline serve` is read before the options are parsed (main.swift), so `OutlineCommand` has
/// no subcommand the generator could see. `ServeCompletions`, `outline` with `serve` as its one
/// subcommand, has the generator write `serve`'s part (its options, their values, SCRIPT), which
/// is spliced into `outline`'s script with a few lines of each shell's own: the first word may
/// be `serve`, and after it only `serve`'s arguments are offered.
enum CompletionScript {
  /// The zsh argument specifications of the `help` subcommand.
  static let zshHelpSpecifications: Set<String> = ["'(-): :->command'", "'(-)*:: :->arg'"]
  /// What ends fish's line that offers the `help` subcommand.
  static let fishHelpCompletion = "-fa 'help' -d 'Show subcommand help information.'"

  /// The shell a completion script is for, from its text.
  static func shell(of script: String) -> CompletionShell? {
    if script.hasPrefix("#compdef ") { return .zsh }
    if script.contains("\ncomplete -c ") { return .fish }
    if script.hasPrefix("#!/bin/bash"), script.contains("\ncomplete -o filenames -F _outline") {
      return .bash
    }
    return nil
  }

  /// `script` without the lines that offer the `help` subcommand and with `serve`'s, when it is
  /// a completion script; any other text (the help, the version) as it is.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `script`.
  static func repaired(_ script: String) -> String {
    guard let shell = shell(of: script) else { return script }
    let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
    let kept = lines.filter { line in
      switch shell {
      case .zsh: return !zshHelpSpecifications.contains(String(line.drop { $0 == " " }))
      case .fish:
        return !(line.hasPrefix("complete -c ") && line.hasSuffix(fishHelpCompletion))
      default: return true
      }
    }
    return withServe(kept.joined(separator: "\n"), shell: shell)
  }

  /// `script`, `outline`'s completion script for `shell`, with `serve` offered as the first
  /// word and its own arguments after it.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `script`.
  static func withServe(_ script: String, shell: CompletionShell) -> String {
    let serve = ServeCompletions.completionScript(for: shell)
    var script = script
    switch shell {
    case .bash:
      splice(
        into: &script,
        after: "    local -a unparsed_words=(\"${COMP_WORDS[@]:1:${COMP_CWORD}}\")\n",
        """
            # `outline serve`: only the playground's own arguments (_outline_serve, below).
            if [[ "${COMP_CWORD}" -gt 1 && "${unparsed_words[0]}" = serve ]]; then
                local -a repeating_flags non_repeating_flags repeating_options non_repeating_options
                unparsed_words=("${unparsed_words[@]:1}")
                _outline_serve
                return
            fi

        """)
      splice(
        into: &script, before: "    # Offer positional completions\n",
        """
            # The first word may be `serve`, the playground.
            if [[ "${COMP_CWORD}" -eq 1 ]]; then
                __outline_add_completions -W serve
            fi

        """)
      splice(
        into: &script, before: "complete -o filenames -F _outline outline",
        section(of: serve, from: "_outline_serve() {\n", to: "\n}\n") + "\n")
    case .zsh:
      splice(
        into: &script, after: "    local -ir current_word_index=\"$((CURRENT - 1))\"\n",
        """

            # `outline serve`: only the playground's own arguments (_outline_serve, below).
            if (( CURRENT > 2 )) && [[ "${words[2]}" = serve ]]; then
                shift words
                (( CURRENT-- ))
                _outline_serve
                return
            fi

        """)
      let description = section(of: serve, from: "            'serve:", to: "\n")
      splice(
        into: &script, before: "    _arguments -w -s -S : \"${arg_specs[@]}\" && ret=0\n",
        """
            # The first word may be `serve`, the playground.
            if (( CURRENT == 2 )) && [[ "${PREFIX}" != -* ]]; then
                local -ar serve_subcommand=(
        \(description.dropLast())
                )
                _describe -V subcommand serve_subcommand && ret=0
            fi

        """)
      splice(
        into: &script, before: "if [[ \"${funcstack[1]}\" = _outline ]]; then\n",
        section(of: serve, from: "_outline_serve() {\n", to: "\n}\n") + "\n")
    case .fish:
      let parse = section(of: serve, from: "        case 'serve'\n", to: "\n")
      splice(
        into: &script, after: "    case 'outline'\n",
        """
                if test "$unparsed_tokens[2]" = serve
                    # `outline serve`: only the playground's own arguments.
                    set -a commands $unparsed_tokens[1]
                    set -e unparsed_tokens[1]
                    \(parse.split(separator: "\n")[1].drop { $0 == " " })
                    return
                end

        """)
      let lines = serve.split(separator: "\n").filter {
        $0.hasPrefix("complete -c 'outline' ")
          && ($0.contains("\"outline serve\"") || $0.hasSuffix("-fa 'serve' -d '\(serveAbstract)'"))
      }
      script += (script.hasSuffix("\n") ? "" : "\n") + lines.joined(separator: "\n")
    default:
      break
    }
    return script
  }

  /// `serve`'s one-line summary, as the generator writes it.
  static var serveAbstract: String { ServeCommand.configuration.abstract }

  /// The text of `script` from the first `start` (included) to the next `end` (included).
  private static func section(of script: String, from start: String, to end: String) -> String {
    guard let first = script.range(of: start),
      let last = script.range(of: end, range: first.upperBound..<script.endIndex)
    else {
      preconditionFailure(
        "swift-argument-parser's script for serve has no \(start.debugDescription)")
    }
    return String(script[first.lowerBound..<last.upperBound])
  }

  /// Inserts `text` into `script` after the first `anchor`.
  private static func splice(into script: inout String, after anchor: String, _ text: String) {
    guard let found = script.range(of: anchor) else {
      preconditionFailure("the completion script has no \(anchor.debugDescription)")
    }
    script.insert(contentsOf: text, at: found.upperBound)
  }

  /// Inserts `text` into `script` before the first `anchor`.
  private static func splice(into script: inout String, before anchor: String, _ text: String) {
    guard let found = script.range(of: anchor) else {
      preconditionFailure("the completion script has no \(anchor.debugDescription)")
    }
    script.insert(contentsOf: text, at: found.lowerBound)
  }
}

/// `outline` with `serve` as its only subcommand, for completion scripts only.
///
/// Its scripts hold `serve`'s own part (its options and SCRIPT), which `CompletionScript`
/// splices into `outline`'s. `OutlineCommand` cannot declare the subcommand: its FILE arguments
/// take every word, `serve` among them, and `outline serve` is read before it parses
/// (main.swift).
struct ServeCompletions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outline", subcommands: [ServeCommand.self])
}
