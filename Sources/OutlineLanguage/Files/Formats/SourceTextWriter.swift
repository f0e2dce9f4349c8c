/// Writes an outline back into the Markdown or text file it was read from (`SourceText`): every
/// line of an item no edit touched as it was, so a no-op round trip gives the file back byte for
/// byte (SPEC §4, "Files that lose nothing").
///
/// Each item is written as its head, then its own pieces and its children in the order the file
/// had them. A piece between two children stays before the children that followed it in the
/// file and before every heading child (which would take it as its own block): it is written
/// before the first child of its owner that is one of those, else at the owner's end. So a new
/// item after a list's last item continues that list, and a deleted, moved or indented child
/// takes none of its owner's lines with it (SPEC §4, "nothing else moves"). An item keeps its
/// head line unless it was retitled or its place asks for another form (`SourceLayout`); a
/// moved item's own lines are re-indented with it, and so are a copy's (`copy`, `duplicate`),
/// which are its original's: the copy reads as the original does, while the original keeps
/// its place among its parent's lines. An item from another file of the format (imported,
/// pasted or moved from another section: `OutlineDocument.foreign`) is written from
/// its lines there as a moved item is, that file's items merged after this one's
/// (`SourceText.merging(_:)`). A deleted item's lines go with it; nothing else is left out.
/// Lines the writer adds end as most of the file's lines do.
///
/// In Markdown an item's note is its paragraphs (`SourceText.note(of:)`): a note that is no
/// longer the one its lines give is written in their place, indented to the item's content (a
/// new note right after its head line, or after a blank line under a heading that the file
/// spaces from its text so, with a blank line before a block of the item that follows), and
/// `""` leaves them out; every other line of the item stays as it was. The reader takes lines
/// that continue a list item's line as its note, as it does a paragraph after a blank line. A
/// note that replaces one the file had so, right under the item's line (Logseq's `key:: value`
/// properties, say), stays there, as the file wrote it. A new list item's note gets a blank
/// line before it, a paragraph of its own (CommonMark renders lines that continue the item's
/// line as the title's paragraph), unless the item has no title: an empty item's content
/// cannot start after a blank line, and its first paragraph is its own. A note whose first
/// line would underline the title as a heading (`===`, `---`) gets the blank line either way.
///
/// A file whose last line had no ending keeps none: the line that now ends it loses its own.
///
/// What it writes is read back before it is returned: an outline the file's format cannot hold
/// as edited (a list item after a heading deeper than six, say) is refused rather than written
/// so that it would read back as another outline, and so is a note whose lines would not read
/// back as the same paragraphs (one starting `1. `, say; a line starting `- ` or `#` is
/// escaped, `SourceText.noteLines`).
struct SourceTextWriter {
  private let source: SourceText
  private let nodes: [OutlineDocument.Node]
  private let isWhole: Bool
  private var layout: SourceLayout
  private var out: [UInt8] = []
  /// Whether the last line written has no ending (the file's last line had none).
  private var lineIsOpen = false
  /// Whether the last line written holds text, and the file's line it was (-1: another).
  private var lastWasText = false
  private var lastLine = -1
  /// The item whose head is the last line written, -1 for none.
  private var lastHead = -1
  /// The node whose piece the last line written is a line of, -1 for none, and whether its
  /// item was written under another parent than the file's.
  private var lastPieceOwner = -1
  private var lastPieceMoved = false
  /// How many of each item's node's pieces were written for it (always the first ones, as
  /// pieces are in file order), and of the document's: counted by item, not by node, since a
  /// copy writes its original's node's pieces too.
  private var written: [Int]
  /// Whether a child of each item has been written: until one has, the pieces that its node
  /// had between its children wait, since right under its head they would read back as its
  /// note.
  private var childWritten: [Bool]
  /// Where blank lines that separated two groups of children are written.
  private let separators: BlankSeparators
  /// The list items that stand apart from their siblings, as a loose list's do.
  private let looseLists: LooseLists
  /// By item written: whether it is a list item of a list whose items stand apart.
  private var inLooseList: [Bool] = []
  private var documentWritten = 0
  /// Each source node's first child that is a heading, and the document's first summit that
  /// is one (`Int.max`: none): the owner's pieces before it must precede every heading child.
  private var firstHeadingChild: [Int]
  private var firstHeadingSummit = Int.max
  /// The items whose note was written anew, whose paragraphs must read back as it.
  private var notesWritten: [Int] = []
  /// The list items whose title opened a block in the file (`SourceText.titleOpensBlock`) and
  /// whose head was written anew: the lines after it must read back as the note it has.
  private var blockHeadsWritten: [Int] = []

