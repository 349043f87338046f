import Testing
@testable import VitrineCore

/// A file's diagnostics are capped, and what is left out is counted, never silently dropped.
@Suite struct DecodingContextTests {
    @Test func problemsBeyondTheCapAreCountedInOneLastDiagnostic() {
        let keys = (0..<600).map { #""k\#($0)":1"# }.joined(separator: ",")
        let scene = SceneFixture.scene(#"{"type":"text","component":{"componentId":"t","text":"x",\#(keys)}}"#)
        let (_, messages) = SceneFixture.decode(scene)
        #expect(messages.count == DecodingContext.maxDiagnostics + 1)
        #expect(messages.last == "warning: 100 more problems in this file not shown (0 errors)")
    }

    @Test func theCountKeepsAnErrorAnError() {
        var context = DecodingContext(file: "a.json", text: SourceText(bytes: Array("{}".utf8)))
        for _ in 0..<DecodingContext.maxDiagnostics { context.report(.warning, "w", offset: 0, pointer: .root) }
        context.report(.error, "e", offset: 0, pointer: .root)
        #expect(context.diagnostics.count == DecodingContext.maxDiagnostics + 1)
        #expect(context.diagnostics.last?.severity == .error)
    }

    /// A message quoting a 1 MB key keeps its start and its end, and is a line long.
    @Test func aMessageQuotingHugeTextIsCutInTheMiddle() {
        let key = String(repeating: "k", count: 1 << 20)
        let scene = SceneFixture.scene(#"{"type":"text","component":{"componentId":"t","text":"x","\#(key)":1}}"#)
        let (_, messages) = SceneFixture.decode(scene)
        // Its pointer, which names the key, likewise (index.json holds it).
        let message = messages.first
        #expect((message?.unicodeScalars.count ?? .max) < 2 * DecodingContext.messageLimit + 80, "with its position and pointer")
        #expect(message?.contains("warning: unknown key `kkk") == true && message?.contains("`; the app ignores it (at /container/views/0/component/kkk") == true)
        #expect(message?.components(separatedBy: " (at ").last?.contains("k…k") == true && message?.hasSuffix("kkk)") == true)
        // A pointer from the JSON reader (a duplicate key) likewise.
        let duplicate = PayloadDecoder().decode("a.json", bytes: Array(#"{"\#(key)":1,"\#(key)":2}"#.utf8))
        #expect(duplicate.diagnostics.first?.message.hasPrefix("duplicate key") == true)
        #expect(duplicate.diagnostics.allSatisfy { ($0.pointer?.description.count ?? 0) < 2 * DecodingContext.messageLimit })
        // Cut as the reader makes them: a hundred warnings under a 1 MB key held a hundred
        // pointers of 1 MB (4 MB keys took seconds and a gigabyte).
        let members = (0..<100).map { #""a":\#($0)"# }.joined(separator: ",")
        let read = JSONReader.read(Array(#"{"\#(key)":{"\#(key)":{\#(members)}}}"#.utf8))
        #expect(read.issues.count == 99 && read.issues.allSatisfy { $0.pointer.description.utf8.count < 3 * DecodingContext.messageLimit })
        #expect(read.issues.first?.pointer.description == "/" + DecodingContext.bounded(key) + "/" + DecodingContext.bounded(key) + "/a")
    }
}
