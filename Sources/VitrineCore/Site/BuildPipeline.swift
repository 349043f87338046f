import Dispatch
import Foundation

/// Runs a whole build: reads the listed input, builds every screen in parallel, writes the site.
///
/// Drawing and page-making are `SiteBuilder`'s. This type settles what the build covers (the
/// payloads `exclude` leaves, doc files a doc page would overwrite, the theme's symbols, derived
/// pages that would overwrite another payload's) and moves bytes between the input source, the
/// builder and the writer, so a test can run it entirely in memory.
public struct BuildPipeline: Sendable {
    /// The input files to build.
    public var listing: InputListing
    /// Where their bytes are read.
    public var source: any InputSource
    /// Where the site is written.
    public var writer: any SiteWriter
    /// The theme: files copied under `theme/` and the page templates.
    public var theme: Theme
    /// The previous build's cache: payloads whose bytes and build fingerprint are unchanged are
    /// taken from it instead of being decoded, drawn and written again.
    public var previousCache: BuildCache?
    /// Identifies the tool that builds (its version and binary), part of the fingerprint.
    public var toolIdentity: String
    /// Extra links of every page's navigation (label, site path), part of the fingerprint.
    public var navigation: [(label: String, page: String)] = []
    /// More pages made once the builder is ready (a changes report), after the catalogue: each
    /// is handed to `take` (from any thread) as it is drawn, and written then; once `take`
    /// returns false (a write failed), no more need be drawn.
    public var extraPages: (@Sendable (_ builder: SiteBuilder, _ take: @escaping @Sendable (OutputFile) -> Bool) -> Void)?
    /// Payload path → the site path of its page in a changes report, linked from its screen page.
    public var changePages: [String: String] = [:]
    /// Catalogue pages and cache entries kept from the last build in this process (`serve`);
    /// nil makes everything.
    public var memo: BuildMemo?
    /// Hears the site path of each page of a payload that draws nothing (it does not parse, or
    /// cannot be read) just before this build replaces it (`serve` keeps the last good version).
    public var replacingFailedPage: (@Sendable (String) -> Void)?
    /// Only the diagnostics are wanted (`vitrine check`): every payload is decoded and drawn and
    /// the docs are rendered, for their problems, but no page, catalogue or index is made.
    public var checksOnly = false
    /// `--fail-fast`: the first diagnostic this severe (or worse) stops the build: no more
    /// payloads are drawn and nothing is written, so the previous site stays.
    public var stopAt: Severity?
    /// A `vitrine.json` that cannot be read or parsed leaves the output as the last build wrote it
    /// (`vitrine build`, whose site may be published): built with the defaults, the site would show
    /// what `exclude` and `hidden` leave out. So does an input part of which could not be read
    /// (no permission), whose pages would go. `serve` draws on with the settings it last read, if any.
    public var keepsOutputWithoutSettings = false
    /// The payload formats read, made with `vitrine.json`'s settings: the built-in ones unless a
    /// program using VitrineCore brings its own.
    public var dialects: DialectRegistry.Factory = DialectRegistry.standard(for:)
    /// Where this build is published (`vitrine build --base-url`, a preview per branch), over
    /// `vitrine.json`'s `baseURL`; made as `SiteConfiguration.baseURL(_:)` makes it.
    public var baseURL: String?
    /// Every page asks search engines not to index it (`vitrine build --noindex`).
    public var noindex = false
    /// Problems found before the build (`serve`'s: a half-typed `vitrine.json`, a theme that
    /// does not load), reported, counted and listed in `index.json` with the build's own.
    public var inputProblems: [Diagnostic] = []

    /// A build of `listing`, read from `source`, written to `writer`, in `theme`.
    /// - Parameters:
    ///   - previousCache: what the last build into the same output made, so unchanged payloads are reused.
    ///   - toolIdentity: the tool's version and build, part of the cache's fingerprint.
    public init(listing: InputListing, source: any InputSource, writer: any SiteWriter, theme: Theme,
                previousCache: BuildCache? = nil, toolIdentity: String = "") {
        self.listing = listing
        self.source = source
        self.writer = writer
        self.theme = theme
        self.previousCache = previousCache
        self.toolIdentity = toolIdentity
    }

