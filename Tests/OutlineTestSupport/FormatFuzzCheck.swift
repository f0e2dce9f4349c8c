import OutlineLanguage

/// Runs arbitrary bytes through one of the outline file readers, and what it read back through
/// its writer and reader: the check that `outline-fuzz` runs on an input whose first line is
/// `#format NAME` (`opml`, `markdown`, `text`), the rest of the input being the file.
///
/// It checks that reading never traps (a `FormatProblem` is a fine answer); that what it reads
/// is an outline in pre-order; and that when the writer accepts it (text refuses some texts,
/// OPML a character XML cannot hold), the reader reads back the same outline: for OPML the same
/// nodes (levels, texts, attributes, expansion where OPML can say it) and head, for Markdown and
/// text the same texts and levels (and Markdown's notes); and that the written file reads with
/// no loss (`OutlineDocument.losses`).
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
      if let problem = opmlProblem(file, document, written, again) { return problem }
    default:
      if let problem = textProblem(format, file, document, written) { return problem }
    }
    return nil
  }

  /// Markdown and text: a no-op write gives the file back byte for byte; the outline written
  /// in `outline`'s own layout reads back the same; an edited outline (its first title
  /// changed, its last item deleted) reads back as edited, or is refused with a message.
  static func textProblem(
    _ format: OutlineFormat, _ file: [UInt8], _ document: OutlineDocument, _ written: [UInt8]
  ) -> String? {
    func shape(_ document: OutlineDocument) -> [String] {
      document.nodes.map { "\($0.level) \($0.text) \($0.note.debugDescription)" }
    }
    if written != file { return "\(format): a no-op write did not give the file back" }
    var plain = document
    plain.source = nil
    if let layout = try? format.write(plain) {
      guard let again = try? format.read(layout), shape(again) == shape(document) else {
        return "\(format): the texts or levels changed in a round trip of the own layout"
      }
    }
    var edited = document
    guard !edited.nodes.isEmpty else { return nil }
    edited.nodes[0].text = "edited " + edited.nodes[0].text.prefix(8)
    if format == .markdown {
      edited.nodes[0].attributes = [
        Attribute(
          name: "_note",
          value: "edited note" + (document.nodes[0].note.isEmpty ? "" : "\n\n")
            + document.nodes[0].note.prefix(8))
      ]
    }
    if edited.nodes.count > 1 && edited.nodes[edited.nodes.count - 1].level > 0 {
      edited.nodes.removeLast()
    }
    let bytes: [UInt8]
    do {
      bytes = try format.write(edited)
    } catch {
      return error.message.isEmpty ? "\(format): an edit was refused with no message" : nil
    }
    // An item's note may take in its paragraphs after the deleted one: titles and levels, and
    // the first item's note, which was written, are what must read back.
    func titles(_ document: OutlineDocument) -> [String] {
      document.nodes.map { "\($0.level) \($0.text)" }
    }
    guard let again = try? format.read(bytes), titles(again) == titles(edited),
      again.nodes[0].note == edited.nodes[0].note
    else {
      return "\(format): an edited outline does not read back as edited"
    }
    return nil
  }

  /// The OPML properties: a file whose markup the reader kept comes back byte for byte from a
  /// no-op write; written in `outline`'s own layout (the markup dropped), it reads back to the
  /// same nodes and head, and that layout comes back byte for byte; an edit (the first item
  /// retitled, the last one deleted) reads back as edited.
  private static func opmlProblem(
    _ file: [UInt8], _ document: OutlineDocument, _ written: [UInt8], _ again: OutlineDocument
  ) -> String? {
    if document.opml != nil {
      if written != file { return "opml: a no-op write changed the bytes" }
      if !document.losses.isEmpty { return "opml: a file kept whole reports a loss" }
    } else if again.opml == nil {
      return "opml: what the writer wrote is not kept whole"
    }
    var plain = document
    plain.opml = nil
    for index in plain.nodes.indices { plain.nodes[index].source = nil }
    let layout: [UInt8]
    let read: OutlineDocument
    do {
      layout = try OutlineFormat.opml.write(plain)
      read = try OutlineFormat.opml.read(layout)
    } catch {
      return "opml: outline's own layout does not write or read: \(error.message)"
    }
    if representable(read).plainNodes != representable(plain).plainNodes {
      return "opml: the nodes changed in a round trip"
    }
    // The layout writes one expansionState, from the nodes, and every other field.
    if read.head != plain.head.filter({ $0.name != "expansionState" }) {
      return "opml: the head changed in a round trip"
    }
    if (try? OutlineFormat.opml.write(read)) != layout {
      return "opml: a file in outline's own layout does not come back byte for byte"
    }
    var edited = document
    guard !edited.nodes.isEmpty else { return nil }
    edited.nodes[0].text += " & <edited>"
    edited.nodes[0].hasText = true
    if edited.nodes.count > 1, edited.nodes.last!.level > 0 || edited.nodes.count > 2 {
      edited.nodes.removeLast()
    }
    do {
      let back = try OutlineFormat.opml.read(try OutlineFormat.opml.write(edited))
      if representable(back).plainNodes != representable(edited).plainNodes {
        return "opml: an edit did not read back as made"
      }
    } catch {
      return "opml: an edit does not write or read: \(error.message)"
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

extension OutlineDocument {
  /// The nodes without their OPML markup (`source`): what a file says, whatever its layout.
  package var plainNodes: [Node] {
    nodes.map {
      var node = $0
      node.source = nil
      return node
    }
  }
}
