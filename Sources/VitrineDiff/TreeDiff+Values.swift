import VitrineCore

/// How `TreeDiff` reads values: the class of a change by its key, names of components, sections
/// and items, and values as short JSON text people can read (invisible characters shown).
extension TreeDiff {
    /// Members whose change is a change of what the screen says or shows.
    static let contentKeys: Set<String> = [
        "text", "title", "subtitle", "name", "description", "label", "placeholder", "url", "imageUrl", "imageURL", "image", "icon",
        "destination", "action", "category", "campaigns", "courier", "deliveryTime", "headerImageDTO",
        // What a feed's restaurant cards print.
        "rating", "reviewCount", "minimumPrice", "distanceKm", "deliveryType", "campaignList", "imageText",
    ]
    /// Values that add or remove parts of the screen: a header's buttons (`View`, the all-list
    /// page), and a section's cell type (another cell, with other parts, for every item); and
    /// directions, as a stack's layout type is: a section's scroll direction, a scroll's axis.
    static let structureValueKeys: Set<String> = ["buttonTypes", "componentId", "id", "cellType", "scrollDirection", "axis"]
    /// Members that hold components, sections or items.
    static let structureKeys: Set<String> = ["views", "containerViews", "customViews", "overlay", "component", "container", "data", "sections"]

    /// How a message names a value: by its key, or, in a list of values, as `campaignList item 1`.
    static func valueName(_ key: String, list: String?) -> String {
        list.map { "\($0) item \((Int(key) ?? 0) + 1)" } ?? (key.isEmpty ? "value" : key)
    }

    static func valueClass(_ key: String) -> ChangeClass {
        structureValueKeys.contains(key) ? .structure : contentKeys.contains(key) ? .content : .style
    }

    /// What a change of a colour says when the app draws the same colour either way: two
    /// spellings of one (`#1C1C1E` and `#1c1c1e`, or `#fff` and `#000FFF`), or two it cannot
    /// read, which both draw black; "" otherwise. The keys are a scene's colour modifiers and
    /// stroke (formats.md §1.3) and a feed header icon's tint (§2.3); any other key (a custom
    /// component's, drawn by its template as written) is not compared so.
    static func colourNote(_ a: JSONValue, _ b: JSONValue, at pointer: JSONPointer) -> String {
        guard case .string(let x) = a.kind, case .string(let y) = b.kind else { return "" }
        let tokens = pointer.tokens
        let black = RGBAColor(red: 0, green: 0, blue: 0)
        let drawn: (first: RGBAColor?, second: RGBAColor?)
        switch tokens.last {
        case "foregroundColor", "backgroundColor", "strokeColor":
            drawn = (SceneColorParser.parse(x).color, SceneColorParser.parse(y).color)
        case "color" where tokens.dropLast().last == "headerImageDTO":
            let (first, second) = (FeedColorParser.parse(x), FeedColorParser.parse(y))
            drawn = (first.isReadable ? first.color : nil, second.isReadable ? second.color : nil)
        default:
            return ""
        }
        if drawn.first == nil, drawn.second == nil { return " (the app reads neither colour: both draw black)" }
        return (drawn.first ?? black) == (drawn.second ?? black) ? " (respelled: the app draws the same colour)" : ""
    }

    static func typeClass(of pointer: JSONPointer, _ value: JSONValue) -> ChangeClass {
        switch pointer.tokens.dropLast().last {
        case "layout":
            guard case .string(let type) = value.kind, ["h", "v", "z", "lh", "lv"].contains(type) else { return .breaking }
            return .structure
        case "action", "headerImageDTO": return .content
        default: return .breaking
        }
    }

    static func memberClass(_ key: String) -> ChangeClass {
        if key == "type" || key == "componentId" { return .breaking }
        return structureKeys.contains(key) ? .structure : valueClass(key)
    }

    static func isComponentLike(_ value: JSONValue) -> Bool {
        value["component"] != nil || value["componentId"] != nil || value["id"] != nil || value["type"] != nil
    }

