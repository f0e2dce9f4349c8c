extension JSONReader {
  /// An open list or object of a value being skipped.
  private struct Frame {
    var isObject: Bool
    /// The object's keys so far.
    var keys: Set<String> = []
    /// The key whose value is being read, or the index of the list element.
    var key = ""
    var index = 0
  }

  /// Consumes one value of any kind, checking its syntax, its strings and that none of its
  /// objects repeats a key: what a save file holds that this version does not read.
  ///
  /// Nested lists and objects are followed with a stack of their own, not by recursion, up to
  /// `depthLimit` levels.
  ///
  /// - Throws: `"PATH: key "k" appears twice"`, `"PATH: nested more than 1000 levels deep"`, or
  ///   a syntax error.
  /// - Complexity: O(*m*) in the value's bytes.
  mutating func skipValue(at path: @autoclosure () -> String) throws(LoadProblem) {
    var stack: [Frame] = []
    var first = true
    while true {
      switch nextKind() {
      case .object?, .list?:
        guard stack.count < Self.depthLimit else {
          throw LoadProblem(prefix(path()) + "nested more than \(Self.depthLimit) levels deep")
        }
        stack.append(Frame(isObject: bytes[position] == UInt8(ascii: "{")))
        position += 1
        first = true
      case .string?: _ = try string(at: "")
      case .number?: try skipNumber()
      case .bool?: _ = try bool(at: "")
      case .null?: _ = null()
      case nil: throw syntaxError()
      }
      // After a value (or an opening bracket): close what ends here, move to the next value.
      while let top = stack.last {
        if top.isObject {
          guard let key = try nextKey(among: .none, &first) else {
            stack.removeLast()
            first = false
            continue
          }
          guard case .other(let text) = key else { preconditionFailure("no names were given") }
          guard stack[stack.count - 1].keys.insert(text).inserted else {
            throw LoadProblem(
              prefix(place(path(), stack.dropLast())) + "key \(quoted(text)) appears twice")
          }
          stack[stack.count - 1].key = text
          break
        }
        let wasFirst = first
        guard try nextElement(&first) else {
          stack.removeLast()
          first = false
          continue
        }
        if !wasFirst { stack[stack.count - 1].index += 1 }
        break
      }
      if stack.isEmpty { return }
    }
  }

  /// Consumes a number, checking its syntax (`01`, `1.` and `-` are not numbers).
  mutating func skipNumber() throws(LoadProblem) {
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    let digitsStart = position
    while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
    let digits = position - digitsStart
    guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
      throw syntaxError()
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard skipDigits() > 0 else { throw syntaxError() }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard skipDigits() > 0 else { throw syntaxError() }
    }
  }

  /// Consumes decimal digits and returns how many there were.
  private mutating func skipDigits() -> Int {
    let first = position
    while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
    return position - first
  }

  /// The path of the value that the innermost of `frames` is reading, under `path`.
  private func place(_ path: String, _ frames: some Sequence<Frame>) -> String {
    var text = path
    for frame in frames {
      text += frame.isObject ? (text.isEmpty ? "" : ".") + frame.key : "[\(frame.index)]"
    }
    return text
  }
}

/// `text` as a JSON string, for messages: `"a\"b"`.
func quoted(_ text: String) -> String { JSONValue.string(text).serialized }
