import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import VitrineServe

/// The server over a real socket with byte-exact requests (bad-inputs.md §5.1–5.3).
@Suite(.serialized) struct ServerTests {
    /// Runs `body` with a server on a free port over a fresh `ServedFolder`.
    private func withServer(idleTimeout: Duration = .seconds(30), _ body: @escaping @Sendable (Int, ServedFolder) async throws -> Void) async throws {
        let folder = try ServedFolder()
        defer { folder.remove() }
        var settings = PreviewServer.Settings(port: 0)
        settings.idleTimeout = idleTimeout
        let server = PreviewServer(output: folder.root, settings: settings, live: nil)
        try await server.application().test(.live) { client in
            try await body(try #require(client.port), folder)
        }
    }

    static let traversals = [
        "/../../CANARY", "/%2e%2e/%2e%2e/CANARY", "/a%2F..%2F..%2FCANARY", "/%252e%252e/%252e%252e/CANARY",
        "/%c0%ae%c0%ae/%c0%ae%c0%ae/CANARY", "/..\\..\\CANARY", "/index.html#/../../CANARY", "/../../CANARY?raw??",
        "//CANARY-absolute-path", "http://127.0.0.1/../../CANARY", "/leak.html", "/up/CANARY", "/up/site/index.html",
        "/index.html%00.json", "/.git/config", "/.env", "/.env/.", "/.vitrine-manifest", "/index.html/",
        "//evil.example/%2e%2e", "/%3Cscript%3Ealert(1)%3C/script%3E",
    ]

    @Test func traversalVectorsAnswer400Or404AndNeverLeak() async throws {
        try await withServer { port, _ in
            for target in Self.traversals {
                let answer = try #require(await RawHTTP.get(target, port: port), "no answer to \(target)")
                #expect([400, 404].contains(answer.status), "\(target) → \(answer.status)")
                #expect(!String(decoding: answer.raw, as: UTF8.self).contains(ServedFolder.canary), "\(target) leaked the canary")
                #expect(answer.header("Location") == nil, "\(target) redirected")
                #expect(!answer.text.contains("<script"), "\(target) echoed markup")
            }
            #expect(await RawHTTP.get("/", port: port)?.status == 200)
        }
    }

    @Test func aSymlinkPlantedAfterStartIsNotFollowed() async throws {
        try await withServer { port, folder in
            try FileManager.default.createSymbolicLink(atPath: folder.root + "/late.html", withDestinationPath: folder.base.path + "/CANARY")
            try FileManager.default.createSymbolicLink(atPath: folder.root + "/screens/late", withDestinationPath: folder.base.path)
            #expect(await RawHTTP.get("/late.html", port: port)?.status == 404)
            #expect(await RawHTTP.get("/screens/late/CANARY", port: port)?.status == 404)
        }
    }

    /// A folder without an index page is not found either way: no redirect to a 404.
    @Test func foldersWithAnIndexRedirectToTheirSlashAndServeTheirIndex() async throws {
        try await withServer { port, _ in
            let redirect = try #require(await RawHTTP.get("/gallery", port: port))
            #expect(redirect.status == 301)
            #expect(redirect.header("Location") == "/gallery/")
            #expect(await RawHTTP.get("/gallery/", port: port)?.text.contains("Gallery") == true)
            #expect(await RawHTTP.get("/screens/", port: port)?.status == 404)
            let bare = try #require(await RawHTTP.get("/screens", port: port))
            #expect(bare.status == 404 && bare.header("Location") == nil)
        }
    }

    @Test func longTargetsAndHugeHeadersAreRefusedAndTheServerStaysUp() async throws {
        try await withServer { port, _ in
            let long = try #require(await RawHTTP.get("/" + String(repeating: "a", count: 17 * 1024), port: port))
            #expect(long.status == 414)
            let segments = try #require(await RawHTTP.get(String(repeating: "/a", count: 3_000), port: port))
            #expect(segments.status == 400)
            // The longest a page's path can be, percent-encoded, is looked at (not found here).
            let deep = try #require(await RawHTTP.get("/" + String(repeating: "%ED%95%9C", count: 1_300), port: port))
            #expect(deep.status == 404)
            // 1 MiB target, a 200 KB header line, 5,000 headers: refused or closed, never served.
            for extra in ["", "X-Big: " + String(repeating: "b", count: 200_000) + "\r\n",
                          (0..<5_000).map { "X-H\($0): v\r\n" }.joined()] {
                let target = extra.isEmpty ? "/" + String(repeating: "a", count: 1 << 20) : "/"
                if let answer = await RawHTTP.get(target, port: port, extra: extra) { #expect(answer.status >= 400) }
            }
            #expect(await RawHTTP.get("/", port: port)?.status == 200)
        }
    }

    @Test(arguments: ["PUT", "POST", "DELETE", "OPTIONS", "TRACE", "PATCH"])
    func otherMethodsAre405WithAllow(_ method: String) async throws {
        try await withServer { port, folder in
            let body = "overwritten"
            let answer = try #require(await RawHTTP.get("/index.html", port: port, method: method,
                                                  extra: "Content-Length: \(body.utf8.count)\r\n" + "\r\n" + body + "\r\n".dropLast(2)))
            #expect(answer.status == 405)
            #expect(answer.header("Allow") == "GET, HEAD")
            #expect(try String(contentsOfFile: folder.root + "/index.html", encoding: .utf8) == ServedFolder.page)
        }
    }

