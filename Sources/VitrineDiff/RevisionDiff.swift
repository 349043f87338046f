import Dispatch
import VitrineCore

/// One revision of a payload tree: its payload paths and where to read them.
public struct Revision: Sendable {
    /// Its payload files, sorted.
    public var payloads: [String]
    /// The other files that change how payloads are drawn (`InputListing.drawingInputs`).
    public var drawingInputs: [String]
    /// Where their bytes are read (a folder, a git revision).
    public var source: any InputSource
    /// What the reports call it: a folder as typed, a git revision, `Site (working tree)`.
    public var label: String?

    /// A revision of `payloads` read from `source`.
    public init(payloads: [String], drawingInputs: [String] = [], source: any InputSource, label: String? = nil) {
        self.payloads = payloads
        self.drawingInputs = drawingInputs
        self.source = source
        self.label = label
    }

    /// The revision's `vitrine.json`, when it has one that reads.
    public var configuration: SiteConfiguration? {
        guard drawingInputs.contains(InputListing.configFile) else { return nil }
        return SiteConfiguration.read(from: source)?.0
    }
}

/// The semantic difference of two revisions of a payload tree.
///
/// Bytes are compared first; only files whose bytes differ are parsed. Files are matched by
/// path, then removed and added files by identical bytes, then by mostly the same values (a
/// rename with edits). Inside a file, `TreeDiff` matches by identity.
public struct RevisionDiff: Sendable {
    /// Files that differ, in the new revision's path order (removed ones at their old path).
    public var files: [FileDiff]
    /// Payload files whose bytes are the same in both revisions, or whose values are.
    public var unchanged: Int
    /// The unchanged files whose bytes differ (minified, keys reordered, `1.0` for `1`), in path order.
    public var reformatted: [String] = []
    /// Problems reading either revision (a file that could not be read is left out).
    public var diagnostics: [Diagnostic]
    /// Files besides payloads (`vitrine.json`, assets, fonts, component templates, notes) that
    /// were added, removed or changed: any render may differ, though no payload does.
    public var inputChanges: [InputChange]
    /// What a reviewer should know about how the revisions were compared: the new revision's
    /// rules for leaving changes out were not applied, differences were ignored.
    public var notes: [DiffNote] = []
    /// Differences not listed because `Options.ignore` matches where they are.
    public var ignored = 0
    /// The revisions' labels (`Revision.label`), which the reports name.
    public var labels: (old: String?, new: String?)

    /// A drawing input that differs between the revisions.
    public struct InputChange: Sendable, Equatable {
        /// The file's path in the input.
        public var path: String
        /// `added`, `removed` or `changed`.
        public var status: FileDiff.Status
        /// A changed `vitrine.json`'s settings that differ, key by key.
        public var settings: [Change] = []
    }

    /// Settings of the comparison.
    public struct Options: Sendable {
        /// How elements of an array are paired across the revisions.
        public var identity = IdentityRules()
        /// JSON Pointer globs whose changes are not reported (`/container/**/accessibilityLabel`).
        public var ignore: [PathPattern] = []
        /// Reads both revisions' payloads (the new revision's `vitrine.json` configures it).
        public var decoder = PayloadDecoder()
        /// Payload paths left out of both revisions, as `exclude` leaves them out of the site.
        public var exclude: [PathPattern] = []
        /// The old revision's `exclude`, when it is known: then a path is left out only when both
        /// leave it out, so a change cannot hide a payload by excluding it.
        public var baseExclude: [PathPattern]?
        /// Whether the new revision's `diff.ignore` or `exclude` differ from the old one's, which apply.
        public var newRulesNotApplied = false

        /// Settings of a comparison; by default elements pair by their ids and every change is reported.
        public init(identity: IdentityRules = IdentityRules(), ignore: [PathPattern] = [], decoder: PayloadDecoder = PayloadDecoder(),
                    exclude: [PathPattern] = []) {
            self.identity = identity
            self.ignore = ignore
            self.decoder = decoder
            self.exclude = exclude
        }

