import Diffable

/// The `memory` scenario: what keeping every transaction of many single edits costs.
///
/// A data source holds a 100k-item outline; 10,000 single edits go through it and every
/// transaction is kept, so every initial and final snapshot stays alive. Snapshots share their
/// storage and an edit copies only the nodes on its path, so all of them together should stay
/// within 2× of one outline.
enum MemoryScenario: Scenario {
  static let name = "memory"
  static let summary = "memory kept by 10,000 transactions of single edits on a 100k outline"

  /// The edits, in the order they cycle.
  static let kinds = [
    "append leaf", "insert before", "delete leaf", "move (reorder)", "expand", "collapse",
  ]

  static func run(_ plan: Plan) -> [Goal] {
    let size = plan.quick ? 10_000 : 100_000
    let edits = plan.quick ? 1_000 : 10_000
    Report.heading(
      "\(name): \(Report.count(edits)) single edits on a \(Report.size(size)) outline, "
        + "every transaction kept",
      [
        "Edits cycle through: append a leaf to a random parent, insert before a random item,",
        "delete a random leaf, reorder a random child, expand a random child, collapse it.",
        "heap: mallinfo2() bytes in use (uordblks + hblkhd); resident: /proc/self/statm after",
        "malloc_trim(0). The outline's bytes leave out the benchmark's own id arrays.",
      ])

    let heapBefore = Memory.heapBytes
    let residentBefore = Memory.residentBytes
    let session = EditSession(OutlineFixture(approximately: size, seed: 1))
    // The items without children that exist: deleting one never deletes a subtree.
    var deletable = Array(session.fixture.leaves)
    deletable.reserveCapacity(deletable.count + edits)
    var kept: [Transaction<Int, String>] = []
    kept.reserveCapacity(edits)
    let heapOne = Memory.heapBytes
    let residentOne = Memory.residentBytes
    let stride = MemoryLayout<String>.stride
    let bookkeeping = (session.fixture.ids.capacity + deletable.capacity) * stride

    // Each edit's own bytes, for the mean and the median: the mean also carries the rare edits
    // that grow a shared structure (the label log's index, or a new label table when a full log
    // is folded).
    var samplesByKind = [[Int]](repeating: [], count: kinds.count)
    var expanded: String?
    for edit in 0..<edits {
      let kind = edit % kinds.count
      let heap = Memory.heapBytes
      switch kind {
      case 0:
        let item = session.newID()
        kept.append(session.appendLeaf(item, to: session.randomParent()))
        deletable.append(item)
      case 1:
        var other = session.randomItem()
        while !session.dataSource.snapshot(for: EditSession.section).contains(other) {
          other = session.randomItem()
        }
        let item = session.newID()
        kept.append(session.insert(item, before: other))
        deletable.append(item)
      case 2:
        let index = Int.random(in: deletable.indices, using: &session.random)
        deletable.swapAt(index, deletable.count - 1)
        kept.append(session.delete(deletable.removeLast()))
      case 3:
        let item = session.randomChild()
        var other = session.randomChild()
        while other == item { other = session.randomChild() }
        if let transaction = session.move(item, before: other) { kept.append(transaction) }
      case 4:
        let child = session.randomChild()
        expanded = child
        kept.append(session.toggle(child))
      default:
        kept.append(session.toggle(expanded!))
      }
      if let heap, let after = Memory.heapBytes {
        samplesByKind[kind].append(after - heap)
      }
    }
    let heapAfter = Memory.heapBytes
    let residentAfter = Memory.residentBytes
    // The goal speaks of each edit's initial and final section snapshot: keep only those.
    // One flat array of pairs (an array per transaction would add a heap block per edit that
    // is the benchmark's, not the library's).
    var snapshots: [(SectionSnapshot<String>, SectionSnapshot<String>)] = []
    snapshots.reserveCapacity(kept.reduce(0) { $0 + $1.sectionTransactions.count })
    for transaction in kept {
      for section in transaction.sectionTransactions {
        snapshots.append((section.initialSnapshot, section.finalSnapshot))
      }
    }
    let transactionCount = kept.count
    kept = []
    let heapSnapshots = Memory.heapBytes

    var rows: [[String]] = []
    var heapRatio: Double?
    if let heapBefore, let heapOne, let heapAfter {
      let one = heapOne - heapBefore - bookkeeping
      let all = heapAfter - heapBefore - bookkeeping
      heapRatio = Double(all) / Double(one)
      rows.append([
        "heap in use", Report.bytes(heapBefore), Report.bytes(one), Report.bytes(all),
        Report.ratio(Double(all) / Double(one)),
        "\(Report.count((all - one) / transactionCount)) B",
      ])
      if let heapSnapshots {
        let snapshotsOnly = heapSnapshots - heapBefore - bookkeeping
        heapRatio = Double(snapshotsOnly) / Double(one)
        rows.append([
          "heap, snapshots only", Report.bytes(heapBefore), Report.bytes(one),
          Report.bytes(snapshotsOnly), Report.ratio(heapRatio!),
          "\(Report.count((snapshotsOnly - one) / transactionCount)) B",
        ])
      }
    }
    if let residentBefore, let residentOne, let residentAfter {
      let one = residentOne - residentBefore - bookkeeping
      let all = residentAfter - residentBefore - bookkeeping
      rows.append([
        "resident", Report.bytes(residentBefore), Report.bytes(one), Report.bytes(all),
        Report.ratio(Double(all) / Double(one)),
        "\(Report.count((all - one) / transactionCount)) B",
      ])
    }
    Report.table(
      [
        "memory", "process before", "one outline", "outline + all kept", "kept / one",
        "per edit",
      ], rows)
    print("")
    Report.table(
      ["heap kept per edit, by kind"] + kinds,
      [
        ["bytes (mean)"]
          + samplesByKind.map { samples in
            Report.count(samples.reduce(0, +) / max(1, samples.count)) + " B"
          },
        ["bytes (median)"]
          + samplesByKind.map { samples in
            samples.isEmpty ? "-" : Report.count(Measure.median(of: samples)) + " B"
          },
      ])
    print(session.fixture.shape)
    print(
      "\(Report.count(transactionCount)) transactions kept, then only their section snapshots; the data source now holds "
        + "\(Report.count(session.dataSource.snapshot(for: EditSession.section).count)) items; "
        + "the benchmark's id arrays (\(Report.bytes(bookkeeping))) are left out")
    withExtendedLifetime(snapshots) {}

    bytesPerItem(plan)
    guard let heapRatio else {
      return [Goal(name, "all kept within 2× of one outline", .notJudged, "no mallinfo2()")]
    }
    return [
      Goal(
        name, "initial + final snapshots of \(Report.count(edits)) edits within 2× of one outline",
        met: heapRatio <= 2, "heap \(Report.ratio(heapRatio))", judged: !plan.quick)
    ]
  }
}
