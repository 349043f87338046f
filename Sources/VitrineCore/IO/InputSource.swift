/// Where a build reads its input files: the input directory, or memory in tests.
public protocol InputSource: Sendable {
    /// The bytes of the file at `path`, relative to the input root.
    func read(_ path: String) throws(FileReader.Failure) -> [UInt8]
    /// The hash of the file's bytes when the source already knows it (a live preview that
    /// watched the file not change), so an unchanged payload is not read at all; nil otherwise.
    func knownContentHash(of path: String) -> ContentHash?
}

extension InputSource {
    public func knownContentHash(of path: String) -> ContentHash? { nil }
}

extension FileReader: InputSource {}
