/// The recursive-descent parser behind `JSONReader`, working on one UTF-8 buffer.
///
/// Every method that can fail records one error issue and throws `Failure`, which ends the parse.
/// The buffer is read through unchecked subscripts, so every read is guarded by `index < bytes.count`.
struct JSONParser {
    /// Ends the parse; the error has already been appended to `issues`.
    struct Failure: Error {}

    /// One step of the path from the root to the value being read.
    enum PathComponent {
        case index(Int)
        case key(String)
    }

    /// Objects with more members than this look up duplicate keys in a dictionary, not by scanning.
    static let linearKeySearchLimit = 12

    let bytes: UnsafeBufferPointer<UInt8>
    let raw: UnsafeRawBufferPointer
    let text: SourceText
    let options: JSONReader.Options
    var index = 0
    var depth = 0
    var path: [PathComponent] = []
    var issues: [JSONIssue] = []
    /// Reused for strings with escapes, so they cost one allocation (the `String`) each.
    var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, text: SourceText, options: JSONReader.Options) {
        self.bytes = bytes
        self.raw = UnsafeRawBufferPointer(bytes)
        self.text = text
        self.options = options
    }

    /// Parses the whole buffer as one JSON text.
    /// - Returns: The top-level value, or nil after an error.
    mutating func parseDocument() -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else {
            _ = fail("no JSON value", at: index)
            return nil
        }
        do {
            let root = try parseValue()
            skipWhitespace()
            if index < bytes.count {
                throw isCommentStart(at: index)
                    ? fail("comments are not allowed in JSON", at: index)
                    : fail("unexpected content after the top-level value", at: index)
            }
            return root
        } catch {
            return nil
        }
    }

    /// Parses the value at `index`, after any whitespace; the caller has checked for end of input.
    mutating func parseValue() throws(Failure) -> JSONValue {
        skipWhitespace()
        let start = index
        guard start < bytes.count else { throw fail("expected a value", at: start) }
        switch bytes[start] {
        case UInt8(ascii: "{"):
            return try parseObject()
        case UInt8(ascii: "["):
            return try parseArray()
        case UInt8(ascii: "\""):
            return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), offset: start)
        case UInt8(ascii: "t"):
            try parseWord("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try parseWord("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try parseWord("null")
            return JSONValue(.null, offset: start)
        default:
            throw unexpectedValue()
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        let open = index
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            return closeContainer(.array(elements), openedAt: open)
        }
        elements.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw unterminated("array", openedAt: open) }
            path.append(.index(elements.count))
            elements.append(try parseValue())
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw unterminated("array", openedAt: open) }
            switch bytes[index] {
            case UInt8(ascii: ","):
                if skipComma(closedBy: UInt8(ascii: "]")) {
                    return closeContainer(.array(elements), openedAt: open)
                }
            case UInt8(ascii: "]"):
                return closeContainer(.array(elements), openedAt: open)
            default:
                throw unexpected(expecting: "',' or ']'")
            }
        }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        let open = index
        try enterContainer()
        index += 1
        var members: [JSONMember] = []
        var memberIndex: [String: Int]?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            return closeContainer(.object(members), openedAt: open)
        }
        members.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw unterminated("object", openedAt: open) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw unexpectedKey() }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else { throw unterminated("object", openedAt: open) }
            guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expecting: "':' after the key") }
            index += 1
            skipWhitespace()
            guard index < bytes.count else { throw unterminated("object", openedAt: open) }
            let earlier = Self.firstIndex(of: key, in: members, memberIndex: memberIndex)
            if let earlier {
                warnDuplicate(key, at: keyOffset, earlier: members[earlier])
            }
            path.append(.key(key))
            let value = try parseValue()
            path.removeLast()
            if earlier == nil {
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
                if memberIndex != nil {
                    memberIndex?[key] = members.count - 1
                } else if members.count > Self.linearKeySearchLimit {
                    memberIndex = Dictionary(members.indices.map { (members[$0].key, $0) }) { first, _ in first }
                }
            }
            skipWhitespace()
            guard index < bytes.count else { throw unterminated("object", openedAt: open) }
            switch bytes[index] {
            case UInt8(ascii: ","):
                if skipComma(closedBy: UInt8(ascii: "}")) {
                    return closeContainer(.object(members), openedAt: open)
                }
            case UInt8(ascii: "}"):
                return closeContainer(.object(members), openedAt: open)
            default:
                throw unexpected(expecting: "',' or '}'")
            }
        }
    }

    /// Finds a member whose key is canonically equivalent to `key` (Swift `String` equality).
    private static func firstIndex(of key: String, in members: [JSONMember], memberIndex: [String: Int]?) -> Int? {
        if let memberIndex { return memberIndex[key] }
        for index in members.indices where members[index].key == key {
            return index
        }
        return nil
    }

    // The depth is checked before recursing, so hostile nesting fails at the limit in constant
    // stack, however deep the input goes.
    private mutating func enterContainer() throws(Failure) {
        guard depth < options.maxDepth else {
            throw fail("nesting deeper than \(options.maxDepth)", at: index)
        }
        depth += 1
    }

    private mutating func closeContainer(_ kind: JSONValue.Kind, openedAt open: Int) -> JSONValue {
        index += 1
        depth -= 1
        return JSONValue(kind, offset: open)
    }

    /// Steps over the comma at `index`.
    /// - Returns: True when the comma was trailing (warned about) and the closer has been reached.
    private mutating func skipComma(closedBy closer: UInt8) -> Bool {
        let comma = index
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == closer else { return false }
        warn("trailing comma; JSON forbids it, the app's JSONDecoder accepts it", at: comma)
        return true
    }

    private mutating func parseWord(_ word: String) throws(Failure) {
        let start = index
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else { throw invalidWord(at: start) }
            index += 1
        }
        if index < bytes.count, Self.isWordByte(bytes[index]) { throw invalidWord(at: start) }
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Most calls find a token straight away; keep that check inline and the loop out of line.
        if index < bytes.count, bytes[index] > UInt8(ascii: " ") { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        // A local cursor keeps the loop in registers instead of storing `index` on every byte.
        var cursor = index
        defer { index = cursor }
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: " "):
                cursor += 1
                // Pretty-printed payloads indent with long runs of spaces: skip them a word at a time.
                while bytes.count - cursor >= 8, raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self) == 0x2020_2020_2020_2020 {
                    cursor += 8
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                cursor += 1
            default:
                return
            }
        }
    }
}
