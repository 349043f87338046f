import Foundation
import VitrineCore

/// A folder's payloads, and the files that change how they are drawn, as they were at a git
/// revision, read with git itself (no checkout): `git ls-tree` lists the blobs, `git cat-file
/// --batch` reads them.
public struct GitRevision: InputSource {
    /// By path, byte for byte (git keeps `café` in NFC and in NFD apart).
    private let blobs: [PathKey: [UInt8]]
    /// Blobs over `maxBytes`, by path, with their sizes and object ids: never read.
    private let oversized: [PathKey: (size: Int, object: String)]
    private let maxBytes: Int
    /// The payload paths, relative to the folder, in byte-wise order.
    public let payloads: [String]
    /// The other files that change how payloads are drawn (`InputListing.drawingInputs`).
    public let drawingInputs: [String]
    /// The commit read, as git names it in full.
    public let commit: String
    /// What git warned of while finding the commit (a name that is both a tag and a branch).
    public let warnings: [String]
    /// Whether git has any file under the folder at the revision (a pull request may add it).
    public let hasFolder: Bool

    /// Why a revision could not be read.
    public struct Failure: Error, Sendable, Equatable {
        /// What git said, or why the revision cannot be used.
        public var message: String
    }

    /// Reads the files under `folder` (inside a git work tree) at `revision`; `A...B` means the
    /// merge base of A and B (B defaults to HEAD, and must be the checked-out commit), as a pull
    /// request compares. A payload over
    /// `maxBytes` is refused when it is read, as from a folder; its bytes are never fetched.
    /// An entry no folder could hold (a name that is not UTF-8, or an empty, `.` or `..` part,
    /// which only a crafted tree has) is skipped, as a walk of the folder would never meet it.
    public init(folder: String, revision: String, maxBytes: Int = 16 << 20) throws(Failure) {
        let prefix = try Self.git(["rev-parse", "--show-prefix"], in: folder).trimmingCharacters(in: .newlines)
        let (commit, warnings) = try Self.commit(revision, in: folder)
        try Self.checkRangeEnd(revision, in: folder)
        // The pathspec is relative to the folder; --full-name prints paths from the top, which `prefix` strips.
        let tree = try Self.gitBytes(["ls-tree", "-r", "-z", "--full-name", commit, "--", "."], in: folder, from: "")
        var blobsAtPaths: [(path: String, object: String)] = []
        for record in tree.split(separator: 0) {
            guard let text = String(validating: record, as: UTF8.self), let tab = text.firstIndex(of: "\t") else { continue }
            let fields = text[..<tab].split(separator: " ")
            // A symbolic link (mode 120000) holds its target's name: the walk of a folder never reads one as a payload.
            guard fields.count == 3, fields[1] == "blob", fields[0] != "120000" else { continue }
            let full = String(text[text.index(after: tab)...])
            guard full.hasPrefix(prefix), !full.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
            else { continue }
            blobsAtPaths.append((String(full.dropFirst(prefix.count)), String(fields[2])))
        }
        // What the working tree's walk skips is skipped here too: hidden names, editor leftovers,
        // and a site or report committed inside the folder (a sub-folder with Vitrine's marker).
        let outputFolders = blobsAtPaths.compactMap { entry -> String? in
            guard entry.path.hasSuffix("/" + LocalSiteWriter.markerName) else { return nil }
            return String(entry.path.dropLast(LocalSiteWriter.markerName.count))
        }
        let entries = blobsAtPaths.filter { entry in
            !entry.path.split(separator: "/").contains { DirectoryWalker.isIgnored($0.utf8) }
                && !outputFolders.contains { entry.path.hasPrefix($0) }
        }
        var listing = InputListing()
        for entry in entries.sorted(by: { DirectoryWalker.byteOrder($0.path, $1.path) }) { listing.add(entry.path) }
        let wanted = Set((listing.payloads + listing.drawingInputs).map(PathKey.init))
        let objects = entries.filter { wanted.contains(PathKey($0.path)) }
        // Sizes first, so a blob over the limit (or one blob under a thousand names) is never
        // held in memory more than once, or at all.
        let unique = Array(Set(objects.map(\.object))).sorted()
        let sizes = Dictionary(uniqueKeysWithValues: zip(unique, try Self.catFile(unique, in: folder, sizesOnly: true).map(\.size)))
        let small = unique.filter { (sizes[$0] ?? 0) <= maxBytes }
        let contents = Dictionary(uniqueKeysWithValues: zip(small, try Self.catFile(small, in: folder).map(\.bytes)))
        var blobs: [PathKey: [UInt8]] = [:], oversized: [PathKey: (size: Int, object: String)] = [:]
        for entry in objects {
            if let bytes = contents[entry.object] { blobs[PathKey(entry.path)] = bytes } else { oversized[PathKey(entry.path)] = (sizes[entry.object] ?? 0, entry.object) }
        }
        self.blobs = blobs
        self.oversized = oversized
        self.maxBytes = maxBytes
        self.payloads = listing.payloads
        self.drawingInputs = listing.drawingInputs
        self.commit = commit
        self.warnings = warnings
        self.hasFolder = !tree.isEmpty
    }

