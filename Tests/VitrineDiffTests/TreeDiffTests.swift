import Foundation
import Testing
import VitrineCore
@testable import VitrineDiff

/// Changes inside one payload file, matched by identity.
@Suite struct TreeDiffTests {
    @Test func keyOrderWhitespaceAndNumberSpellingAreNotChanges() {
        let a = Fixture.scene([Fixture.text("t", "Hi", #""font":{"fontName":"A-Bold","fontSize":14}"#)])
        let b = """
        {"container": {"views": [{"component": {"font": {"fontSize": 14.0, "fontName": "A-Bold"}, "text": "Hi", "componentId": "t"}, "type": "text"}],
          "layout": {"alignment": "leading", "type": "v"}, "componentId": "root"}, "hasNavigationBar": false}
        """
        let diff = RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": b]).revision)
        #expect(diff.files.isEmpty && diff.unchanged == 1)
    }

    /// Integers past 2⁵³ are compared by their digits, which a `Double` would round together.
    @Test func largeIntegersAreComparedByTheirDigits() {
        let feed = { (id: String) in #"[{"id":1,"title":"T","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"vertical","groupOrientation":"vertical"},"cellType":"card_image","buttonTypes":[],"data":[{"id":1,"url":"https://a.example/a.png","reviewCount":\#(id)}]}]"# }
        let diff = RevisionDiff(old: MemoryRevision(["s.json": feed("9007199254740992")]).revision,
                                new: MemoryRevision(["s.json": feed("9007199254740993")]).revision)
        let review = diff.files.first?.changes.first { $0.pointer?.description == "/0/data/0/reviewCount" }
        #expect(review?.old == "9007199254740992" && review?.new == "9007199254740993")
        let swapped = { (first: String, second: String) in #"[{"id":1,"title":"T","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"vertical","groupOrientation":"vertical"},"cellType":"card_image","buttonTypes":[],"data":[{"id":\#(first),"url":"https://a.example/\#(first).png"},{"id":\#(second),"url":"https://a.example/\#(second).png"}]}]"# }
        #expect(Fixture.changes(swapped("9007199254740992", "9007199254740993"), swapped("9007199254740993", "9007199254740992"))
                == ["structure moved /0/data/0: item 9007199254740993 moved from position 2 to 1"])
        #expect(Fixture.changes(feed("9007199254740993"), feed(" 9007199254740993")).isEmpty, "the same digits, spaced otherwise")
    }

    /// Elements are told apart by fingerprints that are the same in every run (a `Hasher`'s
    /// differ), so that which of two look-alikes pairs with which never changes between runs.
    @Test func fingerprintsAreStableAcrossRunsAndReadValuesAsTheAppDoes() throws {
        let print = { (json: String) in try #require(JSONReader.read(Array(json.utf8)).root).map(TreeDiff.fingerprint) }
        let value = try print(#"{"a":1,"b":[true,null,"x"],"c":-0}"#)
        #expect(value == 0x1b90_a4ff_5f43_ac1e)
        #expect(try print(#"{"c":0,"b":[true,null,"x"],"a":1.0,"a":2}"#) == value, "key order, repeated keys, number spelling")
        #expect(try print(#"{"a":1,"b":[true,null,"y"],"c":0}"#) != value)
    }

    /// An overlay holds a view: adding one adds a part of the screen, as a child does.
    @Test func anOverlayAddedIsStructure() {
        let badge = #""overlay":{"type":"text","component":{"componentId":"b","text":"NEW"}}"#
        #expect(Fixture.changes(Fixture.scene([Fixture.text("t", "Hi")]), Fixture.scene([Fixture.text("t", "Hi", badge)]))
                == ["structure added /container/views/0/component/overlay: overlay added"])
    }

    @Test func nullAndAMissingKeyAreTheSame() {
        #expect(Fixture.changes(Fixture.scene([Fixture.text("t", "Hi", #""foregroundColor":null"#)]), Fixture.scene([Fixture.text("t", "Hi")])) == [])
    }

    /// A feed section's header icon set where it was `null` is an icon added (content, named
    /// by what it shows), not a style value "changed" from `null`; cleared, it is removed.
    @Test func aValueSetWhereItWasNullIsAdded() throws {
        let icon = ##"{"id":1,"type":"SYSTEM","imageText":"star.fill","color":"#FF9500"}"##
        func feed(_ header: String) -> String {
            #"[{"id":7,"title":"Picks","headerImageDTO":\#(header),"layoutTemplateDTO":{"type":"card_01"},"cellType":"card_image","buttonTypes":[],"data":[]}]"#
        }
        #expect(Fixture.changes(feed("null"), feed(icon)) == ["content added /0/headerImageDTO: headerImageDTO added"])
        #expect(Fixture.changes(feed(icon), feed("null")) == ["content removed /0/headerImageDTO: headerImageDTO removed"])
        let diff = RevisionDiff(old: MemoryRevision(["s.json": feed("null")]).revision, new: MemoryRevision(["s.json": feed(icon)]).revision)
        let change = try #require(diff.files.first?.changes.first)
        #expect(change.new == #"{"star.fill"}"# && change.old == nil && change.component == "7")
        #expect(change.counterpart?.description == "/0", "the section is outlined on the old side")
    }

    @Test func aMoveIsReportedAsAMoveNotARemovalAndAnAddition() {
        let a = Fixture.scene(["a", "b", "c", "d", "e"].map { Fixture.text($0, $0) })
        let b = Fixture.scene(["e", "a", "b", "c", "d"].map { Fixture.text($0, $0) })
        #expect(Fixture.changes(a, b) == ["structure moved /container/views/0: text e moved from position 5 to 1"])
    }

    /// Two elements that swap places are the two moved, not one of them and a bystander left
    /// where it was ("moved from position 2 to 2").
    @Test func aSwapMovesTheTwoElementsSwapped() {
        let a = Fixture.scene(["t0", "t1", "t2", "t3"].map { Fixture.text($0, $0) })
        let b = Fixture.scene(["t2", "t1", "t0", "t3"].map { Fixture.text($0, $0) })
        #expect(Fixture.changes(a, b) == ["structure moved /container/views/0: text t2 moved from position 3 to 1",
                                          "structure moved /container/views/2: text t0 moved from position 1 to 3"])
        let c = Fixture.scene(["x", "t0", "t1", "t2", "t3"].map { Fixture.text($0, $0) })
        let d = Fixture.scene(["x", "t3", "t1", "t2", "t0"].map { Fixture.text($0, $0) })
        #expect(Fixture.changes(c, d) == ["structure moved /container/views/1: text t3 moved from position 5 to 2",
                                          "structure moved /container/views/4: text t0 moved from position 2 to 5"])
        // An element added before the swap shifts every index, not what stayed.
        let e = Fixture.scene(["new", "t2", "t1", "t0", "t3"].map { Fixture.text($0, $0) })
        #expect(Fixture.changes(a, e) == ["structure added /container/views/0: text new added",
                                          "structure moved /container/views/1: text t2 moved from position 3 to 2",
                                          "structure moved /container/views/3: text t0 moved from position 1 to 4"])
    }

    /// colorSample1.json repeats a `scroll-trending` block; deleting the first is that one
    /// removed, not the second removed and the title between them moved.
    @Test func deletingTheFirstOfTwoRepeatedBlocksRemovesThatOne() {
        let block = Fixture.view("spacer", "trending")
        let a = Fixture.scene([Fixture.text("first", "First"), block, Fixture.text("second", "Second"), block])
        let b = Fixture.scene([Fixture.text("first", "First"), Fixture.text("second", "Second"), block])
        #expect(Fixture.changes(a, b) == ["structure removed /container/views/1: spacer trending removed"])
        let c = Fixture.scene([Fixture.text("first", "First"), block, Fixture.text("second", "Second")])
        #expect(Fixture.changes(a, c) == ["structure removed /container/views/3: spacer trending removed"])
        let d = Fixture.scene([block, Fixture.text("first", "First"), block, Fixture.text("second", "Second"), block])
        #expect(Fixture.changes(a, d) == ["structure added /container/views/0: spacer trending added"])
    }

    @Test func anInsertionIsOneAdditionAndDoesNotShiftTheRest() {
        let a = Fixture.scene(["a", "b"].map { Fixture.text($0, $0) })
        let b = Fixture.scene([Fixture.text("a", "a"), Fixture.view("spacer", "gap"), Fixture.text("b", "b changed")])
        #expect(Fixture.changes(a, b) == [
            "structure added /container/views/1: spacer gap added",
            "content changed /container/views/2/component/text: text changed",
        ])
    }

    @Test func classesFollowWhatChanged() {
        let a = Fixture.scene([Fixture.text("t", "Hi", ##""foregroundColor":"#FF0000","padding":[{"edge":"all","spacing":8}]"##), Fixture.view("image", "i", #""imageURL":"https://a.example/1.png""#)])
        let b = Fixture.scene([Fixture.text("t", "Hello", ##""foregroundColor":"#00FF00""##), Fixture.view("image", "i", #""imageURL":"https://a.example/2.png""#)])
        #expect(Fixture.changes(a, b) == [
            "content changed /container/views/0/component/text: text changed",
            "content changed /container/views/1/component/imageURL: imageURL changed",
            "style changed /container/views/0/component/foregroundColor: foregroundColor changed",
            "style removed /container/views/0/component/padding: padding removed",
        ])
    }

    /// A type change is breaking; the fields the two components share, and those one has
    /// alone, are compared as well: a text that became a button with a new text, colour and
    /// action showed only its type.
    @Test func aComponentWhoseTypeChangedIsBreakingAndItsFieldsAreCompared() {
        let a = Fixture.scene([Fixture.text("t", "Hi", ##""foregroundColor":"#000000""##)])
        let b = Fixture.scene([Fixture.view("button", "t", ##""text":"Delete account","foregroundColor":"#FF0000","action":{"type":"deeplink","destination":"app://delete"}"##)])
        #expect(Fixture.changes(a, b) == [
            "breaking changed /container/views/0/type: type changed",
            "content changed /container/views/0/component/text: text changed",
            "content added /container/views/0/component/action: action added",
            "style changed /container/views/0/component/foregroundColor: foregroundColor changed",
        ])
    }

    /// A type renamed to one the app does not know is one breaking change, not a type change and
    /// an error introduced at the same place.
    /// Only a view's type is another component; a stack's direction is structure, an action's
    /// type content, and a layout the app cannot draw is breaking through its error.
    @Test func typesThatAreNotAViewsAreClassedByWhatTheyChange() {
        let stack = { (type: String) in Fixture.scene([Fixture.view("container", "c", #""layout":{"type":"\#(type)","alignment":"top"},"views":[]"#)]) }
        #expect(Fixture.changes(stack("h"), stack("v")) == ["structure changed /container/views/0/component/layout/type: layout changed"])
        #expect(Fixture.changes(stack("h"), stack("grid")).first
                == #"breaking changed /container/views/0/component/layout/type: layout changed (the app cannot draw it: it shows "Layout Render Error")"#)
        let button = { (type: String) in Fixture.scene([Fixture.view("button", "b", #""text":"Go","action":{"type":"\#(type)","destination":"d"}"#)]) }
        #expect(Fixture.changes(button("push"), button("modal")) == ["content changed /container/views/0/component/action/type: type changed"])
    }

    @Test func aSceneThatBecomesAFeedIsOneBreakingChange() {
        let feed = #"[{"id":1,"title":"T","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"vertical","groupOrientation":"vertical"},"cellType":"card_image","buttonTypes":[],"data":[]}]"#
        #expect(Fixture.changes(Fixture.scene([Fixture.text("t", "Hi")]), feed)
                == ["breaking changed /: payload kind changed from scene to feed: the app reads each kind with its own decoder"])
    }

    @Test func aTypeChangedToAnUnknownOneIsOneChangeSayingBoth() {
        let a = Fixture.scene([Fixture.text("t", "Hi")])
        let b = Fixture.scene([Fixture.view("txet", "t", #""text":"Hi""#)])
        let changes = Fixture.changes(a, b)
        #expect(changes.count == 1)
        #expect(changes.first?.hasPrefix(#"breaking changed /container/views/0/type: type changed — error introduced: unknown component type "txet""#) == true)
    }

    /// An id's new value is a change of identity: structure, not style.
    @Test func anIdThatChangesIsAStructureChange() {
        let a = Fixture.scene([Fixture.text("t", "Hi")])
        let b = a.replacingOccurrences(of: #""componentId":"root""#, with: #""componentId":"home""#)
        #expect(a != b)
        #expect(Fixture.changes(a, b) == ["structure changed /container/componentId: componentId changed"])
    }

    @Test func anUnknownTypeIntroducedIsBreaking() {
        let a = Fixture.scene([Fixture.text("t", "Hi")])
        let b = Fixture.scene([Fixture.text("t", "Hi"), Fixture.view("carousel", "c")])
        let changes = Fixture.changes(a, b)
        #expect(changes.first?.hasPrefix("breaking changed /container/views/1/type: error introduced: unknown component type \"carousel\"") == true)
        #expect(changes.contains("structure added /container/views/1: carousel c added"))
    }

    /// The change says where the payload broke, with its position, once.
    @Test func aFileThatStopsDecodingIsOneBreakingChange() {
        let changes = Fixture.changes(Fixture.scene([Fixture.text("t", "Hi")]), #"{"container": [1,,2]}"#)
        #expect(changes == ["breaking changed /container/1: the payload no longer decodes: expected a value, found ','"])
        let diff = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", "Hi")])]).revision,
                                new: MemoryRevision(["s.json": #"{"container": [1,,2]}"#]).revision)
        #expect(diff.files.first?.changes.first?.newLocation == SourceLocation(line: 1, column: 18))
    }

    @Test func repeatedIdsFallBackToTheirOccurrence() {
        let a = Fixture.scene([Fixture.text("x", "one"), Fixture.text("x", "two")])
        let b = Fixture.scene([Fixture.text("x", "one"), Fixture.text("x", "two!"), Fixture.text("x", "three")])
        #expect(Fixture.changes(a, b) == [
            "structure added /container/views/2: text x added",
            "content changed /container/views/1/component/text: text changed",
        ])
        // Among elements of one id, one found as it was pairs with itself: deleting the middle
        // one of three removes that one, not the last with the middle one's text changed.
        let three = Fixture.scene(["One", "Two", "Three"].map { Fixture.text("row", $0) })
        let two = Fixture.scene(["One", "Three"].map { Fixture.text("row", $0) })
        #expect(Fixture.changes(three, two) == ["structure removed /container/views/1: text row removed"])
        #expect(Fixture.changes(two, three) == ["structure added /container/views/1: text row added"])
    }

    /// Elements of one id that only swap places moved; they are not edits of each other. One of
    /// them edited as well is a move and that edit.
    @Test func repeatedIdsThatSwapPlacesMove() {
        let rows = { (texts: [String]) in Fixture.scene(texts.map { Fixture.text("row", $0) }) }
        #expect(Fixture.changes(rows(["One", "Two", "Three"]), rows(["Three", "One", "Two"]))
            == ["structure moved /container/views/0: text row moved from position 3 to 1"])
        #expect(Fixture.changes(rows(["One", "Two"]), rows(["Two!", "One"])) == [
            "structure moved /container/views/0: text row moved from position 2 to 1",
            "content changed /container/views/0/component/text: text changed",
        ])
        // Alike elements cannot be told apart: they keep their order.
        #expect(Fixture.changes(rows(["Same", "Same", "Two"]), rows(["Two", "Same", "Same"]))
            == ["structure moved /container/views/0: text row moved from position 3 to 1"])
        // A copy put in front of the rows is the one added: the rows found as they were anchor the old one.
        #expect(Fixture.changes(rows(["A", "B", "C"]), rows(["C", "A", "B", "C"])) == ["structure added /container/views/0: text row added"])
        // Values without ids too: a list of campaigns reordered.
        let badge = { (list: String) in #"{"container":{"componentId":"root","layout":{"type":"v"},"views":[]},"campaigns":[\#(list)]}"# }
        #expect(Fixture.changes(badge(#""A","B""#), badge(#""B","A""#)).count == 1)
    }

    /// A feed of one section (the all-list response) become a list of sections is breaking:
    /// the app reads the two from different endpoints.
    @Test func aSectionBecomeAListOfSectionsIsBreaking() {
        let section = #"{"id":1,"title":"Camping","layoutTemplateDTO":{"layoutTemplate":"card_01"},"cellType":"card_image","buttonTypes":[],"data":[]}"#
        #expect(Fixture.changes(section, "[" + section + "]")
            == ["breaking changed /: the document changed from an object to an array: the app reads it from another endpoint"])
    }

    @Test func nestedContainersAreMatchedAtEveryLevel() {
        func box(_ id: String, _ views: [String]) -> String {
            Fixture.view("container", id, #""layout":{"type":"h","alignment":"top"},"views":[\#(views.joined(separator: ","))]"#)
        }
        let a = Fixture.scene([box("row", [Fixture.text("l", "L"), Fixture.text("r", "R")]), Fixture.text("after", "A")])
        let b = Fixture.scene([Fixture.text("after", "A"), box("row", [Fixture.text("r", "R"), Fixture.text("l", "L2")])])
        #expect(Fixture.changes(a, b) == [
            "structure moved /container/views/0: text after moved from position 2 to 1",
            "structure moved /container/views/1/component/views/0: text r moved from position 2 to 1",
            "content changed /container/views/1/component/views/1/component/text: text changed",
        ])
    }

    /// A view that leaves one container for another is one move, its own edits reported
    /// beside it; a feed item moved to another section too. A name that is not unique among
    /// the removed or the added stays a removal and an addition.
    @Test func aViewMovedToAnotherContainerIsAMoveWithItsEdits() {
        func box(_ id: String, _ views: [String]) -> String {
            Fixture.view("container", id, #""layout":{"type":"v","alignment":"leading"},"views":[\#(views.joined(separator: ","))]"#)
        }
        let a = Fixture.scene([box("c1", [Fixture.text("t1", "Hello"), Fixture.text("t2", "World")]), box("c2", [])])
        let b = Fixture.scene([box("c1", [Fixture.text("t1", "Hello")]), box("c2", [Fixture.text("t2", "World!")])])
        #expect(Fixture.changes(a, b) == [
            "structure moved /container/views/1/component/views/0: text t2 moved from `c1` to `c2`",
            "content changed /container/views/1/component/views/0/component/text: text changed",
        ])
        let retyped = Fixture.scene([box("c1", [Fixture.text("t1", "Hello")]), box("c2", [Fixture.view("rectangle", "t2")])])
        #expect(Fixture.changes(a, retyped).map { $0.prefix(17) } == ["structure removed", "structure added /"])
        let section = { (id: Int, items: [Int]) in
            #"{"id":\#(id),"title":"S","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image","buttonTypes":[],"data":[\#(items.map { #"{"id":\#($0),"url":"https://a.example/\#($0).png"}"# }.joined(separator: ","))]}"#
        }
        #expect(Fixture.changes("[" + section(1, [10, 11]) + "," + section(2, []) + "]", "[" + section(1, [10]) + "," + section(2, [11]) + "]")
                == ["structure moved /1/data/0: item 11 moved from section `1` to section `2`"])
    }

    /// A view whose id alone changed, where it was, is one change of its id (it was a removal
    /// and an addition); another view put in its place stays a removal and an addition.
    @Test func anIdChangedInPlaceIsOneChange() {
        let a = Fixture.scene([Fixture.text("t1", "Hello"), Fixture.text("t2", "World")])
        let b = Fixture.scene([Fixture.text("t1-renamed", "Hello"), Fixture.text("t2", "World")])
        #expect(Fixture.changes(a, b) == ["structure changed /container/views/0/component/componentId: componentId changed"])
        let replaced = Fixture.scene([Fixture.text("t9", "Other"), Fixture.text("t2", "World")])
        #expect(Fixture.changes(a, replaced).map { $0.prefix(17) } == ["structure removed", "structure added /"])
    }

    /// An element renamed where it was and edited too is its rename and its edits: a section's
    /// new id does not hide a price changed inside it, nor a container's a text edited in it.
    @Test func aRenamedElementKeepsItsEdits() {
        let section = { (id: Int, price: Int) in
            #"[{"id":\#(id),"title":"Restaurants","layoutTemplateDTO":{"layoutTemplate":"featured_01"},"cellType":"featured_01_info","buttonTypes":[],"data":[{"id":7,"name":"Burger House","minimumPrice":\#(price),"rating":4.5}]}]"#
        }
        #expect(Fixture.changes(section(4, 50), section(40, 75)) == [
            "structure changed /0/id: id changed",
            "content changed /0/data/0/minimumPrice: minimumPrice changed",
        ])
        let texts = (0..<4).map { Fixture.text("k\($0)", "K\($0)") }
        let card = { (id: String, views: [String]) in
            Fixture.scene([#"{"type":"container","component":{"componentId":"\#(id)","layout":{"type":"v"},"views":[\#(views.joined(separator: ","))]}}"#])
        }
        #expect(Fixture.changes(card("cardOld", texts), card("cardNew", texts.dropLast() + [Fixture.text("k3", "K3 edited")])) == [
            "structure changed /container/views/0/component/componentId: componentId changed",
            "content changed /container/views/0/component/views/3/component/text: text changed",
        ])
        // Another container put in its place, styled alike but holding other views, is another component.
        let banner = { (id: String, views: [String]) in
            Fixture.scene([#"{"type":"container","component":{"componentId":"\#(id)","layout":{"type":"v","alignment":"center"},"views":[\#(views.joined(separator: ","))],"#
                           + ##""backgroundColor":"#F2F2F7","cornerRadius":12,"padding":[{"edge":"all","spacing":16}]}}"##])
        }
        #expect(Fixture.changes(banner("promo", [Fixture.text("pt", "Summer sale"), Fixture.text("pb", "Shop")]),
                                banner("newsletter", [Fixture.text("nt", "Subscribe"), Fixture.text("nb", "Sign up")])) == [
            "structure removed /container/views/0: container promo removed",
            "structure added /container/views/0: container newsletter added",
        ])
    }

    /// An element that leaves a component which itself moved is its own move, not also removed
    /// from the component it left.
    @Test func anElementLeavingAMovedComponentIsOneMove() {
        let box = { (id: String, views: [String]) in Fixture.view("container", id, #""layout":{"type":"v","alignment":"leading"},"views":[\#(views.joined(separator: ","))]"#) }
        let a = Fixture.scene([box("c1", [Fixture.text("t1", "A"), Fixture.text("t2", "B")]), box("c2", [Fixture.text("t3", "C")])])
        let b = Fixture.scene([box("c2", [Fixture.text("t3", "C"), box("c1", [Fixture.text("t1", "A")])]), Fixture.text("t2", "B")])
        #expect(Fixture.changes(a, b) == [
            "structure moved /container/views/1: text t2 moved from `c1` to `root`",
            "structure moved /container/views/0/component/views/1: container c1 moved from `root` to `c2`",
        ])
    }

    /// A feed header icon's `id` names nothing the kit draws: its change is style, and says so.
    @Test func aHeaderIconsIdIsNoSectionId() {
        let feed = { (icon: Int) in
            ##"[{"id":2,"title":"T","headerImageDTO":{"id":\##(icon),"type":"SYSTEM","imageText":"tag","color":"#FF6000"},"##
                + #""layoutTemplateDTO":{"layoutTemplate":"card_01"},"cellType":"card_image","buttonTypes":[],"data":[]}]"#
        }
        #expect(Fixture.changes(feed(1), feed(7)) == ["style changed /0/headerImageDTO/id: id changed (the app ignores it: nothing drawn changes)"])
    }

    /// Pairing stays with its own kind and order: a section removed is not an item added with
    /// its id; an ignored id is no rename to report; a rename keeps its place among the changes.
    @Test func pairingsStayWithTheirKindAndOrder() {
        let section = { (id: Int, items: [Int]) in
            #"{"id":\#(id),"title":"S","layoutTemplateDTO":{"layoutTemplate":"card_01","scrollDirection":"horizontal","groupOrientation":"horizontal"},"cellType":"card_image","buttonTypes":[],"data":[\#(items.map { #"{"id":\#($0),"url":"https://a.example/\#($0).png"}"# }.joined(separator: ","))]}"#
        }
        let sectionGone = Fixture.changes("[" + section(1, []) + "," + section(3, []) + "]", "[" + section(1, [3]) + "]")
        #expect(sectionGone.contains { $0.hasPrefix("structure removed /1: section 3 removed") } && !sectionGone.contains { $0.contains(" moved ") },
                "\(sectionGone)")
        let a = Fixture.scene([Fixture.text("t1", "Hello"), Fixture.text("t2", "World")])
        let b = Fixture.scene([Fixture.text("t1-renamed", "Hello"), Fixture.text("t2", "World"), Fixture.text("t3", "New")])
        #expect(Fixture.changes(a, b, options: .init(ignore: [PathPattern("**/componentId")])) == ["structure added /container/views/2: text t3 added"])
        #expect(Fixture.changes(a, b) == [
            "structure changed /container/views/0/component/componentId: componentId changed",
            "structure added /container/views/2: text t3 added",
        ])
        // An item moved into a new section, or out of a section removed, is a move too; the
        // section's addition or removal stays.
        #expect(Fixture.changes("[" + section(1, [10, 11]) + "]", "[" + section(1, [10]) + "," + section(3, [11]) + "]") == [
            "structure added /1: section 3 added",
            "structure moved /1/data/0: item 11 moved from section `1` to section `3`",
        ])
        #expect(Fixture.changes("[" + section(1, [10]) + "," + section(3, [11]) + "]", "[" + section(1, [10, 11]) + "]") == [
            "structure removed /1: section 3 removed",
            "structure moved /0/data/1: item 11 moved from section `3` to section `1`",
        ])
        // An item moved to another section while the two sections swap places is still a move:
        // lists are told apart by what they were, not by where they are written.
        #expect(Fixture.changes("[" + section(1, [77]) + "," + section(2, []) + "]", "[" + section(2, [77]) + "," + section(1, []) + "]") == [
            "structure moved /0: section 2 moved from position 2 to 1",
            "structure moved /0/data/0: item 77 moved from section `1` to section `2`",
        ])
    }

    @Test func feedSectionsAndTheirItemsAreMatchedById() {
        func section(_ id: Int, _ items: [Int]) -> String {
            #"{"id":\#(id),"title":"S\#(id)","layoutTemplateDTO":{"layoutTemplate":"card_01"},"cellType":"card_image","data":[\#(items.map { #"{"id":\#($0),"url":"https://a.example/\#($0).png"}"# }.joined(separator: ","))]}"#
        }
        let a = "[" + [section(1, [1, 2, 3]), section(2, []), section(3, []), section(4, [])].joined(separator: ",") + "]"
        let b = "[" + [section(4, []), section(1, [3, 1, 2]), section(2, []), section(3, [])].joined(separator: ",") + "]"
        #expect(Fixture.changes(a, b) == [
            "structure moved /0: section 4 moved from position 4 to 1",
            "structure moved /1/data/0: item 3 moved from position 3 to 1",
        ])
    }

    /// What a restaurant card prints is content; a header's buttons are structure (dropping
    /// `alllist` removes a button and the all-list page).
    @Test func feedCardFactsAreContentAndHeaderButtonsStructure() {
        let a = #"[{"id":1,"buttonTypes":["View","alllist"],"data":[{"id":7,"name":"Cafe","minimumPrice":185,"rating":4.5}]}]"#
        let b = #"[{"id":1,"buttonTypes":["View"],"data":[{"id":7,"name":"Cafe","minimumPrice":150,"rating":4.5}]}]"#
        #expect(Fixture.changes(a, b).sorted() == [
            "content changed /0/data/0/minimumPrice: minimumPrice changed",
            "structure removed /0/buttonTypes/1: a buttonTypes value removed",
        ])
        // The Markdown names the section such a value belongs to, after it: "`1` a buttonTypes value" read as one name.
        let markdown = DiffMarkdownReport.render(RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": b]).revision))
        #expect(markdown.contains(#"- **structure** a buttonTypes value removed in section `1`: was `"alllist"`"#), "\(markdown)")
    }

    /// A value of a list is classed and named by its list: a campaign's text edited is content
    /// (`--fail-on content` catches it), named "campaignList item 1", not "0" and style. A
    /// section's cell type is structure.
    @Test func aListsValueIsClassedByItsList() {
        let card = { (campaign: String) in #"[{"id":1,"data":[{"id":7,"name":"Cafe","campaignList":["\#(campaign)","Free delivery"]}]}]"# }
        #expect(Fixture.changes(card("%20 Discount"), card("%50 Discount"))
            == ["content changed /0/data/0/campaignList/0: campaignList item 1 changed"])
        // Another cell type draws every item with other parts: structure.
        #expect(Fixture.changes(#"[{"id":1,"cellType":"card_image_title","data":[]}]"#, #"[{"id":1,"cellType":"card_image","data":[]}]"#)
            == ["structure changed /0/cellType: cellType changed"])
        // Directions are structure, as a stack's layout type is: a section's, a scroll's.
        #expect(Fixture.changes(#"[{"id":1,"layoutTemplateDTO":{"scrollDirection":"horizontal"},"data":[]}]"#,
                                #"[{"id":1,"layoutTemplateDTO":{"scrollDirection":"vertical"},"data":[]}]"#)
            == ["structure changed /0/layoutTemplateDTO/scrollDirection: scrollDirection changed"])
        let scroll = { (axis: String) in Fixture.scene([Fixture.view("scroll", "s", #""axis":"\#(axis)","showIndicator":false,"containerViews":\#(Fixture.text("t", "x"))"#)]) }
        #expect(Fixture.changes(scroll("h"), scroll("v")) == ["structure changed /container/views/0/component/axis: axis changed"])
        // Anything but "h" is vertical to the app: written another way, nothing drawn changes, so it is style.
        #expect(Fixture.changes(scroll("v"), scroll("vertical"))
                == [#"style changed /container/views/0/component/axis: axis changed (respelled: the app reads both as "v")"#])
        #expect(Fixture.changes(card("Caf\u{E9}"), card("Cafe\u{301}"))
            == ["content changed /0/data/0/campaignList/0: campaignList item 1 changed in Unicode normalisation only"])
        // A value moved in its list is of the list's class too (a badge reorder failed `--fail-on structure`), and shown.
        let badges = { (first: String, second: String) in #"[{"id":1,"data":[{"id":7,"name":"Cafe","campaignList":["\#(first)","\#(second)"]}]}]"# }
        let swapped = RevisionDiff(old: MemoryRevision(["s.json": badges("A", "B")]).revision, new: MemoryRevision(["s.json": badges("B", "A")]).revision)
        #expect(swapped.files.flatMap(\.changes).map { "\($0.changeClass.rawValue) \($0.message)" } == ["content a campaignList value moved from position 2 to 1"])
        #expect(DiffMarkdownReport.render(swapped).contains(#"- **content** a campaignList value moved from position 2 to 1 in item `7`: `"B"` (1:60 → 1:56) at `/0/data/0/campaignList/0`"#), "\(DiffMarkdownReport.render(swapped))")
        let padded = { (edges: [String]) in Fixture.scene([Fixture.text("t", "T", #""padding":[\#(edges.map { #"{"edge":"\#($0)","spacing":8}"# }.joined(separator: ","))]"#)]) }
        #expect(Fixture.changes(padded(["top", "leading"]), padded(["leading", "top"]))
            == ["style moved /container/views/0/component/padding/0: an object moved from position 2 to 1"])
    }

    /// A colour written another way that the app reads as the same is still a change of the
    /// payload, and says it draws the same: case, the app's `#fff` = `#000FFF`, a feed icon's tint.
    @Test func aRespelledColourSaysItDrawsTheSame() {
        func change(_ x: String, _ y: String) -> [String] {
            Fixture.changes(Fixture.scene([Fixture.text("t", "Hi", #""foregroundColor":"\#(x)""#)]),
                            Fixture.scene([Fixture.text("t", "Hi", #""foregroundColor":"\#(y)""#)]))
        }
        let same = "style changed /container/views/0/component/foregroundColor: foregroundColor changed (respelled: the app draws the same colour)"
        #expect(change("#1C1C1E", "#1c1c1e") == [same])
        #expect(change("#fff", "#000FFF") == [same])
        #expect(change("#FF0000", "#FF0001") == ["style changed /container/views/0/component/foregroundColor: foregroundColor changed"])
        #expect(change("red", "green") == ["style changed /container/views/0/component/foregroundColor: foregroundColor changed (the app reads neither colour: both draw black)"])
        #expect(change("red", "blue") == ["style changed /container/views/0/component/foregroundColor: foregroundColor changed"], "the app scans \"blue\" as #00000B")
        #expect(change("red", "#000000") == [same], "an unreadable colour draws black")
        let feed = { (color: String) in #"[{"id":1,"title":"T","headerImageDTO":{"id":1,"type":"SYSTEM","imageText":"tag","color":"\#(color)"},"layoutTemplateDTO":{"layoutTemplate":"card_01"},"cellType":"card_image","buttonTypes":[],"data":[]}]"# }
        #expect(Fixture.changes(feed("#FF6000"), feed("ff6000")) == ["style changed /0/headerImageDTO/color: color changed (respelled: the app draws the same colour)"])
    }

    /// An edit of a value the app reads past (an unknown key, a frame on a rounded rectangle)
    /// says that nothing drawn changes; a key the app reads does not.
    @Test func anEditTheAppIgnoresSaysSo() {
        let shape = { (width: Int, extra: String) in
            Fixture.scene([Fixture.view("roundedRectangle", "rr", #""cornerRadius":4,"frame":{"width":\#(width),"height":9}"#),
                           Fixture.text("u", "x", #""unknownKey":"\#(extra)""#)])
        }
        #expect(Fixture.changes(shape(10, "a"), shape(20, "b")) == [
            "style changed /container/views/0/component/frame/width: width changed (the app ignores it: nothing drawn changes)",
            "style changed /container/views/1/component/unknownKey: unknownKey changed (the app ignores it: nothing drawn changes)",
        ])
        let text = { (color: String) in Fixture.scene([Fixture.text("u", "x", #""foregroundColor":"\#(color)""#)]) }
        #expect(Fixture.changes(text("#FF0000"), text("#00FF00")) == ["style changed /container/views/0/component/foregroundColor: foregroundColor changed"])
    }

    /// More values the app reads past: an `extreamFrame`'s `alignment`, a z stack's `spacing`,
    /// a button's `text` when `customViews` is its label. The same keys where the app reads them
    /// are plain changes.
    @Test func moreEditsTheAppIgnoresSaySo() {
        let ignores = "(the app ignores it: nothing drawn changes)"
        let framed = { (alignment: String) in
            Fixture.scene([Fixture.text("t", "x", #""extreamFrame":{"maxWidth":"infinity","alignment":"\#(alignment)"}"#)])
        }
        #expect(Fixture.changes(framed("leading"), framed("trailing")) ==
                ["style changed /container/views/0/component/extreamFrame/alignment: alignment changed \(ignores)"])
        let stack = { (type: String, spacing: Int) in
            Fixture.scene([Fixture.view("container", "s", #""layout":{"type":"\#(type)","alignment":"center","spacing":\#(spacing)},"views":[]"#)])
        }
        #expect(Fixture.changes(stack("z", 4), stack("z", 8)) == ["style changed /container/views/0/component/layout/spacing: spacing changed \(ignores)"])
        #expect(Fixture.changes(stack("v", 4), stack("v", 8)) == ["style changed /container/views/0/component/layout/spacing: spacing changed"])
        let button = { (text: String, custom: Bool) in
            Fixture.scene([Fixture.view("button", "b", #""text":"\#(text)""# + (custom ? "," + #""customViews":\#(Fixture.text("l", "Label"))"# : ""))])
        }
        #expect(Fixture.changes(button("Buy", true), button("Purchase", true)) ==
                ["style changed /container/views/0/component/text: text changed \(ignores)"], "style: nothing drawn changes")
        #expect(Fixture.changes(button("Buy", false), button("Purchase", false)) == ["content changed /container/views/0/component/text: text changed"])
    }

    /// An alignment written another way that the app reads the same (`left` for `leading` in a
    /// v stack; two an h stack does not take, both centred) says so; one drawn otherwise does not.
    @Test func anAlignmentRespelledSaysSo() {
        let stack = { (type: String, alignment: String) in
            Fixture.scene([Fixture.view("container", "s", #""layout":{"type":"\#(type)","alignment":"\#(alignment)"},"views":[]"#)])
        }
        let pointer = "style changed /container/views/0/component/layout/alignment: alignment changed"
        #expect(Fixture.changes(stack("v", "left"), stack("v", "leading")) == [pointer + #" (respelled: the app reads both as "leading")"#])
        #expect(Fixture.changes(stack("v", "trailing"), stack("v", "right")) == [pointer + #" (respelled: the app reads both as "trailing")"#])
        #expect(Fixture.changes(stack("h", "left"), stack("h", "right")) == [pointer + #" (respelled: the app reads both as "center")"#])
        #expect(Fixture.changes(stack("z", "topTrailing"), stack("z", "center")) == [pointer + #" (respelled: the app reads both as "center")"#])
        #expect(Fixture.changes(stack("v", "left"), stack("v", "trailing")) == [pointer])
        #expect(Fixture.changes(stack("h", "left"), stack("h", "top")) == [pointer])
    }

    @Test func ignoredPointersAreNotReported() {
        let a = Fixture.scene([Fixture.text("t", "Hi", ##""foregroundColor":"#FF0000""##)])
        let b = Fixture.scene([Fixture.text("t", "Bye", ##""foregroundColor":"#00FF00""##)])
        let options = RevisionDiff.Options(ignore: [PathPattern("**/foregroundColor")])
        #expect(Fixture.changes(a, b, options: options) == ["content changed /container/views/0/component/text: text changed"])
        // What is left out is counted in a note, so a report never says "no changes" of a file that changed.
        let c = Fixture.scene([Fixture.text("t", "Hi", ##""foregroundColor":"#00FF00""##), Fixture.text("u", "New", ##""foregroundColor":"#0000FF""##)])
        let diff = RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": c]).revision, options: options)
        #expect(diff.notes.map(\.text) == ["1 difference is not listed: `--ignore` or `diff.ignore` matches where it is (in `s.json`)"])
        #expect(diff.files.flatMap(\.changes).map(\.message) == ["text u added"])
        let ignoringTexts = RevisionDiff.Options(ignore: [PathPattern("**/text"), PathPattern("**/foregroundColor")])
        #expect(RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": b]).revision, options: ignoringTexts).notes.map(\.text)
                == ["2 differences are not listed: `--ignore` or `diff.ignore` matches where they are (in `s.json`)"])
        // Inside an element renamed where it was, too.
        let renamed = Fixture.scene([Fixture.text("t2", "Hi", ##""foregroundColor":"#00FF00""##)])
        let inside = RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": renamed]).revision, options: options)
        #expect(inside.ignored == 1 && inside.files.flatMap(\.changes).map(\.message) == ["componentId changed"])
        // A rule matching a whole view counts the differences in it, not one per view.
        let views = RevisionDiff.Options(ignore: [PathPattern("/container/views/*")])
        #expect(RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": b]).revision, options: views).ignored == 2)
        // Elements paired by their ids, as the report pairs them: one view inserted first is one difference, not eight.
        let eight = (1...8).map { Fixture.text("t\($0)", "T\($0)") }
        let list = RevisionDiff.Options(ignore: [PathPattern("/container/views")])
        #expect(RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene(eight)]).revision,
                             new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t0", "T0")] + eight)]).revision, options: list).ignored == 1)
    }

    @Test func configuredIdentityKeysMatchElementsTheDefaultsCannot() {
        // A payload (JSON that is not one is not compared), with a list the app does not read.
        let scene = #"{"hasNavigationBar":false,"container":{"componentId":"root","layout":{"type":"v","alignment":"leading"},"views":[]},"#
        let a = scene + #""items":[{"sku":"a","price":1},{"sku":"b","price":2}]}"#
        let b = scene + #""items":[{"sku":"b","price":2},{"sku":"a","price":3}]}"#
        let options = RevisionDiff.Options(identity: IdentityRules(keys: [(PathPattern("items"), "sku")]))
        let changes = Fixture.changes(a, b, options: options).filter { !$0.hasPrefix("breaking") }
        #expect(changes == ["style moved /items/0: an object moved from position 2 to 1",
                            "style changed /items/1/price: price changed (the app ignores it: nothing drawn changes)"])
    }

    @Test func changesCarryOldAndNewLinesAndValues() throws {
        let a = "{\"hasNavigationBar\":false,\"container\":{\"componentId\":\"root\",\"layout\":{\"type\":\"v\",\"alignment\":\"leading\"},\n\"views\":[\n" + Fixture.text("t", "Hi") + "]}}"
        let b = "{\"hasNavigationBar\":false,\"container\":{\"componentId\":\"root\",\"layout\":{\"type\":\"v\",\"alignment\":\"leading\"},\n\"views\":[\n\n\n" + Fixture.text("t", "Hey") + "]}}"
        let diff = RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": b]).revision)
        let change = try #require(diff.files.first?.changes.first)
        #expect(change.old == "\"Hi\"" && change.new == "\"Hey\"")
        #expect(change.oldLine == 3 && change.newLine == 5)
        #expect(change.component == "t")
    }

    @Test func anAddedOrRemovedPropertyNamesItsComponentOnTheOtherSide() throws {
        let a = Fixture.scene([Fixture.text("x", "X"), Fixture.text("t", "T", #""cornerRadius":4"#)])
        let b = Fixture.scene([Fixture.text("t", "T", #""padding":[]"#)])
        let diff = RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": b]).revision)
        let changes = try #require(diff.files.first?.changes)
        let added = try #require(changes.first { $0.message == "padding added" })
        #expect(added.pointer?.description == "/container/views/0/component/padding" && added.counterpart?.description == "/container/views/1/component")
        let removed = try #require(changes.first { $0.message == "cornerRadius removed" })
        #expect(removed.oldPointer?.description == "/container/views/1/component/cornerRadius" && removed.counterpart?.description == "/container/views/0/component")
    }

    @Test func invisibleAndNormalisationDifferencesAreShownNotHidden() throws {
        let zeroWidth = Fixture.changes(Fixture.scene([Fixture.text("t", "Pay")]), Fixture.scene([Fixture.text("t", "P\u{200B}ay")]))
        #expect(zeroWidth == ["content changed /container/views/0/component/text: text changed"])
        let diff = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", "Pay")])]).revision,
                                new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", "P\u{200B}a\u{202E}y")])]).revision)
        #expect(diff.files.first?.changes.first?.new == #""P\u200Ba\u202Ey""#)
        let nfd = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", "Caf\u{E9}")])]).revision,
                               new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", "Cafe\u{301}")])]).revision)
        let change = try #require(nfd.files.first?.changes.first)
        #expect(change.message == "text changed in Unicode normalisation only")
        #expect(change.old == #""Caf\u00E9""# && change.new == #""Cafe\u0301""#)
    }

    /// `old` and `new` are JSON text (README): every string a JSON parser reads back as it was,
    /// beyond the BMP too; an emoji keeps its selector and joiners, a bare one is shown.
    @Test func changedStringsAreJSONText() throws {
        let strings = ["🏕\u{FE0F} glamping", "👩\u{200D}👩\u{200D}👧", "A\u{FE0F}", "x\u{E0001}y", "tab\there \"q\" \\"]
        let diff = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene(strings.enumerated().map { Fixture.text("t\($0.offset)", "old") })]).revision,
                                new: MemoryRevision(["s.json": Fixture.scene(try strings.enumerated().map { try Fixture.text("t\($0.offset)", jsonInside($0.element)) })]).revision)
        let shown = try #require(diff.files.first?.changes).map { $0.new ?? "" }
        #expect(shown.count == strings.count)
        for (text, string) in zip(shown, strings) {
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String
            #expect(parsed == string, "\(text)")
        }
        #expect(shown[0] == "\"🏕\u{FE0F} glamping\"" && shown[1] == "\"👩\u{200D}👩\u{200D}👧\"")
        #expect(shown[2] == #""A\uFE0F""# && shown[3] == #""x\uDB40\uDC01y""#)
    }

    /// A long text changed near its end (a date in terms and conditions) shows the change: both
    /// sides start a little before it, instead of both showing the same first 120 characters.
    @Test func aLongTextShowsWhereItChanged() throws {
        let terms = "Terms and conditions apply to all orders placed through the app during the campaign period, see the full list on our website. Offer valid until 31 March."
        let diff = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([Fixture.text("terms", terms)])]).revision,
                                new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("terms", terms.replacingOccurrences(of: "31", with: "13"))])]).revision)
        let change = try #require(diff.files.first?.changes.first)
        #expect(change.old == #""…full list on our website. Offer valid until 31 March.""#)
        #expect(change.new == #""…full list on our website. Offer valid until 13 March.""#)
        // A change in the first characters keeps the usual cut.
        let early = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([Fixture.text("terms", terms)])]).revision,
                                 new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("terms", "Some " + terms)])]).revision)
        #expect(try #require(early.files.first?.changes.first?.new) == "\"Some " + terms.prefix(115) + "…\"")
        // A text short enough to show whole is shown whole, wherever it changed.
        let short = String(repeating: "x", count: 95)
        let whole = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([Fixture.text("a", short + "AAAAA")])]).revision,
                                 new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("a", short + "BBBBB")])]).revision)
        #expect(try #require(whole.files.first?.changes.first?.old) == "\"" + short + "AAAAA\"")
    }

    /// What `visible` keeps as part of an emoji is only that: tags after something other than a
    /// black flag, or a joiner not between two emoji, are shown; a change in the parts alone
    /// shows every scalar, so old and new never look the same; a normalisation-only change of a
    /// string with quotes is JSON too.
    @Test func emojiPartsHideNothing() throws {
        #expect(TreeDiff.visible("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}") == "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}")
        #expect(TreeDiff.visible("😀\u{E0041}") == #"😀\uDB40\uDC41"#)
        #expect(TreeDiff.visible("👩\u{200D}a") == #"👩\u200Da"#)
        #expect(TreeDiff.visible("a\u{00A0}b\u{2009}c d") == #"a\u00A0b\u2009c d"#, "a no-break or thin space looks like a space")
        let glue = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", "👍")])]).revision,
                                new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", "👍\u{FE0F}")])]).revision)
        let change = try #require(glue.files.first?.changes.first)
        #expect(change.old == #""\uD83D\uDC4D""# && change.new == #""\uD83D\uDC4D\uFE0F""#)
        let quoted = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", #"Caf\u00e9 \"x\""#)])]).revision,
                                  new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", #"Cafe\u0301 \"x\""#)])]).revision)
        let normalised = try #require(quoted.files.first?.changes.first)
        for text in [normalised.old, normalised.new] {
            #expect(try JSONSerialization.jsonObject(with: Data((text ?? "").utf8), options: .fragmentsAllowed) is String, "\(text ?? "")")
        }
    }

    /// A string as it goes between a JSON string's quotes.
    func jsonInside(_ string: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: string, options: .fragmentsAllowed), as: UTF8.self).dropFirst().dropLast().description
    }

    /// J05: both ways, the report says where the broken side broke, and marks its line.
    @Test func aPayloadThatDecodesAgainIsReported() {
        let changes = Fixture.changes(#"{"container": "#, Fixture.scene([Fixture.text("t", "Hi")]))
        #expect(changes.count == 1 && changes[0].hasPrefix("structure changed /: the payload decodes again (it could not be read before: "), "\(changes)")
        let diff = RevisionDiff(old: MemoryRevision(["s.json": "{\n\"container\": ["]).revision,
                                new: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", "Hi")])]).revision)
        #expect(diff.files.first?.changes.first?.oldLocation == SourceLocation(line: 2, column: 15))
        // At the error's pointer on the old side, as a file that breaks is at its error on the new side.
        #expect(diff.files.first?.changes.first?.oldPointer == .root.appending("container") && diff.files.first?.changes.first?.pointer == nil)
    }

    @Test func aBinaryFileIsAnEntryNotACrash() {
        let diff = RevisionDiff(old: MemoryRevision(["s.json": Fixture.scene([Fixture.text("t", "Hi")])]).revision,
                                new: MemoryRevision(files: ["s.json": [0xFF, 0xFE, 0x00, 0x89, 0x50, 0x4E, 0x47]]).revision)
        #expect(diff.files.first?.changes.map(\.changeClass) == [.breaking])
    }

    /// Elements without ids share one identity; 20,000 of them are aligned in a band of the
    /// table (the whole table took 3.2 GB), or in order when even the band is too wide.
    @Test func longArraysWithoutIdsAlignInBoundedMemory() {
        let old = "[" + Array(repeating: #"{"v":1}"#, count: 20_000).joined(separator: ",") + "]"
        var edited = Array(repeating: #"{"v":1}"#, count: 20_000)
        edited[7_000] = #"{"v":2}"#
        edited.remove(at: 100)
        let one = RevisionDiff(old: MemoryRevision(["s.json": old]).revision, new: MemoryRevision(["s.json": "[" + edited.joined(separator: ",") + "]"]).revision)
        // (An array of objects is a feed of broken sections: their errors are one breaking change.)
        let edits = one.files.first?.changes.filter { $0.changeClass != .breaking } ?? []
        #expect(edits.map(\.message) == ["an object removed", "v changed (the app ignores it: nothing drawn changes)"]
                && edits.map(\.oldPointer?.description) == ["/19999", "/6999/v"])
        let half = "[" + Array(repeating: #"{"v":1}"#, count: 10_000).joined(separator: ",") + "]"
        let removed = RevisionDiff(old: MemoryRevision(["s.json": old]).revision, new: MemoryRevision(["s.json": half]).revision)
        let removals = removed.files.first?.changes.filter { $0.changeClass != .breaking } ?? []
        #expect(removals.count == 10_000 && removals.allSatisfy { $0.kind == .removed } && removals.contains { $0.oldPointer?.description == "/19999" })
    }

    @Test func aHugeRewriteFinishes() {
        // A structural diff is linear in the tree: 100,000 elements rewritten is one pass, not N·D.
        let old = "[" + (0..<100_000).map { #"{"id":\#($0),"v":1}"# }.joined(separator: ",") + "]"
        let new = "[" + (0..<100_000).reversed().map { #"{"id":\#($0),"v":2}"# }.joined(separator: ",") + "]"
        let diff = RevisionDiff(old: MemoryRevision(["s.json": old]).revision, new: MemoryRevision(["s.json": new]).revision)
        #expect(diff.files.first.map { $0.count(.style) } == 100_000)
    }
}