        /// The settings of the new revision's `vitrine.json` (its feed templates, limits and
        /// `diff.identity`), but what is left out is the old revision's too: the changes of
        /// `diff.ignore` only by its rules, the payloads of `exclude` only when both leave them
        /// out. A pull request cannot hide its own changes; a rule it adds applies once merged.
        /// A program that builds with dialects of its own (`BuildPipeline.dialects`) gives them too.
        public init(configuration: SiteConfiguration, base: SiteConfiguration?, dialects: DialectRegistry.Factory = DialectRegistry.standard(for:)) {
            self.init(identity: IdentityRules(keys: configuration.diff.identity.map { ($0.pattern, $0.key) }),
                      ignore: base?.diff.ignore ?? [],
                      decoder: PayloadDecoder(configuration: configuration, dialects: dialects),
                      exclude: configuration.exclude)
            baseExclude = base?.exclude ?? []
            newRulesNotApplied = configuration.diff.ignore.map(\.text) != (base?.diff.ignore ?? []).map(\.text)
                || configuration.exclude.map(\.text) != (base?.exclude ?? []).map(\.text)
        }

        /// Said when `newRulesNotApplied`.
        public static let rulesNote = "the new vitrine.json changes diff.ignore or exclude; the old revision's rules apply, so a change cannot hide itself"
    }

    /// Files a note names before it says how many more.
    static let filesNamed = 5

    /// Whether a payload too large to read has the same bytes in both revisions, read in
    /// pieces: two folders' files compared directly; a git revision's by its blob id, against
    /// another's or a folder file's that git hashes. False when neither can tell.
    static func sameLargeFile(_ path: String, _ old: any InputSource, _ new: any InputSource) -> Bool {
        if let a = old as? FileReader, let b = new as? FileReader {
            return FileComparison.same(a.root + "/" + path, b.root + "/" + path)
        }
        func objectID(_ source: any InputSource) -> String? {
            switch source {
            case let revision as GitRevision: revision.objectID(ofOversized: path)
            case let folder as FileReader: GitRevision.objectID(ofFile: folder.root + "/" + path)
            default: nil
            }
        }
        guard let id = objectID(old) else { return false }
        return id == objectID(new)
    }

    /// Share of keyed values two files must have in common to count as one renamed file (an
    /// edited file keeps over 0.9 of them; unrelated generated screens share at most 0.4).
    static let renameSimilarity = 0.6

