import Testing
@testable import VitrineCore

/// One row of a reader table: an input and what must come out of it.
struct JSONReaderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: [UInt8]
    /// A value dump for accepted inputs; `"L:C message-fragment"` for issues.
    let expected: String

    var testDescription: String { name }

    /// A case whose input is the UTF-8 of `json`.
    init(_ name: String, _ json: String, _ expected: String) {
        self.name = name
        self.input = Array(json.utf8)
        self.expected = expected
    }

    /// A case whose input is `json` with every `\xHH` replaced by that raw byte.
    init(_ name: String, bytes json: String, _ expected: String) {
        self.name = name
        self.input = Self.decodeByteEscapes(json)
        self.expected = expected
    }

    /// A case with raw bytes.
    init(_ name: String, raw: [UInt8], _ expected: String) {
        self.name = name
        self.input = raw
        self.expected = expected
    }

    private static func decodeByteEscapes(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "\\"), utf8.first == UInt8(ascii: "x"), utf8.count >= 3,
               let value = UInt8(String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16) {
                out.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                out.append(byte)
            }
        }
        return out
    }
}

extension JSONReadResult {
    /// The issues of one severity as `"L:C message"` strings.
    func described(_ severity: Severity) -> [String] {
        issues.filter { $0.severity == severity }.map { "\(text.location(of: $0.offset)) \($0.message)" }
    }

    /// The single error, if any.
    var firstError: JSONIssue? {
        issues.first { $0.severity == .error }
    }
}

/// Checks an `"L:C fragment"` expectation against an issue's position and message.
func issueMatches(_ issue: JSONIssue?, in result: JSONReadResult, _ expected: String) -> Bool {
    guard let issue else { return false }
    let location = expected.prefix { $0 != " " }
    let fragment = expected.dropFirst(location.count + 1)
    return result.text.location(of: issue.offset).description == location && issue.message.contains(fragment)
}

/// A compact, exact rendering of a value: integer literals print without a fraction, strings
/// escape everything outside printable ASCII as `\u{…}`, so NFC and NFD spellings differ.
func dumpJSON(_ value: JSONValue) -> String {
    switch value.kind {
    case .null:
        return "null"
    case .bool(let flag):
        return String(flag)
    case .number(let number):
        if number.isIntegerLiteral, number.value == 0, number.value.sign == .minus { return "-0" }
        if number.isIntegerLiteral, let integer = Int(exactly: number.value) { return String(integer) }
        return String(number.value)
    case .string(let string):
        return dumpJSON(string)
    case .array(let elements):
        return "[" + elements.map(dumpJSON).joined(separator: ",") + "]"
    case .object(let members):
        return "{" + members.map { dumpJSON($0.key) + ":" + dumpJSON($0.value) }.joined(separator: ",") + "}"
    }
}

private func dumpJSON(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
        switch scalar.value {
        case 0x22: out += "\\\""
        case 0x5C: out += "\\\\"
        case 0x20..<0x7F: out.unicodeScalars.append(scalar)
        default: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }
    return out + "\""
}
