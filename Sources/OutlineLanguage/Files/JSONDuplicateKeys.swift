/// Finds a key that appears twice in one object of a JSON text.
///
/// `JSONDecoder` keeps one of the values of a repeated key and says nothing, so a hand-edited
/// save file with two `"sections"` would load half of what its author sees. `load` runs this on
/// a file the decoder accepted and rejects the file, naming the object and the key.
///
/// The text must be valid JSON (the decoder has checked it); keys are compared after their
/// escapes are decoded, so `"a"` and `"\u0061"` are the same key. The scan keeps its own stack
/// instead of recursing, so nesting depth costs no stack.
///
/// ```swift
/// JSONDuplicateKeys.first(in: Array(#"{"a": {"b": 1, "b": 2}}"#.utf8))
/// // (place: "a", key: "b")
/// ```
enum JSONDuplicateKeys {
  /// The object that holds a repeated key, as a path (`sections[0].items[3]`, empty for the
  /// outermost object), and the key; nil when no object repeats a key.
  ///
  /// - Complexity: O(*n*) in the text's bytes.
  static func first(in bytes: [UInt8]) -> (place: String, key: String)? {
    var stack: [Frame] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"):
        stack.append(.object(keys: [], current: nil, expectingKey: true))
      case UInt8(ascii: "["):
        stack.append(.array(index: 0))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        // Never unbalanced in JSON the decoder accepted; a stray bracket is ignored, not a trap.
        if !stack.isEmpty { stack.removeLast() }
      case UInt8(ascii: ","):
        switch stack.last {
        case .array(let position): stack[stack.count - 1] = .array(index: position + 1)
        case .object(let keys, let current, _):
          stack[stack.count - 1] = .object(keys: keys, current: current, expectingKey: true)
        case nil: break
        }
      case UInt8(ascii: "\""):
        guard case .object(var keys, _, true) = stack.last else {
          // A value: skipped, not decoded (a save file is mostly values).
          index += 1
          while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
          }
          index += 1
          continue
        }
        let (text, end) = string(in: bytes, from: index)
        index = end
        guard keys.insert(text).inserted else { return (path(of: stack.dropLast()), text) }
        stack[stack.count - 1] = .object(keys: keys, current: text, expectingKey: false)
        continue
      default:
        break
      }
      index += 1
    }
    return nil
  }

  /// An open object (its keys so far, the key whose value is being read, and whether the next
  /// string is a key) or an open array (the index of the value being read).
  private enum Frame {
    case object(keys: Set<String>, current: String?, expectingKey: Bool)
    case array(index: Int)
  }

  /// The path of the value the innermost of `frames` is reading: `sections[0].items`.
  private static func path(of frames: ArraySlice<Frame>) -> String {
    var path = ""
    for frame in frames {
      switch frame {
      case .object(_, let current?, _): path += (path.isEmpty ? "" : ".") + current
      case .object: break
      case .array(let index): path += "[\(index)]"
      }
    }
    return path
  }

  /// The decoded string that starts with the quote at `start`, and the index after it.
  ///
  /// The index is the one after the closing quote. A lone surrogate escape decodes to U+FFFD.
  private static func string(in bytes: [UInt8], from start: Int) -> (String, Int) {
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []  // unescaped bytes not yet decoded
    var high: UInt32?  // a high surrogate escape waiting for its low half
    func append(_ scalar: Unicode.Scalar) {
      if high != nil { scalars.append("\u{FFFD}") }
      high = nil
      scalars.append(scalar)
    }
    func flushRaw() {
      guard !raw.isEmpty else { return }
      for scalar in String(decoding: raw, as: UTF8.self).unicodeScalars { append(scalar) }
      raw.removeAll(keepingCapacity: true)
    }
    var index = start + 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
        raw.append(bytes[index])
        index += 1
        continue
      }
      flushRaw()
      let escaped = bytes[index + 1]
      index += 2
      guard escaped == UInt8(ascii: "u"), index + 4 <= bytes.count,
        let unit = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
      else {
        append(simpleEscapes[escaped] ?? Unicode.Scalar(escaped))
        continue
      }
      index += 4
      if let pending = high, (0xDC00..<0xE000).contains(unit) {
        high = nil
        append(Unicode.Scalar(0x10000 + ((pending - 0xD800) << 10) + (unit - 0xDC00)) ?? "\u{FFFD}")
      } else if (0xD800..<0xDC00).contains(unit) {
        if high != nil { scalars.append("\u{FFFD}") }
        high = unit
      } else {
        append(Unicode.Scalar(unit) ?? "\u{FFFD}")
      }
    }
    flushRaw()
    if high != nil { scalars.append("\u{FFFD}") }
    return (String(scalars), index + 1)
  }

  /// The one-letter escapes other than `\"`, `\\` and `\/` (which stand for themselves).
  private static let simpleEscapes: [UInt8: Unicode.Scalar] = [
    UInt8(ascii: "b"): "\u{8}", UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n",
    UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
  ]
}
