import Foundation
import OutlineServer
import XCTest

/// The request handler: the token, the cookie, the `Host` field, the routes and their errors.
final class PlaygroundTests: XCTestCase {
  func testTokenIsExchangedOnceForAnHttpOnlyStrictCookie() throws {
    let fixture = try PlaygroundFixture()
    let first = fixture.send("GET", "/?token=tok3n", cookie: nil)
    XCTAssertEqual(first.status, 303)
    XCTAssertEqual(first.headers["Location"], "/")
    let cookie = try XCTUnwrap(first.headers["Set-Cookie"])
    XCTAssertTrue(cookie.hasPrefix("outline_playground=s3cret;"), cookie)
    XCTAssertTrue(cookie.contains("HttpOnly"), cookie)
    XCTAssertTrue(cookie.contains("SameSite=Strict"), cookie)
    let again = fixture.send("GET", "/?token=tok3n", cookie: nil)
    XCTAssertEqual(again.status, 403)
    XCTAssertNil(again.headers["Set-Cookie"])
    XCTAssertEqual(fixture.playground.sessionCount, 0)
  }

  func testUsedLinkOpenedAgainWithTheCookieGoesToThePage() throws {
    let fixture = try PlaygroundFixture()
    XCTAssertEqual(fixture.send("GET", "/?token=tok3n", cookie: nil).status, 303)
    // The same browser, holding the cookie, opens the printed link again.
    let again = fixture.send("GET", "/?token=tok3n")
    XCTAssertEqual(again.status, 303)
    XCTAssertEqual(again.headers["Location"], "/")
    XCTAssertNil(again.headers["Set-Cookie"])
    XCTAssertEqual(fixture.send("GET", "/?token=guess").status, 303)
    XCTAssertEqual(fixture.playground.sessionCount, 0)
    // A browser without the cookie stays refused, and is told where the playground is.
    let other = fixture.send("GET", "/?token=tok3n", cookie: "outline_playground=wrong")
    XCTAssertEqual(other.status, 403)
    XCTAssertNil(other.headers["Set-Cookie"])
    let message = String(decoding: other.body, as: UTF8.self)
    XCTAssertTrue(message.contains("holds no playground cookie"), message)
    XCTAssertTrue(message.contains("http://127.0.0.1:8080/"), message)
    XCTAssertEqual(fixture.playground.sessionCount, 0)
  }

  func testWrongTokenIsRefusedAndDoesNotSpendTheRightOne() throws {
    let fixture = try PlaygroundFixture()
    XCTAssertEqual(fixture.send("GET", "/?token=guess", cookie: nil).status, 403)
    XCTAssertEqual(fixture.send("GET", "/?token=tok3", cookie: nil).status, 403)
    XCTAssertEqual(fixture.send("GET", "/?token=tok3n", cookie: nil).status, 303)
  }

