import Testing

extension BrowserLayoutTests {
    /// h-, v- and z-stack alignment (formats.md §1.4), all cases on one page.
    @Suite("Stack alignment")
    struct StackAlignment {
        static let hAlignments = ["top", "center", "bottom", "leading"]
        static let vAlignments = ["leading", "left", "center", "trailing", "right", "top"]
        static let zAlignments = ["topLeading", "top", "leading", "center", "trailing",
                                  "bottomLeading", "bottom", "bottomTrailing", "topTrailing"]

        /// h-stacks of a 40×80 and a 40×20 box; v-stacks of a 200×20 and a 50×20 box; z-stacks of
        /// a 100×100 layer under a 20×20 one. Ids: `h-<alignment>-tall`, `v-<alignment>-narrow`, ….
        static let page = Result {
            let hStacks = hAlignments.map { alignment in
                SceneJSON.container("h-\(alignment)", "h", alignment: alignment, spacing: 8, views: [
                    SceneJSON.rectangle("h-\(alignment)-tall", Field.frame(width: 40, height: 80)),
                    SceneJSON.rectangle("h-\(alignment)-short", Field.frame(width: 40, height: 20)),
                ])
            }
            let vStacks = vAlignments.map { alignment in
                SceneJSON.container("v-\(alignment)", "v", alignment: alignment, spacing: 8, views: [
                    SceneJSON.rectangle("v-\(alignment)-wide", Field.frame(width: 200, height: 20)),
                    SceneJSON.rectangle("v-\(alignment)-narrow", Field.frame(width: 50, height: 20)),
                ])
            }
            let zStacks = zAlignments.map { alignment in
                SceneJSON.container("z-\(alignment)", "z", alignment: alignment, views: [
                    SceneJSON.rectangle("z-\(alignment)-big", Field.frame(width: 100, height: 100), Field.foreground("C7C7CC")),
                    SceneJSON.rectangle("z-\(alignment)-small", Field.frame(width: 20, height: 20), Field.foreground("FF3B30")),
                ])
            }
            return try ChromiumPage.load(scene: SceneJSON.scene(hStacks + vStacks + zStacks))
        }

        @Test("h-stack aligns children of different heights by top, centre or bottom", arguments: hAlignments)
        func hStackAlignsChildrenVertically(alignment: String) throws {
            let page = try Self.page.get()
            let tall = try page.node("h-\(alignment)-tall").box
            let short = try page.node("h-\(alignment)-short").box
            switch alignment {
            case "top": expectNear(short.top, tall.top, "top-aligned short box's top")
            case "bottom": expectNear(short.bottom, tall.bottom, "bottom-aligned short box's bottom")
            // `center`, and any other string (here `leading`), is VerticalAlignment.center.
            default: expectNear(short.midY, tall.midY, "\(alignment)-aligned short box's centre")
            }
            // HStack lays children out in a row with the given spacing.
            expectNear(short.left, tall.right + 8, "short box's left (after 8 pt spacing)")
        }

        @Test("v-stack aligns children of different widths by leading, centre or trailing edge", arguments: vAlignments)
        func vStackAlignsChildrenHorizontally(alignment: String) throws {
            let page = try Self.page.get()
            let wide = try page.node("v-\(alignment)-wide").box
            let narrow = try page.node("v-\(alignment)-narrow").box
            switch alignment {
            // `left` is an alias of `leading`, `right` of `trailing` (convertToHorizontalAlignment).
            case "leading", "left": expectNear(narrow.left, wide.left, "\(alignment)-aligned narrow box's left")
            case "trailing", "right": expectNear(narrow.right, wide.right, "\(alignment)-aligned narrow box's right")
            // `center`, and any other string (`top`, as colorSample2.json uses), is HorizontalAlignment.center.
            default: expectNear(narrow.midX, wide.midX, "\(alignment)-aligned narrow box's centre")
            }
            expectNear(narrow.top, wide.bottom + 8, "narrow box's top (after 8 pt spacing)")
        }

        @Test("z-stack places a small layer inside a big one by its alignment; topTrailing falls back to centre",
              arguments: zAlignments)
        func zStackPlacesLayerByAlignment(alignment: String) throws {
            let page = try Self.page.get()
            let stack = try page.node("z-\(alignment)").box
            let big = try page.node("z-\(alignment)-big").box
            let small = try page.node("z-\(alignment)-small").box
            // ZStack is as big as its largest layer; the small layer's offset in it is 0, 40 or 80 per axis.
            let (dx, dy): (Double, Double) = switch alignment {
            case "topLeading": (0, 0)
            case "top": (40, 0)
            case "leading": (0, 40)
            case "trailing": (80, 40)
            case "bottomLeading": (0, 80)
            case "bottom": (40, 80)
            case "bottomTrailing": (80, 80)
            // `center`, and `topTrailing`, which convertToDefaultAlignment does not know.
            default: (40, 40)
            }
            expectNear(stack.width, 100, "z-stack width")
            expectNear(stack.height, 100, "z-stack height")
            expectNear(big.left, stack.left, "big layer's left")
            expectNear(big.top, stack.top, "big layer's top")
            expectNear(small.left - big.left, dx, "\(alignment) small layer's x offset")
            expectNear(small.top - big.top, dy, "\(alignment) small layer's y offset")
        }
    }
}
