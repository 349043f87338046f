/// A strict RFC 8259 reader that keeps every value's byte offset and reports problems with positions.
///
/// Leniencies, each reported as a warning: a trailing comma in an array or object, UTF-16 input
/// (transcoded to UTF-8), and duplicate keys (the first occurrence is kept, as the app's
/// `JSONDecoder` does). A UTF-8 BOM is removed silently. Everything else that RFC 8259 forbids is
/// an error that stops the read.
public struct JSONReader {
    /// Limits that protect the reader from hostile input.
    public struct Options: Sendable {
        /// The deepest nesting of arrays and objects that is accepted (Foundation's limit).
        public var maxDepth = 512
        /// The longest string literal accepted, in bytes of source text.
        public var maxStringBytes = 4 << 20
        /// The most warnings recorded for one document; one more says that the rest were dropped.
        public var maxWarnings = 100
        /// What messages call the document (`payload is UTF-16`) and who reads it, keeping a
        /// duplicate key's first value (`the app keeps the first`).
        public var documentName = "payload", reader = "the app"
        /// Where the user sets `maxDepth` and `maxStringBytes`, named after their messages
        /// (`limits.depth in vitrine.json`); nil when they are not the user's to set.
        public var depthSetting: String?, stringBytesSetting: String?

        /// The default limits.
        public init() {}
    }

    /// Reads one JSON document from the raw bytes of a file.
    /// - Parameters:
    ///   - data: The file's bytes: UTF-8 with or without a BOM, or UTF-16 (accepted with a warning).
    ///   - options: The limits to enforce.
    /// - Returns: The value (nil after an error), the issues in document order, and the decoded text.
    public static func read(_ data: [UInt8], options: Options = .init()) -> JSONReadResult {
        var issues: [JSONIssue] = []
        let bytes: [UInt8]
        switch JSONTextEncoding.detect(in: data) {
        case .utf8:
            bytes = data
        case .utf8WithBOM:
            bytes = Array(data.dropFirst(3))
        case .utf32:
            issues.append(JSONIssue(.error, "\(options.documentName) is UTF-32; JSON must be UTF-8 (RFC 8259 §8.1); not read", offset: 0, pointer: .root))
            return JSONReadResult(root: nil, issues: issues, text: SourceText(bytes: []))
        case .utf16(let bigEndian, let bomLength):
            issues.append(JSONIssue(.warning, "\(options.documentName) is UTF-16; JSON must be UTF-8 (RFC 8259 §8.1)", offset: 0, pointer: .root))
            let transcoded = JSONTextEncoding.transcodeUTF16(data.dropFirst(bomLength), bigEndian: bigEndian)
            bytes = transcoded.bytes
            if let failure = transcoded.failure {
                issues.append(JSONIssue(.error, failure, offset: bytes.count, pointer: .root))
                return JSONReadResult(root: nil, issues: issues, text: SourceText(bytes: bytes))
            }
        }
        let text = SourceText(bytes: bytes)
        if data.isEmpty {
            issues.append(JSONIssue(.error, "empty file", offset: 0, pointer: .root))
            return JSONReadResult(root: nil, issues: issues, text: text)
        }
        let root = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, text: text, options: options)
            let root = parser.parseDocument()
            issues += parser.finishedIssues()
            return root
        }
        return JSONReadResult(root: root, issues: issues, text: text)
    }
}

/// What `JSONReader.read` found: the value, the problems, and the text their offsets refer to.
public struct JSONReadResult: Sendable {
    /// The document's top-level value; nil when there was a fatal syntax error.
    public var root: JSONValue?
    /// Warnings and at most one error, in document order.
    public var issues: [JSONIssue]
    /// The decoded UTF-8 text; the offsets of values and issues index into `text.bytes`.
    public var text: SourceText

    /// Bundles a read's outcome.
    public init(root: JSONValue?, issues: [JSONIssue], text: SourceText) {
        self.root = root
        self.issues = issues
        self.text = text
    }
}

/// A problem the reader found, positioned by byte offset and JSON Pointer.
public struct JSONIssue: Sendable, Hashable {
    /// Whether the read could go on (warning) or stopped (error).
    public var severity: Severity
    /// A one-line description for people, without position or pointer.
    public var message: String
    /// The byte offset of the problem in `JSONReadResult.text.bytes`.
    public var offset: Int
    /// The value being read when the problem was found, or its container between values.
    public var pointer: JSONPointer

    /// Creates an issue.
    public init(_ severity: Severity, _ message: String, offset: Int, pointer: JSONPointer) {
        self.severity = severity
        self.message = message
        self.offset = offset
        self.pointer = pointer
    }
}
