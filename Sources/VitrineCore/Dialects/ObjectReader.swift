/// Reads the members of one payload object with located type errors, and reports unknown keys.
///
/// Every accessor marks its key as known; `finish` warns about the members nobody asked for.
public struct ObjectReader {
    /// The object being read.
    public let value: JSONValue
    /// Where the object is in the document.
    public let pointer: JSONPointer
    private let members: [JSONMember]
    /// Which members an accessor asked for, by index (a bit each; objects rarely have more than 64 keys).
    private var knownMask: UInt64 = 0
    private var knownBeyond64: Set<Int> = []
    /// Where this object's keys start in `DecodingContext.missingKeys`.
    private let missingFrom: Int

    /// Wraps `value`, or reports an error and returns nil when it is not an object.
    public init?(_ value: JSONValue, at pointer: JSONPointer, what: String, context: inout DecodingContext) {
        guard case .object(let members) = value.kind else {
            context.report(.error, "expected \(what) object, found \(value.typeDescription)", at: value, pointer: pointer)
            return nil
        }
        self.value = value
        self.pointer = pointer
        self.members = members
        missingFrom = context.missingKeys.count
    }

    /// The raw member `key`, marking it known; reports a missing required key.
    public mutating func member(_ key: String, required: Bool = false, context: inout DecodingContext) -> JSONValue? {
        guard let index = members.firstIndex(where: { $0.key == key }) else {
            context.missingKeys.append(key)
            if required {
                context.report(.error, "missing key `\(key)`", at: value, pointer: pointer)
            }
            return nil
        }
        markKnown(index)
        let found = members[index].value
        if case .null = found.kind {
            if required {
                context.report(.error, "`\(key)` is required but is null", at: found, pointer: pointer.appending(key))
            }
            return nil
        }
        return found
    }

    /// Every member key of the object, in document order.
    public var keys: [String] { members.map(\.key) }

    /// Marks keys as known without reading them (keys the app decodes but never uses).
    public mutating func accept(_ keys: [String]) {
        for (index, member) in members.enumerated() where keys.contains(member.key) { markKnown(index) }
    }

    /// Marks every member as known (an object whose extra keys are all passed on).
    public mutating func acceptAll() {
        knownMask = ~0
        if members.count > 64 { knownBeyond64 = Set(64..<members.count) }
    }

    private mutating func markKnown(_ index: Int) {
        if index < 64 { knownMask |= 1 << UInt64(index) } else { knownBeyond64.insert(index) }
    }

    private func isKnown(_ index: Int) -> Bool {
        index < 64 ? knownMask & (1 << UInt64(index)) != 0 : knownBeyond64.contains(index)
    }

    /// A string member.
    public mutating func string(_ key: String, required: Bool = false, context: inout DecodingContext) -> String? {
        guard let found = member(key, required: required, context: &context) else { return nil }
        guard case .string(let string) = found.kind else {
            return typeError(key, "a string", found, &context)
        }
        return string
    }

    /// A boolean member.
    public mutating func bool(_ key: String, required: Bool = false, context: inout DecodingContext) -> Bool? {
        guard let found = member(key, required: required, context: &context) else { return nil }
        guard case .bool(let flag) = found.kind else {
            return typeError(key, "a boolean", found, &context)
        }
        return flag
    }

    /// A finite number member; out-of-range literals are errors.
    public mutating func number(_ key: String, required: Bool = false, context: inout DecodingContext) -> Double? {
        guard let found = member(key, required: required, context: &context) else { return nil }
        return Self.number(found, at: pointer.appending(key), context: &context)
    }

    /// A length in points: a finite number, clamped to ±100 000 with a warning (CSS cannot draw more).
    public mutating func length(_ key: String, required: Bool = false, context: inout DecodingContext) -> Double? {
        guard let found = member(key, required: required, context: &context) else { return nil }
        return Self.length(found, at: pointer.appending(key), context: &context)
    }

    /// A length that cannot be negative (a corner radius, a line width): a negative one is drawn
    /// as 0, with a warning, since CSS has no negative radius or stroke.
    public mutating func size(_ key: String, required: Bool = false, context: inout DecodingContext) -> Double? {
        guard let found = member(key, required: required, context: &context) else { return nil }
        let isNegative = if case .number(let number) = found.kind { number.value < 0 } else { false }
        guard isNegative else { return Self.length(found, at: pointer.appending(key), context: &context) }
        context.report(.warning, "negative \(key) drawn as 0", at: found, pointer: pointer.appending(key))
        return 0
    }

