#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads input files: regular files only, never more than a size limit.
public struct FileReader: Sendable {
    /// Why a file could not be read.
    public struct Failure: Error, Equatable, Sendable {
        /// What went wrong, for a person (the path is the caller's to add).
        public var message: String

        /// A failure saying `message`.
        public init(message: String) {
            self.message = message
        }
    }

    /// The folder paths are read from.
    public let root: String
    /// The largest file read, in bytes; a larger one is refused unread.
    public let maxBytes: Int
    /// Called on each attempt (counting from 0) just before and just after the file's bytes are
    /// read (`read` false, then true): tests change the file there to stand in for a writer
    /// whose rewrite overlaps the read.
    var aroundReading: (@Sendable (_ attempt: Int, _ read: Bool) -> Void)?

    /// What a message about an input file over the limit says to do.
    public static let inputLimitAdvice = "raise the limit with --max-file-size or limits.fileSizeMiB in vitrine.json"
    /// What a message about a file over the limit says to do: the input's limit, by default.
    public var tooLargeAdvice = inputLimitAdvice

    /// A reader of files under `root`, each at most `maxBytes` (16 MiB by default).
    public init(root: String, maxBytes: Int = 16 << 20) {
        self.root = root
        self.maxBytes = maxBytes
    }

    /// Why a file of `size` bytes is not read.
    public static func tooLarge(_ size: Int, maxBytes: Int, advice: String = inputLimitAdvice) -> Failure {
        Failure(message: "file larger than \(maxBytes >> 20) MiB (\(size) bytes); " + advice)
    }

    /// The bytes of `path` (relative to the root). A file rewritten in place while it is read
    /// is read again, so the bytes are all old or all new.
    /// - Throws: `Failure` when it is not a regular file, is larger than `maxBytes`, cannot be
    ///   read, or kept changing over three reads.
    public func read(_ path: String) throws(Failure) -> [UInt8] {
        for attempt in 0..<3 {
            if let bytes = try readOnce(path, attempt: attempt) { return bytes }
        }
        throw Failure(message: "the file kept changing while it was read")
    }

    /// One read; nil when the file's size or times changed during it.
    private func readOnce(_ path: String, attempt: Int) throws(Failure) -> [UInt8]? {
        let descriptor = open(root + "/" + path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(message: "not a regular file")
        }
        guard Int(info.st_size) <= maxBytes else { throw Self.tooLarge(Int(info.st_size), maxBytes: maxBytes, advice: tooLargeAdvice) }
        aroundReading?(attempt, false)
        // Read one byte past the limit: the file may have grown since fstat.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                posixRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            count += got
            if count == bytes.count, count <= maxBytes { bytes.append(contentsOf: repeatElement(0, count: 64 << 10)) }
            if count > maxBytes { throw Failure(message: "file larger than \(maxBytes >> 20) MiB") }
        }
        bytes.removeSubrange(count...)
        aroundReading?(attempt, true)
        var after = stat()
        guard fstat(descriptor, &after) == 0, FileSignature(after) == FileSignature(info), count == Int(info.st_size) else { return nil }
        return bytes
    }
}
