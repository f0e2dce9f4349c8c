import Synchronization
import XCTest

@testable import Diffable

// Labels that hold references (a section snapshot's places of class items): a part read through
// a table, a log or a branch log is the label's, and reads retain and release in balance.

/// An item that counts its live instances.
final class CountedItem: Hashable, Sendable {
  static let live = Atomic<Int>(0)
  let id: Int

  init(_ id: Int) {
    self.id = id
    Self.live.add(1, ordering: .relaxed)
  }

  deinit { Self.live.subtract(1, ordering: .relaxed) }

  static func == (left: CountedItem, right: CountedItem) -> Bool { left.id == right.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension LabelMapTests {
  /// Every version, its table's or its logs' (root and branch, before and after folds), reads
  /// each item's parent as written, through a part copied out (`read`) and the whole label
  /// (the subscript); when every version is gone, so is every parent.
  func testPartsThatHoldReferencesReadAsWrittenInEveryVersion() {
    typealias Map = _LabelMap<String, _Place<CountedItem>>
    let liveBefore = CountedItem.live.load(ordering: .relaxed)
    do {
      func place(_ parent: Int) -> _Place<CountedItem> {
        _Place(label: UInt64(parent + 1), level: Int32(parent % 7), parent: CountedItem(parent))
      }
      var expected: [String: Int] = [:]
      var table = _LabelTable<String, _Place<CountedItem>>()
      for item in 0..<200 {
        table.updateValue(place(item), forKey: "item \(item)")
        expected["item \(item)"] = item
      }
      // Shared with the kept versions, so each write goes to a log; past 256 records, a fold.
      var map = Map(base: table)
      var versions: [(map: Map, expected: [String: Int])] = [(map, expected)]
      for step in 0..<700 {
        let item = "item \((step * 37) % 260)"
        if step % 5 == 0 {
          map[item] = nil
          expected[item] = nil
        } else {
          map[item] = place(1_000 + step)
          expected[item] = 1_000 + step
        }
        if step % 60 == 0 { versions.append((map, expected)) }
      }
      versions.append((map, expected))
      // An older version writes: a branch log on top of its chain.
      var branch = versions[2]
      branch.map["item 3"] = place(5_000)
      branch.expected["item 3"] = 5_000
      branch.map["item 4"] = nil
      branch.expected["item 4"] = nil
      XCTAssertNotNil(branch.map.log?.parent, "a branch log on the version's log")
      versions.append(branch)
      XCTAssertNotNil(versions[2].map.log, "a version read through its log")
      XCTAssertNotNil(versions[0].map.tableToken, "a version read from its table")
      for (index, version) in versions.enumerated() {
        for item in (0..<260).map({ "item \($0)" }) {
          let parent = version.map.read(item) { $0.parent } ?? nil
          XCTAssertEqual(parent?.id, version.expected[item], "version \(index), \(item)")
          XCTAssertEqual(version.map[item]?.parent?.id, version.expected[item])
          XCTAssertEqual(version.map[item]?.label, version.expected[item].map { UInt64($0 + 1) })
        }
      }
    }
    XCTAssertEqual(CountedItem.live.load(ordering: .relaxed), liveBefore, "every parent freed")
  }
}
