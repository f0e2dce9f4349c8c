import Diffable
import XCTest

/// The invariant checks after every mutation (`SectionSnapshot._checkInvariants()`, O(*n*)) run
/// exactly when the tests are built with the InternalChecks trait, as CI builds them
/// (`swift test --traits InternalChecks`), and never otherwise: a plain debug build, which the
/// README's `swift run` makes, edits in what each edit's complexity says.
///
/// Which branch runs says how the suite was built; both are assertions, neither a skip. The
/// trait defines `DIFFABLE_INTERNAL_CHECKS` in this target and in the library alike, so with it
/// this proves the library's checks were compiled in, and without it that they were left out.
final class SectionSnapshotInternalChecksTests: XCTestCase {
  /// An identifier that counts its `hash(into:)` calls: the checks look every item up in the
  /// label map, one hash each, where an append of one item to 1,000 hashes a handful.
  private struct Probe: Hashable, Sendable {
    nonisolated(unsafe) static var hashes = 0
    let value: Int

    func hash(into hasher: inout Hasher) {
      Self.hashes += 1
      hasher.combine(value)
    }
  }

  func testOneAppendChecksEveryItemExactlyWhenBuiltWithInternalChecks() throws {
    let count = 1_000
    var snapshot = SectionSnapshot<Probe>()
    try snapshot.append((0..<count).map(Probe.init))
    Probe.hashes = 0
    try snapshot.append([Probe(value: count)])
    #if DIFFABLE_INTERNAL_CHECKS
      XCTAssertGreaterThan(
        Probe.hashes, count, "built with InternalChecks, one append should check every item")
    #else
      XCTAssertLessThan(
        Probe.hashes, 50, "built without InternalChecks, one append should check nothing")
    #endif
  }
}
