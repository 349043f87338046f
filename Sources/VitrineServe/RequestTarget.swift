/// A request target read the strict way: one percent-decoding, no encoded separators, no dot
/// segments, no hidden files, so a path can only name a file Vitrine wrote.
///
/// Rules (bad-inputs.md §5.2): the target is origin-form (`/…`); its query is ignored; a
/// literal `#` or `\`, an encoded `/`, `\` or NUL, a control character, bytes that are not
/// UTF-8 after decoding (overlong forms included) and `.` or `..` segments are refused with
/// 400; an empty segment (`//x`) or a segment starting with a dot is not found.
enum RequestTarget: Equatable {
    /// A path relative to the site root, without a trailing slash ("" for the root).
    case path(String, trailingSlash: Bool)
    /// Refused outright.
    case badRequest
    /// Too long to look at.
    case tooLong
    /// Well-formed, but never a file the site serves.
    case notFound

    /// Longest target looked at, in bytes: a page's path holds at most 4,096 bytes (Linux's
    /// `PATH_MAX`), three times that percent-encoded (a Korean folder name), and a query.
    static let maxLength = 16_384
    /// Most path segments looked at: a path of 4,096 bytes has at most 2,048.
    static let maxSegments = 2_048

    init(_ target: String) {
        let bytes = Array(target.utf8)
        guard bytes.count <= Self.maxLength else { self = .tooLong; return }
        guard bytes.first == UInt8(ascii: "/") else { self = .badRequest; return }
        let pathBytes = bytes.prefix { $0 != UInt8(ascii: "?") }
        if pathBytes.contains(UInt8(ascii: "#")) || pathBytes.contains(UInt8(ascii: "\\")) {
            self = .badRequest
            return
        }
        let rawSegments = pathBytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard rawSegments.count <= Self.maxSegments else { self = .badRequest; return }
        var segments: [String] = []
        for (index, raw) in rawSegments.enumerated() {
            let isLast = index == rawSegments.count - 1
            guard let decoded = Self.percentDecoded(raw) else { self = .badRequest; return }
            if decoded.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) {
                self = .badRequest
                return
            }
            guard let segment = String(validating: decoded, as: UTF8.self) else { self = .badRequest; return }
            if segment == "." || segment == ".." { self = .badRequest; return }
            if segment.isEmpty {
                if isLast { continue }  // the trailing slash
                self = .notFound
                return
            }
            if segment.hasPrefix(".") { self = .notFound; return }
            segments.append(segment)
        }
        self = .path(segments.joined(separator: "/"), trailingSlash: rawSegments.count > 1 && rawSegments.last?.isEmpty == true)
    }

    /// `%XX` decoded once; nil when an escape is malformed.
    private static func percentDecoded(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                index += 1
                continue
            }
            guard index + 2 < raw.endIndex, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2]) else { return nil }
            result.append(high << 4 | low)
            index += 3
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A site path as a request target: each segment percent-encoded except unreserved bytes.
    static func encoded(_ path: String) -> String {
        var result = "/"
        for byte in path.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/")
            if unreserved {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }
}
