import OutlineTestSupport
import XCTest

@testable import Diffable

/// `forEachLabel(of:_:)`, the batched lookup, against the subscript one item at a time: in a
/// table, through a log and a branch of it, and in an empty map.
extension LabelMapTests {
  func testBatchedLookupsAnswerAsSingleOnes() {
    var map = _LabelMap<String, UInt64>(
      base: Dictionary(uniqueKeysWithValues: (0..<1_000).map { ("\($0)", UInt64($0 + 1)) }))
    // Items present and absent, more than one batch, a last batch that is not full.
    let probes = (0..<1_000).map { "\($0 * 3 % 1_500)" } + ["", "absent"]
    check(map, probes, "a table")
    let kept = map
    for index in 0..<300 { map["\(index)"] = index % 3 == 0 ? nil : UInt64(5_000 + index) }
    for index in 2_000..<2_100 { map["\(index)"] = UInt64(index) }
    XCTAssertNotNil(map.log)
    check(map, probes + (1_990..<2_110).map { "\($0)" }, "through a log")
    var branch = kept
    branch["7"] = 77
    branch["8"] = nil
    check(branch, probes, "a branch")
    check(kept, probes, "the version the log started on")
    check(_LabelMap<String, UInt64>(), probes, "an empty map")

    var integers = _LabelMap<Int, UInt64>(
      base: Dictionary(uniqueKeysWithValues: (0..<100).map { ($0 << 20, UInt64($0 + 1)) }))
    let intProbes = (0..<200).map { $0 << 20 }
    checkInts(integers, intProbes)
    let shared = integers
    integers[5 << 20] = nil
    checkInts(integers, intProbes)
    checkInts(shared, intProbes)
  }

  private func check(
    _ map: _LabelMap<String, UInt64>, _ probes: [String], _ name: String,
    line: UInt = #line
  ) {
    var seen: [Int] = []
    map.forEachLabel(of: probes[...]) { index, _, label in
      seen.append(index)
      XCTAssertEqual(
        label.isAbsent ? nil : copy label, map[probes[index]], "\(name): \(probes[index])",
        line: line)
    }
    XCTAssertEqual(seen, Array(probes.indices), name, line: line)
  }

  private func checkInts(_ map: _LabelMap<Int, UInt64>, _ probes: [Int], line: UInt = #line) {
    var found = 0
    map.forEachLabel(of: probes[...]) { index, _, label in
      XCTAssertEqual(label.isAbsent ? nil : copy label, map[probes[index]], line: line)
      if !label.isAbsent { found += 1 }
    }
    XCTAssertEqual(found, map.liveCount, line: line)
  }
}

extension LabelMapTests {
  /// Writes given the hashes a batched lookup made land where single writes do: into a table
  /// held alone, a table shared with a copy (the write starts a log), the newest version of a
  /// log, and an older version (a branch); a hash under another seed is not used.
  func testWritesWithTheHashesOfABatchedLookupMatchSingleWrites() {
    let base = Dictionary(uniqueKeysWithValues: (0..<500).map { ("\($0)", UInt64($0 + 1)) })
    let new = (0..<300).map { "new \($0)" }
    func write(_ map: inout _LabelMap<String, UInt64>, hashed: Bool) {
      var hashes: [Int] = []
      let seed = map.forEachLabel(of: new[...]) { _, hash, label in
        XCTAssertTrue(label.isAbsent)
        hashes.append(hash)
      }
      let batch = seed.map { _LabelHashes(seed: $0, values: hashes) }
      for (index, item) in new.enumerated() {
        map.setLabel(
          UInt64(10_000 + index), for: item, hashes: hashed ? batch : nil, at: index)
      }
    }
    func states() -> [(String, _LabelMap<String, UInt64>, Any?)] {
      let alone = _LabelMap<String, UInt64>(base: base)
      let shared = _LabelMap<String, UInt64>(base: base)
      var logged = _LabelMap<String, UInt64>(base: base)
      let keep = logged
      logged["0"] = 99
      var branch = logged
      logged["1"] = 98
      branch["2"] = 97
      return [
        ("a table held alone", alone, nil), ("a shared table", shared, shared),
        ("a log", logged, keep), ("a branch", branch, logged),
      ]
    }
    for ((name, plain, keptPlain), (_, hashed, keptHashed)) in zip(states(), states()) {
      var plain = plain
      var hashed = hashed
      write(&plain, hashed: false)
      write(&hashed, hashed: true)
      XCTAssertEqual(hashed.dictionary, plain.dictionary, name)
      XCTAssertEqual(hashed.liveCount, 800, name)
      for (index, item) in new.enumerated() {
        XCTAssertEqual(hashed[item], UInt64(10_000 + index), "\(name): \(item) found")
      }
      withExtendedLifetime((keptPlain, keptHashed)) {}
    }
    // Hashes under a seed the map does not use are ignored.
    var map = _LabelMap<String, UInt64>(base: base)
    let seed = map.table.seed ?? map.log?.seed ?? 0
    let wrong = _LabelHashes(seed: seed &+ 1, values: Array(repeating: 0, count: 1))
    map.setLabel(7, for: "x", hashes: wrong, at: 0)
    XCTAssertEqual(map["x"], 7)
  }
}

extension LabelMapTests {
  /// `setLabels(of:to:hashes:)` against as many single writes: in a table held alone, a shared
  /// table, the newest version of a log (enough writes to fold it), and an older version; the
  /// versions kept before keep their labels.
  func testBulkWritesMatchSingleWrites() {
    let base = Dictionary(uniqueKeysWithValues: (0..<200).map { ("\($0)", UInt64($0 + 1)) })
    for count in [1, 2, 65, 300] {
      let items = (0..<count).map { "new \($0)" }
      let labels = (0..<count).map { UInt64(50_000 + $0) }
      var states:
        [(name: String, map: _LabelMap<String, UInt64>, kept: _LabelMap<String, UInt64>?)] = []
      states.append(("a table held alone", _LabelMap(base: base), nil))
      let shared = _LabelMap<String, UInt64>(base: base)
      states.append(("a shared table", shared, shared))
      var logged = shared
      logged["0"] = 7
      states.append(("the newest version of a log", logged, shared))
      var older = logged
      logged["1"] = 8
      older["2"] = 9
      states.append(("an older version", older, logged))
      for (name, map, kept) in states {
        let before = kept?.dictionary
        var single = map
        for (item, label) in zip(items, labels) { single[item] = label }
        for hashed in [false, true] {
          var bulk = map
          var hashes: [Int] = []
          let seed = bulk.forEachLabel(of: items[...]) { _, hash, _ in hashes.append(hash) }
          bulk.setLabels(
            of: items, hashes: hashed ? seed.map { _LabelHashes(seed: $0, values: hashes) } : nil
          ) { labels[$0] }
          let what = "\(name), \(count) items, hashed: \(hashed)"
          XCTAssertEqual(bulk.dictionary, single.dictionary, what)
          for (item, label) in zip(items, labels) { XCTAssertEqual(bulk[item], label, what) }
          XCTAssertEqual(kept?.dictionary, before, "\(what): the kept version")
        }
      }
    }
  }
}
