import Mustache

/// Mustache templates that draw custom components, keyed by component type or id.
///
/// Every `{{value}}` is escaped per Unicode scalar by `HTMLEscaper` (swift-mustache's own HTML
/// escaper works on `Character`s and lets `"` + U+0338 through). Tags that would emit a
/// payload value unescaped or switch the escaping off are refused when the template is loaded,
/// and so are elements and attributes that could run script (`<script`, `onclick=`): templates
/// come with the payloads, from whoever changes them. For the same reason a template draws at
/// most `outputLimit` bytes for one component: sections repeating over lists within lists
/// (a kilobyte of template and payload) would otherwise draw gigabytes. A value printed into
/// CSS is kept only when plain (`ComponentTemplates+CSS.swift`), and a drawing's tags are
/// balanced (`+Balance.swift`), so that payload values keep to the component's own box.
public struct ComponentTemplates: Sendable {
    /// By key; nil for a template that is there but could not be used (it does not parse, or
    /// is refused). One stored property: a closure over the struct captures it unboxed.
    private var templates: [String: Compiled?] = [:]

    /// A template and its size in bytes, which each repetition of one of its sections is
    /// charged; whether it prints values into CSS (its drawings are then checked, see `cssGuarded`).
    private struct Compiled: Sendable {
        var template: MustacheTemplate
        var bytes: Int
        var guardsCSS: Bool
    }

    /// The most a template draws for one component, in bytes: past it, the component is drawn
    /// as a placeholder and the build reports an error.
    public static let outputLimit = 4 << 20

    /// What a template drew for a component: its HTML, or nil when it went past `outputLimit`.
    struct Drawing {
        /// The template's key (`rating-stars`).
        var key: String
        var html: String?
        /// The first value left out of CSS, not being a plain CSS value (see `isPlainCSS`).
        var refusedCSS: String?
        /// What was wrong with the drawing's elements, mended (see `balanced`).
        var unbalanced: String?
    }

    /// No templates: every custom component is drawn as a labelled placeholder.
    public init() {}

    /// Why a template could not be used, and where in its file.
    public struct Problem: Sendable, Equatable {
        /// What is wrong (`template does not parse (…)`).
        public var message: String
        /// Where in the template's file, when known.
        public var location: SourceLocation?
    }

    /// Compiles `sources` (key → template text); returns the templates that compiled and the
    /// problems of each key that did not: every kind of refusal it has (the first of each, in
    /// the order they stand), so that one build names them all, else why it does not parse.
    public static func compile(_ sources: [String: String]) -> (ComponentTemplates, [String: [Problem]]) {
        _ = registration
        var result = ComponentTemplates()
        var problems: [String: [Problem]] = [:]
        for (key, written) in sources {
            let text = withoutCSSMarks(written)
            let refusals = refusals(of: text)
            if !refusals.isEmpty {
                problems[key] = refusals
                continue
            }
            let pragma = "{{% CONTENT_TYPE: \(contentTypeName)}}"
            do {
                let template = try MustacheTemplate(string: pragma + text)
                // Values printed into CSS are marked once the template is known to parse as written.
                let guarded = cssGuarded(text)
                result.templates[key] = Compiled(template: try guarded.map { try MustacheTemplate(string: pragma + $0) } ?? template,
                                                 bytes: text.utf8.count, guardsCSS: guarded != nil)
            } catch let error as MustacheTemplate.ParserError {
                // Vitrine's parser of page templates names the section not closed, and where it opens.
                do { _ = try PageTemplate(Array(text.utf8)) } catch where !error.isUnsupported {
                    problems[key] = [Problem(message: "template does not parse: \(error.message)", location: SourceText(bytes: Array(text.utf8)).location(of: error.offset))]
                    continue
                } catch {}
                // The pragma Vitrine puts in front shifts the first line's columns.
                let line = error.context.lineNumber
                let column = line == 1 ? error.context.columnNumber - pragma.count : error.context.columnNumber
                problems[key] = [Problem(message: "template does not parse: " + Self.explained(error.error), location: SourceLocation(line: line, column: max(column, 1)))]
            } catch {
                problems[key] = [Problem(message: "template does not parse (\(error))", location: nil)]
            }
        }
        for key in problems.keys { result.markUnusable(key) }
        return (result, problems)
    }

