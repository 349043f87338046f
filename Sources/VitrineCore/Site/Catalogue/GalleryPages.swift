import Foundation

/// The component gallery: an overview of every component, feed template and cell type with
/// counts, and a page per name with specimens drawn in isolation and where each is used.
///
/// Specimens come from the first screens (in catalogue order) that use a component, so the
/// gallery is the same whichever screens a build had to draw again.
struct GalleryPages {
    var frame: PageFrame
    var templates: PageTemplates
    var renderer: HTMLRenderer
    /// The width of the site's first device, in points: specimens are drawn on it.
    var deviceWidth: Double

    /// Screens sampled per component, instances drawn per sampled screen, usage rows listed.
    static let sampledScreens = 6
    static let instancesPerScreen = 2
    static let usageRows = 200
    /// The longest page name before its hash (ASCII, so as many bytes).
    static let longestSlug = 120

    /// The page of a component name; names are payload text, so odd ones get a hash suffix, and
    /// long ones (a feed's `cellType` can be any length) are cut to a name file systems take.
    /// Names that differ only in their normalisation (NFC, NFD) are one name, as the gallery
    /// counts them, so they have one page.
    static func page(for name: String) -> String {
        let component = name.precomposedStringWithCanonicalMapping
        var slug = ""
        for scalar in component.unicodeScalars.prefix(Self.longestSlug) {
            let safe = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
            slug.unicodeScalars.append(safe ? scalar : "-")
        }
        if slug != component || slug.isEmpty || slug == "index" {
            var hash = ContentHash()
            hash.combine(component)
            slug += "-" + hash.hexText
        }
        return "gallery/\(slug).html"
    }

    /// A warning for each gallery page whose name differs from another's only in letter case
    /// (`Promo`, `promo`): on a case-insensitive disk (macOS, Windows) one overwrites the other;
    /// and for two names whose hash suffixes agree, which share a page.
    static func caseCollisions(_ names: some Sequence<String>) -> [Diagnostic] {
        var first: [String: String] = [:]
        var warnings: [Diagnostic] = []
        for name in names.sorted(by: DirectoryWalker.byteOrder) {
            let folded = page(for: name).lowercased()
            if let other = first[folded], page(for: other) == page(for: name) {  // a crafted pair of names whose hashes agree
                warnings.append(Diagnostic(.warning, "component names `\(other)` and `\(name)` have one gallery page, \(page(for: name)): "
                                           + "only one of them is shown there", file: ""))
            } else if let other = first[folded] {
                warnings.append(Diagnostic(.warning, "component names `\(other)` and `\(name)` "
                                           + "differ only in letter case: their gallery pages, \(page(for: other)) and \(page(for: name)), are one file "
                                           + "on a case-insensitive disk (macOS, Windows), where one overwrites the other", file: ""))
            } else {
                first[folded] = name
            }
        }
        return warnings
    }

    /// Per component name, the screens that use it in catalogue order (visible screens only).
    static func usage(_ summaries: [ScreenSummary]) -> [String: [ScreenSummary]] {
        var usage: [String: [ScreenSummary]] = [:]
        for summary in summaries where !summary.hidden {
            for name in summary.componentTypes.keys { usage[name, default: []].append(summary) }
        }
        return usage
    }

    /// The overview of every component with its counts.
    func overview(usage: [String: [ScreenSummary]]) -> OutputFile {
        let names = usage.keys.sorted()
        var overview = frame.context(path: "gallery/index.html", title: "Components")
        overview["groups"] = groups(names).map { group -> [String: Any] in
            ["title": group.title, "components": group.names.map { name -> [String: Any] in
                let screens = usage[name] ?? []
                return ["name": name, "href": SitePath.href(SitePath.fileName(Self.page(for: name))),
                        "instances": screens.reduce(0) { $0 + ($1.componentTypes[name] ?? 0) }, "screens": screens.count]
            }]
        }
        return OutputFile(path: "gallery/index.html", bytes: templates.render("gallery", overview))
    }

