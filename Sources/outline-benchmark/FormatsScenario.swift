import CLibXML2
import OutlineLanguage

/// The `formats` scenario: reading and writing outline files — OPML, Markdown and indented text —
/// against two floors measured in the same run.
///
/// The issue's goals: importing and exporting 100,000 items in each format "in well under a
/// second", and within 3× of the native `load`/`save` of the same outline. The format layer
/// (`OutlineFormat.read`/`write`, bytes to `OutlineDocument` and back) is timed here; the
/// session's import adds building the snapshot.
enum FormatsScenario: Scenario {
  static let name = "formats"
  static let summary = "OPML, Markdown and text read and written, against a plain pass and native"

  static func run(_ plan: Plan) -> [Goal] {
    Report.heading(
      "\(name): OutlineFormat.read and write of n items, OPML, Markdown and text",
      [
        "The outline: n/100 expanded roots of 99 children each, texts \"R12\", \"R12.34\" (the",
        "script scenario's shape). \"plain pass\", what a reader or writer of the same bytes",
        "cannot go below: read, the bytes decoded to a String and their lines counted, and for",
        "OPML libxml2's SAX2 push parser (the reader's) with no callbacks; write, the texts joined",
        "into one UTF-8 array. \"native\": Session.runScript(\"load F\") and",
        "(\"save F\") of the same outline in the JSON save file, in memory (the load builds the",
        "snapshot too). Each cell: the median of k interleaved runs after a warm-up, and its",
        "spread (min–max) in brackets; ratios are of medians.",
      ])
    var rows: [[String]] = []
    var goals: [Goal] = []
    let sizes = plan.sizes.filter { $0 <= 100_000 }
    for size in sizes {
      let runs = plan.runs(at: size)
      let document = outline(items: size)
      let native = nativeTimes(document, runs: runs)
      for format in [OutlineFormat.opml, .markdown, .text] {
        let bytes = try! format.write(document)
        let texts = document.nodes.map(\.text)
        let samples = Measure.interleavedSamples(
          runs: runs,
          [
            { Measure.seconds { blackHole((try! format.read(bytes)).nodes.count) } },
            { Measure.seconds { blackHole((try! format.write(document)).count) } },
            { Measure.seconds { blackHole(plainRead(bytes, format)) } },
            { Measure.seconds { blackHole(plainWrite(texts)) } },
          ])
        let (read, write, floorRead, floorWrite) = (
          Measure.median(of: samples[0]), Measure.median(of: samples[1]),
          Measure.median(of: samples[2]), Measure.median(of: samples[3])
        )
        rows.append([
          Report.size(size), "\(format.rawValue)", Report.bytes(bytes.count),
          Report.spread(samples[0]), Report.spread(samples[1]),
          Report.ratio(read / floorRead) + " / " + Report.ratio(write / floorWrite),
          Report.ratio(read / native.load) + " / " + Report.ratio(write / native.save),
        ])
        if size == sizes.last {
          let scale = 100_000 / Double(size)
          let judged = size == 100_000
          let total = (read + write) * scale
          goals.append(
            Goal(
              name, "\(format.rawValue): read + write 100,000 items well under 1 s (< 0.5 s)",
              met: total < 0.5,
              Report.time(total) + (judged ? "" : " (scaled from \(Report.size(size)))"),
              judged: judged))
          goals.append(
            Goal(
              name, "\(format.rawValue): within 3× of native load / save",
              met: read < 3 * native.load && write < 3 * native.save,
              Report.ratio(read / native.load) + " / " + Report.ratio(write / native.save),
              judged: judged))
        }
      }
      rows.append([
        Report.size(size), "native", Report.bytes(native.bytes), Report.time(native.load),
        Report.time(native.save), "", "",
      ])
    }
    Report.table(
      [
        "size", "format", "file", "read [spread]", "write [spread]", "× plain pass r / w",
        "× native load / save",
      ],
      rows)
    return goals
  }

