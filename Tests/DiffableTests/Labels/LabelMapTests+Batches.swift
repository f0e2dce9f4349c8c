import OutlineTestSupport
import XCTest

@testable import Diffable

/// `forEachAddress(of:_:)`, the batched lookup, against `address(of:)` one item at a time: in a
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
    map.forEachAddress(of: probes) { index, address in
      seen.append(index)
      XCTAssertEqual(
        address?.pointee, map.address(of: probes[index])?.pointee, "\(name): \(probes[index])",
        line: line)
    }
    XCTAssertEqual(seen, Array(probes.indices), name, line: line)
  }

  private func checkInts(_ map: _LabelMap<Int, UInt64>, _ probes: [Int], line: UInt = #line) {
    var found = 0
    map.forEachAddress(of: probes) { index, address in
      XCTAssertEqual(address?.pointee, map[probes[index]], line: line)
      if address != nil { found += 1 }
    }
    XCTAssertEqual(found, map.liveCount, line: line)
  }
}
