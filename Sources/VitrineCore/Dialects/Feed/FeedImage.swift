/// The image of a feed cell: covering its box at the template's aspect ratio, rounded or round.
enum FeedImage {
    static func node(_ url: String?, member: JSONValue?, pointer: JSONPointer, template: FeedTemplate,
                     context: inout DecodingContext) -> ViewNode {
        let value = member ?? JSONValue(.null, offset: 0)
        let source = context.source(of: value, at: pointer)
        var imageSource = ImageSource.unavailable("no image")
        if let url {
            switch URLSanitizer.sanitize(url, for: .image) {
            case .allowed(let safe, let warning):
                if let warning { context.report(.warning, warning, at: value, pointer: pointer) }
                imageSource = .remote(safe)
            case .rejected(let reason):
                context.report(.warning, "image URL dropped (\(reason))", at: value, pointer: pointer)
                imageSource = .unavailable("image URL not shown")
            }
        }
        var modifiers: [Modifier] = [.aspectRatio(template.imageAspectRatio)]
        if template.circularImage, case .points(let width) = template.itemWidth {
            modifiers += [.frame(width: width, height: width / template.imageAspectRatio), .cornerRadius(width / 2)]
        } else {
            modifiers.append(.cornerRadius(12))
        }
        return ViewNode(.image(.init(imageSource, contentMode: .fill)), modifiers: modifiers, source: source)
    }
}
