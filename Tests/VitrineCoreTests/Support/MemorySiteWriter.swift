import Foundation
@testable import VitrineCore

/// Collects a build's output in memory.
final class MemorySiteWriter: SiteWriter, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String: [UInt8]] = [:]
    private(set) var finished: [String] = []
    /// Whether a build ended with `abandon()` (the files it wrote stay here: the test checks this flag).
    private(set) var abandoned = false

    /// Paths in the order they were written, repeats included.
    private(set) var writes: [String] = []

    func write(_ file: OutputFile) throws(SiteWriterError) {
        lock.withLock {
            storage[file.path] = file.bytes
            writes.append(file.path)
        }
    }

    func abandon() {
        lock.withLock { abandoned = true }
    }

    /// Forgets the write log (the files stay).
    func clearLog() {
        lock.withLock { writes = [] }
    }

    func exists(_ path: String) -> Bool {
        lock.withLock { storage[path] != nil }
    }

    /// Records the build's files and drops the others, as the real writer removes stale pages.
    func finish(writing paths: [String]) throws(SiteWriterError) {
        let kept = Set(paths)
        lock.withLock {
            finished = paths
            storage = storage.filter { kept.contains($0.key) }
        }
    }

    var files: [String: [UInt8]] { lock.withLock { storage } }

    func text(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }
}

/// An input tree held in memory.
struct MemoryInput: InputSource {
    var files: [String: [UInt8]]

    init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    func read(_ path: String) throws(FileReader.Failure) -> [UInt8] {
        guard let bytes = files[path] else { throw FileReader.Failure(message: "no such file") }
        return bytes
    }

    /// The listing the walker would make of these files.
    var listing: InputListing {
        var listing = InputListing()
        for path in files.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { listing.add(path) }
        return listing
    }
}

/// Paths of the repository, found from this file.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}
