import Foundation
import Testing
@testable import VitrineCore

/// Issue #2 asks of the bundled demo: at least 12 scenes that together use every component,
/// every modifier and every alignment value of every stack kind (formats.md §1.2–1.4), nested
/// scrolls, overlays and custom components, beside the two real samples. Read from the
/// payloads' JSON, so a demo edit that drops one fails here.
@Suite struct DemoSiteCoverageTests {
    /// What the demo's scenes use, gathered from their JSON.
    struct Usage {
        var scenes = 0
        var types: Set<String> = []
        var modifiers: Set<String> = []
        /// `h:top`, `z:bottomTrailing`, …
        var alignments: Set<String> = []
        var nestedScrolls = 0
    }

    static let usage: Usage = {
        var usage = Usage()
        let listing = DirectoryWalker(root: Repository.path("Site")).list()
        for payload in listing.payloads {
            guard let bytes = try? FileReader(root: Repository.path("Site")).read(payload),
                  let root = JSONReader.read(bytes).root, root["container"] != nil else { continue }
            usage.scenes += 1
            visit(component: root["container"]!, type: "container", scrolls: 0, into: &usage)
        }
        return usage
    }()

    /// Records a component of `type` and walks the views it holds.
    static func visit(component: JSONValue, type: String, scrolls: Int, into usage: inout Usage) {
        usage.types.insert(type)
        if scrolls > 1 { usage.nestedScrolls += 1 }
        guard case .object(let members) = component.kind else { return }
        for member in members where modifiers.contains(member.key) { usage.modifiers.insert(member.key) }
        if type == "container", let layout = component["layout"], case .string(let kind)? = layout["type"]?.kind,
           case .string(let alignment)? = layout["alignment"]?.kind {
            usage.alignments.insert(kind + ":" + alignment)
        }
        var views: [JSONValue] = []
        if case .array(let list)? = component["views"]?.kind { views += list }
        for key in ["overlay", "customViews", "containerViews"] { if let view = component[key] { views.append(view) } }
        for view in views {
            guard case .string(let inner)? = view["type"]?.kind, let body = view["component"] else { continue }
            visit(component: body, type: inner, scrolls: scrolls + (inner == "scroll" ? 1 : 0), into: &usage)
        }
    }

    static let modifiers: Set = ["padding", "frame", "extreamFrame", "foregroundColor", "backgroundColor", "cornerRadius", "overlay"]

    @Test func theDemoHasTwelveScenesUsingEveryComponentAndModifier() {
        #expect(Self.usage.scenes >= 12, "\(Self.usage.scenes) scenes")
        let types: Set = ["text", "button", "image", "spacer", "rectangle", "roundedRectangle", "scroll", "container", "custom"]
        #expect(types.subtracting(Self.usage.types).sorted() == [], "component types no scene uses")
        #expect(Self.modifiers.subtracting(Self.usage.modifiers).sorted() == [], "modifiers no scene uses")
        #expect(Self.usage.nestedScrolls > 0, "no scroll inside another")
    }

    @Test func theDemoUsesEveryAlignmentOfEveryStackKind() {
        let accepted: [String: [String]] = [
            "h": ["top", "center", "bottom"], "lh": ["top", "center", "bottom"],
            "v": ["leading", "left", "center", "trailing", "right"], "lv": ["leading", "left", "center", "trailing", "right"],
            "z": ["topLeading", "top", "leading", "center", "trailing", "bottomLeading", "bottom", "bottomTrailing"],
        ]
        var expected: Set<String> = []
        for (kind, values) in accepted { for value in values { expected.insert(kind + ":" + value) } }
        #expect(expected.subtracting(Self.usage.alignments).sorted() == [], "alignments no stack of the demo uses")
    }

    /// The two real samples of k-sdui-ios, kept under their own names.
    @Test func theDemoHoldsTheTwoRealSamples() throws {
        for name in ["colorSample1", "colorSample2"] {
            let bytes = try FileReader(root: Repository.path("Site")).read("payloads/samples/\(name).json")
            #expect(JSONReader.read(bytes).root?["container"] != nil, "\(name) is a scene")
        }
    }
}
