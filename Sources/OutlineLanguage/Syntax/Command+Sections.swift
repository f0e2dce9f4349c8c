extension Command {
  /// The section commands: the flat snapshot's sections (`Session+Sections.swift` runs them).
  public enum SectionCommand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `section add NAME...`: `appendSections(_:)`.
    case add([String])
    /// `section use NAME`: makes it the section being edited.
    case use(String)
    /// `section delete NAME`: `deleteSections(_:)`.
    case delete(String)
    /// `section move NAME before|after NAME`: `moveSection(_:beforeSection:)` and after.
    case move(String, Placement)
    /// `sections`: lists the sections.
    case list

    /// The command's catalog name.
    public var name: String {
      switch self {
      case .add: return "section add"
      case .use: return "section use"
      case .delete: return "section delete"
      case .move: return "section move"
      case .list: return "sections"
      }
    }

    /// The command's canonical text.
    public var description: String {
      switch self {
      case .add(let names): return line(name, words(names))
      case .use(let section), .delete(let section): return line(name, Quoting.word(section))
      case .move(let section, let placement):
        return line(name, Quoting.word(section), text(placement))
      case .list: return name
      }
    }
  }
}
