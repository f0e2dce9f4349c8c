/// An indented-text item's place (`SourceLayout`), and a line's indentation as the file
/// writes it: spaces, or tabs in a file whose list items are indented by tabs.
extension SourceLayout {
  /// Item `index`'s place in an indented text file: its own indentation when it stays under
  /// its parent, else its previous sibling's, else its parent's and one step more.
  ///
  /// - Complexity: O(*c*) in the indentation's bytes.
  func textPlace(_ index: Int, own: Int, sameParent: Bool) -> Place {
    let parent = parents[index]
    let ownIndent = own >= 0 ? indentation(of: own) : nil
    let parentStays =
      parent < 0
      || (places[parent].source >= 0
        && places[parent].indent.elementsEqual(indentation(of: places[parent].source)))
    let indent: ArraySlice<UInt8>
    if let ownIndent, sameParent, parentStays {
      indent = ownIndent
    } else if previous[index] >= 0 {
      indent = places[previous[index]].indent
    } else if parent >= 0 {
      indent = places[parent].indent + step
    } else {
      indent = []
    }
    return Place(
      kind: .line, keepsHead: ownIndent.map { $0.elementsEqual(indent) } ?? false, indent: indent)
  }

  /// The leading blanks of node `index`'s line.
  func indentation(of index: Int) -> ArraySlice<UInt8> {
    let line = source.line(source.nodes[index].head.lowerBound)
    return line.prefix { $0 == 0x20 || $0 == 0x09 }
  }

  /// The file's first step of indentation: what a first child's line adds to its parent's, or a
  /// tab.
  static func firstStep(_ source: SourceText) -> ArraySlice<UInt8> {
    for node in source.nodes.prefix(source.ownNodeCount) where node.parent >= 0 {
      let child = source.line(node.head.lowerBound).prefix { $0 == 0x20 || $0 == 0x09 }
      let parent = source.line(source.nodes[node.parent].head.lowerBound)
        .prefix { $0 == 0x20 || $0 == 0x09 }
      if child.count > parent.count && child.starts(with: parent) {
        return child.dropFirst(parent.count)
      }
    }
    return [0x09]
  }

  /// Whether `line` holds only blanks and its ending.
  static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
  }

  /// `line` with its indentation moved by `shift` columns, written as the file indents (tabs
  /// for each 4 columns when its list items are indented by tabs, else spaces); a line with
  /// less indentation than a negative shift loses all of it.
  func reindented(_ line: ArraySlice<UInt8>, by shift: Int) -> [UInt8] {
    guard shift != 0, !Self.isBlank(line) else { return Array(line) }
    let blanks = line.prefix { $0 == 0x20 || $0 == 0x09 }
    let width = MarkdownHeadLine.columns(line, upTo: line.startIndex + blanks.count)
    return indentation(max(0, width + shift)) + line.dropFirst(blanks.count)
  }

  /// `columns` of indentation as the file writes it.
  func indentation(_ columns: Int) -> [UInt8] {
    guard indentsByTabs else { return Array(repeating: 0x20, count: columns) }
    return Array(repeating: 0x09, count: columns / TextLines.tabStop)
      + Array(repeating: 0x20, count: columns % TextLines.tabStop)
  }
}
