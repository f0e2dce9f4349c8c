#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment, read from `environ` (no Foundation in the executable).
enum ProcessInfoless {
  static func environment() -> [(String, String)] {
    var pairs: [(String, String)] = []
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        pairs.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
      }
      pointer += 1
    }
    return pairs
  }
}
