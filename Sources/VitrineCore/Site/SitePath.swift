import Foundation

/// Paths of the generated site, and how pages link to each other.
public enum SitePath {
    /// A value for an address fragment: everything but URI's unreserved characters (ASCII
    /// letters, digits, `-._~`) percent-encoded.
    static func fragmentValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The fragment that opens a screen page with the component at `pointer` selected (`screen.js`).
    static func selecting(_ pointer: String) -> String {
        "#select=" + fragmentValue(pointer)
    }

    /// A screen page's fragment that selects its first component of the catalogue type `name`.
    static func selectingFirst(_ name: String) -> String {
        "#component=" + fragmentValue(name)
    }

    /// The page of the payload at `payload` (`scenes/home.json` → `screens/scenes/home.html`).
    public static func screenPage(for payload: String) -> String {
        "screens/" + stem(payload) + ".html"
    }

    /// The chrome-free page of a payload's render (`feeds/home.json` → `screens/feeds/home.frame.html`).
    public static func standalone(for payload: String) -> String {
        "screens/" + stem(payload) + ".frame.html"
    }

    /// The folder of a path, "" at the root (`scenes/a/home.json` → `scenes/a`).
    public static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(decoding: path.utf8[..<slash], as: UTF8.self)
    }

    /// The page of a payload's subpage (`feeds/home.json`, `all-4` → `screens/feeds/home.all-4.html`).
    public static func subpage(_ key: String, of payload: String) -> String {
        "screens/" + stem(payload) + "." + key + ".html"
    }

    /// The lower-cased extension of a path's file name (`Logo.SVG` → `svg`), or "" when it has none.
    public static func pathExtension(_ path: String) -> String {
        let name = fileName(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return "" }
        return String(decoding: name.utf8[name.utf8.index(after: dot)...], as: UTF8.self).lowercased()
    }

    /// The last component of a path.
    public static func fileName(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The payload's path without its extension.
    public static func stem(_ path: String) -> String {
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")),
              !path.utf8[dot...].contains(UInt8(ascii: "/")) else { return path }
        return String(decoding: path.utf8[..<dot], as: UTF8.self)
    }

    /// The relative prefix from a page at `path` back to the site root (`screens/a/b.html` → `../../`).
    public static func rootPrefix(from path: String) -> String {
        String(repeating: "../", count: path.utf8.count { $0 == UInt8(ascii: "/") })
    }

    /// A site path percent-encoded for an `href` or `src` (every byte outside RFC 3986 unreserved and `/`).
    public static func href(_ path: String) -> String {
        guard path.utf8.contains(where: { !isUnreserved($0) }) else { return path }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count + 16)
        for byte in path.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    /// A readable title from a payload path: `scenes/product-detail.json` → `Product detail`.
    public static func title(for payload: String) -> String {
        if let title = asciiTitle(for: payload) { return title }
        let name = stem(payload).split(separator: "/").last.map(String.init) ?? payload
        // `-draft--v2` is "Draft v2": no space at the ends or twice; a name of dashes alone stays itself.
        let words = name.replacingDashes().split(separator: " ").joined(separator: " ")
        guard !words.isEmpty else { return name }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// `title(for:)` of an ASCII path, worked out on its bytes (a build asks for thousands);
    /// nil for any other path.
    private static func asciiTitle(for payload: String) -> String? {
        guard payload.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let name = Array(stem(payload).utf8).split(separator: UInt8(ascii: "/")).last ?? ArraySlice(payload.utf8)
        let words = name.map { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }
            .split(separator: UInt8(ascii: " ")).joined(separator: [UInt8(ascii: " ")])
        var title = Array(words)
        guard let first = title.first else { return String(decoding: name, as: UTF8.self) }
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) { title[0] = first - 0x20 }
        return String(decoding: title, as: UTF8.self)
    }
}

private extension String {
    func replacingDashes() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "-" || $0 == "_" ? " " : $0 }))
    }
}
