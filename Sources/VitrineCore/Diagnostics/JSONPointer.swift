/// An RFC 6901 JSON Pointer: the path of a value inside a JSON document.
///
/// Stored in its escaped textual form, so appending a token costs one string and the form
/// written into `data-v-path` attributes needs no work.
public struct JSONPointer: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The escaped textual form, e.g. `/a~1b~0c/0`.
    public let description: String

    /// The pointer to the whole document (`""`).
    public static let root = JSONPointer(escaped: "")

    private init(escaped: String) {
        self.description = escaped
    }

    /// Builds a pointer from unescaped reference tokens, outermost first.
    public init(tokens: [String]) {
        self.description = tokens.map { "/" + JSONPointer.escape($0) }.joined()
    }

    /// Parses the textual form (`/a~1b/0`); returns nil unless it is empty or starts with `/`.
    public init?(_ text: String) {
        guard text.isEmpty || text.utf8.first == UInt8(ascii: "/") else { return nil }
        self.description = text
    }

    public init(from decoder: any Decoder) throws {
        self.description = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The unescaped reference tokens, outermost first.
    public var tokens: [String] {
        guard !description.isEmpty else { return [] }
        return description.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { JSONPointer.unescape(String(decoding: $0, as: UTF8.self)) }
    }

    /// The pointer one level down, at an object key.
    public func appending(_ key: String) -> JSONPointer {
        JSONPointer(escaped: description + "/" + JSONPointer.escape(key))
    }

    /// The pointer one level down, at an array index.
    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(escaped: description + "/" + String(index))
    }

    /// Orders pointers byte-wise on their textual form, never by locale or canonical equivalence.
    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description.utf8.lexicographicallyPrecedes(rhs.description.utf8)
    }

    /// Byte-wise equality: canonically equivalent keys in different spellings stay distinct.
    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description.utf8.elementsEqual(rhs.description.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in description.utf8 { hasher.combine(byte) }
    }

    private static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var out = ""
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func unescape(_ token: String) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return token }
        var out = ""
        var scalars = token.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "~" else { out.unicodeScalars.append(scalar); continue }
            switch scalars.next() {
            case "0": out += "~"
            case "1": out += "/"
            case let other?: out += "~"; out.unicodeScalars.append(other)
            case nil: out += "~"
            }
        }
        return out
    }
}
