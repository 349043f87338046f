/// What the catalogue knows of a screen's content: how many of each component it has, and the
/// words a search should find it by (visible text, then ids).
struct ScreenCensus {
    /// Component name → number of nodes (`text` → 12).
    var counts: [String: Int] = [:]
    /// The components of the tree (the nodes a payload names, as the outline lists them),
    /// overlays and button labels included: the sum of `counts`.
    var components = 0
    /// The visible texts and the ids, in tree order, for `searchText`.
    private var texts: [String] = [], ids: [String] = []

    static let textLimit = 1_200

    /// - Parameter name: the catalogue's name of a node (`ComponentTemplates.catalogueName(of:)`).
    init(_ root: ViewNode, name: (ViewNode) -> String?) {
        root.forEachNode { node in
            if let component = name(node) {
                counts[component, default: 0] += 1
                components += 1
            }
            switch node.kind {
            case .text(let drawn): texts.append(drawn.string)
            case .button(let button) where button.label == nil: texts.append(button.title)
            default: break
            }
            if let id = node.id { ids.append(id) }
        }
    }

    /// The words of the visible text that have a letter, then of the ids, then the words
    /// without one (prices, ratings, counts), each in tree order and each once (whatever
    /// its case), space-separated, at most `textLimit` characters: repeated words take no room,
    /// so more of a long screen is found while the search data stays small at 10,000 screens;
    /// ids (`total-subtotal-spacer`) never crowd out what the screen shows, nor a feed's numbers
    /// its titles and names. Made on demand: pages that are not searched for (a feed's
    /// all-lists) only need the counts.
    var searchText: String {
        var out: [UInt8] = []
        var seen = SeenWords()
        var length = 0
        let passes: [(words: [String], lettered: Bool)] = [(texts, true), (ids, true), (texts, false), (ids, false)]
        for pass in passes {
            for candidate in pass.words where length < Self.textLimit {
                Self.forEachWord(candidate) { word in
                    let isASCII = word.allSatisfy { $0 < 0x80 }
                    guard Self.hasLetter(word, isASCII: isASCII) == pass.lettered else { return true }
                    guard seen.insert(word, isASCII: isASCII) else { return true }
                    if !out.isEmpty { out.append(UInt8(ascii: " ")) }
                    out.append(contentsOf: word)
                    length += (isASCII ? word.count : String(decoding: word, as: UTF8.self).count) + 1
                    return length < Self.textLimit
                }
            }
        }
        let joined = String(decoding: out, as: UTF8.self)
        return out.count <= Self.textLimit ? joined : String(joined.prefix(Self.textLimit))
    }

    /// Whether a word has a letter (`Burger`, `한정`, `café`, not `4.5`, `(120)`, `₺45,00` or `★`).
    private static func hasLetter(_ word: UnsafeBufferPointer<UInt8>.SubSequence, isASCII: Bool) -> Bool {
        if isASCII { return word.contains { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") } }
        var bytes = word.makeIterator(), decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&bytes) {
            if scalar.properties.isAlphabetic { return true }
        }
        return false
    }

    /// The words taken so far, in lower case, for the "each word once" rule: compared as
    /// strings (canonically equivalent spellings are one word), which for ASCII words is
    /// comparing bytes, so a screen whose words are all ASCII is checked in a `ByteStringTable`.
    private struct SeenWords {
        private var ascii = ByteStringTable()
        /// Every word, as strings, once a word is not ASCII.
        private var all: Set<String>?
        /// The word being folded, kept to reuse its storage.
        private var folded: [UInt8] = []

        /// Whether the word was not seen yet, whatever its case; it is seen from now on.
        mutating func insert(_ word: UnsafeBufferPointer<UInt8>.SubSequence, isASCII: Bool) -> Bool {
            folded.removeAll(keepingCapacity: true)
            if isASCII {
                for byte in word { folded.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte) }
                if all == nil { return folded.withUnsafeBufferPointer { ascii.insert($0).inserted } }
            }
            if all == nil {
                var words = Set<String>()
                ascii.forEach { _, word in words.insert(String(decoding: word, as: UTF8.self)) }
                all = words
            }
            let key = isASCII ? String(decoding: folded, as: UTF8.self) : String(decoding: word, as: UTF8.self).lowercased()
            return all!.insert(key).inserted
        }
    }

    /// Calls `body` with each run of `text` between white space (by Unicode's White_Space
    /// property, per scalar) as UTF-8 bytes, until it returns false.
    static func forEachWord(_ text: String, _ body: (UnsafeBufferPointer<UInt8>.SubSequence) -> Bool) {
        var text = text
        text.withUTF8 { utf8 in
            var start: Int?
            var index = 0
            while index < utf8.count {
                let (isSpace, width) = whiteSpace(at: index, in: utf8)
                if isSpace {
                    if let first = start, !body(utf8[first..<index]) { return }
                    start = nil
                } else if start == nil {
                    start = index
                }
                index += width
            }
            if let first = start { _ = body(utf8[first..<utf8.count]) }
        }
    }

    /// Whether the scalar at `index` (valid UTF-8) is white space, and its length in bytes. Past
    /// ASCII only U+0085, U+00A0, U+1680, U+2000–U+205F and U+3000 can be, so no other scalar
    /// is decoded.
    private static func whiteSpace(at index: Int, in utf8: UnsafeBufferPointer<UInt8>) -> (Bool, Int) {
        let lead = utf8[index]
        if lead < 0x80 { return (lead == 0x20 || (0x09...0x0D).contains(lead), 1) }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard lead == 0xC2 || lead == 0xE1 || lead == 0xE2 || lead == 0xE3, index + width <= utf8.count else { return (false, width) }
        var value = UInt32(lead) & (width == 2 ? 0x1F : 0x0F)
        for offset in 1..<width { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
        return (Unicode.Scalar(value)?.properties.isWhitespace ?? false, width)
    }
}
