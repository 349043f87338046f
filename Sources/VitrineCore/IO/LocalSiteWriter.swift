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
/// symlink planted at a destination is replaced, not followed. Folders are created with `mkdir`
/// and checked with `lstat`: a symlink where a folder goes is removed first, never a way out.
/// A marker file says the directory is ours; a manifest lists what the last build wrote, so stale
/// pages are removed and nothing else is.
public final class LocalSiteWriter: SiteWriter, @unchecked Sendable {
    public static let markerName = ".vitrine-output"
    public static let manifestName = ".vitrine-manifest"
    /// Names of files being written; anything with this prefix is Vitrine's to delete.
    static let temporaryPrefix = ".vitrine-tmp-"

    /// The output directory's real path.
    public let root: String
    private let lock = NSLock()
    /// Folders known to exist in this build ("" is the root).
    private var checkedFolders: Set<String> = []
    /// Files replaced or removed since the last `takeChanges()`.
    private var changes: Set<String> = []
    /// Files written in this build and not yet moved into place: destination → temporary name.
    private var pending: [String: String] = [:]
    private var writesInFlight = 0
    /// What the last `finish` listed in the manifest.
    private var lastFinished: Set<String>?
    private var stopped = false

    /// What an output folder holds: a site (`vitrine build`, `serve`) or a changes report
    /// (`vitrine diff`). The marker names it, so one never writes over the other and removes its
    /// pages as stale.
    public enum Content: String, Sendable, CaseIterable {
        case site = "vitrine build"
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

    private let content: Content
    /// The output folder, open and locked (`flock`) while the writer lives, so that two builds
    /// (or a build and `serve`) never write into one folder at once; the kernel releases the
    /// lock when the writer is gone or the process ends, however it ends.
    private let lockDescriptor: Int32

    /// Checks that `path` may be used as the output of a build reading `input` (and, for a diff,
    /// `otherInputs`), creating it if needed.
    /// - Throws: when it is an input, contains one, is a system or home folder, holds a `.git`,
    ///   or is non-empty without Vitrine's marker (unless `force`, and never inside an input:
    ///   the marker would hide the payloads there from every later run).
    public init(path: String, input: String, otherInputs: [String] = [], force: Bool = false,
                holding content: Content = .site) throws(SiteWriterError) {
        let manager = FileManager.default
        if !manager.fileExists(atPath: path), let problem = Self.makeFolders(path) {
            throw SiteWriterError(path: path, message: "cannot create the output directory: \(problem)")
        }
        let realInputs = ([input] + otherInputs).map(DirectoryWalker.realPath)
        guard let real = DirectoryWalker.realPath(path), !realInputs.contains(nil) else {
            throw SiteWriterError(path: path, message: "cannot resolve the output directory")
        }
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap(DirectoryWalker.realPath)
        if real == "/" || real == home || realInputs.contains(where: { $0 == real || $0!.hasPrefix(real + "/") }) {
            throw SiteWriterError(path: path, message: "refusing to write into a directory that is or contains the input, the root or the home folder")
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
        }
        if let holder = Content.held(in: real), holder != content {
            throw SiteWriterError(path: path, message: "holds the output of \(holder.rawValue), which \(content.rawValue) would replace; give another folder")
        }
        // Said once here, rather than once for every page that could not be written.
        guard access(real, W_OK) == 0 else {
            throw SiteWriterError(path: path, message: "the output directory is not writable: \(String(cString: strerror(errno)))")
        }
        self.root = real
        self.content = content
        self.lockDescriptor = try Self.lock(real, path: path)
        // An empty folder is claimed before the first page, so a build killed before it finishes
        // (a crash, `kill -9`) leaves a folder the next build still writes into. A foreign folder
        // written with `force` is claimed only by a build that finishes.
        if contents.isEmpty { try write(content.marker, now: true) }
        if contents.contains(Self.markerName) { try completeInterruptedCommit() }
        // A killed run leaves temporary files; whatever they held never reached the site.
        if !contents.isEmpty { removeLeftoverTemporaryFiles() }
    }

