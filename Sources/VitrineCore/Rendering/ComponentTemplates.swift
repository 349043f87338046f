import Mustache

/// Mustache templates that draw custom components, keyed by component type or id.
///
/// Every `{{value}}` is escaped per Unicode scalar by `HTMLEscaper` (swift-mustache's own HTML
/// escaper works on `Character`s and lets `"` + U+0338 through). Tags that would emit a
/// payload value unescaped or switch the escaping off are refused when the template is loaded.
public struct ComponentTemplates: Sendable {
    private var templates: [String: MustacheTemplate] = [:]

    /// No templates: every custom component is drawn as a labelled placeholder.
    public init() {}

    /// Compiles `sources` (key → template text); returns the templates that compiled and an
    /// error message for each key that did not.
    public static func compile(_ sources: [String: String]) -> (ComponentTemplates, [String: String]) {
        _ = registration
        var result = ComponentTemplates()
        var errors: [String: String] = [:]
        for (key, text) in sources {
            if let refused = refusedTag(in: text) {
                errors[key] = "template uses \(refused), which would write payload text unescaped"
                continue
            }
            do {
                result.templates[key] = try MustacheTemplate(string: "{{% CONTENT_TYPE: \(contentTypeName)}}" + text)
            } catch {
                errors[key] = "template does not parse: \(error)"
            }
        }
        return (result, errors)
    }

    /// Whether a template exists for `key`.
    public func contains(_ key: String) -> Bool { templates[key] != nil }

    /// Renders the first template found among `keys` with the payload object as its context.
    func render(keys: [String], payload: JSONValue) -> String? {
        guard let template = keys.lazy.compactMap({ self.templates[$0] }).first else { return nil }
        return template.render(Self.context(payload))
    }

    private static func refusedTag(in text: String) -> String? {
        for tag in ["{{{", "{{&", "{{=", "{{%"] where text.contains(tag) { return "`\(tag)`" }
        return nil
    }

    /// Payload JSON as Mustache context values; numbers formatted once, deterministically.
    private static func context(_ value: JSONValue) -> Any {
        switch value.kind {
        case .null: return false
        case .bool(let flag): return flag
        case .number(let number): return number.displayText
        case .string(let string): return string
        case .array(let elements): return elements.map(context)
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for member in members where dictionary[member.key] == nil {
                dictionary[member.key] = context(member.value)
            }
            return dictionary
        }
    }

    private static let contentTypeName = "VITRINE_HTML"
    private static let registration: Void = MustacheContentTypes.register(ScalarHTMLContentType(), named: contentTypeName)
}

/// Escapes template values with Vitrine's scalar-level HTML escaper.
private struct ScalarHTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String {
        HTMLEscaper.attribute(text)
    }
}
