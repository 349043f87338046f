#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How a `LocalSiteWriter` puts a build in place: a journal of its moves written first, then
/// carried out, so that a build killed halfway is finished by the next.
extension LocalSiteWriter {
    /// Moves this build's files into place and removes what the previous build listed and
    /// this one does not. The journal written first lets a killed run's successor finish this.
    public func finish(writing paths: [String]) throws(SiteWriterError) {
        // A stopped build wrote only part of the site: removing what it did not list would delete pages.
        // Folders may have been removed (stale pages, or the whole output by hand): open them again next build.
        defer { folders.forgetAll() }
        let kept = try toTheEnd(Self.manifestName) { () throws(SiteWriterError) in try writeJournal(listing: paths).map(commit) ?? [] }
        lock.withLock { lastFinished = Set(paths.map(PathKey.init)) }
        if let moved = folders.replaced().first {
            throw SiteWriterError(path: moved.isEmpty ? root : moved, message: "was moved or replaced during the build: the pages written into it went with it, "
                                  + "not into the site (nothing followed a symlink); build again")
        }
        if let first = kept.first {
            throw SiteWriterError(path: first.path, message: "cannot remove this file of an earlier build: \(first.problem)"
                                  + (kept.count > 1 ? " (and \(counted(kept.count - 1, "more file")))" : "")
                                  + "; the new site is in place, and the next build tries again", siteInPlace: true)
        }
    }

    /// Runs `body` (the moves of a commit) to its end even when `stop` is called
    /// meanwhile: `stop` waits for it, and lets its own writes and removals go ahead. Refused
    /// once stopped, as `path` says.
    func toTheEnd<T>(_ path: String, _ body: () throws(SiteWriterError) -> T) throws(SiteWriterError) -> T {
        let running = lock.withLock {
            if !stopped { (writesInFlight, finishing) = (writesInFlight + 1, true) }
            return !stopped
        }
        guard running else { throw SiteWriterError(path: path, message: "the build was stopped") }
        defer { lock.withLock { (writesInFlight, finishing) = (writesInFlight - 1, false) } }
        return try body()
    }

    /// Writes down the moves of this build's files and the new manifest, and forgets the moves;
    /// `nil` when there is nothing to do: nothing new written, and the same files listed as
    /// last time (so a rebuild with nothing changed touches nothing in the output).
    func writeJournal(listing paths: [String]) throws(SiteWriterError) -> CommitJournal? {
        let moves = lock.withLock {
            defer { pending = [:] }
            return pending.sorted { DirectoryWalker.byteOrder($0.key.path, $1.key.path) }.map { (destination: $0.key.path, temporary: $0.value) }
        }
        if moves.isEmpty, exists(Self.manifestName), exists(Self.markerName),
           (lock.withLock({ lastFinished }) ?? Set(listedLast().map(PathKey.init))) == Set(paths.map(PathKey.init)) { return nil }
        let journal = CommitJournal(listed: paths.sorted(by: DirectoryWalker.byteOrder), moves: moves)
        do throws(SiteWriterError) { try write(OutputFile(path: CommitJournal.fileName, bytes: journal.bytes), now: true) } catch {
            // Without a journal the moves never happen (a full disk): the new files would only take room.
            for move in moves { _ = removeFile(move.temporary) }
            throw error
        }
        return journal
    }

