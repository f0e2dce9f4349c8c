/// Writes an outline read from an OPML file back in the file's own markup
/// (`OPMLDocumentSource`, `OPMLItemSource`): an untouched file comes back byte for byte, and an
/// edit changes only the elements of the items it touched.
///
/// ```text
/// file:   <body>\n    <!-- a -->\n    <outline text='A'/>\n    <outline text="B"/>\n  </body>
/// retitle B C, then save:
///         <body>\n    <!-- a -->\n    <outline text='A'/>\n    <outline text="C"/>\n  </body>
/// ```
///
/// For each item in order: its `leading` markup (re-indented when its level changed), its
/// start tag as written when the tag still says the item's text and attributes
/// (`OPMLStartTag.says`), else a start tag `OPMLWriter` makes; then its children, then its
/// `closing`. A tag that no longer says its item has its changed values written in place, in
/// the quotes they had (`OPMLStartTag.rewritten`), unless its attributes changed or moved:
/// then it is made anew. An empty-element tag that gains children is opened and closed by an
/// end tag on a line of its own; an element whose children all left, with nothing but blanks
/// before its end tag, becomes an empty-element tag. A new item (no source) is written in
/// `OPMLWriter`'s layout at the file's indentation, or with no line break before it (nor before
/// a new end tag) in a file that has none before any of its elements (a one-line file); a new
/// end tag is indented as most of the file's are, at its element's level or one deeper (as
/// Drummer writes them, `closesDeeper`). A tag made anew or closed takes the style of the tags
/// around it (`TagStyles`): its quotes and its `/>` or ` />` are its own where it had them,
/// else its nearest sibling's, else its parent's, else most of the file's tags'. The
/// `<expansionState>` is the file's text while its list, read over the outline as it is now,
/// expands what is expanded now (`ExpansionState.says`: an edit above a number moves the
/// line it names), else `ExpansionState.written` in the file's base and its way with leaves;
/// a file that had no `<expansionState>` gains none that would be empty (an expanded leaf,
/// which no list can name, reads back the same without one).
/// The text is then encoded in the file's encoding (`OPMLEncoding`).
enum OPMLSourceWriter {
  /// The file's bytes.
  ///
  /// - Throws: `FormatProblem` for an item `OPMLWriter` cannot write (see there).
  /// - Complexity: O(*b* + *n* log *n*) for *b* bytes written and *n* items (the log to check
  ///   the expansion state reads back), and the depth check of `OPMLWriter`.
  static func write(_ document: OutlineDocument, _ source: OPMLDocumentSource)
    throws(FormatProblem) -> [UInt8]
  {
    try OPMLWriter.checkDepth(document)
    var out: [UInt8] = []
    out.reserveCapacity(source.head.utf8.count + source.tail.utf8.count + 64 * document.nodes.count)
    out += source.head.utf8
    let expansion =
      ExpansionState.says(source.listed, of: document.nodes)
      ? nil
      : ExpansionState.written(
        document.nodes, base: document.expansionBase, leaves: document.expansionLeaves)
    // A file without a list gains none that is empty: it would read back as no list does.
    if let expansion, !(expansion.isEmpty && !source.open.isEmpty) {
      out += source.open.utf8
      // In the file's spacing: `1, 6, 13` stays spaced after a comma.
      out +=
        (source.expansion.contains(", ")
        ? expansion.split(separator: ",").joined(separator: ", ") : expansion).utf8
      out += source.close.utf8
    } else {
      out += source.expansion.utf8
    }
    let nodes = document.nodes
    switch source.bodyForm {
    case .open: out += source.body.utf8
    case .empty:
      out += (nodes.isEmpty ? source.body : OPMLStartTag.opened(source.body)).utf8
    case .missing:
      out += source.body.utf8
      if !nodes.isEmpty { out += Array("  <body>".utf8) }
    }
    // A file that writes its elements on one line (no line break before any of them) gets its
    // new ones on that line too.
    let isCompact =
      nodes.contains { $0.source != nil }
      && nodes.allSatisfy { $0.source.map { !$0.leading.contains("\n") } ?? true }
    let closingLevel = closesDeeper(nodes, source) ? 1 : 0
    // The elements open, with what closes each.
    var open: [(level: Int, closing: String)] = []
    var styles = TagStyles(nodes)  // its links made at its first use: most saves need none
    for (index, node) in nodes.enumerated() {
      while let last = open.last, last.level >= node.level {
        out += last.closing.utf8
        open.removeLast()
      }
      let hasChildren = document.hasChildren(index)
      let lineStart = isCompact ? "" : "\n" + source.indent(node.level)
      let newClosing =
        (isCompact ? "" : "\n" + source.indent(node.level + closingLevel)) + "</outline>"
      guard let item = node.source else {
        let style = styles.decide(index)
        out += lineStart.utf8
        var bytes: [UInt8] = []
        try OPMLWriter.appendStartTag(of: node, index, to: &bytes)
        out += style.quoted(bytes)
        out += (hasChildren ? ">" : style.emptyEnd).utf8
        if hasChildren { open.append((node.level, newClosing)) }
        continue
      }
      out += reindent(item.leading, from: item.level, to: node.level, source).utf8
      var tag: String
      if OPMLStartTag.says(item.startTag, node) {
        tag = item.startTag
      } else if let rewritten = try OPMLStartTag.rewritten(item.startTag, saying: node, index) {
        tag = rewritten
      } else {
        let style = styles.decide(index)
        var bytes: [UInt8] = []
        try OPMLWriter.appendStartTag(of: node, index, to: &bytes)
        tag =
          String(decoding: style.quoted(bytes), as: UTF8.self)
          + (item.closing == nil ? style.emptyEnd : ">")
      }
      if hasChildren {
        out += OPMLStartTag.opened(tag).utf8
        let closing = item.closing.map { reindent($0, from: item.level, to: node.level, source) }
        open.append((node.level, closing ?? newClosing))
      } else if let closing = item.closing {
        if item.hadChildren, closing.dropLast("</outline>".utf8.count).allSatisfy(\.isWhitespace) {
          out += styles.decide(index).closed(tag).utf8
        } else {
          out += tag.utf8
          out += reindent(closing, from: item.level, to: node.level, source).utf8
        }
      } else {
        out += tag.utf8
      }
    }
    while let last = open.popLast() { out += last.closing.utf8 }
    switch source.bodyForm {
    case .open: out += source.tail.utf8
    case .empty, .missing:
      if !nodes.isEmpty { out += ("\n  </body>" + (source.bodyForm == .missing ? "\n" : "")).utf8 }
      out += source.tail.utf8
    }
    return source.encoding.encode(out)
  }

