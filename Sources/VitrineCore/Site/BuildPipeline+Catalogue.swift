import Dispatch
import Foundation

/// The catalogue of a build: the index and its search data, the gallery and the docs, each page
/// set taken from the memo when what it is made from is unchanged.
extension BuildPipeline {
    /// Every file made from all the screens' summaries, in this order: the index and its search
    /// data, the gallery, the docs and then `index.json` (which lists the docs' diagnostics),
    /// and the build cache. The sets are independent, so they are made side by side.
    /// - Parameter diagnostics: the screens' and the build's diagnostics on the way in, with the
    ///   docs' added on the way out (`index.json` lists them all).
    func catalogueFiles(_ builder: SiteBuilder, listing: InputListing, summaries: [ScreenSummary], contents: [String: ContentHash],
                        cache: BuildCache, memo: BuildMemo, diagnostics: inout [Diagnostic]) -> [OutputFile] {
        let usage = GalleryPages.usage(summaries)
        diagnostics += GalleryPages.caseCollisions(usage.keys)
        let screenDiagnostics = diagnostics
        let parts = ResultSlots<(files: [OutputFile], diagnostics: [Diagnostic])>(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { part in
            switch part {
            case 0:
                let index = IndexPage(frame: builder.frame, templates: builder.templates, noPayloads: noPayloads(found: self.listing.payloads.count))
                let indexPage = memo.value("index", key: IndexInputs(summaries: summaries, noPayloads: index.noPayloads)) { index.page(summaries) }
                parts[part] = ([indexPage, index.data(summaries, memo: memo)], [])
            case 1:
                parts[part] = (galleryPages(builder, usage: usage, contents: contents, memo: memo), [])
            case 2:
                // index.json lists every diagnostic, the docs' too: it follows them.
                var problems: [Diagnostic] = []
                let files = docPages(builder, docs: listing.docs, memo: memo, diagnostics: &problems)
                let configuration = builder.configuration
                let index = SiteIndex.file(title: configuration.title, baseURL: configuration.baseURL, devices: configuration.devices, summaries: summaries,
                                           diagnostics: (screenDiagnostics + problems).map(theme.published), memo: memo)
                parts[part] = (files + [index], problems)
            default:
                parts[part] = ([cache.file(memo: memo)], [])
            }
        }
        diagnostics += parts.values.flatMap(\.diagnostics)
        return parts.values.flatMap(\.files)
    }

    /// What the index page is made from: the screens, and why there are none when there are none.
    private struct IndexInputs: Equatable, Sendable {
        var summaries: [ScreenSummary]
        var noPayloads: String
    }

    /// What of a screen a gallery page shows: its name, link and count of the component.
    private struct GalleryRow: Equatable, Sendable {
        var payload: String
        var title: String
        var page: String?
        var count: Int

        init(_ summary: ScreenSummary, component: String) {
            (payload, title, page, count) = (summary.payload, summary.title, summary.page, summary.componentTypes[component] ?? 0)
        }
    }

    /// What one gallery page is made from: the screens using the component and the content of
    /// those its specimens are drawn from.
    private struct GalleryInputs: Equatable, Sendable {
        var rows: [GalleryRow]
        var sampled: [ContentHash?]
    }

    /// The gallery's overview and pages; only pages whose screens changed are drawn, from trees
    /// decoded again on all cores.
    private func galleryPages(_ builder: SiteBuilder, usage: [String: [ScreenSummary]], contents: [String: ContentHash],
                              memo: BuildMemo) -> [OutputFile] {
        let gallery = GalleryPages(frame: builder.frame, templates: builder.templates, renderer: builder.renderer,
                                   deviceWidth: builder.configuration.devices.first?.width ?? DevicePreset.standard[0].width)
        let names = usage.keys.sorted()
        let inputs = names.map { name in
            let screens = usage[name] ?? []
            return GalleryInputs(rows: screens.map { GalleryRow($0, component: name) },
                                 sampled: screens.prefix(GalleryPages.sampledScreens).map { contents[$0.payload] })
        }
        let counts = zip(names, inputs).map { name, input in [name, String(input.rows.count), String(input.rows.reduce(0) { $0 + $1.count })] }
        let overview = memo.value("gallery", key: counts) { gallery.overview(usage: usage) }
        let kept = zip(names, inputs).map { memo.kept("gallery/" + $0, key: $1, as: OutputFile.self) }
        let missing = names.indices.filter { kept[$0] == nil }
        let trees = sampledTrees(Set(missing.flatMap { (usage[names[$0]] ?? []).prefix(GalleryPages.sampledScreens).map(\.payload) }), builder: builder)
        var pages = [overview]
        for (position, name) in names.enumerated() {
            if let page = kept[position] {
                pages.append(page)
            } else {
                let page = gallery.page(name, screens: usage[name] ?? [], trees: trees)
                memo.keep("gallery/" + name, key: inputs[position], value: page)
                pages.append(page)
            }
        }
        return pages
    }

    /// The view trees of the gallery's sampled payloads, decoded again on all cores.
    private func sampledTrees(_ payloads: Set<String>, builder: SiteBuilder) -> [String: ViewNode] {
        let sampled = payloads.sorted(by: DirectoryWalker.byteOrder)
        let slots = ResultSlots<ViewNode>(count: sampled.count)
        DispatchQueue.concurrentPerform(iterations: sampled.count) { index in
            if let bytes = try? source.read(sampled[index]) { slots[index] = builder.decodedRoot(sampled[index], bytes: bytes) }
        }
        var trees: [String: ViewNode] = [:]
        for (index, payload) in sampled.enumerated() { trees[payload] = slots[index] }
        return trees
    }

    /// One document as the last build left it: every file its rendering read (the document and
    /// its embedded payloads) with the hash of its bytes, what the rendering made, and its page.
    private struct KeptDoc: Sendable {
        var reads: [String: ContentHash?]
        var rendered: DocPages.Rendered
        var page: DocPages.Page
        var file: OutputFile
    }

    /// The kept documents by path (a struct, so the memo hands it back with one cast rather
    /// than one per entry of a dictionary).
    private struct KeptDocs: Sendable {
        var docs: [String: KeptDoc] = [:]
    }

    /// The docs pages and their diagnostics. A document is rendered again only when it, an
    /// embedded payload or the set of link targets changed (a file whose hash the source knows,
    /// as `serve`'s does for files unchanged since it read them, is not read to tell), and its
    /// page drawn again only when the document or its sidebar did.
    func docPages(_ builder: SiteBuilder, docs: [String], memo: BuildMemo, diagnostics: inout [Diagnostic]) -> [OutputFile] {
        let input = source
        let linkTargets = builder.links.targets
        let kept = memo.kept("docs", key: linkTargets, as: KeptDocs.self) ?? KeptDocs()
        let docPages = DocPages(builder: builder, templates: builder.templates)
        let slots = ResultSlots<(reads: [String: ContentHash?], rendered: DocPages.Rendered)>(count: docs.count)
        DispatchQueue.concurrentPerform(iterations: docs.count) { index in
            if let old = kept.docs[docs[index]],
               old.reads.allSatisfy({ path, hash in (input.knownContentHash(of: path) ?? (try? input.read(path)).map(ContentHash.init)) == hash }) {
                slots[index] = (old.reads, old.rendered)
                return
            }
            let reads = ReadLog()
            let rendered = docPages.render(docs[index]) { path throws(FileReader.Failure) in
                do throws(FileReader.Failure) {
                    let bytes = try input.read(path)
                    reads.record(path, ContentHash(bytes))
                    return bytes
                } catch {
                    reads.record(path, nil)
                    throw error
                }
            }
            slots[index] = (reads.all, rendered)
        }
        let rendered = slots.values
        diagnostics += rendered.flatMap(\.rendered.diagnostics)
        let pages = DocPages.pages(rendered.map(\.rendered), diagnostics: &diagnostics)
        var now = KeptDocs()
        let files = zip(rendered, pages).map { rendered, page in
            let doc = page.entry.doc
            let file = kept.docs[doc].flatMap { $0.page == page ? $0.file : nil } ?? docPages.file(page)
            now.docs[doc] = KeptDoc(reads: rendered.reads, rendered: rendered.rendered, page: page, file: file)
            return file
        }
        memo.keep("docs", key: linkTargets, value: now)
        return files
    }
}

/// The files a rendering read, with the hash of what it got.
private final class ReadLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reads: [String: ContentHash?] = [:]

    func record(_ path: String, _ hash: ContentHash?) {
        lock.withLock { reads[path] = hash }
    }

    var all: [String: ContentHash?] { lock.withLock { reads } }
}
