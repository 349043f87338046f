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
        let photo = ViewNode(.image(.init(.remote("https://x.example/p.jpg"))), source: Self.source)
        let overPhoto = Self.stack(.overlay, [photo, Self.text("caption", [.foreground(Self.ink)])])
        let risk = try #require(SchemeContrast.darkModeRisk(Self.stack(.vertical, [greyText, onCard, overPhoto, heading])))
        #expect(risk.texts == 1 && risk.first.pointer.description == "/heading", "a layer over a photo lies on what cannot be known")
    }

    /// A designer's review: the note counted 3 unreadable texts where 6 were, the size chips'
    /// labels drawn over a stroked outline in a z-stack. A layer lies on what the layers under it
    /// paint: an outline, a text or a spacer paint no ground; a filled shape paints its colour.
    @Test func aZStacksLayersLieOnWhatTheLayersUnderThemPaint() throws {
        let outline = ViewNode(.shape(.roundedRectangle(cornerRadius: 8, stroke: .init(color: Self.grey, lineWidth: 1))), source: Self.source)
        let chip = Self.stack(.overlay, [outline, Self.text("chip", [.foreground(Self.ink)])])
        let texts = Self.stack(.overlay, [Self.text("under"), Self.text("upper", [.foreground(Self.ink)])])
        let filled = ViewNode(.shape(.rectangle), modifiers: [.foreground(Self.white)], source: Self.source)
        let onFill = Self.stack(.overlay, [filled, Self.text("on-fill")])
        let small = ViewNode(.shape(.rectangle), modifiers: [.foreground(Self.white), .frame(width: 10, height: 10)], source: Self.source)
        let onSmall = Self.stack(.overlay, [small, Self.text("beside-small"), Self.text("dark-beside-small", [.foreground(Self.ink)])])
        let risk = try #require(SchemeContrast.darkModeRisk(Self.stack(.vertical, [chip, texts, onFill, onSmall])))
        #expect(risk.texts == 3 && risk.first.pointer.description == "/chip", "chip, upper and on-fill; a small fill leaves the ground unknown")
    }

    @Test func darkBackgroundsLayersOverlaysAndButtonsAreNot() {
        let dark = Self.stack(.vertical, [Self.text("on-navy")], [.background(Self.navy)])
        let layered = Self.stack(.overlay, [Self.text("bottom-layer-counts-not"), Self.text("upper")], [.background(Self.white)])
        let button = ViewNode(.button(.init(title: "Buy", label: Self.text("label"), action: nil)), modifiers: [.background(Self.white)], source: Self.source)
        let overlaid = Self.text("base", [.foreground(Self.red), .background(Self.white), .overlay(Self.text("badge"))])
        let seeThrough = Self.stack(.vertical, [Self.text("x")], [.background(RGBAColor(red: 255, green: 255, blue: 255, alpha: 100))])
        let risk = SchemeContrast.darkModeRisk(Self.stack(.vertical, [dark, button, overlaid, seeThrough, layered]))
        #expect(risk?.texts == 2 && risk?.first.pointer.description == "/bottom-layer-counts-not", "both layers lie on the stack's white")
        let plain = ViewNode(.button(.init(title: "Buy", label: Self.text("plain-label"), action: nil, style: .plain)),
                             modifiers: [.background(Self.white)], source: Self.source)
        #expect(SchemeContrast.darkModeRisk(plain)?.texts == 1, "a plain button draws its label in the current colour")
    }
}
