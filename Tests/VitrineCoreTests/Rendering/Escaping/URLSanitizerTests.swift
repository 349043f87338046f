import Testing
@testable import VitrineCore

@Suite struct URLSanitizerTests {
    @Test(arguments: [
        ("javascript:alert(1)", "scheme \"javascript\" not allowed"),  // E01
        ("JaVaScRiPt:alert(1)", "scheme \"javascript\" not allowed"),  // E02
        (" javascript:alert(1)", "scheme \"javascript\" not allowed"),  // E03
        ("\u{1}javascript:alert(1)", "scheme \"javascript\" not allowed"),  // E03
        ("java\tscript:alert(1)", "scheme \"javascript\" not allowed"),  // E03
        ("java\nscript:alert(1)", "scheme \"javascript\" not allowed"),  // E03
        ("\r\njava\r\nscript:alert(1)\u{0} ", "scheme \"javascript\" not allowed"),  // E03
        ("data:text/html,<script>alert(1)</script>", "scheme \"data\" not allowed"),  // E04
        ("data:image/svg+xml,<svg onload=alert(1)>", "scheme \"data\" not allowed"),  // E05
        ("file:///etc/passwd", "scheme \"file\" not allowed"),  // E07
        ("vbscript:msgbox(1)", "scheme \"vbscript\" not allowed"),  // E08
        ("javascript&colon;alert(1)", "not an absolute http(s) URL"),  // E09
        ("&#106;avascript:alert(1)", "not an absolute http(s) URL"),  // E09
        ("//evil.example/x", "not an absolute http(s) URL"),  // E11
        ("/\\evil.example", "not an absolute http(s) URL"),  // E11
        ("../../../../CANARY", "not an absolute http(s) URL"),  // E14: the caller resolves asset names
        ("/abs/path.png", "not an absolute http(s) URL"),  // E14
        ("a\u{0}.png", "not an absolute http(s) URL"),  // E14
        ("logo", "not an absolute http(s) URL"),  // E14
        ("detail_screen", "not an absolute http(s) URL"),  // E15: a registry key, shown as a badge
        ("javascript:alert(window.opener.location)", "scheme \"javascript\" not allowed"),  // E16
        ("1http://x", "not an absolute http(s) URL"),
        ("\u{A0}javascript:alert(1)", "not an absolute http(s) URL"),
        (" \t\n", "empty URL"),
        ("https://", "URL has no host"),
        ("https://user:pass@/x", "URL has no host"),
        ("http://:80/", "URL has no host"),
    ])
    func linkRejects(raw: String, reason: String) {
        #expect(URLSanitizer.sanitize(raw, for: .link) == .rejected(reason: reason))
    }

    @Test(arguments: [
        ("data:text/html,<script>alert(1)</script>", "data URL of type \"text/html\" not allowed"),  // E04
        ("data:image/svg+xml,<svg onload=alert(1)>", "data URL of type \"image/svg+xml\" not allowed"),  // E05
        ("file:///home/user/CANARY", "scheme \"file\" not allowed"),  // E07
        ("ws://h/x.png", "scheme \"ws\" not allowed"),  // E07
        ("wss://h/x.png", "scheme \"wss\" not allowed"),  // E07
        ("FTP://h/x.png", "scheme \"ftp\" not allowed"),  // E07
        ("mailto:a@b.example", "scheme \"mailto\" not allowed"),
        ("data:image/png;charset=x,AAAA", "data URL parameters other than base64 not allowed"),
        ("data:image/png", "data URL without a comma"),
        // Hosts and ports no browser loads: unparsable is dropped, not emitted.
        ("https://[::1", "IPv6 host not closed"),
        ("https://[zz]/a.png", "malformed IPv6 host"),
        ("https://[1:2]/a.png", "malformed IPv6 host"),
        ("https://[1.2.3.4]/a.png", "malformed IPv6 host"),
        ("https://[::1%25eth0]/a.png", "malformed IPv6 host"),
        ("https://[::1\u{0}x]/a.png", "malformed IPv6 host"),
        ("https://[::1]x/a.png", "malformed host"),
        ("https://ok.example]/a.png", "malformed host"),
        ("https://ok.example:99999/a.png", "port is not a number up to 65535"),
        ("https://ok.example:-1/a.png", "port is not a number up to 65535"),
    ])
    func imageRejects(raw: String, reason: String) {
        #expect(URLSanitizer.sanitize(raw, for: .image) == .rejected(reason: reason))
    }

