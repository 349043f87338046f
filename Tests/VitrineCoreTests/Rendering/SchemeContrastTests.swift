import Testing
@testable import VitrineCore

/// Texts left in the system's colour on a light background the payload fixes turn white in dark
/// mode, and dark colours the payload fixes stay on the system's background, which turns black:
/// neither can be read. The screen page says how many, and which comes first.
@Suite struct SchemeContrastTests {
    static let source = SourceRef(pointer: .root, offset: 0)
    static func text(_ id: String, _ modifiers: [Modifier] = []) -> ViewNode {
        ViewNode(.text(.init(id)), modifiers: modifiers, id: id, source: SourceRef(pointer: JSONPointer.root.appending(id), offset: 0), component: "text")
    }
    static func stack(_ axis: StackAxis, _ children: [ViewNode], _ modifiers: [Modifier] = []) -> ViewNode {
        ViewNode(.stack(.init(axis: axis, spacing: nil, alignment: .center, children: children)), modifiers: modifiers, source: source)
    }
    static let white = RGBAColor(red: 255, green: 255, blue: 255), grey = RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF7)
    static let navy = RGBAColor(red: 0x1A, green: 0x1F, blue: 0x71), red = RGBAColor(red: 255, green: 0, blue: 0)
    static let ink = RGBAColor(red: 0x1C, green: 0x1C, blue: 0x1E), secondary = RGBAColor(red: 0x6E, green: 0x6E, blue: 0x73)

    @Test func untintedTextsOnFixedLightBackgroundsAreCounted() throws {
        let card = Self.stack(.vertical, [Self.text("name"), Self.text("price", [.foreground(Self.red)]),
                                          Self.stack(.vertical, [Self.text("inherited")], [.foreground(Self.red)])], [.background(Self.white)])
        let risk = try #require(SchemeContrast.darkModeRisk(Self.stack(.vertical, [Self.text("outside"), card, Self.text("own", [.background(Self.grey)])])))
        #expect(risk.texts == 2 && risk.first.pointer.description == "/name", "name and own; outside is on the system's background")
    }

    @Test func darkFixedColoursOnTheSystemBackgroundAreCounted() throws {
        let heading = Self.text("heading", [.foreground(Self.ink)])
        let onCard = Self.stack(.vertical, [Self.text("on-card", [.foreground(Self.ink)])], [.background(Self.white)])
        let greyText = Self.text("grey", [.foreground(Self.secondary)])  // 4.1 : 1 on black: readable
        let layered = Self.stack(.overlay, [Self.text("under"), Self.text("upper", [.foreground(Self.ink)])])
        let risk = try #require(SchemeContrast.darkModeRisk(Self.stack(.vertical, [greyText, onCard, layered, heading])))
        #expect(risk.texts == 1 && risk.first.pointer.description == "/heading", "a z-stack's upper layer lies on what cannot be known")
    }

    @Test func darkBackgroundsLayersOverlaysAndButtonsAreNot() {
        let dark = Self.stack(.vertical, [Self.text("on-navy")], [.background(Self.navy)])
        let layered = Self.stack(.overlay, [Self.text("bottom-layer-counts-not"), Self.text("upper")], [.background(Self.white)])
        let button = ViewNode(.button(.init(title: "Buy", label: Self.text("label"), action: nil)), modifiers: [.background(Self.white)], source: Self.source)
        let overlaid = Self.text("base", [.foreground(Self.red), .background(Self.white), .overlay(Self.text("badge"))])
        let seeThrough = Self.stack(.vertical, [Self.text("x")], [.background(RGBAColor(red: 255, green: 255, blue: 255, alpha: 100))])
        let risk = SchemeContrast.darkModeRisk(Self.stack(.vertical, [dark, button, overlaid, seeThrough, layered]))
        #expect(risk?.texts == 1 && risk?.first.pointer.description == "/bottom-layer-counts-not")
        let plain = ViewNode(.button(.init(title: "Buy", label: Self.text("plain-label"), action: nil, style: .plain)),
                             modifiers: [.background(Self.white)], source: Self.source)
        #expect(SchemeContrast.darkModeRisk(plain)?.texts == 1, "a plain button draws its label in the current colour")
    }
}
