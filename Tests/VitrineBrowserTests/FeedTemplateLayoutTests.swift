import Testing

extension BrowserLayoutTests {
    /// Home-feed templates (rendering.md §4, formats.md §2.4–2.8), all sections on one page.
    ///
    /// Sections (pointer → what): `/0` card_01 rail of 12 image+title cells under a full header
    /// (SYSTEM icon, title, `alllist`); `/1` card_02 paging rail of 4 banners; `/2` card_03 rail of
    /// 4 restaurants; `/3` featured_02 page flow of 4 restaurants; `/4` card_01 rail with
    /// `groupOrientation: vertical` (10 cells); `/5` card_01 rail of 40 cells; `/6` featured_01 page
    /// flow of 2 restaurants; `/7` card_03 rail under a very long title with two buttons; `/8`
    /// featured_01 turned into a rail by `scrollDirection: horizontal`; `/9` card_01 flowing down the
    /// page (`scrollDirection: vertical`, 7 cells); `/10` featured_02 down the page in vertical
    /// groups (3 restaurants); `/11` card_01 under an `ASSETS` icon not in `assets/`.
    @Suite("Feed templates")
    struct FeedTemplates {
        static let longTitle = "The very best neighbourhood restaurants that deliver late at night"

        static let page = Result {
            try FeedPage.load(feed: FeedJSON.feed([
                FeedJSON.section(id: 1, title: "Kitchens", icon: FeedJSON.systemIcon("tag.fill", color: "#FF6000"), template: "card_01",
                                 scroll: "horizontal", cellType: "card_image_title", buttons: ["alllist"], items: FeedJSON.imageTitles(12)),
                FeedJSON.section(id: 2, title: "Campaigns", template: "card_02", scroll: "horizontal", cellType: "card_image",
                                 buttons: ["alllist"], items: FeedJSON.images(4)),
                FeedJSON.section(id: 3, title: "Nearby", template: "card_03", scroll: "horizontal", cellType: "card_info",
                                 buttons: ["alllist"], items: FeedJSON.restaurants(4)),
                FeedJSON.section(id: 5, title: "New places", template: "featured_02", scroll: "vertical", cellType: "featured_02_info",
                                 items: FeedJSON.restaurants(4)),
                FeedJSON.section(id: 6, title: "Two rows", template: "card_01", scroll: "horizontal", group: "vertical",
                                 cellType: "card_image_title", items: FeedJSON.imageTitles(10)),
                FeedJSON.section(id: 7, title: "Forty", template: "card_01", scroll: "horizontal", cellType: "card_image",
                                 items: FeedJSON.images(40)),
                FeedJSON.section(id: 4, title: "Restaurants", template: "featured_01", scroll: "vertical", group: "vertical",
                                 cellType: "featured_01_info", buttons: ["View", "Filter"], items: FeedJSON.restaurants(2)),
                FeedJSON.section(id: 8, title: longTitle, icon: FeedJSON.systemIcon("flame.fill", color: "#FF3B30CC"), template: "card_03",
                                 scroll: "horizontal", cellType: "card_info", buttons: ["alllist", "Filter"], items: FeedJSON.restaurants(2)),
                FeedJSON.section(id: 9, title: "Featured rail", template: "featured_01", scroll: "horizontal", cellType: "featured_01_info",
                                 items: FeedJSON.restaurants(2)),
                FeedJSON.section(id: 10, title: "Kitchens in rows", template: "card_01", scroll: "vertical", cellType: "card_image_title",
                                 items: FeedJSON.imageTitles(7)),
                FeedJSON.section(id: 11, title: "Stacked", template: "featured_02", scroll: "vertical", group: "vertical",
                                 cellType: "featured_02_info", items: FeedJSON.restaurants(3)),
                FeedJSON.section(id: 12, title: "Go campaign", icon: ["id": 1, "type": "ASSETS", "imageText": "go", "color": "#FF0000"], template: "card_01",
                                 scroll: "horizontal", cellType: "card_image_title", items: FeedJSON.imageTitles(2)),
            ]))
        }

        /// Side inset of every template's grid, and of the header (rendering.md §4).
        static let inset = 10.0

