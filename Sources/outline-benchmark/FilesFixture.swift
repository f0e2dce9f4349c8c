/// The outline the `files` scenario saves and loads, as the text of a version 2 save file.
///
/// A seeded random forest: each item is a child of the item before (40%), a sibling of it, or
/// a sibling of one of its ancestors, never deeper than 20; half the items are expanded, one in
/// 20 has a title of its own ("Notes", repeated: the case the identifiers keep apart) and one in
/// 25 two attributes; the section has a head.
enum FilesFixture {
  static func text(count: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var out = ""
    out.reserveCapacity(count * 64)
    out += """
      {"format": "outline", "version": 2, "section": "main", "sections": [
        {"name": "main", "head": {"title": "Benchmark", "ownerName": "outline"}, "items": [

      """
    var level = 0
    for index in 0..<count {
      if index > 0 {
        let step = Int.random(in: 0..<10, using: &random)
        if step < 4 && level < 20 {
          level += 1
        } else if step >= 7 {
          level = Int.random(in: 0...level, using: &random)
        }
      }
      out += index == 0 ? "    " : ",\n    "
      out += #"{"item": "Item \#(index)", "level": \#(level)"#
      if Bool.random(using: &random) { out += #", "expanded": true"# }
      if index % 20 == 7 { out += #", "title": "Notes""# }
      if index % 25 == 3 {
        out += #", "attributes": {"_note": "note \#(index)", "type": "link"}"#
      }
      out += "}"
    }
    out += "\n  ]}\n], \"rules\": [\"no-collapse Food\"], \"snapshots\": []}\n"
    return Array(out.utf8)
  }
}
