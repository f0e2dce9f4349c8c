import OutlineLanguage

extension ScriptFuzzCheck {
  /// The files every checked script starts with, by path: scripts for `source`, save files for
  /// `load`, good and bad, and a file that is not text.
  ///
  /// | path | holds |
  /// |---|---|
  /// | `saved.json` | a valid save: two sections, a nested expanded outline, rules, a snapshot |
  /// | `deep.json` | a valid save: a chain 40 levels deep, all expanded |
  /// | `big.json` | a valid save: 20 roots B0…B19 of 30 children B0.0…B19.29, 4 expanded |
  /// | `script.outline` | a few editing commands, a rule and a query |
  /// | `fail.outline` | a command that fails between two that succeed |
  /// | `quit.outline` | `quit` between two `say`s |
  /// | `loop.outline` | a script that sources itself |
  /// | `truncated.json` | the first half of `saved.json` |
  /// | `duplicate.json` | a hand-edited save holding an id twice |
  /// | `orphan.json` | a hand-edited save with a child before its parent |
  /// | `dupkey.json` | a hand-edited save with a key twice in one object |
  /// | `binary` | bytes that are not UTF-8, with a NUL |
  /// | `empty` | nothing |
  public static let files: [String: [UInt8]] = {
    var files: [String: [UInt8]] = [
      "script.outline": Array(script.utf8),
      "fail.outline": Array("append F1\ndelete NoSuchItem\nappend F2\n".utf8),
      "quit.outline": Array("say bye\nquit\nsay never\n".utf8),
      "loop.outline": Array("source loop.outline\n".utf8),
      "duplicate.json": Array(save(items: [("A", nil), ("A", nil)]).utf8),
      "orphan.json": Array(save(items: [("B", "A"), ("A", nil)]).utf8),
      "dupkey.json": Array(
        save(items: [("A", nil)]).replacingOccurrences(
          of: #""parent": null"#, with: #""parent": null, "parent": "A""#
        ).utf8),
      "binary": [0x61, 0x70, 0x70, 0x65, 0x6E, 0x64, 0x20, 0xFF, 0xFE, 0x00, 0x0A],
      "empty": [],
    ]
    let saved = savedText(running: [
      "append Food Drinks", "append Fruit Vegetables to Food", "append Apple Pear to Fruit",
      "append Carrot to Vegetables", "expand Food Fruit", "section add side",
      "section use side", "append Star Moon", "append Sun to Star", "section use main",
      "rule no-collapse Food", "rule no-reorder Apple", "rule lazy Drinks Water Tea",
      "rule no-expand \"Veg*\"", "child-snapshot Fruit --including-parent as fruit",
    ])
    files["saved.json"] = Array(saved.utf8)
    files["truncated.json"] = Array(saved.utf8.prefix(saved.utf8.count / 2))
    var chain = ["append L0"]
    for level in 1..<40 { chain.append("append L\(level) to L\(level - 1)") }
    chain.append("expand --force " + (0..<40).map { "L\($0)" }.joined(separator: " "))
    files["deep.json"] = Array(savedText(running: chain).utf8)
    var big = ["append " + (0..<20).map { "B\($0)" }.joined(separator: " ")]
    for root in 0..<20 {
      big.append(
        "append " + (0..<30).map { "B\(root).\($0)" }.joined(separator: " ") + " to B\(root)")
    }
    big.append("expand --force B0 B3 B7 B19")
    files["big.json"] = Array(savedText(running: big).utf8)
    return files
  }()

  /// What `script.outline` holds.
  static let script = """
    # a sourced script
    append S1 S2
    append S3 S4 to S1
    expand S1
    rule no-collapse S1
    expect visible S1 S3 S4 S2
    say sourced
    """

  /// The text that `save` writes after running `commands` in a fresh session.
  static func savedText(running commands: [String]) -> String {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    for command in commands + ["save out.json"] {
      let outcome = session.run(command)
      precondition(outcome.ok, "\(command): \(outcome.error?.message ?? "")")
    }
    return files.text(of: "out.json")!
  }

  /// A hand-written save file of one section `main` holding `items` (item, parent), in order.
  static func save(items: [(String, String?)]) -> String {
    let lines = items.map { item, parent in
      "{\"item\": \"\(item)\", \"parent\": \(parent.map { "\"\($0)\"" } ?? "null"), "
        + "\"expanded\": false}"
    }
    return """
      {"format": "outline", "version": 1, "section": "main",
       "sections": [{"name": "main", "items": [\(lines.joined(separator: ", "))]}],
       "rules": [], "snapshots": []}

      """
  }
}
