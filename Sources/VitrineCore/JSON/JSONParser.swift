/// The recursive-descent parser behind `JSONReader`, working on one UTF-8 buffer.
///
/// Every method that can fail records one error issue and throws `Failure`, which ends the parse.
/// The buffer is read through unchecked subscripts, so every read is guarded by `index < bytes.count`.
struct JSONParser {
    /// Ends the parse; the error has already been appended to `issues`.
    struct Failure: Error {}

    /// One step down from a container: the JSON Pointer token of an element or member.
    enum PathStep {
        case index(Int)
        case key(String)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let raw: UnsafeRawBufferPointer
    let text: SourceText
    let options: JSONReader.Options
    var index = 0
    var depth = 0
    /// The issues found so far; their pointers are filled in by `finishedIssues()`.
    var issues: [JSONIssue] = []
    /// The pointer tokens of each issue, innermost first, added as the issue leaves each container.
    var issueSteps: [[String]] = []
    /// Warnings found so far, including those past the limit that were not recorded.
    var warningCount = 0
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
            elements.append(try parseValue(at: .index(elements.count)))
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
            let earlier = Self.earlierMember(matching: key, in: members, memberIndex)
            if let earlier {
                warnDuplicate(key, at: keyOffset, earlier: members[earlier])
            }
            let value = try parseValue(at: .key(key))
            if earlier == nil {
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
                Self.index(members, in: &memberIndex)
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

    /// Parses an element's or member's value, adding `step` to the pointers of any issues in it.
    @inline(__always)
    private mutating func parseValue(at step: PathStep) throws(Failure) -> JSONValue {
        let issueCount = issues.count
        do {
            let value = try parseValue()
            if issues.count != issueCount { qualifyPointers(ofIssuesFrom: issueCount, with: step) }
            return value
        } catch {
            qualifyPointers(ofIssuesFrom: issueCount, with: step)
            throw error
        }
    }

    // The depth is checked before recursing, so hostile nesting fails at the limit in constant
    // stack, however deep the input goes.
    private mutating func enterContainer() throws(Failure) {
        guard depth < options.maxDepth else {
            throw fail("nesting deeper than \(options.maxDepth)" + (options.depthSetting.map { " (\($0))" } ?? ""), at: index)
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