    /// Everything a build sets up before drawing: the configuration read, the listing filtered,
    /// resources planned, the builder ready. Diff reports draw their screens with it too.
    public struct Preparation: Sendable {
        /// The builder, configured by `vitrine.json`, with its resources.
        public var builder: SiteBuilder
        /// The theme and the input's resources, as they go into the site.
        public var staticFiles: [OutputFile]
        /// The listing without excluded payloads.
        public var listing: InputListing
        /// Problems met while preparing (configuration, resources, theme).
        public var diagnostics: [Diagnostic]
        /// Identifies everything but the payloads, for the build cache.
        var fingerprint: ContentHash
        /// Whether `vitrine.json` is there but could not be read or parsed: its defaults stand in.
        var settingsUnread = false
    }

    /// The extension of a file beside the docs or among the assets that is not copied, as a
    /// browser could open it as a page running at the site's address: any but the passive kinds
    /// Vitrine knows (`passiveExtensions`), for a host's table of types decides how a file opens,
    /// and hundreds of its types are XML documents, which run scripts. An SVG is drawn as an image
    /// (and checked for what would run, opened alone); trailing dots and spaces are not the
    /// name's end, as some hosts drop them.
    private static func unsafeExtension(_ path: String) -> String? {
        var name = Substring(SitePath.fileName(path))
        while let last = name.last, last == "." || last == " " { name.removeLast() }
        let found = SitePath.pathExtension(String(name))
        return passiveExtensions.contains(found) ? nil : found
    }

    /// Images, fonts, documents, text, office and design files, audio, video and archives.
    static let passiveExtensions: Set = [
        "png", "jpg", "jpeg", "gif", "webp", "avif", "apng", "bmp", "ico", "svg", "tif", "tiff", "heic", "heif", "jxl",
        "woff", "woff2", "ttf", "otf", "eot",
        "pdf", "txt", "text", "md", "markdown", "csv", "tsv", "json", "yaml", "yml", "log", "rtf",
        "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "key", "numbers", "pages", "sketch", "fig", "psd", "ai", "eps",
        "mp3", "m4a", "aac", "wav", "ogg", "oga", "opus", "flac", "mp4", "m4v", "mov", "webm", "ogv", "avi", "mkv",
        "zip", "gz", "tgz", "tar", "bz2", "xz", "7z",
    ]

    /// Why a site has no screen, given how many payload files the input has before `exclude`.
    /// Those the walk skipped (a name too long for its pages, an NFD twin) are not counted, but
    /// their errors are in the listing.
    func noPayloads(found: Int) -> String {
        if found > 0 { return "every payload file (\(found)) is left out by `exclude` in vitrine.json" }
        let skipped = listing.diagnostics.contains { $0.severity == .error && SitePath.pathExtension($0.file) == "json" }
        return skipped ? "no payload files in the input but those skipped for their errors"
            : "no payload files in the input: every *.json outside assets/, fonts/, components/ and docs/ is one"
    }

