import VitrineCore

/// The semantic difference of two JSON documents: members matched by key, array elements by
/// identity (`IdentityRules`), so a reorder is reported as moves and an insertion as one addition.
/// Key order and number spelling (`1.0` against `1`) are not changes, and neither is `null`
/// against a missing key (the app's optionals read both as absent).
struct TreeDiff {
    var old: SourceText
    var new: SourceText
    var rules: IdentityRules
    /// JSON Pointer globs whose changes are not reported.
    var ignored: [PathPattern]
    private(set) var changes: [Change] = []
    /// Elements removed from or added to a list, with a name (`componentId`, `id`): one that
    /// left one list for another is a move, found once the whole document is compared.
    private var unmatched: (removed: [Unmatched], added: [Unmatched]) = ([], [])

    private struct Unmatched {
        var change: Int
        var pointer: JSONPointer
        var value: JSONValue
        var name: String
        /// The component whose list it is in, if it has a name.
        var parent: String?

        /// The list it is in.
        var list: JSONPointer { JSONPointer(tokens: Array(pointer.tokens.dropLast())) }

        /// Its list as a message names it: a feed item's by its section, a view's by its container.
        var place: String {
            if let parent { return (value["type"] == nil ? "section `" : "`") + parent + "`" }
            return list.tokens.isEmpty ? "the top level" : "`\(list.description)`"
        }
    }

    init(old: SourceText, new: SourceText, rules: IdentityRules, ignored: [PathPattern]) {
        self.old = old
        self.new = new
        self.rules = rules
        self.ignored = ignored
    }

    /// Compares two documents: `compare` from the root, then the elements of lists that were
    /// removed and added paired where they are one element: one that left a list for another
    /// of the same kind (a text into another container, an item into another section) is a
    /// move, one whose name alone changed where it was is a change of its name. Each takes
    /// the place of the addition it replaces, so changes stay in the new document's order.
    mutating func compareDocuments(_ a: JSONValue, _ b: JSONValue) {
        compare(a, b, at: .root, .root, component: nil)
        let (removed, added) = unmatched
        guard !removed.isEmpty, !added.isEmpty else { return }
        func once(_ elements: [Unmatched]) -> [String: Unmatched] {
            Dictionary(grouping: elements, by: Self.moveKey).compactMapValues { $0.count == 1 ? $0[0] : nil }
        }
        let arrivals = once(added)
        var replacing: [Int: [Change]] = [:], dropped = Set<Int>()
        for (key, gone) in once(removed) {
            guard let arrived = arrivals[key], gone.list != arrived.list else { continue }
            var inner = TreeDiff(old: old, new: new, rules: rules, ignored: ignored)
            inner.record(.moved, .structure, gone.pointer, arrived.pointer, gone.value, arrived.value, showingValues: false, component: arrived.name,
                         message: "\(Self.elementName(arrived.value, in: nil, source: new)) moved from \(gone.place) to \(arrived.place)")
            inner.compare(gone.value, arrived.value, at: gone.pointer, arrived.pointer, component: arrived.name, isElement: true)
            (replacing[arrived.change], dropped) = (inner.changes, dropped.union([gone.change, arrived.change]))
        }
        let addedAt = Dictionary(grouping: added.filter { !dropped.contains($0.change) }, by: \.pointer)
        for gone in removed where !dropped.contains(gone.change) {
            guard let arrived = addedAt[gone.pointer]?.first(where: { !dropped.contains($0.change) }),
                  let renamed = renaming(gone, arrived) else { continue }
            (replacing[arrived.change], dropped) = (renamed, dropped.union([gone.change, arrived.change]))
        }
        guard !dropped.isEmpty else { return }
        changes = changes.enumerated().flatMap { index, change in replacing[index] ?? (dropped.contains(index) ? [] : [change]) }
    }

    /// The change of an element's name (`componentId`, `id`) when nothing else of it changed
    /// (none when the name is ignored); nil when it is another element.
    private func renaming(_ gone: Unmatched, _ arrived: Unmatched) -> [Change]? {
        var inner = TreeDiff(old: old, new: new, rules: rules, ignored: ignored)
        inner.compare(gone.value, arrived.value, at: gone.pointer, arrived.pointer, component: nil, isElement: true)
        guard let change = inner.changes.first else { return [] }
        guard inner.changes.count == 1, change.kind == .changed, ["componentId", "id"].contains(change.pointer?.tokens.last ?? "") else { return nil }
        var renamed = change
        (renamed.component, renamed.changeClass) = (arrived.name, .structure)
        return [renamed]
    }

