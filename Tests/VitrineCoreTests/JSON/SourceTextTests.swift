import Testing
@testable import VitrineCore

@Suite struct SourceTextTests {
    @Test(arguments: [
        ("LF", "ab\ncd", [0: "1:1", 1: "1:2", 2: "1:3", 3: "2:1", 5: "2:3"]),
        ("CRLF is one break", "a\r\nb\r\n", [1: "1:2", 2: "1:3", 3: "2:1", 4: "2:2", 6: "3:1"]),
        ("lone CR is a break", "a\rb\r\rc", [2: "2:1", 4: "3:1", 5: "4:1", 6: "4:2"]),
        ("LF CR is two breaks", "a\n\rb", [2: "2:1", 3: "3:1"]),
        ("tab is one column", "\t\tx", [2: "1:3", 3: "1:4"]),
        ("columns count scalars", "\u{E9}\u{1F600}x\n\u{20AC}y", [2: "1:2", 6: "1:3", 7: "1:4", 8: "2:1", 11: "2:2"]),
        ("combining mark is its own column", "e\u{301}x", [3: "1:3"]),
        ("empty text", "", [0: "1:1"]),
    ])
    func locationCountsLinesAndScalars(_ name: String, _ text: String, _ expected: [Int: String]) {
        let source = SourceText(bytes: Array(text.utf8))
        for (offset, location) in expected {
            #expect(source.location(of: offset).description == location, "\(name) at offset \(offset)")
        }
    }

    /// `offset(of:)` is `location(of:)` backwards: for every scalar's first byte, through line
    /// breaks of each kind, multi-byte scalars and a line longer than the index's spacing.
    @Test func offsetOfALocationIsItsInverse() {
        let text = "\u{E9}\u{1F600}x\r\n\u{20AC}y\rz\n" + String(repeating: "\u{E9}a", count: 5000) + "\nend"
        let source = SourceText(bytes: Array(text.utf8))
        // Every scalar's first byte but the LF of a CR LF, which is no position of its own.
        for offset in 0...source.bytes.count where offset == source.bytes.count || (source.bytes[offset] & 0xC0 != 0x80 && offset != 8) {
            #expect(source.offset(of: source.location(of: offset)) == offset, "offset \(offset)")
        }
        #expect(source.offset(of: VitrineCore.SourceLocation(line: 1, column: 99)) == 7, "past the line's end: the line's end")
        #expect(source.offset(of: VitrineCore.SourceLocation(line: 99, column: 1)) == source.bytes.count)
    }

    /// A number read as 0 underflowed when its digits are not all zeros.
    @Test func aNumberUnderflowsWhenItsDigitsAreNotAllZeros() {
        let literals = ["1e-400": true, "-0.1e-400": true, "123e-10000000": true, "0e-400": false, "-0.000e-400": false, "0": false, "1e-300": false]
        for (literal, expected) in literals {
            let read = JSONReader.read(Array("[\(literal)]".utf8))
            guard case .array(let elements) = read.root?.kind, let value = elements.first else { Issue.record("\(literal)"); continue }
            #expect(read.text.underflows(value) == expected, "\(literal)")
        }
    }

    @Test func offsetsOutsideTheTextAreClamped() {
        let source = SourceText(bytes: Array("ab\nc".utf8))
        #expect(source.location(of: -5) == VitrineCore.SourceLocation(line: 1, column: 1))
        #expect(source.location(of: 99) == VitrineCore.SourceLocation(line: 2, column: 2))
    }

    @Test func invalidUTF8BytesCountAsOneColumnEach() {
        let source = SourceText(bytes: [0x61, 0xFF, 0xFE, 0x62])
        #expect(source.location(of: 3) == VitrineCore.SourceLocation(line: 1, column: 4))
    }

    @Test func copiesShareOneLineTableAcrossThreads() async {
        let source = SourceText(bytes: Array(String(repeating: "line\n", count: 10_000).utf8))
        await withTaskGroup(of: VitrineCore.SourceLocation.self) { group in
            for line in 0..<8 {
                group.addTask { source.location(of: line * 5 + 2) }
            }
            var seen: [VitrineCore.SourceLocation] = []
            for await location in group { seen.append(location) }
            #expect(Set(seen.map(\.line)) == Set(1...8))
            #expect(seen.allSatisfy { $0.column == 3 })
        }
    }

    @Test func readerPositionsCountFromAfterTheBOM() {
        let result = JSONReader.read([0xEF, 0xBB, 0xBF] + Array("{\n  \"a\": x}".utf8))
        #expect(result.text.bytes.count == 11)
        #expect(result.firstError.map { result.text.location(of: $0.offset) } == VitrineCore.SourceLocation(line: 2, column: 8))
    }

    @Test func longLinesAgreeWithAPlainScan() {
        let pieces = ["a", "\t", "\u{E9}", "\u{1F600}", "\u{20AC}", "\r\n", "\n", "\r"]
        // Lines of about 5 KB, so that positions past the in-line checkpoints are exercised.
        let text = (0..<16_000).map { (position: Int) -> String in
            let isLineEnd = position % 2000 == 1999
            return isLineEnd ? pieces[5 + (position / 2000) % 3] : pieces[(position * position + 3 * position) % 5]
        }.joined()
        let bytes = Array(text.utf8)
        let source = SourceText(bytes: bytes)
        var expected = VitrineCore.SourceLocation(line: 1, column: 1)
        var mismatches: [Int] = []
        for offset in 0...bytes.count {
            if offset % 11 == 0 || offset == bytes.count, source.location(of: offset) != expected { mismatches.append(offset) }
            guard offset < bytes.count else { break }
            let byte = bytes[offset]
            let isBreak = byte == 0x0A || byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A)
            if isBreak {
                expected = VitrineCore.SourceLocation(line: expected.line + 1, column: 1)
            } else if byte & 0xC0 != 0x80 {
                expected.column += 1
            }
        }
        #expect(mismatches.isEmpty, "first wrong offsets: \(mismatches.prefix(5))")
        #expect(expected.line == 9)
    }
}