    /// A component's, section's or item's name: its `componentId` or `id` (a large integer id
    /// as `source` writes it).
    static func componentName(of value: JSONValue, in source: SourceText? = nil) -> String? {
        componentID(of: value) ?? value["id"].map { source?.largeInteger($0) ?? IdentityRules.scalarText($0) }
    }

    /// The `componentId` of a scene view (or of its `component`).
    static func componentID(of value: JSONValue) -> String? {
        (value["component"]?["componentId"] ?? value["componentId"]).map(IdentityRules.scalarText)
    }

    /// - Parameter list: the key of the list it is in (`buttonTypes`), naming a value that has no name of its own.
    static func elementName(_ value: JSONValue, in list: String?, source: SourceText? = nil) -> String {
        let type = value["type"].map(IdentityRules.scalarText)
        let name = componentName(of: value, in: source)
        switch (type, name) {
        case let (type?, name?): return "\(type) \(name)"
        case let (nil, name?): return value["layoutTemplateDTO"] != nil || value["cellType"] != nil ? "section \(name)" : "item \(name)"
        case let (type?, nil): return type
        case (nil, nil):
            switch value.kind {
            case .object, .array: return value.typeDescription
            default: return list.map { "a \($0) value" } ?? value.typeDescription
            }
        }
    }