    /// Reads a JSON number as a length in points, clamped to ±100 000 with a warning.
    public static func length(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, context: inout DecodingContext) -> Double? {
        guard let number = number(value, at: pointer(), context: &context) else { return nil }
        return clamped(number, value, at: pointer(), context: &context)
    }

    /// A length read from `value` (a number, or a numeric string), clamped to ±100 000 with a warning.
    public static func clamped(_ number: Double, _ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, context: inout DecodingContext) -> Double {
        let bound = 100_000.0
        guard abs(number) > bound else { return number }
        context.report(.warning, "length beyond ±100000 clamped", at: value, pointer: pointer())
        return number < 0 ? -bound : bound
    }

    /// An integer member; fractions and out-of-range values are errors.
    public mutating func integer(_ key: String, required: Bool = false, context: inout DecodingContext) -> Int? {
        guard let found = member(key, required: required, context: &context) else { return nil }
        guard case .number(let number) = found.kind else {
            return typeError(key, "an integer", found, &context)
        }
        guard number.value.rounded() == number.value, number.value.isFinite else {
            context.report(.error, "expected an integer, found \(number.value.isFinite ? "a fraction" : "a number out of range")",
                           at: found, pointer: pointer.appending(key))
            return nil
        }
        // The app's `Int` holds 64 bits; past 2⁵³ a `Double` is not exact, so an integer literal's
        // digits decide (`1e16` and `1.0e16` are as exact as the `Double` is).
        let exact = number.value.magnitude < 0x1p53 ? Int(exactly: number.value)
            : context.integerDigits(of: found).map { Int($0) } ?? Int(exactly: number.value)
        guard let integer = exact else {
            context.report(.error, "integer out of range", at: found, pointer: pointer.appending(key))
            return nil
        }
        return integer
    }

    /// An object member, wrapped in its own reader.
    public mutating func object(_ key: String, what: String, required: Bool = false, context: inout DecodingContext) -> ObjectReader? {
        guard let found = member(key, required: required, context: &context) else { return nil }
        return ObjectReader(found, at: pointer.appending(key), what: what, context: &context)
    }

    /// An array member's elements.
    public mutating func array(_ key: String, required: Bool = false, context: inout DecodingContext) -> [JSONValue]? {
        guard let found = member(key, required: required, context: &context) else { return nil }
        guard case .array(let elements) = found.kind else {
            return typeError(key, "an array", found, &context)
        }
        return elements
    }

    /// Warns about every member that no accessor asked for.
    /// `elsewhere` names where a key this object does not take belongs (`locale` → `feed.locale`).
    public func finish(context: inout DecodingContext, unknownKeyNote: String = "the app ignores it", elsewhere: [String: String] = [:]) {
        // What an unknown key most likely misspells: a key this object was asked for and does not
        // have (`txt` for `text`; not `width` for `widht`, which `frame` takes).
        // Copied only for an object that has unknown keys; the buffer drops this object's either way.
        let end = context.missingKeys.count
        var missing: [String]?
        for (index, member) in members.enumerated() where !isKnown(index) {
            var meant = elsewhere[member.key]
            if meant == nil, missingFrom < end {
                missing = missing ?? Array(context.missingKeys[missingFrom..<end])
                meant = Misspelling.likelyMeant(member.key, among: missing ?? [], orLonger: true)
            }
            let note = meant.map { "\(unknownKeyNote); did you mean `\($0)`?" } ?? unknownKeyNote
            context.ignored("unknown key `\(member.key)`; \(note)", offset: member.keyOffset, pointer: pointer.appending(member.key))
        }
        if missingFrom < end { context.missingKeys.removeSubrange(missingFrom..<end) }
    }

    /// Reads a JSON number as a finite `Double`, reporting anything else.
    public static func number(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, context: inout DecodingContext) -> Double? {
        guard case .number(let number) = value.kind else {
            context.report(.error, "expected a number, found \(value.typeDescription)", at: value, pointer: pointer())
            return nil
        }
        guard number.value.isFinite else {
            context.report(.error, "number out of range", at: value, pointer: pointer())
            return nil
        }
        guard number.value != 0 || !context.underflows(value) else {
            context.report(.error, underflowMessage, at: value, pointer: pointer())
            return nil
        }
        return number.value
    }

    /// The error of a number too small for a `Double`, which the app's JSONDecoder rejects (the
    /// reader's general warning about it is then left out).
    static let underflowMessage = "number out of range: too small for a Double, which the app's JSONDecoder rejects"

    private func typeError<T>(_ key: String, _ expected: String, _ found: JSONValue, _ context: inout DecodingContext) -> T? {
        context.report(.error, "expected \(expected), found \(found.typeDescription)", at: found, pointer: pointer.appending(key))
        return nil
    }
}