    @Test(arguments: [
        ("https://ok.example/a.png", "https://ok.example/a.png"),
        ("https://ok.example/a.png\" onerror=\"alert(1)", "https://ok.example/a.png%22%20onerror=%22alert(1)"),  // E10
        ("  HTTPS://Ok.Example/a b\t.png  ", "https://Ok.Example/a%20b.png"),
        ("http:ok.example", "http://ok.example"),
        ("https:/\\evil.example\\x?q=\\", "https://evil.example/x?q=%5C"),
        ("https://ok.example/é?<q>='`'#\u{1}x", "https://ok.example/%C3%A9?%3Cq%3E=%27%60%27#%01x"),
        ("https://ok.example/%41%zz%", "https://ok.example/%41%25zz%25"),
        ("https://evil.example\\@good.example/", "https://evil.example/@good.example/"),
        ("data:image/png;base64,iVBORw0KGgo=", "data:image/png;base64,iVBORw0KGgo="),  // E06
        ("DATA:Image/WEBP,RIFF", "data:Image/WEBP,RIFF"),
        ("data:image/gif;BASE64,R0lG", "data:image/gif;BASE64,R0lG"),
        ("data:image/jpeg,a b\\", "data:image/jpeg,a%20b%5C"),
        ("https://[2001:db8::1]:8443/a.png", "https://[2001:db8::1]:8443/a.png"),
        ("https://ok.example:/a.png", "https://ok.example:/a.png"),
        ("http://ok.example:65535/a.png", "http://ok.example:65535/a.png"),
        ("http://ok.example:000080/a.png", "http://ok.example:000080/a.png"),
        ("https://[::ffff:1.2.3.4]/a.png", "https://[::ffff:1.2.3.4]/a.png"),
    ])
    func imageAllows(raw: String, expected: String) {
        #expect(URLSanitizer.sanitize(raw, for: .image) == .allowed(expected, warning: nil))
    }

    @Test(arguments: [
        ("mailto:team@ok.example?subject=Hi there", "mailto:team@ok.example?subject=Hi%20there"),
        ("TEL:+82-2-123-4567", "tel:+82-2-123-4567"),
        ("http://ok.example/?a=1&b=2", "http://ok.example/?a=1&b=2"),
    ])
    func linkAllows(raw: String, expected: String) {
        #expect(URLSanitizer.sanitize(raw, for: .link) == .allowed(expected, warning: nil))
    }

    @Test(arguments: [
        ("https://user:pass@ok.example/", "https://ok.example/"),  // E12
        ("http://a@b@ok.example:8080/p", "http://ok.example:8080/p"),  // E12
        ("https://user@ok.example", "https://ok.example"),  // E12
    ])
    func credentialsAreStrippedWithAWarning(raw: String, expected: String) {
        #expect(URLSanitizer.sanitize(raw, for: .link) == .allowed(expected, warning: "credentials removed from URL"))
    }

    @Test func longURLsAreRejectedAbove8KiB() {  // E13
        let base = "https://ok.example/"
        let fits = base + String(repeating: "a", count: 8192 - base.utf8.count)
        #expect(URLSanitizer.sanitize(fits, for: .link) == .allowed(fits, warning: nil))
        #expect(URLSanitizer.sanitize(fits + "a", for: .link) == .rejected(reason: "URL longer than 8 KiB"))
        let huge = base + String(repeating: "a", count: 70_000)
        #expect(URLSanitizer.sanitize(huge, for: .image) == .rejected(reason: "URL longer than 8 KiB"))
        let spaced = base + String(repeating: " a", count: 3_000)  // grows past the cap when encoded
        #expect(URLSanitizer.sanitize(spaced, for: .link) == .rejected(reason: "URL longer than 8 KiB"))
    }