    /// A final dot says only that a name is whole: `--allow-host preview.test.` and a request
    /// for `preview.test` (or the other way round) are one name.
    @Test func aFinalDotIsTheNameWithout() {
        let hosts = HostAllowList(extraNames: [HostAllowList.canonical("Preview.Test.")])
        #expect(hosts.allows("preview.test") && hosts.allows("preview.test.:4000") && !hosts.allows("other.test"))
        #expect(HostAllowList.canonical("preview.test") == HostAllowList.canonical("PREVIEW.test."))
    }

    /// What `serve --host 0.0.0.0` prints for others on the network: this machine's IPv4
    /// addresses, loopback left out, the ones `hostname -I` lists (Debian's `hostname`, which
    /// every Debian machine has).
    @Test func networkAddressesAreThisMachinesOwnButLoopback() throws {
        let hostname = Process()
        hostname.executableURL = URL(fileURLWithPath: "/usr/bin/hostname")
        hostname.arguments = ["-I"]
        let pipe = Pipe()
        hostname.standardOutput = pipe
        try hostname.run()
        let listed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        hostname.waitUntilExit()
        let expected = listed.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { $0.contains(".") && !$0.hasPrefix("127.") }
        let addresses = PreviewServer.Settings.networkAddresses
        #expect(addresses.sorted() == expected.sorted(), "hostname -I: \(listed)")
        #expect(Set(addresses).count == addresses.count)
    }