    /// Reads the configuration and the resources and makes the builder.
    public func prepare() -> Preparation {
        var diagnostics = inputProblems + listing.diagnostics + theme.templateWarnings
        var fingerprint = ContentHash()
        fingerprint.combine(Self.cacheFormat + toolIdentity)
        fingerprint.combine(theme.fingerprint.value)
        var (configuration, settingsUnread) = readConfiguration(&diagnostics, into: &fingerprint)
        if let baseURL { configuration.baseURL = baseURL }
        configuration.noindex = noindex
        // The pages' canonical links and robots notes follow these, whatever vitrine.json says.
        fingerprint.combine((configuration.baseURL ?? "") + (noindex ? "\nnoindex" : ""))
        // A program's own dialect changes what its files are: a file cached as unknown is read again.
        fingerprint.combine(dialects(configuration).dialects.map(\.name).joined(separator: "\n"))
        var listing = self.listing
        let found = listing.payloads
        listing.payloads.removeAll { path in configuration.exclude.contains { $0.matchesFile(path) } }
        // A theme kept in the input (`"theme": "themes/shop"`) holds the theme's files, not payloads.
        if let folder = theme.inputFolder, !folder.isEmpty {
            listing.payloads.removeAll { $0.hasPrefix(folder + "/") }
        }
        diagnostics += configuration.unmatchedPatterns(found: found, kept: listing.payloads)
        let onePage = InputListing.onePagePerPayload(listing.payloads)
        listing.payloads = onePage.payloads
        diagnostics += onePage.diagnostics
        if listing.payloads.isEmpty { diagnostics.append(Diagnostic(.warning, noPayloads(found: found.count), file: "")) }
        // A note is its payload's byte for byte (`café.md` in NFC is not the note of `café.json` in NFD).
        let exact = Set(listing.payloads.map(PathKey.init)), canonical = Set(listing.payloads)
        for note in listing.notes.map(\.path).sorted(by: DirectoryWalker.byteOrder) {
            let payload = SitePath.stem(note) + ".json"
            guard !exact.contains(PathKey(payload)), let spelt = LinkResolver.spelling(of: payload, in: canonical) else { continue }
            diagnostics.append(Diagnostic(.warning, "not shown as the note of \(spelt): its name is spelt in another Unicode form (NFC, NFD) "
                                          + "than the payload's; rename it to match", file: note))
        }
        // `guide.MD` beside `guide.md` would make its page too.
        let onePageDocs = InputListing.onePagePerFile(listing.docs, spelt: ".md", page: DocPages.page(for:))
        listing.docs = onePageDocs.kept
        diagnostics += onePageDocs.diagnostics
        // Compared in lower case: on a case-insensitive disk `Guide.html` would overwrite the page too.
        let pageDocs = Dictionary(listing.docs.map { (DocPages.page(for: $0).lowercased(), $0) }) { first, _ in first }
        for path in listing.docFiles {
            if let doc = pageDocs[path.lowercased()] {
                let sameCase = DocPages.page(for: doc) == path
                diagnostics.append(Diagnostic(.warning, "not copied into the site: the page made from \(doc) has this name"
                                              + (sameCase ? "" : " but for letter case, the same file on a case-insensitive disk"), file: path))
            }
        }
        listing.docFiles.removeAll { pageDocs[$0.lowercased()] != nil }
        for path in listing.assets + listing.docFiles {
            guard let found = Self.unsafeExtension(path) else { continue }
            let kind = found.isEmpty ? "a file without an extension" : "a .\(found) file"
            diagnostics.append(Diagnostic(.warning, "not copied into the site: \(kind) could open as a page of its own, running at the site's "
                                          + "address outside the pages Vitrine makes and their Content-Security-Policy; Vitrine copies images, fonts, "
                                          + "documents, text, audio, video and archives (see the README)", file: path))
        }
        listing.assets.removeAll { Self.unsafeExtension($0) != nil }
        listing.docFiles.removeAll { Self.unsafeExtension($0) != nil }
        // Nor would a folder `guide.html/` of docs or of the files copied beside them.
        let docPages = InputListing.noPageOnAFolder(listing.docs, besides: listing.docs.map(DocPages.page(for:)) + listing.docFiles, page: DocPages.page(for:))
        listing.docs = docPages.kept
        diagnostics += docPages.diagnostics
        fingerprint.combine(DocPages.firstPage(listing.docs) ?? "")
        for link in navigation { fingerprint.combine(link.label + "\n" + link.page) }
        let resources = ResourcePlan(listing: listing, source: source, theme: theme)
        diagnostics += resources.diagnostics
        for file in resources.files + resources.templateSources {
            fingerprint.combine(file.path)
            fingerprint.combine(file.bytes)
        }
        let builder = SiteBuilder(configuration: configuration, resources: resources.renderResources, templates: theme.templates,
                                  stylesheets: theme.stylesheets + resources.stylesheets, listing: listing,
                                  copiedFiles: (resources.files + resources.docFiles).map(\.path), navigation: navigation, dialects: dialects)
        return Preparation(builder: builder,
                           staticFiles: theme.copiedFiles.map { OutputFile(path: "theme/" + $0.path, bytes: $0.bytes) } + resources.files + resources.docFiles,
                           listing: listing, diagnostics: diagnostics, fingerprint: fingerprint, settingsUnread: settingsUnread)
    }

