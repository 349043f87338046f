import Foundation
import Testing

/// Names in payloads and docs that point outside the input never bring a file into the site
/// (bad-inputs.md E14, G06).
@Suite struct OutsideReferenceTests {
    static let secret = "CANARY-CONTENT-7f3a"

    @Test func assetNamesThatLeaveTheAssetsFolderArePlaceholdersAndNothingIsCopied() throws {
        let folder = try TemporaryFolder()
        try folder.write("CANARY", Self.secret)
        try folder.write("CANARY.png", Self.secret)
        try folder.write("in/assets/logo.png", "PNG")
        let views = ["../../../../CANARY", "../CANARY.png", "/abs/path.png", "a\\u0000.png", "logo"].enumerated().map { index, name in
            #"{"type":"image","component":{"componentId":"i\#(index)","imageURL":"\#(name)","frame":{"width":10,"height":10}}}"#
        }
        try folder.write("in/a.json", #"{"hasNavigationBar":false,"container":{"componentId":"root","layout":{"type":"v","alignment":"center"},"views":[\#(views.joined(separator: ","))]}}"#)
        let run = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url)
        #expect(run.status == 0)
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("asset name is not a plain name; it is looked up only inside assets/") }
        #expect(warnings.map { $0.split(separator: "(at ").last.map(String.init) } == (0..<4).map { "/container/views/\($0)/component/imageURL)" })
        let files = folder.files(under: "out")
        #expect(files.keys.filter { $0.contains("CANARY") || $0.hasPrefix("abs") }.isEmpty)
        #expect(files.values.allSatisfy { !String(decoding: $0, as: UTF8.self).contains(Self.secret) })
        #expect(files["assets/logo.png"] == Data("PNG".utf8))
        // The standalone page has the render without the JSON source, where the names do appear.
        let render = String(decoding: files["screens/a.frame.html"] ?? Data(), as: UTF8.self)
        #expect(render.components(separatedBy: "<img ").count == 2)
        #expect(render.contains(#"<img src="../assets/logo.png""#))
        #expect(!render.contains("CANARY") && !render.contains("/abs/path.png"))
    }

    @Test func aDocImageOutsideTheInputStaysARelativeSourceAndIsNotCopied() throws {
        let folder = try TemporaryFolder()
        try folder.write("CANARY", Self.secret)
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/docs/guide.md", "# Guide\n\n![x](../../../../CANARY)\n")
        let run = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        #expect(run.status == 0)
        let files = folder.files(under: "out")
        #expect(files.keys.filter { $0.contains("CANARY") }.isEmpty)
        #expect(files.values.allSatisfy { !String(decoding: $0, as: UTF8.self).contains(Self.secret) })
        let doc = files.first { $0.key.hasPrefix("docs/") && $0.key.hasSuffix(".html") }.map { String(decoding: $0.value, as: UTF8.self) } ?? ""
        #expect(doc.contains(#"<img src="../../../../CANARY" alt="x""#))
    }
}
