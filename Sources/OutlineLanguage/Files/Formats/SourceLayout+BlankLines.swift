/// The blank lines `SourceTextWriter` adds around a Markdown item an edit placed
/// (`SourceLayout`): before a numbered list that starts past 1 after text, before a heading as
/// the file spaces its headings, and after a heading that had nothing under it.
extension SourceLayout {
  /// Whether item `index`, placed as `place`, needs a blank line before it when it follows a
  /// text line: it is a numbered list item that starts a list with a number other than 1 (its
  /// previous sibling is no numbered item of its kind), which CommonMark reads after a
  /// paragraph as that paragraph's text, and the file did not already have it so, under the
  /// same parent after the same sibling.
  ///
  /// - Complexity: O(1), and O(*s*) in the items of its previous sibling's subtree in the file
  ///   when it starts such a list.
  func needsBlankBefore(_ index: Int, _ place: Place) -> Bool {
    let before = previous[index]
    guard
      Self.startsListPastOne(place.kind, after: before >= 0 ? places[before].kind : nil)
    else { return false }
    guard place.source >= 0 else { return true }
    let node = place.source
    let parent = source.nodes[node].parent
    let outlineParent = parents[index]
    guard parent == fileNode(outlineParent) else { return true }
    var sourceBefore = node - 1
    while sourceBefore > parent, source.nodes[sourceBefore].parent != parent { sourceBefore -= 1 }
    if sourceBefore <= parent { sourceBefore = -1 }
    guard sourceBefore == fileNode(before) else { return true }
    return !Self.startsListPastOne(
      source.nodes[node].kind, after: sourceBefore >= 0 ? source.nodes[sourceBefore].kind : nil)
  }

  /// Whether heading `index`, placed as `place`, gets a blank line before it after text.
  ///
  /// It does when the file had a blank line before it (a new heading, or an item become one:
  /// before its previous sibling heading), so that a heading is spaced as the file spaces its
  /// headings, and a file that stacks them keeps them stacked. An unedited file is written as
  /// it was: there the line before such a heading is its blank line.
  ///
  /// - Complexity: O(1).
  func spacesHeading(_ index: Int, _ place: Place) -> Bool {
    guard case .heading(_, false) = place.kind else { return false }
    var model = -1
    if place.source >= 0, case .heading = source.nodes[place.source].kind {
      model = place.source
    } else if previous[index] >= 0, places[previous[index]].source >= 0,
      case .heading = source.nodes[places[previous[index]].source].kind
    {
      model = places[previous[index]].source
    }
    guard model >= 0 else { return false }
    let line = source.nodes[model].head.lowerBound
    // The file's first line has no line before it: the file's other headings say.
    return line > 0 ? Self.isBlank(source.line(line - 1)) : spacesBeforeHeadings
  }

  /// Whether item `index`, placed as `place`, gets a blank line after its parent's heading.
  ///
  /// It does when it is a list item, the first child of a heading that had nothing under it in
  /// the file (a new heading, a list item become one, a heading with no text or children), and
  /// most of the file's headings have a blank line after them. A heading that had something
  /// under it keeps what followed it, and a child the file had right under it stays there.
  ///
  /// - Complexity: O(1).
  func spacesFromHeading(_ index: Int, _ place: Place) -> Bool {
    let parent = parents[index]
    guard spacesHeadings, parent >= 0, previous[index] < 0, case .item = place.kind,
      case .heading = places[parent].kind
    else { return false }
    let node = places[parent].source
    if node >= 0, place.source == node + 1 { return false }  // its first child, right under it
    guard node >= 0, case .heading = source.nodes[node].kind else { return true }
    let hadChildren = node + 1 < source.nodes.count && source.nodes[node + 1].parent == node
    return !hadChildren && source.nodes[node].pieces.first?.after != -1
  }

  static func startsListPastOne(_ kind: SourceText.Kind, after before: SourceText.Kind?)
    -> Bool
  {
    guard case .item(let marker) = kind, let number = marker.number, number != 1 else {
      return false
    }
    guard case .item(let sibling)? = before else { return true }
    return sibling.number == nil || sibling.symbol != marker.symbol
  }
}
