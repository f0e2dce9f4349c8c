import XCTest

@testable import Diffable

/// The log's records: every index maps to its own slot, and a slot never moves.
final class LabelRecordsTests: XCTestCase {
  func testRecordsKeepTheirValuesAndAddresses() {
    let records = _LabelRecords<UInt64>()
    records.append(1)
    let first = records.address(0)
    var addresses: Set<UnsafeMutablePointer<UInt64>> = [first]
    for value in 2...10_000 {
      records.append(UInt64(value))
      addresses.insert(records.address(value - 1))
    }
    XCTAssertEqual(records.count, 10_000)
    XCTAssertEqual(addresses.count, 10_000, "one slot per record")
    XCTAssertEqual(records.address(0), first, "appends never move a record")
    XCTAssertTrue((0..<10_000).allSatisfy { records.address($0).pointee == UInt64($0 + 1) })
    // Chunks of 16, 32, 64…: the chunk boundaries.
    XCTAssertEqual(records.chunks.count, 10)
    for boundary in [15, 16, 47, 48, 111, 112] {
      XCTAssertEqual(records.address(boundary).pointee, UInt64(boundary + 1))
    }
  }
}
