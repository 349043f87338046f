import Testing

extension BrowserLayoutTests {
    /// A feed drawn right to left: `dir="rtl"` set on the built page's `<html>` (rendering.md §2:
    /// leading/trailing are logical, so the RTL toggle mirrors the screen as iOS would).
    ///
    /// Sections: `/0` card_01 rail of 12 cells under a full header; `/1` featured_02 page flow.
    @Suite("Feed right to left")
    struct FeedRightToLeft {
        static let page = Result {
            try FeedPage.load(feed: FeedJSON.feed([
                FeedJSON.section(id: 1, title: "מטבחים", icon: FeedJSON.systemIcon("fork.knife", color: "#34C759"), template: "card_01",
                                 scroll: "horizontal", cellType: "card_image_title", buttons: ["alllist"], items: FeedJSON.imageTitles(12)),
                FeedJSON.section(id: 2, title: "مطاعم جديدة", template: "featured_02", scroll: "vertical", cellType: "featured_02_info",
                                 items: FeedJSON.restaurants(2)),
            ]), direction: "rtl")
        }

        @Test("the page is right to left and the rail inherits it")
        func pageIsRightToLeft() throws {
            let page = try Self.page.get()
            #expect(page.feed.direction == "rtl")
            #expect(try page.outermost("/0/data").direction == "rtl")
        }

        @Test("in RTL a rail starts at its right edge and runs leftwards, still scrolling")
        func railIsMirrored() throws {
            let page = try Self.page.get()
            let rail = try page.node("/0/data")
            let first = try page.item(0, ofSection: 0)
            let second = try page.item(1, ofSection: 0)
            expectNear(first.right, rail.box.right - 10, "first item's right edge (10 pt inset from the rail's right)")
            expectNear(first.left - second.right, 12, "item 1 is 12 pt left of item 0")
            expectNear(second.top, first.top, "items 0 and 1 share a row")
            #expect(rail.scrollWidth > rail.clientWidth && rail.scrollsSideways, "the mirrored rail scrolls: \(rail.scrollWidth) > \(rail.clientWidth)")
        }

        @Test("in RTL the header's icon is at the right and its button at the left")
        func headerIsMirrored() throws {
            let page = try Self.page.get()
            let header = try page.outermost("/0/title").box
            let icon = try page.outermost("/0/headerImageDTO").box
            let button = try page.outermost("/0/buttonTypes/0").box
            expectNear(icon.right, header.right - 10, "icon's right edge")
            expectNear(button.left, header.left + 10 + 4, "button's left edge (after the inset and its separator)")
        }

        @Test("in RTL featured_02 puts the first card on the right")
        func gridIsMirrored() throws {
            let page = try Self.page.get()
            let screen = try #require(page.measurement.screen)
            let first = try page.item(0, ofSection: 1)
            let second = try page.item(1, ofSection: 1)
            expectNear(first.right, screen.right - 10, "first card's right edge")
            #expect(second.right < first.left, "card 1 (\(second)) is left of card 0 (\(first))")
            expectNear(second.top, first.top, "cards share a row")
        }
    }

    /// `vitrine.json` `feed.templates` overrides (SiteConfiguration): numbers and percentages.
    ///
    /// Sections: `/0` card_01 rail (itemWidth 100), `/1` card_03 rail (itemWidth "50%",
    /// spacing 20), `/2` card_02 rail (not overridden: stays 90 %), `/3` featured_02 in three
    /// columns (cards about 117 pt wide).
    @Suite("Feed template overrides")
    struct FeedTemplateOverrides {
        static let configuration = #"{"feed":{"templates":{"card_01":{"itemWidth":100},"card_03":{"itemWidth":"50%","spacing":20},"#
            + #""featured_02":{"columns":3}}}}"#

        static let page = Result {
            try FeedPage.load(feed: FeedJSON.feed([
                FeedJSON.section(id: 1, title: "Kitchens", template: "card_01", scroll: "horizontal", cellType: "card_image_title",
                                 items: FeedJSON.imageTitles(6)),
                FeedJSON.section(id: 2, title: "Nearby", template: "card_03", scroll: "horizontal", cellType: "card_info",
                                 items: FeedJSON.restaurants(3)),
                FeedJSON.section(id: 3, title: "Campaigns", template: "card_02", scroll: "horizontal", cellType: "card_image",
                                 items: FeedJSON.images(3)),
                FeedJSON.section(id: 4, title: "New places", template: "featured_02", scroll: "vertical", cellType: "featured_02_info",
                                 items: FeedJSON.restaurants(3)),
            ]), configuration: configuration)
        }

        /// SwiftUI offers the row's texts equal shares, the less flexible first: "25 min" keeps
        /// its width and the courier chip (a text in padding and a background) is cut. The chip
        /// had kept its width and cut the time to "2…".
        @Test("in a narrow restaurant card the delivery time stays whole and the courier chip is cut")
        func deliveryTimeKeepsItsWidthBesideTheCourierChip() throws {
            let page = try Self.page.get()
            let row = try page.outermost("/3/data/0/deliveryTime")
            let time = try page.element("/3/data/0/deliveryTime", withClass: "v-text")
            let chip = try page.outermost("/3/data/0/deliveryType")
            #expect(time.scrollWidth <= time.clientWidth, "the time is cut: \(time.scrollWidth) > \(time.clientWidth)")
            #expect(time.box.width > 35, "the time is \(time.box.width) pt wide")
            #expect(chip.box.right <= row.box.right + layoutTolerance, "the chip \(chip.box) runs out of its row \(row.box)")
            #expect(chip.box.width < 100, "the chip is not cut: \(chip.box.width) pt")
        }

        @Test("itemWidth 100 makes card_01 items 100 pt wide")
        func pointWidthOverride() throws {
            let page = try Self.page.get()
            for index in 0..<3 {
                expectNear(try page.item(index, ofSection: 0).width, 100, "card_01 item \(index) width")
            }
        }

        @Test("itemWidth \"50%\" and spacing 20 make card_03 items half the device wide, 20 pt apart")
        func percentageWidthAndSpacingOverride() throws {
            let page = try Self.page.get()
            let first = try page.item(0, ofSection: 1)
            let second = try page.item(1, ofSection: 1)
            expectNear(first.width, deviceWidth / 2, "card_03 item width")
            expectNear(second.left - first.right, 20, "card_03 gap")
        }

        @Test("a template the configuration does not name keeps its default (card_02: 90 %)")
        func otherTemplatesKeepDefaults() throws {
            let page = try Self.page.get()
            expectNear(try page.item(0, ofSection: 2).width, 0.9 * deviceWidth, "card_02 item width")
        }
    }
}
