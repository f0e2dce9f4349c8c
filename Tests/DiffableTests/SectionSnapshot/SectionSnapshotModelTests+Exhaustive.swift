import OutlineTestSupport
import XCTest

@testable import Diffable

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Exhaustive: every operation on every small forest.
extension SectionSnapshotModelTests {
  /// The items of the exhaustive forests, in pre-order.
  private static let forestItems = ["A", "B", "C", "D", "E"]

  /// Every operation worth trying agrees with the reference on every forest of up to five items.
  ///
  /// Every forest (every shape, every set of expanded items) is built two ways and checked, and
  /// every operation runs on every forest of up to four items. On five-item forests each
  /// operation runs on every shape but, for time, on a rotating sixth of the expansion sets
  /// (`DIFFABLE_EXHAUSTIVE=full` runs them all, about four times longer).
  func testEveryOperationOnEveryForestOfUpToFiveItemsAgreesWithTheReference() throws {
    let full = getenv("DIFFABLE_EXHAUSTIVE").map { String(cString: $0) } == "full"
    var forests = 0
    var operations = 0
    let start = ContinuousClock.now
    for size in 0...Self.forestItems.count {
      for levels in Self.levelSequences(count: size) {
        for mask in 0..<(1 << size) {
          let forest = Forest(
            lines: (0..<size).map {
              Forest.Line(
                item: Self.forestItems[$0], level: levels[$0], isExpanded: mask & (1 << $0) != 0)
            })
          forests += 1
          guard let (snapshot, reference) = buildBothWays(forest) else { return }
          for (index, operation) in Self.operations(on: forest).enumerated() {
            if size == 5 && !full && (index + mask) % 6 != 0 { continue }
            operations += 1
            var edited = snapshot
            var editedReference = reference
            // The reference's own queries and a rebuilt snapshot: on a sample, for time.
            let mode = Mode<String>(
              compare: true, referenceQueries: operations % 16 == 0, rebuild: operations % 8 == 0)
            let passed = check(
              operation, &edited, &editedReference, mode: mode,
              probing: Self.forestItems + ["X", "Z"]
            ) { "forest \(forest), operation \(operation)" }
            if !passed { return }
          }
        }
      }
    }
    print(
      "SectionSnapshotModelTests: \(operations) operations on \(forests) forests in "
        + "\(ContinuousClock.now - start)")
  }

  /// Every sequence of levels a pre-order forest of `count` items can have: the first is 0, each
  /// next one at most one deeper.
  private static func levelSequences(count: Int) -> [[Int]] {
    guard count > 0 else { return [[]] }
    var result: [[Int]] = [[0]]
    for _ in 1..<count {
      result = result.flatMap { levels in (0...(levels.last! + 1)).map { levels + [$0] } }
    }
    return result
  }

  /// Builds `forest` in the library by appending, and again from subtrees (`replace(childrenOf:)`,
  /// `insert(_:after:)` with snapshots), and in the reference; fails unless all three agree.
  private func buildBothWays(
    _ forest: Forest<String>, file: StaticString = #filePath, line: UInt = #line
  ) -> (SectionSnapshot<String>, ReferenceOutline<String>)? {
    _CrashContext.current = { "building forest \(forest)" }
    let reference = forest.reference()
    do throws(SnapshotError) {
      let appended = try forest.snapshotByAppending()
      let assembled = try forest.snapshotBySubtrees()
      var problems = Self.mismatches(appended, reference, referenceQueries: true, probing: ["Z"])
      problems += Self.mismatches(assembled, reference, referenceQueries: false, probing: ["Z"])
      if appended != assembled { problems.append("built two ways, not ==") }
      if !problems.isEmpty {
        XCTFail("forest \(forest): " + problems.joined(separator: "; "), file: file, line: line)
        return nil
      }
      return (appended, reference)
    } catch {
      XCTFail("forest \(forest): building threw \(error)", file: file, line: line)
      return nil
    }
  }

  /// Every operation worth trying on `forest`, valid and invalid.
  private static func operations(on forest: Forest<String>) -> [Operation<String>] {
    let items = forest.items
    var result: [Operation<String>] = []
    // append
    result += [.append(["X"], to: nil), .append(["X", "Y"], to: nil), .append([], to: "Z")]
    result += [
      .append(["X"], to: "Z"), .append(["X", "X"], to: nil), .append(["X", "Y", "X"], to: nil),
    ]
    result += items.map { .append(["X"], to: $0) }
    result += items.map { .append(["X", "Y"], to: $0) }
    if let first = items.first, let last = items.last {
      result += [
        .append([first], to: nil), .append(["X", last], to: first), .append([last], to: "Z"),
      ]
    }
    // insert items before and after
    for item in items {
      result += [.insertBefore(["X"], item), .insertAfter(["X"], item)]
      result += [.insertBefore(["X", "Y"], item), .insertAfter(["X", "Y"], item)]
    }
    result += [.insertBefore(["X"], "Z"), .insertAfter(["X"], "Z")]
    result += [.insertBefore([], "Z"), .insertAfter([], "Z")]
    if let first = items.first, let last = items.last {
      result += [
        .insertBefore([last], first), .insertAfter(["X", first], last),
        .insertBefore(["X", "X"], first), .insertAfter([first], "Z"),
      ]
    }
    // insert snapshots before and after
    let small = Forest<String>.parse("+X(-Y), -W")
    for item in items {
      result += [.insertSnapshotBefore(small, item), .insertSnapshotAfter(small, item)]
    }
    result += [.insertSnapshotBefore(small, "Z"), .insertSnapshotAfter(Forest(lines: []), "Z")]
    if let first = items.first, let last = items.last {
      result += [
        .insertSnapshotBefore(.parse("-X, +\(last)"), first),
        .insertSnapshotAfter(.parse("-\(first)"), last),
      ]
    }
    // replace children
    for parent in items {
      result += [
        .replaceChildren(parent, Forest(lines: [])), .replaceChildren(parent, .parse("+X(-Y)")),
      ]
      // Reusing a descendant is fine; any other present item (the parent too) is a duplicate.
      for other in items { result.append(.replaceChildren(parent, .parse("+\(other)(-X)"))) }
    }
    result += [.replaceChildren("Z", Forest(lines: [])), .replaceChildren("Z", .parse("-X"))]
    // delete
    result += [.delete([]), .delete(["Z"]), .deleteAll]
    for first in items {
      result.append(.delete([first]))
      for second in items { result.append(.delete([first, second])) }
    }
    if let first = items.first { result += [.delete([first, "Z"]), .delete(["Z", first])] }
    // expand and collapse
    for item in items { result += [.expand([item]), .collapse([item])] }
    result += [.expand(["Z"]), .collapse(["Z"]), .expand(items), .collapse(items)]
    if let first = items.first { result += [.expand(["Z", first]), .collapse([first, "Z"])] }
    // child snapshots
    for item in items + ["Z"] {
      result += [
        .snapshot(of: item, includingParent: false), .snapshot(of: item, includingParent: true),
      ]
    }
    return result
  }
}
