import Foundation

/// Turns links in Markdown (docs and notes) to input files into links between site pages:
/// `../payloads/home.json` → the screen's page, `guide.md#setup` → the doc's page,
/// `home.md` → the page of `home.json` it is the note of, `img/flow.png` → the copy of that
/// file in the site.
struct LinkResolver: Sendable {
    /// Payload paths that have a page.
    var payloads: Set<String>
    /// Markdown documents under `docs/`.
    var docs: Set<String>
    /// Input files copied into the site at the same path (assets, fonts, docs' images).
    var files: Set<String> = []
    /// Markdown files outside `docs/` (notes beside payloads, a README) and `vitrine.json`
    /// when there is one: in the input, but no page of their own.
    var others: Set<String> = []
    /// `exclude` of `vitrine.json`: a link to a file it leaves out is broken for that reason.
    var excluded: [PathPattern] = []

    /// Whether the site has the page at `path`, as far as the input tells: a screen's page, its
    /// standalone page or subpage (`.frame`, `.all-4`) and a doc's page are judged; the
    /// gallery's pages and anything else are taken to be there.
    func hasPage(_ path: String) -> Bool {
        if path.hasPrefix("screens/"), path.hasSuffix(".html") {
            let stem = String(path.dropFirst("screens/".count).dropLast(".html".count))
            return payloads.contains(stem + ".json") || payloads.contains(SitePath.stem(stem) + ".json")
        }
        if path.hasPrefix("docs/"), path.hasSuffix(".html") {
            return docs.contains(String(path.dropLast(".html".count)) + ".md")
        }
        return true
    }

    /// Every input path a link can resolve against, sorted: what a page's links depend on
    /// besides its own text (`exclude` is part of the build's fingerprint).
    var targets: [String] {
        payloads.sorted() + docs.sorted() + files.sorted() + others.sorted()
    }

    enum Outcome: Equatable {
        /// Not a link to an input file (a web URL, an anchor): left as written.
        case unchanged
        /// The link, relative to the page it is on.
        case rewritten(String)
        /// A link to a payload, document or file that does not exist.
        case broken(target: String)
        /// A link to a file outside assets/, fonts/ and docs/, which are the folders copied.
        case notCopied(target: String)
        /// A link to a file of the input that is not in the site: a Markdown file outside docs/
        /// that is no payload's note (a README), or `vitrine.json`.
        case notInSite(target: String)
        /// A link to a payload or document that `exclude` leaves out of the site.
        case excluded(target: String)
        /// A link from the host's root (`/img/flow.png`), which breaks opened from disk or
        /// published in a sub-folder.
        case fromRoot(String)
        /// A link to a screen's or a doc's page (its site path) that the site does not have.
        case noSuchPage(target: String)
    }

