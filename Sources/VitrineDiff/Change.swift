import VitrineCore

/// How much a change matters to the app, most severe first.
public enum ChangeClass: String, Sendable, CaseIterable, Comparable {
    /// The payload no longer decodes, a component's type changed, an error was introduced.
    case breaking
    /// A component, section or item added, removed or moved; an id, a cell type, a header's
    /// buttons or a direction (a stack's, a scroll's, a section's) changed.
    case structure
    /// Text or an image URL.
    case content
    /// Colours, sizes, spacing, fonts and every other value.
    case style

    public static func < (lhs: ChangeClass, rhs: ChangeClass) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One semantic change inside a payload file.
public struct Change: Sendable, Equatable {
    /// What happened at the pointer.
    public enum Kind: String, Sendable {
        /// In the new file only, in the old only, elsewhere in the new, or another value in place.
        case added, removed, moved, changed
    }

    /// Added, removed, moved or changed.
    public var kind: Kind
    /// How much it matters to a reviewer (structure, content or style).
    public var changeClass: ChangeClass
    /// Where it is in the new revision (nil when it was removed).
    public var pointer: JSONPointer?
    /// Where it was in the old revision (nil when it was added).
    public var oldPointer: JSONPointer?
    /// The old value as short JSON text (objects and arrays summarised); nil when added.
    public var old: String?
    /// The new value as short JSON text (objects and arrays summarised); nil when removed.
    public var new: String?
    /// Where the change is in the old file (nil when it was added).
    public var oldLocation: SourceLocation?
    /// Where the change is in the new file (nil when it was removed).
    public var newLocation: SourceLocation?
    /// The line of `oldLocation`.
    public var oldLine: Int? { oldLocation?.line }
    /// The line of `newLocation`.
    public var newLine: Int? { newLocation?.line }

    /// `old` and `new` as a report shows them: a view added or removed with nothing to
    /// recognise it by (summarised `{}`, a spacer) shows no value, a value moved only its new self.
    public var shownValues: (old: String?, new: String?) {
        if kind == .moved { return (nil, new) }
        let isBare = kind == .added || kind == .removed
        return (isBare && old == "{}" ? nil : old, isBare && new == "{}" ? nil : new)
    }
    /// The `componentId` or `id` of the component, section or item the change is in.
    public var component: String?
    /// A sentence for people ("text t1 moved from position 4 to 1", "text changed").
    public var message: String
    /// For a member added or removed: the object that owns it in the other revision, so a report
    /// can show the component as changed on both sides.
    public var counterpart: JSONPointer?
    /// Warnings the new revision has and the old one did not, at this change's place, beside it
    /// in one object or inside it (a colour the app misreads, an alignment a new stack type
    /// draws centred), as `vitrine check` words them.
    public var warnings: [String] = []
    /// Whether the file is one section (the all-list response), whose items are at `/data/N`.
    var isInOneSection = false

    /// A change of `kind` at `pointer` (`oldPointer` in the old document).
    public init(kind: Kind, changeClass: ChangeClass, pointer: JSONPointer?, oldPointer: JSONPointer?, old: String?, new: String?,
                oldLocation: SourceLocation?, newLocation: SourceLocation?, component: String?, message: String) {
        self.kind = kind
        self.changeClass = changeClass
        self.pointer = pointer
        self.oldPointer = oldPointer
        self.old = old
        self.new = new
        self.oldLocation = oldLocation
        self.newLocation = newLocation
        self.component = component
        self.message = message
    }
}

extension Change {
    /// What every report writes after a change's message: its values, each as `show` writes it
    /// (`: "Hi" → "Hello"`, `: was …`), then its line and column in each revision (payloads are
    /// often minified, all on line 1).
    func valuesAndLocations(_ show: (String) -> String) -> String {
        var text = ""
        switch shownValues {
        case let (old?, new?): text += ": \(show(old)) → \(show(new))"
        case let (old?, nil): text += ": was \(show(old))"
        case let (nil, new?): text += ": \(show(new))"
        case (nil, nil): break
        }
        switch (oldLocation, newLocation) {
        case let (old?, new?): text += " (\(old) → \(new))"
        case let (old?, nil): text += " (old \(old))"
        case let (nil, new?): text += " (new \(new))"
        case (nil, nil): break
        }
        return text
    }

    /// What the text reports write after a change's place: its first warnings, each as `show`
    /// writes it, and how many more there are.
    func warningsSaid(_ show: (String) -> String) -> String {
        var text = warnings.prefix(Self.warningsShown).map { " — warning: " + show($0) }.joined()
        if warnings.count > Self.warningsShown { text += " — \(warnings.count - Self.warningsShown) more warnings (`vitrine check` lists them)" }
        return text
    }

    /// Warnings a report shows after one change before it only counts the rest.
    static let warningsShown = 3

    /// In a feed, whether the change is in an item or in a section itself, and the section's
    /// place (from 0; nil in a file of one section): a feed's ids are bare numbers, which say
    /// nothing alone, and two sections' items may share one. Nil in a scene, whose ids are names.
    var feedPlace: (isItem: Bool, section: Int?)? {
        guard let tokens = (pointer ?? oldPointer)?.tokens else { return nil }
        let isItem = { (at: Int) in tokens.count > at + 1 && tokens[at] == "data" && Int(tokens[at + 1]) != nil }
        if isInOneSection { return (isItem(0), nil) }
        guard let first = tokens.first, let section = Int(first) else { return nil }
        return (isItem(1), section)
    }
}
