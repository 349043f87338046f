@testable import VitrineCore

/// Decodes scene JSON the way a build does, for tree-dump and diagnostic assertions.
enum SceneFixture {
    /// A scene whose root container holds `views` (JSON array elements, comma-separated).
    static func scene(_ views: String, layout: String = #"{"type":"v","alignment":"leading"}"#) -> String {
        #"{"hasNavigationBar":false,"container":{"componentId":"root","layout":\#(layout),"views":[\#(views)]}}"#
    }

    /// The decoded screen and its diagnostics formatted `line:col: severity: message (at pointer)`.
    static func decode(_ json: String, file: String = "t.json") -> (screen: DecodedScreen?, messages: [String]) {
        let result = PayloadDecoder().decode(file, bytes: Array(json.utf8))
        return (result.screen, result.diagnostics.map(format))
    }

    /// The tree dump of the decoded screen.
    static func dump(_ json: String) -> String {
        guard let screen = decode(json).screen else { return "<no screen>" }
        return TreeDump.text(of: screen.root, in: text(json))
    }

    /// The source text of a payload, to locate the offsets of its tree.
    static func text(_ json: String) -> SourceText {
        JSONReader.read(Array(json.utf8)).text
    }

    static func format(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location.map { "\($0): " } ?? ""
        let pointer = diagnostic.pointer.map { " (at \($0))" } ?? ""
        return "\(location)\(diagnostic.severity.rawValue): \(diagnostic.message)\(pointer)"
    }
}
