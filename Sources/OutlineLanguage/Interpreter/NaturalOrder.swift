#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The order `sort` puts items in: natural order, as a person reads numbers in text.
///
/// A text is cut into runs of decimal digits and runs of anything else. Runs are compared in
/// turn: two numbers by value (`2` before `10`; leading zeros do not count), two other runs by
/// their lowercased characters with diacritics folded away (`apple` and `Apple` are equal, and
/// `Ångström` sorts among the `a`s: `folded(_:)`), and a number before any other run (`2 pears`
/// before `apples`). A text that is a prefix of another, run for run, comes first.
/// Texts that compare equal (`Apple`, `apple`) are a tie, which `sort` keeps in its current order.
///
/// ```swift
/// NaturalOrder.Key("item 2") < NaturalOrder.Key("item 10")  // true
/// NaturalOrder.Key("Apple") == NaturalOrder.Key("apple")    // true: a tie
/// NaturalOrder.Key("b") < NaturalOrder.Key("Carrot")        // true: case is ignored
/// ```
enum NaturalOrder {
  /// One run of a text.
  enum Run: Comparable {
    /// A run of digits, by value: its digits without leading zeros (so that the number of
    /// digits, then the digits, order it, for numbers of any length).
    case number(Substring)
    /// Any other run, lowercased.
    case text(String)

    static func < (a: Run, b: Run) -> Bool {
      switch (a, b) {
      case (.number(let x), .number(let y)): return x.count != y.count ? x.count < y.count : x < y
      case (.number, .text): return true
      case (.text, .number): return false
      case (.text(let x), .text(let y)): return x < y
      }
    }
  }

  /// A text's runs, compared in turn: what `sort` sorts by, made once per item.
  struct Key: Comparable {
    /// The runs, in order.
    let runs: [Run]

    /// The key of `text`.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    init(_ text: String) {
      var runs: [Run] = []
      let lowered = NaturalOrder.folded(text.lowercased())
      var start = lowered.startIndex
      var index = start
      var inDigits = false
      func close(at end: String.Index) {
        guard start < end else { return }
        if inDigits {
          let digits = lowered[start..<end].drop { $0 == "0" }
          runs.append(.number(digits))
        } else {
          runs.append(.text(String(lowered[start..<end])))
        }
      }
      while index < lowered.endIndex {
        let isDigit = lowered[index].isASCII && lowered[index].isNumber
        if isDigit != inDigits {
          close(at: index)
          start = index
          inDigits = isDigit
        }
        index = lowered.index(after: index)
      }
      close(at: index)
      self.runs = runs
    }

    static func < (a: Key, b: Key) -> Bool { a.runs.lexicographicallyPrecedes(b.runs) }
  }

  /// A key that compares as `Key` does, as bytes where it can: what `order(of:reverse:)`
  /// sorts by.
  ///
  /// A text of printable ASCII (the common case) is encoded once so that comparing two keys is
  /// comparing bytes: each run of digits as `01`, its digit count (4 bytes, big-endian) and its
  /// digits without leading zeros; each other run as `02`, its lowercased bytes and `00`. Byte
  /// order is then `Key`'s order (a number run before a text run, numbers by count then digits,
  /// text by its characters, a prefix first), and equal bytes are a tie. Any other text keeps
  /// its `Key` and compares by runs.
  struct SortKey {
    /// The encoding, for a printable ASCII text.
    let bytes: [UInt8]
    /// The runs, for any other text.
    let key: Key?

    /// The key of `text`.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    init(_ text: String) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count + 8)
      var ascii = true
      var digits = -1  // where the digit count of the open number run goes, or -1
      var inText = false
      var zeros = true  // the open number run has had only zeros so far
      for byte in text.utf8 {
        guard byte >= 0x20 && byte < 0x7F else {
          ascii = false
          break
        }
        if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
          if inText {
            bytes.append(0)
            inText = false
          }
          if digits < 0 {
            bytes.append(1)
            digits = bytes.count
            bytes.append(contentsOf: [0, 0, 0, 0])
            zeros = true
          }
          if zeros && byte == UInt8(ascii: "0") { continue }
          zeros = false
          bytes.append(byte)
        } else {
          if digits >= 0 {
            Self.close(&bytes, digitsAt: digits)
            digits = -1
          }
          if !inText {
            bytes.append(2)
            inText = true
          }
          let lowered =
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
          bytes.append(lowered)
        }
      }
      if ascii {
        if digits >= 0 { Self.close(&bytes, digitsAt: digits) }
        if inText { bytes.append(0) }
        self.bytes = bytes
        key = nil
      } else {
        self.bytes = []
        key = Key(text)
      }
    }

    /// Writes the digit count of the number run whose count starts at `at`.
    private static func close(_ bytes: inout [UInt8], digitsAt at: Int) {
      let count = UInt32(bytes.count - at - 4)
      bytes[at] = UInt8(truncatingIfNeeded: count >> 24)
      bytes[at + 1] = UInt8(truncatingIfNeeded: count >> 16)
      bytes[at + 2] = UInt8(truncatingIfNeeded: count >> 8)
      bytes[at + 3] = UInt8(truncatingIfNeeded: count)
    }

    /// -1, 0 or 1 as `a` comes before, ties with or comes after `b`.
    static func compare(_ a: SortKey, _ b: SortKey, texts: (String, String)) -> Int {
      if a.key == nil && b.key == nil {
        let common = min(a.bytes.count, b.bytes.count)
        let order = a.bytes.withUnsafeBufferPointer { x in
          b.bytes.withUnsafeBufferPointer { y in
            common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
          }
        }
        if order != 0 { return order < 0 ? -1 : 1 }
        return a.bytes.count == b.bytes.count ? 0 : a.bytes.count < b.bytes.count ? -1 : 1
      }
      let x = a.key ?? Key(texts.0)
      let y = b.key ?? Key(texts.1)
      return x < y ? -1 : y < x ? 1 : 0
    }
  }

  /// The order of `texts` sorted naturally (`reverse`: from last to first), as indices into
  /// `texts`; ties keep their order, forward or reversed.
  ///
  /// - Complexity: O(*n* log *n*) comparisons, after O(*n*) to make the keys; a comparison of
  ///   two printable ASCII texts is one `memcmp`.
  static func order(of texts: [String], reverse: Bool) -> [Int] {
    let keys = texts.map(SortKey.init)
    // Ties compare by index, so that the sort is stable whatever the algorithm.
    return texts.indices.sorted { a, b in
      let order = SortKey.compare(keys[a], keys[b], texts: (texts[a], texts[b]))
      if order == 0 { return a < b }
      return reverse ? order > 0 : order < 0
    }
  }
}
