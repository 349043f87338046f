import VitrineCore

/// The changes of a file beyond its values': the whole file added, removed or renamed, what the
/// decoder says broke or mended, and changes the app draws alike marked as style.
extension RevisionDiff {
    /// The changes at or inside values the app reads past (an unknown key, a modifier a shape
    /// ignores), in every revision that has them, say that nothing drawn changes, and are style:
    /// a gate on content or structure does not stop for them.
    static func markingIgnored(_ changes: [Change], before: Set<JSONPointer>, after: Set<JSONPointer>) -> [Change] {
        guard !before.isEmpty || !after.isEmpty else { return changes }
        func inside(_ pointer: JSONPointer?, _ ignored: Set<JSONPointer>) -> Bool {
            guard let pointer else { return true }
            return (0...pointer.tokens.count).contains { ignored.contains(JSONPointer(tokens: Array(pointer.tokens.prefix($0)))) }
        }
        return changes.map { change in
            guard change.kind != .moved, change.pointer != nil || change.oldPointer != nil,
                  inside(change.oldPointer, before), inside(change.pointer, after) else { return change }
            var marked = change
            marked.message += " (the app ignores it: nothing drawn changes)"
            marked.changeClass = .style
            return marked
        }
    }

    /// The changes of a value the app reads the same way in both revisions, written another way
    /// (`"left"` and `"leading"` in a v stack; two alignments a stack does not take, both drawn
    /// centred; a scroll's axis `"v"` and `"vertical"`), say so, and are style: nothing drawn changes.
    static func markingRespelled(_ changes: [Change], before: PayloadDecoder.Result, after: PayloadDecoder.Result) -> [Change] {
        guard !before.readAs.isEmpty || !after.readAs.isEmpty, let oldRoot = before.json, let newRoot = after.json else { return changes }
        func reading(_ pointer: JSONPointer?, _ readAs: [JSONPointer: String], _ root: JSONValue) -> String? {
            guard let pointer else { return nil }
            if let spelling = readAs[pointer] { return spelling }
            guard case .string(let text)? = root.value(at: pointer)?.kind else { return nil }
            return text
        }
        return changes.map { change in
            guard change.kind == .changed, change.oldPointer.map({ before.readAs[$0] != nil }) == true || change.pointer.map({ after.readAs[$0] != nil }) == true,
                  let was = reading(change.oldPointer, before.readAs, oldRoot), was == reading(change.pointer, after.readAs, newRoot) else { return change }
            var marked = change
            marked.message += " (respelled: the app reads both as \"\(was)\")"
            marked.changeClass = .style
            return marked
        }
    }