    public func read(_ path: String) throws(FileReader.Failure) -> [UInt8] {
        if let (size, _) = oversized[PathKey(path)] { throw FileReader.tooLarge(size, maxBytes: maxBytes) }
        guard let bytes = blobs[PathKey(path)] else { throw FileReader.Failure(message: "not in the revision") }
        return bytes
    }

    /// git's object id of a file too large to read, which tells whether its bytes changed
    /// without reading them.
    func objectID(ofOversized path: String) -> String? {
        oversized[PathKey(path)]?.object
    }

    /// git's object id of the bytes of the file at `path` (git reads it in pieces), or nil
    /// when git cannot hash it. Run in the file's folder, so that a repository there hashes as
    /// it does (SHA-1 or SHA-256).
    static func objectID(ofFile path: String) -> String? {
        let folder = SitePath.folder(of: path)
        guard let output = try? git(["hash-object", "--no-filters", "--", SitePath.fileName(path)],
                                    in: folder.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : folder) else { return nil }
        let id = output.trimmingCharacters(in: .newlines)
        return id.isEmpty ? nil : id
    }

    /// The commit `revision` names, with what git warned of, or why there is none (with a hint
    /// in a shallow clone, where the base branch's history is often missing).
    private static func commit(_ revision: String, in folder: String) throws(Failure) -> (String, [String]) {
        do {
            if let range = revision.range(of: "...") {
                let (first, second) = (String(revision[..<range.lowerBound]), String(revision[range.upperBound...]))
                let (a, aWarnings) = try commit(first.isEmpty ? "HEAD" : first, in: folder)
                let (b, bWarnings) = try commit(second.isEmpty ? "HEAD" : second, in: folder)
                return (try git(["merge-base", a, b], in: folder).trimmingCharacters(in: .newlines), aWarnings + bWarnings)
            }
            // Without --quiet, so that git says when a name is ambiguous (a tag and a branch).
            let found = try run(["rev-parse", "--verify", revision + "^{commit}"], in: folder, from: "")
            let warnings = found.warnings.map { $0.hasSuffix("is ambiguous.") ? "\($0) git takes the first of tags/, heads/ and remotes/ that has it; write tags/…, heads/… or remotes/… to say which" : $0 }
            return (String(decoding: found.output, as: UTF8.self).trimmingCharacters(in: .newlines), warnings)
        } catch {
            let shallow = (try? git(["rev-parse", "--is-shallow-repository"], in: folder).trimmingCharacters(in: .newlines)) == "true"
            let twoDots = revision.contains("..") && !revision.contains("...")
            let hint = shallow ? " (this clone is shallow: fetch more history, e.g. `git fetch --unshallow`, or `fetch-depth: 0` in actions/checkout)"
                : twoDots ? " (NEW is the folder on disk; give one revision, or `A...B` for where B left A)" : ""
            if error.message.hasPrefix("git merge-base") {
                throw Failure(message: "\(revision): the two revisions have no common ancestor in the repository of \(folder)\(hint)")
            }
            if error.message.contains("is not a commit") { throw error }
            throw Failure(message: "\(revision) is not a commit in the repository of \(folder)\(hint)")
        }
    }

