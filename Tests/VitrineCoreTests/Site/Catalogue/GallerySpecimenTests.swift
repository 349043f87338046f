import Testing
@testable import VitrineCore

/// A gallery specimen is drawn with what lies beneath it on its screen (the z-stack or view it
/// is layered over) and on its nearest ancestor's background, so a white mark stays visible.
@Suite struct GallerySpecimenTests {
    static func node(_ kind: ViewKind, _ id: String, _ component: String?, _ modifiers: [Modifier] = []) -> ViewNode {
        ViewNode(kind, modifiers: modifiers, id: id, source: SourceRef(pointer: JSONPointer.root.appending(id), offset: 0), component: component)
    }

    static func stack(_ axis: StackAxis, _ id: String, _ children: [ViewNode], _ modifiers: [Modifier] = []) -> ViewNode {
        node(.stack(.init(axis: axis, spacing: nil, alignment: .center, children: children)), id, "container", modifiers)
    }

    static let grey = RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF7)
    static let circle = node(.shape(.roundedRectangle(cornerRadius: 12, stroke: nil)), "circle", "roundedRectangle")
    static let mark = node(.text(.init("✓")), "mark", "text")
    static let label = node(.text(.init("Cart")), "label", "text")
    static let badge = node(.text(.init("3")), "badge", "text")
    static let green = RGBAColor(red: 0x34, green: 0xC7, blue: 0x59)
    static let icon = node(.text(.init("🛒")), "icon", "text", [.background(green), .overlay(badge)])
    static let hero = stack(.vertical, "hero", [], [.background(green), .overlay(stack(.vertical, "overlay", [node(.text(.init("♡")), "heart", "text")]))])
    static let tree = stack(.vertical, "root", [
        stack(.vertical, "step", [stack(.overlay, "dot", [circle, mark]), label, icon]), hero,
    ], [.background(grey)])

    func specimens(_ limit: Int = 10) -> [(String, String, RGBAColor?)] {
        GalleryPages.specimens(of: "text", in: Self.tree, limit: limit, deviceWidth: 390, name: \.component).map { ($0.node.id ?? "", $0.drawn.id ?? "", $0.background) }
    }

    @Test func layersAreDrawnOverWhatLiesBeneathThem() {
        let found = specimens()
        #expect(found.map(\.0) == ["mark", "label", "icon", "badge", "heart"])
        #expect(found.map(\.1) == ["dot", "label", "icon", "icon", "heart"], "the mark with its z-stack, the badge with the view it overlays")
        #expect(found.prefix(4).allSatisfy { $0.2 == Self.grey }, "on the root's background, the badge too: its icon paints its own green")
        #expect(found[4].2 == Self.green, "drawn alone, a view deep in an overlay lies on what the overlay covers")
    }

    /// A feed item is as wide as its section makes it: a rail's share or width, or a column of rows.
    @Test func aFeedItemIsAsWideAsInItsSection() {
        func grid(_ direction: Axis, _ width: GridItemWidth, lines: Int) -> ViewNode {
            Self.node(.grid(.init(direction: direction, lines: lines, itemWidth: width, spacing: 8, insets: EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10),
                                  paging: false, children: [Self.node(.text(.init("cell")), "cell", "cell.card_info", [.overlay(Self.badge)])])), "grid", "section")
        }
        let widths = [grid(.horizontal, .fraction(0.75), lines: 1), grid(.horizontal, .points(84), lines: 1), grid(.vertical, .fraction(1), lines: 2),
                      grid(.vertical, .points(84), lines: 4)].map {
            GalleryPages.specimens(of: "cell.card_info", in: $0, limit: 1, deviceWidth: 390, name: \.component).first?.cellWidth
        }
        #expect(widths == ["min(calc(var(--v-device-width) * 0.75),calc(var(--v-device-width) - 20px))", "84px",
                           "calc((var(--v-device-width) - 28px) / 2)", "84px"], "as wide as in the feed's rail, capped by its insets, or its rows")
        let badge = GalleryPages.specimens(of: "text", in: grid(.horizontal, .points(84), lines: 1), limit: 2, deviceWidth: 390, name: \.component)
        #expect(badge.map(\.cellWidth) == ["84px"], "the badge is drawn with its cell, as wide as the cell")
        // A cell looks as its section makes it: the specimen names that section (a review saw one cell type as a
        // circle, a card and a half-width tile, with nothing to say why).
        let cell = GalleryPages.specimens(of: "cell.card_info", in: grid(.horizontal, .points(84), lines: 1), limit: 1, deviceWidth: 390, name: \.component)
        #expect(cell.map(\.section) == ["section"] && badge.map(\.section) == ["section"])
    }

    /// A specimen is as wide as its place on its screen offers it: the device's width less the
    /// padding around it, or a frame's width (a review saw a text, a button and a scroll's list
    /// drawn 390 pt wide that were 358 and 170 on their screens). In a rail its width is its own.
    @Test func aSpecimenIsAsWideAsItsPlaceOnItsScreen() {
        let text = Self.node(.text(.init("Pay")), "pay", "text")
        let framed = Self.node(.text(.init("Narrow")), "narrow", "text", [.padding(.leading, 10), .frame(width: 170, height: nil)])
        let column = Self.stack(.vertical, "column", [text, framed], [.padding(.horizontal, nil), .background(Self.grey)])
        let rail = Self.node(.scroll(.init(axis: .horizontal, showsIndicators: false, content: Self.stack(.horizontal, "row", [Self.label]))), "rail", "scroll")
        let tree = Self.stack(.vertical, "root", [column, rail, Self.stack(.horizontal, "capped", [Self.badge], [.flexibleFrame(.init(maxWidth: .points(120)))])])
        let rooms = GalleryPages.specimens(of: "text", in: tree, limit: 10, deviceWidth: 375, name: \.component).map { "\($0.node.id ?? "") \($0.room.map { "\($0)" } ?? "-")" }
        #expect(rooms == ["pay 343.0", "narrow 343.0", "label -", "badge 120.0"], "\(rooms)")
        // The frame is the narrow text's own: what it offers is its content's.
        #expect(GalleryPages.contentRoom(of: framed, in: 343) == 160)
        let stacks = GalleryPages.specimens(of: "container", in: tree, limit: 10, deviceWidth: 375, name: \.component).map { $0.room }
        #expect(stacks == [375, 375, nil, 375], "the root and the column on the device, the rail's row its own width, the capped stack on the device")
    }

    /// A button's label is tinted with the accent colour, unless a colour is given, as in the app.
    @Test func aButtonsLabelIsDrawnInTheAccentColour() {
        let button = { (style: ButtonStyle, modifiers: [Modifier]) in
            Self.node(.button(.init(title: "", label: Self.stack(.vertical, "label", [Self.mark]), action: nil, subpage: nil, style: style)), "button", "button", modifiers)
        }
        let foregrounds = [button(.automatic, []), button(.plain, []), button(.automatic, [.foreground(Self.green)])].map {
            GalleryPages.specimens(of: "text", in: $0, limit: 1, deviceWidth: 390, name: \.component).first?.foreground
        }
        #expect(foregrounds == ["var(--v-accent)", nil, Self.green.css])
    }

    /// A specimen draws the first `specimenItems` items of each section in it and counts the
    /// rest (a section of 1,500 items made a gallery page of 13 MB).
    @Test func aSpecimenDrawsTheFirstItemsOfALongSection() {
        let items = (0..<30).map { Self.node(.text(.init("\($0)")), "i\($0)", "cell.card_image") }
        let grid = Self.node(.grid(.init(direction: .vertical, lines: 2, itemWidth: .fraction(1), spacing: 8, insets: EdgeInsets(), paging: false,
                                         children: items)), "grid", "section")
        let section = Self.stack(.vertical, "section", [Self.label, grid])
        let (capped, leftOut, _) = GalleryPages.capped(section)
        #expect(leftOut == 30 - GalleryPages.specimenItems)
        var count = 0
        capped.forEachNode { if $0.component == "cell.card_image" { count += 1 } }
        #expect(count == GalleryPages.specimenItems)
        #expect(GalleryPages.capped(Self.label).items == 0 && GalleryPages.capped(Self.label).views == 0)
    }

    /// A specimen draws the first `specimenViews` views of each stack in it and counts the rest
    /// (a root stack of 20,000 views made a gallery page of 12 MB); the caption says what was left out.
    @Test func aSpecimenDrawsTheFirstViewsOfALongStack() {
        let labels = (0..<100).map { Self.node(.text(.init("\($0)")), "t\($0)", "text") }
        let (capped, items, views) = GalleryPages.capped(Self.stack(.vertical, "root", labels))
        #expect(items == 0 && views == 100 - GalleryPages.specimenViews)
        var count = 0
        capped.forEachNode { if $0.component == "text" { count += 1 } }
        #expect(count == GalleryPages.specimenViews)
        #expect(GalleryPages.leftOutText(items: 3, views: 52) == "3 more items and 52 more views")
        #expect(GalleryPages.leftOutText(items: 0, views: 1) == "1 more view" && GalleryPages.leftOutText(items: 0, views: 0) == nil)
    }

    /// Inside a horizontal scroll a row is offered an unbounded width, as on its screen (a row
    /// of chips drawn 390 pt wide broke its labels a letter to a line); a fixed width below the
    /// scroll bounds it again.
    @Test func aSpecimenInsideAHorizontalScrollIsOfferedAnUnboundedWidth() {
        let row = Self.stack(.horizontal, "row", [Self.label])
        let framed = Self.stack(.horizontal, "framed", [Self.badge], [.frame(width: 200, height: nil)])
        let tree = Self.node(.scroll(.init(axis: .horizontal, showsIndicators: true, content: Self.stack(.vertical, "column", [row, framed]))), "scroll", "scroll")
        let found = GalleryPages.specimens(of: "container", in: tree, limit: 10, deviceWidth: 390, name: \.component)
        #expect(found.map { "\($0.node.id ?? "") \($0.unboundedWidth)" } == ["column true", "row true", "framed true"])
        let inside = GalleryPages.specimens(of: "text", in: tree, limit: 10, deviceWidth: 390, name: \.component)
        #expect(inside.map { "\($0.node.id ?? "") \($0.unboundedWidth)" } == ["label true", "badge false"])
        #expect(GalleryPages.specimens(of: "container", in: Self.tree, limit: 1, deviceWidth: 390, name: \.component).first?.unboundedWidth == false)
        // Drawn so, the row keeps its natural width instead of filling the stage.
        let drawn = HTMLRenderer(resources: RenderResources()).render(Self.stack(.horizontal, "row", [Self.label, Self.node(.spacer(), "gap", "spacer")]),
                                                                       rootPrefix: "../", unboundedWidth: true)
        #expect(!drawn.html.contains("v-fill-x"), "a spacer does not fill an unbounded width: \(drawn.html)")
    }

    /// A spacer draws nothing and takes its room from its stack: it is drawn in that stack, on
    /// what lies under the stack; once for all the spacers in it, those of the stacks inside it
    /// too; with the view it overlays; and not at all when its stack is the screen itself or a
    /// large part of it, or it has no stack (alone, a bare hatched bar said nothing).
    @Test func aSpacerIsDrawnInItsStackOnce() {
        let gap = { (id: String) in Self.node(.spacer(), id, "spacer") }
        // Pointers as a payload's: the row's within the root's.
        func at(_ pointer: String, _ node: ViewNode) -> ViewNode {
            var node = node
            node.source = SourceRef(pointer: JSONPointer(pointer)!, offset: 0)
            return node
        }
        let row = at("/c/views/0", Self.stack(.horizontal, "row", [gap("left"), Self.label, gap("right")], [.background(Self.green)]))
        let tree = at("/c", Self.stack(.vertical, "root", [row, gap("bottom")], [.background(Self.grey)]))
        let found = GalleryPages.specimens(of: "spacer", in: tree, limit: 10, deviceWidth: 390, name: \.component)
        #expect(found.map { "\($0.node.id ?? "") in \($0.drawn.id ?? "") \($0.inStack)" } == ["left in row true"],
                "the row once; the root is the screen itself")
        #expect(found[0].background == Self.grey)
        #expect(GalleryPages.specimens(of: "spacer", in: gap("alone"), limit: 10, deviceWidth: 390, name: \.component).isEmpty)
        let filler = (0..<GalleryPages.specimenNodes).map { Self.node(.text(.init("\($0)")), "t\($0)", "text") }
        let large = Self.stack(.vertical, "screen", [Self.stack(.vertical, "large", filler + [gap("end")])])
        #expect(GalleryPages.specimens(of: "spacer", in: large, limit: 10, deviceWidth: 390, name: \.component).isEmpty)
        let overlaid = Self.stack(.vertical, "box", [Self.label], [.overlay(gap("over"))])
        #expect(GalleryPages.specimens(of: "spacer", in: overlaid, limit: 10, deviceWidth: 390, name: \.component).map { "\($0.drawn.id ?? "") \($0.inStack)" } == ["box false"])
    }

    /// The bottom layer of a z-stack is drawn with it too: its size is often the stack's frame
    /// (a 24 pt circle under a check mark was drawn alone as a bar across the stage).
    @Test func theBottomLayerIsDrawnWithItsZStackAndAnUnbackedTreeStandsAlone() {
        let found = GalleryPages.specimens(of: "roundedRectangle", in: Self.tree, limit: 10, deviceWidth: 390, name: \.component)
        #expect(found.count == 1 && found[0].beneath?.id == "dot" && !found[0].sizedByStack)
        let bare = GalleryPages.specimens(of: "text", in: Self.mark, limit: 10, deviceWidth: 390, name: \.component)
        #expect(bare.count == 1 && bare[0].background == nil)
        #expect(specimens(2).count == 2)
    }

    /// A specimen keeps the colour it inherits (a purple bar was drawn black), the innermost
    /// foreground of the views around it.
    @Test func aSpecimenKeepsTheForegroundItInherits() {
        let purple = RGBAColor(red: 0xAF, green: 0x52, blue: 0xDE)
        let bar = Self.node(.shape(.rectangle), "bar", "rectangle", [.frame(width: 100, height: 4)])
        let inner = Self.stack(.vertical, "inner", [bar], [.foreground(purple), .foreground(Self.green)])
        let tree = Self.stack(.vertical, "root", [Self.stack(.vertical, "outer", [inner], [.foreground(Self.green)])])
        let found = GalleryPages.specimens(of: "rectangle", in: tree, limit: 10, deviceWidth: 390, name: \.component)
        #expect(found.count == 1 && found[0].beneath == nil, "a shape with a size of its own stands alone")
        #expect(found[0].foreground == purple.css)
        #expect(GalleryPages.specimens(of: "rectangle", in: bar, limit: 10, deviceWidth: 390, name: \.component)[0].foreground == nil)
    }

    /// A shape without a size of its own takes its stack's: it is drawn in that stack, unless the
    /// stack is the screen or a large part of it.
    @Test func aShapeWithoutASizeIsDrawnInItsStack() {
        let dot = Self.node(.shape(.roundedRectangle(cornerRadius: 8, stroke: nil)), "dot", "roundedRectangle")
        let rail = Self.stack(.vertical, "rail", [dot], [.frame(width: 16, height: 16)])
        let second = Self.node(.shape(.roundedRectangle(cornerRadius: 8, stroke: nil)), "second", "roundedRectangle")
        let twice = Self.stack(.vertical, "pair", [dot, second], [.frame(width: 16, height: 32)])
        let found = GalleryPages.specimens(of: "roundedRectangle", in: Self.stack(.vertical, "root", [rail, twice]), limit: 10, deviceWidth: 390, name: \.component)
        #expect(found.map { $0.beneath?.id } == ["rail", "pair"] && found.allSatisfy(\.sizedByStack), "each stack once, with every shape it sizes")
        let onScreen = GalleryPages.specimens(of: "roundedRectangle", in: Self.stack(.vertical, "root", [dot]), limit: 10, deviceWidth: 390, name: \.component)
        #expect(onScreen.count == 1 && onScreen[0].beneath == nil, "the screen itself is not drawn for it")
    }
}
