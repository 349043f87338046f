import Testing
@testable import VitrineCore

/// Texts left in the system's colour on a light background the payload fixes turn white in dark
/// mode and cannot be read: the screen page says how many, and which comes first.
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

    @Test func untintedTextsOnFixedLightBackgroundsAreCounted() throws {
        let card = Self.stack(.vertical, [Self.text("name"), Self.text("price", [.foreground(Self.red)]),
                                          Self.stack(.vertical, [Self.text("inherited")], [.foreground(Self.red)])], [.background(Self.white)])
        let risk = try #require(SchemeContrast.darkModeRisk(Self.stack(.vertical, [Self.text("outside"), card, Self.text("own", [.background(Self.grey)])])))
        #expect(risk.texts == 2 && risk.first.pointer.description == "/name", "name and own; outside is on the system's background")
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
