import Diffable

extension SwiftTestEmitter {
  /// A query as an assertion on the snapshot it reads: its answer, as the session gave it.
  mutating func query(
    _ command: Command.QueryCommand, _ outcome: Outcome, _ before: SessionState
  ) {
    if before.batch?.flat != nil {
      flatBatchQuery(command, outcome, before)
      return
    }
    let source = SwiftCode.source(before)
    let view = SwiftCode.view(before)
    switch (command, outcome.result) {
    case (.show, _), (.showRows, _):
      add(SwiftCode.comment("show draws the tree for a person: no assertion"))
    case (.describe, .lines(let lines)?):
      add("XCTAssertEqual(\(view).native.visualDescriptionLines(), \(SwiftCode.array(lines)))")
    case (.list(let list), .items(let items)?):
      add("XCTAssertEqual(\(view).\(SwiftCode.property(list)), \(SwiftCode.array(items)))")
    case (.count, .number(let number)?):
      add("XCTAssertEqual(\(view).items.count, \(number))")
    case (.find(let search), .found(let lines)?):
      // The search is the app's, over its model; the snapshot gives the order of the matches.
      let found = lines.map(\.item)
      let words = search.words.joined(separator: " ")
      guard !found.isEmpty else {
        add(SwiftCode.comment("find: the app searches its model for \(words): no match"))
        return
      }
      add(
        SwiftCode.comment(
          "find: the app searches its model for \(words); its matches, in the order of items:"))
      let matches = SwiftCode.array(found)
      add("XCTAssertEqual(\(view).items.filter { \(matches).contains($0) }, \(matches))")
    case (.item(.title, let item), .text(let title)?):
      usesTitles = true
      add(
        "XCTAssertEqual(titles[\(SwiftCode.literal(item))] ?? \(SwiftCode.literal(item)), "
          + "\(SwiftCode.literal(title)))")
    case (.item(let query, let item), let result?):
      let call = "\(source).\(SwiftCode.call(query, item))"
      switch result {
      case .number(let number): add("XCTAssertEqual(\(call), \(number))")
      case .bool(true): add("XCTAssertTrue(\(call))")
      case .bool(false): add("XCTAssertFalse(\(call))")
      case .item(let answer?): add("XCTAssertEqual(\(call), \(SwiftCode.literal(answer)))")
      case .item(nil): add("XCTAssertNil(\(call))")
      default: add(SwiftCode.query(command, before, flatName: "flatSnapshot"))
      }
    default:
      add(SwiftCode.query(command, before, flatName: "flatSnapshot"))
    }
  }

  /// A query in a batch that edits the flat snapshot: an assertion on the rows it holds
  /// (`SwiftCode.flatBatchRead`), or a comment where only a section snapshot could answer.
  mutating func flatBatchQuery(
    _ command: Command.QueryCommand, _ outcome: Outcome, _ before: SessionState
  ) {
    let read = SwiftCode.flatBatchRead(command, before, on: "flatSnapshot")
    switch (read, outcome.result) {
    case (let read?, .items(let items)?):
      add("XCTAssertEqual(\(read), \(SwiftCode.array(items)))")
    case (let read?, .number(let number)?):
      add("XCTAssertEqual(\(read), \(number))")
    default:
      add(SwiftCode.flatBatchComment(command))
    }
  }
}
