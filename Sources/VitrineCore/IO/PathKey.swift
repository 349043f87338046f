/// A path as a dictionary or set key, equal only to the same bytes.
///
/// `String` compares by canonical equivalence: `café` spelt with `é` (NFC) and with `e` and a
/// combining accent (NFD) are one string, but two files on Linux's file systems. What is kept
/// from one build to the next (the cache, the files written, the open output folders) is keyed
/// by this, so a name renamed only in its normalisation is a new file, and the old one stale.
public struct PathKey: Hashable, Sendable {
    /// The path, relative to the input or output folder.
    public let path: String

    /// The key of `path`, exactly as spelt.
    public init(_ path: String) {
        self.path = path
    }

    public static func == (lhs: PathKey, rhs: PathKey) -> Bool {
        lhs.path.utf8.elementsEqual(rhs.path.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
