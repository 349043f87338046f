/// What a view node draws; containers hold their children.
public indirect enum ViewKind: Sendable, Equatable {
    /// Children side by side, one above the other, or layered (`h`, `v`, `z`, `lh`, `lv`).
    case stack(Stack)
    /// A run of text.
    case text(Text)
    /// An image from a URL, an asset or a symbol.
    case image(Image)
    /// A tappable label with its action.
    case button(Button)
    /// A rectangle or rounded rectangle.
    case shape(Shape)
    /// Flexible space along its stack's axis, never shorter than `minLength` (SwiftUI's default is 8).
    case spacer(minLength: Double = 8)
    /// Content that scrolls along one axis.
    case scroll(Scroll)
    /// Items in rows or columns (a feed section's template).
    case grid(Grid)
    /// A component drawn by a template of the input or the theme.
    case custom(Custom)
    /// What stands in for a node that could not be decoded.
    case placeholder(Placeholder)

    /// A horizontal, vertical or overlay (z) stack.
    public struct Stack: Sendable, Equatable {
        /// Which way the children are arranged: side by side, one above the other, or layered.
        public var axis: StackAxis
        /// Whether it is a lazy stack (`LazyVStack`, `LazyHStack`), which takes the whole length
        /// offered across its axis whatever its children.
        public var isLazy: Bool
        /// Gap between children; nil means the platform default.
        public var spacing: Double?
        /// Where the children sit across the stack's axis; an overlay uses both parts.
        public var alignment: Alignment
        /// The stacked views, in order; an overlay draws the first at the back.
        public var children: [ViewNode]

        /// A stack of `children` along `axis`.
        public init(axis: StackAxis, isLazy: Bool = false, spacing: Double?, alignment: Alignment, children: [ViewNode]) {
            self.axis = axis
            self.isLazy = isLazy
            self.spacing = spacing
            self.alignment = alignment
            self.children = children
        }
    }

    /// A run of text.
    public struct Text: Sendable, Equatable {
        /// The text to draw.
        public var string: String
        /// The font; nil for the system font at `Font.systemSize`.
        public var font: Font?
        /// Maximum number of lines; nil means unlimited.
        public var lineLimit: Int?

        /// A text, in the system font on as many lines as it needs unless told otherwise.
        public init(_ string: String, font: Font? = nil, lineLimit: Int? = nil) {
            self.string = string
            self.font = font
            self.lineLimit = lineLimit
        }
    }

    /// A resizable image that keeps its aspect ratio, fitting inside its box or filling it.
    public struct Image: Sendable, Equatable {
        /// Where the image comes from.
        public var source: ImageSource
        /// Whether the image fits inside its box or fills it.
        public var contentMode: ContentMode

        /// An image from `source`, fitted to its box unless `contentMode` says otherwise.
        public init(_ source: ImageSource, contentMode: ContentMode = .fit) {
            self.source = source
            self.contentMode = contentMode
        }
    }

    /// A tappable control: its label is a view, or a text when no view is given.
    public struct Button: Sendable, Equatable {
        /// The text drawn as the label when there is no `label` view.
        public var title: String
        /// A view drawn as the label instead of `title`; nil draws the title.
        public var label: ViewNode?
        /// What the app does on a tap, shown as the button's tooltip; nil when the payload gives none.
        public var action: Action?
        /// A page of the same payload the button opens (an all-list page), by its key.
        public var subpage: String?
        /// `.automatic` draws the label in the accent colour; `.plain` in the current colour.
        public var style: ButtonStyle

        /// A button titled `title`, drawn with `label` when one is given.
        public init(title: String, label: ViewNode?, action: Action?, subpage: String? = nil, style: ButtonStyle = .automatic) {
            self.title = title
            self.label = label
            self.action = action
            self.subpage = subpage
            self.style = style
        }
    }

    /// A filled or stroked shape.
    public enum Shape: Sendable, Equatable {
        /// A rectangle filling its box.
        case rectangle
        /// A rectangle with rounded corners, filled or stroked.
        case roundedRectangle(cornerRadius: Double, stroke: Stroke?)
    }

    /// A scroll area; its content keeps its natural size along the axis.
    public struct Scroll: Sendable, Equatable {
        /// The direction the content scrolls.
        public var axis: Axis
        /// Whether scroll bars are shown (the payload's `showIndicator`).
        public var showsIndicators: Bool
        /// The view that scrolls.
        public var content: ViewNode

        /// A scroll area around `content`.
        public init(axis: Axis, showsIndicators: Bool, content: ViewNode) {
            self.axis = axis
            self.showsIndicators = showsIndicators
            self.content = content
        }
    }

    /// Items laid out by a feed template: a rail that scrolls sideways, or a grid down the page.
    public struct Grid: Sendable, Equatable {
        /// `.horizontal`: a rail scrolling sideways; `.vertical`: rows flowing down the page.
        public var direction: Axis
        /// Rows of a rail, or columns of a vertical grid.
        public var lines: Int
        /// The width of one item in a rail, or of a column of a vertical grid given in points.
        public var itemWidth: GridItemWidth
        /// Gap between neighbouring items.
        public var spacing: Double
        /// Space around the items.
        public var insets: EdgeInsets
        /// Whether a rail snaps item by item.
        public var paging: Bool
        /// Down the page, whether items stand one to a row at the width of a column (a section
        /// of vertical groups, as `NSCollectionLayoutGroup.vertical` stacks them).
        public var stacked: Bool
        /// What a screen reader calls a rail, which takes the keyboard's focus to scroll (a
        /// section's title); nil for none.
        public var label: String?
        /// The items, in order.
        public var children: [ViewNode]

        /// A rail or grid of `children`.
        public init(direction: Axis, lines: Int, itemWidth: GridItemWidth, spacing: Double, insets: EdgeInsets,
                    paging: Bool, stacked: Bool = false, label: String? = nil, children: [ViewNode]) {
            self.direction = direction
            self.lines = lines
            self.itemWidth = itemWidth
            self.spacing = spacing
            self.insets = insets
            self.paging = paging
            self.stacked = stacked
            self.label = label
            self.children = children
        }
    }

    /// A component drawn by a user-supplied template, chosen by `templateKeys` in order.
    public struct Custom: Sendable, Equatable {
        /// The templates to try, most particular first (`price-tag-2`, `price-tag`, `custom`).
        public var templateKeys: [String]
        /// The component's payload object: the template's context.
        public var payload: JSONValue

        /// A component drawn by the first of `templateKeys` that has a template.
        public init(templateKeys: [String], payload: JSONValue) {
            self.templateKeys = templateKeys
            self.payload = payload
        }
    }

    /// Something that could not be drawn, and why.
    public struct Placeholder: Sendable, Equatable {
        /// What could not be drawn, shown in the placeholder (`missing container`).
        public var label: String
        /// Whether it stands for an error or a warning, which sets how it is drawn.
        public var severity: Severity

        /// A placeholder that says `label`.
        public init(_ label: String, severity: Severity) {
            self.label = label
            self.severity = severity
        }
    }
}
