import Testing
@testable import VitrineCore

/// The feed dialect reads every key of formats.md §2.3–2.6 into sections laid out as templates.
@Suite struct FeedDecoderTests {
    static func section(template: String = "card_02", scroll: String = "horizontal", group: String = "horizontal",
                        cellType: String = "card_image", buttons: String = #"["alllist"]"#, header: String = "null",
                        data: String = #"[{"id":1,"url":"https://cdn.example/a.jpg"}]"#, id: Int = 7) -> String {
        #"{"id":\#(id),"title":"Camping","headerImageDTO":\#(header),"layoutTemplateDTO":{"layoutTemplate":"\#(template)","scrollDirection":"\#(scroll)","groupOrientation":"\#(group)"},"cellType":"\#(cellType)","buttonTypes":\#(buttons),"data":\#(data)}"#
    }

    static func lines(_ json: String) -> [String] {
        SceneFixture.dump(json).split(separator: "\n").map { line in
            line.split(separator: " @").first.map(String.init) ?? ""
        }
    }

    @Test func imageSectionIsAHeaderOverARail() {
        #expect(Self.lines("[" + Self.section() + "]") == [
            "vertical-stack align=center-leading spacing=0",
            "  vertical-stack align=center-leading spacing=0 #7",
            "    horizontal-stack align=center-center spacing=8",
            "      .frame width=- height=40",
            "      .padding leading+trailing 10",
            "      horizontal-stack align=center-center spacing=0",
            #"        text "Camping" font=system/700/20 fixed lineLimit=1"#,
            "        spacer min=0",
            "      horizontal-stack align=center-center spacing=3",
            "        .fixedSize",
            #"        button "alllist" opens=all-7 plain"#,
            #"          text "All List" font=system/600/18 fixed"#,
            "            .foreground #000000",
            "        rectangle",
            "          .foreground #cccccc",
            "          .frame width=1 height=18",
            #"    grid horizontal lines=1 item=90% spacing=10 insets=10/10/10/10 paging label="Camping""#,
            "      vertical-stack align=center-center spacing=0 #1",
            #"        image remote "https://cdn.example/a.jpg" fill"#,
            "          .aspectRatio 2",
            "          .cornerRadius 12",
        ])
    }

    /// The header's parts are located at the values they come from (`--dump-tree`, the tree's
    /// lines), not all at the section's brace; an all-list page's buttons keep their own pointers.
    @Test func headerPartsAreLocatedAtTheirOwnValues() throws {
        let json = "[\n" + Self.section(buttons: #"["alllist", "more"]"#).replacingOccurrences(of: #","title""#, with: #",\#n"title""#)
            .replacingOccurrences(of: #","buttonTypes""#, with: #",\#n"buttonTypes""#).replacingOccurrences(of: #","data""#, with: #",\#n"data""#) + "]"
        let places = SceneFixture.dump(json).split(separator: "\n").map { String($0.split(separator: " @").last ?? "") }
        #expect(places.contains("/0/title 3:9"), "\(places)")
        #expect(places.contains("/0/buttonTypes 4:15") && places.contains("/0/buttonTypes/0 4:16") && places.contains("/0/buttonTypes/1 4:27"))
        #expect(places.contains("/0/data 5:8"))
        let screen = try #require(SceneFixture.decode(json).screen)
        let allList = try #require(screen.subpages.first)
        let allListPlaces = TreeDump.text(of: allList.root, in: SceneFixture.text(json)).split(separator: "\n").map { String($0.split(separator: " @").last ?? "") }
        #expect(allListPlaces.contains("/0/buttonTypes/1 4:27"), "the all-list page's “more” button: \(allListPlaces)")
    }

    @Test(arguments: [
        ("card_01", "horizontal", "horizontal", "grid horizontal lines=1 item=84 spacing=12 insets=10/10/10/10 label=\"Camping\""),
        ("card_01", "horizontal", "vertical", "grid horizontal lines=2 item=84 spacing=12 insets=10/10/10/10 label=\"Camping\""),
        ("card_03", "horizontal", "horizontal", "grid horizontal lines=1 item=75% spacing=10 insets=10/10/10/10 label=\"Camping\""),
        ("featured_01", "vertical", "vertical", "grid vertical lines=1 item=100% spacing=16 insets=10/10/10/10 stacked label=\"Camping\""),
        // Vertical groups down the page stack their items, each as wide as in a row of two.
        ("featured_02", "vertical", "vertical", "grid vertical lines=2 item=50% spacing=10 insets=10/10/10/10 stacked label=\"Camping\""),
        ("featured_02", "vertical", "horizontal", "grid vertical lines=2 item=50% spacing=10 insets=10/10/10/10 label=\"Camping\""),
        ("card_02", "vertical", "horizontal", "grid vertical lines=1 item=90% spacing=10 insets=10/10/10/10 label=\"Camping\""),
    ])
    func scrollDirectionAndGroupOrientationChooseTheFlow(template: String, scroll: String, group: String, expected: String) {
        let lines = Self.lines("[" + Self.section(template: template, scroll: scroll, group: group) + "]")
        #expect(lines.contains("    " + expected))
    }

    /// formats.md §2.4, §2.8: every section has a 40 pt header; without a title or buttons it is
    /// hidden, and its space stays.
    @Test func aHeaderWithoutTitleOrButtonsIsAnEmptyBand() {
        let section = Self.section(buttons: "[]").replacingOccurrences(of: #""title":"Camping""#, with: #""title":"""#)
        let lines = Self.lines("[" + section + "]")
        #expect(Array(lines.dropFirst().prefix(4)) == [
            "  vertical-stack align=center-leading spacing=0 #7",
            "    horizontal-stack align=center-center spacing=0",
            "      .frame width=- height=40",
            "    grid horizontal lines=1 item=90% spacing=10 insets=10/10/10/10 paging",
        ], "\(lines)")
    }

    /// The backend always sends a section's title (formats.md §2.3): one missing or null is
    /// said; an empty one is a header left blank on purpose.
    @Test func aSectionWithoutTitleIsAWarning() {
        let section = Self.section(buttons: "[]")
        let null = section.replacingOccurrences(of: #""title":"Camping""#, with: #""title":null"#)
        let missing = section.replacingOccurrences(of: #""title":"Camping","#, with: "")
        let empty = section.replacingOccurrences(of: #""title":"Camping""#, with: #""title":"""#)
        let message = "the section has no title; the backend always sends one, so its header is drawn without it"
        #expect(SceneFixture.decode("[" + null + "]").messages == ["1:18: warning: \(message) (at /0/title)"])
        #expect(SceneFixture.decode("[" + missing + "]").messages == ["1:2: warning: \(message) (at /0)"])
        #expect(SceneFixture.decode("[" + empty + "]").messages.isEmpty)
    }

    /// `[]` is a feed the app draws as an empty screen: said, since it is most likely a mistake.
    @Test func aFeedWithoutSectionsIsAWarning() throws {
        let (screen, messages) = SceneFixture.decode("[]")
        #expect(screen != nil)
        #expect(messages == ["1:1: warning: the feed has no sections: the app draws an empty screen (at )"])
    }

    /// A feed with a value that is no section is a broken feed, an error at that value, not a
    /// file of some other format; its sections are drawn.
    @Test func aValueAmongSectionsIsAnErrorNotAnUnknownFormat() throws {
        let (screen, messages) = SceneFixture.decode("[" + Self.section() + ",\nnull]")
        #expect(screen != nil)
        #expect(messages == ["2:1: error: expected a section object, found null (at /1)"])
        #expect(Self.lines("[" + Self.section() + ",\nnull]").contains { $0.contains("placeholder") })
    }

    /// The badge's texts point at the campaigns they show, past one that is not a string.
    @Test func campaignBadgePointsAtItsCampaigns() throws {
        let item = #"{"id":9,"name":"Burger House","campaignList":[5,"%20 Discount","Free Drink"]}"#
        let dump = SceneFixture.dump("[" + Self.section(template: "card_03", cellType: "card_info", data: "[\(item)]") + "]")
        let texts = dump.split(separator: "\n").filter { $0.contains(#"text "%20 Discount""#) || $0.contains(#"text "+1""#) }
        #expect(texts.count == 2 && texts[0].contains("@/0/data/0/campaignList/1 ") && texts[1].contains("@/0/data/0/campaignList/2 "), "\(texts)")
    }

    @Test func restaurantCardShowsEveryRowAndHidesMissingOnes() throws {
        let full = #"{"id":9,"imageUrl":"https://cdn.example/b.jpg","rating":4.5,"reviewCount":120,"name":"Burger House","minimumPrice":50.0,"distanceKm":1.2,"category":"Burger","deliveryTime":25,"deliveryType":"goCourier","campaignList":["%20 Discount","Free Drink"]}"#
        let bare = #"{"id":10,"name":"Plain"}"#
        let lines = Self.lines("[" + Self.section(template: "card_03", cellType: "card_info", data: "[\(full),\(bare)]") + "]")
        let texts = lines.filter { $0.contains("text \"") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(texts == [
            #"text "Camping" font=system/700/20 fixed lineLimit=1"#,
            #"text "All List" font=system/600/18 fixed"#,
            #"text "%20 Discount" font=system/600/12 lineLimit=1"#,
            #"text "+1" font=system/600/12 lineLimit=1"#,
            #"text "Burger House" font=system/600/16 lineLimit=1"#,
            #"text "★ 4.5 (120)" font=system/500/13 lineLimit=1"#,
            #"text "Burger · 1.2 km" font=system/-/13 lineLimit=1"#,
            #"text "25 min" font=system/-/13 lineLimit=1"#,
            #"text "Go courier" font=system/600/11 lineLimit=1"#,
            #"text "Min. 50 TL" font=system/-/13 lineLimit=1"#,
            #"text "Plain" font=system/600/16 lineLimit=1"#,
        ])
        // Colours the payload does not set are the system's, which follow dark mode: grey rows,
        // and the courier chip's ground under text in the screen's default colour.
        let courier = try #require(lines.firstIndex { $0.contains(#"text "Go courier""#) })
        #expect(lines[(courier + 1)...].prefix(4).map { $0.trimmingCharacters(in: .whitespaces) }
                == [".padding leading+trailing 6", ".padding top+bottom 2", ".background system fill", ".cornerRadius 6"])
        let place = try #require(lines.firstIndex { $0.contains(#"text "Burger · 1.2 km""#) })
        #expect(lines[place + 1].trimmingCharacters(in: .whitespaces) == ".foreground system secondaryLabel")
    }

    /// B12: extreme numbers format deterministically and never trap in an integer conversion.
    /// A currency before the amount is spaced from it when it is a code, not when it is a symbol.
    @Test func currencyBeforeTheAmountIsSpacedWhenItIsACode() {
        var settings = AmountFormat()
        #expect(settings.price("50") == "50 TL")
        settings.currencyBeforeAmount = true
        #expect(settings.price("50") == "TL 50")
        settings.currency = "$"
        #expect(settings.price("50") == "$50")
        settings.currency = "US$"
        #expect(settings.price("75.50") == "US$75.50")
        settings.currency = "₺"
        settings.currencyBeforeAmount = false
        #expect(settings.price("50") == "50 ₺")
    }

    /// A price is whole when it is whole in cents, as it is shown: `49.999` was "50.00" beside a "50".
    @Test(arguments: [("50.0", "50"), ("49.999", "50"), ("0.004", "0"), ("99.995", "100"), ("75.5", "75.50"), ("0.015", "0.02")])
    func minimumPricesAreWholeWhenTheirCentsAre(price: String, shown: String) {
        let json = "[" + Self.section(template: "card_03", cellType: "card_info", data: #"[{"id":9,"name":"X","minimumPrice":\#(price)}]"#) + "]"
        #expect(Self.lines(json).contains { $0.contains(#"text "Min. \#(shown) TL""#) }, "\(Self.lines(json))")
    }

    @Test func restaurantCardNumbersAtTheirExtremesFormatWithoutTrapping() {
        let extreme = #"{"id":9,"name":"X","rating":1e308,"reviewCount":-1,"distanceKm":-0.0,"category":"Cafe","minimumPrice":-1e300,"deliveryTime":9223372036854775808}"#
        let json = "[" + Self.section(template: "card_03", cellType: "card_info", data: "[\(extreme)]") + "]"
        #expect(SceneFixture.decode(json).messages.map { $0.split(separator: " ", maxSplits: 1).last ?? "" } == [
            "warning: number beyond ±1000000000000 drawn as 1000000000000 (at /0/data/0/rating)",
            "error: integer out of range (at /0/data/0/deliveryTime)",
            "warning: number beyond ±1000000000000 drawn as -1000000000000 (at /0/data/0/minimumPrice)",
        ])
        let lines = Self.lines(json)
        let texts = lines.filter { $0.contains("text \"") }.map { $0.trimmingCharacters(in: .whitespaces) }
        // Ratings and prices are bounded to ±10¹², with a warning (B08/B12: clamped, never silently); -0 loses its sign; a
        // delivery time beyond Int is an error (its row is left out), not a trap.
        #expect(texts == [
            #"text "Camping" font=system/700/20 fixed lineLimit=1"#,
            #"text "All List" font=system/600/18 fixed"#,
            #"text "X" font=system/600/16 lineLimit=1"#,
            #"text "★ 1000000000000.0 (-1)" font=system/500/13 lineLimit=1"#,
            #"text "Cafe · 0.0 km" font=system/-/13 lineLimit=1"#,
            #"text "Min. -1000000000000 TL" font=system/-/13 lineLimit=1"#,
        ])
        // The largest time the app's 64-bit `Int` holds is read exactly, past what a `Double` holds.
        let largest = Self.lines("[" + Self.section(template: "card_03", cellType: "card_info",
                                                   data: #"[{"id":9,"name":"X","deliveryTime":9223372036854775807}]"#) + "]")
        #expect(largest.contains { $0.contains(#"text "9223372036854775807 min""#) }, "\(largest)")
    }

    @Test func headerIconIsASymbolOrAnAssetTintedWithAlphaLast() {
        let symbol = Self.lines("[" + Self.section(header: ##"{"id":1,"type":"SYSTEM","imageText":"tag.fill","color":"#FFA50080"}"##) + "]")
        #expect(symbol.contains(#"      image symbol "tag.fill""#))
        #expect(symbol.contains("        .foreground rgba(255,165,0,0.502)"))
        let asset = Self.lines("[" + Self.section(header: #"{"id":2,"type":"ASSETS","imageText":"go","color":null}"#) + "]")
        #expect(asset.contains(#"      image asset "go""#))
    }

    @Test func allListPageIsAVerticalListWithRestaurantsAsFeatured01() throws {
        let restaurant = #"[{"id":1,"name":"A","imageUrl":"https://cdn.example/a.jpg"}]"#
        let json = "[" + Self.section(template: "card_03", cellType: "card_info", data: restaurant, id: 2) + "," + Self.section(buttons: #"["View"]"#, id: 3) + "]"
        let screen = try #require(SceneFixture.decode(json).screen)
        #expect(screen.subpages.map(\.key) == ["all-2"])
        #expect(screen.subpages.first?.title == "Camping — All List")
        for title in ["", "  "] {
            let untitled = "[" + Self.section(id: 9).replacingOccurrences(of: #""title":"Camping""#, with: #""title":"\#(title)""#) + "]"
            #expect(try #require(SceneFixture.decode(untitled).screen).subpages.first?.title == "Section 9 — All List")
        }
        let dump = TreeDump.text(of: try #require(screen.subpages.first).root, in: SceneFixture.text(json))
        #expect(dump.contains("grid vertical lines=1 item=100% spacing=16 insets=10/10/10/10"))
        #expect(dump.contains(#"button "View""#))
        #expect(!dump.contains("opens="))
        // Named as drawn, as the all-list response names them (formats.md §2.7).
        let page = try #require(screen.subpages.first).root
        var names: [String] = []
        func collect(_ node: ViewNode) {
            if let component = node.component { names.append(component) }
            node.forEachChild(collect)
        }
        collect(page)
        #expect(names.contains("section.featured_01") && names.contains("cell.featured_01_info") && !names.contains("section.card_03"), "\(names)")
    }

    /// I05: two sections of one id with All List would write one page; the second is told so.
    @Test func twoAllListSectionsOfOneIdShareThePageWithAWarning() throws {
        let json = "[" + Self.section(id: 4) + ",\n" + Self.section(id: 4) + "]"
        let (screen, messages) = SceneFixture.decode(json)
        #expect(try #require(screen).subpages.map(\.key) == ["all-4"])
        #expect(messages == ["2:7: warning: section id 4 is used again by a section with All List (first on line 1); its All List opens the first one's page (at /1/id)"])
    }

    /// formats.md §2.7: a section of other data keeps its own buttons on its all-list page,
    /// "All List" too (drawn, not linked: it would lead to the page itself).
    @Test func allListPageOfOtherDataKeepsItsButtons() throws {
        let json = "[" + Self.section(buttons: #"["alllist", "Filter"]"#, id: 4) + "]"
        let screen = try #require(SceneFixture.decode(json).screen)
        let dump = TreeDump.text(of: try #require(screen.subpages.first).root, in: SceneFixture.text(json))
        #expect(dump.contains(#"button "alllist" plain"#) && dump.contains(#"button "Filter" plain"#), "\(dump)")
        #expect(!dump.contains("opens="))
    }

    /// A section or an item that cannot be read says why in its placeholder, as a scene's view does.
    @Test func aSectionOrItemThatCannotBeReadSaysWhy() {
        let dump = SceneFixture.dump("[1, " + Self.section(data: #"["x"]"#) + "]")
        #expect(dump.contains(#"placeholder[error] "section could not be read: expected a section object, found"#), "\(dump)")
        #expect(dump.contains(#"placeholder[error] "item could not be read: expected an item object, found a str"#), "\(dump)")
    }

    @Test func singleSectionObjectIsTheAllListResponse() {
        #expect(Self.lines(Self.section()).first == "vertical-stack align=center-leading spacing=0")
    }

    @Test(arguments: [
        (section(template: "card_09"),
         #"1:88: warning: unknown layout template "card_09"; drawn as a rail of full-width items, as its scrollDirection is horizontal (at /0/layoutTemplateDTO/layoutTemplate)"#),
        (section(template: "card_09", scroll: "vertical"),
         #"1:88: warning: unknown layout template "card_09"; drawn as a vertical list (at /0/layoutTemplateDTO/layoutTemplate)"#),
        // A name written otherwise than the app's (`card_09` may be a template Vitrine does not know yet) is a likely misspelling.
        (section(template: "card_2"),
         #"1:88: warning: unknown layout template "card_2" (did you mean "card_02"?); drawn as a rail of full-width items, as its scrollDirection is horizontal (at /0/layoutTemplateDTO/layoutTemplate)"#),
        (section(cellType: "card_video"), #"1:173: warning: unknown cellType "card_video"; its items are drawn as placeholders (at /0/cellType)"#),
        (section(cellType: "card_image_titel"),
         #"1:173: warning: unknown cellType "card_image_titel" (did you mean "card_image_title"?); its items are drawn as placeholders (at /0/cellType)"#),
        (section(template: "card_02", cellType: "featured_01_info", data: #"[{"id":1,"name":"A"}]"#),
         #"1:173: warning: cellType "featured_01_info" does not go with template "card_02" (the backend pairs it with featured_01) (at /0/cellType)"#),
        (section(cellType: "card_image", data: #"[{"id":1,"imageUrl":"https://cdn.example/a.jpg","name":"A"}]"#),
         "1:220: warning: this item does not fit its section's cellType (a restaurant) (at /0/data/0)"),
        (section(cellType: "card_info", data: #"[{"id":1,"name":"A","rating":"high"}]"#),
         "1:247: error: expected a number, found a string (at /0/data/0/rating)"),
        (section(cellType: "card_info", data: #"[{"id":1,"name":"A","deliveryType":"drone"}]"#),
         #"1:253: warning: deliveryType "drone" is neither restaurantCourier nor goCourier (at /0/data/0/deliveryType)"#),
        (section(header: #"{"id":1,"type":"SYSTEM","imageText":"tag","color":"orange"}"#),
         #"1:95: warning: colour "orange" is not #RRGGBB or #RRGGBBAA; the app draws black (at /0/headerImageDTO/color)"#),
        // The kit's `UIColor(hex:)` trims, drops every `#` and scans hex (drawn black before, said to be black).
        (section(header: #"{"id":1,"type":"SYSTEM","imageText":"tag","color":" ##FFA500\t"}"#),
         "1:95: warning: colour \" ##FFA500\t\" is read by the app as #FFA500 (it trims spaces and drops every `#`) (at /0/headerImageDTO/color)"),
        (section(header: ##"{"id":1,"type":"SYSTEM","imageText":"tag","color":"#FFA50G"}"##),
         ##"1:95: warning: colour "#FFA50G" is read by the app as #0FFA50 (it reads up to the first character that is not a hex digit) (at /0/headerImageDTO/color)"##),
        (section(header: ##"{"id":1,"type":"SYSTEM","imageText":"tag","color":"# FFA50"}"##),
         ##"1:95: warning: colour "# FFA50" is read by the app as #0FFA50 (it reads up to the first character that is not a hex digit) (at /0/headerImageDTO/color)"##),
        (section(header: #"{"id":1,"type":"SYSTEM","imageText":"tag","color":"0xFFA500"}"#),
         #"1:95: warning: colour "0xFFA500" is read by the app as #00FFA500 (it takes `0x` as a prefix and reads on to the first character that is not a hex digit) (at /0/headerImageDTO/color)"#),
        (section(data: #"[{"id":1,"url":"javascript:alert(1)"}]"#),
         #"1:234: warning: image URL dropped (scheme "javascript" not allowed) (at /0/data/0/url)"#),
        // A bare name is taken for an asset's, which a feed's images never are.
        (section(data: #"[{"id":1,"url":"burger"}]"#),
         #"1:234: warning: image URL dropped (not an absolute http(s) URL); a feed's images are web addresses, never names of files in assets/ (at /0/data/0/url)"#),
        (section(data: #"[{"id":1,"url":"cdn.example.com/a.jpg"}]"#),
         #"1:234: warning: image URL dropped (not an absolute http(s) URL); write it with its scheme, https:// (at /0/data/0/url)"#),
        (section(data: #"[{"id":"one","url":"https://cdn.example/a.jpg"}]"#),
         "1:226: error: expected an integer, found a string (at /0/data/0/id)"),
    ])
    func problemsAreLocated(json: String, expected: String) {
        let (screen, messages) = SceneFixture.decode("[" + json + "]")
        #expect(screen != nil)
        #expect(messages == [expected])
    }
}
