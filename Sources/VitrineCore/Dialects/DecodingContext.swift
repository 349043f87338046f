/// Collects diagnostics while a dialect decodes one file, and locates values in it.
public struct DecodingContext: Sendable {
    /// The file's path relative to the input root.
    public let file: String
    private let text: SourceText
    private var recorded: [Diagnostic] = []
    /// Where the file has values the app reads past (an unknown key, a modifier a shape ignores):
    /// changing them changes nothing drawn.
    public private(set) var ignoredByApp: Set<JSONPointer> = []
    /// Values the app reads as another spelling (`"left"` in a v stack is `"leading"`, an
    /// alignment a stack does not take is `"center"`): where, and the spelling it reads.
    public private(set) var readAs: [JSONPointer: String] = [:]
    /// The keys the open objects asked for and do not have, each object's after its parent's:
    /// what an unknown key of that object most likely misspells (`ObjectReader.finish`).
    var missingKeys: [String] = []
    private var suppressed = 0
    private var suppressedErrors = 0

    /// Problems kept per file; the rest are counted in one last diagnostic, so a huge broken file
    /// neither floods the output nor spends its time locating thousands of positions.
    public static let maxDiagnostics = 500

    /// The problems found, at most `maxDiagnostics` of them, then one that counts the rest.
    public var diagnostics: [Diagnostic] {
        suppressed > 0 ? recorded + [Diagnostic.notShown(suppressed, errors: suppressedErrors, file: file)] : recorded
    }

    /// How many problems are kept so far: `couldNotRead(_:since:)` reads those after them.
    var keptCount: Int { recorded.count }

    /// A placeholder's label for `what` (`container`), which could not be read, with why: the
    /// first error kept after the first `count` problems. A view that cannot be read says why
    /// in the render too (a root container without its alignment is the whole screen, its
    /// reason below the fold).
    func couldNotRead(_ what: String, since count: Int) -> String {
        what + " could not be read" + (recorded.dropFirst(count).first { $0.severity == .error }.map { ": " + $0.message } ?? "")
    }

    /// An empty context for `file` (relative to the input root), locating offsets in `text`.
    public init(file: String, text: SourceText) {
        self.file = file
        self.text = text
    }

    /// The 1-based line of a byte offset of the file.
    public func line(of offset: Int) -> Int {
        text.line(of: offset)
    }

    /// The line and column of a byte offset of the file.
    public func location(of offset: Int) -> SourceLocation {
        text.location(of: offset)
    }

    /// An integer literal's digits as written (`9007199254740993`, which a `Double` rounds).
    public func integerDigits(of value: JSONValue) -> String? {
        text.integerDigits(value)
    }

    /// Whether a number is too small for a `Double` (`SourceText.underflows`).
    public func underflows(_ value: JSONValue) -> Bool {
        text.underflows(value)
    }

    /// The source reference of a value read at `pointer`.
    public func source(of value: JSONValue, at pointer: JSONPointer) -> SourceRef {
        SourceRef(pointer: pointer, offset: value.offset)
    }

    /// Records a problem at the position of `value`.
    public mutating func report(_ severity: Severity, _ message: String, at value: JSONValue, pointer: JSONPointer) {
        report(severity, message, offset: value.offset, pointer: pointer)
    }

    /// Records a warning about a value the app reads past, and where it is (`ignoredByApp`).
    public mutating func ignored(_ message: String, offset: Int, pointer: JSONPointer) {
        ignoredByApp.insert(pointer)
        report(.warning, message, offset: offset, pointer: pointer)
    }

    /// Records that the value at `pointer` is read as `spelling`, another way to write it.
    public mutating func read(_ pointer: JSONPointer, as spelling: String) {
        readAs[pointer] = spelling
    }

    /// Records where a value is that the app reads past without a word (a header icon's `id`).
    public mutating func readPast(_ pointer: JSONPointer) {
        ignoredByApp.insert(pointer)
    }

    /// Records a problem at a byte offset.
    public mutating func report(_ severity: Severity, _ message: String, offset: Int, pointer: JSONPointer) {
        guard recorded.count < Self.maxDiagnostics else {
            suppressed += 1
            if severity == .error { suppressedErrors += 1 }
            return
        }
        recorded.append(Diagnostic(severity, Self.bounded(message), file: file, location: text.location(of: offset), pointer: Self.bounded(pointer)))
    }

    /// `pointer` with each token past `messageLimit` scalars cut in its middle: a pointer to a
    /// 1 MB key still says where it is, in a line of index.json rather than a megabyte.
    static func bounded(_ pointer: JSONPointer) -> JSONPointer {
        // No token is longer than the whole pointer: most are let through without splitting it.
        guard pointer.description.utf8.count > messageLimit, pointer.tokens.contains(where: { $0.utf8.count > messageLimit }) else { return pointer }
        return JSONPointer(tokens: pointer.tokens.map(bounded))
    }

    /// Messages quote payload text (a key, a type name): past this many scalars, the middle
    /// is left out, so a 1 MB key makes a line of a terminal, not a megabyte.
    static let messageLimit = 240

    /// `message`, its middle cut to `messageLimit` scalars: the start names the problem and
    /// the end says what the app does.
    static func bounded(_ message: String) -> String {
        let scalars = message.unicodeScalars
        guard scalars.count > messageLimit else { return message }
        let head = scalars.prefix(messageLimit * 3 / 5), tail = scalars.suffix(messageLimit * 2 / 5 - 1)
        return String(String.UnicodeScalarView(head)) + "…" + String(String.UnicodeScalarView(tail))
    }

}
