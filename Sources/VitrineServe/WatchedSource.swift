import Foundation
import VitrineCore

/// Reads input files and remembers the hash of what it read with the file's signature at that
/// moment, so the next build knows an unchanged payload without reading it again.
final class WatchedSource: InputSource, @unchecked Sendable {
    private var reader: FileReader
    private let lock = NSLock()
    /// Signatures of the walk the current build works from.
    private var signatures: [String: FileSignature] = [:]
    private var hashes: [String: (signature: FileSignature, hash: ContentHash)] = [:]

    init(reader: FileReader) {
        self.reader = reader
    }

    /// The largest file read from now on (`vitrine.json`'s `limits.fileSizeMiB` may change).
    func limit(to maxBytes: Int) {
        lock.withLock { if reader.maxBytes != maxBytes { reader = FileReader(root: reader.root, maxBytes: maxBytes) } }
    }

    /// Starts a build from this walk; hashes of files that are gone or changed are forgotten.
    func update(_ signatures: [String: FileSignature]) {
        lock.withLock {
            self.signatures = signatures
            hashes = hashes.filter { signatures[$0.key] == $0.value.signature }
        }
    }

    /// Bytes served for `vitrine.json` instead of the file's (the last good ones, while the file is broken).
    var configuration: [UInt8]? {
        get { lock.withLock { configurationOverride } }
        set { lock.withLock { configurationOverride = newValue } }
    }
    private var configurationOverride: [UInt8]?

    func read(_ path: String) throws(FileReader.Failure) -> [UInt8] {
        if path == InputListing.configFile, let configuration { return configuration }
        let bytes = try lock.withLock { reader }.read(path)
        let hash = ContentHash(bytes)
        lock.withLock {
            if let signature = signatures[path] { hashes[path] = (signature, hash) }
        }
        return bytes
    }

    func knownContentHash(of path: String) -> ContentHash? {
        lock.withLock {
            guard let known = hashes[path], signatures[path] == known.signature else { return nil }
            return known.hash
        }
    }
}