    /// What a moved element shares with its old self: its name, its type and the kind of list
    /// it is in (a section's id is not an item's).
    private static func moveKey(_ element: Unmatched) -> String {
        element.name + "\u{0}" + (element.value["type"].map(IdentityRules.scalarText) ?? "") + "\u{0}" + (element.list.tokens.last ?? "")
    }

    /// Values whose JSON text is kept whole in a change; longer ones are cut.
    static let valueTextLimit = 120

    /// - Parameter isElement: the values are elements of a list, where an `id` names a section
    ///   or an item; elsewhere (a section's `headerImageDTO`) it names no component.
    mutating func compare(_ a: JSONValue, _ b: JSONValue, at oldPointer: JSONPointer, _ newPointer: JSONPointer, component: String?,
                          isElement: Bool = false) {
        guard !isIgnored(newPointer) else { return }
        switch (a.kind, b.kind) {
        case (.object(let oldMembers), .object(let newMembers)):
            let context = (isElement ? Self.componentName(of: b, in: new) : Self.componentID(of: b)) ?? component
            if let oldType = a["type"], let newType = b["type"], !Self.sameValue(oldType, newType), a["component"] != nil || b["component"] != nil {
                // A view whose type changed is a different component: its old fields are meaningless.
                record(.changed, .breaking, oldPointer.appending("type"), newPointer.appending("type"), oldType, newType, component: context,
                       message: "type changed")
                return
            }
            var newByKey: [String: JSONValue] = [:]
            for member in newMembers where newByKey[member.key] == nil { newByKey[member.key] = member.value }
            var oldKeys = Set<String>()
            for member in oldMembers where !oldKeys.contains(member.key) {
                oldKeys.insert(member.key)
                let oldChild = oldPointer.appending(member.key), newChild = newPointer.appending(member.key)
                if let counterpart = newByKey[member.key] {
                    compare(member.value, counterpart, at: oldChild, newChild, component: context)
                } else if member.value.kind != .null, !isIgnored(newChild) {
                    record(.removed, Self.memberClass(member.key, member.value), oldChild, nil, member.value, nil, component: context,
                           message: "\(member.key) removed", counterpart: newPointer)
                }
            }
            for member in newMembers where !oldKeys.contains(member.key) && member.value.kind != .null {
                let newChild = newPointer.appending(member.key)
                guard !isIgnored(newChild) else { continue }
                record(.added, Self.memberClass(member.key, member.value), nil, newChild, nil, member.value, component: context,
                       message: "\(member.key) added", counterpart: oldPointer)
            }
        case (.array(let oldElements), .array(let newElements)):
            compareArrays(oldElements, newElements, at: oldPointer, newPointer, component: component)
        case (.string(let x), .string(let y)) where x == y && !x.unicodeScalars.elementsEqual(y.unicodeScalars):
            // Swift's == calls canonically equivalent strings equal (NFC "é" and NFD "e" + U+0301);
            // the app may not, so the difference is reported, with the scalars shown.
            let key = newPointer.tokens.last ?? "value"
            changes.append(Change(kind: .changed, changeClass: Self.valueClass(key), pointer: newPointer, oldPointer: oldPointer,
                                old: Self.scalarText(x), new: Self.scalarText(y), oldLine: old.line(of: a.offset),
                                newLine: new.line(of: b.offset), component: component,
                                message: "\(key) changed in Unicode normalisation only"))
        default:
            guard !Self.sameValue(a, b) || differInDigits(a, b) else { return }
            let key = newPointer.tokens.last ?? ""
            if (a.kind == .null) != (b.kind == .null), !key.isEmpty, !isElement {
                // `null` is a missing key (a feed's `headerImageDTO`): a value set or cleared is one added or
                // removed, and the other side is outlined on its owner, as for a key added or removed.
                let added = a.kind == .null
                let owner = JSONPointer(tokens: (added ? oldPointer : newPointer).tokens.dropLast())
                record(added ? .added : .removed, Self.memberClass(key, added ? b : a), added ? nil : oldPointer, added ? newPointer : nil,
                       added ? nil : a, added ? b : nil, component: component, message: "\(key) \(added ? "added" : "removed")", counterpart: owner)
                return
            }
            let kind: ChangeClass = key == "type" ? Self.typeClass(of: newPointer, b) : Self.valueClass(key)
            let respelled = Self.sameColour(a, b, at: newPointer) ? " (respelled: the app draws the same colour)" : ""
            record(.changed, kind, oldPointer, newPointer, a, b, component: component,
                   message: "\(key.isEmpty ? "value" : key) changed" + respelled)
        }
    }

