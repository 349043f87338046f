import Testing
@testable import VitrineCore

/// The front-door contract of bad-inputs.md §4 A and B01–B04, with the positions written there.
@Suite struct JSONReaderTests {
    static let syntaxErrors: [JSONReaderCase] = [
        JSONReaderCase("A01 empty file", "", "1:1 empty file"),
        JSONReaderCase("A02 whitespace only", " \n\t\n", "3:1 no JSON value"),
        JSONReaderCase("A03 truncated", #"{"id":"home","components":["#, "1:28 unterminated array opened at 1:27"),
        JSONReaderCase("A04 trailing garbage", #"{"id":"home"} x"#, "1:15 unexpected content after the top-level value"),
        JSONReaderCase("A06 block comment", #"{"id":"home" /* c */}"#, "1:14 comments are not allowed in JSON"),
        JSONReaderCase("A06 line comment", "{\"id\":\"home\" // c\n}", "1:14 comments are not allowed in JSON"),
        JSONReaderCase("A07 single-quoted key", #"{'id':'home'}"#, "1:2 single-quoted strings are not allowed"),
        JSONReaderCase("A07 single-quoted value", #"{"id":'home'}"#, "1:7 single-quoted strings are not allowed"),
        JSONReaderCase("A07 bare key", #"{id:"home"}"#, "1:2 object keys must be double-quoted strings"),
        JSONReaderCase("A07 NaN", #"{"w":NaN}"#, "1:6 NaN is not valid JSON"),
        JSONReaderCase("A07 Infinity", #"{"w":Infinity}"#, "1:6 Infinity is not valid JSON"),
        JSONReaderCase("A07 -Infinity", #"{"w":-Infinity}"#, "1:6 -Infinity is not valid JSON"),
        JSONReaderCase("A07 hex", #"{"w":0x1F}"#, "1:6 hexadecimal numbers are not allowed"),
        JSONReaderCase("A07 leading plus", #"{"w":+1}"#, "1:6 a number cannot start with '+'"),
        JSONReaderCase("A07 leading dot", #"{"w":.5}"#, "1:6 a number cannot start with '.'"),
        JSONReaderCase("A07 leading zero", #"{"w":01}"#, "1:6 leading zeros are not allowed"),
        JSONReaderCase("A08 raw tab in a string", "[\"a\tb\"]", "1:4 raw control character U+0009 in a string; escape it as \\t"),
        JSONReaderCase("A09 invalid UTF-8 in a string", bytes: #"{"text":"a\xffb"}"#, "1:11 invalid UTF-8 byte 0xFF"),
        JSONReaderCase("A10 invalid UTF-8 in a key", bytes: #"{"\xc3\x28":"x"}"#, "1:3 invalid UTF-8 byte 0xC3 (truncated sequence)"),
        JSONReaderCase("A11 lone surrogate escape", #"{"text":"\ud800"}"#, #"1:10 lone surrogate \uD800"#),
        JSONReaderCase("A14 NUL outside a string", bytes: #"[\x00]"#, "1:2 expected a value, found a NUL byte"),
        JSONReaderCase("A15 NUL inside a string", bytes: #"{"text":"a\x00b"}"#, "1:11 raw control character U+0000"),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxErrorsStopTheReadAtTheirPosition(_ example: JSONReaderCase) {
        let result = JSONReader.read(example.input)
        #expect(result.root == nil)
        #expect(result.issues.count == 1)
        #expect(issueMatches(result.firstError, in: result, example.expected), "\(result.described(.error))")
    }

    @Test func truncatedInputPointsAtTheUnterminatedContainer() {
        let result = JSONReader.read(Array(#"{"id":"home","components":["#.utf8))
        #expect(result.firstError?.pointer.description == "/components")
    }

    @Test func trailingCommaIsAWarningAtTheComma() {
        let result = JSONReader.read(Array(#"{"id":"home","components":[{"type":"text","text":"hi"},]}"#.utf8))
        #expect(result.described(.warning) == ["1:55 trailing comma; JSON forbids it, the app's JSONDecoder accepts it"])
        #expect(result.issues.first?.pointer.description == "/components")
        #expect(result.root.map(dumpJSON) == #"{"id":"home","components":[{"type":"text","text":"hi"}]}"#)
    }

    @Test func trailingCommaInAnObjectIsAWarningToo() {
        let result = JSONReader.read(Array(#"{"id":0,}"#.utf8))
        #expect(result.described(.warning) == ["1:8 trailing comma; JSON forbids it, the app's JSONDecoder accepts it"])
        #expect(result.root.map(dumpJSON) == #"{"id":0}"#)
    }

    @Test func utf8ByteOrderMarkIsStrippedAndNotCounted() {
        let accepted = JSONReader.read([0xEF, 0xBB, 0xBF] + Array(#"{"id":"home"}"#.utf8))
        #expect(accepted.issues.isEmpty)
        #expect(accepted.root.map(dumpJSON) == #"{"id":"home"}"#)
        #expect(accepted.text.bytes.first == UInt8(ascii: "{"))

        // Foundation reports "character 3" here, counted after the BOM; so do we (as 1:4).
        let rejected = JSONReader.read([0xEF, 0xBB, 0xBF] + Array("[1,,]".utf8))
        #expect(rejected.firstError?.offset == 3)
        #expect(issueMatches(rejected.firstError, in: rejected, "1:4 expected a value, found ','"))
    }

    @Test func utf16IsTranscodedWithAWarningAndPositionsInTheDecodedText() throws {
        let json = #"{"a":"é😀",}"#
        let littleEndianWithBOM: [UInt8] = [0xFF, 0xFE] + json.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndianWithoutBOM: [UInt8] = json.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for input in [littleEndianWithBOM, bigEndianWithoutBOM] {
            let result = JSONReader.read(input)
            #expect(result.described(.warning) == [
                "1:1 payload is UTF-16; JSON must be UTF-8 (RFC 8259 §8.1)",
                "1:10 trailing comma; JSON forbids it, the app's JSONDecoder accepts it",
            ])
            #expect(result.root.map(dumpJSON) == #"{"a":"\u{E9}\u{1F600}"}"#)
            #expect(result.text.bytes == Array(json.utf8))
        }
    }

    @Test func escapedNulIsKeptAsAScalar() throws {
        let result = JSONReader.read(Array(#"{"text":"A\u0000B"}"#.utf8))
        #expect(result.issues.isEmpty)
        let text = try #require(result.root?["text"])
        #expect(text.kind == .string("A\u{0}B"))
        if case .string(let string) = text.kind { #expect(string.utf8.count == 3) }
    }

    @Test func nestingOf512IsAcceptedAnd513IsAnErrorAtTheDeepestOpener() {
        let deepest = JSONReader.read(Array((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8))
        #expect(deepest.issues.isEmpty)
        #expect(deepest.root != nil)

        let tooDeep = JSONReader.read(Array((String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).utf8))
        #expect(tooDeep.root == nil)
        #expect(issueMatches(tooDeep.firstError, in: tooDeep, "1:513 nesting deeper than 512"))
        #expect(tooDeep.firstError?.pointer.tokens.count == 512)
    }

    @Test(arguments: [
        ("A18 100 000 brackets", "[", 100_000, "1:513 nesting deeper than 512"),
        ("A19 array-object chain", #"[{"":"#, 50_000, "1:1281 nesting deeper than 512"),
    ])
    func hostileNestingFailsFastWithoutOverflowingTheStack(_ name: String, _ unit: String, _ count: Int, _ expected: String) {
        let input = Array(String(repeating: unit, count: count).utf8)
        let clock = ContinuousClock()
        var result: JSONReadResult?
        let elapsed = clock.measure { result = JSONReader.read(input) }
        #expect(elapsed < .milliseconds(100), "\(name) took \(elapsed)")
        if let result { #expect(issueMatches(result.firstError, in: result, expected), "\(result.described(.error))") }
    }

    @Test func duplicateKeyKeepsTheFirstValueAndWarnsAtTheLaterKey() {
        let result = JSONReader.read(Array(#"{"id":"home","title":"first","title":"second"}"#.utf8))
        #expect(result.described(.warning) == [#"1:30 duplicate key "title" (first at 1:14); the app keeps the first"#])
        #expect(result.issues.first?.pointer.description == "/title")
        #expect(result.root.map(dumpJSON) == #"{"id":"home","title":"first"}"#)
    }

    @Test(arguments: [
        JSONReaderCase("A22 NFD by escape", #"{"caf\#u{E9}":1,"cafe\u0301":2}"#, #"1:11 keys equal after Unicode normalisation ("café" first at 1:2)"#),
        JSONReaderCase("A22 NFD raw", "{\"caf\u{E9}\":1,\"cafe\u{301}\":2}", #"1:11 keys equal after Unicode normalisation ("café" first at 1:2)"#),
        JSONReaderCase("Kelvin sign equals K", "{\"K\":1,\"\u{212A}\":2}", #"1:8 keys equal after Unicode normalisation ("K" first at 1:2)"#),
        JSONReaderCase("same key spelled by escape", #"{"a":1,"\u0061":2}"#, #"1:8 duplicate key "a" (first at 1:2)"#),
    ])
    func canonicallyEquivalentKeysKeepTheFirstValue(_ example: JSONReaderCase) {
        let result = JSONReader.read(example.input)
        #expect(result.issues.count == 1)
        #expect(result.issues.first?.severity == .warning)
        #expect(issueMatches(result.issues.first, in: result, example.expected), "\(result.described(.warning))")
        if case .object(let members) = result.root?.kind {
            #expect(members.count == 1)
            #expect(members.first.map { dumpJSON($0.value) } == "1")
        } else {
            Issue.record("expected an object")
        }
    }

    @Test func duplicatesInLargeObjectsAreFoundThroughTheIndex() {
        let members = (0..<100).map { #""k\#($0)":\#($0)"# } + [#""k7":"again""#, #""caf\#u{E9}":1"#, "\"cafe\u{301}\":2"]
        let result = JSONReader.read(Array(("{" + members.joined(separator: ",") + "}").utf8))
        #expect(result.issues.map(\.message) == [
            #"duplicate key "k7" (first at 1:51); the app keeps the first"#,
            #"keys equal after Unicode normalisation ("café" first at 1:895); the app keeps the first"#,
        ])
        guard case .object(let kept) = result.root?.kind else {
            Issue.record("no object read: \(String(describing: result.root))")
            return
        }
        #expect(kept.count == 101)
        #expect(kept[7].value.kind == .number(JSONNumber(value: 7, isIntegerLiteral: true)))
    }

    @Test func jsonPointerOfAnErrorFollowsKeysAndIndices() {
        let nested = JSONReader.read(Array(#"{"a":[1,{"b":tru}]}"#.utf8))
        #expect(nested.firstError?.pointer.description == "/a/1/b")
        #expect(issueMatches(nested.firstError, in: nested, "1:14 invalid literal 'tru'"))

        let escaped = JSONReader.read(Array(#"{"a/b~c":{"w":"x" "y"}}"#.utf8))
        #expect(escaped.firstError?.pointer.description == "/a~1b~0c")
        let inValue = JSONReader.read(Array(#"{"a/b~c":{"w":nope}}"#.utf8))
        #expect(inValue.firstError?.pointer.description == "/a~1b~0c/w")
    }

    @Test func valuesAndMembersKeepTheirByteOffsets() throws {
        let result = JSONReader.read(Array("{\n  \"a\": [true, \"é\", 2]\n}".utf8))
        let root = try #require(result.root)
        guard case .object(let members) = root.kind, let member = members.first,
              case .array(let elements) = member.value.kind else {
            Issue.record("unexpected shape \(dumpJSON(root))")
            return
        }
        #expect(root.offset == 0)
        #expect(member.keyOffset == 4)
        #expect(member.value.offset == 9)
        #expect(elements.map(\.offset) == [10, 16, 22])
        #expect(result.text.location(of: elements[2].offset) == VitrineCore.SourceLocation(line: 2, column: 20))
    }

    @Test(arguments: [
        ("B01 zero with exponent", #"{"frame":{"width":0e1}}"#, 0.0, false),
        ("B02 overflow is infinity, not an error", #"{"fontSize":1e400}"#, Double.infinity, false),
        ("B02 negative overflow", #"{"fontSize":-1e400}"#, -Double.infinity, false),
        ("B03 integer beyond UInt64", #"{"lineLimit":18446744073709551616}"#, 18446744073709551616.0, true),
        ("B04 fraction", #"{"lineLimit":12.5}"#, 12.5, false),
        ("underflow is zero, with a warning (the app's decoder rejects it)", #"{"x":123e-10000000}"#, 0.0, false),
    ])
    func numbersAreReadAsDoublesAndLeaveRangeChecksToTheDecoder(_ name: String, _ json: String, _ value: Double, _ isInteger: Bool) throws {
        let result = JSONReader.read(Array(json.utf8))
        #expect(result.issues.map(\.severity) == (name.hasPrefix("underflow") ? [.warning] : []), "\(name)")
        var leaf = try #require(result.root)
        while case .object(let members) = leaf.kind, let first = members.first { leaf = first.value }
        #expect(leaf.kind == .number(JSONNumber(value: value, isIntegerLiteral: isInteger)), "\(name)")
    }

    @Test func stringLongerThanTheLimitIsAnErrorAtItsQuote() {
        var options = JSONReader.Options()
        options.maxStringBytes = 8
        #expect(JSONReader.read(Array(#"["12345678"]"#.utf8), options: options).issues.isEmpty)
        let result = JSONReader.read(Array(#"["123456789"]"#.utf8), options: options)
        #expect(issueMatches(result.firstError, in: result, "1:2 string longer than 8 bytes"))

        let huge = JSONReader.read(Array(("[\"" + String(repeating: "x", count: 5 << 20) + "\"]").utf8))
        #expect(issueMatches(huge.firstError, in: huge, "1:2 string longer than 4194304 bytes"))
    }

    @Test func warningsInsideNestedContainersCarryTheirPointer() {
        let result = JSONReader.read(Array(#"{"views":[{"a":1,"a":2},[3,]]}"#.utf8))
        #expect(result.issues.map(\.pointer.description) == ["/views/0/a", "/views/1"])
        #expect(result.root.map(dumpJSON) == #"{"views":[{"a":1},[3]]}"#)
    }

    @Test func warningsStopAtTheLimitWithOneNote() {
        var options = JSONReader.Options()
        options.maxWarnings = 2
        let result = JSONReader.read(Array("[[1,],[2,],[3,],[4,]]".utf8), options: options)
        #expect(result.root != nil)
        #expect(result.described(.warning) == [
            "1:4 trailing comma; JSON forbids it, the app's JSONDecoder accepts it",
            "1:9 trailing comma; JSON forbids it, the app's JSONDecoder accepts it",
            "1:14 more than 2 warnings; the rest are not reported",
        ])
    }

    @Test func depthLimitIsConfigurable() {
        var options = JSONReader.Options()
        options.maxDepth = 2
        #expect(JSONReader.read(Array(#"{"a":[]}"#.utf8), options: options).issues.isEmpty)
        let result = JSONReader.read(Array(#"{"a":[{}]}"#.utf8), options: options)
        #expect(issueMatches(result.firstError, in: result, "1:7 nesting deeper than 2"))
        #expect(result.firstError?.pointer.description == "/a/0")
    }

    @Test func keysInMessagesAreEscapedAndBounded() {
        let control = JSONReader.read(Array(#"{"a\u0001\"":1,"a\u0001\"":2}"#.utf8))
        #expect(control.issues.first?.message.hasPrefix(#"duplicate key "a\u{1}\"" (first at 1:2)"#) == true)

        let long = String(repeating: "k", count: 100)
        let bounded = JSONReader.read(Array(#"{"\#(long)":1,"\#(long)":2}"#.utf8))
        #expect(bounded.issues.first?.message.hasPrefix("duplicate key \"" + String(repeating: "k", count: 60) + "…\" (first at 1:2)") == true)
    }

    @Test func largeDocumentsAreReadCompletely() throws {
        let elements = (0..<50_000).map { #"{"id":\#($0),"title":"item \#($0)","price":\#($0).5}"# }
        let result = JSONReader.read(Array(("[" + elements.joined(separator: ",\n") + "]").utf8))
        #expect(result.issues.isEmpty)
        guard case .array(let items)? = result.root?.kind else {
            Issue.record("expected an array")
            return
        }
        #expect(items.count == 50_000)
        #expect(items.last.map(dumpJSON) == #"{"id":49999,"title":"item 49999","price":49999.5}"#)
        #expect(result.text.location(of: try #require(items.last).offset) == VitrineCore.SourceLocation(line: 50_000, column: 1))
    }
}
