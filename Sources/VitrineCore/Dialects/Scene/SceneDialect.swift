/// The k-sdui-ios `SDUIScene` format: `{hasNavigationBar, container}` (formats.md §1).
public struct SceneDialect: PayloadDialect {
    /// The dialect's name in `index.json` and the catalogue (`scene`).
    public let name = "scene"

    /// Component nesting beyond this is an error rather than a deep recursion.
    public static let maxComponentDepth = 64
    /// How the error of nesting beyond `maxComponentDepth` starts.
    static let nestingMessage = "component nesting deeper than "

    /// The scene dialect; it has no settings.
    public init() {}

    /// An object with `container`, or with `hasNavigationBar` alone: a scene whose `container` is
    /// missing or misspelt is a broken scene (an error), not a file of some other format.
    public func recognizes(_ root: JSONValue) -> Bool {
        root["container"] != nil || (root["hasNavigationBar"] != nil && root["layoutTemplateDTO"] == nil)
    }

    public func decode(_ root: JSONValue, context: inout DecodingContext) -> DecodedScreen {
        var decoder = SceneDecoder(context: context)
        defer { context = decoder.context }
        guard var scene = ObjectReader(root, at: .root, what: "a scene", context: &decoder.context) else {
            return DecodedScreen(hasNavigationBar: false, root: decoder.placeholder("not a scene", at: root, .root))
        }
        let hasNavigationBar = scene.bool("hasNavigationBar", required: true, context: &decoder.context) ?? false
        let container = scene.member("container", required: true, context: &decoder.context)
        scene.finish(context: &decoder.context)
        let pointer = JSONPointer.root.appending("container")
        let node: ViewNode
        if let container {
            node = decoder.component(type: "container", container, at: pointer, depth: 1)
        } else {
            node = decoder.placeholder("missing container", at: root, .root)
        }
        return DecodedScreen(hasNavigationBar: hasNavigationBar, root: node)
    }
}
