import Foundation
import Testing
@testable import VitrineCore

/// A minified payload is shown laid out, a value to a line, with every line mapped back to the
/// file; a file as people write it, or one that does not parse, is shown as it is.
@Suite struct SourceLayoutTests {
    static let minified = #"{"hasNavigationBar":true,"container":{"componentId":"main","layout":{"type":"v"},"views":[{"type":"text","component":{"componentId":"t1","text":"a, \"b\": {c}","padding":[],"frame":{}}},{"type":"spacer","component":{"componentId":"s1"}}]}}"#
        + String(repeating: " ", count: 200)

    static func layout(_ text: String, parsed: Bool = true) -> SourceLayout {
        SourceLayout(SourceText(bytes: Array(text.utf8)), parsed: parsed)
    }

    @Test func aMinifiedFileIsLaidOutAValueToALine() throws {
        let layout = Self.layout(Self.minified)
        #expect(layout.isLaidOut)
        #expect(String(decoding: layout.shown, as: UTF8.self) == """
            {
              "hasNavigationBar": true,
              "container": {
                "componentId": "main",
                "layout": {
                  "type": "v"
                },
                "views": [
                  {
                    "type": "text",
                    "component": {
                      "componentId": "t1",
                      "text": "a, \\"b\\": {c}",
                      "padding": [],
                      "frame": {}
                    }
                  },
                  {
                    "type": "spacer",
                    "component": {
                      "componentId": "s1"
                    }
                  }
                ]
              }
            }
            """)
        // Only whitespace between tokens changed: the same JSON.
        let before = try JSONSerialization.jsonObject(with: Data(Self.minified.utf8)) as? NSDictionary
        let after = try JSONSerialization.jsonObject(with: Data(layout.shown)) as? NSDictionary
        #expect(before == after)
    }

    /// Each file offset maps to the shown line its token is on; a diagnostic's line:column too.
    @Test func offsetsAndPositionsMapToTheLinesShown() throws {
        let layout = Self.layout(Self.minified)
        let bytes = Array(Self.minified.utf8)
        func offset(of token: String) throws -> Int {
            let range = try #require(Self.minified.range(of: token))
            return Self.minified.utf8.distance(from: Self.minified.startIndex, to: range.lowerBound)
        }
        #expect(layout.line(of: 0) == 1)
        #expect(try layout.line(of: offset(of: #""componentId":"t1""#)) == 12)
        #expect(try layout.line(of: offset(of: #""padding""#) + 10) == 14, "inside `[]`")
        #expect(try layout.line(of: offset(of: #"{"componentId":"s1"}"#)) == 20, "an object's `{` is on its key's line")
        #expect(layout.line(of: bytes.count) == 26)
        let position = layout.text.location(of: try offset(of: #""spacer""#))
        #expect(position.line == 1 && layout.line(of: position) == 19)
    }

    /// Nesting past `maxIndent` levels is not indented further, and a copy that would pass the
    /// size the page shows is not made.
    @Test func deepOrHugeFilesStayBounded() {
        let deep = String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100) + String(repeating: " ", count: 400)
        let layout = Self.layout(deep)
        let widest = layout.shown.split(separator: UInt8(ascii: "\n")).map { line in line.prefix { $0 == UInt8(ascii: " ") }.count }.max()
        #expect(layout.isLaidOut && widest == 2 * SourceLayout.maxIndent)
        let huge = "[" + Array(repeating: "[[[[1]]]]", count: 100_000).joined(separator: ",") + "]"
        #expect(huge.utf8.count < SourceHighlighter.maxBytes && !Self.layout(huge).isLaidOut, "its laid-out copy would pass 1 MiB")
    }

    @Test(arguments: [
        ("written a value to a line", "{\n  \"container\": {\n    \"views\": []\n  }\n}\n" + String(repeating: " ", count: 400), true),
        ("too short to matter", #"{"a":[1,2,3]}"#, true),
        ("does not parse", String(Self.minified.dropLast(201)) + String(repeating: " ", count: 200), false),
        ("written a value to a line with CR", "{\r  \"container\": {\r    \"views\": []\r  }\r}\r" + String(repeating: " ", count: 400), true),
    ])
    func otherFilesAreShownAsTheyAre(_ name: String, _ text: String, _ parsed: Bool) {
        let layout = Self.layout(text, parsed: parsed)
        #expect(!layout.isLaidOut, "\(name)")
        #expect(layout.shown == Array(text.utf8), "\(name)")
        #expect(layout.line(of: text.utf8.count) == layout.text.line(of: text.utf8.count), "\(name)")
    }
}
