import Testing
@testable import VitrineCore

/// Generated classes: one per distinct declaration block, numbered in first-use order.
@Suite struct StyleSheetTests {
    /// The class name `declarations` gets (with `padding` after them).
    static func name(_ sheet: inout StyleSheet, _ declarations: String, padding: EdgeInsets = EdgeInsets()) -> String {
        var out: [UInt8] = []
        sheet.appendClassName(for: Array(declarations.utf8), padding: padding, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Thousands of blocks (the table grows many times), each asked for twice in another order:
    /// the same block always gets its first number, and the rules list each block once.
    @Test func aBlockKeepsTheNumberOfItsFirstUse() {
        var sheet = StyleSheet()
        let blocks = (0..<3_000).map { "width:\($0)px" + String(repeating: ";gap:1px", count: $0 % 5) }
        for (number, block) in blocks.enumerated() { #expect(Self.name(&sheet, block) == "s\(number)") }
        for (number, block) in blocks.enumerated().reversed() { #expect(Self.name(&sheet, block) == "s\(number)") }
        let rules = sheet.css.split(separator: "\n")
        #expect(rules.count == blocks.count)
        #expect(rules[7] == ".s7{width:7px;gap:1px;gap:1px}")
    }

    /// Padding joins the element's own declarations in one block; a block that only differs by
    /// a prefix of another (`gap:1` and `gap:12`) is a class of its own.
    @Test func paddingJoinsTheBlockAndPrefixesStayApart() {
        var sheet = StyleSheet()
        sheet.prefix = "p"
        #expect(Self.name(&sheet, "gap:1px") == "p0")
        #expect(Self.name(&sheet, "gap:12px") == "p1")
        #expect(Self.name(&sheet, "gap:1px", padding: EdgeInsets(top: 4, leading: 0, bottom: 0, trailing: -2)) == "p2")
        #expect(Self.name(&sheet, "", padding: EdgeInsets(top: 4, leading: 0, bottom: 0, trailing: 0)) == "p3")
        #expect(sheet.css == ".p0{gap:1px}\n.p1{gap:12px}\n.p2{gap:1px;padding-block-start:4px;margin-inline-end:-2px}\n.p3{padding-block-start:4px}")
    }
}
