/// Builds small k-sdui-ios scene payloads (formats.md §1) for the layout fixtures.
///
/// Views are JSON text; `fields` are extra `"key":value` members of the component object, made
/// with `Field`. Every component gets the `componentId` the tests look it up by.
enum SceneJSON {
    /// A scene whose root container is a v-stack of `views`.
    static func scene(alignment: String = "leading", spacing: Double = 16, _ views: [String]) -> String {
        #"{"hasNavigationBar":false,"container":{"componentId":"root","layout":{"type":"v","alignment":"\#(alignment)","spacing":\#(spacing)},"views":[\#(views.joined(separator: ","))]}}"#
    }

    static func container(_ id: String, _ type: String, alignment: String, spacing: Double? = nil, _ fields: String..., views: [String]) -> String {
        let spacingField = spacing.map { #","spacing":\#($0)"# } ?? ""
        let layout = #""layout":{"type":"\#(type)","alignment":"\#(alignment)"\#(spacingField)}"#
        return view("container", id, [layout, #""views":[\#(views.joined(separator: ","))]"#] + fields)
    }

    static func rectangle(_ id: String, _ fields: String...) -> String {
        view("rectangle", id, fields)
    }

    static func text(_ id: String, _ string: String, _ fields: String...) -> String {
        view("text", id, [#""text":"\#(string)""#] + fields)
    }

    static func image(_ id: String, _ url: String, _ fields: String...) -> String {
        view("image", id, [#""imageURL":"\#(url)""#] + fields)
    }

    static func spacer(_ id: String) -> String {
        view("spacer", id, [])
    }

    /// A button whose label is the view `label` (`customViews`; the client requires `text` all the same).
    static func button(_ id: String, label: String, _ fields: String...) -> String {
        view("button", id, [#""text":"\#(id)""#, #""customViews":\#(label)"#] + fields)
    }

    static func scroll(_ id: String, axis: String, content: String, _ fields: String...) -> String {
        view("scroll", id, [#""axis":"\#(axis)""#, #""showIndicator":false"#, #""containerViews":\#(content)"#] + fields)
    }

    private static func view(_ type: String, _ id: String, _ fields: [String]) -> String {
        let members = ([#""componentId":"\#(id)""#] + fields).joined(separator: ",")
        return #"{"type":"\#(type)","component":{\#(members)}}"#
    }
}

/// Component members: common modifiers (formats.md §1.3) and text options.
enum Field {
    static func frame(width: Double? = nil, height: Double? = nil) -> String {
        let sides = [width.map { #""width":\#($0)"# }, height.map { #""height":\#($0)"# }].compactMap { $0 }
        return #""frame":{\#(sides.joined(separator: ","))}"#
    }

    /// `extreamFrame` with its values as JSON text, e.g. `["maxWidth": #""infinity""#, "idealHeight": "400"]`.
    static func extreamFrame(_ values: KeyValuePairs<String, String>) -> String {
        #""extreamFrame":{\#(values.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ","))}"#
    }

    /// `padding` entries in order; a nil spacing leaves the key out (SwiftUI's default, 16).
    static func padding(_ entries: (edge: String, spacing: Double?)...) -> String {
        let items = entries.map { entry in
            #"{"edge":"\#(entry.edge)""# + (entry.spacing.map { #","spacing":\#($0)"# } ?? "") + "}"
        }
        return #""padding":[\#(items.joined(separator: ","))]"#
    }

    /// `hex` without the leading `#` (which the client accepts, formats.md §1.3).
    static func background(_ hex: String) -> String { #""backgroundColor":"\#(hex)""# }
    static func foreground(_ hex: String) -> String { #""foregroundColor":"\#(hex)""# }
    static func cornerRadius(_ radius: Double) -> String { #""cornerRadius":\#(radius)"# }
    static func overlay(_ view: String) -> String { #""overlay":\#(view)"# }
    static func lineLimit(_ lines: Int) -> String { #""lineLimit":\#(lines)"# }
}
