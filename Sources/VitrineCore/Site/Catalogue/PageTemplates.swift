import Mustache

/// The theme's page templates (`templates/*.mustache`): the catalogue's pages are Mustache, so a
/// theme restyles or rearranges them without Swift.
///
/// `{{name}}` is escaped per Unicode scalar by `HTMLEscaper.markedText`, which also shows bidi
/// controls (a file named `invoice\u{202E}fdp.json`) instead of applying them. Triple mustaches
/// are allowed here, unlike in component templates, because the theme is the site owner's:
/// Vitrine passes them only fragments it built and escaped itself, in fields whose names end in
/// `HTML` (and `css`, and `JSON`: data escaped for a `<script type="application/json">` element).
public struct PageTemplates: Sendable {
    private var library = MustacheLibrary()

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
    /// - Throws: the first template that does not parse, or a required one that is missing.
    public init(theme: [OutputFile]) throws(Problem) {
        _ = Self.registration
        let pragma = "{{% CONTENT_TYPE: \(Self.contentTypeName)}}"
        for file in theme where file.path.hasPrefix("templates/") && file.path.hasSuffix(".mustache") {
            let name = SitePath.stem(String(file.path.dropFirst("templates/".count)))
            let text = String(decoding: file.bytes, as: UTF8.self)
            do {
                library.register(try MustacheTemplate(string: pragma + text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                let line = error.context.lineNumber
                let column = line == 1 ? error.context.columnNumber - pragma.count : error.context.columnNumber
                throw Problem(file: file.path, message: "template does not parse (\(error.error))", location: SourceLocation(line: line, column: max(column, 1)))
            } catch {
                throw Problem(file: file.path, message: "template does not parse (\(error))", location: nil)
            }
        }
        if let missing = Self.required.first(where: { library.getTemplate(named: $0) == nil }) {
            throw Problem(file: "templates/\(missing).mustache", message: "the theme has no \(missing) template", location: nil)
        }
    }

    /// The content type of page templates; component templates, part of a render, have their own.
    static let contentTypeName = "VITRINE_PAGE"
    static let registration: Void = MustacheContentTypes.register(PageContentType(), named: contentTypeName)

    /// Renders the page template `name` with `context`.
    func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }
}

/// Escapes page template values, marking bidi controls.
private struct PageContentType: MustacheContentType {
    func escapeText(_ text: String) -> String {
        HTMLEscaper.markedText(text)
    }
}
