import Foundation

extension ReferenceSession {
  /// `note` and `attr`, written from the man page's sentences.
  ///
  /// - `note ITEM [TEXT]`: "prints the item's note, one line each, or sets it; `""` clears it.
  ///   The note is the `_note` attribute."
  /// - `attr ITEM [NAME VALUE | NAME --delete]`: "lists the item's attributes, one `NAME VALUE`
  ///   line each; sets one, in its place when the item has it, else last; or removes one.
  ///   `text` is the title: … `attr` refuses it."
  ///
  /// An item the outline does not have is `unknownItem`. A change is content: it joins the
  /// history as a title does (in a batch, at `apply`).
  mutating func executeContent(_ command: ReferenceCommand) throws(Failure) -> Answer? {
    let item: String
    switch command {
    case .note(let named, _), .attr(let named, _): item = named
    default: preconditionFailure("not a content command: \(command)")
    }
    guard outline.contains(item) else { throw Failure(.unknownItem) }
    var list = attributes[item] ?? []
    switch command {
    case .note(_, nil):
      let note = list.first { $0.name == Self.noteName }?.value ?? ""
      return .lines(note.isEmpty ? [] : note.components(separatedBy: "\n"))
    case .note(_, let text?):
      if let index = list.firstIndex(where: { $0.name == Self.noteName }) {
        if text.isEmpty { list.remove(at: index) } else { list[index].value = text }
      } else if !text.isEmpty {
        list.append(Attribute(Self.noteName, text))
      }
    case .attr(_, nil):
      return .lineCount(list.count)
    case .attr(_, .set(let name, let value)?):
      guard name != "text" else { throw Failure(.refused) }
      if let index = list.firstIndex(where: { $0.name == name }) {
        list[index].value = value
      } else {
        list.append(Attribute(name, value))
      }
    case .attr(_, .delete(let name)?):
      guard name != "text" else { throw Failure(.refused) }
      list.removeAll { $0.name == name }
    default:
      break
    }
    attributes[item] = list.isEmpty ? nil : list
    return nil
  }

  /// The attribute that holds a note.
  static let noteName = "_note"

  /// `find` (a query) or `filter` with a scope and maybe a regular expression.
  ///
  /// From the man page: "`--regex`: PATTERN is a regular expression, found anywhere in a text
  /// and minding case"; "`--in` picks the texts: `titles` (the identifier and the title, the
  /// default), `notes` (the `_note` attribute), `attrs` (every attribute, as its value and as
  /// `name=value`), or `all`". A glob or a plain pattern matches as `find` always did.
  mutating func search(
    _ pattern: String, regex: Bool, scope: ReferenceCommand.Scope?, filtering: Bool
  ) throws(Failure) -> Answer? {
    // An invalid pattern fails the line as it is read (`parseFailure(of:)`).
    let expression = regex ? try? NSRegularExpression(pattern: pattern) : nil
    if regex, expression == nil { throw Failure(.syntax) }
    func found(_ text: String) -> Bool {
      guard let expression else { return Self.plainMatch(pattern, text) }
      let range = NSRange(text.startIndex..., in: text)
      return expression.firstMatch(in: text, range: range) != nil
    }
    let scope = scope ?? .titles
    let attributes = attributes
    let matching = view.items.filter { item in
      if scope == .titles || scope == .all, found(item) || found(title(of: item)) {
        return true
      }
      let list = attributes[item] ?? []
      switch scope {
      case .titles: return false
      case .notes: return list.contains { $0.name == Self.noteName && found($0.value) }
      case .attrs, .all: return list.contains { found($0.value) || found("\($0.name)=\($0.value)") }
      }
    }
    guard filtering else {
      made = matching.first
      return .items(matching)
    }
    try filter(showing: matching)
    return nil
  }

  /// Whether `pattern` is a regular expression (Foundation's reading: a second opinion beside
  /// the interpreter's Swift `Regex`).
  static func isRegex(_ pattern: String) -> Bool {
    (try? NSRegularExpression(pattern: pattern)) != nil
  }

  /// Whether `text` matches a `find` pattern that is not a regular expression: a glob when it
  /// has `*` or `?` (the whole text), else a substring; both ignoring case.
  static func plainMatch(_ pattern: String, _ text: String) -> Bool {
    let pattern = pattern.lowercased()
    let text = text.lowercased()
    if pattern.contains("*") || pattern.contains("?") { return glob(pattern, matches: text) }
    return pattern.isEmpty || text.contains(pattern)
  }
}