    @Test func dataImagesAreRejectedAbove512KiB() {  // E06
        let header = "data:image/png;base64,"
        let fits = header + String(repeating: "A", count: 512 * 1024 - header.utf8.count)
        #expect(URLSanitizer.sanitize(fits, for: .image) == .allowed(fits, warning: nil))
        let tenMegabytes = header + String(repeating: "A", count: 10 * 1024 * 1024)
        #expect(URLSanitizer.sanitize(tenMegabytes, for: .image) == .rejected(reason: "data URL longer than 512 KiB"))
    }

    /// Most payload URLs are given back as they are, found so in one pass; a URL that only
    /// looks like one (an `@` before the path, a `%` that starts no escape, a third slash, an
    /// upper-case scheme, a byte to encode) still comes out as the general rules make it.
    @Test(arguments: [
        ("https://cdn.example.com/img/a.jpg?w=2&h=3#top", "https://cdn.example.com/img/a.jpg?w=2&h=3#top", nil),
        ("https://a%41b.example/%7E", "https://a%41b.example/%7E", nil),
        ("https://h.example/p@x?q=@", "https://h.example/p@x?q=@", nil),
        ("https://a.example/x%4", "https://a.example/x%254", nil),
        ("https://u@h.example/", "https://h.example/", "credentials removed from URL"),
        ("https:///h.example", "https://h.example", nil),
        ("HTTPS://h.example", "https://h.example", nil),
        ("https://h.example/a b", "https://h.example/a%20b", nil),
        ("http://h.example:8080/é", "http://h.example:8080/%C3%A9", nil),
    ] as [(String, String, String?)])
    func webURLsComeOutAsTheGeneralRulesMakeThem(raw: String, expected: String, warning: String?) {
        #expect(URLSanitizer.sanitize(raw, for: .image) == .allowed(expected, warning: warning))
        #expect(URLSanitizer.sanitize(raw, for: .link) == .allowed(expected, warning: warning))
    }

    @Test func longSchemesAreCappedInTheReason() {
        let scheme = String(repeating: "x", count: 100)
        #expect(URLSanitizer.sanitize(scheme + ":y", for: .link)
            == .rejected(reason: "scheme \"\(String(repeating: "x", count: 40))…\" not allowed"))
    }

    @Test func sanitizingAnAllowedURLAgainChangesNothing() {
        let unsafe = Array(" \"'<>`\\".utf8)
        var allowed = 0
        for raw in Self.mixedURLs {
            for context in [URLContext.image, .link] {
                guard case .allowed(let url, _) = URLSanitizer.sanitize(raw, for: context) else { continue }
                allowed += 1
                #expect(URLSanitizer.sanitize(url, for: context) == .allowed(url, warning: nil), "\(raw.debugDescription)")
                #expect(!url.utf8.contains { unsafe.contains($0) || $0 < 0x20 || $0 >= 0x7F }, "\(raw.debugDescription)")
            }
        }
        #expect(allowed > 500)
    }

    /// Every combination of a scheme-ish prefix, an authority-ish middle and a path-ish end.
    static let mixedURLs: [String] = {
        let prefixes = [" HTTPS:", "http:/\\", "https://", "\thttp:", "mailto:", "tel:", "data:image/png;base64,", "data:image/gif,"]
        let middles = ["u:p@h", "a@b@h:1", "é.example", "h\\@x", "h#@x", "h?@x", "", "%zz", "%41h"]
        let ends = ["", "/a b", "/\"'<>`", "?q=\\&r=%", "#frag\u{338}\u{0}", "/%2e%2E/x\n", "/😀\u{2028}"]
        return prefixes.flatMap { prefix in middles.flatMap { middle in ends.map { prefix + middle + $0 } } }
    }()
}