    /// Resolves `url` written in the input file `from`, for the page at `page`.
    func resolve(_ url: String, from: String, page: String) -> Outcome {
        if url.hasPrefix("/"), !url.hasPrefix("//") { return .fromRoot(url) }
        guard !url.isEmpty, !url.hasPrefix("#"), !url.hasPrefix("/"), !Self.hasScheme(url) else { return .unchanged }
        let end = url.firstIndex { $0 == "#" || $0 == "?" }
        let written = String(url[..<(end ?? url.endIndex)])
        let target = written.removingPercentEncoding ?? written
        let suffix = end.map { String(url[$0...]) } ?? ""
        guard !target.isEmpty else { return .unchanged }  // `?tab=2`: this page, with a query
        let pathExtension = SitePath.pathExtension(target)
        let resolved = Self.normalised(target, relativeTo: SitePath.folder(of: from))
        // A page of the site itself (`../index.html`) unless the input has that file: from the
        // page the link is on. A folder: nothing of the input to check.
        if ["html", "htm"].contains(pathExtension), resolved.map(files.contains) != true {
            guard let onSite = Self.normalised(target, relativeTo: SitePath.folder(of: page)), !hasPage(onSite) else { return .unchanged }
            return .noSuchPage(target: onSite)
        }
        guard let resolved else { return .broken(target: target) }
        guard !pathExtension.isEmpty else {
            // A folder of documents opens where its sidebar link does: at its index, as a host
            // serves one, else at its first document (a host would answer 404 or a listing).
            guard resolved == "docs" || resolved.hasPrefix("docs/"), let landing = DocPages.landing(of: resolved, in: docs) else { return .unchanged }
            return .rewritten(SitePath.rootPrefix(from: page) + SitePath.href(DocPages.page(for: landing)) + suffix)
        }
        // The payload a Markdown file beside it is the note of.
        let notedPayload = pathExtension == "md" ? Self.spelling(of: resolved, in: others).map { SitePath.stem($0) + ".json" } : nil
        // Pages are named as the files are spelt: a link in NFC to `café.json` in NFD (made on a
        // Mac) finds the file, and leads to its page as the disk spells it.
        let sitePath: String
        if pathExtension == "json", let payload = Self.spelling(of: resolved, in: payloads) {
            sitePath = SitePath.screenPage(for: payload)
        } else if pathExtension == "md", let doc = Self.spelling(of: resolved, in: docs) {
            sitePath = DocPages.page(for: doc)
        } else if let notedPayload, let payload = Self.spelling(of: notedPayload, in: payloads) {
            sitePath = SitePath.screenPage(for: payload)  // a note is shown on its screen's page
        } else if let file = Self.spelling(of: resolved, in: files) {
            sitePath = file
        } else if excluded.contains(where: { $0.matchesFile(resolved) }) {
            return .excluded(target: resolved)
        } else if let notedPayload, excluded.contains(where: { $0.matchesFile(notedPayload) }) {
            return .excluded(target: notedPayload)  // the note of a payload left out
        } else if others.contains(resolved) {
            return .notInSite(target: resolved)
        } else if pathExtension == "json" || pathExtension == "md" || Self.copiedFolders.contains(where: resolved.hasPrefix) {
            return .broken(target: resolved)
        } else {
            return .notCopied(target: resolved)
        }
        return .rewritten(SitePath.rootPrefix(from: page) + SitePath.href(sitePath) + suffix)
    }

    /// Whether `url` starts with a scheme (`https:`, `mailto:`): a `:` before any `/`, `?` or `#`
    /// (`a.json?next=https://x` and `a.json#a:b` are relative).
    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        return !url[..<colon].contains { $0 == "/" || $0 == "?" || $0 == "#" }
    }

    /// `path` as the input spells it: the member of `paths` canonically equal to it (`Set<String>`
    /// compares so), which may differ in its bytes (NFC and NFD).
    static func spelling(of path: String, in paths: Set<String>) -> String? {
        paths.firstIndex(of: path).map { paths[$0] }
    }

    /// The input folders whose files are copied into the site.
    static let copiedFolders = ["assets/", "fonts/", "docs/"]

    /// The document and heading anchor a link points into (`#setup` in `from` itself,
    /// `guide.md#setup` in another document), for checking that the heading exists; nil for a
    /// link without a fragment or to anything but a document of the input.
    func anchor(_ url: String, from: String) -> (doc: String, fragment: String)? {
        guard let hash = url.firstIndex(of: "#"), !Self.hasScheme(url) else { return nil }
        let fragment = String(url[url.index(after: hash)...])
        let decoded = fragment.removingPercentEncoding ?? fragment
        guard !decoded.isEmpty else { return nil }
        let written = String(url[..<(url[..<hash].firstIndex(of: "?") ?? hash)])
        if written.isEmpty { return (from, decoded) }
        guard !written.hasPrefix("/"), SitePath.pathExtension(written) == "md",
              let resolved = Self.normalised(written.removingPercentEncoding ?? written, relativeTo: SitePath.folder(of: from)),
              let doc = Self.spelling(of: resolved, in: docs) else { return nil }
        return (doc, decoded)
    }

    /// `folder/target` with `.` and `..` applied; nil when it climbs above the input root.
    static func normalised(_ target: String, relativeTo folder: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in target.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
