import VitrineCore

/// How elements of a payload array are recognised across revisions: by identity, not position.
///
/// An element's identity is, in order: the value of a configured key for that array (`--identity`
/// style rules), a scene view's `component.componentId`, an object's `componentId`, an object's
/// `id`; repeated identities (real payloads repeat ids) and elements without one fall back to
/// their JSON type and occurrence, so an insertion does not shift every later element.
public struct IdentityRules: Sendable {
    /// Array pointer pattern → the member key that identifies its elements.
    public var keys: [(pattern: PathPattern, key: String)]

    public init(keys: [(pattern: PathPattern, key: String)] = []) {
        self.keys = keys
    }

    /// The identity of each element of the array at `pointer`.
    func identities(of elements: [JSONValue], at pointer: JSONPointer) -> [String] {
        let path = pointer.tokens.joined(separator: "/")
        let configured = keys.first { $0.pattern.matches(path) }?.key
        var seen: [String: Int] = [:]
        return elements.map { element in
            let base = Self.identity(of: element, configured: configured) ?? "type:" + element.typeDescription
            let occurrence = seen[base, default: 0]
            seen[base] = occurrence + 1
            return occurrence == 0 ? base : "\(base)#\(occurrence)"
        }
    }

    private static func identity(of element: JSONValue, configured: String?) -> String? {
        if let configured, let value = element[configured] { return "key:" + scalarText(value) }
        if let id = element["component"]?["componentId"] { return "id:" + scalarText(id) }
        if let id = element["componentId"] { return "id:" + scalarText(id) }
        if let id = element["id"] { return "id:" + scalarText(id) }
        return nil
    }

    static func scalarText(_ value: JSONValue) -> String {
        switch value.kind {
        case .string(let text): text
        case .number(let number): number.displayText
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: value.typeDescription
        }
    }
}
