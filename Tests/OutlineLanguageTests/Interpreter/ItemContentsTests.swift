import OutlineLanguage
import OutlineTestSupport
import XCTest

/// `ItemContents`, the items' contents as a value whose copies share storage.
///
/// Every copy keeps what it held while another changes, past the fold of the changes into a
/// box of their own too; equality, iteration and the changed items agree with a plain
/// dictionary's.
final class ItemContentsTests: XCTestCase {
  /// A content that says `text` in its title, with a task box when `task` is set.
  func content(_ text: String, task: Bool? = nil) -> ItemContent {
    var content = ItemContent(title: text)
    content.taskState = task
    return content
  }

  /// Checks that `contents` holds exactly `expected`, through every way of reading it.
  func assertHolds(
    _ contents: ItemContents, _ expected: [String: ItemContent],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(contents.count, expected.count, file: file, line: line)
    XCTAssertEqual(contents.isEmpty, expected.isEmpty, file: file, line: line)
    XCTAssertEqual(contents.dictionary, expected, file: file, line: line)
    var iterated: [String: ItemContent] = [:]
    for (item, content) in contents {
      XCTAssertNil(
        iterated.updateValue(content, forKey: item), "\(item) twice", file: file, line: line)
    }
    XCTAssertEqual(iterated, expected, file: file, line: line)
    XCTAssertEqual(Set(contents.keys), Set(expected.keys), file: file, line: line)
    for (item, content) in expected {
      XCTAssertEqual(contents[item], content, item, file: file, line: line)
    }
    XCTAssertEqual(contents, ItemContents(expected), file: file, line: line)
  }

  func testACopyKeepsItsContentsWhileTheOriginalChanges() {
    var contents: ItemContents = ["Apple": content("Green apple")]
    let kept = contents
    contents["Pear"] = content("Ripe pear", task: false)
    contents["Apple"] = nil
    assertHolds(kept, ["Apple": content("Green apple")])
    assertHolds(contents, ["Pear": content("Ripe pear", task: false)])
    XCTAssertNotEqual(contents, kept)
    XCTAssertEqual(contents.itemsChanged(from: kept), ["Apple", "Pear"])
  }

  /// Setting an item back to what the shared box holds, or removing a content there is not,
  /// leaves a value equal to the copy it started from.
  func testAChangeUndoneByHandIsEqualAgain() {
    var contents: ItemContents = ["Apple": content("Green apple"), "Pear": content("Pear")]
    let kept = contents
    contents["Apple"] = content("Red apple")
    contents["Fig"] = content("Fig")
    XCTAssertEqual(contents.itemsChanged(from: kept), ["Apple", "Fig"])
    contents["Apple"] = content("Green apple")
    contents.removeValue(forKey: "Fig")
    XCTAssertNil(contents.removeValue(forKey: "Plum"))
    XCTAssertEqual(contents, kept)
    XCTAssertEqual(contents.itemsChanged(from: kept), [])
    assertHolds(contents, kept.dictionary)
  }

  /// Many changes to a shared value, past the point where they are folded into a box of their
  /// own, each copy taken on the way checked against a dictionary changed alike.
  func testEveryCopyHoldsWhatItHeldThroughManyChangesAndFolds() {
    var random = SplitMix64(seed: 31)
    var contents = ItemContents()
    var expected: [String: ItemContent] = [:]
    for index in 0..<200 {
      contents["item \(index)"] = content("title \(index)", task: index % 3 == 0)
      expected["item \(index)"] = content("title \(index)", task: index % 3 == 0)
    }
    var copies: [(ItemContents, [String: ItemContent])] = []
    for step in 0..<1_500 {
      // Held across the change, as the history and the state before a command hold theirs.
      let before = contents
      let item = "item \(Int.random(in: 0..<260, using: &random))"
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        contents[item] = nil
        expected[item] = nil
      case 1:
        contents.removeValue(forKey: item)
        expected.removeValue(forKey: item)
      default:
        let new = content("title \(step)", task: step % 2 == 0)
        contents[item] = new
        expected[item] = new
      }
      XCTAssertEqual(contents == before, contents.dictionary == before.dictionary)
      let changed = Set(expected.keys).union(before.keys).filter { expected[$0] != before[$0] }
      XCTAssertEqual(contents.itemsChanged(from: before), changed)
      if step % 100 == 0 { copies.append((contents, expected)) }
    }
    assertHolds(contents, expected)
    for (copy, held) in copies { assertHolds(copy, held) }
  }

  /// Room made for many contents in a value a copy shares (a `load` over a section, which the
  /// state before it holds) leaves the copy as it was, with few contents to come or many.
  func testRoomForManyContentsLeavesTheCopyAsItWas() {
    var contents = ItemContents()
    var expected: [String: ItemContent] = [:]
    for index in 0..<100 {
      contents["item \(index)"] = content("\(index)")
      expected["item \(index)"] = content("\(index)")
    }
    contents["item 1"] = nil
    let kept = contents
    for adding in [3, 500] {
      contents.reserveCapacity(contents.count + adding)
      for index in 0..<adding {
        contents["new \(adding).\(index)"] = content("new")
        expected["new \(adding).\(index)"] = content("new")
      }
    }
    expected["item 1"] = nil
    assertHolds(contents, expected)
    assertHolds(kept, expected.filter { $0.key.hasPrefix("item") })
  }

  /// Two values of the same contents built apart, in other orders, are equal; one content
  /// apart, they are not.
  func testValuesBuiltApartCompareByWhatTheyHold() {
    var forward = ItemContents()
    var backward = ItemContents()
    for index in 0..<100 { forward["item \(index)"] = content("\(index)") }
    for index in (0..<100).reversed() { backward["item \(index)"] = content("\(index)") }
    XCTAssertEqual(forward, backward)
    XCTAssertEqual(forward.itemsChanged(from: backward), [])
    backward["item 7"] = content("seven")
    XCTAssertNotEqual(forward, backward)
    XCTAssertEqual(forward.itemsChanged(from: backward), ["item 7"])
    backward["item 7"] = nil
    backward["item 100"] = content("100")
    XCTAssertEqual(forward.itemsChanged(from: backward), ["item 7", "item 100"])
  }
}