  /// The file's bytes for `document`, written into `source`.
  ///
  /// - Throws: `FormatProblem` naming the first item the format cannot hold as placed.
  /// - Complexity: O(*b* + *n*) in the bytes written and the items; what was changed is read
  ///   back once, O(*b*) more; O(*f*) more in the bytes of the other files items came from.
  static func write(_ document: OutlineDocument, into source: SourceText) throws(FormatProblem)
    -> [UInt8]
  {
    var document = document
    let merged = merge(&document, into: source)
    var writer = SourceTextWriter(document, merged)
    let bytes = try writer.run()
    if document.isWhole && bytes == source.originalBytes { return bytes }
    try check(
      bytes, against: document, format: source.format, notes: writer.notesWritten,
      blockHeads: writer.blockHeadsWritten)
    return bytes
  }

  /// The file to write `document` into: `source`, with the files its items came from merged.
  ///
  /// The other files of `source`'s format that items came from are merged after it
  /// (`SourceText.merging(_:)`) and each such item's node renumbered into them, so that it is
  /// written from its own lines as a moved item is; `source` itself when no item came from
  /// such a file. An item from a file of another format is written as a new one.
  ///
  /// - Complexity: O(1) when no item came from another file; else O(*k*) in those items, and
  ///   O(*b*) in the bytes of `source` and the other files.
  private static func merge(_ document: inout OutlineDocument, into source: SourceText)
    -> SourceText
  {
    guard !document.foreign.isEmpty else { return source }
    var others: [SourceText] = []
    var numbers: [ObjectIdentifier: Int] = [:]
    for node in document.foreign {
      let other = node.file
      guard other !== source, other.format == source.format,
        numbers[ObjectIdentifier(other)] == nil
      else { continue }
      numbers[ObjectIdentifier(other)] = others.count
      others.append(other)
    }
    let (merged, offsets) = others.isEmpty ? (source, []) : source.merging(others)
    let foreign = document.foreign
    document.foreign = []
    for node in foreign {
      let (index, other) = (node.index, node.file)
      if let number = numbers[ObjectIdentifier(other)], let node = document.nodes[index].sourceNode,
        node >= 0, node < other.nodes.count
      {
        document.nodes[index].sourceNode = node + offsets[number]
      } else if other !== source {
        document.nodes[index].sourceNode = nil
        document.nodes[index].copiesSourceNode = false
      }
    }
    return merged
  }

  private init(_ document: OutlineDocument, _ source: SourceText) {
    self.source = source
    self.nodes = document.nodes
    self.isWhole = document.isWhole
    self.layout = SourceLayout(source: source, nodes: document.nodes)
    var firstHeading = [Int](repeating: Int.max, count: source.nodes.count)
    for index in source.nodes.indices {
      guard case .heading = source.nodes[index].kind else { continue }
      let parent = source.nodes[index].parent
      if parent >= 0 {
        firstHeading[parent] = min(firstHeading[parent], index)
      } else if parent == -1 {
        firstHeadingSummit = min(firstHeadingSummit, index)
      }
    }
    self.written = [Int](repeating: 0, count: document.nodes.count)
    self.childWritten = [Bool](repeating: false, count: document.nodes.count)
    self.separators = BlankSeparators(
      source: source, nodes: document.nodes, parents: layout.parents, isWhole: document.isWhole)
    self.firstHeadingChild = firstHeading
    self.looseLists = LooseLists(source: source)
  }

