extension Command {
  /// What the command did, as `--output brief` begins its line: the past tense of its name and
  /// its canonical arguments (`moved Apple before Pear`, `deleted section Archive`).
  ///
  /// A command with no past tense of its own (a query, which changes nothing) keeps its
  /// canonical text.
  var brief: String {
    let name = self.name
    let text = description
    guard let verb = Self.pastTenses[name] else { return text }
    let arguments = text.dropFirst(name.count).drop { $0 == " " }
    return arguments.isEmpty ? verb : verb + " " + arguments
  }

  /// The past tense of each command that can change the outline, by catalog name.
  static let pastTenses: [String: String] = [
    "append": "appended", "insert": "inserted", "delete": "deleted", "delete-all": "deleted all",
    "replace-children": "replaced the children of", "filter": "filtered",
    "retitle": "retitled", "note": "noted", "cut": "cut", "copy": "copied", "paste": "pasted",
    "attr": "changed attribute", "check": "checked", "uncheck": "unchecked", "reveal": "revealed",
    "focus": "focused on",
    "rename": "renamed", "duplicate": "duplicated",
    "sort": "sorted", "load": "loaded", "import": "imported", "edit": "edited",
    "expand": "expanded", "collapse": "collapsed", "move": "moved", "drag": "dragged",
    "indent": "indented", "outdent": "outdented", "section add": "added section",
    "section delete": "deleted section", "section move": "moved section", "apply": "applied",
    "undo": "undid", "redo": "redid", "append-items": "appended items",
    "insert-items": "inserted items", "delete-items": "deleted items", "move-item": "moved item",
    "reload-items": "reloaded", "reconfigure-items": "reconfigured",
    "reload-sections": "reloaded section", "apply --reload-data": "applied, reloading data",
  ]
}
