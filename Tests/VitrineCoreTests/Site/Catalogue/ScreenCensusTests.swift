import Testing
@testable import VitrineCore

/// The words a search finds a screen by, split and folded on UTF-8 bytes.
@Suite struct ScreenCensusTests {
    /// A vertical stack of texts, each with the id given (if any).
    static func census(_ texts: [String], ids: [String] = []) -> ScreenCensus {
        let source = SourceRef(pointer: .root, offset: 0)
        let children = texts.enumerated().map { index, text in
            ViewNode(.text(.init(text)), id: index < ids.count ? ids[index] : nil, source: source, component: "text")
        }
        let stack = ViewKind.Stack(axis: .vertical, spacing: nil, alignment: .center, children: children)
        return ScreenCensus(ViewNode(.stack(stack), source: source, component: "container.v"), name: \.component)
    }

    @Test(arguments: [
        // Every White_Space scalar splits words, past ASCII too: NBSP, ideographic space, line
        // and paragraph separators, Ogham space mark, medium mathematical space, next line.
        ("a\u{00A0}b\u{3000}c\u{2028}d\u{1680}e\u{205F}f\u{2029}g\u{0085}h", "a b c d e f g h"),
        // Tabs, line breaks and runs of spaces; nothing at the ends.
        ("\tTab\tand\r\nbreaks  ", "Tab and breaks"),
        // Zero-width space and no-break joiners are not white space: the word stays whole.
        ("x\u{200B}y w\u{2060}z", "x\u{200B}y w\u{2060}z"),
        // Each word once whatever its case, shown as first written; non-ASCII capitals fold too.
        ("Éclair éclair ÉCLAIR Sale SALE sale", "Éclair Sale"),
        // Spellings that are canonically equivalent are one word, as strings compare: NFC and
        // NFD, a Greek question mark and a semicolon, also after ASCII words were seen first.
        ("Sale café cafe\u{301} SALE a; a\u{37E}", "Sale café a;"),
        ("a; a\u{37E} b", "a; b"),
        // The Kelvin sign's lower case is an ASCII k.
        ("\u{212A}elvin kelvin KELVIN", "\u{212A}elvin"),
        // Korean and combining marks are letters, not separators.
        ("할인 쿠폰 e\u{301}te\u{301}", "할인 쿠폰 e\u{301}te\u{301}"),
    ])
    func searchWordsAreSplitAtWhiteSpaceAndFoldedOnce(text: String, expected: String) {
        #expect(Self.census([text]).searchText == expected)
    }

    @Test func textsComeBeforeIdsAndAWordSeenInATextIsNotRepeatedForAnId() {
        let census = Self.census(["Coupon title", "Save"], ids: ["coupon", "save-button"])
        #expect(census.searchText == "Coupon title Save save-button")
    }

    /// The limit counts characters, so a screen in a script of two- and three-byte letters is
    /// found by as many words as an ASCII one; the text is cut at a character, never inside one.
    @Test func theLimitCountsCharactersNotBytes() {
        let words = (0..<600).map { "단어\($0)" }
        let text = Self.census([words.joined(separator: " ")]).searchText
        #expect(text.count == ScreenCensus.textLimit, "\(text.count)")  // 1,203 characters of words, cut
        #expect(text.hasPrefix("단어0 단어1 단어2 "))
        #expect(text.utf8.count > 3 * ScreenCensus.textLimit / 2)  // far more bytes than the limit: not cut by bytes
        let ascii = Self.census([(0..<600).map { "word\($0)" }.joined(separator: " ")]).searchText
        #expect(ascii.count == ScreenCensus.textLimit && ascii.hasPrefix("word0 word1 "))
    }

    /// A feed's prices, ratings and counts come after its words and ids, so a long feed's
    /// numbers cannot push a section title past the limit.
    @Test func wordsWithoutALetterComeLast() {
        let census = Self.census(["Coffee ₺45,00 (56) ★", "4.5 Glamping 1.2 km", "2 for 1 café 한정"], ids: ["c1", "42"])
        #expect(census.searchText == "Coffee Glamping km for café 한정 c1 ₺45,00 (56) ★ 4.5 1.2 2 1 42")
        let crowded = Self.census((0..<400).map { "\($0).5 (\($0))" } + ["glamping"])
        #expect(crowded.searchText.hasPrefix("glamping "), "\(crowded.searchText.prefix(40))")
    }
}
