extension JSONParser {
    // Issues are created with pointers relative to the container being read; each enclosing
    // container adds its own step as the issue passes up through it, returning or throwing.
    // That keeps path tracking off the hot path: nothing is recorded per value unless there is an issue.

    /// Records an error at `offset` and returns the failure to throw.
    mutating func fail(_ message: String, at offset: Int) -> Failure {
        issues.append(JSONIssue(.error, message, offset: offset, pointer: .root))
        issueSteps.append([])
        return Failure()
    }

    /// Records a warning at `offset`, unless `options.maxWarnings` have been recorded already.
    /// - Parameter key: The member key the warning is about, if any, below the current container.
    mutating func warn(_ message: String, at offset: Int, key: String? = nil) {
        warningCount += 1
        guard warningCount <= options.maxWarnings + 1 else { return }
        let text = warningCount <= options.maxWarnings ? message : "more than \(options.maxWarnings) warnings; the rest are not reported"
        issues.append(JSONIssue(.warning, text, offset: offset, pointer: .root))
        issueSteps.append(key.map { [Self.pointerToken($0)] } ?? [])
    }

    /// A key in an issue's pointer, cut as a diagnostic's pointer shows it: a hundred warnings
    /// under a 4 MB key would otherwise each hold a pointer of 4 MB, made whole and then cut.
    static func pointerToken(_ key: String) -> String {
        key.utf8.count > DecodingContext.messageLimit ? DecodingContext.bounded(key) : key
    }

    /// Adds `step` to the pointers of the issues from `start` on, as they leave an element or member.
    mutating func qualifyPointers(ofIssuesFrom start: Int, with step: PathStep) {
        let token = switch step {
        case .index(let index): String(index)
        case .key(let key): Self.pointerToken(key)
        }
        for position in start..<issueSteps.count {
            issueSteps[position].append(token)
        }
    }

    /// The issues with their pointers, once every enclosing container has added its step.
    func finishedIssues() -> [JSONIssue] {
        zip(issues, issueSteps).map { issue, innermostFirst in
            var issue = issue
            issue.pointer = JSONPointer(tokens: innermostFirst.reversed())
            return issue
        }
    }

    func locationText(of offset: Int) -> String {
        text.location(of: offset).description
    }

    mutating func warnDuplicate(_ key: String, at offset: Int, earlier: JSONMember) {
        let first = locationText(of: earlier.keyOffset)
        let message = earlier.key.utf8.elementsEqual(key.utf8)
            ? "duplicate key \(Self.quoted(key)) (first at \(first)); \(options.reader) keeps the first"
            : "keys equal after Unicode normalisation (\(Self.quoted(earlier.key)) first at \(first)); \(options.reader) keeps the first"
        warn(message, at: offset, key: key)
    }

    /// End of input inside a container: reported at the end, naming where the container opened.
    mutating func unterminated(_ container: String, openedAt open: Int) -> Failure {
        fail("unterminated \(container) opened at \(locationText(of: open))", at: index)
    }

    /// A byte at `index` that cannot continue the document here.
    mutating func unexpected(expecting expected: String) -> Failure {
        if isCommentStart(at: index) {
            return fail("comments are not allowed in JSON", at: index)
        }
        if utf8SequenceLength(at: index) == 0 {
            return fail(invalidUTF8Message(at: index), at: index)
        }
        return fail("expected \(expected), found \(describeByte(at: index))", at: index)
    }

    /// A byte at `index` where a value should start, with messages for the usual JSON5-isms.
    mutating func unexpectedValue() -> Failure {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "'"):
            return fail("single-quoted strings are not allowed in JSON", at: index)
        case UInt8(ascii: "+"):
            if index + 1 < bytes.count, Self.isLetter(bytes[index + 1]) { return invalidWord(at: index) }
            return fail("a number cannot start with '+' in JSON", at: index)
        case UInt8(ascii: "."):
            return fail("a number cannot start with '.' in JSON", at: index)
        case _ where Self.isLetter(byte):
            return invalidWord(at: index)
        default:
            return unexpected(expecting: "a value")
        }
    }

    /// A byte at `index` where an object key's opening quote should be.
    mutating func unexpectedKey() -> Failure {
        let byte = bytes[index]
        if byte == UInt8(ascii: "'") {
            return fail("single-quoted strings are not allowed in JSON", at: index)
        }
        if Self.isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") {
            return fail("object keys must be double-quoted strings", at: index)
        }
        return unexpected(expecting: "a string key")
    }

    /// A bare word such as `tru`, `NaN` or `-Infinity` where a value should be.
    mutating func invalidWord(at start: Int) -> Failure {
        var end = start
        if bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
        while end < bytes.count, end - start < 24, Self.isWordByte(bytes[end]) {
            end += 1
        }
        // Letters of other scripts belong to the word (`aå`): whole characters that are letters,
        // not a no-break space or a curly quote after it.
        var word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        // (Bytes that are not UTF-8, or a character cut at the end, decode to U+FFFD, no letter.)
        if end < bytes.count, bytes[end] >= 0x80 {
            let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[end..<min(bytes.count, end + 24)]), as: UTF8.self)
            word.unicodeScalars.append(contentsOf: rest.unicodeScalars.prefix { $0.properties.isAlphabetic })
        }
        switch word {
        case "NaN", "-NaN", "+NaN", "Infinity", "-Infinity", "+Infinity", "undefined":
            return fail("\(word) is not valid JSON", at: start)
        default:
            return fail("invalid literal '\(word)'; expected true, false or null", at: start)
        }
    }

    func isCommentStart(at offset: Int) -> Bool {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "/") else { return false }
        return bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".")
    }

    /// Names the byte at `offset` for a message: `'x'`, `a NUL byte`, `U+00E9`.
    func describeByte(at offset: Int) -> String {
        let byte = bytes[offset]
        switch byte {
        case 0:
            return "a NUL byte"
        case ..<0x20, 0x7F:
            return "control character \(Self.codePoint(UInt32(byte)))"
        case ..<0x80:
            return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            return Self.codePoint(decodeScalar(at: offset))
        }
    }

    /// A key as shown in messages: quoted, at most 60 scalars, with quotes, backslashes and
    /// control characters escaped.
    static func quoted(_ key: String) -> String {
        var out = "\""
        for (position, scalar) in key.unicodeScalars.enumerated() {
            guard position < 60 else { return out + "…\"" }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
