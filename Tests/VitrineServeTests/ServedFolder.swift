import Foundation

/// A temporary output folder to serve, with a CANARY file beside it that no request may read,
/// symlinks leading to it, dotfiles and one file of each type.
struct ServedFolder {
    let base: URL
    var root: String { base.appendingPathComponent("site").resolvingSymlinksInPath().path }
    static let canary = "CANARY-SECRET-7f3a"
    static let page = """
        <!doctype html>
        <html><head>
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'">
        <title>Index</title>
        </head><body><h1>Index</h1></body></html>

        """

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-serve-\(UUID().uuidString)")
        let site = base.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("gallery"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("theme"), withIntermediateDirectories: true)
        let files: [String: String] = [
            "../CANARY": Self.canary,
            "index.html": Self.page,
            "screens/a.html": "<!doctype html><html><head><title>A</title></head><body>A</body></html>",
            "gallery/index.html": "<!doctype html><html><head></head><body>Gallery</body></html>",
            "theme/icon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>",
            "theme/vitrine.css": "body { color: black; }",
            "index.json": "{\"schema\": 1}",
            "blob.bin": "binary",
            "notes.html.": "<script>document.title = 'ran'</script>",  // no page: its name ends in a dot
            ".vitrine-manifest": "index.html\n",
            ".env": "SECRET=1",
        ]
        for (path, text) in files { try Data(text.utf8).write(to: site.appendingPathComponent(path)) }
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("leak.html").path, withDestinationPath: "../CANARY")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("up").path, withDestinationPath: "..")
    }

    func remove() {
        try? FileManager.default.removeItem(at: base)
    }
}
