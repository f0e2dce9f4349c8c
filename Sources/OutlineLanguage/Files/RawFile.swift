/// A save file as its JSON holds it, before any check but the JSON's.
struct RawFile {
  var format = ""
  var version = 0
  var section = ""
  var sections: [RawOutline] = []
  var rules: [String] = []
  var snapshots: [RawOutline] = []
  /// The files items came from besides their sections' own (version 3): a file's text, or the
  /// section whose source it is.
  var files: [RawSourceFile] = []

  private static let keys = KeyNames(
    "format", "version", "section", "sections", "rules", "snapshots", "files")

  /// Reads the outermost object, keys in any order; a key this version does not know is
  /// skipped (its value checked as JSON).
  ///
  /// - Throws: The first problem of syntax, shape or repeated key, naming its place;
  ///   `"format" is missing` and the like after the object, in the order of the keys above.
  init(reading reader: inout JSONReader) throws(LoadProblem) {
    try reader.beginObject(at: "")
    var first = true
    var seen: UInt8 = 0
    var others: Set<String> = []
    while let key = try reader.nextKey(among: Self.keys, &first) {
      switch key {
      case .known(let index):
        guard seen & (1 << index) == 0 else {
          throw LoadProblem("key \(quoted(Self.keys[index])) appears twice")
        }
        seen |= 1 << index
        switch index {
        case 0: format = try reader.string(at: "format")
        case 1: version = try reader.count(at: "version")
        case 2: section = try reader.string(at: "section")
        case 3: sections = try Self.outlines(&reader, at: "sections")
        case 4: rules = try Self.strings(&reader, at: "rules")
        case 5: snapshots = try Self.outlines(&reader, at: "snapshots")
        default: files = try Self.files(&reader, at: "files")
        }
      case .other(let text):
        guard others.insert(text).inserted else {
          throw LoadProblem("key \(quoted(text)) appears twice")
        }
        try reader.skipValue(at: text)
      }
    }
    for index in 0..<4 where seen & (1 << index) == 0 {
      throw LoadProblem("\(quoted(Self.keys[index])) is missing")
    }
  }

  /// A list of outlines (`sections`, `snapshots`); `null` is empty.
  private static func outlines(_ reader: inout JSONReader, at path: String) throws(LoadProblem)
    -> [RawOutline]
  {
    if path != "sections" && reader.null() { return [] }
    try reader.beginList(at: path)
    var outlines: [RawOutline] = []
    var first = true
    while try reader.nextElement(&first) {
      outlines.append(try RawOutline(reading: &reader, at: "\(path)[\(outlines.count)]"))
    }
    return outlines
  }

  /// The list of files (`files`): each `{"format": …, "text": …}` or `{"section": …}`; `null`
  /// is empty.
  private static func files(_ reader: inout JSONReader, at path: String) throws(LoadProblem)
    -> [RawSourceFile]
  {
    if reader.null() { return [] }
    try reader.beginList(at: path)
    var files: [RawSourceFile] = []
    var first = true
    while try reader.nextElement(&first) {
      let place = "\(path)[\(files.count)]"
      let fields = try RawOutline.attributes(&reader, at: place)
      func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }
      if fields.count == 1, let section = field("section") {
        files.append(.section(section))
      } else if fields.count == 2, let format = field("format"), let text = field("text") {
        files.append(.text(format: format, text: text))
      } else {
        throw LoadProblem(
          "\(place): expected {\"format\": …, \"text\": …} or {\"section\": …}")
      }
    }
    return files
  }

  /// A list of strings (`rules`); `null` is empty.
  private static func strings(_ reader: inout JSONReader, at path: String) throws(LoadProblem)
    -> [String]
  {
    if reader.null() { return [] }
    try reader.beginList(at: path)
    var strings: [String] = []
    var first = true
    while try reader.nextElement(&first) {
      strings.append(try reader.string(at: "\(path)[\(strings.count)]"))
    }
    return strings
  }
}

/// A file that items of a save file came from besides their sections' own, as the file holds
/// it (`"files"`, version 3).
enum RawSourceFile {
  /// A Markdown or text file's format name and text.
  case text(format: String, text: String)
  /// The source of the section of that name.
  case section(String)
}