    /// The page of one component: specimens from the first sampled screens' trees, and where it is used.
    func page(_ name: String, screens: [ScreenSummary], trees: [String: ViewNode]) -> OutputFile {
        let path = Self.page(for: name)
        var css: [String] = []
        var specimens: [[String: Any]] = []
        // What each specimen drawn looks like, its class prefix and pointers left out: an
        // instance drawn the same as one before it is not drawn again.
        var looks: Set<[UInt8]> = []
        // A screen's root (the whole screen) only when the sample has no other instance.
        let sampled = screens.prefix(Self.sampledScreens).compactMap { screen in trees[screen.payload].map { (screen, $0) } }
        let found = { (roots: Bool) in sampled.map { screen, tree in
            (screen, Self.specimens(of: name, in: tree, limit: Self.instancesPerScreen, deviceWidth: self.deviceWidth, roots: roots, name: self.renderer.resources.templates.catalogueName))
        } }
        var picked = found(false)
        if picked.allSatisfy(\.1.isEmpty) { picked = found(true) }
        for (screen, instances) in picked {
            for specimen in instances {
                let prefix = "g\(specimens.count)s"
                let (shown, itemsLeftOut, viewsLeftOut) = Self.capped(specimen.drawn)
                let drawn = renderer.render(shown, rootPrefix: "../", classPrefix: prefix, unboundedWidth: specimen.unboundedWidth)
                var specimenCSS = [drawn.css]
                var (screenClasses, contentClasses) = ("v-screen v-specimen-screen", "v-content v-cell")
                if specimen.inStack { screenClasses += " v-specimen-spacers" }
                // As wide as its place on its screen offers it.
                if let room = specimen.room {
                    screenClasses += " \(prefix)-room"
                    specimenCSS.append(".v-specimen-screen.\(prefix)-room{width:\(CSSNumber.format(room))px}")
                }
                // The stage paints what lies under it and gives the colour it inherits.
                let stage = [specimen.background.map { "background:" + $0.css }, specimen.foreground.map { "color:\($0);--v-tint:\($0)" }].compactMap { $0 }
                if !stage.isEmpty {
                    screenClasses += " \(prefix)-stage"
                    specimenCSS.append(".\(prefix)-stage{\(stage.joined(separator: ";"))}")
                }
                // Inside a horizontal scroll it is as wide as it likes, and the stage scrolls, as there.
                if specimen.unboundedWidth { screenClasses += " v-specimen-scroll-x" }
                if let width = specimen.cellWidth {
                    contentClasses += " v-specimen-item \(prefix)-cell"
                    specimenCSS.append(".\(prefix)-cell{width:\(width)}")
                }
                let renderHTML = "<div class=\"\(screenClasses)\"><div class=\"\(contentClasses)\">" + drawn.html + "</div></div>"
                guard looks.insert(Self.look(of: renderHTML + specimenCSS.joined(), prefix: prefix)).inserted else { continue }
                css += specimenCSS
                let pointer = specimen.node.source.pointer.description
                specimens.append([
                    "renderHTML": renderHTML,
                    "screen": screen.title, "href": "../" + SitePath.href(screen.page ?? ""),
                    "pointer": pointer.isEmpty ? "/" : pointer, "layered": specimen.beneath != nil && !specimen.inStack && !specimen.sizedByStack, "inStack": specimen.inStack,
                    "sizedByStack": specimen.sizedByStack,
                    "instanceHref": "../" + SitePath.href(screen.page ?? "") + SitePath.selecting(pointer),
                    "itemsLeftOut": Self.leftOutText(items: itemsLeftOut, views: viewsLeftOut) ?? false,
                    // A cell looks as its section's template makes it: that section is named, with its page.
                    "inSection": specimen.section.map { ["name": $0, "href": SitePath.href(SitePath.fileName(Self.page(for: $0)))] } ?? false,
                ])
            }
        }
        // The stage is the site's first device: a rail's items are a share of its width.
        css.insert(".v-specimen-stage{--v-device-width:\(CSSNumber.format(deviceWidth))px}", at: 0)
        var context = frame.context(path: path, title: name, css: css.joined(separator: "\n"))
        context["name"] = name
        (context["specimens"], context["drawsSpecimens"]) = (specimens, !specimens.isEmpty)
        // Said when the sample draws none: spacers whose stacks are too large to draw apart.
        context["noSpecimens"] = name == "spacer"
            ? "None is drawn here: a spacer is drawn in its stack, and these stacks are too large to draw apart; the screens below show it where it is used."
            : "None is drawn here; the screens below show it where it is used."
        let instances = screens.reduce(0) { $0 + ($1.componentTypes[name] ?? 0) }
        (context["instances"], context["screenCount"]) = (instances, screens.count)
        context["countText"] = counted(instances, "instance") + " on " + counted(screens.count, "screen")
        context["usage"] = screens.prefix(Self.usageRows).map { screen -> [String: Any] in
            // The screen opens with its first instance selected.
            ["title": screen.title, "payload": screen.payload, "href": "../" + SitePath.href(screen.page ?? "") + SitePath.selectingFirst(name),
             "count": screen.componentTypes[name] ?? 0]
        }
        if screens.count > Self.usageRows {
            context["moreUsage"] = screens.count - Self.usageRows
            context["moreUsageText"] = counted(screens.count - Self.usageRows, "more screen")
            // The index lists them all, filtered by this component.
            context["allUsageHref"] = "../index.html#component=" + SitePath.fragmentValue(name)
        }
        return OutputFile(path: path, bytes: templates.render("component", context))
    }

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

    private func groups(_ names: [String]) -> [(title: String, names: [String])] {
        let sections = names.filter { $0.hasPrefix("section.") }
        let cells = names.filter { $0.hasPrefix("cell.") }
        // `custom` (a custom view no template draws, in the generic box) beside `custom.promo-banner`.
        let isCustom = { (name: String) in name == "custom" || name.hasPrefix("custom.") }
        let customs = names.filter(isCustom)
        let components = names.filter { !$0.hasPrefix("section.") && !$0.hasPrefix("cell.") && !isCustom($0) }
        return [("Scene components", components), ("Custom components", customs), ("Feed templates", sections), ("Feed cell types", cells)]
            .filter { !$0.names.isEmpty }
    }
}
