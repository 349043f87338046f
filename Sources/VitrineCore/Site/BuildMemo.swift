import Foundation

/// What one build keeps for the next in the same process (`vitrine serve`): each catalogue
/// page set with the inputs it was made from, and each cache entry's encoded bytes. A page set
/// whose inputs compare equal is taken as it is; anything else is made again. Everything is
/// forgotten when the build fingerprint (tool, theme, configuration, resources) changes.
public final class BuildMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var fingerprint: ContentHash?
    private var slots: [String: (key: any Sendable, value: any Sendable)] = [:]
    private var encodedEntries: [PathKey: (entry: BuildCache.Entry, bytes: [UInt8])] = [:]
    /// The bytes of the large files written last (the catalogue's data files and the cache).
    private var written: [String: [UInt8]] = [:]
    /// The last build's input files, each by its string (canonically) and as its bytes.
    private var lastPaths: [String: PathKey] = [:]

    /// Files at least this large are remembered once written, so an unchanged one is compared
    /// in memory rather than read back from the disk.
    static let rememberedFileSize = 1 << 20

    /// An empty memo: the first build makes everything.
    public init() {}

    /// Starts a build from the input files at `paths`: a different fingerprint empties the memo,
    /// and so does a file renamed only in its normalisation (`café` from NFC to NFD), which the
    /// kept values, comparing their paths as strings, would take for the same. The cache entries
    /// of files no longer among `paths` are dropped.
    func start(_ fingerprint: ContentHash, paths: [String]) {
        lock.withLock {
            let respelt = paths.contains { path in lastPaths[path].map { $0 != PathKey(path) } ?? false }
            if self.fingerprint != fingerprint || respelt { (slots, encodedEntries, written) = ([:], [:], [:]) }
            self.fingerprint = fingerprint
            lastPaths = Dictionary(paths.map { ($0, PathKey($0)) }) { first, _ in first }
            let present = Set(lastPaths.values)
            encodedEntries = encodedEntries.filter { present.contains($0.key) }
        }
    }

    /// The value kept in `slot` if it was made from an equal key.
    func kept<Key: Equatable & Sendable, Value: Sendable>(_ slot: String, key: Key, as: Value.Type = Value.self) -> Value? {
        lock.withLock {
            guard let kept = slots[slot], let old = kept.key as? Key, old == key else { return nil }
            return kept.value as? Value
        }
    }

    /// Keeps `value`, made from `key`, in `slot`.
    func keep<Key: Equatable & Sendable, Value: Sendable>(_ slot: String, key: Key, value: Value) {
        lock.withLock { slots[slot] = (key, value) }
    }

    /// The kept value of `slot` for `key`, or `make()`'s, kept.
    func value<Key: Equatable & Sendable, Value: Sendable>(_ slot: String, key: Key, make: () -> Value) -> Value {
        if let value = kept(slot, key: key, as: Value.self) { return value }
        let value = make()
        keep(slot, key: key, value: value)
        return value
    }

    /// Whether `file` is large and has exactly the bytes written at its path last time.
    func wroteLastTime(_ file: OutputFile) -> Bool {
        guard file.bytes.count >= Self.rememberedFileSize else { return false }
        return lock.withLock { written[file.path] == file.bytes }
    }

    /// Remembers a large file just written.
    func noteWritten(_ file: OutputFile) {
        guard file.bytes.count >= Self.rememberedFileSize else { return }
        lock.withLock { written[file.path] = file.bytes }
    }

    /// Forgets what was written: a build whose files were dropped (`SiteWriter.abandon()`) left
    /// the older versions on disk.
    func forgetWritten() {
        lock.withLock { written = [:] }
    }

    /// A cache entry's JSON, encoded once per distinct entry.
    func encoded(_ entry: BuildCache.Entry, encode: (BuildCache.Entry) -> [UInt8]) -> [UInt8] {
        if let kept = lock.withLock({ encodedEntries[PathKey(entry.payload)] }), kept.entry == entry { return kept.bytes }
        let bytes = encode(entry)
        lock.withLock { encodedEntries[PathKey(entry.payload)] = (entry, bytes) }
        return bytes
    }
}
