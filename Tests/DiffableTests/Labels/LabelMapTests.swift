import Dispatch
import Foundation
import OutlineTestSupport
import XCTest

@testable import Diffable

final class LabelMapTests: XCTestCase {
  func testWritesShadowTheBaseAndRemovalsHideItems() {
    var map = _LabelMap<String, UInt64>(base: ["A": 1, "B": 2])
    map["A"] = 10
    map["B"] = nil
    map["C"] = 3
    XCTAssertEqual(map["A"], 10)
    XCTAssertNil(map["B"])
    XCTAssertEqual(map["C"], 3)
    XCTAssertEqual(map.liveCount, 2)
    map["B"] = 20
    XCTAssertEqual(map["B"], 20)
    XCTAssertEqual(map.liveCount, 3)
  }

  /// A map built in bulk reads its dictionary without a log until a copy shares it and it
  /// writes; its copies keep reading the dictionary after it does.
  func testABulkBuiltMapHasNoLogUntilItWritesWhileShared() {
    var map = _LabelMap<String, UInt64>(base: ["A": 1, "B": 2])
    XCTAssertNil(map.log)
    XCTAssertEqual(map["A"], 1)
    let copy = map
    map["A"] = 10
    XCTAssertNil(map.tableToken)
    XCTAssertNotNil(map.log)
    XCTAssertEqual([map["A"], map["B"]], [10, 2])
    XCTAssertEqual([copy["A"], copy["B"]], [1, 2])
    XCTAssertEqual(copy.dictionary, ["A": 1, "B": 2])
  }

  /// A map that no other version shares writes into its dictionary in place, with no log; a
  /// copy taken between writes keeps its labels, and the writes after it go to a log.
  func testAnUnsharedMapWritesItsTableInPlace() {
    var map = _LabelMap<String, UInt64>(base: ["A": 1, "B": 2])
    let token = map.tableToken.map(ObjectIdentifier.init)
    map["A"] = 10
    map["B"] = nil
    map["C"] = 3
    XCTAssertNil(map.log)
    XCTAssertEqual(
      map.tableToken.map(ObjectIdentifier.init), token, "the same table, written in place")
    XCTAssertEqual(map.dictionary, ["A": 10, "C": 3])
    let copy = map
    map["C"] = 30
    XCTAssertNotNil(map.log, "a shared table is never written")
    XCTAssertEqual(copy.dictionary, ["A": 10, "C": 3])
    XCTAssertEqual(map.dictionary, ["A": 10, "C": 30])
    // The copy, now the table's only holder, writes in place again; the log that shares the
    // table's dictionary keeps its own labels.
    var other = copy
    withExtendedLifetime(copy) {}
    other["A"] = 100
    XCTAssertEqual(other.dictionary, ["A": 100, "C": 3])
    XCTAssertEqual(map.dictionary, ["A": 10, "C": 30])
  }

  /// An empty map's first write starts a table; removals from it need none.
  func testAnEmptyMapStartsATable() {
    var map = _LabelMap<String, UInt64>()
    map["A"] = nil
    XCTAssertNil(map.tableToken)
    XCTAssertNil(map.log)
    map["A"] = 1
    map["B"] = 2
    XCTAssertNotNil(map.tableToken)
    XCTAssertNil(map.log)
    XCTAssertEqual(map.dictionary, ["A": 1, "B": 2])
  }

  /// The newest version folds its log into a table of its own once the log is as long as the
  /// base: every version, the ones from before each fold included, goes on reading its own labels.
  func testFoldingKeepsEveryVersionsLabels() {
    let start = Dictionary(uniqueKeysWithValues: (0..<1_000).map { ($0, UInt64($0 + 1)) })
    // The version built in bulk is kept: its table is shared, so the first write starts a log.
    let origin = _LabelMap<Int, UInt64>(base: start)
    var map = origin
    var expected = start
    var kept: [(map: _LabelMap<Int, UInt64>, expected: [Int: UInt64])] = []
    var folds = 0
    for step in 0..<5_000 {
      let item = (step * 7919) % 1_500
      let before = map.log
      if step % 3 == 0 {
        map[item] = nil
        expected[item] = nil
      } else {
        map[item] = UInt64(step + 5_000)
        expected[item] = UInt64(step + 5_000)
      }
      if before != nil && map.log == nil {
        folds += 1
        XCTAssertNotNil(map.tableToken, "a folded version holds a table")
        XCTAssertEqual(map.epoch, 0)
      }
      if let log = map.log {
        XCTAssertLessThan(map.epoch, max(256, log.base.count), "folded in time")
      }
      // A kept copy shares the table: the next write starts a log on top of it.
      if step % 97 == 0 { kept.append((map, expected)) }
    }
    XCTAssertGreaterThan(folds, 1)
    for item in 0..<1_500 { XCTAssertEqual(map[item], expected[item], "item \(item)") }
    XCTAssertEqual(map.liveCount, expected.count)
    XCTAssertEqual(map.dictionary, expected)
    for (index, version) in kept.enumerated() {
      XCTAssertEqual(version.map.dictionary, version.expected, "kept version \(index)")
      for item in 0..<1_500 where version.map[item] != version.expected[item] {
        XCTFail("kept version \(index), item \(item)")
        break
      }
    }
    XCTAssertEqual(origin.dictionary, start)
  }

