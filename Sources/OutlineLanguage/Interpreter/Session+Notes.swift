extension Session {
  /// The attribute that holds an item's note, as OPML names it (a Markdown item's paragraphs
  /// are read into it).
  static let noteAttribute = OutlineDocument.noteAttribute

  /// `note ITEM [TEXT]`: prints the item's note (its lines), or sets it.
  ///
  /// `""` clears it. A changed note is content, so a visible item's cell is reconfigured, as for
  /// `retitle`.
  ///
  /// - Throws: `unknownItem` for an item the section does not have; `refused` for a note when
  ///   the section's file is indented text, which cannot hold one (`refuseUnholdable`). Nothing
  ///   changes.
  /// - Complexity: O(log *n* + *a*) in the item's attributes.
  func note(_ item: String, _ text: String?, into outcome: inout Outcome) throws(CommandError) {
    guard outline.contains(item) else { throw failure(.itemNotFound(item)) }
    let attributes = contents[item].attributes
    let index = attributes.firstIndex { $0.name == Self.noteAttribute }
    guard let text else {
      let note = index.map { attributes[$0].value } ?? ""
      outcome.result = .lines(
        note.isEmpty
          ? [] : note.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
      return
    }
    guard (index.map { attributes[$0].value } ?? "") != text else {
      outcome.note = "\(Quoting.word(item))'s note is already \(Quoting.word(text))"
      return
    }
    if !text.isEmpty {
      try refuseUnholdable(
        Attribute(name: Self.noteAttribute, value: text),
        change: "set \(Quoting.word(item))'s note")
    }
    if let index {
      if text.isEmpty {
        contents[item].attributes.remove(at: index)
      } else {
        contents[item].attributes[index].value = text
      }
    } else {
      contents[item].attributes.append(Attribute(name: Self.noteAttribute, value: text))
    }
    try reconfigureCell(of: item, changed: "note", into: &outcome)
  }

  /// `attr ITEM`, `attr ITEM NAME VALUE`, `attr ITEM NAME --delete`: lists the item's
  /// attributes as `NAME VALUE` lines (as `attr` takes them), sets one (in its place when the
  /// item has it, else last), or removes one; a change reconfigures a visible item's cell.
  ///
  /// - Throws: `unknownItem` for an item the section does not have; `refused` for `text`,
  ///   which is the title (`retitle` changes it), and for an attribute the section's Markdown or
  ///   text file cannot hold (`refuseUnholdable`). Nothing changes either way.
  /// - Complexity: O(log *n* + *a*) in the item's attributes.
  func attr(_ item: String, _ edit: Command.AttributeEdit?, into outcome: inout Outcome)
    throws(CommandError)
  {
    guard outline.contains(item) else { throw failure(.itemNotFound(item)) }
    let attributes = contents[item].attributes
    switch edit {
    case nil:
      outcome.result = .lines(
        attributes.map { Quoting.word($0.name) + " " + Quoting.word($0.value) })
    case .set(let name, let value)?:
      guard name != "text" else { throw CommandError(because: .attributeIsTheTitle(item)) }
      try refuseUnholdable(
        Attribute(name: name, value: value),
        change: "set \(Quoting.word(item))'s \(Quoting.word(name))")
      if let index = attributes.firstIndex(where: { $0.name == name }) {
        guard attributes[index].value != value else {
          outcome.note =
            "\(Quoting.word(item))'s \(Quoting.word(name)) is already \(Quoting.word(value))"
          return
        }
        contents[item].attributes[index].value = value
      } else {
        contents[item].attributes.append(Attribute(name: name, value: value))
      }
      try reconfigureCell(of: item, changed: "attributes", into: &outcome)
    case .delete(let name)?:
      guard name != "text" else { throw CommandError(because: .attributeIsTheTitle(item)) }
      guard let index = attributes.firstIndex(where: { $0.name == name }) else {
        outcome.note =
          "\(Quoting.word(item)) has no attribute \(Quoting.word(name)): nothing changed"
        return
      }
      contents[item].attributes.remove(at: index)
      try reconfigureCell(of: item, changed: "attributes", into: &outcome)
    }
  }
}

extension Session {
  /// Throws `refused` when the section's file is Markdown or indented text and cannot hold
  /// `attribute` (`UnwrittenAttributes.holds`).
  ///
  /// As `retitle` refuses a title its lines cannot hold: `save` would refuse to drop it later.
  /// A section with no file, or with an OPML or native one, holds every attribute.
  ///
  /// - Parameter change: What the command would do, in words: `set Milk's color`.
  /// - Complexity: O(1).
  func refuseUnholdable(_ attribute: Attribute, change: String) throws(CommandError) {
    guard let file = sectionFiles[section] else { return }
    let format = file.format ?? OutlineFormat(path: file.path)
    guard !UnwrittenAttributes.holds(format, attribute) else { return }
    throw CommandError(
      because: .attributeNotInFile(change: change, file: file.path, format: format))
  }
}
