#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a payload URL is going to be used, which decides the schemes it may have.
public enum URLContext: Sendable {
    /// `<img src>`: `http`, `https` and `data:image/(png|gif|jpeg|webp)`.
    case image
    /// `<a href>`: `http`, `https`, `mailto` and `tel`.
    case link
}

/// Decides whether a payload URL may be emitted, and re-serialises it when it may (bad-inputs.md §4 E).
///
/// The input is normalised the way a browser does before the scheme is checked, because
/// `" java\tscript:…"` is a working `javascript:` URL to a browser while `URL(string:)` returns
/// nil for it (§2.4). Nothing is ever entity- or percent-decoded. The result is plain ASCII and
/// still needs attribute escaping (its `&`) where it is written.
public enum URLSanitizer {
    /// What became of a payload URL.
    public enum Outcome: Sendable, Equatable {
        /// The URL may be emitted as this string; the warning says what was changed on the way.
        case allowed(String, warning: String?)
        /// The URL must be dropped, for the reason given.
        case rejected(reason: String)
    }

    private static let maximumLength = 8 * 1024
    private static let maximumDataImageLength = 512 * 1024
    private static let allowedImageTypes: Set<String> = ["image/png", "image/gif", "image/jpeg", "image/webp"]

    /// Returns the normalised, re-serialised URL when `raw` is allowed in `context`, or why it is not.
    ///
    /// Applying it again to an allowed result gives the same result without a warning.
    public static func sanitize(_ raw: String, for context: URLContext) -> Outcome {
        if isCanonicalWebURL(raw) { return .allowed(raw, warning: nil) }
        let url = browserNormalised(raw)
        guard !url.isEmpty else { return .rejected(reason: "empty URL") }
        guard let colon = schemeEnd(in: url) else { return .rejected(reason: "not an absolute http(s) URL") }
        let scheme = String(decoding: url[..<colon].map(lowercased), as: UTF8.self)
        let rest = url[(colon + 1)...]
        guard let maximum = lengthCap(scheme: scheme, context: context) else {
            return .rejected(reason: "scheme \"\(Diagnostic.shortened(scheme))\" not allowed")
        }
        // Percent-encoding never shortens, so an input already over the cap is refused before encoding.
        guard url.count <= maximum else { return tooLong(maximum) }
        switch scheme {
        case "http", "https": return webURL(scheme: scheme, rest: rest, maximum: maximum)
        case "data": return dataImage(rest, maximum: maximum)
        default: return limited(scheme + ":" + percentEncoded(rest), to: maximum)
        }
    }

