import Foundation

/// What the renderer may refer to beyond the view tree: input assets and component templates.
public struct RenderResources: Sendable {
    /// Asset names (without extension) mapped to their site path, e.g. `logo` → `assets/logo.svg`.
    public var assets: [String: String]
    /// Symbols by name: the theme's drawn inline in the current colour, the input's overrides as masks in it.
    public var symbols: [String: Symbol]
    /// Templates for custom components.
    public var templates: ComponentTemplates
    /// The fonts in the input's `fonts/`, by family: the names each has (`DejaVuSerif` →
    /// `DejaVuSerif-Bold`), the file names without their extension.
    public var fonts: [String: Set<String>] = [:]
    /// How a component template's `price` transform writes an amount: the site's currency, on
    /// its side, and decimal separator (`vitrine.json`'s `feed`), as a feed's cards write prices.
    public var prices = AmountFormat()

    /// Resources with the given assets, symbols and templates, and no fonts.
    public init(assets: [String: String] = [:], symbols: [String: Symbol] = [:], templates: ComponentTemplates = ComponentTemplates()) {
        self.assets = assets
        self.symbols = symbols
        self.templates = templates
    }

    /// The symbol drawn for names the theme does not have.
    public static let fallbackSymbol = "questionmark.square.dashed"
}

/// How a symbol (an SF Symbol name) is drawn.
public enum Symbol: Sendable, Equatable {
    /// SVG markup from the theme (trusted, like its templates), drawn in `currentColor` so the
    /// payload's tint applies; inline because CSS masks do not load from `file://` pages.
    case inline(String)
    /// An SVG from the input's `assets/symbols/`, drawn as the mask of a box of `currentColor`,
    /// so the payload's tint applies as it does to an SF Symbol. Carried as a base64 `data:` URL:
    /// one loads from `file://` pages, where a mask from a file does not.
    case mask(SymbolMask)
    /// One too large to carry in every page that shows it, at this site path: drawn as it is.
    case file(String)

    /// The theme's SVG with its black made `currentColor`.
    public static func themed(_ svg: String) -> Symbol {
        .inline(svg.replacing("#000000", with: "currentColor").replacing("\"#000\"", with: "\"currentColor\""))
    }
}

/// An SVG as the base64 text of a `data:` URL: made only from the file's bytes, so the text
/// holds nothing CSS would read as more than the URL.
public struct SymbolMask: Sendable, Equatable {
    /// The URL, `data:image/svg+xml;base64,…`.
    public let url: String

    init(svg: [UInt8]) {
        url = "data:image/svg+xml;base64," + Data(svg).base64EncodedString()
    }
}