  private mutating func run() throws(FormatProblem) -> [UInt8] {
    out.reserveCapacity(source.bytes.count + 64)
    if source.hasByteOrderMark { out.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
    if isWhole { writeDocumentPieces(before: 0) }
    var open: [Int] = []
    for index in nodes.indices {
      let place = try layout.place(index)
      while let top = open.last, nodes[top].level >= nodes[index].level {
        close(open.removeLast())
      }
      writeOwnerPieces(before: index, place)
      writeHead(index, place)
      let note = changedNote(index, place)
      if note != nil { notesWritten.append(index) }
      if let note, place.source < 0 || source.nodes[place.source].note.isEmpty {
        if place.source >= 0, source.nodes[place.source].headRunsOn, !note.isEmpty {
          throw FormatProblem(
            item: index, text: nodes[index].text,
            "markdown cannot hold a note here: the item's first line opens a block that runs on"
              + " (a fence, a setext heading, a list), which paragraphs cannot follow; OPML and"
              + " the native file keep it")
        }
        if !note.isEmpty, case .heading(_, false) = place.kind, place.source >= 0,
          let piece = source.nodes[place.source].pieces.first, piece.after == -1,
          piece.lines.lowerBound == source.nodes[place.source].head.upperBound,
          SourceLayout.isBlank(source.line(piece.lines.lowerBound))
        {
          writeLine(source.lineEnding[...], shift: 0)  // apart from its heading, as the file's text
        }
        if !note.isEmpty, !nodes[index].text.isEmpty, case .item = place.kind {
          writeLine(source.lineEnding[...], shift: 0)  // else it would continue the item's line
        }
        writeNote(note, place, lastIsOpen: lineIsOpen)
        if place.source >= 0, let piece = source.nodes[place.source].pieces.first,
          piece.after == -1, !note.isEmpty,
          !SourceLayout.isBlank(source.line(piece.lines.lowerBound))
        {
          writeLine(source.lineEnding[...], shift: 0)  // a block after it would join its paragraph
        }
      }
      if place.source >= 0 {
        writePieces(
          of: index, before: 0, shift: place.shift,
          note: note.map { ($0, place, !nodes[index].text.isEmpty) })
      }
      open.append(index)
    }
    while let top = open.popLast() { close(top) }
    if isWhole {
      let tail = lastPieceOwner
      writeDocumentPieces(before: nil)
      keepFinalBlankLines(after: tail)
      keepNoFinalLineEnding()
    }
    return out
  }

  /// Takes off the blank lines an edit left at the end beyond as many as ended the file.
  ///
  /// It does when the last of the items' lines written were node `tail`'s, and the file's last
  /// item, not in its subtree, is written before it: blank lines an item kept before its next
  /// sibling, which a move left last (a section moved up from the end of the file, say). A
  /// deleted item takes only its own lines: the blank lines before it stay, even at the end.
  ///
  /// - Complexity: O(*n* + *k*) in the items and the bytes of the blank lines at either end.
  private mutating func keepFinalBlankLines(after tail: Int) {
    let lastNode = source.nodes.count - 1
    guard tail >= 0, layout.places.contains(where: { $0.source == lastNode }) else { return }
    var last = lastNode
    while last >= 0 {
      if last == tail { return }
      last = source.nodes[last].parent
    }
    let ending = Self.finalBlankLines(out)
    let extra = ending.count - Self.finalBlankLines(source.bytes).count
    guard extra > 0 else { return }
    let removesAll = extra == ending.count
    out.removeSubrange(ending[0]..<(removesAll ? out.count : ending[extra]))
    if removesAll && !out.isEmpty {
      lastWasText = true
      lineIsOpen = false
    }
  }

  /// Where each of the blank lines that end `bytes` starts, first to last.
  ///
  /// - Complexity: O(*k*) in the bytes of those lines.
  static func finalBlankLines(_ bytes: [UInt8]) -> [Int] {
    var starts: [Int] = []
    var end = bytes.count
    while end > 0 {
      var start = end
      if bytes[start - 1] == 0x0A { start -= 1 }
      if start > 0, bytes[start - 1] == 0x0D, start == end || start == end - 1 { start -= 1 }
      while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
      guard start < end, start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D
      else { break }
      starts.append(start)
      end = start
    }
    return starts.reversed()
  }

  /// Takes the ending off the last line written when the file's last line had none.
  ///
  /// So a file without a final line ending keeps none, whichever line now ends it; a blank
  /// line keeps its ending, which is all it is.
  private mutating func keepNoFinalLineEnding() {
    let last = source.ownLineCount - 1
    guard last >= 0, source.lineIsOpen(last), !lineIsOpen, lastWasText else { return }
    if out.last == 0x0A { out.removeLast() }
    if out.last == 0x0D { out.removeLast() }
    lineIsOpen = true
  }

  /// Ends item `index`'s subtree: its pieces not yet written.
  private mutating func close(_ index: Int) {
    let place = layout.places[index]
    guard place.source >= 0 else { return }
    writePieces(of: index, before: nil, shift: place.shift)
  }

  /// Writes the pieces of item `index`'s parent (the document's for a summit) that must come
  /// before it: those the file had before it when it is a child the file gave that parent (a
  /// copy under a copy of that parent too, not a copy beside its original), and all those
  /// before the file's first heading child when it is a heading.
  ///
  /// Blank lines that separated two groups of children wait for their place
  /// (`BlankSeparators`).
  ///
  /// - Complexity: O(log *p*) in the parent's pieces, and the lines written.
  private mutating func writeOwnerPieces(before index: Int, _ place: SourceLayout.Place) {
    let parent = layout.parents[index]
    let owner = parent >= 0 ? layout.places[parent].source : -1
    guard parent >= 0 ? owner >= 0 : isWhole else { return }
    var limit = Int.min
    if case .heading = place.kind {
      limit = owner >= 0 ? firstHeadingChild[owner] : firstHeadingSummit
    }
    let isOwn =
      place.source >= 0 && source.nodes[place.source].parent == owner
      && place.isCopy == (parent >= 0 && layout.places[parent].isCopy)
    if isOwn {
      // Before the first child written, only the pieces the file had before its first child:
      // a paragraph that sat after a child deleted or moved later would land under the
      // owner's head and become its note; it waits for the next child, or the owner's end.
      limit = max(limit, owner < 0 || childWritten[parent] ? place.source : 0)
    }
    if parent >= 0 { childWritten[parent] = true }
    guard limit > 0 else { return }
    if owner >= 0 {
      writePieces(of: parent, before: limit, shift: layout.places[parent].shift, next: index)
    } else {
      writeDocumentPieces(before: limit, next: index)
    }
  }

  /// Writes the pieces of item `item`'s node not yet written for it that are anchored before
  /// child `limit` (a node; 0: those before its first child), or all of them when `limit` is
  /// nil, re-indented by `shift` columns; with `note`, its note's lines are left out and the
  /// new note's written in their place (after a blank line only when it follows the line of a
  /// list item with a title and would underline it: the file had the note there).
  ///
  /// Blank lines that separate two groups of children stop it until `next`, the item about to
  /// be written (`Int.max`: none), is the one they wait for (`BlankSeparators`).
  private mutating func writePieces(
    of item: Int, before limit: Int?, shift: Int, next: Int = Int.max,
    note: (text: String, place: SourceLayout.Place, hasTitle: Bool)? = nil
  ) {
    let owner = layout.places[item].source
    let pieces = source.nodes[owner].pieces
    let noteLines = note == nil ? 0..<0 : source.nodes[owner].note
    let end = limit.map { Self.first(of: pieces, after: $0) } ?? pieces.count
    while written[item] < end {
      let piece = pieces[written[item]]
      if separators.waits(item, piece: written[item], before: next) { return }
      written[item] += 1
      if writesBlankLinesOnly(piece, of: item) { continue }
      for line in piece.lines {
        if noteLines.contains(line) {
          if line == noteLines.lowerBound, let (text, place, hasTitle) = note {
            if !text.isEmpty, hasTitle, case .item = place.kind,
              line == source.nodes[owner].head.upperBound, Self.wouldUnderline(text)
            {
              writeLine(source.lineEnding[...], shift: 0)  // else the title would be a heading
            }
            writeNote(text, place, lastIsOpen: source.lineIsOpen(noteLines.upperBound - 1))
          }
          continue
        }
        writeLine(source.line(line), shift: shift)
        lastPieceOwner = owner
        lastPieceMoved = layout.isReparented(item)
        if shift == 0 { lastLine = line }
      }
    }
  }

  /// Writes the document's own pieces not yet written that are anchored before summit `limit`,
  /// or all of them when `limit` is nil; blank lines that separate two groups of summits stop
  /// it as they stop `writePieces`.
  private mutating func writeDocumentPieces(before limit: Int?, next: Int = Int.max) {
    let end = limit.map { Self.first(of: source.pieces, after: $0) } ?? source.pieces.count
    while documentWritten < end {
      if separators.waits(-1, piece: documentWritten, before: next) { return }
      if writesBlankLinesOnly(source.pieces[documentWritten], of: -1) {
        documentWritten += 1
        continue
      }
      for line in source.pieces[documentWritten].lines {
        writeLine(source.line(line), shift: 0)
        lastLine = line
      }
      documentWritten += 1
    }
  }

  /// Writes `piece` of item `owner` (-1: the document) when it is blank lines only, and says
  /// whether it was.
  ///
  /// It writes as many as it has beyond the blank lines that end what was written when those
  /// are the pieces of an item written under another parent than the file's: so blank lines
  /// that two items kept (a moved item's before its next sibling, its new parent's after its
  /// children) are written once, not one run after the other. Nothing the file had is run
  /// together so, as every run of blank lines in it is one piece, and nothing a deletion
  /// brings together is taken away.
  ///
  /// - Complexity: O(*k*) in the piece's lines and the blank lines that end what was written.
  private mutating func writesBlankLinesOnly(_ piece: SourceText.Piece, of owner: Int) -> Bool {
    guard piece.lines.allSatisfy({ SourceLayout.isBlank(source.line($0)) }) else { return false }
    let already =
      !lastPieceMoved || lastWasText || lineIsOpen ? 0 : Self.finalBlankLines(out).count
    for line in piece.lines.dropFirst(min(already, piece.lines.count)) {
      writeLine(source.line(line), shift: 0)
      lastPieceOwner = owner < 0 ? -1 : layout.places[owner].source
      lastPieceMoved = owner >= 0 && layout.isReparented(owner)
    }
    return true
  }

  /// The first of `pieces` anchored after `anchor` or later.
  ///
  /// A piece's anchor is the last child started before it, so anchors never decrease in file
  /// order: a binary search finds them, where a scan at each child's head would make a save
  /// quadratic in a file of many items and paragraphs between them.
  ///
  /// - Complexity: O(log *p*) in the pieces.
  private static func first(of pieces: [SourceText.Piece], after anchor: Int) -> Int {
    var low = 0
    var high = pieces.count
    while low < high {
      let middle = (low + high) / 2
      if pieces[middle].after < anchor { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Writes item `index`'s head: the file's lines, or the layout's new ones.
  private mutating func writeHead(_ index: Int, _ place: SourceLayout.Place) {
    if lastWasText, lastHead >= 0, lastHead == layout.parents[index],
      layout.spacesFromHeading(index, place)
    {
      writeLine(source.lineEnding[...], shift: 0)  // as the file spaces its headings' text
    }
    defer { lastHead = index }
    if case .heading(_, true) = place.kind, place.source >= 0, lastWasText,
      lastLine != source.nodes[place.source].head.lowerBound - 1
    {
      // A setext heading's text would join a paragraph above it that is not the one it had.
      writeLine(source.lineEnding[...], shift: 0)
    }
    if lastWasText, layout.needsBlankBefore(index, place) {
      // A list starting past 1 cannot interrupt a paragraph: it would read as its text.
      writeLine(source.lineEnding[...], shift: 0)
    }
    if lastWasText, layout.spacesHeading(index, place) {
      writeLine(source.lineEnding[...], shift: 0)  // as the file spaces its headings
    }
    if standsApart(index, place), lastWasText {
      writeLine(source.lineEnding[...], shift: 0)  // as the file spaces the list's items
    }
    if place.keepsHead {
      for line in source.nodes[place.source].head {
        writeLine(source.line(line), shift: 0)
        lastLine = line
      }
      return
    }
    if nodes[index].text.isEmpty, lastWasText, index > 0,
      nodes[index - 1].level < nodes[index].level, !nodes[index - 1].text.isEmpty
    {
      writeLine(source.lineEnding[...], shift: 0)  // an empty item cannot interrupt a paragraph
    }
    let (head, extra) = layout.head(index, place, lineEnding: source.lineEnding)
    if place.source >= 0, source.titleOpensBlock(place.source) { blockHeadsWritten.append(index) }
    writeLine(head[...], shift: 0)
    for line in extra { writeLine(source.line(line), shift: place.shift) }
  }

  /// Whether list item `index`, placed as `place` after a sibling, stands apart from it by a
  /// blank line (`LooseLists`).
  ///
  /// An item the file had under the same parent does when it stood apart there; a new item, or
  /// one moved in from another parent, when its previous sibling's list stands apart. Called
  /// once for each item, in order (it records the item's list in `inLooseList`).
  ///
  /// - Complexity: O(1).
  private mutating func standsApart(_ index: Int, _ place: SourceLayout.Place) -> Bool {
    let sibling = layout.previous[index]
    var apart = false
    if case .item = place.kind {
      if place.source >= 0, !layout.isReparented(index) {
        apart = looseLists.isApart(place.source)  // in its list, as the file spaced it
      } else if sibling >= 0 {
        apart = inLooseList[sibling]  // new or moved in: as the list it joins
      }
    }
    inLooseList.append(apart)
    return apart && sibling >= 0
  }

  /// Item `index`'s note when a save must write it: when it is not the note its lines in the
  /// file give (a new item's, when it has one); nil when the file's lines stand, and in
  /// indented text, which holds no notes.
  ///
  /// - Complexity: O(*k*) in the bytes of the notes compared.
  private func changedNote(_ index: Int, _ place: SourceLayout.Place) -> String? {
    guard source.format == .markdown else { return nil }
    let note = nodes[index].note
    if place.source < 0 { return note.isEmpty ? nil : note }
    return note == source.note(of: place.source) ? nil : note
  }

  /// Whether `note`'s first line, right under a list item's line, would underline its title
  /// as a setext heading: `=`s or `-`s alone.
  ///
  /// - Complexity: O(*k*) in the length of the first line.
  private static func wouldUnderline(_ note: String) -> Bool {
    let line = note.utf8.prefix { $0 != 0x0A && $0 != 0x0D }
      .filter { $0 != 0x20 && $0 != 0x09 }
    guard let first = line.first, first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else {
      return false
    }
    return line.allSatisfy { $0 == first }
  }

  /// Writes `note` as the paragraphs of the item placed at `place`, indented to its content (a
  /// heading's at the margin); its last line without an ending when `lastIsOpen` (it ends the
  /// file, as the lines it follows or replaces did).
  private mutating func writeNote(_ note: String, _ place: SourceLayout.Place, lastIsOpen: Bool) {
    guard !note.isEmpty else { return }
    var column = 0
    if case .item(let marker) = place.kind { column = marker.contentColumn }
    for line in SourceText.noteLines(
      note, indentation: layout.indentation(column), ending: source.lineEnding,
      lastIsOpen: lastIsOpen)
    {
      writeLine(line[...], shift: 0)
    }
  }

  /// Appends a line (its ending included, or none for a file's last line), its indentation
  /// moved by `shift` columns when it is not blank.
  private mutating func writeLine(_ line: ArraySlice<UInt8>, shift: Int) {
    if lineIsOpen { out.append(contentsOf: source.lineEnding) }
    lastWasText = !SourceLayout.isBlank(line)
    lastLine = -1
    lastHead = -1
    lastPieceOwner = -1
    lastPieceMoved = false
    if shift == 0 || SourceLayout.isBlank(line) {
      out.append(contentsOf: line)
    } else {
      out.append(contentsOf: layout.reindented(line, by: shift))
    }
    lineIsOpen = !(line.last == 0x0A || line.last == 0x0D)
  }

  /// Reads `bytes` back and throws when they do not give `document`'s titles and levels, and
  /// in Markdown the notes of the items `notes` and `blockHeads` list.
  ///
  /// `blockHeads` are list items whose first line opened a block (a fence, a quote) and was
  /// written anew: a title that no longer opens it leaves the lines after it to read back as
  /// a note (a code block's lines as paragraphs), which is refused.
  ///
  /// Only notes that were written are checked: an item whose note's lines stand as they were
  /// may read back with more of them when an edit took away the block that ended them (a
  /// deleted child with paragraphs of its parent's after it), and refusing that edit would
  /// keep no byte more.
  static func check(
    _ bytes: [UInt8], against document: OutlineDocument, format: OutlineFormat,
    notes: [Int] = [], blockHeads: [Int] = []
  ) throws(FormatProblem) {
    let again =
      try format == .markdown ? MarkdownReader.read(bytes) : IndentedTextReader.read(bytes)
    var nextNote = 0  // in `notes`, which lists items in order
    var nextBlockHead = 0  // in `blockHeads`, which lists items in order
    for (index, node) in document.nodes.enumerated() {
      let found = index < again.nodes.count ? again.nodes[index] : nil
      guard let read = found, read.text == node.text, read.level == node.level else {
        throw FormatProblem(
          item: index, text: node.text,
          "\(format.rawValue) cannot hold the outline as edited here: "
            + misreading(index, as: found, in: document)
            + "; undo the edit, or save as .opml or .json, which keep it")
      }
      if nextBlockHead < blockHeads.count, blockHeads[nextBlockHead] == index {
        nextBlockHead += 1
        if read.note != node.note {
          throw FormatProblem(
            item: index, text: node.text,
            "markdown cannot hold the item's new title here: its first line opened a block (a "
              + "fence, a quote) that the lines after it belong to, and the new title does not "
              + "open it, so they would read back as its note (\(Quoting.word(read.note))); "
              + "give it a title that opens the same block, or save as .json, which keeps it")
        }
      }
      guard nextNote < notes.count, notes[nextNote] == index else { continue }
      nextNote += 1
      if read.note != node.note {
        throw FormatProblem(
          item: index, text: node.text,
          "markdown cannot hold the item's note as paragraphs: it would read back as "
            + Quoting.word(read.note) + " (a line that is indented as code or underlines "
            + "with === or ---, or a blank line at either end, is not a paragraph's); OPML "
            + "and the native file keep it")
      }
    }
    if again.nodes.count > document.nodes.count {
      let extra = again.nodes[document.nodes.count]
      throw FormatProblem(
        item: document.nodes.count, text: extra.text,
        "\(format.rawValue) cannot hold the outline as edited: an item's lines would read back as"
          + " another item")
    }
  }

  /// How item `index` of `document` would read back, as `read`: joined to a block above it
  /// (no item, or the next one, is read in its place), at another level, or as another text.
  private static func misreading(
    _ index: Int, as read: OutlineDocument.Node?, in document: OutlineDocument
  ) -> String {
    let node = document.nodes[index]
    if let read, read.text == node.text {
      return "the item would read back at level \(read.level), not level \(node.level) (its"
        + " lines would fall under another item or out of its parent)"
    }
    guard let read, index + 1 == document.nodes.count || document.nodes[index + 1].text != read.text
    else {
      return "the item's line would not read back as an item: it would join the block above"
        + " it (a code block or paragraph of the file that its new place runs into)"
    }
    let level = read.level == node.level ? "" : " at level \(read.level), not level \(node.level)"
    return "the item would read back as \(Quoting.word(read.text))\(level)"
  }
}
