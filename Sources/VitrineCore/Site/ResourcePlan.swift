/// The input's resources made ready for a build: assets and fonts to copy, templates compiled
/// (the theme's symbols and component templates under the input's of the same name).
struct ResourcePlan {
    var renderResources = RenderResources()
    /// Files copied or generated into the site.
    var files: [OutputFile] = []
    /// The files under `docs/` besides the documents, copied into the site; they change no
    /// screen, so they are kept out of the build fingerprint.
    var docFiles: [OutputFile] = []
    /// Site paths of input stylesheets every page links after the theme's.
    var stylesheets: [String] = []
    /// The component templates as read, for the build fingerprint.
    var templateSources: [OutputFile] = []
    var diagnostics: [Diagnostic] = []

    /// The largest symbol override drawn tinted: its bytes go into each page that shows it.
    static let maskedSymbolBytes = 16 << 10

    /// Image extensions an asset name resolves to, in order of preference.
    static let assetExtensions = ["svg", "png", "jpg", "jpeg", "webp", "gif"]

    init(listing: InputListing, source: any InputSource, theme: Theme) {
        var symbols: [String: Symbol] = [:]
        // Component templates by name, with the file each was read from: the theme's, and the
        // input's of the same name over them.
        var templates: [String: (file: String, bytes: [UInt8])] = [:]
        for file in theme.files {
            if file.path.hasPrefix("symbols/") && file.path.hasSuffix(".svg") {
                symbols[SitePath.stem(String(file.path.dropFirst("symbols/".count)))] = .themed(String(decoding: file.bytes, as: UTF8.self))
            } else if let key = Theme.componentTemplateKey(file.path) {
                templates[key] = (theme.folder + "/" + file.path, file.bytes)
            }
        }
        let themeTemplates = templates
        var assets: [String: String] = [:]
        for path in listing.assets {
            guard copy(path, from: source) else { continue }
            let name = SitePath.stem(String(path.dropFirst("assets/".count)))
            guard let rank = Self.assetExtensions.firstIndex(of: SitePath.pathExtension(path)) else { continue }
            if let existing = assets[name], let existingRank = Self.assetExtensions.firstIndex(where: { existing.hasSuffix("." + $0) }),
               existingRank <= rank { continue }
            assets[name] = path
        }
        renderResources.assets = assets
        let copied = Dictionary(files.map { ($0.path, $0.bytes) }) { first, _ in first }
        for (name, path) in assets where name.hasPrefix("symbols/") && path.hasSuffix(".svg") {
            guard let bytes = copied[path] else { continue }  // every asset was copied
            symbols[String(name.dropFirst("symbols/".count))] = bytes.count <= Self.maskedSymbolBytes ? .mask(SymbolMask(svg: bytes)) : .file(path)
        }
        renderResources.symbols = symbols
        var fontFaces: [String] = []
        for path in listing.fonts where copy(path, from: source) {
            fontFaces.append(Self.fontFace(path))
            let name = SitePath.stem(SitePath.fileName(path))
            renderResources.fonts[Font(payloadName: name, size: 17).family ?? name, default: []].insert(name)
        }
        if !fontFaces.isEmpty {
            files.append(OutputFile(path: "fonts/fonts.css", text: fontFaces.joined(separator: "\n") + "\n"))
            stylesheets.append("fonts/fonts.css")
        }
        for path in listing.components {
            if SitePath.pathExtension(path) == "css" {
                if copy(path, from: source) { stylesheets.append(path) }
            } else if let bytes = read(path, from: source), let key = Theme.componentTemplateKey(path) {
                templates[key] = (path, bytes)
                templateSources.append(OutputFile(path: path, bytes: bytes))
            }
        }
        for path in listing.docFiles {
            if let bytes = read(path, from: source), isPassive(path, bytes) { docFiles.append(OutputFile(path: path, bytes: bytes)) }
        }
        renderResources.templates = compile(templates)
        // An input's template that cannot be used gives way to the theme's of the same name.
        let compiled = renderResources.templates
        let fallbacks = templates.compactMap { key, template in
            themeTemplates[key].flatMap { themed in !compiled.has(key) && themed.file != template.file ? (key, themed) : nil }
        }
        if !fallbacks.isEmpty {
            renderResources.templates = compile(templates.merging(fallbacks) { $1 }, reporting: Set(fallbacks.map(\.0)))
        }
    }