    /// What swift-mustache's parser found wrong, in words (its own are names such as `unfinishedName`).
    private static func explained(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .unfinishedName: "a tag is not closed with `}}`, or its name has a character names cannot have, or a transform's brackets do not close"
        case .sectionCloseNameIncorrect: "a section is closed with another name than it was opened with"
        case .expectedSectionEnd: "a section is not closed"
        case .invalidSetDelimiter: "a `{{=…=}}` tag is not well formed"
        case .transformAppliedToInheritanceSection, .illegalTokenInsideInheritSection, .textInsideInheritSection:
            "template inheritance (`{{<…}}`, `{{$…}}`) is used in a way it cannot be"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: "a pragma (`{{%…}}`) is not well formed"
        case nil: "\(error)"
        }
    }

    /// Records that `key`'s template is there but cannot be used (it does not parse, is refused, or is not UTF-8).
    mutating func markUnusable(_ key: String) {
        templates[key] = .some(nil)
    }

    /// Whether `key`'s template is there but could not be used (its problem says why).
    func isUnusable(_ key: String) -> Bool {
        if case .some(.none) = templates[key] { true } else { false }
    }

    /// Whether a template is there for `key` (`rating-stars` for `components/rating-stars.mustache`).
    func has(_ key: String) -> Bool {
        templates[key] ?? nil != nil
    }

    /// Renders the first template found among `keys` with the payload object as its context,
    /// its `price` transform writing as `prices` says; nil when none is there.
    func render(keys: [String], payload: JSONValue, prices: AmountFormat = AmountFormat()) -> Drawing? {
        guard let (key, compiled) = keys.lazy.compactMap({ key in (self.templates[key] ?? nil).map { (key, $0) } }).first else { return nil }
        let budget = RenderBudget(bytes: Self.outputLimit, perRepeat: max(compiled.bytes, 1), prices: prices)
        let drawn = compiled.template.render(Self.context(payload, budget))
        if budget.exceeded { return Drawing(key: key, html: nil) }
        let (plain, refusedCSS) = compiled.guardsCSS ? Self.plainCSSValues(drawn) : (drawn, nil)
        let (html, unbalanced) = Self.balanced(plain)
        return Drawing(key: key, html: html, refusedCSS: refusedCSS, unbalanced: unbalanced)
    }

    /// Payload JSON as Mustache context values, drawing on `budget`; numbers formatted once, deterministically.
    private static func context(_ value: JSONValue, _ budget: RenderBudget) -> Any {
        switch value.kind {
        case .null: return PayloadNull()
        case .bool(let flag): return flag
        case .number(let number): return PayloadString(text: number.displayText, budget: budget)
        case .string(let string): return PayloadString(text: string, budget: budget)
        case .array(let elements): return PayloadArray(elements: elements.map { context($0, budget) }, json: elements, budget: budget)
        case .object(let members):
            var dictionary: [String: Any] = [:], entries: [PayloadEntry] = []
            for member in members where dictionary[member.key] == nil {
                let entry = PayloadEntry(key: PayloadString(text: member.key, budget: budget), value: context(member.value, budget), json: member.value)
                dictionary[member.key] = entry.value
                entries.append(entry)
            }
            return PayloadObject(members: dictionary, entries: entries, json: value, budget: budget)
        }
    }

    /// `null`: prints nothing, and a section on it is skipped (`false` printed "false").
    struct PayloadNull: MustacheCustomRenderable {
        var renderText: String { "" }
        var isNull: Bool { true }
    }

    /// Compact JSON text of a payload value, in its own order, after `"key": ` when a key is
    /// given: what `{{value}}` of an object or array prints (Swift would print a dictionary in
    /// hash order, different on every run). Strings are escaped by `JSONText`.
    static func jsonText(_ value: JSONValue, key: String? = nil) -> String {
        var json = JSONText()
        if let key {
            json.string(key)
            json.append(Array(": ".utf8))
        }
        write(value, to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, to json: inout JSONText) {
        switch value.kind {
        case .null: json.null()
        case .bool(let flag): json.bool(flag)
        case .number(let number): json.append(Array(number.displayText.utf8))
        case .string(let string): json.string(string)
        case .array(let elements):
            json.append([UInt8(ascii: "[")])
            for (index, element) in elements.enumerated() {
                if index > 0 { json.append(Array(", ".utf8)) }
                write(element, to: &json)
            }
            json.append([UInt8(ascii: "]")])
        case .object(let members):
            json.append([UInt8(ascii: "{")])
            for (index, member) in members.enumerated() {
                if index > 0 { json.append(Array(", ".utf8)) }
                json.string(member.key)
                json.append(Array(": ".utf8))
                write(member.value, to: &json)
            }
            json.append([UInt8(ascii: "}")])
        }
    }

    /// The content type whose escaper is `HTMLEscaper`; every component template starts with its pragma.
    static let contentTypeName = "VITRINE_HTML"
    static let registration: Void = MustacheContentTypes.register(ScalarHTMLContentType(), named: contentTypeName)
}

// Every value a template can print prints the same on every run: payload values as JSON text,
// never through Swift's description (a dictionary's in hash order, with type names). The text
// is made when printed, from the payload's value, so a deep payload costs nothing until then.
// What a template draws is charged to the render's budget: each value printed, its bytes; each
// repetition of a section, the template's size (its text, drawn at most once a repetition).

/// What one component's template may still draw, in bytes. Once spent, lists repeat no more
/// and values print nothing, so the render ends soon; the drawing is then thrown away. It also
/// says how the template's `price` writes an amount.
private final class RenderBudget {
    private var remaining: Int
    /// What one repetition of a section costs.
    let perRepeat: Int
    let prices: AmountFormat
    private(set) var exceeded = false

