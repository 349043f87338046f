import Foundation

/// The gallery's specimens: which instances of a component it draws, and how (what lies
/// beneath them, the room they are offered, and stacks and grids cut short).
extension GalleryPages {
    /// An instance and how the gallery draws it: a layer of a z-stack or an overlay with what
    /// lies beneath it (the circle under a white check mark), on the background of its nearest
    /// ancestor that has one, so it shows as it does on its screen.
    struct Specimen {
        var node: ViewNode
        /// The z-stack or view it is layered over, drawn in its place.
        var beneath: ViewNode?
        var background: RGBAColor?
        /// The colour of text and shapes it inherits from the views around it, as CSS.
        var foreground: String?
        /// An item of a feed section's rail or rows is as wide as there (CSS).
        var cellWidth: String?
        /// The catalogue name of the section such an item is in (`section.card_02`).
        var section: String?
        /// Inside a horizontal scroll (and no frame of a fixed width below it) it is offered an
        /// unbounded width there: a row of chips runs past the device's edge.
        var unboundedWidth = false
        /// A spacer, which draws nothing and takes its room from its stack, is drawn in that
        /// stack (`beneath`), the room spacers take hatched.
        var inStack = false
        /// A shape without a size of its own, drawn in the stack (`beneath`) that sizes it.
        var sizedByStack = false
        /// The width, in points, the drawn view (`beneath`, else the node) is offered on its
        /// screen, where the views around it say so (their frames and padding, from the device's
        /// width down); nil where a rail or a horizontal scroll sizes it.
        var room: Double?

        var drawn: ViewNode { beneath ?? node }

        /// The width of one item of `grid`, on the stage's device width.
        static func width(of grid: ViewKind.Grid) -> String {
            switch (grid.direction, grid.itemWidth) {
            case (.horizontal, _): return NodeRenderer.railItemWidth(grid)
            case (.vertical, .points(let width)): return CSSNumber.format(width) + "px"  // rows of a fixed width
            case (.vertical, .fraction):
                let lines = max(grid.lines, 1)
                let taken = grid.insets.leading + grid.insets.trailing + grid.spacing * Double(lines - 1)
                return "calc((var(--v-device-width) - \(CSSNumber.format(taken))px) / \(lines))"
            }
        }
    }

