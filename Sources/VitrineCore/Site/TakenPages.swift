/// The site paths under `screens/` that payloads' own pages take, and the folders those pages
/// are written in. A page a payload derives (`a.frame.html`, `a.all-1.html`) never goes over one
/// of them: `a.frame.json` has the page `a.frame.html`, `a.all-1.html/b.json` the folder.
/// Compared byte for byte, as the disk does.
struct TakenPages: Sendable {
    /// Pages and folders, sorted, so that those a payload could derive are found by their prefix.
    private var sorted: [[UInt8]] = []
    private var folders: Set<[UInt8]> = []

    /// None taken.
    init() {}

    /// The pages of `payloads` and their folders.
    init(payloads: [String]) {
        var pages = Set<[UInt8]>()
        for payload in payloads {
            var folder = Array(SitePath.screenPage(for: payload).utf8)
            pages.insert(folder)
            while let slash = folder.lastIndex(of: UInt8(ascii: "/")) {
                folder.removeSubrange(slash...)
                guard folders.insert(folder).inserted else { break }  // its own folders are in already
            }
        }
        sorted = pages.union(folders).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Why `page` cannot be written, or nil when nothing takes it.
    func clash(_ page: String) -> String? {
        let bytes = Array(page.utf8)
        let index = lowerBound(bytes)
        guard index < sorted.count, sorted[index] == bytes else { return nil }
        guard folders.contains(bytes) else { return "page \(page) would overwrite another payload's page; not written" }
        let inputFolder = page.dropFirst("screens/".count)
        return "page \(page) would be the folder of the pages of \(inputFolder)/; not written: rename the folder or this file"
    }

    /// The taken paths beside `payload`'s page that start with its name and a dot: those its
    /// standalone page and subpages could meet. What the payload's pages are made from, for the
    /// cache: adding or removing one draws the payload again.
    func derivable(by payload: String) -> [String] {
        let prefix = Array(("screens/" + SitePath.stem(payload) + ".").utf8)
        let own = Array(SitePath.screenPage(for: payload).utf8)
        var found: [String] = []
        var index = lowerBound(prefix)
        while index < sorted.count, sorted[index].starts(with: prefix) {
            let path = sorted[index]
            if path != own, !path[prefix.count...].contains(UInt8(ascii: "/")) { found.append(String(decoding: path, as: UTF8.self)) }
            index += 1
        }
        return found
    }

    private func lowerBound(_ bytes: [UInt8]) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].lexicographicallyPrecedes(bytes) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