    @Test(arguments: [
        ("attacker.example", 403), ("attacker.example:4000", 403), ("127.0.0.1.nip.io", 403), ("localhost.attacker.example", 403),
        ("localhost", 200), ("localhost:4000", 200), ("127.0.0.1:4000", 200), ("[::1]:4000", 200), ("app.localhost:4000", 200),
        ("LOCALHOST", 200), ("localhost:", 403), ("localhost:x", 403), ("[::1", 403),
        ("localhost.", 200), ("localhost.:4000", 200), (".", 403), ("attacker.example.", 403),
    ])
    func hostAllowList(_ host: String, status: Int) async throws {
        try await withServer { port, _ in
            let answer = try #require(await RawHTTP.get("/", port: port, host: host))
            #expect(answer.status == status, "Host: \(host)")
            if status == 403 { #expect(!answer.text.contains("Index")) }
        }
    }

    /// The address the server listens on and prints is allowed, a loopback one besides
    /// 127.0.0.1 too (it printed `http://127.0.0.2:4322/` and answered it 403).
    @Test func theAddressListenedOnIsAllowed() {
        for (host, header) in [("127.0.0.2", "127.0.0.2:4322"), ("::1", "[::1]:4322"), ("192.0.2.7", "192.0.2.7:80"), ("fe80::1", "[fe80::1]:80")] {
            let server = PreviewServer(output: "/nonexistent", settings: PreviewServer.Settings(host: host, port: 4322), live: nil)
            #expect(server.responder.hosts.allows(header), "\(host)")
            #expect(!server.responder.hosts.allows("attacker.example"), "\(host)")
        }
    }

    /// No `Host`, or two (RFC 9112 §3.2: a 400), even when the first is allowed.
    @Test func missingOrRepeatedHostIs400() async throws {
        try await withServer { port, _ in
            #expect(await RawHTTP.get("/", port: port, host: nil)?.status == 400)
            #expect(await RawHTTP.get("/", port: port, extra: "Host: evil.example\r\n")?.status == 400)
            #expect(await RawHTTP.get("/", port: port, extra: "host: 127.0.0.1\r\n")?.status == 400)
        }
    }

    @Test func noResponseCarriesCORSHeaders() async throws {
        try await withServer { port, _ in
            for target in ["/", "/index.json", "/missing", "/../x", "/_vitrine/events"] {
                let answer = try #require(await RawHTTP.get(target, port: port, extra: "Origin: http://evil.example\r\n"))
                #expect(!answer.headers.contains { $0.0.lowercased().hasPrefix("access-control-") }, "\(target)")
                #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(target)")
            }
        }
    }

    @Test func rangesAreIgnoredWhateverTheirNumbers() async throws {
        try await withServer { port, _ in
            for range in ["bytes=0-18446744073709551616", "bytes=-9223372036854775808", "bytes=9223372036854775807-", "bytes=5-2",
                          "bytes=" + (0..<2_000).map { "\($0)-\($0)" }.joined(separator: ",")] {
                let answer = try #require(await RawHTTP.get("/index.html", port: port, extra: "Range: \(range)\r\n"))
                #expect(answer.status == 200)
                #expect(answer.text == ServedFolder.page)
            }
        }
    }

    @Test func nonHTTPBytesCloseTheConnectionAndTheServerStaysUp() async throws {
        try await withServer { port, _ in
            let clientHello: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03] + (0..<64).map { _ in UInt8.random(in: 0...255) }
            _ = await RawHTTP.exchange(clientHello, port: port)
            _ = await RawHTTP.exchange((0..<64).map { _ in UInt8.random(in: 0...255) }, port: port)
            #expect(await RawHTTP.get("/", port: port)?.status == 200)
        }
    }

    @Test func http10PipeliningAndHead() async throws {
        try await withServer { port, _ in
            let old = try #require(await RawHTTP.send(Array("GET /index.html HTTP/1.0\r\nHost: localhost\r\n\r\n".utf8), port: port, untilComplete: true))
            #expect(old.status == 200)
            #expect(old.text == ServedFolder.page)
            let two = "GET /index.json HTTP/1.1\r\nHost: localhost\r\n\r\nGET /theme/vitrine.css HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
            let raw = String(decoding: try #require(await RawHTTP.exchange(Array(two.utf8), port: port)), as: UTF8.self)
            #expect(raw.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
            #expect(raw.contains("{\"schema\": 1}") && raw.contains("color: black"))
            let head = try #require(await RawHTTP.get("/index.html", port: port, method: "HEAD"))
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == String(ServedFolder.page.utf8.count))
        }
    }

