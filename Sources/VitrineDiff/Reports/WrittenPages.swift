import Foundation
import VitrineCore

/// A report's pages written as they are drawn, from any thread: the paths written, and the
/// first failure, after which nothing more is written.
final class WrittenPages: @unchecked Sendable {
    private let writer: any SiteWriter
    private let lock = NSLock()
    private var written: [String] = []
    private var firstFailure: SiteWriterError?

    init(_ writer: any SiteWriter) {
        self.writer = writer
    }

    /// The paths written so far.
    var paths: [String] { lock.withLock { written } }
    /// Why a write failed, if one did.
    var failure: SiteWriterError? { lock.withLock { firstFailure } }

    /// Writes `file`, unless a write has failed.
    func write(_ file: OutputFile) {
        guard failure == nil else { return }
        do throws(SiteWriterError) {
            try writer.write(file)
            lock.withLock { written.append(file.path) }
        } catch {
            lock.withLock { if firstFailure == nil { firstFailure = error } }
        }
    }
}
