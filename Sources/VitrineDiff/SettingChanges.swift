import VitrineCore

/// The settings two `vitrine.json` files differ in, one change per setting: each value that is
/// not an object (a list whole, as `["drafts/**"]`) at its pointer, set, cleared or changed.
/// A reviewer reads `/feed/currency` changed `"TL"` → `"USD"`, not "feed added" with its keys.
enum SettingChanges {
    /// A new file that does not parse is one breaking change where it breaks (the site would be
    /// built without it); an old one that did not, every setting of the new one set.
    static func between(_ a: [UInt8], _ b: [UInt8]) -> [Change] {
        let (before, after) = (JSONReader.read(a), JSONReader.read(b))
        guard let newRoot = after.root else {
            let problem = after.issues.first { $0.severity == .error }
            return [Change(kind: .changed, changeClass: .breaking, pointer: .root, oldPointer: .root, old: nil, new: nil, oldLocation: nil,
                           newLocation: problem.map { after.text.location(of: $0.offset) }, component: nil,
                           message: "the file does not parse" + (problem.map { ": " + $0.message } ?? ""))]
        }
        let oldRoot = before.root ?? JSONValue(.object([]), offset: 0)
        let (old, new) = (settings(oldRoot), settings(newRoot))
        let newByPointer = Dictionary(new.map { ($0.pointer, $0.value) }) { first, _ in first }
        let oldPointers = Set(old.map(\.pointer))
        var changes: [Change] = []
        func change(_ kind: Change.Kind, _ pointer: JSONPointer, _ a: JSONValue?, _ b: JSONValue?) {
            let key = pointer.tokens.last ?? "value"
            var (oldText, newText) = (a.map(text), b.map(text))
            if case .string(let x)? = a?.kind, case .string(let y)? = b?.kind, let windowed = TreeDiff.windowed(x, y) { (oldText, newText) = windowed }
            changes.append(Change(kind: kind, changeClass: .style, pointer: b == nil ? nil : pointer, oldPointer: a == nil ? nil : pointer,
                                  old: oldText, new: newText, oldLocation: a.map { before.text.location(of: $0.offset) },
                                  newLocation: b.map { after.text.location(of: $0.offset) }, component: nil,
                                  message: "\(key) \(kind == .added ? "set" : kind == .removed ? "cleared" : "changed")"))
        }
        for (pointer, value) in old {
            if let counterpart = newByPointer[pointer] {
                if !same(value, counterpart, at: pointer) { change(.changed, pointer, value, counterpart) }
            } else {
                change(.removed, pointer, value, nil)
            }
        }
        for (pointer, value) in new where !oldPointers.contains(pointer) { change(.added, pointer, nil, value) }
        return changes.sorted { ($0.pointer ?? $0.oldPointer)?.description ?? "" < ($1.pointer ?? $1.oldPointer)?.description ?? "" }
    }

    /// Lists of path patterns, whose order means nothing.
    private static let patternLists: Set<JSONPointer> = [JSONPointer(tokens: ["exclude"]), JSONPointer(tokens: ["hidden"]),
                                                         JSONPointer(tokens: ["diff", "ignore"])]

    /// Whether two values of the setting at `pointer` mean the same: a list of patterns
    /// reordered does (compared byte for byte, as patterns match: not in another normalisation).
    private static func same(_ a: JSONValue, _ b: JSONValue, at pointer: JSONPointer) -> Bool {
        guard patternLists.contains(pointer), let x = strings(a), let y = strings(b) else { return TreeDiff.sameJSON(a, b) }
        return Set(x.map { Array($0.utf8) }) == Set(y.map { Array($0.utf8) })
    }

    /// The elements of a list of strings; nil for anything else.
    private static func strings(_ value: JSONValue) -> [String]? {
        guard case .array(let elements) = value.kind else { return nil }
        let texts = elements.compactMap { element -> String? in if case .string(let text) = element.kind { text } else { nil } }
        return texts.count == elements.count ? texts : nil
    }

    /// Every value of `root` that is not an object, with its pointer, in document order.
    private static func settings(_ root: JSONValue) -> [(pointer: JSONPointer, value: JSONValue)] {
        var found: [(pointer: JSONPointer, value: JSONValue)] = []
        func walk(_ value: JSONValue, _ pointer: JSONPointer) {
            guard case .object(let members) = value.kind else { return found.append((pointer, value)) }
            for member in members { walk(member.value, pointer.appending(member.key)) }
        }
        walk(root, .root)
        return found
    }

    /// A setting's value as JSON text; a list's elements each so, long ones cut.
    private static func text(_ value: JSONValue) -> String {
        guard case .array(let elements) = value.kind else { return TreeDiff.text(value) }
        return "[" + elements.map(text).joined(separator: ", ") + "]"
    }
}
