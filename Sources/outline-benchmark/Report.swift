/// Plain-text output: tables with aligned columns, and the units the tables use.
///
/// ```swift
/// Report.table(["size", "median"], [["1k", "12.0 µs"], ["10k", "15.1 µs"]])
/// // size   median
/// // ----  -------
/// // 1k    12.0 µs
/// // 10k   15.1 µs
/// ```
enum Report {
  /// Prints a scenario's heading and what it measures.
  static func heading(_ title: String, _ lines: [String]) {
    print("")
    print("== \(title) ==")
    for line in lines { print(line) }
    print("")
  }

  /// Prints `rows` under `headers`: the first column left-aligned, the others right-aligned.
  static func table(_ headers: [String], _ rows: [[String]]) {
    var widths = headers.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }
    print(line(headers))
    print(line(widths.map { String(repeating: "-", count: $0) }))
    for row in rows { print(line(row)) }
  }

  /// A size as the tables show it: "1k", "10k", "1M".
  static func size(_ count: Int) -> String {
    if count >= 1_000_000 && count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
    if count >= 1_000 && count % 1_000 == 0 { return "\(count / 1_000)k" }
    return "\(count)"
  }

  /// Seconds with three significant digits in a unit that suits them: "812 ns", "1.20 ms".
  static func time(_ seconds: Double) -> String {
    let (value, unit): (Double, String)
    switch seconds {
    case ..<1e-6: (value, unit) = (seconds * 1e9, "ns")
    case ..<1e-3: (value, unit) = (seconds * 1e6, "µs")
    case ..<1: (value, unit) = (seconds * 1e3, "ms")
    default: (value, unit) = (seconds, "s")
    }
    return "\(significant(value)) \(unit)"
  }

  /// A ratio: "×1.42".
  static func ratio(_ value: Double) -> String { "×" + significant(value) }

  /// The median of `samples` and their range, each written by `format`: "1.20 ms [1.10 ms–1.52 ms]".
  static func spread(_ samples: [Double], _ format: (Double) -> String = time) -> String {
    "\(format(Measure.median(of: samples))) [\(format(samples.min()!))–\(format(samples.max()!))]"
  }

  /// Bytes in mebibytes: "12.3 MiB".
  static func bytes(_ count: Int) -> String {
    significant(Double(count) / 1_048_576) + " MiB"
  }

  /// A count with thousands separators: "1,000,000".
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
  }

  /// `value` with three significant digits (at least one decimal below 100).
  static func significant(_ value: Double) -> String {
    let decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = decimals == 0 ? String(Int(rounded)) : String(rounded)
    if decimals > 0 {
      let fraction = text.split(separator: ".", omittingEmptySubsequences: false).last!.count
      text += String(repeating: "0", count: max(0, decimals - fraction))
    }
    return text
  }
}