  /// An outline of `items` items: `items` / 100 expanded roots `R0`…, 99 children `R0.0`… each.
  static func outline(items: Int) -> OutlineDocument {
    var nodes: [OutlineDocument.Node] = []
    nodes.reserveCapacity(items)
    for root in 0..<items / 100 {
      nodes.append(OutlineDocument.Node(level: 0, text: "R\(root)", expanded: true))
      for child in 0..<99 {
        nodes.append(OutlineDocument.Node(level: 1, text: "R\(root).\(child)"))
      }
    }
    return OutlineDocument(nodes: nodes)
  }

  /// The floor of a read: the bytes decoded as a String (UTF-8 checked) and their lines
  /// counted; for OPML, libxml2's SAX2 push parser over the same bytes, with `OPMLReader`'s
  /// options and chunks but no callbacks (what the reader cannot go below).
  private static func plainRead(_ bytes: [UInt8], _ format: OutlineFormat) -> Int {
    if format == .opml { return parseWithoutCallbacks(bytes) }
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = 0
    for byte in text.utf8 where byte == 0x0A { lines += 1 }
    return lines
  }

  /// libxml2's push parser over `bytes` in 256 KiB chunks, with no callbacks: 1 when the
  /// document is well formed.
  private static func parseWithoutCallbacks(_ bytes: [UInt8]) -> Int {
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.serror = { _, _ in }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let start = buffer.baseAddress else { return 0 }
      let base = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
      let first = min(4, buffer.count)
      guard let context = xmlCreatePushParserCtxt(&handler, nil, base, Int32(first), nil) else {
        return 0
      }
      defer { xmlFreeParserCtxt(context) }
      xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
      var offset = first
      while offset < buffer.count {
        let count = min(1 << 18, buffer.count - offset)
        xmlParseChunk(context, base + offset, Int32(count), 0)
        offset += count
      }
      xmlParseChunk(context, nil, 0, 1)
      return Int(context.pointee.wellFormed)
    }
  }

  /// The floor of a write: every text, each followed by a newline, in one UTF-8 array.
  private static func plainWrite(_ texts: [String]) -> Int {
    var out: [UInt8] = []
    out.reserveCapacity(texts.count * 8)
    for text in texts {
      out += text.utf8
      out.append(0x0A)
    }
    return out.count
  }

  /// The median seconds of the native `save` and `load` of the outline, and the file's size.
  private static func nativeTimes(_ document: OutlineDocument, runs: Int)
    -> (load: Double, save: Double, bytes: Int)
  {
    let files = MemoryFileSystem()
    let session = Session(fileSystem: files)
    let options = ScriptOptions { outcome, _ in
      precondition(outcome.ok, "the native benchmark's command failed: \(outcome.command)")
    }
    var script: [String] = []
    var roots: [String] = []
    var index = 0
    while index < document.nodes.count {
      let root = document.nodes[index].text
      roots.append(root)
      var children: [String] = []
      index += 1
      while index < document.nodes.count && document.nodes[index].level > 0 {
        children.append(document.nodes[index].text)
        index += 1
      }
      script.append("append \(root)")
      if !children.isEmpty { script.append("append \(children.joined(separator: " ")) to \(root)") }
    }
    script.append("expand --force \(roots.joined(separator: " "))")
    _ = session.runScript(script.joined(separator: "\n"), file: "set-up", options: options)
    let samples = Measure.interleavedSamples(
      runs: runs,
      [
        {
          Measure.seconds { _ = session.runScript("save bench.json", file: "b", options: options) }
        },
        {
          let fresh = Session(fileSystem: files)
          return Measure.seconds {
            _ = fresh.runScript("load bench.json", file: "b", options: options)
          }
        },
      ])
    return (
      Measure.median(of: samples[1]), Measure.median(of: samples[0]),
      files.files["bench.json"]?.count ?? 0
    )
  }
}