  /// Whether most of the file's end tags on a line of their own are indented one level deeper
  /// than their elements' start tags (as Drummer writes them), rather than at the same level.
  ///
  /// - Complexity: O(*n*) in the items, and the length of their end tags' lines.
  static func closesDeeper(_ nodes: [OutlineDocument.Node], _ source: OPMLDocumentSource) -> Bool {
    var deeper = 0
    var same = 0
    for node in nodes {
      guard let item = node.source, item.hadChildren, let closing = item.closing?.utf8,
        let lineEnd = closing.lastIndex(where: { $0 == 0x0A || $0 == 0x0D })
      else { continue }
      let indentation = closing[closing.index(after: lineEnd)...].prefix {
        $0 == 0x20 || $0 == 0x09
      }
      if indentation.elementsEqual(source.indent(item.level + 1).utf8) {
        deeper += 1
      } else if indentation.elementsEqual(source.indent(item.level).utf8) {
        same += 1
      }
    }
    return deeper > same
  }

  /// `markup` with each line that starts with the indentation of level `old` starting with that
  /// of level `new` instead (unchanged when the levels are the same).
  ///
  /// - Complexity: O(*m*) in the length of the markup.
  static func reindent(
    _ markup: String, from old: Int, to new: Int, _ source: OPMLDocumentSource
  ) -> String {
    guard old != new, markup.contains("\n") else { return markup }
    let from = source.indent(old)
    let to = source.indent(new)
    var lines = markup.split(separator: "\n", omittingEmptySubsequences: false)
    for index in lines.indices.dropFirst() where lines[index].hasPrefix(from) {
      lines[index] = Substring(to) + lines[index].dropFirst(from.count)
    }
    return lines.joined(separator: "\n")
  }
}

extension OPMLSourceWriter {
  /// The style each tag made anew or closed is written in: its own where it had one, then its
  /// nearest sibling's (the one before it, then the one after), then its parent's, then most of
  /// the file's tags' (`OPMLTagStyle.common`, read once, when first needed).
  struct TagStyles {
    private let nodes: [OutlineDocument.Node]
    /// Each item's parent, previous and next sibling in the outline written (-1: none).
    private var parent: [Int] = []
    private var previous: [Int] = []
    private var next: [Int] = []
    /// The styles decided for new items, by item.
    private var decided: [Int: OPMLTagStyle] = [:]
    private var file: OPMLTagStyle?

    /// - Complexity: O(1): the links are made at the first `decide`.
    init(_ nodes: [OutlineDocument.Node]) { self.nodes = nodes }

    /// Links each item to its parent and siblings.
    ///
    /// - Complexity: O(*n*) in the items.
    private mutating func link() {
      parent.reserveCapacity(nodes.count)
      previous.reserveCapacity(nodes.count)
      next = [Int](repeating: -1, count: nodes.count)
      var open: [Int] = []
      var lastAtLevel: [Int] = []
      for index in nodes.indices {
        let level = min(max(nodes[index].level, 0), open.count)
        open.removeLast(open.count - level)
        parent.append(open.last ?? -1)
        let before = lastAtLevel.count > level ? lastAtLevel[level] : -1
        previous.append(before)
        if before >= 0 { next[before] = index }
        lastAtLevel.removeLast(max(0, lastAtLevel.count - level))
        lastAtLevel.append(index)
        open.append(index)
      }
    }

    /// The style of item `index`'s tag, made anew or closed.
    ///
    /// - Complexity: O(1), and O(*n*) once for the links and once for the file's common style.
    mutating func decide(_ index: Int) -> OPMLTagStyle {
      if parent.isEmpty && !nodes.isEmpty { link() }
      var style = own(index) ?? OPMLTagStyle(quote: nil, spacedEnd: nil)
      for other in [previous[index], next[index], parent[index]] where other >= 0 {
        if style.isComplete { break }
        if let theirs = own(other) { style = style.filled(from: theirs) }
      }
      if !style.isComplete {
        if file == nil { file = OPMLTagStyle.common(nodes.lazy.compactMap { $0.source?.startTag }) }
        style = style.filled(from: file ?? .plain)
      }
      if nodes[index].source == nil { decided[index] = style }
      return style
    }

    /// The style item `index`'s tag has as written, or was decided for a new item.
    private func own(_ index: Int) -> OPMLTagStyle? {
      if let source = nodes[index].source { return OPMLTagStyle(of: source.startTag) }
      return decided[index]
    }
  }
}
