/// What a view node draws; containers hold their children.
public indirect enum ViewKind: Sendable, Equatable {
    case stack(Stack)
    case text(Text)
    case image(Image)
    case button(Button)
    case shape(Shape)
    /// Flexible space along its stack's axis, never shorter than `minLength` (SwiftUI's default is 8).
    case spacer(minLength: Double = 8)
    case scroll(Scroll)
    case grid(Grid)
    case custom(Custom)
    case placeholder(Placeholder)

    /// A horizontal, vertical or overlay (z) stack.
    public struct Stack: Sendable, Equatable {
        public var axis: StackAxis
        public var isLazy: Bool
        /// Gap between children; nil means the platform default.
        public var spacing: Double?
        public var alignment: Alignment
        public var children: [ViewNode]

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
        public var string: String
        public var font: Font?
        /// Maximum number of lines; nil means unlimited.
        public var lineLimit: Int?

        public init(_ string: String, font: Font? = nil, lineLimit: Int? = nil) {
            self.string = string
            self.font = font
            self.lineLimit = lineLimit
        }
    }

    /// A resizable image that keeps its aspect ratio, fitting inside its box or filling it.
    public struct Image: Sendable, Equatable {
        public var source: ImageSource
        public var contentMode: ContentMode

        public init(_ source: ImageSource, contentMode: ContentMode = .fit) {
            self.source = source
            self.contentMode = contentMode
        }
    }

    /// A tappable control: its label is a view, or a text when no view is given.
    public struct Button: Sendable, Equatable {
        public var title: String
        public var label: ViewNode?
        public var action: Action?
        /// A page of the same payload the button opens (an all-list page), by its key.
        public var subpage: String?
        /// `.automatic` draws the label in the accent colour; `.plain` in the current colour.
        public var style: ButtonStyle

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
        case rectangle
        case roundedRectangle(cornerRadius: Double, stroke: Stroke?)
    }

    /// A scroll area; its content keeps its natural size along the axis.
    public struct Scroll: Sendable, Equatable {
        public var axis: Axis
        public var showsIndicators: Bool
        public var content: ViewNode

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
        /// What a screen reader calls a rail, which takes the keyboard's focus to scroll (a
        /// section's title); nil for none.
        public var label: String?
        public var children: [ViewNode]

        public init(direction: Axis, lines: Int, itemWidth: GridItemWidth, spacing: Double, insets: EdgeInsets,
                    paging: Bool, label: String? = nil, children: [ViewNode]) {
            self.direction = direction
            self.lines = lines
            self.itemWidth = itemWidth
            self.spacing = spacing
            self.insets = insets
            self.paging = paging
            self.label = label
            self.children = children
        }
    }

    /// A component drawn by a user-supplied template, chosen by `templateKeys` in order.
    public struct Custom: Sendable, Equatable {
        public var templateKeys: [String]
        public var payload: JSONValue

        public init(templateKeys: [String], payload: JSONValue) {
            self.templateKeys = templateKeys
            self.payload = payload
        }
    }

    /// Something that could not be drawn, and why.
    public struct Placeholder: Sendable, Equatable {
        public var label: String
        public var severity: Severity

        public init(_ label: String, severity: Severity) {
            self.label = label
            self.severity = severity
        }
    }
}
