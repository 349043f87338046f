import Testing
@testable import VitrineCore

/// A view node is a value, though its fields share one box between copies.
@Suite struct ViewNodeTests {
    @Test func changingACopyLeavesTheOriginalAsItWas() {
        let original = ViewNode(.text(.init("Hi")), modifiers: [.padding(.all, 8)], id: "t", source: SourceRef(pointer: .root, offset: 0), component: "text")
        var copy = original
        #expect(copy == original)
        copy.modifiers.append(.fixedSize)
        copy.id = "u"
        copy.kind = .spacer()
        #expect(original.modifiers == [.padding(.all, 8)] && original.id == "t" && original.kind == .text(.init("Hi")))
        #expect(copy.modifiers == [.padding(.all, 8), .fixedSize] && copy.id == "u" && copy.kind == .spacer())
        #expect(copy != original)
        // Equal fields make equal nodes, whatever box holds them.
        #expect(ViewNode(.spacer(), source: SourceRef(pointer: .root, offset: 0)) == ViewNode(.spacer(), source: SourceRef(pointer: .root, offset: 0)))
    }
}
