extension Command {
  /// The name of the command's entry in `CommandCatalog`: its first word, and for the `rule`,
  /// `section` and `expect` families the second word too.
  ///
  /// ```swift
  /// Command.insertSnapshot("kept", .before("A")).name  // insert
  /// Command.rule(.lazy(parent: "A", children: ["B"])).name  // rule lazy
  /// Command.query(.isExpanded, "A").name  // is-expanded
  /// ```
  public var name: String {
    switch self {
    case .append: return "append"
    case .insert, .insertSnapshot: return "insert"
    case .delete: return "delete"
    case .deleteAll: return "delete-all"
    case .childSnapshot: return "child-snapshot"
    case .replaceChildren: return "replace-children"
    case .expand: return "expand"
    case .collapse: return "collapse"
    case .move: return "move"
    case .drag: return "drag"
    case .indent: return "indent"
    case .outdent: return "outdent"
    case .rule(.noCollapse): return "rule no-collapse"
    case .rule(.noExpand): return "rule no-expand"
    case .rule(.noReorder): return "rule no-reorder"
    case .rule(.lazy): return "rule lazy"
    case .rules: return "rules"
    case .removeRule: return "rule remove"
    case .clearRules: return "rule clear"
    case .show: return "show"
    case .describe: return "describe"
    case .list(let list): return list.rawValue
    case .query(let query, _): return query.rawValue
    case .count: return "count"
    case .section(.add): return "section add"
    case .section(.use): return "section use"
    case .section(.delete): return "section delete"
    case .section(.move): return "section move"
    case .sections: return "sections"
    case .begin: return "begin"
    case .apply: return "apply"
    case .discard: return "discard"
    case .last: return "last"
    case .log: return "log"
    case .undo: return "undo"
    case .redo: return "redo"
    case .save: return "save"
    case .load: return "load"
    case .source: return "source"
    case .say: return "say"
    case .expect(.list(let list, _)): return "expect " + list.rawValue
    case .expect(.parent): return "expect parent"
    case .expect(.level): return "expect level"
    case .expect(.error): return "expect error"
    case .help: return "help"
    case .quit: return "quit"
    }
  }
}