    /// SV21: slow clients holding half-sent requests cost a descriptor each, not a thread, so a
    /// normal request is still answered at once; silent ones are closed after the idle timeout.
    @Test func slowClientsDoNotHoldOthersUpAndAreClosedWhenIdle() async throws {
        try await withServer(idleTimeout: .seconds(1)) { port, _ in
            let slow = await RawHTTP.offThePool {
                (0..<200).compactMap { _ -> Int32? in
                    guard let descriptor = RawHTTP.connection(port: port, readTimeout: timeval(tv_sec: 10, tv_usec: 0)) else { return nil }
                    _ = Array("GET / HTTP/1.1\r\nHo".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
                    return descriptor
                }
            }
            #expect(slow.count == 200)
            let started = ContinuousClock.now
            #expect(await RawHTTP.get("/", port: port)?.status == 200)
            #expect(ContinuousClock.now - started < .seconds(1))
            // Each slow connection ends (end of file) well before its own 10 s read timeout.
            let ended = await RawHTTP.offThePool {
                slow.map { descriptor -> Bool in
                    defer { close(descriptor) }
                    var byte: UInt8 = 0
                    return read(descriptor, &byte, 1) == 0
                }
            }
            #expect(ended.allSatisfy { $0 })
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }

    /// SV21: a client that sends its request head one byte every 200 ms, faster than the 1 s idle
    /// timeout, is closed all the same: only a whole request part counts as activity.
    @Test func aClientDribblingItsRequestHeadIsClosedAfterTheIdleTimeout() async throws {
        try await withServer(idleTimeout: .seconds(1)) { port, _ in
            let (closedAfter, sent) = await RawHTTP.offThePool { () -> (Duration?, Int) in
                guard let descriptor = RawHTTP.connection(port: port, readTimeout: timeval(tv_sec: 0, tv_usec: 200_000)) else { return (nil, 0) }
                defer { close(descriptor) }
                let started = ContinuousClock.now
                let head = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 100)
                for (index, byte) in head.enumerated() {
                    var byte = byte
                    guard send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else { return (ContinuousClock.now - started, index) }
                    var answer: UInt8 = 0
                    if read(descriptor, &answer, 1) == 0 { return (ContinuousClock.now - started, index + 1) }  // closed (the read waits 200 ms)
                }
                return (nil, head.count)
            }
            let closed = try #require(closedAfter, "the dribbling client kept its connection for \(sent) bytes")
            #expect(closed >= .milliseconds(900) && closed < .seconds(3), "closed after \(closed), \(sent) bytes")
            #expect(await RawHTTP.get("/", port: port)?.status == 200)
        }
    }

    /// SV22: 2 000 connections opened at once are accepted, requests are still served, and once
    /// they close every descriptor the server used for them is given back.
    @Test func aFloodOfConnectionsIsServedAndItsDescriptorsAreGivenBack() async throws {
        let wanted = 2_000
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, rlim_t(wanted * 2 + 512)))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let count = min(wanted, (Int(limit.rlim_cur) - 512) / 2)  // each costs a client and a server descriptor here
        #expect(count == wanted, "the descriptor limit (\(limit.rlim_cur)) allows only \(count) connections")
        try await withServer { port, _ in
            #expect(await RawHTTP.get("/", port: port)?.status == 200)
            let baseline = try Self.openDescriptors()
            #expect(baseline > 2, "the test's own descriptors are counted")
            let flood = await RawHTTP.offThePool {
                (0..<count).compactMap { _ in RawHTTP.connection(port: port, readTimeout: timeval(tv_sec: 5, tv_usec: 0)) }
            }
            #expect(flood.count == count)
            #expect(await RawHTTP.get("/", port: port)?.status == 200)
            for descriptor in flood { close(descriptor) }
            var open = try Self.openDescriptors()
            for _ in 0..<100 where open > baseline + 50 {
                try await Task.sleep(for: .milliseconds(100))
                open = try Self.openDescriptors()
            }
            // A little slack for whatever else the test process opens meanwhile.
            #expect(open <= baseline + 50, "\(open) descriptors open, \(baseline) before the flood")
            #expect(await RawHTTP.get("/", port: port)?.status == 200)
        }
    }

    private static func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }
}
