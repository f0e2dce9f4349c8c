extension Command {
  /// The editing commands: the section snapshot API on the current section, applied at once
  /// (`Session+Editing.swift` runs them).
  public enum EditingCommand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `append ITEM... [to PARENT]`: `append(_:to:)`.
    case append([String], to: String?)
    /// `insert ITEM... before|after ITEM`: `insert(_:before:)`, `insert(_:after:)`.
    case insert([String], Placement)
    /// `insert @NAME before|after ITEM`: `insert(_ snapshot:before:)`, `insert(_ snapshot:after:)`.
    case insertSnapshot(String, Placement)
    /// `delete ITEM...`: `delete(_:)`.
    case delete([String])
    /// `delete-all`: `deleteAll()`.
    case deleteAll
    /// `child-snapshot PARENT [--including-parent] [as NAME]`: `snapshot(of:includingParent:)`.
    case childSnapshot(of: String, includingParent: Bool, keepAs: String?)
    /// `replace-children PARENT with @NAME`: `replace(childrenOf:using:)`.
    case replaceChildren(of: String, with: String)
    /// `append --titled TEXT... [to PARENT]`: `append(_:to:)` with identifiers made from titles,
    /// suffixed where taken.
    case appendTitled([String], to: String?)
    /// `insert --titled TEXT... before|after ITEM`: `insert(_:before:)` or `insert(_:after:)`
    /// with identifiers made from titles, as `appendTitled` makes them.
    case insertTitled([String], Placement)
    /// `retitle ITEM TEXT`: a new title, through the data source's `reconfigureItems(_:)`.
    case retitle(String, String)
    /// `note ITEM [TEXT]`: prints the item's note, or sets it (`""` clears it); a note is
    /// content, so a visible item's cell is reconfigured.
    case note(String, String?)
    /// `attr ITEM`, `attr ITEM NAME VALUE`, `attr ITEM NAME --delete`: lists, sets or removes
    /// an item's attributes (OPML's, kept by the native file); content, as a note is.
    case attr(String, AttributeEdit?)
    /// `check ITEM...`, `uncheck ITEM...`: makes each item a task that is done (or not), its
    /// `_status` attribute, in one transaction that reconfigures their cells, as `retitle` does.
    case check([String], checked: Bool)
    /// `cut ITEM...`: deletes the items with their subtrees and keeps them, identifiers and
    /// all, for `paste`.
    case cut([String])
    /// `copy ITEM...`: keeps copies of the items' subtrees for `paste`; nothing changes.
    case copy([String])
    /// `paste before ITEM | after ITEM | into ITEM`: inserts what was cut (under its own
    /// identifiers, once) or copied (under new ones).
    case paste(PasteTarget)
    /// `reveal ITEM...`: `expand(_:)` of every collapsed ancestor, applied once.
    case reveal([String])
    /// `filter PATTERN [--regex] [--in WHERE]`: a sparse tree, exactly the ancestors of the
    /// matches expanded.
    case filter(Search)
    /// `rename ITEM NEW`: a new identifier in the same place (a removal and an insertion).
    case rename(String, to: String)
    /// `duplicate ITEM [as NEW]`: a copy of the subtree right after it, under new identifiers.
    case duplicate(String, as: String?)
    /// `duplicate ITEM ITEM...`: a copy of each subtree right after it, in one transaction.
    case duplicateEach([String])
    /// `sort PARENT [--reverse]`, `sort --roots [--reverse]`: orders the children of `parent`
    /// (the roots when nil) in natural order.
    case sort(parent: String?, reverse: Bool)
    /// `focus ITEM`, `focus ..`: narrows the session's view to ITEM's subtree (or to the
    /// focus's parent's), expanding it and its ancestors in code if they are collapsed.
    case focus(FocusTarget)
    /// `unfocus`: the view is the whole section again.
    case unfocus

    /// The command's catalog name.
    public var name: String {
      switch self {
      case .append, .appendTitled: return "append"
      case .insert, .insertSnapshot, .insertTitled: return "insert"
      case .delete: return "delete"
      case .deleteAll: return "delete-all"
      case .childSnapshot: return "child-snapshot"
      case .replaceChildren: return "replace-children"
      case .retitle: return "retitle"
      case .cut: return "cut"
      case .copy: return "copy"
      case .paste: return "paste"
      case .note: return "note"
      case .attr: return "attr"
      case .check(_, let checked): return checked ? "check" : "uncheck"
      case .reveal: return "reveal"
      case .filter: return "filter"
      case .rename: return "rename"
      case .duplicate, .duplicateEach: return "duplicate"
      case .sort: return "sort"
      case .focus: return "focus"
      case .unfocus: return "unfocus"
      }
    }

    /// The command's canonical text.
    public var description: String {
      switch self {
      case .append(let items, let parent):
        return line("append", words(items), parent.map { "to " + Quoting.word($0) })
      case .insert(let items, let placement):
        return line("insert", words(items), text(placement))
      case .insertSnapshot(let name, let placement):
        return line("insert", Quoting.reference(name), text(placement))
      case .delete(let items): return line("delete", words(items))
      case .deleteAll: return name
      case .childSnapshot(let parent, let includingParent, let name):
        return line(
          "child-snapshot", Quoting.word(parent), includingParent ? "--including-parent" : nil,
          name.map { "as " + Quoting.word($0) })
      case .replaceChildren(let parent, let name):
        return line("replace-children", Quoting.word(parent), "with", Quoting.reference(name))
      case .appendTitled(let texts, let parent):
        return line("append --titled", words(texts), parent.map { "to " + Quoting.word($0) })
      case .insertTitled(let texts, let placement):
        return line("insert --titled", words(texts), text(placement))
      case .retitle(let item, let text):
        return line("retitle", Quoting.word(item), Quoting.word(text))
      case .note(let item, let text):
        return line("note", Quoting.word(item), text.map(Quoting.word))
      case .attr(let item, nil): return line("attr", Quoting.word(item))
      case .attr(let item, .set(let name, let value)?):
        return line("attr", Quoting.word(item), Quoting.word(name), Quoting.word(value))
      case .attr(let item, .delete(let name)?):
        return line("attr", Quoting.word(item), Quoting.word(name), "--delete")
      case .check(let items, let checked):
        return line(checked ? "check" : "uncheck", words(items))
      case .cut(let items): return line("cut", words(items))
      case .copy(let items): return line("copy", words(items))
      case .paste(.before(let item)): return line("paste before", Quoting.word(item))
      case .paste(.after(let item)): return line("paste after", Quoting.word(item))
      case .paste(.into(let item)): return line("paste into", Quoting.word(item))
      case .paste(.intoView): return "paste into"
      case .reveal(let items): return line("reveal", words(items))
      case .filter(let search): return (["filter"] + search.words).joined(separator: " ")
      case .rename(let item, let new): return line("rename", Quoting.word(item), Quoting.word(new))
      case .duplicate(let item, let new):
        return line("duplicate", Quoting.word(item), new.map { "as " + Quoting.word($0) })
      case .duplicateEach(let items): return line("duplicate", words(items))
      case .sort(let parent, let reverse):
        return line(
          "sort", parent.map(Quoting.word) ?? "--roots", reverse ? "--reverse" : nil)
      case .focus(.item(let item)):
        // An item spelled `..` is quoted: unquoted, it is the keyword.
        return line("focus", item == ".." ? Quoting.quote(item) : Quoting.word(item))
      case .focus(.up): return "focus .."
      case .unfocus: return name
      }
    }
  }

  /// A change to one of an item's attributes (`attr`).
  public enum AttributeEdit: Equatable, Hashable, Sendable {
    /// `attr ITEM NAME VALUE`: sets NAME (in place when the item has it, else last).
    case set(String, String)
    /// `attr ITEM NAME --delete`: removes NAME.
    case delete(String)
  }

  /// What `focus` narrows the view to.
  public enum FocusTarget: Equatable, Hashable, Sendable {
    /// `focus ITEM`: ITEM's subtree.
    case item(String)
    /// `focus ..`: the focus's parent's subtree, or the whole section when the focus is a root.
    case up
  }

  /// Where `paste` puts what was cut or copied.
  public enum PasteTarget: Equatable, Hashable, Sendable {
    /// `paste before ITEM`: as siblings right before it.
    case before(String)
    /// `paste after ITEM`: as siblings right after its subtree.
    case after(String)
    /// `paste into ITEM`: as its last children.
    case into(String)
    /// `paste into` with no item: as the last children of the focused item (the session
    /// rewrites it to `into(FOCUS)`), or as the last roots without a focus.
    case intoView
  }
}
