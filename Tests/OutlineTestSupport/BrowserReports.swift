/// What a browser driver reported: the `data-NAME="VALUE"` attributes it set on the `<html>`
/// element of the page, read from the DOM that chromium-headless-shell's `--dump-dom` printed.
public enum BrowserReports {
  /// The reports in `dom` by name (without `data-`), their character references decoded; nil
  /// when the DOM has no `<html>` element.
  ///
  /// - Complexity: O(*n*) in the length of the `<html>` tag.
  public static func read(fromDOM dom: String) throws -> [String: String]? {
    guard let start = dom.range(of: "<html"),
      let close = dom.range(of: ">", range: start.upperBound..<dom.endIndex)
    else { return nil }
    var reports: [String: String] = [:]
    let tag = String(dom[start.upperBound..<close.lowerBound])
    let attribute = try Regex(#" data-([a-z0-9-]+)="([^"]*)""#)
    for match in tag.matches(of: attribute) {
      let name = String(match.output[1].substring ?? "")
      let value = String(match.output[2].substring ?? "")
      reports[name] = value.replacingOccurrences(of: "&quot;", with: "\"")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&amp;", with: "&")
    }
    return reports
  }
}
