/// The theme's page templates (`templates/*.mustache`): the catalogue's pages are Mustache, so a
/// theme restyles or rearranges them without Swift.
///
/// `{{name}}` is escaped per Unicode scalar by `HTMLEscaper.markedText`, which also shows bidi
/// and other control characters (a file named `invoice\u{202E}fdp.json`) instead of applying them. Triple mustaches
/// are allowed here, unlike in component templates, because the theme is the site owner's:
/// Vitrine passes them only fragments it built and escaped itself, in fields whose names end in
/// `HTML` (and `css`, and `JSON`: data escaped for a `<script type="application/json">` element).
public struct PageTemplates: Sendable {
    private var library: [String: PageTemplate] = [:]
    /// Templates that are no page and that no template includes: a misspelt page name, most likely.
    public private(set) var unused: [String] = []

    /// The pages every theme provides (a theme may override any of them, or the partials
    /// `head`, `nav`, `foot` and `diagnostics`).
    public static let required = ["index", "screen", "frame", "error", "gallery", "component", "doc", "diff-index", "diff-file", "head", "nav", "foot", "diagnostics"]

    /// Why the theme's templates cannot be used.
    public struct Problem: Error, Sendable, Equatable {
        /// The template file at fault, in the theme.
        public var file: String
        /// What is wrong with it.
        public var message: String
        /// Where in the file, when one place is to blame.
        public var location: SourceLocation?
    }

    /// Compiles the theme's templates (`templates/NAME.mustache` → `NAME`).
    /// - Throws: the first template that does not parse (in path order), a required one that is
    ///   missing, a partial that no template provides, or partials that include each other.
    public init(theme: [OutputFile]) throws(Problem) {
        let files = theme.filter { $0.path.hasPrefix("templates/") && $0.path.hasSuffix(".mustache") }
        try self.init(sources: Dictionary(files.map { (SitePath.stem(String($0.path.dropFirst("templates/".count))), $0) }) { first, _ in first },
                      required: Self.required)
    }

    /// Compiles `sources` (each template's file, by name), of which `required` must be there.
    init(sources: [String: OutputFile], required: [String]) throws(Problem) {
        for (name, file) in sources.sorted(by: { $0.value.path < $1.value.path }) {
            library[name] = try Self.compile(file.bytes, file: file.path)
        }
        if let missing = required.first(where: { library[$0] == nil }) {
            throw Problem(file: "templates/\(missing).mustache", message: "the theme has no \(missing) template", location: nil)
        }
        try Self.checkIncludes(library, sources: sources)
        let includes = library.values.flatMap(\.includes)
        let included = Set(includes.map(\.name))
        unused = sources.keys.filter { !required.contains($0) && !included.contains($0) }.sorted()
        // Each indentation a standalone partial is included with is a template of its own.
        var pending = includes.filter { !$0.indentation.isEmpty }
        while let include = pending.popLast() {
            guard library[include.key] == nil, let source = sources[include.name] else { continue }
            let variant = try Self.compile(PageTemplate.indented(source.bytes, by: include.indentation), file: source.path)
            library[include.key] = variant
            pending += variant.includes.filter { !$0.indentation.isEmpty }
        }
    }

    private static func compile(_ bytes: [UInt8], file: String) throws(Problem) -> PageTemplate {
        do {
            return try PageTemplate(bytes)
        } catch {
            throw Problem(file: file, message: "template does not parse: \(error.message)", location: SourceText(bytes: bytes).location(of: error.offset))
        }
    }

    /// Every partial is a template of the theme, none includes itself, directly or through others,
    /// and none nests sections and partials deeper than pages are drawn.
    private static func checkIncludes(_ library: [String: PageTemplate], sources: [String: OutputFile]) throws(Problem) {
        for (name, template) in library.sorted(by: { $0.key < $1.key }) {
            if let missing = template.includes.first(where: { library[$0.name] == nil }), let source = sources[name] {
                throw Problem(file: source.path, message: "the partial `\(missing.name)` is not a template of the theme",
                              location: SourceText(bytes: source.bytes).location(of: missing.offset))
            }
        }
        let graph = library.mapValues { $0.includes.map(\.name) }
        // Depth first: a name met again while still on the path closes a loop.
        var finished: [String: Bool] = [:]
        var path: [String] = []
        func visit(_ name: String) throws(Problem) {
            if let done = finished[name] {
                guard !done else { return }
                let loop = (path[(path.firstIndex(of: name) ?? 0)...] + [name]).joined(separator: " → ")
                throw Problem(file: "templates/\(name).mustache", message: "partials include each other in a loop (\(loop))", location: nil)
            }
            finished[name] = false
            path.append(name)
            for next in graph[name] ?? [] { try visit(next) }
            path.removeLast()
            finished[name] = true
        }
        for name in graph.keys.sorted() { try visit(name) }
        // Sections and partials nested deeper than the renderer goes would be cut off silently.
        var depths: [String: Int] = [:]
        func depth(_ parts: [PageTemplate.Part]) -> Int {
            1 + parts.reduce(0) { deepest, part in
                switch part {
                case .section(_, let inner, _): max(deepest, depth(inner))
                case .partial(let include): max(deepest, depth(of: include.key))
                case .text, .value: deepest
                }
            }
        }
        func depth(of key: String) -> Int {
            if let known = depths[key] { return known }
            let found = depth(library[key]?.parts ?? [])
            depths[key] = found
            return found
        }
        let limit = PageTemplate.Renderer.depthLimit
        if let (name, deepest) = sources.keys.sorted().lazy.map({ ($0, depth(of: $0)) }).first(where: { $0.1 > limit }), let source = sources[name] {
            throw Problem(file: source.path, message: "sections and partials nest \(deepest) deep from here, past the \(limit) "
                          + "levels pages are drawn to: include fewer partials within each other", location: nil)
        }
    }

    /// Renders the page template `name` with `context`, as UTF-8.
    func render(_ name: String, _ context: [String: Any]) -> [UInt8] {
        guard let template = library[name] else { return [] }
        var renderer = PageTemplate.Renderer(library: library, context: context)
        renderer.render(template.parts)
        return renderer.out
    }
}