        @Test("card_01, card_02 and card_03 rails overflow sideways; items are 84 pt, 90 % and 75 % of the device wide",
              arguments: [(section: 0, width: 84.0, gap: 12.0), (section: 1, width: 0.9 * deviceWidth, gap: 10.0),
                          (section: 2, width: 0.75 * deviceWidth, gap: 10.0)])
        func railsOverflowWithTemplateItemWidths(section: Int, width: Double, gap: Double) throws {
            let page = try Self.page.get()
            let rail = try page.node("/\(section)/data")
            // A rail is as wide as the screen and scrolls its items sideways (orthogonal scrolling).
            expectNear(rail.box.width, deviceWidth, "rail /\(section)/data width")
            #expect(rail.scrollWidth > rail.clientWidth && rail.scrollsSideways, "rail /\(section)/data scrolls: scrollWidth \(rail.scrollWidth), clientWidth \(rail.clientWidth)")
            for index in 0..<3 {
                expectNear(try page.item(index, ofSection: section).width, width, "item /\(section)/data/\(index) width")
            }
            let first = try page.item(0, ofSection: section)
            let second = try page.item(1, ofSection: section)
            expectNear(first.left, rail.box.left + Self.inset, "first item's left (leading inset)")
            expectNear(second.left - first.right, gap, "gap between items 0 and 1")
            expectNear(second.top, first.top, "items 0 and 1 share a row")
        }

        @Test("a card_02 rail snaps item by item (x mandatory, start); card_01 and card_03 rails do not snap")
        func cardTwoRailPages() throws {
            let page = try Self.page.get()
            let paging = try page.outermost("/1/data")
            #expect(paging.scrollSnapType == "x mandatory", "card_02 rail scroll-snap-type: \(paging.scrollSnapType)")
            let items = page.itemPointers(ofSection: 1)
            #expect(items.count == 4, "the card_02 rail's items: \(items)")
            for index in items {
                let align = try page.outermost(index).scrollSnapAlign
                #expect(align == "start" || align == "start start", "\(index) scroll-snap-align: \(align)")
            }
            for section in [0, 2] {
                let rail = try page.outermost("/\(section)/data")
                #expect(rail.scrollSnapType == "none", "/\(section)/data scroll-snap-type: \(rail.scrollSnapType)")
            }
        }

        @Test("featured_02 puts two equal cards per row inside the screen's insets")
        func featuredTwoHasTwoPerRow() throws {
            let page = try Self.page.get()
            let screen = try #require(page.measurement.screen, "the page has a .v-screen")
            let cards = try (0..<4).map { try page.item($0, ofSection: 3) }
            expectNear(cards[0].top, cards[1].top, "cards 0 and 1 top")
            #expect(cards[1].left > cards[0].right, "card 1 (\(cards[1])) is right of card 0 (\(cards[0]))")
            expectNear(cards[0].width, cards[1].width, "cards 0 and 1 width")
            // Half of the 370 pt between the insets, less half the 10 pt gap.
            expectNear(cards[0].width, (deviceWidth - 2 * Self.inset - 10) / 2, "card width")
            for (index, card) in cards.enumerated() {
                #expect(card.left >= screen.left + Self.inset - layoutTolerance && card.right <= screen.right - Self.inset + layoutTolerance,
                        "card \(index) \(card) lies within the screen \(screen) minus 10 pt insets")
            }
            expectNear(cards[2].left, cards[0].left, "card 2 starts the second row")
            #expect(cards[2].top >= cards[0].bottom, "card 2 (\(cards[2])) is below card 0 (\(cards[0]))")
        }

        @Test("featured_01 as a rail: each card as wide as the rail inside its insets, not the whole device")
        func featuredOneRailFitsInsideTheInsets() throws {
            let page = try Self.page.get()
            let rail = try page.node("/8/data")
            let first = try page.item(0, ofSection: 8)
            expectNear(first.width, deviceWidth - 2 * Self.inset, "card width")
            expectNear(first.left, rail.box.left + Self.inset, "first card's left (leading inset)")
            expectNear(try page.item(1, ofSection: 8).left - first.right, 16, "gap between cards")
        }

        @Test("card_01 down the page puts as many 84 pt items in a row as the screen holds, from the leading inset")
        func cardOneRowsHoldWhatFits() throws {
            let page = try Self.page.get()
            let rows = try page.node("/9/data")
            let items = try (0..<7).map { try page.item($0, ofSection: 9) }
            #expect(rows.scrollWidth <= rows.clientWidth, "a page-flow section does not scroll sideways")
            // 370 pt between the insets hold three 84 pt items and two 12 pt gaps; a fourth needs 372.
            for item in items { expectNear(item.width, 84, "item width") }
            expectNear(items[0].left, rows.box.left + Self.inset, "first item's left (leading inset)")
            expectNear(items[1].left - items[0].right, 12, "gap between items")
            expectNear(items[2].top, items[0].top, "items 0–2 share a row")
            expectNear(items[3].left, items[0].left, "item 3 starts the second row")
            #expect(items[3].top >= items[0].bottom, "item 3 (\(items[3])) is below item 0 (\(items[0]))")
        }

