import Foundation

/// Pages written as they are drawn, from any thread (a changes report's, drawn on all cores,
/// never held whole): the paths written, and the writes that failed.
public final class WrittenPages: @unchecked Sendable {
    private let writer: any SiteWriter
    private let lock = NSLock()
    private var written: [String] = []
    private var failed: [SiteWriterError] = []

    /// Pages to write into `writer`.
    public init(_ writer: any SiteWriter) {
        self.writer = writer
    }

    /// The paths written so far.
    public var paths: [String] { lock.withLock { written } }
    /// Why writes failed, in the order they did.
    public var failures: [SiteWriterError] { lock.withLock { failed } }

    /// Writes `file`.
    @Sendable public func write(_ file: OutputFile) {
        do throws(SiteWriterError) {
            try writer.write(file)
            lock.withLock { written.append(file.path) }
        } catch {
            lock.withLock { failed.append(error) }
        }
    }
}
