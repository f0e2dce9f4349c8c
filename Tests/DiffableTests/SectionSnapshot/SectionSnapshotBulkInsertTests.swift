import Diffable
import OutlineTestSupport
import XCTest

/// Runs of more than 64 new items (whose labels go to the label map in one call, with the hashes
/// the uniqueness check made) against the simple reference: into a snapshot held alone, one
/// whose labels a kept copy shares (the first write starts a log), and the newest version of a
/// log; the kept copies keep theirs.
final class SectionSnapshotBulkInsertTests: XCTestCase {
  private typealias Edit = (
    name: String, edit: (inout SectionSnapshot<Int>) throws -> Void,
    model: (inout ReferenceOutline<Int>) throws -> Void
  )

  private func outline() throws -> (SectionSnapshot<Int>, ReferenceOutline<Int>) {
    var outline = SectionSnapshot<Int>()
    var model = ReferenceOutline<Int>()
    try outline.append(Array(0..<30))
    try model.append(Array(0..<30))
    for root in 0..<30 {
      let children = (0..<9).map { 1_000 + root * 9 + $0 }
      try outline.append(children, to: root)
      try model.append(children, to: root)
    }
    return (outline, model)
  }

  /// Every item with its parent and level, in order.
  private func places(_ outline: SectionSnapshot<Int>) throws -> [[Int?]] {
    try outline.items.map { [$0, try outline.parent(of: $0), try outline.level(of: $0)] }
  }

  private func places(_ model: ReferenceOutline<Int>) throws -> [[Int?]] {
    try model.items.map { [$0, try model.parent(of: $0), try model.level(of: $0)] }
  }

  func testBulkInsertsMatchTheReference() throws {
    let new = Array(10_000..<10_100)
    var part = SectionSnapshot<Int>()
    var partModel = ReferenceOutline<Int>()
    try part.append(Array(new[..<10]))
    try partModel.append(Array(new[..<10]))
    for (index, root) in new[..<10].enumerated() {
      let children = Array(new[(10 + index * 9)..<(19 + index * 9)])
      try part.append(children, to: root)
      try partModel.append(children, to: root)
    }
    var flat = SectionSnapshot<Int>()
    try flat.append(new)
    let flatModel = ReferenceOutline<Int>(roots: new.map { .init($0) })
    let edits: [Edit] = [
      ("append to a parent", { try $0.append(new, to: 7) }, { try $0.append(new, to: 7) }),
      ("insert before", { try $0.insert(new, before: 12) }, { try $0.insert(new, before: 12) }),
      ("insert after", { try $0.insert(new, after: 12) }, { try $0.insert(new, after: 12) }),
      (
        "insert a snapshot", { try $0.insert(part, after: 3) },
        { try $0.insert(partModel, after: 3) }
      ),
      (
        "replace children", { try $0.replace(childrenOf: 5, using: flat) },
        { try $0.replace(childrenOf: 5, using: flatModel) }
      ),
    ]
    for (name, edit, modelEdit) in edits {
      let (start, startModel) = try outline()
      var model = startModel
      try modelEdit(&model)
      let expected = try places(model)

      var alone = try outline().0
      try edit(&alone)
      XCTAssertEqual(try places(alone), expected, "\(name): held alone")

      var shared = start
      try edit(&shared)
      XCTAssertEqual(try places(shared), expected, "\(name): shared")
      XCTAssertEqual(try places(start), try places(startModel), "\(name): the kept copy")

      var logged = start
      try logged.append([99_999], to: 0)  // a log, of which this is the newest version
      try logged.delete([99_999])
      try edit(&logged)
      XCTAssertEqual(try places(logged), expected, "\(name): through a log")
      XCTAssertEqual(try places(start), try places(startModel), "\(name): still kept")
      for item in new { XCTAssertFalse(start.contains(item), "\(name): \(item) kept out") }
    }
  }
}
