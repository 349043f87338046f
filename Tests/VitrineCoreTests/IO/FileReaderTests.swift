import Foundation
import Testing
@testable import VitrineCore

/// H11: a payload rewritten in place while it is read gives its old or its new bytes, or an
/// error, never a mix of both. A real race cannot be timed into the one `read` call, so the
/// reader's hook stands in for the other process: it writes half the new version before the
/// read and the other half after it, as a writer overlapping the read would.
@Suite struct FileReaderTests {
    static let old = Array(#"{"container":{"text":"AAAAAAAAAAAAAAAAAAAA"}}"#.utf8)
    static let new = Array(#"{"container":{"text":"BBBBBBBBBBBBBBBBBBBB"}}"#.utf8)

    /// A folder holding `a.json` with the old version.
    final class Folder: Sendable {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-read-\(UUID().uuidString)").path
        var file: String { root + "/a.json" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try Data(FileReaderTests.old).write(to: URL(fileURLWithPath: file))
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Writes `bytes` at `offset` in place, without truncating: size kept, times changed.
        func overwrite(_ bytes: ArraySlice<UInt8>, at offset: Int) {
            let descriptor = open(file, O_WRONLY)
            _ = Array(bytes).withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            close(descriptor)
        }
    }

    @Test func aRewriteOverlappingTheReadIsReadAgainWhole() throws {
        let folder = try Folder()
        let half = Self.new.count / 2
        var reader = FileReader(root: folder.root)
        reader.aroundReading = { attempt, read in
            guard attempt == 0 else { return }
            if read {
                folder.overwrite(Self.new[half...], at: half)
            } else {
                // Later than the file's last change: kernels before 6.13 stamp times per clock tick.
                usleep(20_000)
                folder.overwrite(Self.new[..<half], at: 0)
            }
        }
        // The first read saw the new first half and the old second half: valid JSON, but a mix.
        #expect(try reader.read("a.json") == Self.new)
    }

    @Test func aFileThatKeepsChangingIsAnErrorNotAMix() throws {
        let folder = try Folder()
        var reader = FileReader(root: folder.root)
        reader.aroundReading = { attempt, read in
            let version = (attempt + (read ? 1 : 0)) % 2 == 0 ? Self.new : Self.old
            usleep(20_000)
            folder.overwrite(version[...], at: 0)
        }
        #expect(throws: FileReader.Failure(message: "the file kept changing while it was read")) { try reader.read("a.json") }
    }

    @Test func aReadNobodyDisturbsTakesOneAttempt() throws {
        let folder = try Folder()
        let attempts = Attempts()
        var reader = FileReader(root: folder.root)
        reader.aroundReading = { attempt, _ in attempts.record(attempt) }
        #expect(try reader.read("a.json") == Self.old)
        #expect(attempts.seen == [0, 0])
    }

    final class Attempts: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []
        var seen: [Int] { lock.withLock { values } }
        func record(_ attempt: Int) { lock.withLock { values.append(attempt) } }
    }
}