    private mutating func compareArrays(_ a: [JSONValue], _ b: [JSONValue], at oldPointer: JSONPointer, _ newPointer: JSONPointer,
                                        component: String?) {
        let matched = IdentityRules.pairs(old: rules.identities(of: a, at: oldPointer, largeInteger: old.largeInteger),
                                          new: rules.identities(of: b, at: newPointer, largeInteger: new.largeInteger))
        let oldMatched = Set(matched.map(\.old)), newMatched = Set(matched.map(\.new))
        let isElementList = a.contains(where: Self.isComponentLike) || b.contains(where: Self.isComponentLike)
        for (index, element) in a.enumerated() where !oldMatched.contains(index) {
            let pointer = oldPointer.appending(index)
            guard !isIgnored(pointer) else { continue }
            if let name = Self.componentName(of: element, in: old) {
                unmatched.removed.append(Unmatched(change: changes.count, pointer: pointer, value: element, name: name, parent: component))
            }
            record(.removed, isElementList ? .structure : Self.valueClass(oldPointer.tokens.last ?? ""), pointer, nil, element, nil,
                   component: Self.componentName(of: element, in: old) ?? component,
                   message: "\(Self.elementName(element, in: oldPointer.tokens.last, source: old)) removed")
        }
        for (index, element) in b.enumerated() where !newMatched.contains(index) {
            let pointer = newPointer.appending(index)
            guard !isIgnored(pointer) else { continue }
            if let name = Self.componentName(of: element, in: new) {
                unmatched.added.append(Unmatched(change: changes.count, pointer: pointer, value: element, name: name, parent: component))
            }
            record(.added, isElementList ? .structure : Self.valueClass(newPointer.tokens.last ?? ""), nil, pointer, nil, element,
                   component: Self.componentName(of: element, in: new) ?? component,
                   message: "\(Self.elementName(element, in: newPointer.tokens.last, source: new)) added")
        }
        // Elements outside the longest run kept in order are the ones that moved.
        let kept = Set(Self.longestIncreasingRun(matched.map(\.old)).map { matched[$0].old })
        for pair in matched {
            let oldChild = oldPointer.appending(pair.old), newChild = newPointer.appending(pair.new)
            if !kept.contains(pair.old), !isIgnored(newChild) {
                record(.moved, .structure, oldChild, newChild, a[pair.old], b[pair.new], showingValues: false,
                       component: Self.componentName(of: b[pair.new], in: new) ?? component,
                       message: "\(Self.elementName(b[pair.new], in: newPointer.tokens.last, source: new)) moved from position \(pair.old + 1) to \(pair.new + 1)")
            }
            compare(a[pair.old], b[pair.new], at: oldChild, newChild, component: component, isElement: true)
        }
    }

    private func isIgnored(_ pointer: JSONPointer) -> Bool {
        guard !ignored.isEmpty else { return false }
        let path = pointer.tokens.joined(separator: "/")
        return ignored.contains { $0.matches(path) }
    }

    /// Adds a change; `a` and `b` are the old and new values, for their lines and (unless a move) their text.
    private mutating func record(_ kind: Change.Kind, _ changeClass: ChangeClass, _ oldPointer: JSONPointer?, _ newPointer: JSONPointer?,
                                 _ a: JSONValue?, _ b: JSONValue?, showingValues: Bool = true, component: String?, message: String,
                                 counterpart: JSONPointer? = nil) {
        var (oldText, newText) = (showingValues ? a.map { old.largeInteger($0) ?? Self.text($0) } : nil,
                                  showingValues ? b.map { new.largeInteger($0) ?? Self.text($0) } : nil)
        if let shown = oldText, Self.withoutEmojiParts(shown) == newText.map(Self.withoutEmojiParts),
           case .string(let x)? = a?.kind, case .string(let y)? = b?.kind {
            // They differ only in what `visible` keeps as part of an emoji (a selector, a joiner): every scalar shown.
            (oldText, newText) = (Self.scalarText(x), Self.scalarText(y))
        }
        var change = Change(kind: kind, changeClass: changeClass, pointer: newPointer, oldPointer: oldPointer,
                            old: oldText, new: newText,
                            oldLine: a.map { old.line(of: $0.offset) }, newLine: b.map { new.line(of: $0.offset) },
                            component: component, message: message)
        change.counterpart = counterpart
        changes.append(change)
    }