  /// A log's base is never written: a fold builds a table of its own, and the version that shared
  /// its table with the log copies it before it writes.
  func testALogsBaseIsNeverWritten() {
    let start = Dictionary(uniqueKeysWithValues: (0..<300).map { ($0, UInt64($0 + 1)) })
    var shared = _LabelMap<Int, UInt64>(base: start)
    var map = shared
    map[0] = 1_000  // the table is shared: a root log on it
    let log = map.log!
    let base = storage(of: log.base)
    XCTAssertEqual(storage(of: shared.table), base, "the log starts on the shared table")
    shared[1] = 2_000  // the token is the shared version's alone, the storage is not
    XCTAssertNotEqual(storage(of: shared.table), base, "copied before it wrote")
    var kept = [map]
    for step in 1..<300 {
      map[step] = UInt64(step + 1_000)
      kept.append(map)
    }
    XCTAssertNil(map.log, "the 300th write folded the log")
    XCTAssertNotEqual(storage(of: map.table), base)
    XCTAssertEqual(log.base.dictionary, start, "the base is as the log started")
    XCTAssertEqual(kept[0][0], 1_000)
    XCTAssertEqual(kept[0][1], 2, "an old version reads the base under a later write")
    XCTAssertEqual(kept[298][299], 300)
    XCTAssertEqual(kept[299][299], 1_299)
    XCTAssertEqual(shared[1], 2_000)
    XCTAssertEqual(shared[0], 1)
  }

  /// The identity of a table's storage.
  private func storage(of table: _LabelTable<Int, UInt64>) -> ObjectIdentifier? {
    table.storage.map(ObjectIdentifier.init)
  }

  func testCopiesAreIndependent() {
    let original = _LabelMap<String, UInt64>(base: ["A": 1])
    var copy = original
    copy["A"] = nil
    copy["B"] = 2
    XCTAssertEqual(original["A"], 1)
    XCTAssertNil(original["B"])
    XCTAssertNil(copy["A"])
    XCTAssertEqual(copy["B"], 2)
  }

  /// Writing to a version that is not the newest branches off: both lines keep their own labels.
  func testAnOlderVersionThatWritesBranchesOff() {
    // The version built in bulk is kept: `first` writes to a log.
    let origin = _LabelMap<String, UInt64>(base: ["A": 1])
    var first = origin
    first["B"] = 2
    var second = first
    second["A"] = 10
    second["C"] = 3
    // `first` is now behind the shared log's end: its write starts a log of its own.
    first["A"] = 100
    first["D"] = 4
    XCTAssertEqual(first.log?.depth, 2)
    XCTAssertEqual([first["A"], first["B"], first["C"], first["D"]], [100, 2, nil, 4])
    XCTAssertEqual([second["A"], second["B"], second["C"], second["D"]], [10, 2, 3, nil])
    // The branch's own newest version goes on appending to its log.
    first["E"] = 5
    XCTAssertEqual(first.log?.depth, 2)
    XCTAssertEqual(first["E"], 5)
    XCTAssertNil(second["E"])
    XCTAssertEqual(origin.dictionary, ["A": 1])
  }

