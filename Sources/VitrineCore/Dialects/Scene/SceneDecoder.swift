/// Maps scene components (formats.md §1.2) into view nodes, keeping going after every error.
struct SceneDecoder {
    var context: DecodingContext
    /// Each `componentId` seen so far, with the offset of its first use.
    private var seenIDs: [String: Int] = [:]
    /// While the subtree of a component whose id repeats is read (a copied block): how many ids
    /// inside it repeat too, told in that component's one warning rather than one each.
    private var repeatsInside: Int?

    init(context: DecodingContext) {
        self.context = context
    }

    /// A `{type, component}` view object.
    mutating func view(_ value: JSONValue, at pointer: JSONPointer, depth: Int) -> ViewNode {
        guard var wrapper = ObjectReader(value, at: pointer, what: "a view", context: &context) else {
            return placeholder("invalid view", at: value, pointer)
        }
        let type = wrapper.string("type", required: true, context: &context)
        let component = wrapper.member("component", required: true, context: &context)
        wrapper.finish(context: &context)
        guard let type, let component else {
            return placeholder("invalid view", at: value, pointer)
        }
        guard SceneComponentType(rawValue: type) != nil else {
            context.report(.error, SceneComponentType.unknown(type), at: wrapper.member("type", context: &context) ?? value, pointer: pointer.appending("type"))
            return placeholder("Unknown component type “\(type)”", at: component, pointer.appending("component"))
        }
        return self.component(type: type, component, at: pointer.appending("component"), depth: depth)
    }

    /// The component object of a view whose type is `type`.
    mutating func component(type: String, _ value: JSONValue, at pointer: JSONPointer, depth: Int) -> ViewNode {
        guard depth <= SceneDialect.maxComponentDepth else {
            context.report(.error, SceneDialect.nestingMessage + "\(SceneDialect.maxComponentDepth)", at: value, pointer: pointer)
            return placeholder("nested too deep", at: value, pointer)
        }
        guard let componentType = SceneComponentType(rawValue: type) else {
            context.report(.error, SceneComponentType.unknown(type), at: value, pointer: pointer)
            return placeholder("Unknown component type “\(type)”", at: value, pointer)
        }
        let problemsBefore = context.keptCount
        guard var object = ObjectReader(value, at: pointer, what: "a \(type) component", context: &context) else {
            return placeholder("invalid \(type)", at: value, pointer)
        }
        let id = object.string("componentId", required: true, context: &context)
        let repeated = id.flatMap { id in object.member("componentId", context: &context).flatMap { repeatedID(id, at: $0) } }
        let kind = content(of: componentType, &object, depth: depth)
        let modifiers = componentType == .roundedRectangle
            ? ignoredModifiers(&object)
            : commonModifiers(&object, isImage: componentType == .image, depth: depth)
        if componentType == .custom {
            object.acceptAll()  // extra keys go to the component's template
        }
        object.finish(context: &context)
        if let repeated, let id { reportRepeat(id, repeated, pointer.appending("componentId")) }
        let source = context.source(of: value, at: pointer)
        guard let kind else {
            return ViewNode(.placeholder(.init(context.couldNotRead(type, since: problemsBefore), severity: .error)), id: id, source: source, component: type)
        }
        return ViewNode(kind, modifiers: modifiers, id: id, source: source, component: Self.componentName(type, kind))
    }

    /// A container is named after its layout (`container.h`, `container.lv`), the rest by type.
    private static func componentName(_ type: String, _ kind: ViewKind) -> String {
        guard case .stack(let stack) = kind else { return type }
        let letter = switch stack.axis {
        case .horizontal: "h"
        case .vertical: "v"
        case .overlay: "z"
        }
        return "\(type).\(stack.isLazy ? "l" : "")\(letter)"
    }

    /// Notes a `componentId`; when it repeats outside a repeated component, returns its value and
    /// the offset of its first use, for the warning `reportRepeat` gives once its subtree is read.
    private mutating func repeatedID(_ id: String, at value: JSONValue) -> (value: JSONValue, first: Int)? {
        guard let first = seenIDs[id] else {
            seenIDs[id] = value.offset
            return nil
        }
        guard repeatsInside == nil else {
            repeatsInside! += 1
            return nil
        }
        repeatsInside = 0
        return (value, first)
    }

    /// Warns of a repeated `componentId` (bad-inputs.md D04): SwiftUI's `ForEach` identity, the
    /// catalogue's tree and diff reports then tell the components apart only by position. One
    /// warning covers the ids repeated inside it too, as when a block is copied whole.
    private mutating func reportRepeat(_ id: String, _ repeated: (value: JSONValue, first: Int), _ pointer: JSONPointer) {
        let inside = repeatsInside ?? 0
        repeatsInside = nil
        let also = inside == 0 ? "" : ", and so \(inside == 1 ? "is 1 id" : "are \(inside) ids") inside it"
        context.report(.warning, "componentId \"\(id)\" is used again (first on line \(context.line(of: repeated.first)))\(also); "
                       + "such components are told apart only by their position", at: repeated.value, pointer: pointer)
    }

    /// A red box standing for something that could not be read.
    func placeholder(_ label: String, at value: JSONValue, _ pointer: JSONPointer) -> ViewNode {
        ViewNode(.placeholder(.init(label, severity: .error)), source: context.source(of: value, at: pointer))
    }
}

/// The component type strings of `ComponentList.matchText`.
enum SceneComponentType: String, CaseIterable {
    case text, button, image, spacer, rectangle, roundedRectangle, scroll, container, custom

    /// The error for a view of `type`, naming the type it likely misspells (`Text`, `buton`).
    static func unknown(_ type: String) -> String {
        let meant = Misspelling.likelyMeant(type, among: allCases.map(\.rawValue))
        return "unknown component type \"\(type)\"" + (meant.map { " (did you mean \"\($0)\"?)" } ?? "") + "; the app fails to decode the whole scene"
    }
}
