/// What the last build made of each payload, so an unchanged payload is not decoded, drawn or
/// written again. Kept in the output folder as `.vitrine-cache`; a different tool, theme,
/// configuration or resource set (the fingerprint) invalidates all of it.
public struct BuildCache: Sendable, Equatable, Codable {
    /// The file name in the output folder.
    public static let fileName = ".vitrine-cache"
    /// A cache no build can use: the next build draws everything.
    static let empty = BuildCache(fingerprint: ContentHash(), entries: [])

    /// What the whole build depended on (tool, theme, configuration, resources): any change voids the cache.
    public var fingerprint: ContentHash
    /// One entry per payload file, sorted by path.
    public var entries: [Entry]

    /// The outcome of one payload file.
    public struct Entry: Sendable, Equatable, Codable {
        /// The payload file's path in the input.
        public var payload: String
        /// The hash of what its pages were made from when it was built: the payload's bytes and
        /// what the page shows beside it (neighbours, hidden, changes, its note and the links it resolves).
        public var content: ContentHash
        /// What the index showed of it.
        public var summary: ScreenSummary
        /// Its diagnostics, reported again when it is reused.
        public var diagnostics: [Diagnostic]
        /// Every page the payload produced.
        public var pages: [String]
    }

    /// A cache of `entries`, valid for builds of the same `fingerprint`.
    public init(fingerprint: ContentHash, entries: [Entry]) {
        self.fingerprint = fingerprint
        self.entries = entries
    }

    /// Entries by payload path, for lookups during a build.
    func lookup(fingerprint: ContentHash) -> Lookup {
        Lookup(entries: fingerprint == self.fingerprint ? Dictionary(entries.map { (PathKey($0.payload), $0) }) { first, _ in first } : [:])
    }

    /// The reusable entries of one build.
    struct Lookup: Sendable {
        /// Byte for byte: a payload renamed only in its normalisation (NFC, NFD) is another file.
        let entries: [PathKey: Entry]

        /// The entry of `payload` if its bytes are unchanged.
        func reusable(_ payload: String, content: ContentHash) -> Entry? {
            entries[PathKey(payload)].flatMap { $0.content == content ? $0 : nil }
        }
    }
}
