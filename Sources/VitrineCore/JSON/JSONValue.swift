/// A JSON value as read from a payload: key order kept, every value with its byte offset.
public struct JSONValue: Sendable, Equatable {
    /// The value itself.
    public enum Kind: Sendable, Equatable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, with how it was written.
        case number(JSONNumber)
        /// A string, its escapes decoded.
        case string(String)
        /// Elements in document order.
        case array([JSONValue])
        /// Members in document order; duplicates are already reduced to the first occurrence.
        case object([JSONMember])
    }

    /// The value's type and contents.
    public var kind: Kind
    /// Offset of the value's first byte in its `SourceText`.
    public var offset: Int

    /// A value of `kind` whose first byte is at `offset`.
    public init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable, Equatable {
    /// The key, its escapes decoded.
    public var key: String
    /// Offset of the key's opening quote.
    public var keyOffset: Int
    /// The member's value.
    public var value: JSONValue

    /// A member whose key's opening quote is at `keyOffset`.
    public init(key: String, keyOffset: Int, value: JSONValue) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}

/// A JSON number: its value as a `Double` and whether it was written as an integer literal.
public struct JSONNumber: Sendable, Hashable {
    /// The nearest `Double`; `±infinity` when the literal overflows (e.g. `1e400`).
    public var value: Double
    /// True when the literal had neither a fraction nor an exponent.
    public var isIntegerLiteral: Bool

    /// A number as the parser read it.
    public init(value: Double, isIntegerLiteral: Bool) {
        self.value = value
        self.isIntegerLiteral = isIntegerLiteral
    }
}

extension JSONValue {
    /// The member named `key`, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value `pointer` leads to from this one, if there is one (an object's first member of a repeated key).
    public func value(at pointer: JSONPointer) -> JSONValue? {
        var value = self
        for token in pointer.tokens {
            switch value.kind {
            case .object:
                guard let member = value[token] else { return nil }
                value = member
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                value = elements[index]
            default:
                return nil
            }
        }
        return value
    }

    /// A short name of the value's JSON type, for messages ("a string", "an object", …).
    public var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONNumber {
    /// The number as a person reads it: integers a `Double` holds exactly (up to 2⁵³) in digits
    /// without `.0`, others in shortest round-trip form (which looks as approximate as it is).
    public var displayText: String {
        if value.rounded() == value, abs(value) <= 9_007_199_254_740_992 {
            return String(Int(value))
        }
        return value.isFinite ? "\(value)" : (value < 0 ? "-∞" : "∞")
    }
}
