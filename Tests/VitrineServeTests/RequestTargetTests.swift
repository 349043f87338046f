import Testing
@testable import VitrineServe

/// Request targets of bad-inputs.md §5.2, read without a server: each is refused, not found or
/// a path inside the site, never anything else.
struct RequestTargetTests {
    @Test(arguments: [
        ("/", RequestTarget.path("", trailingSlash: false)),
        ("/index.html", .path("index.html", trailingSlash: false)),
        ("/screens/", .path("screens", trailingSlash: true)),
        ("/screens", .path("screens", trailingSlash: false)),
        ("/index.html/", .path("index.html", trailingSlash: true)),
        ("/screens/caf%C3%A9.html?x=1", .path("screens/café.html", trailingSlash: false)),
        ("/a%20b.html", .path("a b.html", trailingSlash: false)),
        // SV06 traversal
        ("/../../CANARY", .badRequest),
        ("/%2e%2e/%2e%2e/CANARY", .badRequest),
        ("/a%2F..%2F..%2FCANARY", .badRequest),
        ("/%252e%252e/%252e%252e/CANARY", .path("%2e%2e/%2e%2e/CANARY", trailingSlash: false)),
        ("/%c0%ae%c0%ae/%c0%ae%c0%ae/CANARY", .badRequest),
        ("/..\\..\\CANARY", .badRequest),
        ("/%5c..%5cCANARY", .badRequest),
        ("/index.html#/../../CANARY", .badRequest),
        ("/../../CANARY?raw??", .badRequest),
        ("//CANARY-absolute-path", .notFound),
        ("http://127.0.0.1/../../CANARY", .badRequest),
        ("*", .badRequest),
        ("", .badRequest),
        ("/./index.html", .badRequest),
        // SV07 NUL and controls
        ("/index.html%00.json", .badRequest),
        ("/index%0a.html", .badRequest),
        ("/bad%zzescape", .badRequest),
        ("/truncated%2", .badRequest),
        // SV09 dotfiles
        ("/.git/config", .notFound),
        ("/.env", .notFound),
        ("/.env/.", .notFound),
        ("/.vitrine-manifest", .notFound),
        ("/screens/.hidden.html", .notFound),
        // SV11 open redirect
        ("//evil.example/%2e%2e", .notFound),
        // SV12 reflected text is only ever a path
        ("/%3Cscript%3Ealert(1)%3C/script%3E", .path("<script>alert(1)</script>", trailingSlash: false)),
    ])
    func target(_ raw: String, expected: RequestTarget) {
        #expect(RequestTarget(raw) == expected)
    }

    @Test func longTargetsAndManySegmentsAreRefusedWithoutRecursion() {
        #expect(RequestTarget("/" + String(repeating: "a", count: 17 * 1024)) == .tooLong)
        #expect(RequestTarget("/" + String(repeating: "a", count: 1 << 20)) == .tooLong)
        #expect(RequestTarget(String(repeating: "/a", count: 9_000)) == .tooLong)
        #expect(RequestTarget(String(repeating: "/a", count: 3_000)) == .badRequest)
    }

    /// Any page a build can write can be asked for: five folders of 80 Korean letters (240
    /// bytes each, under a name's 255) make an address of 3,600 bytes percent-encoded.
    @Test func theLongestPathsABuildWritesAreLookedAt() {
        let folder = String(repeating: "한", count: 80)
        let path = "screens/" + Array(repeating: folder, count: 5).joined(separator: "/") + "/home.html"
        #expect(RequestTarget(RequestTarget.encoded(path)) == .path(path, trailingSlash: false))
        let deepest = Array(repeating: "a", count: 2_000).joined(separator: "/")
        #expect(RequestTarget("/" + deepest) == .path(deepest, trailingSlash: false))
    }

    @Test func encodedPathsRoundTrip() {
        #expect(RequestTarget.encoded("screens/café b.html") == "/screens/caf%C3%A9%20b.html")
        #expect(RequestTarget(RequestTarget.encoded("screens/café b.html")) == .path("screens/café b.html", trailingSlash: false))
    }
}
