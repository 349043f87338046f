import Testing
@testable import VitrineCore

/// Links in docs and notes: to payloads and docs they become page links, to copied files links
/// from the page; links to the site's own pages and to other sites stay.
@Suite struct LinkResolverTests {
    let resolver = LinkResolver(payloads: ["payloads/home.json", "payloads/a b.json"], docs: ["docs/index.md", "docs/guide/setup.md"],
                                files: ["assets/logo.png", "docs/guide/flow chart.svg", "docs/demo.html"],
                                others: ["payloads/home.md", "README.md", "vitrine.json", "payloads/drafts/old.md"],
                                excluded: [PathPattern("payloads/drafts/*.json")])

    @Test(arguments: [
        ("../payloads/home.json", "docs/index.md", "docs/index.html", LinkResolver.Outcome.rewritten("../screens/payloads/home.html")),
        ("../payloads/home.json#L3", "docs/index.md", "docs/index.html", .rewritten("../screens/payloads/home.html#L3")),
        ("../payloads/a%20b.json", "docs/index.md", "docs/index.html", .rewritten("../screens/payloads/a%20b.html")),
        ("guide/setup.md#install", "docs/index.md", "docs/index.html", .rewritten("../docs/guide/setup.html#install")),
        ("../index.md", "docs/guide/setup.md", "docs/guide/setup.html", .rewritten("../../docs/index.html")),
        ("home.json", "payloads/home.md", "screens/payloads/home.html", .rewritten("../../screens/payloads/home.html")),
        ("../payloads/gone.json", "docs/index.md", "docs/index.html", .broken(target: "payloads/gone.json")),
        ("../payloads/drafts/new.json", "docs/index.md", "docs/index.html", .excluded(target: "payloads/drafts/new.json")),
        ("../../../etc/passwd.json", "docs/index.md", "docs/index.html", .broken(target: "../../../etc/passwd.json")),
        ("https://example.com/a.json", "docs/index.md", "docs/index.html", .unchanged),
        // A `:` after a `/`, `?` or `#` is no scheme (those links were left broken); a folder of docs opens at its index.
        ("../payloads/home.json?next=https://x", "docs/index.md", "docs/index.html", .rewritten("../screens/payloads/home.html?next=https://x")),
        ("../payloads/home.json#a:b", "docs/index.md", "docs/index.html", .rewritten("../screens/payloads/home.html#a:b")),
        ("mailto:design@example.com", "docs/index.md", "docs/index.html", .unchanged),
        ("?tab=2", "docs/guide/setup.md", "docs/guide/setup.html", .unchanged),
        ("?tab=2", "docs/index.md", "docs/index.html", .unchanged),
        ("../", "docs/guide/setup.md", "docs/guide/setup.html", .rewritten("../../docs/index.html")),
        // A folder of docs with no index opens at its first document, as its sidebar link does.
        ("guide/", "docs/index.md", "docs/index.html", .rewritten("../docs/guide/setup.html")),
        ("guide", "docs/index.md", "docs/index.html", .rewritten("../docs/guide/setup.html")),
        ("nowhere/", "docs/index.md", "docs/index.html", .unchanged),
        ("../payloads/", "docs/index.md", "docs/index.html", .unchanged),
        ("../../etc/passwd", "docs/index.md", "docs/index.html", .broken(target: "../../etc/passwd")),
        ("#section", "docs/index.md", "docs/index.html", .unchanged),
        ("../assets/logo.png", "docs/index.md", "docs/index.html", .rewritten("../assets/logo.png")),
        ("../assets/logo.png", "payloads/home.md", "screens/payloads/home.html", .rewritten("../../assets/logo.png")),
        ("flow%20chart.svg?v=2", "docs/guide/setup.md", "docs/guide/setup.html", .rewritten("../../docs/guide/flow%20chart.svg?v=2")),
        ("../assets/gone.png", "docs/index.md", "docs/index.html", .broken(target: "assets/gone.png")),
        ("home.png", "payloads/home.md", "screens/payloads/home.html", .notCopied(target: "payloads/home.png")),
        ("../index.html", "docs/index.md", "docs/index.html", .unchanged),
        // The site's own pages, from the page the link is on: a screen's and a doc's are judged.
        ("../screens/payloads/home.html", "docs/index.md", "docs/index.html", .unchanged),
        ("../screens/payloads/home.frame.html#width=375x667", "docs/index.md", "docs/index.html", .unchanged),
        ("../screens/payloads/home.all-4.html", "docs/index.md", "docs/index.html", .unchanged),
        ("../screens/payloads/gone.html", "docs/index.md", "docs/index.html", .noSuchPage(target: "screens/payloads/gone.html")),
        ("guide/setup.html", "docs/index.md", "docs/index.html", .unchanged),
        ("guide/nope.html", "docs/index.md", "docs/index.html", .noSuchPage(target: "docs/guide/nope.html")),
        ("../gallery/text.html", "docs/index.md", "docs/index.html", .unchanged),
        ("a%20b.html", "payloads/home.md", "screens/payloads/home.html", .unchanged),
        ("other.html", "payloads/home.md", "screens/payloads/home.html", .noSuchPage(target: "screens/payloads/other.html")),
        ("../../index.html", "payloads/home.md", "screens/payloads/home.html", .unchanged),
        ("../payloads/home.md#v-notes", "docs/index.md", "docs/index.html", .rewritten("../screens/payloads/home.html#v-notes")),
        ("../README.md", "docs/index.md", "docs/index.html", .notInSite(target: "README.md")),
        ("../payloads/drafts/old.md", "docs/index.md", "docs/index.html", .excluded(target: "payloads/drafts/old.json")),
        ("../vitrine.json", "docs/index.md", "docs/index.html", .notInSite(target: "vitrine.json")),
        ("../docs/demo.html", "payloads/home.md", "screens/payloads/home.html", .rewritten("../../docs/demo.html")),
        ("../../../up.html", "docs/index.md", "docs/index.html", .unchanged),
        ("/payloads/home.json", "docs/index.md", "docs/index.html", .fromRoot("/payloads/home.json")),
        ("/img/flow.png", "docs/index.md", "docs/index.html", .fromRoot("/img/flow.png")),
        ("//cdn.example.com/a.png", "docs/index.md", "docs/index.html", .unchanged),
    ])
    func resolves(url: String, from: String, page: String, expected: LinkResolver.Outcome) {
        #expect(resolver.resolve(url, from: from, page: page) == expected)
    }

