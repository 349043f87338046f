#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes the site into an output directory that Vitrine owns, and only there.
///
/// Every file goes to a temporary name in its folder, and `finish` renames them all into place
/// after writing down what it is about to do (`CommitJournal`): a build killed before then leaves
/// the previous site whole, one killed during the moves is completed by the next run, and a
/// symlink planted at a destination is replaced, not followed. Each folder is opened from its
/// parent without following links, and files are made, renamed and removed relative to the open
/// folder: a symlink where a folder goes is removed first, and one planted later is never a way out.
/// A marker file says the directory is ours; a manifest lists what the last build wrote, so stale
/// pages are removed and nothing else is.
public final class LocalSiteWriter: SiteWriter, @unchecked Sendable {
    /// The file that marks a folder as Vitrine's output (so a later build may replace what is in it).
    public static let markerName = ".vitrine-output"
    /// The file listing every path the last build wrote, so stale pages are removed and nothing else.
    public static let manifestName = ".vitrine-manifest"
    /// Names of files being written; anything with this prefix is Vitrine's to delete.
    static let temporaryPrefix = ".vitrine-tmp-"

    /// The output directory's real path.
    public let root: String
    /// Guards the state below (`changes` to `finishing`), which writes on every core and the
    /// commit in `LocalSiteWriter+Commit.swift` share: read or change it only inside `lock.withLock`.
    let lock = NSLock()
    /// The output's folders, open: files are made, renamed and removed relative to them.
    let folders: OutputFolders
    /// Files replaced or removed since the last `takeChanges()`.
    var changes: Set<PathKey> = []
    /// Files written in this build and not yet moved into place: destination → temporary name.
    var pending: [PathKey: String] = [:]
    /// Writes begun and not yet ended, which `stop` waits for.
    var writesInFlight = 0
    /// What the last `finish` listed in the manifest.
    var lastFinished: Set<PathKey>?
    var stopped = false
    /// A `finish` or `clean` is under way: `stop` lets it end, its manifest written and stale
    /// files removed (see `toTheEnd`).
    var finishing = false

    /// Whether a write or removal may go ahead: not once stopped, unless it is the commit's own.
    var mayWrite: Bool { !stopped || finishing }  // read under `lock`

    /// What an output folder holds: a site (`vitrine build`, `serve`) or a changes report
    /// (`vitrine diff`). The marker names it, so one never writes over the other and removes its
    /// pages as stale.
    public enum Content: String, Sendable, CaseIterable {
        /// A site.
        case site = "vitrine build"
        /// A changes report.
        case report = "vitrine diff"

        /// How the marker starts; markers written before it named the report apart all say `vitrine build`.
        var claim: String { "This directory is written by \(rawValue);" }

        /// What the folder at `path` holds, from its marker: nil when it has none (or an unknown one).
        public static func held(in path: String) -> Content? {
            guard let marker = try? String(contentsOfFile: path + "/" + LocalSiteWriter.markerName, encoding: .utf8) else { return nil }
            return allCases.first { marker.hasPrefix($0.claim) }
        }

        var marker: OutputFile {
            OutputFile(path: LocalSiteWriter.markerName, text: claim + " its files are replaced on every run.\n")
        }
    }

    let content: Content
    /// The output folder, open and locked (`flock`) while the writer lives, so that two builds
    /// (or a build and `serve`) never write into one folder at once; the kernel releases the
    /// lock when the writer is gone or the process ends, however it ends.
    private let lockDescriptor: Int32
    /// Whether the folder was new or empty when the writer opened it: a build that writes no
    /// site leaves it with Vitrine's marker alone, not "as it was".
    public let foundEmpty: Bool
    /// Whether every file is written anew, even one that already holds its bytes (`--clean`).
    private let rewritesAll: Bool

