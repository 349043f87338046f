extension SceneDecoder {
    /// The common modifiers (formats.md §1.3) in the app's order (§1.5), innermost first.
    mutating func commonModifiers(_ object: inout ObjectReader, isImage: Bool, depth: Int) -> [Modifier] {
        var modifiers: [Modifier] = []
        let cornerRadius = object.size("cornerRadius", context: &context)
        if isImage, let cornerRadius {
            modifiers.append(.cornerRadius(cornerRadius))  // ImageComponent clips before the common chain
        }
        if let color = color("foregroundColor", of: &object) {
            modifiers.append(.foreground(color))
        }
        if var frame = object.object("frame", what: "a frame", context: &context) {
            // A negative size is an invalid frame dimension to SwiftUI, and no size at all to CSS.
            let width = frame.size("width", context: &context)
            let height = frame.size("height", context: &context)
            frame.finish(context: &context)
            if width != nil || height != nil { modifiers.append(.frame(width: width, height: height)) }
        }
        if var frame = object.object("extreamFrame", what: "an extreamFrame", context: &context) {
            if let flexible = flexibleFrame(&frame) { modifiers.append(.flexibleFrame(flexible)) }
        }
        if let color = color("backgroundColor", of: &object) {
            modifiers.append(.background(color))
        }
        if let cornerRadius { modifiers.append(.cornerRadius(cornerRadius)) }
        if let overlay = object.member("overlay", context: &context) {
            modifiers.append(.overlay(view(overlay, at: object.pointer.appending("overlay"), depth: depth + 1)))
        }
        for (index, entry) in (object.array("padding", context: &context) ?? []).enumerated() {
            if let padding = padding(entry, at: object.pointer.appending("padding").appending(index)) {
                modifiers.append(padding)
            }
        }
        return modifiers
    }

    /// `roundedRectangle` ignores every common modifier: warn about each one set.
    mutating func ignoredModifiers(_ object: inout ObjectReader) -> [Modifier] {
        for key in ["padding", "frame", "extreamFrame", "foregroundColor", "backgroundColor", "overlay"] {
            if let value = object.member(key, context: &context) {
                context.ignored("`\(key)` is ignored by the app on roundedRectangle", offset: value.offset, pointer: object.pointer.appending(key))
            }
        }
        return []
    }

    /// Reads a colour member as the app's `Color(hex:)` does (black when it cannot be scanned).
    mutating func color(_ key: String, of object: inout ObjectReader) -> RGBAColor? {
        guard let text = object.string(key, context: &context),
              let value = object.member(key, context: &context) else { return nil }
        let (color, warning) = SceneColorParser.parse(text)
        if let warning {
            // The app's `Color(hex:)` keeps its zero value when the scan fails: black.
            let message = color == nil ? warning + "; the app draws black" : warning
            context.report(.warning, message, at: value, pointer: object.pointer.appending(key))
        }
        return color ?? RGBAColor(red: 0, green: 0, blue: 0)
    }

    private static let edges: [String: Edges] = [
        "top": .top, "leading": .leading, "bottom": .bottom, "trailing": .trailing,
        "horizontal": .horizontal, "vertical": .vertical, "all": .all,
    ]

    private mutating func padding(_ value: JSONValue, at pointer: JSONPointer) -> Modifier? {
        guard var entry = ObjectReader(value, at: pointer, what: "a padding", context: &context) else { return nil }
        let edgeText = entry.string("edge", required: true, context: &context)
        let spacing = entry.length("spacing", context: &context)
        entry.finish(context: &context)
        guard let edgeText else { return nil }
        guard let edges = Self.edges[edgeText] else {
            context.report(.warning, "padding edge \"\(edgeText)\" is read as `all` by the app",
                           at: entry.member("edge", context: &context) ?? value, pointer: pointer.appending("edge"))
            return .padding(.all, spacing)
        }
        return .padding(edges, spacing)
    }
}