  /// Model-based: every write goes to a random earlier version, as undo and copies make them,
  /// and every version must read exactly what a plain dictionary copied at each step reads.
  func testEveryVersionReadsItsOwnLabels() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SplitMix64(seed: seed)
    var versions: [(map: _LabelMap<Int, UInt64>, expected: [Int: UInt64])] = [
      (_LabelMap(base: [0: 1, 1: 2, 2: 3]), [0: 1, 1: 2, 2: 3])
    ]
    var deepest = 0
    for step in 0..<4_000 {
      // Mostly the newest version, sometimes an older one (a branch).
      let index =
        Int.random(in: 0..<10, using: &random) < 8
        ? versions.count - 1 : Int.random(in: versions.indices, using: &random)
      var (map, expected) = versions[index]
      let item = Int.random(in: 0..<300, using: &random)
      let label: UInt64? =
        Int.random(in: 0..<4, using: &random) == 0 ? nil : UInt64(step + 10)
      map[item] = label
      expected[item] = label
      deepest = max(deepest, map.log?.depth ?? 0)
      versions.append((map, expected))
      if step % 500 == 499 {
        for (offset, version) in versions.enumerated() {
          for item in 0..<300 where version.map[item] != version.expected[item] {
            XCTFail("seed \(seed): version \(offset), item \(item)")
            return
          }
        }
      }
    }
    XCTAssertLessThanOrEqual(deepest, _LabelMap<Int, UInt64>.maxDepth, "seed \(seed)")
    XCTAssertEqual(versions.last!.map.liveCount, versions.last!.expected.count, "seed \(seed)")
  }

  /// Readers of older versions on other threads see their own labels while the newest version
  /// appends to the log they share.
  func testOlderVersionsReadSafelyWhileTheNewestWrites() {
    var map = _LabelMap<Int, UInt64>(
      base: Dictionary(uniqueKeysWithValues: (0..<64).map { ($0, 1) }))
    var versions: [_LabelMap<Int, UInt64>] = []
    for round in 0..<64 {
      map[round] = UInt64(round + 100)
      versions.append(map)
    }
    let frozen = versions
    let start = map
    let writer = DispatchQueue(label: "writer")
    writer.async {
      var newest = start
      for step in 0..<20_000 { newest[step % 64] = UInt64(step + 1_000) }
    }
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<200 {
        for (round, version) in frozen.enumerated() {
          // Version `round` has written items 0...round; the later ones still read the base.
          let item = (round * 31) % 64
          let expected: UInt64 = item <= round ? UInt64(item + 100) : 1
          if version[item] != expected { XCTFail("round \(round), item \(item)") }
        }
      }
    }
    writer.sync {}
  }
}

extension LabelMapTests {
  /// An old version keeps its own log alive and no later one, however many folds come after it.
  func testAnOldVersionKeepsNoLaterLogAlive() {
    var origin: _LabelMap<Int, UInt64>? = _LabelMap(base: [0: 1])
    var map = origin!
    map[0] = 1  // the oldest version kept has a root log, the first of its line
    origin = nil
    let oldest = Holder(map)
    var later: [Weak] = []
    for step in 0..<(3_000 * 256) {
      if step % (100 * 256) == 0 {
        // A copy kept for one write makes the write start a log.
        let copy = map
        map[step % 256] = UInt64(step + 2)
        XCTAssertNotNil(map.log)
        later.append(Weak(map.log))
        _ = copy
      } else {
        map[step % 256] = UInt64(step + 2)
      }
    }
    XCTAssertEqual(oldest.map?[0], 1)
    XCTAssertEqual(oldest.map?[255], nil)
    XCTAssertEqual(oldest.map?.dictionary, [0: 1])
    XCTAssertEqual(map[255], UInt64(3_000 * 256 + 1))
    // The first write after the oldest version went into its log; each later log went when its
    // version folded it: nothing links an old log to a later one.
    XCTAssertEqual(later.count, 30)
    XCTAssertTrue(later[0].log === oldest.map?.log)
    XCTAssertTrue(later.dropFirst().allSatisfy { $0.log == nil }, "later logs are released")
    XCTAssertNotNil(oldest.map?.log, "the oldest version's own log is kept")
    oldest.map = nil
  }

  /// A map handed to another thread.
  private final class Holder: @unchecked Sendable {
    var map: _LabelMap<Int, UInt64>?
    init(_ map: _LabelMap<Int, UInt64>) { self.map = map }
  }

  /// A log that may have been released.
  private struct Weak {
    weak var log: _LabelLog<Int, UInt64>?
    init(_ log: _LabelLog<Int, UInt64>?) { self.log = log }
  }
}
