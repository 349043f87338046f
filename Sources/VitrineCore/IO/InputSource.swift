/// Where a build reads its input files: the input directory, or memory in tests.
public protocol InputSource: Sendable {
    /// The bytes of the file at `path`, relative to the input root.
    func read(_ path: String) throws(FileReader.Failure) -> [UInt8]
}

extension FileReader: InputSource {}
