import Foundation

/// An HTTP response read off the wire and checked strictly: what the stress run requires of
/// every answer the playground's server writes.
///
/// Well-formed means: a status line `HTTP/1.1 NNN Phrase`, header lines `Name: value`, a blank
/// line, a `Content-Length` equal to the body's size in bytes, `Connection: close`, and for an
/// error (4xx, 5xx) a JSON object whose `error` is a string.
///
/// ```swift
/// WireResponse.parse(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8))
/// // .success(status 200, body "{}")
/// ```
public struct WireResponse {
  /// The status code.
  public var status: Int
  /// The header fields, by lower-case name.
  public var headers: [String: String]
  /// The body's bytes.
  public var body: [UInt8]

  /// The body as text.
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The body as a JSON object, if it is one.
  public var object: [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
  }

  /// `bytes` as a response, or what is wrong with them.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  public static func parse(_ bytes: [UInt8]) -> Result<WireResponse, WireProblem> {
    guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
      return .failure(WireProblem("no end of head in \(bytes.count) bytes: \(preview(bytes))"))
    }
    guard let head = String(validating: bytes[..<end.lowerBound], as: UTF8.self) else {
      return .failure(WireProblem("a head that is not UTF-8"))
    }
    let lines = head.components(separatedBy: "\r\n")
    let words = lines[0].split(separator: " ", maxSplits: 2)
    guard words.count == 3, words[0] == "HTTP/1.1", words[1].count == 3,
      let status = Int(words[1]), (100..<600).contains(status), !words[2].isEmpty
    else { return .failure(WireProblem("a bad status line: \(lines[0])")) }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
        !line[..<colon].contains(" ")
      else { return .failure(WireProblem("a bad header line: \(line)")) }
      headers[line[..<colon].lowercased()] =
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let body = Array(bytes[end.upperBound...])
    guard let length = headers["content-length"].flatMap({ Int($0) }) else {
      return .failure(WireProblem("no Content-Length (status \(status))"))
    }
    guard length == body.count else {
      return .failure(
        WireProblem("Content-Length \(length) but \(body.count) bytes (status \(status))"))
    }
    guard headers["connection"] == "close" else {
      return .failure(WireProblem("no Connection: close (status \(status))"))
    }
    let response = WireResponse(status: status, headers: headers, body: body)
    if status >= 400,
      !isPlaygroundError(status: status, contentType: headers["content-type"], body: body)
    {
      return .failure(
        WireProblem("an error \(status) whose body is not {\"error\": …}: \(preview(body))"))
    }
    return .success(response)
  }

  /// Whether an error's body is one the playground writes: `{"error": TEXT}`, or, at the
  /// session limit (503), the HTML page that says so and tries again.
  ///
  /// - Complexity: O(*n*) in the body's bytes.
  public static func isPlaygroundError(status: Int, contentType: String?, body: [UInt8]) -> Bool {
    if status == 503, contentType == "text/html; charset=utf-8" {
      let text = String(decoding: body, as: UTF8.self)
      return text.hasPrefix("<!DOCTYPE html>") && text.contains(#"<meta http-equiv="refresh""#)
    }
    let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
    return object?["error"] is String
  }

  /// The first bytes of `bytes`, printable.
  static func preview(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes.prefix(120), as: UTF8.self).debugDescription
  }
}

/// What is wrong with a response.
public struct WireProblem: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