        @Test("featured_01 flows down the page, one full-width card per row")
        func featuredOneHasOnePerRow() throws {
            let page = try Self.page.get()
            let rows = try page.node("/6/data")
            let first = try page.item(0, ofSection: 6)
            let second = try page.item(1, ofSection: 6)
            #expect(rows.scrollWidth <= rows.clientWidth, "a page-flow section does not scroll sideways")
            expectNear(first.width, deviceWidth - 2 * Self.inset, "card width")
            expectNear(second.left, first.left, "cards share a left edge")
            expectNear(second.top - first.bottom, 16, "gap between rows")
        }

        @Test("a section header is 40 pt high; its icon, title and button share its vertical centre")
        func headerIsOneFortyPointLine() throws {
            let page = try Self.page.get()
            // The header's outermost element carries the title's pointer; so do the title text and the spacer.
            let header = try page.outermost("/0/title").box
            let icon = try page.outermost("/0/headerImageDTO").box
            let title = try page.element("/0/title", withClass: "v-text").box
            let button = try page.outermost("/0/buttonTypes/0").box
            expectNear(header.height, 40, "header height")
            expectNear(header.width, deviceWidth, "header width")
            expectNear(icon.width, 20, "icon width")
            expectNear(icon.height, 20, "icon height")
            expectNear(icon.left, header.left + Self.inset, "icon's left (10 pt inset)")
            expectNear(title.left, icon.right + 8, "title's left (8 pt after the icon)")
            // formats.md §2.8: a 1 pt separator follows each button, 3 pt after it, then the 10 pt inset.
            expectNear(button.right, header.right - Self.inset - 4, "button's right (its separator, then the 10 pt inset)")
            for (what, box) in [("icon", icon), ("title", title), ("button", button)] {
                expectNear(box.midY, header.midY, "\(what)'s vertical centre")
            }
        }

        /// The placeholder drew 20 × 30, out of its slot and over the header's edge.
        @Test("a header icon missing from assets/ is a placeholder inside the icon's 20 × 20 slot")
        func missingHeaderAssetKeepsItsSlot() throws {
            let page = try Self.page.get()
            let header = try page.outermost("/11/title").box
            let slot = try page.outermost("/11/headerImageDTO"), icon = slot.box
            expectNear(icon.width, 20, "slot width")
            expectNear(icon.height, 20, "slot height")
            expectNear(icon.midY, header.midY, "slot's vertical centre")
            // The placeholder inside it does not stick out of it.
            #expect(slot.scrollWidth <= 20.5 && slot.scrollHeight <= 20.5, "\(slot.scrollWidth) × \(slot.scrollHeight)")
        }

        @Test("a long title is cut to one line; the header's buttons stay on one line inside its insets")
        func longTitleTruncatesBeforeButtons() throws {
            let page = try Self.page.get()
            let header = try page.outermost("/7/title").box
            let title = try page.element("/7/title", withClass: "v-text")
            expectNear(header.height, 40, "header height")
            // One line cut at the letter (tail truncation): the rest of the title is hidden below it.
            #expect(title.scrollHeight > title.clientHeight, "the title is cut (scrollHeight \(title.scrollHeight), clientHeight \(title.clientHeight))")
            let titleLine = try #require(title.box.lineHeight, "the title's line height")
            expectNear(title.box.height, titleLine, "title height (one line)")
            expectNear(title.box.midY, header.midY, "title's vertical centre")
            for index in 0..<2 {
                let label = try page.element("/7/buttonTypes/\(index)", withClass: "v-text").box
                let lineHeight = try #require(label.lineHeight, "button \(index) label's line height")
                // CHeaderView: single-line buttons; the title is the one that truncates (formats.md §2.8).
                expectNear(label.height, lineHeight, "button \(index) label height (one line)")
                expectNear(label.midY, header.midY, "button \(index) label's vertical centre")
            }
            // UIStackView stretches the title: only the 8 pt spacing lies between it and the buttons.
            let first = try page.outermost("/7/buttonTypes/0").box
            expectNear(first.left, title.box.right + 8, "the first button's left, 8 pt after the cut title")
            let last = try page.outermost("/7/buttonTypes/1").box
            #expect(last.right <= header.right - Self.inset + layoutTolerance, "last button \(last) ends inside the header's trailing inset (\(header.right - Self.inset))")
        }