    // MARK: - Reading values

    /// Members whose change is a change of what the screen says or shows.
    static let contentKeys: Set<String> = [
        "text", "title", "subtitle", "name", "description", "label", "placeholder", "url", "imageUrl", "imageURL", "image", "icon",
        "destination", "action", "category", "campaigns", "courier", "deliveryTime", "headerImageDTO",
        // What a feed's restaurant cards print.
        "rating", "reviewCount", "minimumPrice", "distanceKm", "deliveryType", "campaignList", "imageText",
    ]
    /// Values that add or remove parts of the screen: a header's buttons (`View`, the all-list page).
    static let structureValueKeys: Set<String> = ["buttonTypes", "componentId", "id"]
    /// Members that hold components, sections or items.
    static let structureKeys: Set<String> = ["views", "containerViews", "customViews", "overlay", "component", "container", "data", "sections"]

    static func valueClass(_ key: String) -> ChangeClass {
        structureValueKeys.contains(key) ? .structure : contentKeys.contains(key) ? .content : .style
    }

    /// Whether two strings of a key the app reads as a colour are the same colour to it:
    /// `#1C1C1E` and `#1c1c1e`, or `#fff` and `#000FFF`. The keys are a scene's colour modifiers
    /// and stroke (formats.md §1.3) and a feed header icon's tint (§2.3); any other key (a custom
    /// component's, drawn by its template as written) is not compared so.
    static func sameColour(_ a: JSONValue, _ b: JSONValue, at pointer: JSONPointer) -> Bool {
        guard case .string(let x) = a.kind, case .string(let y) = b.kind else { return false }
        let tokens = pointer.tokens
        switch tokens.last {
        case "foregroundColor", "backgroundColor", "strokeColor":
            guard let first = SceneColorParser.parse(x).color, let second = SceneColorParser.parse(y).color else { return false }
            return first == second
        case "color" where tokens.dropLast().last == "headerImageDTO":
            let (first, second) = (FeedColorParser.parse(x), FeedColorParser.parse(y))
            return first.warning == nil && second.warning == nil && first.color == second.color
        default:
            return false
        }
    }

    /// A changed `type` that is not a view's (those are compared as another component): a
    /// stack's direction lays the children out anew, unless the app cannot read it and draws
    /// "Layout Render Error"; an action's says what a tap does, a feed header icon's where its
    /// picture comes from; any other (a custom server component's) may be one the app does not know.
    static func typeClass(of pointer: JSONPointer, _ value: JSONValue) -> ChangeClass {
        switch pointer.tokens.dropLast().last {
        case "layout":
            guard case .string(let type) = value.kind, ["h", "v", "z", "lh", "lv"].contains(type) else { return .breaking }
            return .structure
        case "action", "headerImageDTO": return .content
        default: return .breaking
        }
    }

    static func memberClass(_ key: String, _ value: JSONValue) -> ChangeClass {
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

    /// Whether two integers too large for a `Double` to tell apart (over 2⁵³: a feed's ids)
    /// are written with other digits: `9007199254740993` is not `9007199254740992`.
    private func differInDigits(_ a: JSONValue, _ b: JSONValue) -> Bool {
        let (x, y) = (old.largeInteger(a), new.largeInteger(b))
        return (x != nil || y != nil) && x != y
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
            let cut = string.count > valueTextLimit ? String(string.prefix(valueTextLimit)) + "…" : string
            return "\"" + visible(cut) + "\""
        case .array(let elements): return "[\(elements.count) item\(elements.count == 1 ? "" : "s")]"
        case .object(let members):
            // What a reviewer recognises an added or removed component by: the first texts it
            // shows, else its first keys (a count of keys says nothing: every view has two).
            let shown = shownTexts(value, limit: 2).map(text)
            guard shown.isEmpty else { return "{" + shown.joined(separator: ", ") + (shownTexts(value, limit: 3).count > 2 ? ", …}" : "}") }
            let keys = members.prefix(3).map { visible(String($0.key.prefix(valueTextLimit))) }
            return "{" + keys.joined(separator: ", ") + (members.count > keys.count ? ", …}" : "}")
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

    /// Indices into `values` of a longest strictly increasing subsequence (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var index = tails.last ?? -1
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
        guard case .number(let number) = value.kind, number.isIntegerLiteral, abs(number.value) >= 9_007_199_254_740_992 else { return nil }
        let digits = bytes[value.offset...].prefix { $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return String(decoding: digits, as: UTF8.self)
    }
}