    /// Compares every payload file of `old` with its counterpart in `new`.
    public init(old: Revision, new: Revision, options: Options = Options()) {
        labels = (old.label, new.label)
        var diagnostics: [Diagnostic] = []
        func read(_ revision: Revision, _ path: String) -> [UInt8]? {
            do throws(FileReader.Failure) { return try revision.source.read(path) } catch {
                diagnostics.append(Diagnostic(.error, error.message, file: path))
                return nil
            }
        }
        let isIncluded = { (path: String) in
            !(options.exclude.contains { $0.matchesFile(path) } && (options.baseExclude.map { $0.contains { $0.matchesFile(path) } } ?? true))
        }
        // As a build draws them: what `exclude` leaves out, and a second payload of one page (`home.JSON`), are not compared.
        let (oldPayloads, newPayloads) = (InputListing.onePagePerPayload(old.payloads.filter(isIncluded)).payloads,
                                          InputListing.onePagePerPayload(new.payloads.filter(isIncluded)).payloads)
        // Byte for byte: `café.json` renamed from NFC to NFD is a rename, not the same file.
        let oldPaths = Set(oldPayloads.map(PathKey.init)), newPaths = Set(newPayloads.map(PathKey.init))
        var pairs: [(old: String, new: String, oldBytes: [UInt8], newBytes: [UInt8], renamed: Bool)] = []
        var unchanged = 0
        var files: [FileDiff] = []
        for path in newPayloads where oldPaths.contains(PathKey(path)) {
            let problems = diagnostics.count
            guard let a = read(old, path), let b = read(new, path) else {
                // A file too large to read is unchanged when git hashes its bytes alike on both sides.
                if Self.sameLargeFile(path, old.source, new.source) {
                    diagnostics.removeSubrange(problems...)
                    unchanged += 1
                }
                continue
            }
            if a == b { unchanged += 1 } else { pairs.append((path, path, a, b, false)) }
        }
        // A JSON file that is not a payload (no scene, no feed: a generator's notes) draws nothing: it is not compared.
        // Only its status is kept: a folder of 10,000 renamed screens would otherwise hold every tree at once.
        let isPayload = { @Sendable (files: [(String, [UInt8])]) in
            let kept = ResultSlots<Bool>.map(files.count) { options.decoder.decode(files[$0].0, bytes: files[$0].1).status != .unknown }
            return files.indices.filter { kept[$0] }.map { files[$0] }
        }
        var removed = isPayload(oldPayloads.filter { !newPaths.contains(PathKey($0)) }.compactMap { path in read(old, path).map { (path, $0) } })
        var added = isPayload(newPayloads.filter { !oldPaths.contains(PathKey($0)) }.compactMap { path in read(new, path).map { (path, $0) } })
        // Renames: identical bytes first, then mostly the same values.
        var removedByBytes: [[UInt8]: [Int]] = [:]
        for (index, file) in removed.enumerated() { removedByBytes[file.1, default: []].append(index) }
        var takenRemoved = Set<Int>(), takenAdded = Set<Int>()
        for (index, file) in added.enumerated() {
            // Of several files with these bytes, the one of the same name, else the first.
            let free = (removedByBytes[file.1] ?? []).filter { !takenRemoved.contains($0) }
            if let match = free.first(where: { SitePath.fileName(removed[$0].0) == SitePath.fileName(file.0) }) ?? free.first {
                takenRemoved.insert(match)
                takenAdded.insert(index)
                files.append(FileDiff(path: file.0, oldPath: removed[match].0, status: .renamed, changes: [Self.fileChange(.renamed(from: removed[match].0))]))
            }
        }
        // The closest pairs first, so that a file moved and reformatted is not taken by an edited copy of it that sorts first.
        let fingerprints = { @Sendable (files: [[UInt8]]) in ResultSlots<Set<String>>.map(files.count) { Self.fingerprint(of: files[$0]) } }
        let oldValues = fingerprints(removed.enumerated().map { takenRemoved.contains($0.offset) ? [] : $0.element.1 })
        let newValues = fingerprints(added.enumerated().map { takenAdded.contains($0.offset) ? [] : $0.element.1 })
        let candidates = RenameMatcher.similarPairs(removed: oldValues, added: newValues, threshold: Self.renameSimilarity)
            .map { ($0, SitePath.fileName(removed[$0.removed].0) == SitePath.fileName(added[$0.added].0)) }
            .sorted { a, b in
                (a.0.similarity, a.1 ? 1 : 0, b.0.added, b.0.removed) > (b.0.similarity, b.1 ? 1 : 0, a.0.added, a.0.removed)
            }
        for (candidate, _) in candidates where !takenAdded.contains(candidate.added) && !takenRemoved.contains(candidate.removed) {
            takenRemoved.insert(candidate.removed)
            takenAdded.insert(candidate.added)
            pairs.append((removed[candidate.removed].0, added[candidate.added].0, removed[candidate.removed].1, added[candidate.added].1, true))
        }
        removed = removed.enumerated().filter { !takenRemoved.contains($0.offset) }.map(\.element)
        added = added.enumerated().filter { !takenAdded.contains($0.offset) }.map(\.element)
        for (path, _) in removed { files.append(FileDiff(path: path, status: .removed, changes: [Self.fileChange(.removed)])) }
        for (path, bytes) in added {
            files.append(FileDiff(path: path, status: .added,
                                  changes: Self.ordered([Self.fileChange(.added)] + Self.decodeProblems(before: nil, after: options.decoder.decode(path, bytes: bytes)))))
        }

        let slots = ResultSlots<FileDiff>(count: pairs.count), ignoredSlots = ResultSlots<(path: String, count: Int)>(count: pairs.count)
        let brokenSlots = ResultSlots<(path: String, error: String)>(count: pairs.count)
        let work = pairs
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let pair = work[index]
            // Each side is read and decoded once: the decoder's JSON document is what the tree diff compares.
            let before = options.decoder.decode(pair.old, bytes: pair.oldBytes)
            let after = options.decoder.decode(pair.new, bytes: pair.newBytes)
            if before.status == .unknown, after.status == .unknown { return }
            var changes = Self.decodeProblems(before: before, after: after)
            if let was = before.dialect, let now = after.dialect, was != now {
                // A scene become a feed is another screen: its values compared key by key would say nothing.
                changes.append(Change(kind: .changed, changeClass: .breaking, pointer: .root, oldPointer: .root, old: nil, new: nil,
                                      oldLocation: nil, newLocation: nil, component: nil,
                                      message: "payload kind changed from \(was) to \(now): the app reads each kind with its own decoder"))
            } else if let oldRoot = before.json, let newRoot = after.json {
                var tree = TreeDiff(old: before.text, new: after.text, rules: options.identity, ignored: options.ignore)
                tree.compareDocuments(oldRoot, newRoot)
                let marked = Self.markingIgnored(tree.changes, before: before.ignoredByApp, after: after.ignoredByApp)
                changes = Self.merged(changes, into: Self.markingRespelled(marked, before: before, after: after))
                changes = Self.sayingWarnings(introducedIn: after, since: before, in: changes, ignoring: options.ignore)
                // A feed of one section (the all-list response): its items are at /data/N.
                if oldRoot["layoutTemplateDTO"] != nil || newRoot["layoutTemplateDTO"] != nil {
                    for index in changes.indices { changes[index].isInOneSection = true }
                }
                if tree.ignoredCount > 0 { ignoredSlots[index] = (pair.new, tree.ignoredCount) }
                // Edits of a screen the app cannot decode before or after are listed, but draw nothing in the app: said.
                // Vitrine's own limits say nothing of the app: an error of theirs does not count.
                func appError(_ diagnostic: Diagnostic) -> Bool { diagnostic.severity == .error && !PayloadDecoder.isVitrineLimit(diagnostic) }
                if !changes.isEmpty, before.diagnostics.contains(where: appError), let error = after.diagnostics.first(where: appError) {
                    brokenSlots[index] = (pair.new, error.message)
                }
            } else if changes.isEmpty {
                changes = [Self.uncompared(before: before, after: after)]
            }
            if pair.renamed { changes.insert(Self.fileChange(.renamed(from: pair.old)), at: 0) }
            slots[index] = FileDiff(path: pair.new, oldPath: pair.renamed ? pair.old : nil, status: pair.renamed ? .renamed : .changed,
                                    changes: Self.ordered(changes))
        }
        // A file whose bytes differ but whose meaning does not (key order, spacing) counts as unchanged.
        let compared = slots.values
        let differing = compared.filter { !$0.changes.isEmpty || $0.status == .renamed }
        files += differing
        unchanged += compared.count - differing.count
        self.files = files.sorted { DirectoryWalker.byteOrder($0.path, $1.path) }
        self.unchanged = unchanged
        let oldInputs = Set(old.drawingInputs.map(PathKey.init)), newInputs = Set(new.drawingInputs.map(PathKey.init))
        var inputChanges: [InputChange] = []
        for path in new.drawingInputs {
            if !oldInputs.contains(PathKey(path)) {
                inputChanges.append(InputChange(path: path, status: .added))
            } else if let a = read(old, path), let b = read(new, path), a != b {
                let settings = path == InputListing.configFile ? SettingChanges.between(a, b) : []
                // A configuration written another way (keys reordered, `1.0` for `1`) changes nothing.
                guard path != InputListing.configFile || !settings.isEmpty else { continue }
                inputChanges.append(InputChange(path: path, status: .changed, settings: settings))
            }
        }
        for path in old.drawingInputs where !newInputs.contains(PathKey(path)) { inputChanges.append(InputChange(path: path, status: .removed)) }
        self.inputChanges = inputChanges.sorted { DirectoryWalker.byteOrder($0.path, $1.path) }
        if options.newRulesNotApplied { notes.append(DiffNote(stringLiteral: Options.rulesNote)) }
        let ignoring = ignoredSlots.values
        ignored = ignoring.reduce(0) { $0 + $1.count }
        if ignored > 0 {
            // Which files, so a reviewer knows where to look: the first few.
            notes.append("\(ignored) difference\(ignored == 1 ? " is" : "s are") not listed: `--ignore` or `diff.ignore` matches where "
                         + "\(ignored == 1 ? "it is" : "they are") (in \(names: ignoring.map(\.path)))")
        }
        let broken = brokenSlots.values
        if let first = broken.first, broken.count == 1 {
            notes.append("\(name: first.path) has errors in both revisions (\(first.error)): the app most likely decodes neither side, so its changes may draw nothing in the app")
        } else if !broken.isEmpty {
            notes.append("\(broken.count) files have errors in both revisions, so the app most likely decodes neither side of them and their changes "
                         + "may draw nothing in the app: \(names: broken.map(\.path), details: broken.map(\.error))")
        }
        // Files touched but read the same (minified, keys reordered, `1.0` for `1`) pass no gate, but are named.
        let ignoringPaths = Set(ignoring.map { PathKey($0.path) })
        reformatted = compared.filter { $0.changes.isEmpty && $0.status != .renamed && !ignoringPaths.contains(PathKey($0.path)) }.map(\.path)
            .sorted(by: DirectoryWalker.byteOrder)
        if !reformatted.isEmpty {
            notes.append("\(names: reformatted) changed only in how \(reformatted.count == 1 ? "it is" : "they are") written (spacing, key order, `1.0` for `1`, `null` for a missing key): "
                         + "the app reads \(reformatted.count == 1 ? "it" : "them") the same, so \(reformatted.count == 1 ? "it counts" : "they count") as unchanged")
        }
        self.diagnostics = diagnostics
    }

    /// Every scalar of a payload with the key it is under (`text` `Only 3 left`), for recognising
    /// a renamed file. Ids alone are not enough: generic ones (`main`, `t1`) are shared by
    /// unrelated screens, which would then pass for one file renamed (a breaking change reported
    /// where a screen is deleted and another added).
    static func fingerprint(of bytes: [UInt8]) -> Set<String> {
        guard let root = JSONReader.read(bytes).root else { return [] }
        var values = Set<String>()
        func walk(_ value: JSONValue, key: String) {
            switch value.kind {
            case .object(let members): for member in members { walk(member.value, key: member.key) }
            case .array(let elements): for element in elements { walk(element, key: key) }
            default: values.insert(key + "\u{0}" + IdentityRules.scalarText(value))
            }
        }
        walk(root, key: "")
        return values
    }

    /// The number of changes of `changeClass` across all files.
    public func count(_ changeClass: ChangeClass) -> Int {
        files.reduce(0) { $0 + $1.count(changeClass) }
    }

    /// Files that differ, by status.
    public func count(_ status: FileDiff.Status) -> Int {
        files.count { $0.status == status }
    }

    /// The differing files as the reports list them: the worst first (a breaking change, then
    /// structure, content, style), by path within a class.
    public var filesWorstFirst: [FileDiff] {
        files.sorted {
            let (a, b) = ($0.worstClass ?? .style, $1.worstClass ?? .style)
            return a != b ? a < b : DirectoryWalker.byteOrder($0.path, $1.path)
        }
    }

    /// Whether any payload or drawing input differs at all.
    public var hasChanges: Bool { !files.isEmpty || !inputChanges.isEmpty }

    /// The most severe class of change found: the payloads' worst, and breaking when the new
    /// `vitrine.json` no longer parses (the site would be built without it).
    public var worstClass: ChangeClass? {
        let brokenSettings = inputChanges.contains { $0.settings.contains { $0.changeClass == .breaking } }
        return (files.compactMap(\.worstClass) + (brokenSettings ? [.breaking] : [])).min()
    }
}
