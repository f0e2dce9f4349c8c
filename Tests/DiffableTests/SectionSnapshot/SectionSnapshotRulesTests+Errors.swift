import Diffable
import XCTest

// Errors: Apple's messages, and nothing changed.
extension SectionSnapshotRulesTests {
  func testAppendOfPresentItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    let snapshot = try pantry(expanded: ["Food"])
    try assertFails(
      snapshot, with: .duplicateItems(["Tea"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Tea"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Tea"], to: "Food") }
    try assertFails(
      snapshot, with: .duplicateItems(["Food", "Pear"]),
      message:
        "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Food, Pear"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Cheese", "Food", "Pear"]) }
  }

  func testAppendOfRepeatedItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(), with: .duplicateItems(["Milk"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Milk"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Milk", "Juice", "Milk"]) }
    // Into an empty snapshot as well.
    try assertFails(
      Snapshot(), with: .duplicateItems(["A"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: A"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["A", "B", "A"]) }
  }

  func testInsertBeforeOfPresentItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(), with: .duplicateItems(["Bread"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Bread"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(["Bread"], before: "Tea") }
    // Even the destination itself.
    try assertFails(
      try pantry(), with: .duplicateItems(["Tea"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Tea"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(["Tea"], before: "Tea") }
  }

  func testInsertAfterOfRepeatedItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(), with: .duplicateItems(["Kiwi"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Kiwi"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(["Kiwi", "Kiwi"], after: "Pear") }
  }

  func testInsertSnapshotHoldingPresentItemThrowsUniquenessAndLeavesSnapshotUnchanged() throws {
    let dairy = try outline(["-Dairy", "  -Apple", "  -Milk", "-Tea"])
    try assertFails(
      try pantry(), with: .duplicateItems(["Apple", "Tea"]),
      message:
        "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Apple, Tea"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(dairy, before: "Bread") }
    try assertFails(
      try pantry(), with: .duplicateItems(["Apple", "Tea"]),
      message:
        "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Apple, Tea"
    ) { snapshot throws(SnapshotError) in try snapshot.insert(dairy, after: "Bread") }
  }

  func testReplaceChildrenWithItemFromElsewhereThrowsUniquenessAndLeavesSnapshotUnchanged()
    throws
  {
    // Tea lives under Drinks: UIKit would corrupt its tree, we throw.
    try assertFails(
      try pantry(expanded: ["Food"]), with: .duplicateItems(["Tea"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Tea"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Food", using: try self.outline(["-Apple", "-Tea"]))
    }
  }

  func testReplaceChildrenMakingAnItemItsOwnDescendantThrowsUniqueness() throws {
    try assertFails(
      try pantry(), with: .duplicateItems(["Fruit"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Fruit"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Fruit", using: try self.outline(["-Fruit"]))
    }
    // An ancestor under its descendant.
    try assertFails(
      try pantry(), with: .duplicateItems(["Food"]),
      message: "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Food"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Apple", using: try self.outline(["-Food"]))
    }
  }

  func testAppendToMissingParentThrowsAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(expanded: ["Food"]), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Brie"], to: "Cheese") }
    try assertFails(
      Snapshot(), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Brie"], to: "Cheese") }
  }

  func testAppendToMissingParentIsReportedBeforeDuplicates() throws {
    try assertFails(
      try pantry(), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in try snapshot.append(["Tea", "Tea"], to: "Cheese") }
  }

  func testReplaceChildrenOfMissingParentThrowsAndLeavesSnapshotUnchanged() throws {
    try assertFails(
      try pantry(), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Cheese", using: try self.outline(["-Brie"]))
    }
    // Reported before the uniqueness of the snapshot's items.
    try assertFails(
      try pantry(), with: .parentNotFound("Cheese"),
      message: "Parent item identifier does not exist in section snapshot: Cheese"
    ) { snapshot throws(SnapshotError) in
      try snapshot.replace(childrenOf: "Cheese", using: try self.outline(["-Tea"]))
    }
  }

  func testSnapshotOfMissingParentThrows() throws {
    let snapshot = try pantry()
    for includingParent in [false, true] {
      XCTAssertThrowsError(try snapshot.snapshot(of: "Cheese", includingParent: includingParent)) {
        error in
        XCTAssertEqual(error as? SnapshotError, .parentNotFound("Cheese"))
        XCTAssertEqual(
          (error as? SnapshotError)?.message,
          "Parent item identifier does not exist in section snapshot: Cheese")
      }
    }
  }

  func testInsertBeforeMissingItemThrowsAndLeavesSnapshotUnchanged() throws {
    let message = "Item identifier to insert before does not exist in section snapshot: Cheese"
    try assertFails(try pantry(), with: .insertBeforeItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Brie"], before: "Cheese")
    }
    // Reported before the uniqueness of the new items.
    try assertFails(try pantry(), with: .insertBeforeItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Tea", "Tea"], before: "Cheese")
    }
    try assertFails(try pantry(), with: .insertBeforeItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in
      try snapshot.insert(try self.outline(["-Tea"]), before: "Cheese")
    }
    try assertFails(Snapshot(), with: .insertBeforeItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Brie"], before: "Cheese")
    }
  }

  func testInsertAfterMissingItemThrowsAndLeavesSnapshotUnchanged() throws {
    let message = "Item identifier to insert after does not exist in section snapshot: Cheese"
    try assertFails(try pantry(), with: .insertAfterItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Brie"], after: "Cheese")
    }
    try assertFails(try pantry(), with: .insertAfterItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in try snapshot.insert(["Food"], after: "Cheese")
    }
    try assertFails(try pantry(), with: .insertAfterItemNotFound("Cheese"), message: message) {
      snapshot throws(SnapshotError) in
      try snapshot.insert(try self.outline(["-Brie"]), after: "Cheese")
    }
  }

  func testDeleteOfMissingItemThrowsBeforeDeletingAnything() throws {
    try assertFails(
      try pantry(expanded: ["Food"]), with: .deleteItemNotFound("Cheese"),
      message: "Failed to find index of item Cheese in section snapshot"
    ) { snapshot throws(SnapshotError) in try snapshot.delete(["Apple", "Drinks", "Cheese"]) }
    // The first absent item is named.
    try assertFails(
      try pantry(), with: .deleteItemNotFound("Wine"),
      message: "Failed to find index of item Wine in section snapshot"
    ) { snapshot throws(SnapshotError) in try snapshot.delete(["Tea", "Wine", "Cheese"]) }
  }

  func testLevelOfMissingItemThrowsItemNotFound() throws {
    XCTAssertThrowsError(try pantry().level(of: "Cheese")) { error in
      XCTAssertEqual(error as? SnapshotError, .itemNotFound("Cheese"))
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Item identifier does not exist in section snapshot: Cheese")
    }
  }

  func testIsExpandedOfMissingItemThrowsItemNotFound() throws {
    XCTAssertThrowsError(try pantry().isExpanded("Cheese")) { error in
      XCTAssertEqual(error as? SnapshotError, .itemNotFound("Cheese"))
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Item identifier does not exist in section snapshot: Cheese")
    }
  }

  func testIsVisibleOfMissingItemThrowsItemNotFound() throws {
    XCTAssertThrowsError(try pantry().isVisible("Cheese")) { error in
      XCTAssertEqual(error as? SnapshotError, .itemNotFound("Cheese"))
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Item identifier does not exist in section snapshot: Cheese")
    }
  }

  func testParentOfMissingItemThrowsChildNotFound() throws {
    XCTAssertThrowsError(try pantry().parent(of: "Cheese")) { error in
      XCTAssertEqual(error as? SnapshotError, .childNotFound("Cheese"))
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Child item identifier does not exist in section snapshot: Cheese")
    }
  }

  func testContainsAndIndexOfMissingItemAnswerFalseAndNil() throws {
    let snapshot = try pantry()
    XCTAssertFalse(snapshot.contains("Cheese"))
    XCTAssertNil(snapshot.index(of: "Cheese"))
    XCTAssertTrue(snapshot.contains("Tea"))
    XCTAssertFalse(Snapshot().contains("Tea"))
    XCTAssertNil(Snapshot().index(of: "Tea"))
  }

  func testErrorMessagesNameNonStringIdentifiers() throws {
    var numbers = SectionSnapshot<Int>()
    try numbers.append([1, 2])
    XCTAssertThrowsError(try numbers.append([3], to: 42)) { error in
      XCTAssertEqual(
        (error as? SnapshotError)?.message,
        "Parent item identifier does not exist in section snapshot: 42")
    }
    XCTAssertThrowsError(try numbers.append([2, 1])) { error in
      XCTAssertEqual(error as? SnapshotError, .duplicateItems(["2", "1"]))
    }
    XCTAssertEqual(numbers.items, [1, 2])
  }
}

// The uniqueness check of a batch that both repeats itself and names present items: each
// offending item once, in the batch's order, whether the batch is checked pairwise (16 items or
// fewer) or with a set (more), and in a snapshot that reads its labels through a log.
extension SectionSnapshotRulesTests {
  func testRepeatedAndPresentItemsAreReportedOnceInOrder() throws {
    var shared = try pantry()
    let kept = shared
    try shared.append(["Juice"], to: "Drinks")  // a log on the kept version's table
    for snapshot in [try pantry(), shared] {
      try assertFails(
        snapshot, with: .duplicateItems(["Tea", "X", "Food", "Tea", "X"]),
        message:
          "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Tea, X, Food, Tea, X"
      ) { snapshot throws(SnapshotError) in
        try snapshot.append(["Tea", "X", "Y", "X", "Food", "Tea", "X"])
      }
      let many = (0..<40).map { "new \($0)" }
      let batch = ["Pear"] + many[..<20] + ["new 3", "Bread"] + many[20...] + ["Pear"]
      try assertFails(
        snapshot, with: .duplicateItems(["Pear", "new 3", "Bread", "Pear"]),
        message:
          "Identifiers in a section snapshot must be unique. Duplicate item identifiers: Pear, new 3, Bread, Pear"
      ) { snapshot throws(SnapshotError) in try snapshot.append(Array(batch), to: "Fruit") }
    }
    XCTAssertEqual(kept.items, try pantry().items)
  }
}