        @Test("a 40-item rail renders all 40 items, side by side")
        func fortyItemsAllRendered() throws {
            let page = try Self.page.get()
            let pointers = page.itemPointers(ofSection: 5)
            #expect(pointers.count == 40, "items rendered: \(pointers.count)")
            #expect(pointers.last == "/5/data/39")
            let first = try page.item(0, ofSection: 5)
            let last = try page.item(39, ofSection: 5)
            // 39 steps of 84 pt + 12 pt gap.
            expectNear(last.left - first.left, 39 * 96, "left of item 39 relative to item 0")
            expectNear(last.top, first.top, "item 39 is on item 0's row")
            let rail = try page.node("/5/data")
            #expect(rail.scrollWidth >= 39 * 96 + 84, "rail scrollWidth \(rail.scrollWidth) holds every item")
        }

        @Test("groupOrientation vertical in a rail stacks two items per column")
        func verticalGroupsMakeTwoRows() throws {
            let page = try Self.page.get()
            let items = try (0..<4).map { try page.item($0, ofSection: 4) }
            expectNear(items[1].left, items[0].left, "items 0 and 1 share a left edge")
            #expect(items[1].top >= items[0].bottom - layoutTolerance, "item 1 (\(items[1])) is below item 0 (\(items[0]))")
            expectNear(items[2].top, items[0].top, "item 2 starts the next column at the top")
            expectNear(items[2].left - items[0].right, 12, "gap between columns")
            expectNear(items[3].left, items[2].left, "items 2 and 3 share a left edge")
            let rail = try page.node("/4/data")
            #expect(rail.scrollWidth > rail.clientWidth && rail.scrollsSideways, "the two-row rail still scrolls sideways")
        }

        /// Vertical groups down the page stack their items, each as wide as in a row of two
        /// (`featured_02` drew one 370 pt card to a row, three times as tall).
        @Test("groupOrientation vertical down the page puts one item to a row, at its width in a row of two")
        func verticalGroupsDownThePageStackItems() throws {
            let page = try Self.page.get()
            let inRows = try page.item(0, ofSection: 3)
            let items = try (0..<3).map { try page.item($0, ofSection: 10) }
            let grid = try page.node("/10/data").box
            for (index, item) in items.enumerated() {
                expectNear(item.width, inRows.width, "item \(index)'s width")
                expectNear(item.left, grid.left + Self.inset, "item \(index) at the leading inset")
                if index > 0 { #expect(item.top >= items[index - 1].bottom - layoutTolerance, "item \(index) is below item \(index - 1)") }
            }
            expectNear(items[0].height, inRows.height, "a card as tall as in a row of two")
        }
    }
}

extension BrowserLayoutTests {
    /// A restaurant's first campaign is a badge, cut to one line, followed by "+N" for the others:
    /// a long first campaign cut with "…" used to take the "+N" with it.
    @Suite("Campaign badge")
    struct CampaignBadge {
        static let page = Result {
            var items = FeedJSON.restaurants(1)
            items[0]["campaignList"] = ["Free delivery on orders over 300 TL for new customers only", "%20 Discount"]
            return try FeedPage.load(feed: FeedJSON.feed([
                FeedJSON.section(id: 1, title: "Nearby", template: "card_03", scroll: "horizontal", cellType: "card_info", items: items),
            ]))
        }

        @Test("a long first campaign is cut, and the “+1” after it stays whole inside the badge")
        func countStaysWhole() throws {
            let page = try Self.page.get()
            let badge = try page.node("/0/data/0/campaignList").box
            let first = try page.node("/0/data/0/campaignList/0")
            let count = try page.node("/0/data/0/campaignList/1")
            // One line is a clamp of one line (`v-line`): what is cut overflows downwards.
            #expect(first.scrollHeight > first.clientHeight, "the first campaign is cut: \(first.scrollHeight) > \(first.clientHeight)")
            #expect(count.scrollHeight <= count.clientHeight && count.box.width > 10, "“+1” is whole: \(count.box)")
            #expect(count.box.left >= first.box.right && count.box.right <= badge.right, "“+1” follows the campaign inside the badge: \(count.box) in \(badge)")
        }
    }
}
