import OutlineLanguage

/// Runs arbitrary bytes through one of the outline file readers, and what it read back through
/// its writer and reader: the check that `outline-fuzz` runs on an input whose first line is
/// `#format NAME` (`opml`, `markdown`, `text`), the rest of the input being the file.
///
/// It checks that reading never traps (a `FormatProblem` is a fine answer); that what it reads
/// is an outline in pre-order; and that when the writer accepts it (text refuses some texts,
/// OPML a character XML cannot hold), the reader reads back the same outline: for OPML the same
/// nodes (levels, texts, attributes, expansion where OPML can say it) and head, for Markdown and
/// text the same texts and levels; and that the written file reads with no loss
/// (`OutlineDocument.losses`).
///
/// ```swift
/// FormatFuzzCheck.problem(running: Array("#format markdown\n- a\n  - b\n".utf8))  // nil
/// ```
public enum FormatFuzzCheck {
  /// The format and the file when `bytes` is a format input (`#format NAME` first), else nil.
  package static func input(_ bytes: [UInt8]) -> (OutlineFormat, [UInt8])? {
    let marker = Array("#format ".utf8)
    guard bytes.starts(with: marker) else { return nil }
    let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let name = String(decoding: bytes[marker.count..<end], as: UTF8.self)
    guard let format = OutlineFormat(name: name), format != .native else { return nil }
    return (format, Array(bytes[min(end + 1, bytes.count)...]))
  }

  /// Whether `bytes` is a format input, which `problem(running:)` checks.
  public static func isFormatInput(_ bytes: [UInt8]) -> Bool { input(bytes) != nil }

  /// The first broken rule for the format input `bytes`, or nil when every check held (or the
  /// input is not a format input).
  public static func problem(running bytes: [UInt8]) -> String? {
    guard let (format, file) = input(bytes) else { return nil }
    let document: OutlineDocument
    do {
      document = try format.read(file)
    } catch {
      return error.message.isEmpty ? "\(format): a problem without a message" : nil
    }
    if let bad = document.firstBadLevel() {
      return "\(format): node \(bad) is at level \(document.nodes[bad].level), out of pre-order"
    }
    let written: [UInt8]
    do {
      written = try format.write(document)
    } catch {
      // Only OPML (characters XML cannot hold, a value too long) and text (texts it cannot
      // hold) refuse, and only with a message.
      return format == .markdown || error.message.isEmpty
        ? "\(format): the writer refused what the reader read: \(error.message)" : nil
    }
    let again: OutlineDocument
    do {
      again = try format.read(written)
    } catch {
      return "\(format): what the writer wrote does not read: \(error.message)"
    }
    // What the writer writes is the writer's own layout: a reader loses none of it, or a
    // `load F; save --force F` would leave a file that every later save refuses.
    if let loss = again.losses.first {
      return "\(format): what the writer wrote reads with a loss: \(loss.detail)"
    }
    switch format {
    case .opml:
      let expected = representable(document)
      if again.nodes != expected.nodes { return "opml: the nodes changed in a round trip" }
      // The writer writes one expansionState, from the nodes: a second one is a loss the reader
      // reports, and every other field comes back.
      let kept = document.head.filter { $0.name != "expansionState" }
      if again.head != kept { return "opml: the head changed in a round trip" }
      if kept.count != document.head.count,
        !document.losses.contains(where: { $0.singular == "repeated <expansionState>" })
      {
        return "opml: a second expansionState was lost with no loss reported"
      }
    default:
      if again.nodes.map(\.text) != document.nodes.map(\.text)
        || again.nodes.map(\.level) != document.nodes.map(\.level)
      {
        return "\(format): the texts or levels changed in a round trip"
      }
    }
    return nil
  }

  /// `document` with `expanded` only where OPML's expansion state can say it: a parent whose
  /// ancestors are all expanded.
  package static func representable(_ document: OutlineDocument) -> OutlineDocument {
    var document = document
    var hiddenBelow = Int.max
    for index in document.nodes.indices {
      let node = document.nodes[index]
      if node.level > hiddenBelow {
        document.nodes[index].expanded = false
        continue
      }
      hiddenBelow = Int.max
      if !document.hasChildren(index) {
        document.nodes[index].expanded = false
      } else if !node.expanded {
        hiddenBelow = node.level
      }
    }
    return document
  }
}
