import XCTest

@testable import OutlineLanguage

/// Who owns a kept file's blank lines (`SourceText.assemble`): the blank lines after an item go
/// with it, but those that separate two groups of siblings stay between the groups when the
/// last item of a group is deleted or moved, and a new item after it joins its group (SPEC §4,
/// "After an edit, only the lines … of the items the edit touched change").
final class SourceTextOwnersTests: XCTestCase, SourceTextRewriting {
  func testABlankLineBetweenGroupsOfLinesStaysBetweenThem() throws {
    let file = "a\nb\n\nc\nd\n"
    XCTAssertEqual(try rewrite(file, as: .text), file)
    XCTAssertEqual(try rewrite(file, as: .text) { $0.remove(at: 1) }, "a\n\nc\nd\n")
    XCTAssertEqual(try rewrite(file, as: .text) { $0.swapAt(0, 1) }, "b\na\n\nc\nd\n")
    XCTAssertEqual(
      try rewrite(file, as: .text) { $0.insert(self.node("new", 0), at: 2) },
      "a\nb\nnew\n\nc\nd\n")
    // A line of the next group moved into the first joins it; the blank line follows it.
    XCTAssertEqual(
      try rewrite(file, as: .text) { $0.insert($0.remove(at: 2), at: 0) }, "c\na\nb\n\nd\n")
    // With no line of the first group before the second, it waits for the end.
    XCTAssertEqual(
      try rewrite(file, as: .text) { $0 = [$0[2], $0[3], $0[0], $0[1]] }, "c\nd\na\nb\n\n")
    // Moved into the next group, the line leaves the blank line where it was.
    XCTAssertEqual(
      try rewrite(file, as: .text) { $0.insert($0.remove(at: 1), at: 3) }, "a\n\nc\nd\nb\n")
    // A line of the next group moved between two of the first joins it; so does a new one.
    XCTAssertEqual(
      try rewrite(file, as: .text) { $0 = [$0[0], $0[2], $0[1], $0[3]] }, "a\nc\nb\n\nd\n")
    XCTAssertEqual(
      try rewrite(file, as: .text) { $0 = [$0[0], self.node("new", 0), $0[2], $0[1], $0[3]] },
      "a\nnew\nc\nb\n\nd\n")
    // A week's groups apart, with a separator line between them (a tester's notes).
    let week = "Sat\n[ ] a\n[ ] b\n\n----\n\nTue\n[ ] c\n[ ] d\n"
    XCTAssertEqual(
      try rewrite(week, as: .text) { $0.insert($0.remove(at: 5), at: 2) },
      "Sat\n[ ] a\n[ ] c\n[ ] b\n\n----\n\nTue\n[ ] d\n")
    // Under a parent, the parent keeps it; a line with children ends its group with them.
    let nested = "p\n\tx\n\ty\n\t\ty1\n\n\tz\n"
    XCTAssertEqual(try rewrite(nested, as: .text), nested)
    XCTAssertEqual(
      try rewrite(nested, as: .text) { $0.removeSubrange(2...3) }, "p\n\tx\n\n\tz\n")
  }

  /// A line that stands alone between blank lines (a file that spaces every line, a loose
  /// list) keeps the blank lines after it: deleting it leaves one blank line, not two.
  func testTheBlankLinesAfterALoneItemGoWithIt() throws {
    let spaced = "a\n\nb\n\nc\n"
    XCTAssertEqual(try rewrite(spaced, as: .text) { $0.remove(at: 1) }, "a\n\nc\n")
    XCTAssertEqual(try rewrite(spaced, as: .text) { $0.swapAt(0, 1) }, "b\n\na\n\nc\n")
    let loose = "- a\n\n- b\n\n- c\n"
    XCTAssertEqual(try rewrite(loose, as: .markdown) { $0.remove(at: 1) }, "- a\n\n- c\n")
  }

  /// A bullet list followed by a numbered list: the blank line between them stays, so no
  /// edit of the bullet list's last item turns it loose or joins the lists.
  func testABlankLineBetweenTwoListsStaysBetweenThem() throws {
    let file = "- a\n- b\n\n1. x\n2. y\n"
    XCTAssertEqual(try rewrite(file, as: .markdown), file)
    XCTAssertEqual(
      try rewrite(file, as: .markdown) { $0.insert(self.node("new", 0), at: 2) },
      "- a\n- b\n- new\n\n1. x\n2. y\n")
    XCTAssertEqual(try rewrite(file, as: .markdown) { $0.remove(at: 1) }, "- a\n\n1. x\n2. y\n")
    XCTAssertEqual(try rewrite(file, as: .markdown) { $0.swapAt(0, 1) }, "- b\n- a\n\n1. x\n2. y\n")
    // The item's own blocks go with it; the blank line that ends its list stays.
    let blocks = "- a\n- b\n\n  about b\n\n1. x\n"
    XCTAssertEqual(try rewrite(blocks, as: .markdown) { $0.remove(at: 1) }, "- a\n\n1. x\n")
    let nested = "- p\n  - a\n  - b\n\n  1. x\n"
    XCTAssertEqual(
      try rewrite(nested, as: .markdown) { $0.remove(at: 2) }, "- p\n  - a\n\n  1. x\n")
  }
}
