/// What the renderer may refer to beyond the view tree: input assets and component templates.
public struct RenderResources: Sendable {
    /// Asset names (without extension) mapped to their site path, e.g. `logo` → `assets/logo.svg`.
    public var assets: [String: String]
    /// Templates for custom components.
    public var templates: ComponentTemplates

    public init(assets: [String: String] = [:], templates: ComponentTemplates = ComponentTemplates()) {
        self.assets = assets
        self.templates = templates
    }
}