    /// Refuses `A...B` where B is not the checked-out commit: NEW is the folder on disk, so B
    /// would be read for the merge base and nothing else.
    private static func checkRangeEnd(_ revision: String, in folder: String) throws(Failure) {
        guard let range = revision.range(of: "..."), !revision[range.upperBound...].isEmpty else { return }
        let end = String(revision[range.upperBound...])
        guard try commit(end, in: folder).0 != commit("HEAD", in: folder).0 else { return }
        let start = String(revision[..<range.lowerBound])
        throw Failure(message: "\(revision): \(end) is not the checked-out commit, and NEW is the folder on disk; check out \(end) "
                             + "(or `git worktree add` it and give that folder), or write `\(start)...` to compare with where HEAD left \(start.isEmpty ? "HEAD" : start)")
    }

    /// The blobs' sizes and contents, in order, from one `git cat-file --batch`; with
    /// `sizesOnly` (`--batch-check`), their sizes alone, the contents empty.
    private static func catFile(_ objects: [String], in folder: String, sizesOnly: Bool = false) throws(Failure) -> [(size: Int, bytes: [UInt8])] {
        guard !objects.isEmpty else { return [] }
        let output = try gitBytes(["cat-file", sizesOnly ? "--batch-check" : "--batch"], in: folder, from: objects.joined(separator: "\n") + "\n")
        var contents: [(size: Int, bytes: [UInt8])] = []
        var index = 0
        while index < output.count, contents.count < objects.count {
            guard let newline = output[index...].firstIndex(of: 0x0A) else { break }
            let header = String(decoding: output[index..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]) else { throw Failure(message: "git cat-file: unexpected output \(header.joined(separator: " "))") }
            let start = newline + 1
            if sizesOnly {
                contents.append((size, []))
                index = start
            } else {
                contents.append((size, Array(output[start..<min(start + size, output.count)])))
                index = start + size + 1
            }
        }
        guard contents.count == objects.count else { throw Failure(message: "git cat-file returned \(contents.count) of \(objects.count) files") }
        return contents
    }

    private static func git(_ arguments: [String], in folder: String) throws(Failure) -> String {
        String(decoding: try gitBytes(arguments, in: folder, from: ""), as: UTF8.self)
    }

    private static func gitBytes(_ arguments: [String], in folder: String, from input: String) throws(Failure) -> [UInt8] {
        try run(arguments, in: folder, from: input).output
    }

    /// Runs git; its standard output, and the `warning:` lines of its standard error (read on a
    /// thread of its own, so that a full pipe of warnings never stalls git).
    private static func run(_ arguments: [String], in folder: String, from input: String) throws(Failure) -> (output: [UInt8], warnings: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        // Its messages in English, which its warnings are matched in.
        process.environment = ProcessInfo.processInfo.environment.merging(["LC_ALL": "C"]) { _, c in c }
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        do { try process.run() } catch { throw Failure(message: "could not run git: \(error.localizedDescription)") }
        let writer = Thread {
            // Throwing, so that a git that exits without reading is not a crash of Foundation's.
            if !input.isEmpty { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errors = ErrorOutput()
        let reader = Thread {
            errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
            errors.done.signal()
        }
        reader.start()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        errors.done.wait()
        process.waitUntilExit()
        let said = String(decoding: errors.data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let message = said.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: "git \(arguments.first ?? ""): \(message.isEmpty ? "exit code \(process.terminationStatus)" : message)")
        }
        let warnings = said.split(separator: "\n").compactMap { line in line.hasPrefix("warning: ") ? String(line.dropFirst("warning: ".count)) : nil }
        return (Array(data), warnings)
    }

    /// Standard error as its reader thread leaves it.
    private final class ErrorOutput: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }
}