    /// A drawing's bytes without its class prefix and its `data-v-path` attributes: two
    /// instances that look alike have the same. Read byte by byte (a whole screen's drawing
    /// runs to tens of kilobytes, and the gallery compares hundreds).
    static func look(of drawing: String, prefix: String) -> [UInt8] {
        let bytes = Array(drawing.utf8), prefix = Array(prefix.utf8), path = Array(#" data-v-path=""#.utf8)
        var look: [UInt8] = []
        look.reserveCapacity(bytes.count)
        var index = 0
        func matches(_ part: [UInt8]) -> Bool {
            index + part.count <= bytes.count && bytes[index..<index + part.count].elementsEqual(part)
        }
        while index < bytes.count {
            if bytes[index] == prefix[0], matches(prefix) {
                index += prefix.count
            } else if bytes[index] == path[0], matches(path) {
                index += path.count
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
                index += 1
            } else {
                look.append(bytes[index])
                index += 1
            }
        }
        return look
    }

    /// The width `node`'s content is offered when `node` is offered `room`: its frames and
    /// padding, outermost first (each modifier wraps the ones before it).
    static func contentRoom(of node: ViewNode, in room: Double) -> Double {
        var room = room
        for modifier in node.modifiers.reversed() {
            switch modifier {
            case .frame(.some(let width), _): room = width
            case .flexibleFrame(let frame): if case .points(let most) = frame.maxWidth { room = min(room, most) }
            case .padding(let edges, let amount):
                room -= (amount ?? Modifier.defaultPadding) * Double((edges.contains(.leading) ? 1 : 0) + (edges.contains(.trailing) ? 1 : 0))
            default: break
            }
        }
        return max(room, 0)
    }

    /// The first `limit` instances named `name` in `tree`, in document order, on a device
    /// `deviceWidth` points wide; the tree's root (the whole screen) among them only with `roots`.
    static func specimens(of name: String, in tree: ViewNode, limit: Int, deviceWidth: Double, roots: Bool = true,
                          name catalogueName: (ViewNode) -> String?) -> [Specimen] {
        var found: [Specimen] = []
        /// `background`: what lies under `node`; `underBeneath`: what lies under `beneath`,
        /// the stage when the node is drawn with it (it paints its own background); likewise
        /// `foreground` and `foregroundBeneath`, the colour it inherits. `width`: the node's as an
        /// item of a feed section, or `beneath`'s when drawn with it. `unbounded`: whether the width
        /// offered to `node` (or `beneath`) is unbounded. `inStack`: a spacer drawn in its stack (`beneath`).
        /// `room`: the width offered to `node`, and `roomBeneath` to `beneath` (nil: not known);
        /// `section`: the section whose item is drawn, with `width`; `named`: the nearest
        /// ancestor with a catalogue name (a feed's section, around its grid).
        func visit(_ node: ViewNode, beneath: ViewNode?, background: RGBAColor?, underBeneath: RGBAColor?,
                   foreground: String?, foregroundBeneath: String?, width: String?, section: String?, named: String?, unbounded: Bool,
                   inStack: Bool = false, sizedByStack: Bool = false, room: Double?, roomBeneath: Double?) {
            guard found.count < limit else { return }
            // A spacer draws nothing: alone (its stack the screen, or too large to draw) it would
            // be a bare hatched bar that says nothing.
            var isBareSpacer = false
            if case .spacer = node.kind { isBareSpacer = beneath == nil }
            if catalogueName(node) == name, !isBareSpacer, roots || node.source.pointer != tree.source.pointer {
                // One drawing of a stack hatches every spacer in it, those of the stacks inside it
                // too, and shows every shape it sizes.
                let drawnAlready = (inStack && found.contains { $0.inStack && Self.oneHolds($0.beneath, beneath) })
                    || (sizedByStack && found.contains { $0.sizedByStack && $0.beneath?.source.pointer == beneath?.source.pointer })
                if !drawnAlready {
                    found.append(Specimen(node: node, beneath: beneath, background: beneath == nil ? background : underBeneath,
                                          foreground: beneath == nil ? foreground : foregroundBeneath, cellWidth: width, section: section,
                                          unboundedWidth: unbounded, inStack: inStack, sizedByStack: sizedByStack,
                                          room: width == nil && !unbounded ? (beneath == nil ? room : roomBeneath) : nil))
                }
            }
            // A horizontal scroll unbounds its content's width; a fixed width bounds it again.
            var childrenUnbounded = unbounded
            if case .scroll(let scroll) = node.kind, scroll.axis == .horizontal { childrenUnbounded = true }
            for modifier in node.modifiers {
                switch modifier {
                case .frame(.some, _): childrenUnbounded = false
                case .flexibleFrame(let frame): if case .points = frame.maxWidth { childrenUnbounded = false }
                default: break
                }
            }
            let ownName = catalogueName(node) ?? named
            var itemWidth: String?, sectionName: String?
            if case .grid(let grid) = node.kind { (itemWidth, sectionName) = (Specimen.width(of: grid), ownName) }
            // What its children are offered: its content's width, but in a grid (whose items have
            // widths of their own) and a horizontal scroll.
            // A view of a fixed width (or most width) in a rail says what it offers, though its rail does not.
            let offered = Self.contentRoom(of: node, in: room ?? .infinity)
            var childRoom = offered.isFinite ? offered : nil
            switch node.kind {
            case .grid: childRoom = nil
            case .scroll(let scroll) where scroll.axis == .horizontal: childRoom = nil
            default: break
            }
            var own = background
            for case .background(let color) in node.modifiers { own = color }
            // The innermost foreground modifier is the one its content, children included, inherits.
            var ownForeground = node.modifiers.lazy.compactMap { modifier -> String? in
                switch modifier {
                case .foreground(let color): color.css
                case .systemForeground(let color): color.css
                default: nil
                }
            }.first ?? foreground
            // A button that is not plain tints its label with the accent colour, unless a colour is given.
            if case .button(let button) = node.kind, button.style != .plain, ownForeground == nil { ownForeground = "var(--v-accent)" }
            var children: [ViewNode] = []
            node.forEachChild { children.append($0) }
            // Overlays come after the content's children; a z-stack's layers are drawn over the first.
            let overlays = node.modifiers.count { if case .overlay = $0 { true } else { false } }
            var isZStack = false, isStack = false
            if case .stack(let stack) = node.kind { (isZStack, isStack) = (stack.axis == .overlay, true) }
            // A spacer is drawn in its stack, unless that is the screen itself or a large part of it.
            let drawsSpacers = isStack && children.contains { if case .spacer = $0.kind { true } else { false } }
                && node.source.pointer != tree.source.pointer && Self.isSmall(node)
            // A shape without a size of its own takes its stack's: it is drawn in that stack too.
            let drawsShapes = isStack && node.source.pointer != tree.source.pointer && Self.isSmall(node)
            for (index, child) in children.enumerated() {
                var isSpacer = false
                if case .spacer = child.kind { isSpacer = drawsSpacers && index < children.count - overlays }
                var sizedByStack = false
                if case .shape = child.kind { sizedByStack = drawsShapes && !Self.hasOwnSize(child) }
                // A z-stack's first layer too: its size is often the stack's frame.
                let layered = index >= children.count - overlays || isZStack || isSpacer || sizedByStack
                visit(child, beneath: layered ? node : nil, background: own, underBeneath: background,
                      foreground: ownForeground, foregroundBeneath: foreground,
                      width: layered ? (beneath == nil ? width : nil) : itemWidth, section: layered ? (beneath == nil ? section : nil) : sectionName,
                      named: ownName,
                      unbounded: layered ? unbounded : childrenUnbounded, inStack: isSpacer, sizedByStack: sizedByStack && !isZStack,
                      room: childRoom, roomBeneath: room)
            }
        }
        visit(tree, beneath: nil, background: nil, underBeneath: nil, foreground: nil, foregroundBeneath: nil, width: nil, section: nil, named: nil, unbounded: false,
              room: deviceWidth, roomBeneath: nil)
        return found
    }

    /// The most items of a feed section (a grid) a specimen draws: a section of 1,500 made a
    /// gallery page of 13 MB.
    static let specimenItems = 12
    /// The most views of a stack a specimen draws: a screen's root stack of 20,000 views made a
    /// gallery page of 12 MB. Stacks of ordinary screens hold far fewer.
    static let specimenViews = 48

    /// `node` with each grid in it cut to its first `specimenItems` items and each stack to its
    /// first `specimenViews` views, and how many of each were left out.
    static func capped(_ node: ViewNode) -> (ViewNode, items: Int, views: Int) {
        var (items, views) = (0, 0)
        func cap(_ node: ViewNode) -> ViewNode {
            var node = node
            switch node.kind {
            case .grid(var grid):
                items += max(grid.children.count - specimenItems, 0)
                grid.children = grid.children.prefix(specimenItems).map(cap)
                node.kind = .grid(grid)
            case .stack(var stack):
                views += max(stack.children.count - specimenViews, 0)
                stack.children = stack.children.prefix(specimenViews).map(cap)
                node.kind = .stack(stack)
            case .scroll(var scroll):
                scroll.content = cap(scroll.content)
                node.kind = .scroll(scroll)
            default: break
            }
            return node
        }
        return (cap(node), items, views)
    }

    /// "3 more items and 20 more views", or nil when nothing was left out.
    static func leftOutText(items: Int, views: Int) -> String? {
        let parts = [items > 0 ? counted(items, "more item") : nil, views > 0 ? counted(views, "more view") : nil].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }

    /// Whether a view has a fixed width and height of its own (a frame), or a ratio that sizes it.
    static func hasOwnSize(_ node: ViewNode) -> Bool {
        var (width, height, ratio) = (false, false, false)
        for modifier in node.modifiers {
            switch modifier {
            case .frame(let w, let h): (width, height) = (width || w != nil, height || h != nil)
            case .flexibleFrame(let frame):
                if case .points = frame.maxWidth { width = true }
                if case .points = frame.maxHeight { height = true }
            case .aspectRatio: ratio = true
            default: break
            }
        }
        return (width && height) || (ratio && (width || height))
    }

    /// The most nodes a stack may have, itself included, to be drawn as a spacer's surroundings.
    static let specimenNodes = 24

    /// Whether `node` has at most `specimenNodes` nodes.
    static func isSmall(_ node: ViewNode) -> Bool {
        var left = specimenNodes
        func count(_ node: ViewNode) {
            left -= 1
            if left >= 0 { node.forEachChild(count) }
        }
        count(node)
        return left >= 0
    }

    /// Whether one of two views is the other or holds it, by their JSON Pointers.
    static func oneHolds(_ first: ViewNode?, _ second: ViewNode?) -> Bool {
        guard let first = first?.source.pointer.description, let second = second?.source.pointer.description else { return false }
        let (short, long) = first.utf8.count <= second.utf8.count ? (first, second) : (second, first)
        return long.utf8.elementsEqual(short.utf8) || long.utf8.starts(with: (short + "/").utf8)
    }
}
