import Dispatch
import Foundation

/// The screens of a build: each payload read, drawn and written on all cores, or taken from the
/// memo or the last build's cache when nothing it is made from changed.
extension BuildPipeline {
    /// What became of one payload: its build, the pages written for it and what writing them met.
    struct ScreenResult: Sendable {
        var build: ScreenBuild
        /// The payload's pages.
        var listed: [String] = []
        /// Why pages could not be written.
        var writeErrors: [Diagnostic] = []
        /// How many of its pages the disk refused (a full disk): the build then commits nothing.
        var failedWrites = 0
        /// The hash of everything the payload's pages were made from, when it could be read.
        var content: ContentHash?
    }

    /// Reads, builds and writes each screen on all cores; results come back in listing order.
    func buildScreens(_ builder: SiteBuilder, listing: InputListing, fingerprint: ContentHash,
                      progress: @Sendable (Int, Int) -> Void) -> [ScreenResult] {
        let payloads = listing.payloads
        let takenPages = TakenPages(payloads: payloads)
        let hidden = payloads.map { path in builder.configuration.hidden.contains { $0.matchesFile(path) } }
        let neighbours = Self.neighbours(payloads, hidden: hidden)
        var targets = ContentHash()
        for path in builder.links.targets { targets.combine(path) }
        let linkTargets = targets.value
        let slots = ResultSlots<ScreenResult>(count: payloads.count)
        let cached = previousCache?.lookup(fingerprint: fingerprint)
        let done = Counter()
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: payloads.count) { index in
            if stopAt != nil, failures.current > 0 { return }  // `--fail-fast`: another payload failed
            let path = payloads[index]
            CrashNote.building(path)
            defer { CrashNote.building(nil) }
            var result: ScreenResult
            do throws(FileReader.Failure) {
                // A source that watched the file knows its hash; otherwise it is read here, once.
                var bytes: [UInt8]?
                var content: ContentHash
                if let known = source.knownContentHash(of: path) {
                    content = known
                } else {
                    let read = try source.read(path)
                    (bytes, content) = (read, ContentHash(read))
                }
                let notePath = SitePath.stem(path) + ".md"
                var surroundings = SiteBuilder.Surroundings(previous: neighbours[index].previous, next: neighbours[index].next, hidden: hidden[index])
                if listing.notes.contains(PathKey(notePath)) {
                    // A note that cannot be read is its own problem: the payload is drawn without it.
                    do throws(FileReader.Failure) { surroundings.note = try source.read(notePath) } catch {
                        surroundings.noteProblem = Diagnostic(.error, error.message, file: notePath)
                    }
                }
                surroundings.changes = changePages[path]
                surroundings.takenPages = takenPages
                // Each on its own, length first: a file name may hold a line break.
                for part in [surroundings.previous, surroundings.next, surroundings.changes] { content.combine(part ?? "") }
                content.combine(hidden[index] ? 1 : 0)
                // Lists by their count, and what may be missing by a mark, so no two inputs run together.
                let derivable = takenPages.derivable(by: path)
                content.combine(UInt64(derivable.count))
                for page in derivable { content.combine(page) }
                content.combine(surroundings.note == nil ? 0 : 1)
                if let note = surroundings.note {
                    content.combine(note)
                    content.combine(linkTargets)
                }
                content.combine(surroundings.noteProblem == nil ? 0 : 1)
                if let problem = surroundings.noteProblem { content.combine(problem.message) }
                if let entry = cached?.reusable(path, content: content), entry.pages.allSatisfy(writer.exists) {
                    slots[index] = ScreenResult(build: ScreenBuild(pages: [], summary: entry.summary, diagnostics: entry.diagnostics),
                                                listed: entry.pages, content: content)
                    if stops(entry.diagnostics) { _ = failures.increment() }  // a reused problem stops it as a new one would
                    progress(done.increment(), payloads.count)
                    return
                }
                let payload = if let bytes { bytes } else { try source.read(path) }
                result = ScreenResult(build: builder.screen(path, bytes: payload, surroundings: surroundings, pages: !checksOnly), content: content)
            } catch {
                let surroundings = SiteBuilder.Surroundings(previous: neighbours[index].previous, next: neighbours[index].next, hidden: hidden[index])
                result = ScreenResult(build: builder.unreadable(path, problem: Diagnostic(.error, error.message, file: path),
                                                                surroundings: surroundings, pages: !checksOnly))
            }
            // A payload that draws nothing has its error page written, and its standalone page
            // (unless that page is another payload's) and its subpages removed.
            if result.build.summary.status == .failed, let replacingFailedPage {
                let standalone = SitePath.standalone(for: path)
                let earlier = cached?.entries[PathKey(path)]?.pages.filter { $0 != standalone } ?? []
                for page in result.build.pages.map(\.path) + (takenPages.isTaken(standalone) ? [] : [standalone]) + earlier { replacingFailedPage(page) }
            }
            for page in result.build.pages {
                do throws(SiteWriterError) {
                    try writer.write(page)
                } catch {
                    result.writeErrors.append(Self.outputProblem(error, payload: path))
                    result.failedWrites += 1
                }
                result.listed.append(page.path)
            }
            result.build.pages = []  // written: keep only the summary, so memory does not grow with the site
            if stops(result.build.diagnostics + result.writeErrors) { _ = failures.increment() }
            slots[index] = result
            progress(done.increment(), payloads.count)
        }
        return slots.values
    }

    /// Each payload's previous and next visible payload; hidden ones have none.
    static func neighbours(_ payloads: [String], hidden: [Bool]) -> [(previous: String?, next: String?)] {
        var result = [(previous: String?, next: String?)](repeating: (nil, nil), count: payloads.count)
        let visible = payloads.indices.filter { !hidden[$0] }
        for (position, index) in visible.enumerated() {
            result[index] = (position > 0 ? payloads[visible[position - 1]] : nil,
                             position + 1 < visible.count ? payloads[visible[position + 1]] : nil)
        }
        return result
    }
}

/// A thread-safe counter for progress reports.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var current: Int { lock.withLock { value } }

    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
