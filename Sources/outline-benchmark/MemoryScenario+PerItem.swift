import Diffable

extension MemoryScenario {
  /// The heap bytes one section snapshot holds per item, Int and String identifiers, built in
  /// bulk (one append into an empty snapshot) and by many small appends (the `tree` scenario's
  /// outline), at each size of the plan from 100k up (10k in a quick run).
  ///
  /// The identifiers' own array is allocated before the first reading and left out; a String
  /// identifier's characters (36 of them, a heap block each) are in that array, not counted.
  static func bytesPerItem(_ plan: Plan) {
    let sizes = plan.quick ? [10_000] : plan.sizes.filter { $0 >= 100_000 }
    Report.heading(
      "\(name): heap bytes per item of one section snapshot",
      [
        "heap in use (mallinfo2) after building one snapshot, minus before, per item; the ids",
        "(Int, or 36-character UUID Strings) exist before and are not counted. bulk: one",
        "append(_:) of every item (the label map's table built in one pass); appends: the",
        "tree scenario's outline, one append(_:to:) per parent (labels written one at a time).",
      ])
    var rows: [[String]] = []
    for size in sizes {
      rows.append(measure(Array(0..<size), type: "Int"))
      rows.append(measure(Identifiers.uuids(count: size, seed: 4), type: "String"))
    }
    Report.table(["size", "ids", "bulk", "appends"], rows)
  }

  /// One row: the bytes per item of each way of building.
  private static func measure<ID: Hashable & Sendable>(_ ids: [ID], type: String) -> [String] {
    func bytes(_ build: () -> SectionSnapshot<ID>) -> String {
      guard let before = Memory.heapBytes else { return "-" }
      let snapshot = build()
      guard let after = Memory.heapBytes else { return "-" }
      withExtendedLifetime(snapshot) {}
      return "\(Report.count((after - before) / ids.count)) B"
    }
    let bulk = bytes {
      var snapshot = SectionSnapshot<ID>()
      try! snapshot.append(ids)
      return snapshot
    }
    let appends = bytes {
      var snapshot = SectionSnapshot<ID>()
      TreeScenario.buildByAppends(ids, into: &snapshot)
      return snapshot
    }
    return [Report.size(ids.count), type, bulk, appends]
  }
}
