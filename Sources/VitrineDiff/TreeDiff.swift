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
    /// Differences left out because `ignored` matches where they are.
    private(set) var ignoredCount = 0
    /// Elements removed from or added to a list, with a name (`componentId`, `id`): one that
    /// left one list for another is a move, found once the whole document is compared.
    private var unmatched: (removed: [Unmatched], added: [Unmatched]) = ([], [])

    private struct Unmatched {
        var change: Int
        var pointer: JSONPointer
        /// Where it is in the old document's terms: a removed element's pointer; for an added
        /// one, its index in the old counterpart of its list (lists are matched before elements).
        var oldPlace: JSONPointer
        var value: JSONValue
        var name: String
        /// The component whose list it is in, if it has a name.
        var parent: String?

        /// The list it is in, as written.
        var list: JSONPointer { JSONPointer(tokens: Array(pointer.tokens.dropLast())) }
        /// The list it is in, in the old document's terms: the same for two elements of one list.
        var oldList: JSONPointer { JSONPointer(tokens: Array(oldPlace.tokens.dropLast())) }

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
    /// move (also into a component added whole, or out of one removed), one whose name
    /// changed where it was is a change of its name beside its own edits. Each takes the place
    /// of the addition it replaces (else of the removal), so changes stay in the new document's order.
    mutating func compareDocuments(_ a: JSONValue, _ b: JSONValue) {
        // A feed of one section (the all-list response) is that section, named by its id.
        compare(a, b, at: .root, .root, component: b["layoutTemplateDTO"] != nil ? Self.componentName(of: b, in: new) : nil)
        let (removed, added) = unmatched
        guard !removed.isEmpty, !added.isEmpty else { return }
        func once(_ elements: [Unmatched]) -> [String: Unmatched] {
            Dictionary(grouping: elements, by: Self.moveKey).compactMapValues { $0.count == 1 ? $0[0] : nil }
        }
        let arrivals = once(added)
        var replacing: [Int: [Change]] = [:], dropped = Set<Int>()
        // One of the two may be inside a component added or removed whole (`change` -1): the
        // move then takes the place of the other's change.
        let moves = once(removed).compactMap { key, gone in
            arrivals[key].flatMap { gone.oldList != $0.oldList && (gone.change >= 0 || $0.change >= 0) ? (gone, $0) : nil }
        }
        // An element that moved out of (or into) a component that moved too is its own move, not
        // also removed from (added to) that component.
        let (left, arrivedAt) = (Set(moves.map(\.0.pointer)), Set(moves.map(\.1.pointer)))
        for (gone, arrived) in moves {
            var inner = TreeDiff(old: old, new: new, rules: rules, ignored: ignored)
            inner.record(.moved, .structure, gone.pointer, arrived.pointer, gone.value, arrived.value, showingValues: false, component: arrived.name,
                         message: "\(Self.elementName(arrived.value, in: nil, source: new)) moved from \(gone.place) to \(arrived.place)")
            inner.compare(gone.value, arrived.value, at: gone.pointer, arrived.pointer, component: arrived.name, isElement: true)
            replacing[arrived.change >= 0 ? arrived.change : gone.change] = inner.changes.filter { change in
                !(change.kind == .removed && change.oldPointer.map(left.contains) == true)
                    && !(change.kind == .added && change.pointer.map(arrivedAt.contains) == true)
            }
            ignoredCount += inner.ignoredCount
            dropped.formUnion([gone.change, arrived.change].filter { $0 >= 0 })
        }
        let addedAt = Dictionary(grouping: added.filter { $0.change >= 0 && !dropped.contains($0.change) }, by: \.oldPlace)
        for gone in removed where gone.change >= 0 && !dropped.contains(gone.change) {
            guard let arrived = addedAt[gone.oldPlace]?.first(where: { !dropped.contains($0.change) }),
                  let renamed = renaming(gone, arrived) else { continue }
            (replacing[arrived.change], dropped) = (renamed.changes, dropped.union([gone.change, arrived.change]))
            ignoredCount += renamed.ignored
        }
        guard !dropped.isEmpty else { return }
        changes = changes.enumerated().flatMap { index, change in replacing[index] ?? (dropped.contains(index) ? [] : [change]) }
    }

    /// The named elements of the lists inside `value`, an element added or removed whole (its
    /// sections' items, its container's views), which have no change of their own (`change` -1).
    private func nestedElements(of value: JSONValue, at pointer: JSONPointer, owner: String?, in source: SourceText,
                                oldPlace: (JSONPointer) -> JSONPointer) -> [Unmatched] {
        var found: [Unmatched] = []
        func walk(_ value: JSONValue, _ pointer: JSONPointer, _ owner: String?) {
            switch value.kind {
            case .object(let members):
                for member in members { walk(member.value, pointer.appending(member.key), owner) }
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    let place = pointer.appending(index)
                    guard !isIgnored(place) else { continue }
                    let name = Self.componentName(of: element, in: source)
                    if let name { found.append(Unmatched(change: -1, pointer: place, oldPlace: oldPlace(place), value: element, name: name, parent: owner)) }
                    walk(element, place, name ?? owner)
                }
            default:
                break
            }
        }
        walk(value, pointer, owner)
        return found
    }

    /// The changes of an element whose name (`componentId`, `id`) changed where it was: the
    /// name's change, then its own edits, while it is still mostly the element it was (it keeps
    /// `renameShare` of its values, at the same places, and one of its named parts if it had
    /// any and still has some); none when only an ignored name changed;
    /// nil when it is another element put in its place (a section of other items, a container
    /// of other views). With how many differences `ignored` left out inside it.
    private func renaming(_ gone: Unmatched, _ arrived: Unmatched) -> (changes: [Change], ignored: Int)? {
        var inner = TreeDiff(old: old, new: new, rules: rules, ignored: ignored)
        inner.compare(gone.value, arrived.value, at: gone.pointer, arrived.pointer, component: nil, isElement: true)
        guard !inner.changes.isEmpty else { return ([], inner.ignoredCount) }
        let ownName = [arrived.pointer, arrived.pointer.appending("component")]
        guard let naming = inner.changes.firstIndex(where: { change in
            guard change.kind == .changed, let pointer = change.pointer, ["componentId", "id"].contains(pointer.tokens.last ?? "") else { return false }
            return ownName.contains(JSONPointer(tokens: Array(pointer.tokens.dropLast())))
        }) else { return nil }
        // Named parts (views, items) it holds, when both hold some, must include one of the old ones.
        let (oldParts, newParts) = (Set(nestedElements(of: gone.value, at: gone.pointer, owner: nil, in: old) { $0 }.map(\.name)),
                                    Set(nestedElements(of: arrived.value, at: arrived.pointer, owner: nil, in: new) { $0 }.map(\.name)))
        guard inner.changes.count == 1 || (Self.sharedValues(gone.value, arrived.value) >= Self.renameShare
                                           && (oldParts.isEmpty || newParts.isEmpty || !oldParts.isDisjoint(with: newParts))) else { return nil }
        var renamed = inner.changes
        (renamed[naming].component, renamed[naming].changeClass) = (arrived.name, .structure)
        return ([renamed.remove(at: naming)] + renamed, inner.ignoredCount)
    }

    /// The share of values two elements keep at the same places, as a renamed file is told.
    static let renameShare = 0.6

    /// The share of the values (strings, numbers, booleans, nulls) of the larger of `a` and `b`
    /// that the other holds at the same place.
    private static func sharedValues(_ a: JSONValue, _ b: JSONValue) -> Double {
        func values(_ value: JSONValue) -> [String: UInt64] {
            var found: [String: UInt64] = [:]
            func walk(_ value: JSONValue, _ place: String) {
                switch value.kind {
                case .object(let members): for member in members { walk(member.value, place + "/" + member.key) }
                case .array(let elements): for (index, element) in elements.enumerated() { walk(element, place + "/" + String(index)) }
                default: found[place] = fingerprint(value)
                }
            }
            walk(value, "")
            return found
        }
        let (x, y) = (values(a), values(b))
        let shared = x.count { y[$0.key] == $0.value }
        return Double(shared) / Double(max(x.count, y.count, 1))
    }

    /// What a moved element shares with its old self: its name, its type and the kind of list
    /// it is in (a section's id is not an item's).
    private static func moveKey(_ element: Unmatched) -> String {
        element.name + "\u{0}" + (element.value["type"].map(IdentityRules.scalarText) ?? "") + "\u{0}" + (element.list.tokens.last ?? "")
    }

    /// Values whose JSON text is kept whole in a change; longer ones are cut.
    static let valueTextLimit = 120

    /// - Parameters:
    ///   - isElement: the values are elements of a list, where an `id` names a section or an
    ///     item; elsewhere (a section's `headerImageDTO`) it names no component.
    ///   - inElement: the values are members of such an element, where an `id` is its name;
    ///     elsewhere (a header icon's `id`) it names nothing.
    mutating func compare(_ a: JSONValue, _ b: JSONValue, at oldPointer: JSONPointer, _ newPointer: JSONPointer, component: String?,
                          isElement: Bool = false, inElement: Bool = false) {
        guard !isIgnored(newPointer) else {
            // Counted as the report would list them: compared as any value, with no rule leaving anything out.
            var inside = TreeDiff(old: old, new: new, rules: rules, ignored: [])
            inside.compare(a, b, at: oldPointer, newPointer, component: component, isElement: isElement, inElement: inElement)
            ignoredCount += inside.changes.count
            return
        }
        switch (a.kind, b.kind) {
        case (.object(let oldMembers), .object(let newMembers)):
            let context = (isElement ? Self.componentName(of: b, in: new) : Self.componentID(of: b)) ?? component
            // A view whose type changed is a different component, but the fields the two share
            // (its text, colours, frame) still say what changed, and the new type's own are added.
            var typeChanged = false
            if let oldType = a["type"], let newType = b["type"], !Self.sameValue(oldType, newType), a["component"] != nil || b["component"] != nil {
                record(.changed, .breaking, oldPointer.appending("type"), newPointer.appending("type"), oldType, newType, component: context,
                       message: "type changed")
                typeChanged = true
            }
            var newByKey: [String: JSONValue] = [:]
            for member in newMembers where newByKey[member.key] == nil { newByKey[member.key] = member.value }
            var oldKeys = Set<String>()
            for member in oldMembers where !oldKeys.contains(member.key) {
                oldKeys.insert(member.key)
                if typeChanged, member.key == "type" { continue }
                let oldChild = oldPointer.appending(member.key), newChild = newPointer.appending(member.key)
                if let counterpart = newByKey[member.key] {
                    compare(member.value, counterpart, at: oldChild, newChild, component: context, inElement: isElement)
                } else if member.value.kind != .null, isIgnored(newChild) {
                    ignoredCount += 1
                } else if member.value.kind != .null {
                    record(.removed, Self.memberClass(member.key), oldChild, nil, member.value, nil, component: context,
                           message: "\(member.key) removed", counterpart: newPointer)
                }
            }
            for member in newMembers where !oldKeys.contains(member.key) && member.value.kind != .null {
                let newChild = newPointer.appending(member.key)
                guard !isIgnored(newChild) else {
                    ignoredCount += 1
                    continue
                }
                record(.added, Self.memberClass(member.key), nil, newChild, nil, member.value, component: context,
                       message: "\(member.key) added", counterpart: oldPointer)
            }
        case (.array(let oldElements), .array(let newElements)):
            compareArrays(oldElements, newElements, at: oldPointer, newPointer, component: component)
        case (.string(let x), .string(let y)) where x == y && !x.unicodeScalars.elementsEqual(y.unicodeScalars):
            // Swift's == calls canonically equivalent strings equal (NFC "é" and NFD "e" + U+0301);
            // the app may not, so the difference is reported, with the scalars shown.
            let (key, list) = (newPointer.tokens.last ?? "value", isElement ? newPointer.tokens.dropLast().last : nil)
            changes.append(Change(kind: .changed, changeClass: Self.valueClass(list ?? key), pointer: newPointer, oldPointer: oldPointer,
                                old: Self.scalarText(x), new: Self.scalarText(y), oldLocation: old.location(of: a.offset),
                                newLocation: new.location(of: b.offset), component: component,
                                message: "\(Self.valueName(key, list: list)) changed in Unicode normalisation only"))
        default:
            guard !Self.sameValue(a, b) || differInDigits(a, b) else { return }
            if newPointer.tokens.isEmpty {
                // A feed of one section (the all-list response) become a list of them, or back: another endpoint's payload.
                record(.changed, .breaking, oldPointer, newPointer, a, b, component: component,
                       message: "the document changed from \(a.typeDescription) to \(b.typeDescription): the app reads it from another endpoint")
                return
            }
            let key = newPointer.tokens.last ?? ""
            if (a.kind == .null) != (b.kind == .null), !key.isEmpty, !isElement {
                // `null` is a missing key (a feed's `headerImageDTO`): a value set or cleared is one added or
                // removed, and the other side is outlined on its owner, as for a key added or removed.
                let added = a.kind == .null
                let owner = JSONPointer(tokens: (added ? oldPointer : newPointer).tokens.dropLast())
                record(added ? .added : .removed, Self.memberClass(key), added ? nil : oldPointer, added ? newPointer : nil,
                       added ? nil : a, added ? b : nil, component: component, message: "\(key) \(added ? "added" : "removed")", counterpart: owner)
                return
            }
            // An element of a list of values (a card's `campaignList`) is classed and named by its list.
            let list = isElement ? newPointer.tokens.dropLast().last : nil
            let kind: ChangeClass = key == "type" ? Self.typeClass(of: newPointer, b)
                : key == "id" && !inElement ? .style : Self.valueClass(list ?? key)
            let respelled = Self.colourNote(a, b, at: newPointer)
            // A stack's `layout.type` is its direction, not the component's type.
            let isLayout = key == "type" && newPointer.tokens.dropLast().last == "layout"
            let name = isLayout ? "layout" : Self.valueName(key, list: list)
            let undrawable = isLayout && kind == .breaking ? " (the app cannot draw it: it shows \"Layout Render Error\")" : ""
            record(.changed, kind, oldPointer, newPointer, a, b, component: component, message: "\(name) changed" + respelled + undrawable)
        }
    }

    private mutating func compareArrays(_ a: [JSONValue], _ b: [JSONValue], at oldPointer: JSONPointer, _ newPointer: JSONPointer,
                                        component: String?) {
        // Elements are told alike by their fingerprints, each made once, when a repeated id asks.
        var (oldPrints, newPrints) = ([UInt64?](repeating: nil, count: a.count), [UInt64?](repeating: nil, count: b.count))
        let matched = IdentityRules.pairs(old: rules.identities(of: a, at: oldPointer, largeInteger: old.largeInteger),
                                          new: rules.identities(of: b, at: newPointer, largeInteger: new.largeInteger)) { isOld, index in
            if let known = isOld ? oldPrints[index] : newPrints[index] { return known }
            let made = Self.fingerprint(isOld ? a[index] : b[index])
            if isOld { oldPrints[index] = made } else { newPrints[index] = made }
            return made
        }
        let oldMatched = Set(matched.map(\.old)), newMatched = Set(matched.map(\.new))
        let isElementList = a.contains(where: Self.isComponentLike) || b.contains(where: Self.isComponentLike)
        for (index, element) in a.enumerated() where !oldMatched.contains(index) {
            let pointer = oldPointer.appending(index)
            guard !isIgnored(pointer) else {
                ignoredCount += 1
                continue
            }
            if let name = Self.componentName(of: element, in: old) {
                unmatched.removed.append(Unmatched(change: changes.count, pointer: pointer, oldPlace: pointer, value: element, name: name, parent: component))
            }
            unmatched.removed += nestedElements(of: element, at: pointer, owner: Self.componentName(of: element, in: old) ?? component, in: old) { $0 }
            record(.removed, isElementList ? .structure : Self.valueClass(oldPointer.tokens.last ?? ""), pointer, nil, element, nil,
                   component: Self.componentName(of: element, in: old) ?? component,
                   message: "\(Self.elementName(element, in: oldPointer.tokens.last, source: old)) removed")
        }
        for (index, element) in b.enumerated() where !newMatched.contains(index) {
            let pointer = newPointer.appending(index)
            guard !isIgnored(pointer) else {
                ignoredCount += 1
                continue
            }
            if let name = Self.componentName(of: element, in: new) {
                unmatched.added.append(Unmatched(change: changes.count, pointer: pointer, oldPlace: oldPointer.appending(index), value: element,
                                                 name: name, parent: component))
            }
            // Inside an addition no list has an old counterpart: a place no old list has.
            unmatched.added += nestedElements(of: element, at: pointer, owner: Self.componentName(of: element, in: new) ?? component, in: new) {
                JSONPointer(tokens: ["+"] + $0.tokens)
            }
            record(.added, isElementList ? .structure : Self.valueClass(newPointer.tokens.last ?? ""), nil, pointer, nil, element,
                   component: Self.componentName(of: element, in: new) ?? component,
                   message: "\(Self.elementName(element, in: newPointer.tokens.last, source: new)) added")
        }
        // Elements outside the longest run kept in order are the ones that moved.
        // One stayed where it was when as many matched elements come before it on both sides
        // (additions and removals around it do not count).
        let oldRank = Dictionary(uniqueKeysWithValues: matched.map(\.old).sorted().enumerated().map { ($1, $0) })
        let kept = Set(Self.longestIncreasingRun(matched.map(\.old)) { oldRank[matched[$0].old] == $0 }.map { matched[$0].old })
        for pair in matched {
            let oldChild = oldPointer.appending(pair.old), newChild = newPointer.appending(pair.new)
            if !kept.contains(pair.old), !isIgnored(newChild) {
                // A view or an item moved is a structure change; a value of a list (a campaign, a
                // padding) moved is of the list's class, and shown, since it has no name.
                record(.moved, isElementList ? .structure : Self.valueClass(newPointer.tokens.last ?? ""), oldChild, newChild, a[pair.old], b[pair.new],
                       showingValues: !isElementList,
                       component: Self.componentName(of: b[pair.new], in: new) ?? component,
                       message: "\(Self.elementName(b[pair.new], in: newPointer.tokens.last, source: new)) moved from position \(pair.old + 1) to \(pair.new + 1)")
            }
            compare(a[pair.old], b[pair.new], at: oldChild, newChild, component: component, isElement: true)
        }
    }

    /// Whether `ignored` matches the place itself: the walk stops at a place it matches, so the
    /// places around have been asked already.
    private func isIgnored(_ pointer: JSONPointer) -> Bool {
        !ignored.isEmpty && Self.matches(pointer.tokens[...], ignored)
    }

    /// Whether `patterns` match the place of `pointer` or one around it, as the walk leaves
    /// out a subtree whole.
    static func isIgnored(_ pointer: JSONPointer, by patterns: [PathPattern]) -> Bool {
        let tokens = pointer.tokens
        return !patterns.isEmpty && (0...tokens.count).contains { matches(tokens.prefix($0), patterns) }
    }

    private static func matches(_ tokens: ArraySlice<String>, _ patterns: [PathPattern]) -> Bool {
        let path = tokens.joined(separator: "/")
        return patterns.contains { $0.matches(path) }
    }

    /// Adds a change; `a` and `b` are the old and new values, for their lines and (unless a move) their text.
    private mutating func record(_ kind: Change.Kind, _ changeClass: ChangeClass, _ oldPointer: JSONPointer?, _ newPointer: JSONPointer?,
                                 _ a: JSONValue?, _ b: JSONValue?, showingValues: Bool = true, component: String?, message: String,
                                 counterpart: JSONPointer? = nil) {
        var (oldText, newText) = (showingValues ? a.map { old.largeInteger($0) ?? Self.text($0) } : nil,
                                  showingValues ? b.map { new.largeInteger($0) ?? Self.text($0) } : nil)
        if showingValues, case .string(let x)? = a?.kind, case .string(let y)? = b?.kind {
            if let windowed = Self.windowed(x, y) { (oldText, newText) = windowed }
            if let shown = oldText, Self.withoutEmojiParts(shown) == newText.map(Self.withoutEmojiParts) {
                // They differ only in what `visible` keeps as part of an emoji (a selector, a joiner): every scalar shown.
                (oldText, newText) = (Self.scalarText(x), Self.scalarText(y))
            }
        }
        var change = Change(kind: kind, changeClass: changeClass, pointer: newPointer, oldPointer: oldPointer,
                            old: oldText, new: newText,
                            oldLocation: a.map { old.location(of: $0.offset) }, newLocation: b.map { new.location(of: $0.offset) },
                            component: component, message: message)
        change.counterpart = counterpart
        changes.append(change)
    }

    /// Whether two integers too large for a `Double` to tell apart (over 2⁵³: a feed's ids)
    /// are written with other digits: `9007199254740993` is not `9007199254740992`.
    private func differInDigits(_ a: JSONValue, _ b: JSONValue) -> Bool {
        let (x, y) = (old.largeInteger(a), new.largeInteger(b))
        return (x != nil || y != nil) && x != y
    }
}