    /// Whether two values are the same JSON: objects with the same members in any order (the
    /// first of a repeated key, as `compare` reads them), arrays element by element, values by
    /// `sameValue`.
    static func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a.kind, b.kind) {
        case (.object, .object):
            let (x, y) = (firstMembers(a), firstMembers(b))
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameJSON(value, $0) } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
        default:
            return sameValue(a, b)
        }
    }

    /// An object's members by key, the first of a repeated key.
    private static func firstMembers(_ value: JSONValue) -> [String: JSONValue] {
        guard case .object(let members) = value.kind else { return [:] }
        return Dictionary(members.map { ($0.key, $0.value) }) { first, _ in first }
    }

    /// A hash of a value that `sameJSON` values share (members in any order, the first of a
    /// repeated key, `1` and `1.0` alike), to tell elements apart in one pass each.
    static func fingerprint(_ value: JSONValue) -> UInt64 {
        func feed(_ value: JSONValue, _ hash: inout ContentHash) {
            switch value.kind {
            case .object:
                hash.combine(0)
                for (key, member) in firstMembers(value).sorted(by: { $0.key < $1.key }) {
                    hash.combine(key)
                    feed(member, &hash)
                }
            case .array(let elements):
                hash.combine(1)
                hash.combine(UInt64(elements.count))
                for element in elements { feed(element, &hash) }
            case .string(let text):
                hash.combine(2)
                hash.combine(text)
            case .number(let number):
                hash.combine(3)
                // -0 and 0 are one number, as `sameValue` reads them.
                hash.combine(number.value == 0 ? 0 : number.value.bitPattern)
            case .bool(let flag):
                hash.combine(4)
                hash.combine(flag ? 1 : 0)
            case .null:
                hash.combine(5)
            }
        }
        var hash = ContentHash()
        feed(value, &hash)
        return hash.value
    }

    static func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a.kind, b.kind) {
        case (.number(let x), .number(let y)): return x.value == y.value
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// Short JSON text of a value: scalars whole (long strings cut), containers summarised.
    static func text(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.displayText
        case .string(let string):
            return stringText(string)
        case .array(let elements): return "[\(elements.count) item\(elements.count == 1 ? "" : "s")]"
        case .object(let members):
            // What a reviewer recognises an added or removed component by: the first texts it
            // shows, else its first keys (a count of keys says nothing: every view has two).
            // Else the picture it shows, else the first keys of the component it is (a scene view
            // is `{type, component}`: its component's keys say more).
            let shown = shownTexts(value, limit: 2).map(text)
            guard shown.isEmpty else { return "{" + shown.joined(separator: ", ") + (shownTexts(value, limit: 3).count > 2 ? ", …}" : "}") }
            if let picture = firstPicture(value) { return "{" + text(picture) + "}" }
            let component = value["component"] ?? value
            let named: [JSONMember] = if case .object(let inner) = component.kind { inner.filter { $0.key != "componentId" } } else { members }
            let keys = named.prefix(3).map { visible(String($0.key.prefix(valueTextLimit))) }
            return "{" + keys.joined(separator: ", ") + (named.count > keys.count ? ", …}" : "}")
        }
    }

    /// A string as JSON text, from its character `start` on ("…" before it), cut after
    /// `valueTextLimit` characters.
    static func stringText(_ string: String, from start: Int = 0) -> String {
        let rest = string.dropFirst(start)
        let cut = rest.count > valueTextLimit ? String(rest.prefix(valueTextLimit)) + "…" : String(rest)
        return "\"" + (start > 0 ? "…" : "") + visible(cut) + "\""
    }

    /// Two versions of a long string changed past its first characters, each as JSON text from a
    /// little before the change (`changeWindow`); nil when both are shown from their start.
    static func windowed(_ x: String, _ y: String) -> (old: String, new: String)? {
        let start = changeWindow(x, y)
        return start > 0 ? (stringText(x, from: start), stringText(y, from: start)) : nil
    }

    /// Where to start showing two versions of a long string so their first difference is in
    /// view, with about `context` characters before it, from the start of a word: 0 when both
    /// are shown whole or it is in the first `valueTextLimit`.
    static func changeWindow(_ x: String, _ y: String, context: Int = 40) -> Int {
        guard max(x.count, y.count) > valueTextLimit else { return 0 }
        let common = zip(x, y).prefix { $0 == $1 }.map(\.0)
        guard common.count >= valueTextLimit - context else { return 0 }
        var start = common.count - context
        while start > common.count - 2 * context, !common[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// The first picture `value` shows, depth first: an image's URL or asset name.
    static func firstPicture(_ value: JSONValue) -> JSONValue? {
        switch value.kind {
        case .object(let members):
            for key in ["imageURL", "imageUrl", "url"] {
                if let picture = value[key], case .string = picture.kind { return picture }
            }
            return members.lazy.compactMap { firstPicture($0.value) }.first
        case .array(let elements):
            return elements.lazy.compactMap(firstPicture).first
        default:
            return nil
        }
    }

    /// A string as a JSON string's inside: quotes and backslashes escaped, and invisible
    /// characters (controls, zero-width and direction marks) given a visible escape, except
    /// what an emoji is made of (`🏕️`, `👩‍👩‍👧`, a subdivision flag): a variation selector after
    /// an emoji, a joiner between two, tags after a black flag. Without `quoted`, quotes,
    /// backslashes and line feeds stay as they are (a name shown as written, its invisibles shown).
    static func visible(_ string: String, quoted: Bool = true) -> String {
        var out = ""
        let scalars = Array(string.unicodeScalars)
        var afterEmoji = false, inFlag = false
        for (index, scalar) in scalars.enumerated() {
            let isSelector = selectors.contains(scalar.value), isTag = tags.contains(scalar.value)
            let isPart = (afterEmoji && isSelector) || (inFlag && isTag)
                || (afterEmoji && scalar.value == joiner && index + 1 < scalars.count && isEmoji(scalars[index + 1]))
            switch scalar {
            case "\"" where quoted: out += "\\\""
            case "\\" where quoted: out += "\\\\"
            case "\n" where quoted: out += "\\n"
            case "\n": out += "\n"
            case _ where isPart: out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || isInvisible(scalar): out += escaped(scalar)
            default: out.unicodeScalars.append(scalar)
            }
            afterEmoji = isEmoji(scalar) || (afterEmoji && isPart && isSelector)
            inFlag = scalar.value == 0x1F3F4 || (inFlag && isTag && scalar.value != 0xE007F)
        }
        return out
    }

    /// The invisible parts of an emoji: variation selectors, the zero-width joiner, tag characters.
    static let (selectors, joiner, tags): (ClosedRange<UInt32>, UInt32, ClosedRange<UInt32>) = (0xFE00...0xFE0F, 0x200D, 0xE0020...0xE007F)

    /// `text` without the invisible parts `visible` keeps in an emoji: what a reader sees of it.
    static func withoutEmojiParts(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            !(selectors.contains(scalar.value) || scalar.value == joiner || tags.contains(scalar.value))
        }))
    }

    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && scalar.properties.isEmoji
    }

    /// Keys whose strings a component shows as its text (a header icon's `imageText` names what it shows).
    static let textKeys: Set<String> = ["text", "title", "subtitle", "label", "name", "description", "imageText"]

    /// Up to `limit` strings under `textKeys` in `value`, depth first.
    static func shownTexts(_ value: JSONValue, limit: Int) -> [JSONValue] {
        var found: [JSONValue] = []
        func walk(_ value: JSONValue) {
            switch value.kind {
            case .object(let members):
                for member in members where found.count < limit {
                    if textKeys.contains(member.key), case .string(let string) = member.value.kind, !string.isEmpty {
                        found.append(member.value)
                    } else {
                        walk(member.value)
                    }
                }
            case .array(let elements):
                for element in elements where found.count < limit { walk(element) }
            default:
                break
            }
        }
        walk(value)
        return found
    }

    /// Scalars a reader cannot see or tell from another: controls, format characters, and every
    /// space but the plain one (a no-break space looks like a space).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .control, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
        case .spaceSeparator: scalar != " "
        default: scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isBidiControl
        }
    }

    /// A scalar as a JSON escape (`\\u200B`; beyond the BMP, its UTF-16 surrogate pair), so the
    /// JSON report's values stay JSON.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        UTF16.encode(scalar)!.map { unit in
            let hex = String(unit, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined()
    }

    /// A string as JSON text with every non-ASCII scalar escaped (long strings cut), for
    /// differences people cannot see.
    static func scalarText(_ string: String) -> String {
        let cut = string.count > valueTextLimit ? String(string.prefix(valueTextLimit)) + "…" : string
        return "\"" + cut.unicodeScalars.map { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case _ where scalar.isASCII && scalar.value >= 0x20: String(scalar)
            default: escaped(scalar)
            }
        }.joined() + "\""
    }

    /// Indices into `values` (distinct, from 0 to `values.count` or more) of a longest strictly
    /// increasing subsequence; among the longest, one with the most indices `staying` says
    /// stayed where they were, so a swap of two moves those two, not one of them and a
    /// bystander. A Fenwick tree over the values keeps, for each prefix, the best run ending
    /// below it: O(n log n).
    static func longestIncreasingRun(_ values: [Int], staying: (Int) -> Bool) -> [Int] {
        let size = (values.max() ?? -1) + 1
        // (length, staying count, index of its last element) of the best run ending at a value ≤ the slot's.
        var tree = [(length: Int, staying: Int, last: Int)](repeating: (0, 0, -1), count: size + 1)
        var previous = [Int](repeating: -1, count: values.count)
        var best = (length: 0, staying: 0, last: -1)
        // Ties go to the later run, as patience sorting keeps them: of two swapped, the one moved up is reported.
        func better(_ a: (length: Int, staying: Int, last: Int), _ b: (length: Int, staying: Int, last: Int)) -> Bool {
            (a.length, a.staying) >= (b.length, b.staying)
        }
        for (index, value) in values.enumerated() {
            var before = (length: 0, staying: 0, last: -1), slot = value
            while slot > 0 {
                if better(tree[slot], before) { before = tree[slot] }
                slot -= slot & -slot
            }
            previous[index] = before.last
            let run = (length: before.length + 1, staying: before.staying + (staying(index) ? 1 : 0), last: index)
            if better(run, best) { best = run }
            slot = value + 1
            while slot <= size {
                if better(run, tree[slot]) { tree[slot] = run }
                slot += slot & -slot
            }
        }
        var run: [Int] = []
        var index = best.last
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run.reversed()
    }
}

extension SourceText {
    /// The digits of an integer literal past 2⁵³, which its `Double` rounds (`9007199254740993`
    /// reads as …992): as written, to compare and show. Nil for any other value.
    func largeInteger(_ value: JSONValue) -> String? {
        guard case .number(let number) = value.kind, abs(number.value) >= 9_007_199_254_740_992 else { return nil }
        return integerDigits(value)
    }
}
