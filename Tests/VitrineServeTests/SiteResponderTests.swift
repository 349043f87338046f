import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import VitrineServe

/// The responder in process (Hummingbird's router test framework): types, headers, ETags,
/// HEAD, and the live-reload script added to served HTML only.
struct SiteResponderTests {
    private func withResponder(live: Bool, _ body: @Sendable (any TestClientProtocol, ServedFolder, LiveChannel) async throws -> Void) async throws {
        let folder = try ServedFolder()
        defer { folder.remove() }
        let channel = LiveChannel()
        let responder = SiteResponder(folder: OutputFolder(root: folder.root), hosts: HostAllowList(),
                                      live: live ? (channel, "0123456789abcdef0123456789abcdef", LastGoodPages(root: folder.root)) : nil)
        try await Application(responder: responder).test(.router) { client in try await body(client, folder, channel) }
    }

    @Test(arguments: [
        ("/", "text/html; charset=utf-8"), ("/index.html", "text/html; charset=utf-8"),
        ("/theme/vitrine.css", "text/css; charset=utf-8"), ("/index.json", "application/json"),
        ("/theme/icon.svg", "image/svg+xml"), ("/blob.bin", "application/octet-stream"), ("/notes.html.", "application/octet-stream"),
    ])
    func contentTypes(_ path: String, type: String) async throws {
        try await withResponder(live: false) { client, _, _ in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == type)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect((response.headers[.contentSecurityPolicy] == "sandbox; script-src 'none'") == (type == "image/svg+xml"))
            }
        }
    }

    @Test func otherSitesCannotEmbedOrFetchButMayLinkHere() async throws {
        try await withResponder(live: true) { client, _, _ in
            let data = try await client.execute(uri: "/index.json", method: .get)
            #expect(data.headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] == "same-origin")
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.headers[HTTPField.Name("X-Frame-Options")!] == "SAMEORIGIN", "another site cannot frame a page")
            for (site, mode, status) in [("cross-site", "no-cors", HTTPResponse.Status.forbidden), ("same-site", "cors", .forbidden),
                                         ("cross-site", "navigate", .ok), ("same-origin", "no-cors", .ok), ("none", "navigate", .ok),
                                         ("same-origin, cross-site", "no-cors", .forbidden), ("cross-site", "navigate, no-cors", .forbidden)] {
                let response = try await client.execute(uri: "/index.html", method: .get, headers: [
                    HTTPField.Name("Sec-Fetch-Site")!: site, HTTPField.Name("Sec-Fetch-Mode")!: mode,
                ])
                #expect(response.status == status, "\(site) \(mode)")
            }
        }
    }

    @Test(arguments: [("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("::1", true), ("0:0:0:0:0:0:0:1", true),
                      ("127.x.example", false), ("0.0.0.0", false), ("::", false), ("::10", false), ("192.168.1.5", false)])
    func loopbackAddresses(_ host: String, loopback: Bool) {
        #expect(PreviewServer.Settings(host: host).isLoopback == loopback)
    }

    @Test func eTagsAnswer304AndStayStableForTheSameBytes() async throws {
        try await withResponder(live: false) { client, _, _ in
            let first = try await client.execute(uri: "/index.json", method: .get)
            let tag = try #require(first.headers[.eTag])
            #expect(try await client.execute(uri: "/index.json", method: .get).headers[.eTag] == tag)
            let cached = try await client.execute(uri: "/index.json", method: .get, headers: [.ifNoneMatch: tag])
            #expect(cached.status == .notModified)
            #expect(cached.body.readableBytes == 0)
            let other = try await client.execute(uri: "/index.json", method: .get, headers: [.ifNoneMatch: "\"other\""])
            #expect(other.status == .ok)
            // If-None-Match compares weakly: a tag a cache stored as weak still matches.
            let weak = try await client.execute(uri: "/index.json", method: .get, headers: [.ifNoneMatch: "\"other\", W/" + tag])
            #expect(weak.status == .notModified)
        }
    }

    /// HEAD on the event stream answers its headers and ends, instead of holding the connection
    /// open for events (and a subscription) nobody reads.
    @Test func headOnTheEventStreamEnds() async throws {
        try await withResponder(live: true) { client, _, _ in
            let answered = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    let response = try await client.execute(uri: "/" + LiveScript.eventsPath + "?token=0123456789abcdef0123456789abcdef", method: .head)
                    return response.status == .ok && response.headers[.contentType] == "text/event-stream; charset=utf-8"
                }
                group.addTask { try await Task.sleep(for: .seconds(5)); return false }
                let first = try await group.next() ?? false
                group.cancelAll()
                return first
            }
            #expect(answered, "HEAD was still open after 5 s")
        }
    }

    @Test func headHasTheHeadersOfGetAndNoBody() async throws {
        try await withResponder(live: false) { client, _, _ in
            let get = try await client.execute(uri: "/index.html", method: .get)
            let head = try await client.execute(uri: "/index.html", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(head.headers[.eTag] == get.headers[.eTag])
        }
    }

    /// K01: a tab left on a page whose file was renamed away (an editor's save) reloads when
    /// the page is written again: the 404 page carries the live script.
    @Test func theNotFoundPageReloadsWhenThePageComesBack() async throws {
        try await withResponder(live: true) { client, _, _ in
            let response = try await client.execute(uri: "/screens/gone.html", method: .get)
            #expect(response.status == .notFound)
            #expect(String(buffer: response.body).contains(#"<script src="/_vitrine/live.js" defer></script>"#))
        }
    }

    @Test func aFolderRedirectKeepsTheQuery() async throws {
        try await withResponder(live: false) { client, folder, _ in
            try FileManager.default.createDirectory(atPath: folder.root + "/docs", withIntermediateDirectories: true)
            try Data("d".utf8).write(to: URL(fileURLWithPath: folder.root + "/docs/index.html"))
            let response = try await client.execute(uri: "/docs?q=kiwi", method: .get)
            #expect(response.status == .movedPermanently)
            #expect(response.headers[.location] == "/docs/?q=kiwi")
        }
    }

    @Test func notFoundNeverEchoesTheRequest() async throws {
        try await withResponder(live: false) { client, _, _ in
            let response = try await client.execute(uri: "/%3Cscript%3Ealert(1)%3C/script%3E", method: .get)
            #expect(response.status == .notFound)
            #expect(!String(buffer: response.body).contains("script"))
        }
    }

    /// A theme may write its policy tag another way (case, attribute order, quotes): live reload
    /// still adds `connect-src 'self'` to it, or its page could never hear of a rebuild.
    @Test(arguments: [
        #"<meta http-equiv="content-security-policy" content="default-src 'none'">"#,
        #"<META content="default-src 'none'" HTTP-EQUIV='Content-Security-Policy'>"#,
        "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'\">",
        "<meta http-equiv='Content-Security-Policy' content='default-src &#39;none&#39;'>",
    ])
    func thePolicyTagIsFoundHoweverItIsWritten(tag: String) {
        let page = "<!doctype html><html><head><meta charset=\"utf-8\">" + tag + "</head><body><meta http-equiv=\"Content-Security-Policy\" content=\"x\"></body></html>"
        let served = String(decoding: LivePage.inject(into: Array(page.utf8), token: "t", build: 1), as: UTF8.self)
        #expect(served.contains("connect-src 'self'; default-src 'none'") || served.contains("content='connect-src &#39;self&#39;; default-src &#39;none&#39;'"),
                "\(served)")
        #expect(served.contains(#"content="x""#), "a tag past the head is not the page's policy")
        #expect(served.components(separatedBy: "connect-src").count == 2)
    }

    @Test func servedHTMLGetsTheLiveScriptAndFilesOnDiskStayClean() async throws {
        try await withResponder(live: true) { client, folder, _ in
            let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
            #expect(page.contains(#"<meta name="vitrine-live" content="0123456789abcdef0123456789abcdef" data-build="0">"#))
            #expect(page.contains(#"<script src="/_vitrine/live.js" defer></script>"#))
            #expect(page.contains(#"content="connect-src 'self'; default-src 'none'"#))
            #expect(page.range(of: "vitrine-live")!.lowerBound < page.range(of: "</head>")!.lowerBound)
            #expect(try String(contentsOfFile: folder.root + "/index.html", encoding: .utf8) == ServedFolder.page)
            let json = String(buffer: try await client.execute(uri: "/index.json", method: .get).body)
            #expect(!json.contains("vitrine-live"))
            let script = try await client.execute(uri: "/_vitrine/live.js", method: .get)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(!String(buffer: script.body).contains("0123456789abcdef"))
        }
    }

    @Test func withoutWatchingThereIsNoLiveScript() async throws {
        try await withResponder(live: false) { client, _, _ in
            let page = try await client.execute(uri: "/", method: .get)
            let script = try await client.execute(uri: "/_vitrine/live.js", method: .get)
            let events = try await client.execute(uri: "/_vitrine/events", method: .get)
            #expect(!String(buffer: page.body).contains("vitrine-live"))
            #expect(script.status == .notFound)
            #expect(events.status == .notFound)
        }
    }

    @Test(arguments: ["", "?token=", "?token=wrong", "?token=0123456789ABCDEF0123456789ABCDEF", "?since=0"])
    func eventsNeedTheRunsToken(_ query: String) async throws {
        try await withResponder(live: true) { client, _, _ in
            let response = try await client.execute(uri: "/_vitrine/events" + query, method: .get)
            #expect(response.status == .forbidden)
        }
    }

    /// SV03: another site's page is refused even with a stolen token, by `Sec-Fetch-Site` and
    /// by `Origin` (any but the server's own: a foreign, `null` or IP origin, another port); a
    /// same-origin page and a request without either header are served.
    @Test func theEventStreamRefusesOtherSitesEvenWithTheToken() async throws {
        try await withResponder(live: true) { client, _, channel in
            channel.close()
            let target = "/_vitrine/events?token=0123456789abcdef0123456789abcdef"
            for (site, status) in [("cross-site", HTTPResponse.Status.forbidden), ("same-site", .forbidden), ("same-origin", .ok), (nil, .ok)] {
                var headers = HTTPFields()
                if let site {
                    headers[HTTPField.Name("Sec-Fetch-Site")!] = site
                    headers[HTTPField.Name("Sec-Fetch-Mode")!] = "cors"
                }
                let response = try await client.execute(uri: target, method: .get, headers: headers)
                #expect(response.status == status, "\(site ?? "no Sec-Fetch-Site")")
            }
            // The test client asks for `localhost`: its origin is http://localhost, another port is another origin.
            for (origin, status) in [("http://evil.example", HTTPResponse.Status.forbidden), ("null", .forbidden), ("http://192.0.2.10", .forbidden),
                                     ("https://localhost", .forbidden), ("http://localhost:8080", .forbidden), ("http://LOCALHOST", .ok),
                                     ("http://localhost", .ok)] {
                let response = try await client.execute(uri: target, method: .get, headers: [HTTPField.Name("Origin")!: origin])
                #expect(response.status == status, "Origin: \(origin)")
            }
        }
    }

    @Test func eventsStartWithWhatChangedSinceThePagesBuild() async throws {
        try await withResponder(live: true) { client, _, channel in
            for build in 1...3 {
                channel.publish(BuildEvent(build: build, changed: ["screens/\(build).html"], failed: [], errors: [], moreErrors: 0, milliseconds: 1))
            }
            channel.close()
            let response = try await client.execute(uri: "/_vitrine/events?token=0123456789abcdef0123456789abcdef&since=1", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
            let frame = String(buffer: response.body)
            #expect(frame.hasPrefix("data: {"))
            #expect(frame.hasSuffix("}\n\n"))
            #expect(frame.contains(#""build":3"#))
            #expect(frame.contains(#""changed":["screens/2.html","screens/3.html"]"#))
        }
    }
}