    /// Checks that `path` may be used as the output of a build reading `input` (and, for a diff,
    /// `otherInputs`), creating it if needed.
    /// - Parameter clean: every file is written anew, even one that already holds its bytes (a
    ///   page edited by hand is replaced); what the last build wrote and this one does not goes,
    ///   as always, once the new site is in place (`vitrine build --clean`).
    /// - Throws: when it is an input, contains one, is a system or home folder, holds a `.git`,
    ///   or is non-empty without Vitrine's marker (unless `force` without `clean`, and never
    ///   inside an input: the marker would hide the payloads there from every later run).
    public init(path: String, input: String, otherInputs: [String] = [], force: Bool = false, clean: Bool = false,
                holding content: Content = .site) throws(SiteWriterError) {
        let manager = FileManager.default
        if !manager.fileExists(atPath: path), let problem = OutputFolders.makeFolders(path) {
            throw SiteWriterError(path: path, message: "cannot create the output directory: \(problem)")
        }
        let realInputs = ([input] + otherInputs).map(DirectoryWalker.realPath)
        guard let real = DirectoryWalker.realPath(path), !realInputs.contains(nil) else {
            throw SiteWriterError(path: path, message: "cannot resolve the output directory")
        }
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap(DirectoryWalker.realPath)
        if real == "/" || real == home {
            throw SiteWriterError(path: path, message: "refusing to write into \(real == "/" ? "the root folder" : "the home folder")")
        }
        let inputs = [input] + otherInputs
        if let index = realInputs.firstIndex(where: { $0 == real || $0!.hasPrefix(real + "/") }) {
            throw SiteWriterError(path: path, message: "refusing to write into " + (realInputs[index] == real
                ? "the input folder \(inputs[index])" : "a folder that contains the input folder \(inputs[index])"))
        }
        if manager.fileExists(atPath: real + "/.git") {
            throw SiteWriterError(path: path, message: "refusing to write into a directory that holds a .git folder")
        }
        let contents = (try? manager.contentsOfDirectory(atPath: real)) ?? []
        if !contents.isEmpty, !contents.contains(Self.markerName) {
            if realInputs.contains(where: { real.hasPrefix($0! + "/") }) {
                throw SiteWriterError(path: path, message: "refusing to write into a non-empty folder inside the input that Vitrine did not write: "
                                      + "its files would be hidden from every later run; give an empty or new folder")
            }
            if !force {
                throw SiteWriterError(path: path, message: "the directory is not empty and was not written by Vitrine; use --force to write into it")
            }
            if clean {
                throw SiteWriterError(path: path, message: "has no \(Self.markerName) marker: Vitrine did not write it, so --clean deletes nothing there")
            }
        }
        if let holder = Content.held(in: real), holder != content {
            throw SiteWriterError(path: path, message: "holds the output of \(holder.rawValue), which \(content.rawValue) would replace; give another folder")
        }
        // Said once here, rather than once for every page that could not be written.
        guard access(real, W_OK) == 0 else {
            throw SiteWriterError(path: path, message: "the output directory is not writable: \(String(cString: strerror(errno)))")
        }
        self.root = real
        self.folders = OutputFolders(root: real)
        self.content = content
        self.lockDescriptor = try Self.lock(real, path: path)
        self.foundEmpty = contents.isEmpty
        self.rewritesAll = clean
        // An empty folder is claimed before the first page, so a build killed before it finishes
        // (a crash, `kill -9`) leaves a folder the next build still writes into. A foreign folder
        // written with `force` is claimed only by a build that finishes.
        if contents.isEmpty { try write(content.marker, now: true) }
        if contents.contains(Self.markerName) { try completeInterruptedCommit() }
        // A killed run leaves temporary files; whatever they held never reached the site.
        if !contents.isEmpty { removeLeftoverTemporaryFiles() }
    }

    deinit { close(lockDescriptor) }

    /// Takes the lock on the output folder itself (no file is added to it).
    private static func lock(_ root: String, path: String) throws(SiteWriterError) -> Int32 {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SiteWriterError(path: path, message: "cannot open the output directory: \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw SiteWriterError(path: path, message: "another Vitrine process (a build, or serve) is writing into this folder; wait for it or give another folder")
        }
        return descriptor
    }

    /// Writes one file under a temporary name; `finish` moves it into place.
    public func write(_ file: OutputFile) throws(SiteWriterError) {
        try write(file, now: false)
    }

