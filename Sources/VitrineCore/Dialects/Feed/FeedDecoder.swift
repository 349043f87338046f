/// Reads feed sections and lays them out as the view tree (rendering.md §4).
struct FeedDecoder {
    let settings: FeedSettings
    var context: DecodingContext

    init(settings: FeedSettings, context: DecodingContext) {
        self.settings = settings
        self.context = context
    }

    /// Reads one `ListUIDTO`; nil when it is not an object.
    mutating func section(_ value: JSONValue, at pointer: JSONPointer) -> FeedSection? {
        guard var object = ObjectReader(value, at: pointer, what: "a section", context: &context) else { return nil }
        let id = object.integer("id", context: &context)
        let title = object.string("title", context: &context)
        let written = value["title"]
        if title == nil, written.map({ if case .null = $0.kind { true } else { false } }) ?? true {
            // The backend fills it from a non-null column (formats.md §2.3); a wrong type is an error already.
            context.report(.warning, "the section has no title; the backend always sends one, so its header is drawn without it",
                           at: written ?? value, pointer: written == nil ? pointer : pointer.appending("title"))
        }
        let icon = headerIcon(&object)
        var templateName = "featured_01"
        var scroll: Axis?
        var group: Axis?
        var template: FeedTemplate?
        if var layout = object.object("layoutTemplateDTO", what: "a layoutTemplateDTO", required: true, context: &context) {
            let name = layout.string("layoutTemplate", required: true, context: &context)
            scroll = axis("scrollDirection", &layout)
            group = axis("groupOrientation", &layout)
            if let name {
                templateName = name
                template = settings.templates[name]
                if template == nil {
                    // The section's own scrollDirection still decides the flow, as for any template.
                    let drawn = scroll == .horizontal ? "a rail of full-width items, as its scrollDirection is horizontal" : "a vertical list"
                    let meant = FeedTemplate.likelyMeant(name, among: settings.templates.keys)
                    context.report(.warning, "unknown layout template \"\(name)\"" + (meant.map { " (did you mean \"\($0)\"?)" } ?? "") + "; drawn as \(drawn)",
                                   at: layout.member("layoutTemplate", context: &context) ?? layout.value,
                                   pointer: layout.pointer.appending("layoutTemplate"))
                }
            }
            layout.finish(context: &context)
        }
        let cellType = object.string("cellType", required: true, context: &context)
        var buttons: [(String, JSONValue, JSONPointer)] = []
        for (index, element) in (object.array("buttonTypes", context: &context) ?? []).enumerated() {
            let buttonPointer = pointer.appending("buttonTypes").appending(index)
            guard case .string(let text) = element.kind else {
                context.report(.error, "expected a string, found \(element.typeDescription)", at: element, pointer: buttonPointer)
                continue
            }
            buttons.append((text, element, buttonPointer))
        }
        let kind = checkedCellKind(cellType, template: templateName, section: value, at: pointer)
        let items = (object.array("data", required: true, context: &context) ?? []).enumerated().map {
            item($1, at: pointer.appending("data").appending($0), kind: kind)
        }
        object.finish(context: &context)
        return FeedSection(id: id, title: title ?? "", icon: icon, templateName: templateName, template: template ?? FeedTemplate.fallback,
                           scrollDirection: scroll, groupOrientation: group, cellType: cellType, buttons: buttons,
                           items: items, value: value, pointer: pointer)
    }

    private mutating func axis(_ key: String, _ layout: inout ObjectReader) -> Axis? {
        guard let text = layout.string(key, required: true, context: &context) else { return nil }
        switch text {
        case "horizontal": return .horizontal
        case "vertical": return .vertical
        default:
            context.report(.warning, "\(key) \"\(text)\" is neither horizontal nor vertical; the template's default is used",
                           at: layout.member(key, context: &context) ?? layout.value, pointer: layout.pointer.appending(key))
            return nil
        }
    }

    private mutating func headerIcon(_ object: inout ObjectReader) -> FeedSection.Icon? {
        guard var icon = object.object("headerImageDTO", what: "a headerImageDTO", context: &context) else { return nil }
        // The kit's `HeaderIcon` takes the image and the tint: the DTO's id is read past.
        icon.accept(["id"])
        if icon.value["id"] != nil { context.readPast(icon.pointer.appending("id")) }
        let type = icon.string("type", required: true, context: &context)
        let name = icon.string("imageText", required: true, context: &context)
        var tint: RGBAColor?
        if let colorText = icon.string("color", context: &context), let colorValue = icon.member("color", context: &context) {
            let reading = FeedColorParser.parse(colorText)
            if let warning = reading.warning {
                context.report(.warning, warning, at: colorValue, pointer: icon.pointer.appending("color"))
            }
            tint = reading.color
        }
        icon.finish(context: &context)
        guard let type, let name else { return nil }
        let source: ImageSource
        switch type {
        case "SYSTEM":
            source = .symbol(name)
        case "ASSETS":
            let named = icon.pointer.appending("imageText")
            source = .asset(name, at: context.source(of: icon.member("imageText", context: &context) ?? icon.value, at: named))
        default:
            context.report(.warning, "headerImageDTO type \"\(type)\" is neither SYSTEM nor ASSETS; no icon drawn",
                           at: icon.member("type", context: &context) ?? icon.value, pointer: icon.pointer.appending("type"))
            return nil
        }
        return FeedSection.Icon(source: source, tint: tint, value: icon.value, pointer: icon.pointer)
    }

    /// A red box standing for something that could not be read.
    func placeholder(_ label: String, at value: JSONValue, _ pointer: JSONPointer) -> ViewNode {
        ViewNode(.placeholder(.init(label, severity: .error)), source: context.source(of: value, at: pointer))
    }
}