    /// Whether `raw` is an http(s) URL that the general path gives back as it is, without a
    /// warning (most payload URLs): found in one pass over its bytes, without that path's copies.
    /// It has a lower-case scheme, `//`, a host that starts it and holds no `@`, no byte that
    /// would be percent-encoded, and a `%` only where an escape starts.
    private static func isCanonicalWebURL(_ raw: String) -> Bool {
        var raw = raw
        return raw.withUTF8 { bytes in
            let start = if bytes.starts(with: "https://".utf8) { 8 } else if bytes.starts(with: "http://".utf8) { 7 } else { 0 }
            guard start > 0, bytes.count > start, bytes.count <= maximumLength else { return false }
            switch bytes[start] {
            case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "#"): return false
            default: break
            }
            var inAuthority = true
            for offset in start..<bytes.count {
                let byte = bytes[offset]
                if needsEncoding(byte) { return false }
                switch byte {
                case UInt8(ascii: "%"):
                    guard offset + 2 < bytes.count, isHexDigit(bytes[offset + 1]), isHexDigit(bytes[offset + 2]) else { return false }
                case UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
                    if inAuthority { return false }  // credentials, a port or an IPv6 host: checked on the general path
                case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): inAuthority = false
                default: break
                }
            }
            return true
        }
    }

    /// The byte cap of a URL with `scheme` in `context`, or nil when the scheme is not allowed there.
    private static func lengthCap(scheme: String, context: URLContext) -> Int? {
        switch (scheme, context) {
        case ("http", _), ("https", _), ("mailto", .link), ("tel", .link): maximumLength
        case ("data", .image): maximumDataImageLength
        default: nil
        }
    }

    /// Strips leading and trailing C0 controls and spaces and deletes every tab, LF and CR, as browsers do.
    private static func browserNormalised(_ raw: String) -> [UInt8] {
        let isC0OrSpace: (UInt8) -> Bool = { $0 <= 0x20 }
        let bytes = raw.utf8
        guard let first = bytes.firstIndex(where: { !isC0OrSpace($0) }),
              let last = bytes.lastIndex(where: { !isC0OrSpace($0) }) else { return [] }
        return bytes[first...last].filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// The offset of the `:` ending a scheme (an ASCII letter, then letters, digits, `+`, `-`, `.`), if there is one.
    private static func schemeEnd(in url: [UInt8]) -> Int? {
        guard let first = url.first, isASCIILetter(first) else { return nil }
        for (offset, byte) in url.enumerated().dropFirst() {
            if byte == UInt8(ascii: ":") { return offset }
            guard isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else { return nil }
        }
        return nil
    }

    /// Rebuilds an http(s) URL as `scheme://host/path?query#fragment` without credentials.
    ///
    /// Browsers read `\` as `/` before the query and accept any number of slashes after the
    /// scheme, so `https:/\evil.example` is emitted as the `https://evil.example` they would load.
    private static func webURL(scheme: String, rest: ArraySlice<UInt8>, maximum: Int) -> Outcome {
        let tailStart = rest.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        let head = rest[..<tailStart].map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "/") : $0 }
        let afterSlashes = head.drop { $0 == UInt8(ascii: "/") }
        let pathStart = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
        var authority = afterSlashes[..<pathStart]
        var warning: String?
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            authority = authority[(at + 1)...]
            warning = "credentials removed from URL"
        }
        guard let first = authority.first, first != UInt8(ascii: ":") else {
            return .rejected(reason: "URL has no host")
        }
        if let problem = authorityProblem(authority) { return .rejected(reason: problem) }
        let serialised = scheme + "://" + percentEncoded(authority)
            + percentEncoded(afterSlashes[pathStart...]) + percentEncoded(rest[tailStart...])
        return limited(serialised, to: maximum, warning: warning)
    }

    /// Why `host[:port]` cannot be a URL's, or nil: a browser would not load it. A bracketed
    /// IPv6 host must be closed and an IPv6 address; a port is a number up to 65535 (or empty).
    private static func authorityProblem(_ authority: ArraySlice<UInt8>) -> String? {
        var port = authority[authority.endIndex...]
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return "IPv6 host not closed" }
            var address = in6_addr()
            let inside = authority[(authority.startIndex + 1)..<close]
            guard inside.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),  // a NUL would end the C string early
                  inet_pton(AF_INET6, String(decoding: inside, as: UTF8.self), &address) == 1 else {
                return "malformed IPv6 host"
            }
            let after = authority[(close + 1)...]
            if let colon = after.first {
                guard colon == UInt8(ascii: ":") else { return "malformed host" }
                port = after.dropFirst()
            }
        } else if authority.contains(UInt8(ascii: "]")) {
            return "malformed host"
        } else if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            port = authority[(colon + 1)...]
        }
        let digits = port.drop { $0 == UInt8(ascii: "0") }  // browsers read `:000080` as 80
        guard port.allSatisfy(isASCIIDigit), digits.count <= 5, Int(String(decoding: digits, as: UTF8.self)) ?? 0 <= 65_535 else {
            return "port is not a number up to 65535"
        }
        return nil
    }

    /// Allows `data:image/(png|gif|jpeg|webp)[;base64],…` up to `maximum` bytes.
    private static func dataImage(_ rest: ArraySlice<UInt8>, maximum: Int) -> Outcome {
        guard let comma = rest.firstIndex(of: UInt8(ascii: ",")) else {
            return .rejected(reason: "data URL without a comma")
        }
        let header = rest[..<comma].split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        let mediaType = String(decoding: header[0].map(lowercased), as: UTF8.self)
        guard allowedImageTypes.contains(mediaType) else {
            return .rejected(reason: "data URL of type \"\(Diagnostic.shortened(mediaType))\" not allowed")
        }
        let parameters = header.dropFirst().map { String(decoding: $0.map(lowercased), as: UTF8.self) }
        guard parameters.isEmpty || parameters == ["base64"] else {
            return .rejected(reason: "data URL parameters other than base64 not allowed")
        }
        return limited("data:" + percentEncoded(rest), to: maximum)
    }

    private static func limited(_ url: String, to maximum: Int, warning: String? = nil) -> Outcome {
        guard url.utf8.count <= maximum else { return tooLong(maximum) }
        return .allowed(url, warning: warning)
    }

    private static func tooLong(_ maximum: Int) -> Outcome {
        let name = maximum == maximumDataImageLength ? "data URL" : "URL"
        return .rejected(reason: "\(name) longer than \(maximum / 1024) KiB")
    }

    /// Percent-encodes the bytes that do not belong in an attribute URL, keeping existing `%XX` escapes.
    ///
    /// A `%` that starts no escape becomes `%25`, so encoding an encoded URL changes nothing.
    private static func percentEncoded(_ input: some Collection<UInt8>) -> String {
        let bytes = Array(input)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (offset, byte) in bytes.enumerated() {
            if needsEncoding(byte) || (byte == UInt8(ascii: "%") && !startsEscape(bytes, at: offset)) {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func needsEncoding(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F...0xFF: true
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"),
             UInt8(ascii: "`"), UInt8(ascii: "\\"): true
        default: false
        }
    }

    private static func startsEscape(_ bytes: [UInt8], at offset: Int) -> Bool {
        offset + 2 < bytes.count && isHexDigit(bytes[offset + 1]) && isHexDigit(bytes[offset + 2])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isASCIIDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
