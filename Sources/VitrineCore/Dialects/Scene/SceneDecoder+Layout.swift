extension SceneDecoder {
    /// A container: its layout and its views (formats.md §1.1, §1.4).
    mutating func stack(_ object: inout ObjectReader, depth: Int) -> ViewKind? {
        let layoutObject = object.object("layout", what: "a layout", required: true, context: &context)
        let views = object.array("views", required: true, context: &context) ?? []
        let children = views.enumerated().map { index, element in
            view(element, at: object.pointer.appending("views").appending(index), depth: depth + 1)
        }
        guard var layout = layoutObject else { return nil }
        let type = layout.string("type", required: true, context: &context)
        let spacing = layout.length("spacing", context: &context)
        let alignment = layout.string("alignment", required: true, context: &context)
        layout.finish(context: &context)
        guard let type else { return nil }
        let typePointer = layout.pointer.appending("type")
        // Said with a missing alignment too: fixing that one first only to meet this one took two rounds.
        guard ["h", "lh", "v", "lv", "z"].contains(type) else {
            context.report(.warning, "unknown layout type \"\(type)\" (the app reads h, lh, v, lv and z); it draws the text \"Layout Render Error\"",
                           at: layout.member("type", context: &context) ?? layout.value, pointer: typePointer)
            return alignment == nil ? nil : .text(.init("Layout Render Error"))  // without one, the container does not decode
        }
        guard let alignment else { return nil }
        if type == "z", spacing != nil { context.readPast(layout.pointer.appending("spacing")) }  // a ZStack has no spacing
        switch type {
        case "h", "lh":
            return .stack(.init(axis: .horizontal, isLazy: type == "lh", spacing: spacing,
                                alignment: Alignment(horizontal: .center, vertical: verticalAlignment(alignment, &layout)),
                                children: children))
        case "v", "lv":
            return .stack(.init(axis: .vertical, isLazy: type == "lv", spacing: spacing,
                                alignment: Alignment(horizontal: horizontalAlignment(alignment, &layout), vertical: .center),
                                children: children))
        default:  // "z"
            return .stack(.init(axis: .overlay, spacing: nil, alignment: overlayAlignment(alignment, &layout), children: children))
        }
    }

    private mutating func verticalAlignment(_ text: String, _ layout: inout ObjectReader) -> VerticalAlignment {
        switch text {
        case "top": return .top
        case "center": return .center
        case "bottom": return .bottom
        default:
            unsupportedAlignment(text, "h stacks accept top, center, bottom", &layout)
            return .center
        }
    }

    private mutating func horizontalAlignment(_ text: String, _ layout: inout ObjectReader) -> HorizontalAlignment {
        switch text {
        case "leading": return .leading
        case "center": return .center
        case "trailing": return .trailing
        case "left", "right":
            context.read(layout.pointer.appending("alignment"), as: text == "left" ? "leading" : "trailing")
            return text == "left" ? .leading : .trailing
        default:
            unsupportedAlignment(text, "v stacks accept leading, left, center, trailing, right", &layout)
            return .center
        }
    }

    /// `convertToDefaultAlignment`: eight values; `topTrailing` is missing in the app.
    private static let overlayAlignments: [String: Alignment] = [
        "topLeading": Alignment(horizontal: .leading, vertical: .top),
        "top": Alignment(horizontal: .center, vertical: .top),
        "leading": Alignment(horizontal: .leading, vertical: .center),
        "center": .center,
        "trailing": Alignment(horizontal: .trailing, vertical: .center),
        "bottomLeading": Alignment(horizontal: .leading, vertical: .bottom),
        "bottom": Alignment(horizontal: .center, vertical: .bottom),
        "bottomTrailing": Alignment(horizontal: .trailing, vertical: .bottom),
    ]

    private mutating func overlayAlignment(_ text: String, _ layout: inout ObjectReader) -> Alignment {
        if let alignment = Self.overlayAlignments[text] { return alignment }
        unsupportedAlignment(text, "z stacks accept topLeading, top, leading, center, trailing, bottomLeading, bottom, bottomTrailing (not topTrailing)", &layout)
        return .center
    }

    private mutating func unsupportedAlignment(_ text: String, _ accepted: String, _ layout: inout ObjectReader) {
        let value = layout.member("alignment", context: &context) ?? layout.value
        context.read(layout.pointer.appending("alignment"), as: "center")
        context.report(.warning, "alignment \"\(text)\" is drawn centred by the app; \(accepted)",
                       at: value, pointer: layout.pointer.appending("alignment"))
    }
}