    /// Writes a file to a temporary name and, `now`, renames it into place at once (the
    /// marker, the manifest, the journal); otherwise the rename waits for `finish`.
    func write(_ file: OutputFile, now: Bool) throws(SiteWriterError) {
        try Self.checkRelative(file.path)
        let running = lock.withLock {
            if mayWrite { writesInFlight += 1 }
            return mayWrite
        }
        guard running else { throw SiteWriterError(path: file.path, message: "the build was stopped") }
        defer { lock.withLock { writesInFlight -= 1 } }
        try folders.using { () throws(SiteWriterError) in
            var folder = SitePath.folder(of: file.path)
            let leaf = SitePath.fileName(file.path)
            var staged = false
            var handle: OutputFolders.Handle
            do throws(SiteWriterError) {
                handle = try folders.handle(folder, create: true)
            } catch {
                // A folder above went away during the build (the output deleted under `serve`): open them all again.
                folders.forgetAll()
                do throws(SiteWriterError) {
                    handle = try folders.handle(folder, create: true)
                } catch where !now && error.folder == .notAFolder {
                    // A file of the last build is where this one needs a folder (`x.html` became
                    // `x.html/`): the new file waits in the output's root until `finish` has
                    // removed the old one.
                    (folder, staged) = ("", true)
                    handle = try folders.handle(folder, create: true)
                }
            }
            defer { handle.release() }
            if !staged, !rewritesAll, unchanged(leaf, in: handle.descriptor, file.bytes) {
                if let earlier = lock.withLock({ pending.removeValue(forKey: PathKey(file.path)) }) { _ = removeFile(earlier) }
                return
            }
            let temporaryLeaf = "\(Self.temporaryPrefix)\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
            var descriptor = openat(handle.descriptor, temporaryLeaf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor < 0, errno == ENOENT {
                // The folder went away during the build (the output deleted under `serve`): make it again.
                folders.forgetAll()
                handle.release()
                handle = try folders.handle(folder, create: true)
                descriptor = openat(handle.descriptor, temporaryLeaf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            }
            guard descriptor >= 0 else {
                let problem = String(cString: strerror(errno))
                removeFoldersLeftEmpty(folder)  // made for this file alone (a full disk)
                throw SiteWriterError(path: file.path, message: "cannot create: \(problem)")
            }
            var written = 0
            let failure: String? = file.bytes.withUnsafeBytes { buffer in
                while written < buffer.count {
                    let result = posixWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if result < 0 {
                        if errno == EINTR { continue }
                        return String(cString: strerror(errno))
                    }
                    written += result
                }
                return nil
            }
            close(descriptor)
            if let failure {
                unlinkat(handle.descriptor, temporaryLeaf, 0)
                removeFoldersLeftEmpty(folder)
                throw SiteWriterError(path: file.path, message: "cannot write: \(failure)")
            }
            let name = (folder.isEmpty ? "" : folder + "/") + temporaryLeaf
            if !now {
                if let earlier = lock.withLock({ pending.updateValue(name, forKey: PathKey(file.path)) }) { _ = removeFile(earlier) }
                return
            }
            try move(temporaryLeaf, in: handle.descriptor, to: leaf, in: handle.descriptor, destination: file.path)
        }
    }

    /// Renames a temporary file over its destination (`destination` is its path, for messages
    /// and `changes`); the temporary file goes either way.
    func move(_ temporary: String, in temporaryFolder: Int32, to leaf: String, in folder: Int32,
                      destination: String) throws(SiteWriterError) {
        guard renameat(temporaryFolder, temporary, folder, leaf) == 0 else {
            let message = String(cString: strerror(errno))
            unlinkat(temporaryFolder, temporary, 0)
            throw SiteWriterError(path: destination, message: "cannot replace: \(message)")
        }
        lock.withLock { _ = changes.insert(PathKey(destination)) }
    }

    /// The files written with new bytes or removed since the last call, sorted byte-wise:
    /// what a live preview must reload.
    public func takeChanges() -> [String] {
        lock.withLock {
            defer { changes = [] }
            return changes.map(\.path).sorted(by: DirectoryWalker.byteOrder)
        }
    }

    /// Refuses every later write, waits for the ones under way (a commit under way to its end)
    /// and deletes any temporary file left: after it returns the process can exit with the
    /// output whole, the old site or the new one. For SIGINT.
    public func stop() {
        lock.withLock { stopped = true }
        while lock.withLock({ writesInFlight }) > 0 { usleep(1000) }
        removeLeftoverTemporaryFiles()
    }

    /// Deletes this build's temporary files: nothing it wrote reaches the site.
    public func abandon() {
        let dropped = lock.withLock {
            defer { pending = [:] }
            return Array(pending.values)
        }
        // Folders made for them alone go too: the output is left as it was.
        for temporary in dropped { _ = removeFile(temporary) }
        folders.forgetAll()
    }

    /// Whether `path` is a regular file reached through folders only: a page behind a planted
    /// folder symlink does not count, so it is written again and the symlink replaced.
    public func exists(_ path: String) -> Bool {
        folders.using { () -> Bool in
            guard var handle = try? folders.handle(SitePath.folder(of: path), create: false) else { return false }
            defer { handle.release() }
            return OutputFolders.isRegularFile(SitePath.fileName(path), in: handle.descriptor)
        }
    }

    /// Whether the file already holds exactly these bytes (then it is left alone, mtime and all).
    private func unchanged(_ leaf: String, in folder: Int32, _ bytes: [UInt8]) -> Bool {
        let descriptor = openat(folder, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        var existing = [UInt8](repeating: 0, count: bytes.count + 1)
        var total = 0
        while total < existing.count {
            let count = existing.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            total += count
        }
        guard total == bytes.count else { return false }
        existing.removeLast()
        return existing == bytes
    }

    /// Refuses an empty or absolute path, an empty, `.` or `..` segment and a NUL byte.
    static func checkRelative(_ path: String) throws(SiteWriterError) {
        var length = 0, dots = 0, safe = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (length == dots && dots <= 2) { safe = false; break }
                (length, dots) = (0, 0)
            } else {
                if byte == 0 { safe = false; break }
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        guard safe, length > 0, !(length == dots && dots <= 2) else {
            throw SiteWriterError(path: path, message: "not a safe relative output path")
        }
    }
}