    init(bytes: Int, perRepeat: Int, prices: AmountFormat) {
        (remaining, self.perRepeat, self.prices) = (bytes, perRepeat, prices)
    }

    /// Takes `bytes` from what is left; false, and nothing left, when they do not fit.
    func charge(_ bytes: Int) -> Bool {
        guard !exceeded, bytes <= remaining else {
            exceeded = true
            return false
        }
        remaining -= bytes
        return true
    }

    /// `text` when it fits what is left (and is charged), else nothing.
    func printed(_ text: String) -> String {
        charge(text.utf8.count) ? text : ""
    }
}

/// A payload string (or number, as its text) in a template: printed as it is, charged to the
/// render's budget, and so are the strings its transforms (`uppercased`) make. A whole number
/// takes the integer transforms too (`plusone`, `equalzero`), and a number `price`.
private struct PayloadString: MustacheCustomRenderable, MustacheTransformable {
    let text: String
    let budget: RenderBudget
    var renderText: String { budget.printed(text) }
    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        if name == "price" {
            return Double(text).flatMap { $0.isFinite ? $0 : nil }.map { PayloadString(text: budget.prices.price(of: $0), budget: budget) }
        }
        // Within ±2⁵³, as a JSON number is: `plusone` of Int.max would trap.
        let whole = Int(text).flatMap { (-(1 << 53) + 1..<1 << 53).contains($0) ? $0 : nil }
        let result = whole?.transform(name) ?? text.transform(name)
        if let number = result as? Int { return PayloadString(text: String(number), budget: budget) }
        return (result as? String).map { PayloadString(text: $0, budget: budget) } ?? result
    }
}

/// A payload object in a template: its members by key (the first of a repeated key, as the app
/// keeps it); printed as its JSON text. Its transforms are a dictionary's, in payload order.
private struct PayloadObject: MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    let members: [String: Any]
    let entries: [PayloadEntry]
    let json: JSONValue
    let budget: RenderBudget
    var renderText: String { budget.printed(ComponentTemplates.jsonText(json)) }
    var isNull: Bool { false }

    func child(named name: String) -> Any? { members[name] }

    func transform(_ name: String) -> Any? {
        switch name {
        case "enumerated": PayloadArray(entries, budget: budget)
        case "sorted": PayloadArray(entries.sorted { $0.key.text.utf8.lexicographicallyPrecedes($1.key.text.utf8) }, budget: budget)
        case "count": PayloadString(text: String(entries.count), budget: budget)  // as text, which takes the integer transforms
        default: members.transform(name)
        }
    }
}

/// One member of a payload object, as `enumerated` and `sorted` list them: `{{key}}`,
/// `{{value}}`; printed as `"key": value`.
private struct PayloadEntry: MustacheParent, MustacheCustomRenderable {
    let key: PayloadString
    let value: Any
    let json: JSONValue
    var renderText: String { key.budget.printed(ComponentTemplates.jsonText(json, key: key.text)) }
    var isNull: Bool { false }

    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "value": value
        default: nil
        }
    }
}

/// A payload array in a template: a section repeats for each element; printed as its JSON
/// text. Its transforms are an array's; it has no members of its own to look names up in.
private struct PayloadArray: MustacheSequence, MustacheCustomRenderable, MustacheTransformable, MustacheParent {
    let elements: [Any]
    /// How each element prints.
    let texts: () -> [String]
    let budget: RenderBudget
    var renderText: String { budget.printed("[" + texts().joined(separator: ", ") + "]") }
    var isNull: Bool { false }

    init(elements: [Any], json: [JSONValue], budget: RenderBudget) {
        (self.elements, self.texts, self.budget) = (elements, { json.map { ComponentTemplates.jsonText($0) } }, budget)
    }

    init(_ entries: [PayloadEntry], budget: RenderBudget) {
        (elements, self.budget) = (entries, budget)
        texts = { entries.map { ComponentTemplates.jsonText($0.json, key: $0.key.text) } }
    }

    private init(elements: [Any], texts: @escaping () -> [String], budget: RenderBudget) {
        (self.elements, self.texts, self.budget) = (elements, texts, budget)
    }

    /// Each element a section draws is charged a repetition of the template.
    struct Iterator: IteratorProtocol {
        var elements: IndexingIterator<[Any]>
        let budget: RenderBudget

        mutating func next() -> Any? {
            budget.charge(budget.perRepeat) ? elements.next() : nil
        }
    }

    func makeIterator() -> Iterator { Iterator(elements: elements.makeIterator(), budget: budget) }

    func transform(_ name: String) -> Any? {
        switch name {
        case "reversed": PayloadArray(elements: elements.reversed(), texts: { [texts] in texts().reversed() }, budget: budget)
        case "count": PayloadString(text: String(elements.count), budget: budget)  // as text, which takes the integer transforms
        default: elements.transform(name)
        }
    }

    func child(named name: String) -> Any? { nil }
}

/// Escapes template values with Vitrine's scalar-level HTML escaper.
private struct ScalarHTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String {
        HTMLEscaper.attribute(ComponentTemplates.withoutCSSMarks(text))
    }
}
