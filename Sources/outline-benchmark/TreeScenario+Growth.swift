import Diffable

// The `tree` scenario: the growth of a bulk expand and of the queries from 1k to the largest size.

extension TreeScenario {
  /// The growth of a bulk expand of `fixedK` roots, walked, from 1k to the largest size, per
  /// identifier type.
  struct Growth {
    let type: String
    let operation: String
    /// Samples of the two sizes, taken round after round.
    let small: [Double]
    let large: [Double]
    var ratio: Double { Measure.median(of: large) / Measure.median(of: small) }
  }

  /// The operations whose growth is measured: the bulk expand, the two queries, and the floor the
  /// queries are judged beside (a hash lookup grows too, as the table outgrows each cache).
  static let expandGrowth = "expand \(fixedK) + walk"
  static let parentGrowth = "parent(of:) ×1,000"
  static let levelGrowth = "level(of:) ×1,000"
  static let floorGrowth = "[id: Int] lookup ×1,000"

  /// The growth from 1k to the largest size of a bulk expand of `fixedK` roots (walked), of
  /// `parent(of:)` and `level(of:)`, and of a `Dictionary` lookup of the same ids, per identifier
  /// type, with the two sizes measured round after round (rows measured minutes apart differ
  /// by more than the growth).
  static func measureGrowth(_ plan: Plan) -> [Growth] {
    let largest = plan.largest
    guard largest > 1_000 else { return [] }
    let runs = 2 * plan.runs(at: 1_000) + 1
    func growths<ID: QueriedID>(_ type: String, _ ids: (Int) -> [ID]) -> [Growth] {
      var random = SplitMix64(seed: 0x6E0)
      func expand(_ size: Int) -> () -> Double {
        let (collapsed, roots) = expandOutline(ids(size))
        let fixed = Array(roots.shuffled(using: &random).prefix(fixedK))
        return {
          var copy = collapsed
          let seconds = Measure.seconds {
            copy.expand(fixed)
            blackHole(copy.visibleCount)
          }
          blackHole(copy.count)
          return seconds
        }
      }
      func queries(_ size: Int) -> [() -> Double] {
        let all = ids(size)
        var built = SectionSnapshot<ID>()
        buildByAppends(all, into: &built)
        let queries = (0..<queriesPerRun).map { _ in all.randomElement(using: &random)! }
        return queryLoops(built, offsets(all), queries)
      }
      // Round after round: each operation at 1k, then at the largest size; the expand in rounds
      // of its own (a round of lookups in 1M items before it would evict what the 1k expand had
      // in cache).
      let samples =
        Measure.interleavedSamples(runs: runs, [expand(1_000), expand(largest)])
        + Measure.interleavedSamples(
          runs: runs, zip(queries(1_000), queries(largest)).flatMap { [$0, $1] })
      return [expandGrowth, parentGrowth, levelGrowth, floorGrowth].enumerated().map {
        Growth(
          type: type, operation: $1, small: samples[2 * $0], large: samples[2 * $0 + 1])
      }
    }
    let result =
      growths("Int") { Array(0..<$0) }
      + growths("String") { Identifiers.uuids(count: $0, seed: 8) }
    print("")
    print("-- growth from 1k to \(Report.size(largest)), \(runs) interleaved rounds")
    Report.table(
      ["ids", "operation", "1k", Report.size(largest), "growth"],
      result.map {
        [
          $0.type, $0.operation, Report.spread($0.small), Report.spread($0.large),
          Report.ratio($0.ratio),
        ]
      })
    return result
  }

  /// The expand outline of `ids`: n/10 collapsed roots × 9 leaves; and its roots.
  static func expandOutline<ID: Hashable & Sendable>(_ ids: [ID]) -> (
    SectionSnapshot<ID>, [ID]
  ) {
    let size = ids.count
    let rootCount = max(1, size / 10)
    let roots = Array(ids[..<rootCount])
    var collapsed = SectionSnapshot<ID>()
    try! collapsed.append(roots)
    for (index, root) in roots.enumerated() {
      let first = rootCount + index * 9
      if first < size { try! collapsed.append(Array(ids[first..<min(first + 9, size)]), to: root) }
    }
    return (collapsed, roots)
  }
}