    deinit { close(lockDescriptor) }

    /// Makes `path` and the folders above it that are missing; why it could not, or nil.
    private static func makeFolders(_ path: String) -> String? {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0, errno != EEXIST { return String(cString: strerror(errno)) }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        return info.st_mode & S_IFMT == S_IFDIR ? nil : "it is a file"
    }

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
    private func write(_ file: OutputFile, now: Bool) throws(SiteWriterError) {
        try Self.checkRelative(file.path)
        let running = lock.withLock {
            if !stopped { writesInFlight += 1 }
            return !stopped
        }
        guard running else { throw SiteWriterError(path: file.path, message: "the build was stopped") }
        defer { lock.withLock { writesInFlight -= 1 } }
        let folder = file.path.split(separator: "/").dropLast().joined(separator: "/")
        try ensureFolder(folder)
        let destination = root + "/" + file.path
        if unchanged(destination, file.bytes) {
            if let earlier = lock.withLock({ pending.removeValue(forKey: file.path) }) { unlink(root + "/" + earlier) }
            return
        }
        let name = (folder.isEmpty ? "" : folder + "/") + "\(Self.temporaryPrefix)\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let temporary = root + "/" + name
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            // The folder went away during the build (the output deleted under `serve`): make it again.
            lock.withLock { checkedFolders = [] }
            try ensureFolder(folder)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw SiteWriterError(path: file.path, message: "cannot create: \(String(cString: strerror(errno)))") }
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
            unlink(temporary)
            throw SiteWriterError(path: file.path, message: "cannot write: \(failure)")
        }
        if !now {
            if let earlier = lock.withLock({ pending.updateValue(name, forKey: file.path) }) { unlink(root + "/" + earlier) }
            return
        }
        try move(name, to: file.path)
    }

    /// Renames a temporary file over its destination; the temporary file goes either way.
    private func move(_ temporary: String, to destination: String) throws(SiteWriterError) {
        guard rename(root + "/" + temporary, root + "/" + destination) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(root + "/" + temporary)
            throw SiteWriterError(path: destination, message: "cannot replace: \(message)")
        }
        lock.withLock { _ = changes.insert(destination) }
    }

    /// The files written with new bytes or removed since the last call, sorted byte-wise:
    /// what a live preview must reload.
    public func takeChanges() -> [String] {
        lock.withLock {
            defer { changes = [] }
            return changes.sorted(by: DirectoryWalker.byteOrder)
        }
    }

    /// Refuses every later write, waits for the ones under way and deletes any temporary file
    /// left: after it returns the process can exit with the output whole. For `serve`'s SIGINT.
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
        for temporary in dropped {
            unlink(root + "/" + temporary)
            // Folders made for it alone go too: the output is left as it was.
            var folder = SitePath.folder(of: temporary)
            while !folder.isEmpty, rmdir(root + "/" + folder) == 0 { folder = SitePath.folder(of: folder) }
        }
        lock.withLock { checkedFolders = [] }
    }

    /// Whether `path` is a regular file reached through folders only: a page behind a planted
    /// folder symlink does not count, so it is written again and the symlink replaced.
    public func exists(_ path: String) -> Bool {
        var info = stat()
        return isRealFolder(SitePath.folder(of: path)) && lstat(root + "/" + path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Whether every part of `folder` is a folder, not a symlink; remembered once true, as
    /// `ensureFolder` remembers the folders it made.
    private func isRealFolder(_ folder: String) -> Bool {
        if folder.isEmpty || lock.withLock({ checkedFolders.contains(folder) }) { return true }
        guard realFolders(down: folder) != nil else { return false }
        lock.withLock { _ = checkedFolders.insert(folder) }
        return true
    }

    /// `folder` and each folder above it in the output, outermost first, when every one is a
    /// folder and none a symlink; nil otherwise.
    private func realFolders(down folder: String) -> [String]? {
        var folders: [String] = []
        var current = ""
        for component in folder.split(separator: "/") {
            current += (current.isEmpty ? "" : "/") + component
            var info = stat()
            guard lstat(root + "/" + current, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
            folders.append(current)
        }
        return folders
    }

    /// Moves this build's files into place and removes what the previous build listed and
    /// this one does not. The journal written first lets a killed run's successor finish this.
    public func finish(writing paths: [String]) throws(SiteWriterError) {
        // A stopped build wrote only part of the site: removing what it did not list would delete pages.
        let running = lock.withLock {
            if !stopped { writesInFlight += 1 }  // `stop()` waits for the moves, too
            return !stopped
        }
        guard running else { throw SiteWriterError(path: Self.manifestName, message: "the build was stopped") }
        defer { lock.withLock { writesInFlight -= 1 } }
        // Folders may have been removed (stale pages, or the whole output by hand): check again next build.
        defer { lock.withLock { checkedFolders = [] } }
        if let journal = try writeJournal(listing: paths) { try commit(journal) }
        lock.withLock { lastFinished = Set(paths) }
    }

    /// Writes down the moves of this build's files and the new manifest, and forgets the moves;
    /// `nil` when there is nothing to do: a long-lived writer (`serve`) that wrote nothing new
    /// and lists the same files as last time.
    func writeJournal(listing paths: [String]) throws(SiteWriterError) -> CommitJournal? {
        let moves = lock.withLock {
            defer { pending = [:] }
            return pending.sorted { DirectoryWalker.byteOrder($0.key, $1.key) }.map { (destination: $0.key, temporary: $0.value) }
        }
        if moves.isEmpty, lock.withLock({ lastFinished == Set(paths) }), exists(Self.manifestName), exists(Self.markerName) { return nil }
        let journal = CommitJournal(listed: paths.sorted(by: DirectoryWalker.byteOrder), moves: moves)
        try write(OutputFile(path: CommitJournal.fileName, bytes: journal.bytes), now: true)
        return journal
    }

    /// Carries out a journal: the moves (a temporary file already moved is skipped), the removal
    /// of stale files, the new manifest; then deletes the journal. Running it twice does no harm.
    private func commit(_ journal: CommitJournal) throws(SiteWriterError) {
        // Each move is one rename of its own: on all cores, in slices, the first failure kept. A
        // journal that names a file twice, as a page or a temporary file or both (edited by hand;
        // compared in lower case, as on a case-insensitive disk), is carried out in order, as one
        // slice, so which move wins does not depend on timing.
        let moves = journal.moves
        let destinations = Set(moves.map { $0.destination.lowercased() }), temporaries = Set(moves.map { $0.temporary.lowercased() })
        let distinct = destinations.count == moves.count && temporaries.count == moves.count && destinations.isDisjoint(with: temporaries)
        let slices = distinct ? min(moves.count, 64) : min(moves.count, 1)
        let failures = ResultSlots<SiteWriterError>(count: slices)
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            for move in moves[moves.count * slice / slices..<moves.count * (slice + 1) / slices] {
                guard (try? Self.checkRelative(move.destination)) != nil, (try? Self.checkRelative(move.temporary)) != nil else { continue }
                var info = stat()
                guard lstat(root + "/" + move.temporary, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                do throws(SiteWriterError) { try self.move(move.temporary, to: move.destination) } catch {
                    if failures[slice] == nil { failures[slice] = error }
                }
            }
        }
        let failure = failures.values.first
        let previous = (try? String(contentsOfFile: root + "/" + Self.manifestName, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        let current = Set(journal.listed)
        for stale in previous where !current.contains(stale) { remove(stale) }
        let manifest = journal.listed.joined(separator: "\n") + "\n"
        try write(OutputFile(path: Self.manifestName, text: manifest), now: true)
        try write(content.marker, now: true)
        unlink(root + "/" + CommitJournal.fileName)
        lock.withLock { _ = changes.remove(CommitJournal.fileName) }
        if let failure { throw failure }
    }

    /// Finishes the moves of a build killed after it wrote its journal. A journal that cannot be
    /// read was cut short while being written, so that build never started moving: it is dropped.
    private func completeInterruptedCommit() throws(SiteWriterError) {
        let path = root + "/" + CommitJournal.fileName
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path),
              let journal = CommitJournal(bytes: Array(data)) else {
            unlink(path)
            return
        }
        try commit(journal)
        lock.withLock { changes = [] }
    }

    /// Deletes every file the last build listed in its manifest, then the manifest, and the
    /// folders that leaves empty; files Vitrine did not write stay. For `vitrine build --clean`.
    /// - Throws: when the directory is not empty and has no marker: Vitrine did not write it.
    public func clean() throws(SiteWriterError) {
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        guard !contents.isEmpty else { return }
        guard contents.contains(Self.markerName) else {
            throw SiteWriterError(path: root, message: "has no \(Self.markerName) marker: Vitrine did not write it, so --clean deletes nothing there")
        }
        let manifestPath = root + "/" + Self.manifestName
        let listed = (try? String(contentsOfFile: manifestPath, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        removeLeftoverTemporaryFiles()
        for path in listed { remove(path) }
        unlink(manifestPath)
    }

    /// Unlinks a listed file if its path is relative, stays inside the output and passes through
    /// no symlinked folder; then removes the folders it leaves empty, up to the root.
    private func remove(_ path: String) {
        guard (try? Self.checkRelative(path)) != nil, lock.withLock({ !stopped }),
              let folders = realFolders(down: SitePath.folder(of: path)) else { return }
        if unlink(root + "/" + path) == 0 { lock.withLock { _ = changes.insert(path) } }
        for folder in folders.reversed() {
            guard rmdir(root + "/" + folder) == 0 else { break }  // not empty, so neither are its parents
        }
    }

    /// Deletes temporary files a killed build left behind: only Vitrine's own prefix, only
    /// regular files, only in folders of the output (never following links).
    private func removeLeftoverTemporaryFiles() {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return }
        while let path = enumerator.nextObject() as? String {
            guard (path.split(separator: "/").last ?? "").hasPrefix(Self.temporaryPrefix) else { continue }
            var info = stat()
            if lstat(root + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(root + "/" + path) }
        }
    }

    /// Whether the file already holds exactly these bytes (then it is left alone, mtime and all).
    private func unchanged(_ path: String, _ bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
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

    private func ensureFolder(_ folder: String) throws(SiteWriterError) {
        if lock.withLock({ checkedFolders.contains(folder) }) { return }
        if lock.withLock({ !checkedFolders.contains("") }) {
            // The output itself may have been deleted under a running `serve`: make it again.
            var info = stat()
            if lstat(root, &info) != 0, mkdir(root, 0o755) != 0, errno != EEXIST {
                throw SiteWriterError(path: root, message: "cannot create the output directory: \(String(cString: strerror(errno)))")
            }
            guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw SiteWriterError(path: root, message: "the output directory was replaced by something that is not a folder")
            }
            lock.withLock { _ = checkedFolders.insert("") }
        }
        var current = ""
        for component in folder.split(separator: "/") {
            current += (current.isEmpty ? "" : "/") + component
            let absolute = root + "/" + current
            var info = stat()
            // A symlink planted where a folder goes is removed, as one at a file is replaced: never
            // followed. Another thread may have replaced it already: then the folder is there.
            if lstat(absolute, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, unlink(absolute) != 0, errno != ENOENT {
                let problem = errno
                guard lstat(absolute, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                    throw SiteWriterError(path: current, message: "cannot remove the symlink where a folder goes: \(String(cString: strerror(problem)))")
                }
            }
            if lstat(absolute, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw SiteWriterError(path: current, message: "exists in the output and is not a folder")
                }
            } else if mkdir(absolute, 0o755) != 0, errno != EEXIST {
                throw SiteWriterError(path: current, message: "cannot create folder: \(String(cString: strerror(errno)))")
            }
        }
        lock.withLock { _ = checkedFolders.insert(folder) }
    }

    /// Refuses an empty or absolute path, an empty, `.` or `..` segment and a NUL byte.
    private static func checkRelative(_ path: String) throws(SiteWriterError) {
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