    /// Carries out a journal: the moves (a temporary file already moved is skipped), the removal
    /// of stale files, the new manifest; then deletes the journal. Running it twice does no harm.
    /// - Returns: the stale files that could not be removed, and why.
    @discardableResult
    private func commit(_ journal: CommitJournal) throws(SiteWriterError) -> [(path: String, problem: String)] {
        // Each move is one rename of its own: on all cores, in slices, the first failure kept. A
        // journal that names a file twice, as a page or a temporary file or both (edited by hand;
        // compared in lower case, as on a case-insensitive disk), is carried out in order, as one
        // slice, so which move wins does not depend on timing.
        let moves = journal.moves
        // A stale file where a folder of this build goes, and stale files in a folder where a file
        // of this build goes, are removed first: the moves could not be made past them.
        let stale = Self.stale(last: listedLast(), current: journal.listed, isSameFile: { Self.isSameFile($0, $1, in: root) })
        let blocking = stale.isEmpty ? [] : Self.blocking(stale, moves.map(\.destination))
        var kept: [(path: String, problem: String)] = []
        for path in stale where blocking.contains(path) {
            if let problem = remove(path) { kept.append((path, problem)) }
        }
        let destinations = Set(moves.map { $0.destination.lowercased() }), temporaries = Set(moves.map { $0.temporary.lowercased() })
        let distinct = destinations.count == moves.count && temporaries.count == moves.count && destinations.isDisjoint(with: temporaries)
        let slices = distinct ? min(moves.count, 64) : min(moves.count, 1)
        let failures = ResultSlots<SiteWriterError>(count: slices)
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            for move in moves[moves.count * slice / slices..<moves.count * (slice + 1) / slices] {
                do throws(SiteWriterError) { try self.carryOut(move) } catch {
                    if failures[slice] == nil { failures[slice] = error }
                }
            }
        }
        let failure = failures.values.first
        for path in stale where !blocking.contains(path) {
            if let problem = remove(path) { kept.append((path, problem)) }
        }
        // A stale file that could not be removed stays listed: a later build (or `--clean`) tries again.
        let listed = journal.listed + kept.map(\.path)
        try write(OutputFile(path: Self.manifestName, bytes: listed.flatMap { Array($0.utf8) + [0] }), now: true)
        try write(content.marker, now: true)
        _ = removeFile(CommitJournal.fileName)
        lock.withLock { _ = changes.remove(PathKey(CommitJournal.fileName)) }
        if let failure { throw failure }
        return kept
    }

    /// One move of a journal: skipped when either path is unsafe or the temporary file is not a
    /// regular file reached through folders only (already moved, or never written).
    private func carryOut(_ move: (destination: String, temporary: String)) throws(SiteWriterError) {
        guard (try? Self.checkRelative(move.destination)) != nil, (try? Self.checkRelative(move.temporary)) != nil else { return }
        try folders.using { () throws(SiteWriterError) in
            guard var from = try? folders.handle(SitePath.folder(of: move.temporary), create: false) else { return }
            defer { from.release() }
            let temporary = SitePath.fileName(move.temporary)
            guard OutputFolders.isRegularFile(temporary, in: from.descriptor) else { return }
            var to: OutputFolders.Handle
            do throws(SiteWriterError) { to = try folders.handle(SitePath.folder(of: move.destination), create: true) } catch {
                unlinkat(from.descriptor, temporary, 0)
                throw error
            }
            defer { to.release() }
            try self.move(temporary, in: from.descriptor, to: SitePath.fileName(move.destination), in: to.descriptor, destination: move.destination)
        }
    }

    /// The paths of `stale` that stand in the way of a move to one of `destinations`: a file
    /// where a destination's folder goes, or a file inside a folder where a destination goes.
    static func blocking(_ stale: [String], _ destinations: [String]) -> Set<String> {
        func folders(of path: String) -> [String] {
            var found: [String] = [], folder = SitePath.folder(of: path)
            while !folder.isEmpty {
                found.append(folder)
                folder = SitePath.folder(of: folder)
            }
            return found
        }
        // In lower case, as on a case-insensitive disk: removing one stale file early does no harm.
        let targets = Set(destinations.map { $0.lowercased() })
        let targetFolders = Set(destinations.flatMap(folders).map { $0.lowercased() })
        return Set(stale.filter { path in
            targetFolders.contains(path.lowercased()) || folders(of: path).contains { targets.contains($0.lowercased()) }
        })
    }

    /// Finishes the moves of a build killed after it wrote its journal. A journal that cannot be
    /// read was cut short while being written, so that build never started moving: it is dropped.
    func completeInterruptedCommit() throws(SiteWriterError) {
        let path = root + "/" + CommitJournal.fileName
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path),
              let journal = CommitJournal(bytes: Array(data)) else {
            _ = removeFile(CommitJournal.fileName)
            return
        }
        try commit(journal)
        lock.withLock { changes = [] }
    }
}
