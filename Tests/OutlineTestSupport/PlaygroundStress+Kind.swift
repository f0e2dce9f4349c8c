extension PlaygroundStress {
  /// The kinds of request the storm sends, with how often and what each deserves.
  public enum Kind: String, CaseIterable, Sendable {
    /// A command line in a shared tab, at its last step known or a step or two before.
    case run
    /// `run`, written a few bytes at a time with pauses (a slow writer, within the limits).
    case slowRun = "slow-run"
    /// A shared tab's page downloaded through a small receive buffer, read a few hundred bytes
    /// at a time with pauses (a slow reader, within the limits).
    case slowRead = "slow-read"
    /// A command line in a shared tab at a step past its last.
    case pastEnd = "past-end"
    /// A download of a shared or a throwaway tab, as a script, a test or a page.
    case download
    /// A new tab (a page): a session, or 503 once the playground holds its most.
    case page
    /// A command line in a throwaway tab, which may have ended.
    case tabRun = "tab-run"
    /// `quit` typed in a throwaway tab.
    case quitCommand = "quit"
    /// `POST /api/quit` for a throwaway tab.
    case quitRequest = "api-quit"
    /// `POST /api/questions` for a shared tab, from a step that may be past its last.
    case questions
    /// Random bytes.
    case garbage
    /// A valid request cut short, then the end of the stream.
    case truncated
    /// A head past 16 KiB.
    case longHead = "long-head"
    /// A body past the playground's limit, sent whole.
    case bigBody = "big-body"
    /// A command line past 64 KiB in a body within the limit.
    case longLine = "long-line"
    /// A chunked body.
    case chunked
    /// A `Content-Length` that is not a number.
    case badLength = "bad-length"
    /// A body that is not a JSON object.
    case badJSON = "bad-json"
    /// A token that is not the server's.
    case wrongToken = "wrong-token"
    /// The server's token again, once spent.
    case spentToken = "spent-token"
    /// A `Host` that names another site (DNS rebinding).
    case wrongHost = "wrong-host"
    /// No cookie, or a wrong one.
    case noCookie = "no-cookie"
    /// A POST from another site's page.
    case badOrigin = "bad-origin"
    /// A method the route does not take.
    case wrongMethod = "wrong-method"
    /// A path the playground does not have.
    case unknownPath = "unknown-path"
    /// A connection reset in the middle of its request.
    case dropRequest = "drop-request"
    /// A connection reset after the first bytes of its response.
    case dropResponse = "drop-response"
    /// A connection that sends nothing and hangs up after up to 300 ms.
    case silent

    /// How often the storm sends it, relative to the other kinds (104 in all).
    var weight: Int {
      switch self {
      case .run: 30
      case .download: 6
      case .page: 5
      case .slowRun, .tabRun, .garbage, .truncated: 4
      case .slowRead: 1
      case .pastEnd, .quitCommand, .quitRequest, .questions, .longHead, .dropRequest,
        .dropResponse:
        3
      case .bigBody, .longLine, .chunked, .badLength, .badJSON, .wrongToken, .wrongHost,
        .noCookie, .badOrigin, .wrongMethod, .unknownPath, .silent:
        2
      case .spentToken: 1
      }
    }

    /// The statuses the request deserves (0: the server closes the connection with no
    /// answer); nil for a request whose answer is not read.
    var deserved: Set<Int>? {
      switch self {
      // 400: `at` is past the tab's steps, which another thread's earlier `at` may have cut.
      case .run, .slowRun: [200, 400]
      // 400: `from` is past the tab's steps.
      case .questions: [200, 400]
      case .slowRead: [200]
      case .pastEnd, .badLength, .badJSON: [400]
      case .download, .tabRun: [200, 400, 404]
      case .page: [200, 503]
      case .quitCommand, .quitRequest: [200, 404]
      // Bytes with a blank line are not a request (400); without, the stream ends first.
      case .garbage: [0, 400, 431]
      case .truncated: [0]
      // The answer may be lost to a reset: the server closes with the rest of the head unread.
      case .longHead: [0, 431]
      case .bigBody, .longLine: [413]
      case .chunked: [0, 411]
      case .wrongToken, .spentToken, .wrongHost, .noCookie, .badOrigin: [403]
      case .wrongMethod: [405]
      case .unknownPath: [404]
      case .dropRequest, .dropResponse, .silent: nil
      }
    }

    /// Every kind, each as often as its weight says.
    static let table: [Kind] = allCases.flatMap { Array(repeating: $0, count: $0.weight) }
  }
}
