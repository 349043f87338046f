import Testing
@testable import VitrineCore

@Suite struct ByteStringTableTests {
    static func insert(_ table: inout ByteStringTable, _ text: String) -> (number: Int, inserted: Bool) {
        Array(text.utf8).withUnsafeBufferPointer { table.insert($0) }
    }

    /// Numbers in first-seen order; the empty string and strings that are prefixes of one
    /// another are strings of their own; `forEach` gives them back by number.
    @Test func stringsAreNumberedInFirstSeenOrder() {
        var table = ByteStringTable()
        #expect(Self.insert(&table, "") == (0, true))
        #expect(Self.insert(&table, "abcdefgh") == (1, true))
        #expect(Self.insert(&table, "abcdefghi") == (2, true))
        #expect(Self.insert(&table, "") == (0, false))
        #expect(Self.insert(&table, "abcdefgh") == (1, false))
        var strings: [String] = []
        table.forEach { number, bytes in strings.append("\(number):" + String(decoding: bytes, as: UTF8.self)) }
        #expect(strings == ["0:", "1:abcdefgh", "2:abcdefghi"])
        #expect(table.count == 3)
    }
}
