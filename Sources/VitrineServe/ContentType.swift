import VitrineCore

/// The media type of each kind of file a site holds; text types say their charset.
enum ContentType {
    /// The type of the file at `path`, by what follows its name's last dot, as the build reads
    /// it: `notes.html.` has none (a name ending in a dot is no page, or the build's refusal of
    /// pages under `docs/` would be passed by one).
    static func of(_ path: String) -> String {
        types[SitePath.pathExtension(path)] ?? "application/octet-stream"
    }

    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "json": "application/json",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        // Files beside the docs, which the site copies as they are.
        "pdf": "application/pdf",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "csv": "text/csv; charset=utf-8",
        "xml": "application/xml",
        "zip": "application/zip",
    ]
}
