import Foundation

/// The site paths under `screens/` that payloads' own pages take, and the folders those pages
/// are written in. A page a payload derives (`a.frame.html`, `a.all-1.html`) never goes over one
/// of them: `a.frame.json` has the page `a.frame.html`, `a.all-1.html/b.json` the folder.
/// Compared in NFC, as a Mac's disk compares names: `café.frame.html` spelt in NFD is taken too.
struct TakenPages: Sendable {
    /// Pages and folders in NFC, sorted by their bytes, so that those a payload could derive are
    /// found by their prefix; each with the payload whose page it is (nil for a folder).
    private var taken: [(path: [UInt8], owner: String?)] = []

    /// None taken.
    init() {}

    /// The pages of `payloads` and their folders.
    init(payloads: [String]) {
        var owners: [[UInt8]: String?] = [:]
        for payload in payloads {
            var folder = Self.key(SitePath.screenPage(for: payload))
            owners[folder] = .some(payload)
            while let slash = folder.lastIndex(of: UInt8(ascii: "/")) {
                folder.removeSubrange(slash...)
                guard owners[folder] == nil else { break }  // its own folders are in already
                owners[folder] = .some(nil)
            }
        }
        taken = owners.map { ($0.key, $0.value) }.sorted { $0.path.lexicographicallyPrecedes($1.path) }
    }

    /// Why `page` cannot be written, or nil when nothing takes it.
    func problem(writing page: String) -> String? {
        let key = Self.key(page)
        let index = lowerBound(key)
        guard index < taken.count, taken[index].path == key else { return nil }
        if let owner = taken[index].owner { return "page \(page) is the page of \(owner); not written" }
        return "page \(page) would be the folder of the pages of \(page.dropFirst("screens/".count))/; not written: rename the folder or this file"
    }

    /// Whether another payload's page or folder takes `page`.
    func isTaken(_ page: String) -> Bool {
        problem(writing: page) != nil
    }

    /// The taken paths beside `payload`'s page that start with its name and a dot: those its
    /// standalone page and subpages could meet. What the payload's pages are made from, for the
    /// cache: adding or removing one draws the payload again.
    func derivable(by payload: String) -> [String] {
        let prefix = Self.key("screens/" + SitePath.stem(payload) + ".")
        let own = Self.key(SitePath.screenPage(for: payload))
        var found: [String] = []
        var index = lowerBound(prefix)
        while index < taken.count, taken[index].path.starts(with: prefix) {
            let path = taken[index].path
            if path != own, !path[prefix.count...].contains(UInt8(ascii: "/")) { found.append(String(decoding: path, as: UTF8.self)) }
            index += 1
        }
        return found
    }

    /// `path` in NFC, as bytes; most paths are ASCII, and already are.
    private static func key(_ path: String) -> [UInt8] {
        path.utf8.allSatisfy { $0 < 0x80 } ? Array(path.utf8) : Array(path.precomposedStringWithCanonicalMapping.utf8)
    }

    private func lowerBound(_ key: [UInt8]) -> Int {
        var (low, high) = (0, taken.count)
        while low < high {
            let middle = (low + high) / 2
            if taken[middle].path.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
