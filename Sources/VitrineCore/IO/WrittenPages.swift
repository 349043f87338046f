import Foundation

/// Pages written as they are drawn, from any thread (a changes report's, drawn on all cores,
/// never held whole): the paths written, and the first write that failed, after which nothing
/// more is written (on a full disk, every other write would fail too).
public final class WrittenPages: @unchecked Sendable {
    private let writer: any SiteWriter
    private let lock = NSLock()
    private var written: [String] = []
    private var failed: SiteWriterError?

    /// Pages to write into `writer`.
    public init(_ writer: any SiteWriter) {
        self.writer = writer
    }

    /// The paths written so far.
    public var paths: [String] { lock.withLock { written } }
    /// Why the first write that failed did.
    public var failure: SiteWriterError? { lock.withLock { failed } }

    /// Writes `file` unless a write has failed; whether all have gone well so far (false: stop drawing).
    @Sendable public func write(_ file: OutputFile) -> Bool {
        guard failure == nil else { return false }
        do throws(SiteWriterError) {
            try writer.write(file)
            lock.withLock { written.append(file.path) }
            return true
        } catch {
            lock.withLock { failed = failed ?? error }
            return false
        }
    }
}