  func testMissingOrWrongCookieIsRefusedEverywhere() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    for cookie in [nil, "outline_playground=wrong", "other=s3cret", "outline_playground=s3cre"] {
      XCTAssertEqual(fixture.send("GET", "/", cookie: cookie).status, 403)
      XCTAssertEqual(
        fixture.send(
          "POST", "/api/run", body: #"{"session":"\#(tab)","line":"append A","at":0}"#,
          cookie: cookie
        ).status, 403)
      XCTAssertEqual(
        fixture.send("GET", "/download?session=\(tab)&as=script", cookie: cookie).status, 403)
    }
    XCTAssertEqual(fixture.playground.sessionCount, 1)
    XCTAssertEqual(fixture.script(tab), "# A session of outline's playground (outline serve).\n")
  }

  func testHostOtherThanTheLoopbackAndPortIsRefused() throws {
    let fixture = try PlaygroundFixture()
    for host in [nil, "evil.example:8080", "127.0.0.1:8081", "127.0.0.1", "localhost.evil:8080"] {
      let response = fixture.send("GET", "/?token=tok3n", host: host, cookie: nil)
      XCTAssertEqual(response.status, 403, "\(host ?? "no host")")
      XCTAssertEqual(fixture.send("GET", "/", host: host).status, 403)
    }
    XCTAssertEqual(fixture.playground.sessionCount, 0)
    // The token is still good: no refused request spent it.
    XCTAssertEqual(fixture.send("GET", "/?token=tok3n", host: "localhost:8080").status, 303)
  }

  func testPort80IsNamedWithOrWithoutItsNumber() throws {
    let playground = try Playground(
      configuration: Playground.Configuration(port: 80, token: "t", secret: "s"))
    func status(_ target: String, host: String) -> Int {
      playground.respond(
        to: PlaygroundRequest(
          method: "GET", target: target,
          headers: [("Host", host), ("Cookie", "outline_playground=s")])
      ).status
    }
    XCTAssertEqual(status("/?token=t", host: "127.0.0.1:8080"), 403)
    XCTAssertEqual(status("/?token=t", host: "localhost:80"), 303)
    XCTAssertEqual(status("/", host: "127.0.0.1"), 200)
    XCTAssertEqual(status("/", host: "127.0.0.2"), 403)
  }

  func testPostFromAnotherOriginIsRefused() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    let response = fixture.send(
      "POST", "/api/run", body: #"{"session":"\#(tab)","line":"append A","at":0}"#,
      extra: [("Origin", "http://evil.example")])
    XCTAssertEqual(response.status, 403)
    XCTAssertEqual(fixture.script(tab), "# A session of outline's playground (outline serve).\n")
  }

  func testUnknownPathIs404AndWrongMethodIs405() throws {
    let fixture = try PlaygroundFixture()
    XCTAssertEqual(fixture.send("GET", "/etc/passwd").status, 404)
    XCTAssertEqual(fixture.send("GET", "/../../etc/passwd").status, 404)
    let wrong = fixture.send("GET", "/api/run")
    XCTAssertEqual(wrong.status, 405)
    XCTAssertEqual(wrong.headers["Allow"], "POST")
    XCTAssertEqual(fixture.send("DELETE", "/").status, 405)
    XCTAssertEqual(fixture.playground.sessionCount, 0)
  }

  /// The cookie is found among others, however the browser spaces them; a cookie whose name
  /// only begins with the playground's, or with no value, is not it.
  func testCookieIsFoundAmongOthersAndOnlyByItsWholeName() throws {
    let fixture = try PlaygroundFixture()
    let held = [
      "outline_playground=s3cret", "a=1; outline_playground=s3cret",
      "outline_playground2=x;outline_playground=s3cret", ";  ; outline_playground=s3cret;",
      "outline_playground=s3cret; outline_playground=later",
    ]
    for cookie in held {
      XCTAssertEqual(fixture.send("GET", "/", cookie: cookie).status, 200, cookie)
    }
    let refused = [
      "outline_playground2=s3cret", "outline_playground=", "outline_playground", "",
      "a=outline_playground=s3cret", "outline_playground =s3cret", "Outline_playground=s3cret",
      "outline_playground=s3cret2", "outline_playground=s3cre",
    ]
    for cookie in refused {
      XCTAssertEqual(fixture.send("GET", "/", cookie: cookie).status, 403, cookie)
    }
    XCTAssertEqual(fixture.playground.sessionCount, held.count)
  }

  func testPageIsTheStepViewerWithACommandLineAndStrictHeaders() throws {
    let fixture = try PlaygroundFixture()
    let response = fixture.send("GET", "/")
    XCTAssertEqual(response.status, 200)
    XCTAssertEqual(response.headers["Content-Type"], "text/html; charset=utf-8")
    XCTAssertEqual(response.headers["Cache-Control"], "no-store")
    XCTAssertEqual(response.headers["Referrer-Policy"], "no-referrer")
    XCTAssertTrue(
      response.headers["Content-Security-Policy"]?.contains("connect-src 'self'") ?? false)
    XCTAssertEqual(response.headers["X-Content-Type-Options"], "nosniff")
    XCTAssertEqual(response.headers["X-Frame-Options"], "DENY")
    // An answer's own fields stay beside the fixed ones: a redirect's, an error's.
    let redirect = fixture.send("GET", "/?token=tok3n", cookie: nil)
    XCTAssertEqual(redirect.headers["Location"], "/")
    XCTAssertEqual(redirect.headers["Cache-Control"], "no-store")
    XCTAssertEqual(redirect.headers.count, 8, "\(redirect.headers)")
    XCTAssertTrue(response.text.contains("id=\"run-data\""))
    XCTAssertTrue(response.text.contains("id=\"command-form\""))
    XCTAssertTrue(response.text.contains("post('/api/run'"))
  }

  func testMalformedBodiesAreBadRequestsAndChangeNothing() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    _ = try fixture.run(tab, "append A", at: 0)
    let bodies = [
      "", "not json", "[1,2]", "{", #"{"session":"\#(tab)"}"#,
      #"{"session":"\#(tab)","line":5,"at":1}"#, #"{"session":"\#(tab)","line":"append B"}"#,
      #"{"session":"\#(tab)","line":"append B","at":-1}"#,
      #"{"session":"\#(tab)","line":"append B","at":2}"#,
      #"{"session":"\#(tab)","line":"append B","at":0.5}"#,
      #"{"session":7,"line":"append B","at":1}"#, "\u{0}\u{ff}",
    ]
    for body in bodies {
      let response = fixture.send("POST", "/api/run", body: body)
      XCTAssertEqual(response.status, 400, "\(body): \(response.text)")
      XCTAssertNotNil(
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any])
    }
    XCTAssertEqual(
      fixture.script(tab), "# A session of outline's playground (outline serve).\nappend A\n")
  }

  func testABodyWithSpacesRunsAsThePagesDoes() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    let body = #"{ "session": "\#(tab)", "at": 0.0, "line": "append A" }"#
    let response = fixture.send("POST", "/api/run", body: body)
    XCTAssertEqual(response.status, 200, response.text)
    XCTAssertEqual(
      fixture.script(tab), "# A session of outline's playground (outline serve).\nappend A\n")
  }

  func testOversizedLineIs413AndChangesNothing() throws {
    let fixture = try PlaygroundFixture()
    let tab = try fixture.openTab()
    let line = "append " + String(repeating: "x", count: 64 * 1024)
    let body = try JSONSerialization.data(withJSONObject: ["session": tab, "line": line, "at": 0])
    let response = fixture.send("POST", "/api/run", body: String(decoding: body, as: UTF8.self))
    XCTAssertEqual(response.status, 413)
    let huge = String(repeating: " ", count: 600 * 1024)
    XCTAssertEqual(fixture.send("POST", "/api/run", body: huge).status, 413)
    XCTAssertEqual(fixture.script(tab), "# A session of outline's playground (outline serve).\n")
    // A line just within the limit runs.
    let fits = "append " + String(repeating: "y", count: 64 * 1024 - 7)
    let answer = try fixture.run(tab, fits, at: 0)
    XCTAssertEqual(PlaygroundFixture.commands(answer), [fits])
  }

  func testTooManySessionsIs503AndTheOthersGoOn() throws {
    var limits = Playground.Limits()
    limits.sessions = 3
    let fixture = try PlaygroundFixture(limits: limits)
    let tabs = try (0..<3).map { _ in try fixture.openTab() }
    _ = try fixture.run(tabs[0], "append A", at: 0)
    let refused = fixture.send("GET", "/")
    XCTAssertEqual(refused.status, 503)
    XCTAssertEqual(fixture.playground.sessionCount, 3)
    // A page request gets a page, which says why and tries again; never the API's JSON.
    XCTAssertEqual(refused.headers["Content-Type"], "text/html; charset=utf-8")
    XCTAssertEqual(refused.headers["Retry-After"], "2")
    XCTAssertTrue(refused.text.hasPrefix("<!DOCTYPE html>"), refused.text)
    XCTAssertTrue(refused.text.contains(#"<meta http-equiv="refresh" content="2">"#))
    XCTAssertTrue(refused.text.contains("holds 3 sessions, its most"), refused.text)
    XCTAssertFalse(refused.text.contains("{\"error\""))
    let answer = try fixture.run(tabs[0], "append B", at: 1)
    XCTAssertEqual(PlaygroundFixture.commands(answer), ["append B"])
    XCTAssertEqual(
      fixture.script(tabs[0]).split(separator: "\n").dropFirst(), ["append A", "append B"])
    // The API's errors stay JSON.
    let ended = fixture.send("POST", "/api/run", body: #"{"session":"nope","line":"count","at":0}"#)
    XCTAssertEqual(ended.status, 404)
    XCTAssertEqual(ended.headers["Content-Type"], "application/json")
    // Once a tab quits, the page's retry opens a session.
    XCTAssertEqual(
      fixture.send("POST", "/api/quit", body: #"{"session":"\#(tabs[2])"}"#).status, 200)
    XCTAssertEqual(fixture.send("GET", "/").status, 200)
  }

  func testIdleSessionEndsAfterThirtyMinutesAndAUsedOneStays() throws {
    let fixture = try PlaygroundFixture()
    let idle = try fixture.openTab()
    let busy = try fixture.openTab()
    fixture.clock += 29 * 60
    _ = try fixture.run(busy, "append A", at: 0)
    fixture.clock += 2 * 60
    XCTAssertEqual(fixture.send("GET", "/download?session=\(idle)&as=script").status, 404)
    XCTAssertEqual(fixture.playground.sessionCount, 1)
    let answer = try fixture.run(busy, "append B", at: 1)
    XCTAssertEqual(PlaygroundFixture.commands(answer), ["append B"])
    let gone = fixture.send(
      "POST", "/api/run", body: #"{"session":"\#(idle)","line":"append C","at":0}"#)
    XCTAssertEqual(gone.status, 404)
    XCTAssertTrue(gone.text.contains("ended"), gone.text)
  }

  func testUnknownSessionIs404() throws {
    let fixture = try PlaygroundFixture()
    let response = fixture.send(
      "POST", "/api/run", body: #"{"session":"nope","line":"append A","at":0}"#)
    XCTAssertEqual(response.status, 404)
    XCTAssertEqual(fixture.send("POST", "/api/quit", body: #"{"session":"nope"}"#).status, 404)
  }
}
