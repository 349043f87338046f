extension SceneDecoder {
    /// The component's own content; nil when its required keys could not be read.
    mutating func content(of type: SceneComponentType, _ object: inout ObjectReader, depth: Int) -> ViewKind? {
        switch type {
        case .text: text(&object)
        case .button: button(&object, depth: depth)
        case .image: image(&object)
        case .spacer: .spacer()
        case .rectangle: .shape(.rectangle)
        case .roundedRectangle: roundedRectangle(&object)
        case .scroll: scroll(&object, depth: depth)
        case .container: stack(&object, depth: depth)
        case .custom: .custom(.init(templateKeys: Self.templateKeys(object.string("componentId", context: &context) ?? ""), payload: object.value))
        }
    }

    /// The templates a custom component may be drawn with, most particular first: its
    /// `componentId`, the id cut at its last `-`, `_` or `.` again and again (at most
    /// `templateCuts` times), then `custom`. So `price-tag-2` beside `price-tag-1` is drawn
    /// by `price-tag.mustache`, and the two need not share an id.
    static func templateKeys(_ id: String) -> [String] {
        var keys = id.isEmpty ? [] : [id]
        var rest = Substring(id)
        while keys.count <= templateCuts, let cut = rest.lastIndex(where: { "-_.".contains($0) }) {
            rest = rest[..<cut]
            if !rest.isEmpty, rest != "custom" { keys.append(String(rest)) }
        }
        return keys.last == "custom" ? keys : keys + ["custom"]
    }

    /// How many shorter ids a custom component's template is looked for by.
    static let templateCuts = 4

    private mutating func text(_ object: inout ObjectReader) -> ViewKind? {
        let string = object.string("text", required: true, context: &context)
        var font: Font?
        if var fontObject = object.object("font", what: "a font", context: &context) {
            let name = fontObject.string("fontName", required: true, context: &context)
            var size = fontObject.length("fontSize", required: true, context: &context)
            if let given = size, !(given > 0), let value = fontObject.member("fontSize", context: &context) {
                context.report(.warning, "fontSize must be above 0; drawn at the system size, 17",
                               at: value, pointer: fontObject.pointer.appending("fontSize"))
                size = Font.systemSize
            }
            fontObject.finish(context: &context)
            if let name, let size { font = Font(payloadName: name, size: size) }
        }
        let lineLimit = object.integer("lineLimit", context: &context)
        if let lineLimit, lineLimit < 1, let value = object.member("lineLimit", context: &context) {
            context.report(.warning, "lineLimit \(lineLimit) hides the text in the app", at: value, pointer: object.pointer.appending("lineLimit"))
        }
        guard let string else { return nil }
        return .text(.init(string, font: font, lineLimit: lineLimit))
    }

    private mutating func button(_ object: inout ObjectReader, depth: Int) -> ViewKind? {
        let title = object.string("text", required: true, context: &context)
        var action: Action?
        if var actionObject = object.object("action", what: "an action", context: &context) {
            let type = actionObject.string("type", required: true, context: &context)
            let destination = actionObject.string("destination", required: true, context: &context)
            actionObject.finish(context: &context)
            if let type, let destination {
                if type != "push" && type != "modal", let value = actionObject.member("type", context: &context) {
                    context.report(.warning, "action type \"\(type)\" is neither push nor modal; the app only logs it, unless the destination is one it opens as a URL",
                                   at: value, pointer: actionObject.pointer.appending("type"))
                }
                action = Action(type: type, destination: destination)
            }
        }
        let label = object.member("customViews", context: &context).map {
            view($0, at: object.pointer.appending("customViews"), depth: depth + 1)
        }
        guard let title else { return nil }
        if label != nil { context.readPast(object.pointer.appending("text")) }  // required, but the label is customViews
        return .button(.init(title: title, label: label, action: action))
    }

    private mutating func image(_ object: inout ObjectReader) -> ViewKind? {
        guard let url = object.string("imageURL", required: true, context: &context) else { return nil }
        let pointer = object.pointer.appending("imageURL")
        let value = object.member("imageURL", context: &context) ?? object.value
        return .image(.init(imageSource(url, at: value, pointer)))
    }

    /// The app loads these prefixes with AsyncImage and everything else from its asset bundle.
    private static let remotePrefixes = ["http://", "https://", "wss://", "ws://", "ftp://", "file://", "data:"]

    private mutating func imageSource(_ url: String, at value: JSONValue, _ pointer: JSONPointer) -> ImageSource {
        guard Self.remotePrefixes.contains(where: { url.utf8.starts(with: $0.utf8) }) else {
            return assetSource(url, at: value, pointer)
        }
        switch URLSanitizer.sanitize(url, for: .image) {
        case .allowed(let safe, let warning):
            if let warning { context.report(.warning, warning, at: value, pointer: pointer) }
            return .remote(safe)
        case .rejected(let reason):
            context.report(.warning, "imageURL dropped (\(reason))", at: value, pointer: pointer)
            return .unavailable("image URL not shown")
        }
    }

    private mutating func assetSource(_ name: String, at value: JSONValue, _ pointer: JSONPointer) -> ImageSource {
        if let scheme = Self.scheme(of: name) {
            context.report(.warning, "imageURL with scheme \"\(scheme)\" is not loaded by the app (it looks for an asset of that name); not shown",
                           at: value, pointer: pointer)
            return .unavailable("image not shown")
        }
        let safe = !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.value >= 0x20 && scalar != "/" && scalar != "\\" && scalar.value != 0x7F
        } && name != "." && name != ".."
        guard safe else {
            context.report(.warning, "asset name is not a plain name; it is looked up only inside assets/",
                           at: value, pointer: pointer)
            return .unavailable("invalid asset name")
        }
        return .asset(name, at: context.source(of: value, at: pointer))
    }

    private mutating func roundedRectangle(_ object: inout ObjectReader) -> ViewKind? {
        let radius = object.size("cornerRadius", context: &context) ?? 0
        var stroke: Stroke?
        if var strokeObject = object.object("strokeComponent", what: "a stroke", context: &context) {
            let hasColor = strokeObject.member("strokeColor", required: true, context: &context) != nil
            let color = color("strokeColor", of: &strokeObject)
            let width = strokeObject.size("lineWidth", required: true, context: &context)
            strokeObject.finish(context: &context)
            if hasColor, let width {
                stroke = Stroke(color: color, lineWidth: width)
            }
        }
        return .shape(.roundedRectangle(cornerRadius: radius, stroke: stroke))
    }

    private mutating func scroll(_ object: inout ObjectReader, depth: Int) -> ViewKind? {
        let axisText = object.string("axis", required: true, context: &context)
        let showsIndicators = object.bool("showIndicator", required: true, context: &context)
        let inner = object.member("containerViews", required: true, context: &context)
        guard let axisText, let showsIndicators, let inner else { return nil }
        let content = view(inner, at: object.pointer.appending("containerViews"), depth: depth + 1)
        if axisText != "h", axisText != "v" { context.read(object.pointer.appending("axis"), as: "v") }  // anything but "h" is vertical
        return .scroll(.init(axis: axisText == "h" ? .horizontal : .vertical, showsIndicators: showsIndicators, content: content))
    }

    /// The scheme of a URL-like string (`javascript` in `JaVaScRiPt:alert(1)`), lower-cased, read as
    /// a browser would (leading controls and spaces skipped, tabs and line breaks removed).
    private static func scheme(of text: String) -> String? {
        let scalars = text.unicodeScalars.drop { $0.value <= 0x20 }.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        guard let colon = scalars.firstIndex(of: ":") else { return nil }
        let candidate = scalars[..<colon]
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = candidate.first, isLetter(first),
              candidate.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        return String(String.UnicodeScalarView(candidate)).lowercased()
    }
}
