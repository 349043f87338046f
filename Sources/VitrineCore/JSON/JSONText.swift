/// JSON text written straight from values, byte for byte as Foundation's `JSONEncoder` writes it
/// with `.sortedKeys` (and, as chosen, `.prettyPrinted` and `.withoutEscapingSlashes`), without
/// the encoder's intermediate tree: the catalogue's data files are the largest JSON a build
/// writes. Callers give an object's members in sorted order (the encoder sorts keys by their
/// UTF-8 bytes); `object(_:)` of a dictionary sorts its keys so.
struct JSONText {
    private(set) var bytes: [UInt8] = []
    private let pretty: Bool
    private let escapesSlashes: Bool
    private var depth: Int
    /// Whether the innermost open container has no member yet.
    private var isEmpty = true

    /// - Parameter depth: the nesting the text starts at, for a pretty value placed inside another.
    init(pretty: Bool = false, escapesSlashes: Bool = false, depth: Int = 0) {
        self.pretty = pretty
        self.escapesSlashes = escapesSlashes
        self.depth = depth
    }

    /// Writes an object; `body` writes its members with `key(_:)` and a value each.
    mutating func object(_ body: (inout JSONText) -> Void) {
        container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    /// Writes an array; `body` writes its elements, each after `element()`.
    mutating func array(_ body: (inout JSONText) -> Void) {
        container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    /// Writes an array with `write` writing each item.
    mutating func array<Item>(_ items: [Item], _ write: (Item, inout JSONText) -> Void) {
        array { json in
            for item in items {
                json.element()
                write(item, &json)
            }
        }
    }

    /// Writes an array of strings.
    mutating func array(_ strings: [String]) {
        array(strings) { string, json in json.string(string) }
    }

    /// Writes an object of the dictionary's members, keys sorted.
    mutating func object(_ counts: [String: Int]) {
        object { json in
            for (name, count) in counts.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                json.key(name)
                json.int(count)
            }
        }
    }

    /// Starts an object member: the separator, then `"name":`.
    mutating func key(_ name: String) {
        element()
        string(name)
        bytes += pretty ? Array(" : ".utf8) : [UInt8(ascii: ":")]
    }

    /// Starts an array element: the separator before it.
    mutating func element() {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        newline()
    }

    /// Writes bytes as they are: a value that a `JSONText` with the same options wrote at the
    /// same depth (a memo's copy), or a number or punctuation already in JSON form.
    mutating func append(_ value: [UInt8]) {
        bytes += value
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var plain = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (byte == UInt8(ascii: "/") && escapesSlashes) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<index]))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(#"\""#)
                case UInt8(ascii: "\\"): bytes.append(#"\\"#)
                case UInt8(ascii: "/"): bytes.append(#"\/"#)
                case 0x08: bytes.append(#"\b"#)
                case 0x0C: bytes.append(#"\f"#)
                case 0x0A: bytes.append(#"\n"#)
                case 0x0D: bytes.append(#"\r"#)
                case 0x09: bytes.append(#"\t"#)
                default: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]]
                }
                plain = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func int<Number: BinaryInteger>(_ value: Number) {
        bytes += String(value).utf8
    }

    mutating func int(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    mutating func bool(_ value: Bool) {
        bytes += (value ? "true" : "false").utf8
    }

    mutating func null() {
        bytes += "null".utf8
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONText) -> Void) {
        bytes.append(open)
        let outerIsEmpty = isEmpty
        (isEmpty, depth) = (true, depth + 1)
        body(&self)
        // The encoder puts an empty line inside an empty container when it pretty-prints.
        if isEmpty, pretty { bytes.append(0x0A) }
        depth -= 1
        newline()
        bytes.append(close)
        isEmpty = outerIsEmpty
    }

    private mutating func newline() {
        guard pretty else { return }
        bytes.append(0x0A)
        bytes += repeatElement(UInt8(ascii: " "), count: 2 * depth)
    }
}