    /// Builds the site, calling `progress(done, total)` now and then from any thread.
    public func run(progress: @Sendable (Int, Int) -> Void = { _, _ in }) -> BuildReport {
        let preparation = prepare()
        var diagnostics = preparation.diagnostics
        var listed: [String] = []  // every file of this build, written or not: the manifest
        let (builder, listing, fingerprint, staticFiles) = (preparation.builder, preparation.listing, preparation.fingerprint, preparation.staticFiles)

        let memo = self.memo ?? BuildMemo()
        memo.start(fingerprint, paths: listing.payloads + listing.docs + listing.docFiles + listing.drawingInputs)
        let results = stops(diagnostics) ? [] : buildScreens(builder, listing: listing, fingerprint: fingerprint, progress: progress)
        var summaries: [ScreenSummary] = []
        var entries: [BuildCache.Entry] = []
        var contents: [String: ContentHash] = [:]
        var failedWrites = 0
        for result in results {
            failedWrites += result.failedWrites
            var summary = result.build.summary
            summary.errors += result.writeErrors.count  // its pages' problems are the payload's, as in index.json
            summaries.append(summary)
            contents[result.build.summary.payload] = result.content
            diagnostics += result.build.diagnostics
            diagnostics += result.writeErrors
            listed += result.listed
            // A payload whose pages could not all be written is built again next time.
            if let content = result.content, result.writeErrors.isEmpty {
                entries.append(BuildCache.Entry(payload: result.build.summary.payload, content: content, summary: result.build.summary,
                                                diagnostics: result.build.diagnostics, pages: result.listed))
            }
        }
        let cache = BuildCache(fingerprint: fingerprint, entries: entries)
        if stops(diagnostics) { return abandoned(summaries, diagnostics, memo: memo) }
        if preparation.settingsUnread, keepsOutputWithoutSettings, !checksOnly {
            writer.abandon()
            diagnostics.append(Diagnostic(.error, "the site is not written: it would be built without the settings of vitrine.json that did not "
                                          + "read (exclude, hidden, theme, …), so the output is left as the last build wrote it", file: InputListing.configFile))
            return unwritten(summaries, diagnostics, memo: memo)
        }
        if listing.partlyUnread, keepsOutputWithoutSettings, !checksOnly {
            writer.abandon()
            diagnostics.append(Diagnostic(.error, "the site is not written: part of the input could not be read, and the pages of what it holds "
                                          + "would be removed, so the output is left as the last build wrote it", file: ""))
            return unwritten(summaries, diagnostics, memo: memo)
        }
        if checksOnly {
            _ = docPages(builder, docs: listing.docs, memo: memo, diagnostics: &diagnostics)
            return BuildReport(screens: summaries, diagnostics: Self.sorted(diagnostics), cache: cache)
        }
        let catalogue = failedWrites > 0 ? [] : catalogueFiles(builder, listing: listing, summaries: summaries, contents: contents, cache: cache,
                                                               memo: memo, diagnostics: &diagnostics)
        for file in failedWrites > 0 ? [] : staticFiles + catalogue {
            do throws(SiteWriterError) {
                // A large file with the bytes this process wrote last time is only checked for presence.
                if !(memo.wroteLastTime(file) && writer.exists(file.path)) {
                    try writer.write(file)
                    memo.noteWritten(file)
                }
                listed.append(file.path)
            } catch {
                diagnostics.append(Self.outputProblem(error))
                failedWrites += 1
            }
        }
        if failedWrites == 0, let extraPages {
            let extras = WrittenPages(writer)
            extraPages(builder, extras.write)
            listed += extras.paths
            if let failure = extras.failure {
                diagnostics.append(Self.outputProblem(failure))
                failedWrites += 1
            }
        }
        if stops(diagnostics) { return abandoned(summaries, diagnostics, memo: memo) }
        // A file the disk refused (a full disk, I07): a site missing it would link to nothing,
        // or mix this build's pages with the last one's, so none of this build's files go in.
        if failedWrites > 0 {
            writer.abandon()
            let listed = Self.listingFirstWriteFailures(Self.sorted(diagnostics))
            diagnostics = listed.kept
            diagnostics.append(Diagnostic(.error, "\(counted(failedWrites, "output file")) could not be written"
                                          + (listed.left > 0 ? " (the first \(Self.writeFailuresListed) are listed)" : "")
                                          + ", so the output is left as the last build wrote it", file: ""))
            return unwritten(summaries, diagnostics, memo: memo)
        }
        do throws(SiteWriterError) { try writer.finish(writing: listed) } catch where error.siteInPlace {
            diagnostics.append(Self.outputProblem(error))
            return BuildReport(screens: summaries, diagnostics: Self.sorted(diagnostics), cache: cache)
        } catch {
            // Its files were removed (the journal could not be written) or some moved into place
            // and some not: which pages are on disk is not known, so the next build draws all.
            diagnostics.append(Self.outputProblem(error))
            memo.forgetWritten()
            return BuildReport(screens: summaries, diagnostics: Self.sorted(diagnostics), cache: .empty)
        }
        return BuildReport(screens: summaries, diagnostics: Self.sorted(diagnostics), cache: cache)
    }