    /// The templates compiled; a problem of each that is not, for `reporting` (nil: every key).
    private mutating func compile(_ templates: [String: (file: String, bytes: [UInt8])], reporting: Set<String>? = nil) -> ComponentTemplates {
        var texts: [String: String] = [:], notUTF8: [String] = []
        for (key, template) in templates.sorted(by: { DirectoryWalker.byteOrder($0.key, $1.key) }) {
            guard let text = String(validating: template.bytes, as: UTF8.self) else {
                if reporting?.contains(key) ?? true { diagnostics.append(Diagnostic(.error, "template is not UTF-8", file: template.file)) }
                notUTF8.append(key)
                continue
            }
            texts[key] = text
        }
        var (compiled, errors) = ComponentTemplates.compile(texts)
        notUTF8.forEach { compiled.markUnusable($0) }
        for (key, problems) in errors.sorted(by: { DirectoryWalker.byteOrder($0.key, $1.key) }) where reporting?.contains(key) ?? true {
            for problem in problems {
                diagnostics.append(Diagnostic(.error, problem.message, file: templates[key]?.file ?? "components/\(key).mustache", location: problem.location))
            }
        }
        return compiled
    }

    /// `@font-face` for `fonts/Family-Weight.ext`, family and weight read as in payload font names.
    private static func fontFace(_ path: String) -> String {
        let name = SitePath.stem(path.split(separator: "/").last.map(String.init) ?? path)
        let font = Font(payloadName: name, size: 17)
        let url = SitePath.href(String(path.dropFirst("fonts/".count)))
        return "@font-face{font-family:\(CSSEscaper.string(font.family ?? name));font-weight:\(font.weight ?? 400);"
            + "src:url(\(CSSEscaper.string(url)));font-display:swap}"
    }

    private mutating func copy(_ path: String, from source: any InputSource) -> Bool {
        guard let bytes = read(path, from: source), isPassive(path, bytes) else { return false }
        files.append(OutputFile(path: path, bytes: bytes))
        return true
    }

    /// False, with a warning, for an SVG that holds scripts, event handlers or other documents:
    /// opened by its own address it would run them at the site's, outside the pages' policy.
    private mutating func isPassive(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard SitePath.pathExtension(path) == "svg", let found = Self.activeContent(in: bytes) else { return true }
        diagnostics.append(Diagnostic(.warning, "not copied into the site: the SVG holds \(found), which would run at the site's address when the "
                                      + "file is opened by itself, outside the pages Vitrine makes and their Content-Security-Policy", file: path))
        return false
    }

    /// What in an SVG could run: a `script` element or an embedded document (`foreignObject`,
    /// `iframe`, `embed`, `object`), with or without a namespace prefix; an `on…=` attribute;
    /// `javascript:`; a stylesheet instruction (an XSLT stylesheet writes what it likes, a
    /// script too); or what could spell any of them where this check cannot read it: a
    /// character reference in an attribute, a DTD's declarations, text that is not UTF-8.
    static func activeContent(in bytes: [UInt8]) -> String? {
        guard let decoded = String(validating: bytes, as: UTF8.self) else { return "text that is not UTF-8" }
        let text = decoded.lowercased()
        if let found = text.firstMatch(of: /<([\w.-]+:)?(script|foreignobject|iframe|embed|object)\b/) { return "`\(found.output.0)`" }
        if text.contains("javascript:") { return "`javascript:`" }
        if text.contains(/[\s\/"'][\s]*on[a-z]+\s*=/) { return "an event handler attribute (`on…=`)" }
        if text.contains(/=\s*["'][^"']*&#/) { return "a character reference in an attribute" }
        if text.contains("<!entity") { return "an entity declaration" }
        if text.contains("<?xml-stylesheet") { return "an `<?xml-stylesheet?>` instruction" }
        if text.contains("<!attlist") || text.contains(/<!doctype[^>]*\[/) { return "a DTD's declarations" }
        return nil
    }

    private mutating func read(_ path: String, from source: any InputSource) -> [UInt8]? {
        do throws(FileReader.Failure) {
            return try source.read(path)
        } catch {
            diagnostics.append(Diagnostic(.error, error.message, file: path))
            return nil
        }
    }
}
