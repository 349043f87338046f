/// The theme's page templates (`templates/*.mustache`): the catalogue's pages are Mustache, so a
/// theme restyles or rearranges them without Swift.
///
/// `{{name}}` is escaped per Unicode scalar by `HTMLEscaper.markedText`, which also shows bidi
/// controls (a file named `invoice\u{202E}fdp.json`) instead of applying them. Triple mustaches
/// are allowed here, unlike in component templates, because the theme is the site owner's:
/// Vitrine passes them only fragments it built and escaped itself, in fields whose names end in
/// `HTML` (and `css`, and `JSON`: data escaped for a `<script type="application/json">` element).
public struct PageTemplates: Sendable {
    private var library: [String: PageTemplate] = [:]

    /// The pages every theme provides (a theme may override any of them, or the partials
    /// `head`, `nav`, `foot` and `diagnostics`).
    public static let required = ["index", "screen", "frame", "error", "gallery", "component", "doc", "diff-index", "diff-file", "head", "nav", "foot", "diagnostics"]

    /// Why the theme's templates cannot be used.
    public struct Problem: Error, Sendable, Equatable {
        public var file: String
        public var message: String
        public var location: SourceLocation?
    }

    /// Compiles the theme's templates (`templates/NAME.mustache` → `NAME`).
    /// - Throws: the first template that does not parse (in path order), a required one that is
    ///   missing, or a partial that no template provides.
    public init(theme: [OutputFile]) throws(Problem) {
        let files = theme.filter { $0.path.hasPrefix("templates/") && $0.path.hasSuffix(".mustache") }.sorted { $0.path < $1.path }
        for file in files {
            do {
                library[SitePath.stem(String(file.path.dropFirst("templates/".count)))] = try PageTemplate(file.bytes)
            } catch {
                throw Problem(file: file.path, message: "template does not parse: \(error.message)", location: Self.location(of: error.offset, in: file.bytes))
            }
        }
        if let missing = Self.required.first(where: { library[$0] == nil }) {
            throw Problem(file: "templates/\(missing).mustache", message: "the theme has no \(missing) template", location: nil)
        }
        for (name, template) in library.sorted(by: { $0.key < $1.key }) {
            if let partial = template.partialNames.first(where: { library[$0] == nil }) {
                throw Problem(file: "templates/\(name).mustache", message: "the partial `\(partial)` is not a template of the theme", location: nil)
            }
        }
    }

    /// Renders the page template `name` with `context`, as UTF-8.
    func render(_ name: String, _ context: [String: Any]) -> [UInt8] {
        guard let template = library[name] else { return [] }
        var renderer = PageTemplate.Renderer(library: library, context: context)
        renderer.render(template.parts)
        return renderer.out
    }

    /// Line and column (in Unicode scalars) of a byte offset.
    private static func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
        let before = bytes[..<min(offset, bytes.count)]
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = String(decoding: bytes[lineStart..<before.endIndex], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(line: line, column: column)
    }
}