    /// A link typed in NFC to files spelt in NFD (made on a Mac) leads to their pages as the disk
    /// spells them: it had led to an NFC page that does not exist, without a warning.
    @Test func linksLeadToPagesAsTheDiskSpellsTheirFiles() {
        let nfd = "cafe\u{301}", nfc = "caf\u{E9}"
        let resolver = LinkResolver(payloads: ["p/\(nfd).json"], docs: ["docs/\(nfd).md", "docs/index.md"], files: ["docs/\(nfd).png"],
                                    others: ["p/\(nfd).md"])
        for (url, expected) in [("../p/\(nfc).json", "../screens/p/cafe%CC%81.html"), ("../p/caf%C3%A9.json#L2", "../screens/p/cafe%CC%81.html#L2"),
                                ("\(nfc).md#menu", "../docs/cafe%CC%81.html#menu"), ("\(nfc).png", "../docs/cafe%CC%81.png"),
                                ("../p/\(nfc).md", "../screens/p/cafe%CC%81.html")] {
            guard case .rewritten(let href) = resolver.resolve(url, from: "docs/index.md", page: "docs/index.html") else {
                Issue.record("\(url) was not rewritten")
                continue
            }
            #expect(Array(href.utf8) == Array(expected.utf8), "\(url) → \(href)")
        }
        #expect(resolver.anchor("\(nfc).md#menu", from: "docs/index.md").map { Array($0.doc.utf8) } == Array("docs/\(nfd).md".utf8))
    }
}