    /// A build whose files were dropped: the output is the last build's, and so is the cache
    /// handed on (`serve`'s next build), or this build's entries would pass the last build's
    /// pages, still on disk, for their own.
    private func unwritten(_ summaries: [ScreenSummary], _ diagnostics: [Diagnostic], memo: BuildMemo) -> BuildReport {
        memo.forgetWritten()
        var report = BuildReport(screens: summaries, diagnostics: Self.sorted(diagnostics), cache: previousCache ?? .empty)
        report.unwritten = true
        return report
    }

    /// `--fail-fast`: the build ends here, and what it wrote is dropped.
    private func abandoned(_ summaries: [ScreenSummary], _ diagnostics: [Diagnostic], memo: BuildMemo) -> BuildReport {
        writer.abandon()
        var report = unwritten(summaries, diagnostics, memo: memo)
        (report.unwritten, report.stopped) = (false, true)
        return report
    }

    /// Whether `--fail-fast` ends the build at these diagnostics.
    func stops(_ diagnostics: [Diagnostic]) -> Bool {
        guard let stopAt else { return false }
        return diagnostics.contains { $0.severity >= stopAt }
    }

    /// Names the cache layout and the rules that fill it; changing either invalidates old caches.
    static let cacheFormat = "vitrine-cache-3"

    /// The settings of `vitrine.json`, and whether it is there but could not be read or parsed.
    private func readConfiguration(_ diagnostics: inout [Diagnostic], into fingerprint: inout ContentHash) -> (SiteConfiguration, unread: Bool) {
        guard listing.hasConfiguration else { return (SiteConfiguration(), false) }
        do throws(FileReader.Failure) {
            let bytes = try source.read(InputListing.configFile)
            fingerprint.combine(bytes)
            let read = SiteConfiguration.settings(bytes)
            diagnostics += read.diagnostics
            return (read.configuration, !read.usable)
        } catch {
            diagnostics.append(Diagnostic(.error, error.message, file: InputListing.configFile))
            return (SiteConfiguration(), true)
        }
    }

    /// A file of the site that could not be written (a full disk): charged to the payload whose
    /// page it is, or to no input file (`file` empty) for the catalogue's own files.
    static func outputProblem(_ error: SiteWriterError, payload: String = "") -> Diagnostic {
        Diagnostic(.error, outputProblemPrefix + "\(error.path): \(error.message)", file: payload)
    }

    /// The diagnostics with only the first `writeFailuresListed` of the files that could not be
    /// written, and how many more there were: a full disk fails every page alike, and 700 lines
    /// of it hid the rest.
    static func listingFirstWriteFailures(_ diagnostics: [Diagnostic]) -> (kept: [Diagnostic], left: Int) {
        var kept: [Diagnostic] = [], listed = 0, left = 0
        for diagnostic in diagnostics {
            guard diagnostic.message.hasPrefix(outputProblemPrefix) else {
                kept.append(diagnostic)
                continue
            }
            if listed < writeFailuresListed {
                kept.append(diagnostic)
                listed += 1
            } else {
                left += 1
            }
        }
        return (kept, left)
    }

    /// How `outputProblem` starts its message.
    static let outputProblemPrefix = "output file "

    /// Files that could not be written, listed one by one.
    static let writeFailuresListed = 3

    /// Diagnostics by file (byte-wise), then line and column (those of the whole file last),
    /// keeping the order within a position.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if !a.file.utf8.elementsEqual(b.file.utf8) { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
            // What holds for a whole file follows what is found in it: a consequence after its causes.
            if (a.location == nil) != (b.location == nil) { return b.location == nil }
            if let aLocation = a.location, let bLocation = b.location, aLocation != bLocation { return aLocation < bLocation }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
