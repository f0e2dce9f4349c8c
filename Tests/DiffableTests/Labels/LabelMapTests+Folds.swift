import Dispatch
import Foundation
import OutlineTestSupport
import Synchronization
import XCTest

@testable import Diffable

/// Old versions read through logs item by item (the `read(_:_:)` path, apart from the
/// whole-table one), branch off them, and do so while the newest version folds on another thread.
extension LabelMapTests {
  /// Kept versions across many folds, read item by item and as a whole, then a branch off each of
  /// them, written until it folds.
  func testEveryVersionReadsEachItemThroughFoldsAndBranches() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SplitMix64(seed: seed)
    let start = Dictionary(uniqueKeysWithValues: (0..<256).map { ($0, UInt64($0 + 1)) })
    // The version built in bulk is kept: its table is shared, so every write goes to a log.
    let origin = _LabelMap<Int, UInt64>(base: start)
    var map = origin
    var expected = start
    var kept: [(map: _LabelMap<Int, UInt64>, expected: [Int: UInt64])] = []
    var folds = 0
    for step in 0..<(256 * 20) {
      // Items 300..<400 are written rarely: old versions read them through many later roots.
      let item =
        step % 50 == 0
        ? Int.random(in: 300..<400, using: &random) : Int.random(in: 0..<300, using: &random)
      let label: UInt64? = step % 5 == 0 ? nil : UInt64(step + 10_000)
      let before = map.log
      map[item] = label
      expected[item] = label
      let folded = before != nil && map.log == nil
      if folded { folds += 1 }
      // Versions just folded, in a table, and through a log, some at a log's ends.
      if step % 41 == 0 || folded || map.epoch == 255 { kept.append((map, expected)) }
    }
    XCTAssertGreaterThanOrEqual(folds, 10, "seed \(seed)")
    for (offset, version) in kept.enumerated() {
      XCTAssertEqual(version.map.dictionary, version.expected, "seed \(seed): version \(offset)")
      for item in 0..<400 where version.map[item] != version.expected[item] {
        XCTFail("seed \(seed): version \(offset), item \(item)")
        break
      }
    }
    for (offset, version) in kept.enumerated() {
      var (branch, branchExpected) = version
      for write in 0..<300 {
        branch[(write * 7) % 420] = UInt64(write + 50_000)
        branchExpected[(write * 7) % 420] = UInt64(write + 50_000)
      }
      XCTAssertEqual(branch.dictionary, branchExpected, "seed \(seed): branch \(offset)")
      for item in 0..<420 where branch[item] != branchExpected[item] {
        XCTFail("seed \(seed): branch \(offset), item \(item)")
        break
      }
      for item in 0..<400 where version.map[item] != version.expected[item] {
        XCTFail("seed \(seed): version \(offset) after its branch, item \(item)")
        break
      }
    }
    XCTAssertEqual(origin.dictionary, start, "seed \(seed)")
  }

  /// Readers on three threads read old versions' items, most of them never written since the
  /// version's root log started (so from its base), and whole tables, while a writer appends to
  /// the logs they read and folds 200 times.
  func testOldVersionsReadWhileTheNewestFolds() {
    let count = 1_024
    var map = _LabelMap<Int, UInt64>(
      base: Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }))
    map[0] = 5
    let start = map
    // Versions handed from the writer to the readers under an NSLock, not a Mutex: on Linux a
    // Mutex waits in a priority-inheriting futex, which ThreadSanitizer does not see, so it
    // reported the hand-over itself as a race.
    let published = LockedVersions([(map, -1)])
    let finished = Atomic<Bool>(false)
    let failures = Atomic<Int>(0)
    /// The label of `item` after write `step`: write *s* gives item *s* % 256 the label s + 1000.
    @Sendable func label(of item: Int, after step: Int) -> UInt64 {
      guard item < 256, step >= item else { return item == 0 ? 5 : 1 }
      return UInt64(step - (step - item) % 256 + 1_000)
    }
    let writer = Thread {
      var newest = start
      for step in 0..<(count * 200) {
        newest[step % 256] = UInt64(step + 1_000)
        if step % 97 == 0 {
          let version = newest
          published.withLock { $0.append((version, step)) }
        }
      }
      finished.store(true, ordering: .releasing)
    }
    writer.start()
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      var random = SplitMix64(seed: UInt64(thread))
      var rounds = 0
      while !finished.load(ordering: .acquiring) || rounds < 50 {
        rounds += 1
        let (version, step) = published.withLock {
          $0[Int.random(in: $0.indices, using: &random)]
        }
        for _ in 0..<200 {
          let item = Int.random(in: 0..<count, using: &random)
          if version[item] != label(of: item, after: step) { failures.add(1, ordering: .relaxed) }
        }
        if rounds % 20 == 0 {
          let labels = version.dictionary
          if (0..<count).contains(where: { labels[$0] != label(of: $0, after: step) }) {
            failures.add(1, ordering: .relaxed)
          }
        }
      }
    }
    XCTAssertEqual(failures.load(ordering: .relaxed), 0)
  }
}

/// The versions a writer thread publishes for reader threads, behind an `NSLock`.
private final class LockedVersions: @unchecked Sendable {
  private let lock = NSLock()
  private var versions: [(map: _LabelMap<Int, UInt64>, step: Int)]

  init(_ versions: [(map: _LabelMap<Int, UInt64>, step: Int)]) { self.versions = versions }

  func withLock<T>(_ body: (inout [(map: _LabelMap<Int, UInt64>, step: Int)]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&versions)
  }
}
