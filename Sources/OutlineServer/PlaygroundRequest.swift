import Foundation

/// An HTTP request as the playground reads it: a value with no socket behind it, so that the
/// tests and the fuzzer make one as the socket layer does.
public struct PlaygroundRequest: Sendable {
  /// The method, as sent: `GET`, `POST`.
  public var method: String
  /// The path, without the query: `/api/run`.
  public var path: String
  /// The query's items, percent-decoded; a name given twice keeps its first value.
  public var query: [String: String]
  /// The header fields, by lower-case name; a field given twice keeps its last value.
  public var headers: [String: String]
  /// The body's bytes.
  public var body: [UInt8]

  /// A request for `target` (a path and an optional query: `/?token=abc`).
  ///
  /// - Complexity: O(*n*) in the size of the target, the headers and the body.
  public init(
    method: String, target: String, headers: [(String, String)] = [], body: [UInt8] = []
  ) {
    self.method = method
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    self.path = String(parts.first ?? "")
    var query: [String: String] = [:]
    if parts.count == 2 {
      for item in parts[1].split(separator: "&") {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        func decoded(_ text: Substring) -> String {
          let spaced = text.replacingOccurrences(of: "+", with: " ")
          return spaced.removingPercentEncoding ?? spaced
        }
        let name = decoded(pair[0])
        if query[name] == nil { query[name] = pair.count == 2 ? decoded(pair[1]) : "" }
      }
    }
    self.query = query
    var fields: [String: String] = [:]
    for (name, value) in headers { fields[name.lowercased()] = value }
    self.headers = fields
    self.body = body
  }

  /// The value of the cookie `name`, if the request carries it.
  ///
  /// - Complexity: O(*c*) in the length of the `Cookie` field.
  func cookie(_ name: String) -> String? {
    guard var field = headers["cookie"] else { return nil }
    var name = name
    // Read as bytes, the pairs split in place: no array of pairs, no string per pair.
    return field.withUTF8 { bytes in
      name.withUTF8 { name in
        var start = 0
        while start < bytes.count {
          var end = start
          while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
          var first = start
          while first < end, bytes[first] == UInt8(ascii: " ") { first += 1 }
          let equals = first + name.count
          if equals < end, bytes[equals] == UInt8(ascii: "="),
            UnsafeBufferPointer(rebasing: bytes[first..<equals]).elementsEqual(name)
          {
            return String(
              decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end]), as: UTF8.self)
          }
          start = end + 1
        }
        return nil
      }
    }
  }
}

/// An HTTP response as the playground makes it: the status, the header fields, the body.
public struct PlaygroundResponse: Sendable, Equatable {
  /// The status code: 200, 303, 400, 403, 404, 405, 413, 503.
  public var status: Int
  /// The header fields, by name as sent.
  public var headers: [String: String]
  /// The body's bytes.
  public var body: [UInt8]

  /// A response of `status` with `body` of type `contentType`.
  public init(status: Int, contentType: String, body: String, headers: [String: String] = [:]) {
    self.status = status
    self.body = Array(body.utf8)
    self.headers = headers
    self.headers["Content-Type"] = contentType
  }

  /// A response of `status` whose body is `bytes`, of type `contentType`.
  init(status: Int, contentType: String, bytes: [UInt8], headers: [String: String] = [:]) {
    self.status = status
    self.body = bytes
    self.headers = headers
    self.headers["Content-Type"] = contentType
  }

  /// The body as text.
  public var text: String { String(decoding: body, as: UTF8.self) }
}
