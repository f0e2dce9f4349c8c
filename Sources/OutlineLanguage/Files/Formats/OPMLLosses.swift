/// What `OPMLBuilder` reads in an OPML file and no node or head field keeps, counted as it
/// goes, and the losses (`FormatLoss`) it makes of them.
///
/// ```xml
/// <?xml-stylesheet href="outline.xsl"?>       ← a processing instruction
/// <!-- written by the OPML Editor -->          ← a comment
/// <opml version="2.0">
///   <head><title>States</title></head>
///   <body type="list">                          ← an attribute of <body>
///     <outline text="West">stray text</outline> ← text
///     <group><outline text="East"/></group>     ← an element OPML does not define, hiding one
///   </body>
/// </opml>
/// ```
///
/// Not a loss: the XML declaration (the writer writes its own, in UTF-8, and the characters
/// stay), blanks between elements, an empty `<expansionState>`, and what the nodes and the head
/// keep: every `<outline>` attribute in its order, namespace declarations on `<opml>` and
/// `<outline>`, repeated head fields other than `expansionState`.
struct OPMLLosses {
  /// Things of one kind: how many, the line of the first, and their names (distinct, in order,
  /// the first ten).
  struct Tally {
    private(set) var count = 0
    private(set) var line: Int?
    private(set) var names: [String] = []

    /// Counts one at `line`, named `name` when it has a name.
    mutating func add(_ name: String?, line: Int) {
      count += 1
      if self.line == nil { self.line = line }
      if let name, names.count < 10, !names.contains(name) { names.append(name) }
    }

    /// `<p>, <group>`, with `, …` when there were more than ten names.
    var nameList: String {
      names.joined(separator: ", ") + (names.count == 10 ? ", …" : "")
    }

    /// `line 3` or `from line 3`.
    var at: String {
      guard let line else { return "" }
      return (count == 1 ? "line " : "from line ") + FormatLoss.grouped(line)
    }
  }

  var comments = Tally()
  /// Processing instructions, named `<?target?>`.
  var instructions = Tally()
  var documentType = Tally()
  /// Elements in `<body>` or an `<outline>` that are not `<outline>`.
  var bodyElements = Tally()
  /// Elements in `<opml>` other than `<head>` and `<body>`.
  var otherElements = Tally()
  /// Elements inside a head field (whose text the field keeps).
  var headMarkup = Tally()
  /// The `<outline>` elements inside the elements above, which are not read either.
  var hiddenOutlines = 0
  /// Attributes and namespace declarations of `<head>`, `<body>` and the head fields, named
  /// `<body text>`.
  var attributes = Tally()
  /// Runs of text that is not blank outside the head fields.
  var strayText = Tally()
  /// `<expansionState>` fields after the first, which the writer does not write.
  var repeatedExpansionState = Tally()

  /// The losses, in the file's usual order: the prolog, the head, the body.
  ///
  /// `expansionState` is the file's `<expansionState>` and `saved` what a save writes for the
  /// outline read, with its line: a loss when they are not the same numbers.
  func losses(expansionState: String?, saved: String, line: Int?) -> [FormatLoss] {
    var losses: [FormatLoss] = []
    func add(
      _ tally: Tally, _ singular: String, _ plural: String, names: Bool = false,
      after: String = "", _ what: (Bool) -> String
    ) {
      guard tally.count > 0 else { return }
      let one = tally.count == 1
      let counted = one ? "" : FormatLoss.grouped(tally.count) + " "
      let list = names && !tally.names.isEmpty ? ": " + tally.nameList : ""
      losses.append(
        FormatLoss(
          count: tally.count, singular, plural, line: tally.line,
          detail: counted + what(one) + (one ? " is" : " are") + " not kept (\(tally.at))"
            + list + after))
    }
    add(instructions, "processing instruction", "processing instructions", names: true) {
      $0 ? "a processing instruction" : "processing instructions"
    }
    add(documentType, "document type declaration", "document type declarations") {
      $0 ? "the document type declaration" : "document type declarations"
    }
    add(comments, "comment", "comments") { $0 ? "a comment" : "comments" }
    add(otherElements, "element", "elements", names: true) {
      $0
        ? "an element of <opml> other than <head> and <body>"
        : "elements of <opml> other than <head> and <body>"
    }
    add(headMarkup, "element", "elements", names: true, after: " (the text is kept)") {
      $0 ? "an element inside a <head> field" : "elements inside <head> fields"
    }
    add(attributes, "attribute", "attributes", names: true) {
      $0
        ? "an attribute of <head>, <body> or a head field"
        : "attributes of <head>, <body> and head fields"
    }
    add(repeatedExpansionState, "repeated <expansionState>", "repeated <expansionState>s") {
      $0 ? "a second <expansionState>" : "<expansionState>s after the first"
    }
    if let expansionState {
      let file = ExpansionState.parts(of: expansionState)
      let written = ExpansionState.parts(of: saved)
      if file != written {
        var left = written
        var dropped = 0
        for part in file {
          if let index = left.firstIndex(of: part) { left.remove(at: index) } else { dropped += 1 }
        }
        let shown = Quoting.visible(expansionState.debugDescription)
        losses.append(
          FormatLoss(
            count: max(dropped, 1), "expansionState number", "expansionState numbers", line: line,
            detail: "expansionState \(shown) is saved as \(saved.debugDescription)"
              + (line.map { " (line \(FormatLoss.grouped($0)))" } ?? "")))
      }
    }
    add(bodyElements, "element", "elements", names: true) {
      $0 ? "an element OPML does not define in <body>" : "elements OPML does not define in <body>"
    }
    if hiddenOutlines > 0 {
      let one = hiddenOutlines == 1
      losses.append(
        FormatLoss(
          count: hiddenOutlines, "<outline> element", "<outline> elements",
          line: [otherElements.line, bodyElements.line].compactMap { $0 }.min(),
          detail: (one
            ? "an <outline> element" : "\(FormatLoss.grouped(hiddenOutlines)) <outline> elements")
            + " inside those elements " + (one ? "is" : "are") + " not read"))
    }
    add(strayText, "piece of text", "pieces of text") {
      $0
        ? "text outside the head fields and attributes"
        : "pieces of text outside the head fields and attributes"
    }
    return losses
  }
}