    /// The changes with the warnings `after` has and `before` did not (a colour the app misreads,
    /// an alignment it draws centred), each given to the change at its place, beside it in one
    /// object, or around it; a warning near no change is a style change of its own. Warnings at
    /// values the app reads past are left out (their changes say so already), and so are those
    /// where `ignoring` leaves changes out.
    static func sayingWarnings(introducedIn after: PayloadDecoder.Result, since before: PayloadDecoder.Result, in changes: [Change],
                               ignoring: [PathPattern]) -> [Change] {
        // Nothing read differently, nothing new to warn of: a file only reformatted stays unchanged.
        guard !changes.isEmpty else { return changes }
        var changes = changes
        // Told apart by message, as errors are, less the lines it names ("first on line 45"): a
        // warning moved with its component, or whose other place moved, is not new.
        var known: [String: Int] = [:]
        for diagnostic in before.diagnostics where diagnostic.severity == .warning { known[Self.lineless(diagnostic.message), default: 0] += 1 }
        // Changes by place, and those at an object's key by the object, so a warning finds its
        // change by walking up from its place: time in its depth, not in the number of changes.
        var byPlace: [[String]: Int] = [:], byObject: [[String]: Int] = [:], addedByID: [String: Int] = [:]
        for (index, change) in changes.enumerated() {
            if change.kind == .added, let id = change.component, addedByID[id] == nil { addedByID[id] = index }
            guard let place = change.pointer?.tokens else { continue }
            if byPlace[place] == nil { byPlace[place] = index }
            if let key = place.last, Int(key) == nil, byObject[Array(place.dropLast())] == nil { byObject[Array(place.dropLast())] = index }
        }
        // At its place, beside it in its object (a stack's type made its alignment one it draws
        // centred), the nearest change around it, or a component added that it names (an id
        // used again is flagged where it is used again, which may be after the one added).
        func nearest(_ warning: Diagnostic) -> Int? {
            guard let tokens = warning.pointer?.tokens else { return nil }
            if let index = byPlace[tokens] { return index }
            if let key = tokens.last, Int(key) == nil, let index = byObject[Array(tokens.dropLast())] { return index }
            for length in stride(from: tokens.count - 1, through: 0, by: -1) {
                if let index = byPlace[Array(tokens.prefix(length))] { return index }
            }
            // The message's quoted words, in order (`componentId "trending" is used again`).
            let quoted = warning.message.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            return quoted.lazy.compactMap { addedByID[String($0.element)] }.first
        }
        let warnings = after.diagnostics.filter { $0.severity == .warning }
        let near = warnings.map(nearest)
        // The old warnings are used up where nothing was added first: of a component and the copy
        // of it put before it, the copy's warning is the new one.
        func rank(_ index: Int) -> Int { near[index].map { changes[$0].kind == .added ? 2 : 1 } ?? 0 }
        var introduced = Set<Int>()
        for index in warnings.indices.sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
            let key = Self.lineless(warnings[index].message)
            if let count = known[key], count > 0 { known[key] = count - 1 } else { introduced.insert(index) }
        }
        for (index, warning) in warnings.enumerated() where introduced.contains(index) {
            guard let pointer = warning.pointer, !after.ignoredByApp.contains(pointer), !TreeDiff.isIgnored(pointer, by: ignoring) else { continue }
            if let change = near[index] {
                changes[change].warnings.append(warning.message)
            } else {
                changes.append(Change(kind: .changed, changeClass: .style, pointer: pointer, oldPointer: nil, old: nil, new: nil,
                                      oldLocation: nil, newLocation: warning.location, component: nil,
                                      message: "warning introduced: \(warning.message)"))
            }
        }
        return changes
    }

    /// A message without the numbers of the lines it names (`first on line 45` → `first on line`).
    static func lineless(_ message: String) -> String {
        guard message.contains("line ") else { return message }
        return message.replacing(/line \d+/, with: "line")
    }

    /// What happened to a whole payload file.
    enum WholeFile {
        case added, removed
        case renamed(from: String)
    }

    /// The structure change of a whole file added, removed or renamed, so that counts and
    /// `--fail-on structure` agree on it.
    static func fileChange(_ file: WholeFile) -> Change {
        let (kind, pointer, oldPointer, message): (Change.Kind, JSONPointer?, JSONPointer?, String) = switch file {
        case .added: (.added, .root, nil, "payload file added")
        case .removed: (.removed, nil, .root, "payload file removed")
        case .renamed(let oldPath): (.moved, .root, .root, "payload file renamed from \(oldPath)")
        }
        return Change(kind: kind, changeClass: .structure, pointer: pointer, oldPointer: oldPointer, old: nil, new: nil,
                      oldLocation: nil, newLocation: nil, component: nil, message: message)
    }

    /// Most severe first; within a class, in the new document's order.
    static func ordered(_ changes: [Change]) -> [Change] {
        changes.enumerated().sorted { lhs, rhs in
            if lhs.element.changeClass != rhs.element.changeClass { return lhs.element.changeClass < rhs.element.changeClass }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The decoder's breaking changes and the tree diff's, where an error introduced at the
    /// place of a breaking tree change (a type renamed to one the app does not know) is that
    /// change's consequence: one change saying both, not two.
    static func merged(_ problems: [Change], into tree: [Change]) -> [Change] {
        var tree = tree
        var others: [Change] = []
        for problem in problems {
            if let pointer = problem.pointer, let index = tree.firstIndex(where: { $0.changeClass == .breaking && $0.pointer == pointer }) {
                tree[index].message += " — " + problem.message
            } else {
                others.append(problem)
            }
        }
        return others + tree
    }

    /// Where a diagnostic is, for a message (` at 2:16`); empty when that is not known.
    static func place(_ diagnostic: Diagnostic?) -> String {
        diagnostic?.location.map { " at \($0.line):\($0.column)" } ?? ""
    }

    /// Breaking changes a decoder sees: the file stops decoding, or errors appear that were not there.
    static func decodeProblems(before: PayloadDecoder.Result?, after: PayloadDecoder.Result) -> [Change] {
        // Errors are told apart by message, not position: a moved section keeps its errors at new pointers.
        var known: [String: Int] = [:]
        for diagnostic in before?.diagnostics ?? [] where diagnostic.severity == .error { known[diagnostic.message, default: 0] += 1 }
        let introduced = after.diagnostics.filter { diagnostic in
            guard diagnostic.severity == .error else { return false }
            guard let count = known[diagnostic.message], count > 0 else { return true }
            known[diagnostic.message] = count - 1
            return false
        }
        // A new file that is not a payload at all (a README.json) is not a breaking change; one that fails is.
        let broke = before.map { $0.status == .rendered && after.status != .rendered } ?? (after.status == .failed)
        if broke {
            let reason = introduced.first?.message ?? (after.status == .unknown ? "not a payload format Vitrine knows" : "it could not be read")
            return [Change(kind: .changed, changeClass: .breaking, pointer: introduced.first?.pointer, oldPointer: nil, old: nil, new: nil,
                           oldLocation: nil, newLocation: introduced.first?.location, component: nil,
                           message: "the payload \(before == nil ? "does not decode" : "no longer decodes"): \(reason)")]
        }
        guard after.status == .rendered else { return [] }
        if let before, before.status == .failed {
            let error = before.diagnostics.first { $0.severity == .error }
            // As a file that breaks is placed at its error on the new side, one that mends is at its error on the old.
            return [Change(kind: .changed, changeClass: .structure, pointer: nil, oldPointer: error?.pointer, old: nil, new: nil,
                           oldLocation: error?.location, newLocation: nil, component: nil,
                           message: "the payload decodes again (it could not be read before: \(error?.message ?? "an error"))")]
        }
        return introduced.map {
            Change(kind: .changed, changeClass: .breaking, pointer: $0.pointer, oldPointer: nil, old: nil, new: nil, oldLocation: nil,
                   newLocation: $0.location, component: nil, message: "error introduced: \($0.message)")
        }
    }

    /// The one change of a file whose bytes differ while a side of it does not parse, so has no
    /// values to compare (both sides broken, or broken before and not a payload now): without
    /// it, an edit of a broken file would pass for no change.
    static func uncompared(before: PayloadDecoder.Result, after: PayloadDecoder.Result) -> Change {
        func problem(_ result: PayloadDecoder.Result) -> Diagnostic? {
            guard result.json == nil else { return nil }
            return result.diagnostics.first { $0.severity == .error } ?? Diagnostic(.error, "it could not be read", file: "")
        }
        let (old, new) = (problem(before), problem(after))
        let message = if let old, let new {
            old.message == new.message ? "the payload still does not decode, and its bytes changed: \(new.message)"
                : "the payload still does not decode: \(new.message) (before: \(old.message))"
        } else if let new {
            "the payload's bytes changed and it does not decode: \(new.message)"
        } else {
            // Called only when a side has no JSON: here the old one.
            "the payload's bytes changed; it did not decode before: \(old?.message ?? "")"
        }
        return Change(kind: .changed, changeClass: .structure, pointer: .root, oldPointer: .root, old: nil, new: nil,
                      oldLocation: old?.location, newLocation: new?.location, component: nil, message: message)
    }
}
