/// The order `sort` puts items in: natural order, as a person reads numbers in text.
///
/// A text is cut into runs of decimal digits and runs of anything else. Runs are compared in
/// turn: two numbers by value (`2` before `10`; leading zeros do not count), two other runs by
/// their lowercased characters (`apple` and `Apple` are equal), and a number before any other
/// run (`2 pears` before `apples`). A text that is a prefix of another, run for run, comes first.
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
      let lowered = text.lowercased()
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

  /// The order of `texts` sorted naturally (`reverse`: from last to first), as indices into
  /// `texts`; ties keep their order, forward or reversed.
  ///
  /// - Complexity: O(*n* log *n*) comparisons, after O(*n*) to make the keys.
  static func order(of texts: [String], reverse: Bool) -> [Int] {
    let keys = texts.map(Key.init)
    // Ties compare by index, so that the sort is stable whatever the algorithm.
    return texts.indices.sorted { a, b in
      if keys[a] == keys[b] { return a < b }
      return reverse ? keys[b] < keys[a] : keys[a] < keys[b]
    }
  }
}
