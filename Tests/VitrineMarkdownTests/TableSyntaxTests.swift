import Testing
import VitrineMarkdown

/// GitHub table syntax in docs is found (CommonMark draws it as text), but not in code blocks
/// and not for lines that merely hold `|` or dashes.
@Suite struct TableSyntaxTests {
    static func lines(_ text: String) -> [Int] { TableSyntax.tableLines(in: Array(text.utf8)) }

    @Test func tablesAreFoundWhereTheyStart() {
        #expect(Self.lines("# Tokens\n\n| Token | Light |\n|---|:--:|\n| a | b |\n") == [3])
        #expect(Self.lines("Token | Light\n--- | ---\na | b\r\n") == [1])
        #expect(Self.lines("| a |\n| - |\n\ntext\n\n| b | c |\n|:---|---:|\n") == [1, 6])
        #expect(Self.lines("| a \\| b | c |\n|---|---|\n") == [1], "an escaped pipe is part of a cell")
        #expect(Self.lines("| a | b \\|\n|---|\n") == [], "an escaped pipe at the end separates nothing: two cells")
        #expect(Self.lines("| a \\\\| b |\n|---|\n") == [1], "after two backslashes too: GitHub's cells take `\\|` whole")
    }

    @Test func codeBlocksRulesAndPipesInTextAreNotTables() {
        #expect(Self.lines("```\n| a | b |\n|---|---|\n```\n") == [])
        #expect(Self.lines("~~~~md\n| a | b |\n|---|---|\n~~~\nstill code\n~~~~\n") == [])
        #expect(Self.lines("a | b\n\n---\n") == [], "a blank line, then a thematic break")
        #expect(Self.lines("Setext heading with a | pipe\n---\n") == [], "no | in the dash line")
        #expect(Self.lines("a | b\n|--x--|\n") == [])
        #expect(Self.lines("    | a | b |\n    |---|---|\n") == [], "indented code")
        #expect(Self.lines("```\n``` not a close\n| a | b |\n|---|---|\n```\n") == [], "a fence with text after it does not close")
        #expect(Self.lines("a | b | c\n--- | ---\n") == [], "the delimiter row must have as many cells as the header")
        #expect(Self.lines("<!--\n| a | b |\n|---|---|\n-->\n") == [], "in a comment")
        #expect(Self.lines("<div>\n| a | b |\n|---|---|\n</div>\n") == [], "in raw HTML, which safe mode leaves out")
        #expect(Self.lines("<!-- note -->\n| a | b |\n|---|---|\n") == [2], "after a one-line comment")
        #expect(Self.lines("<https://example.com>\n\n| a | b |\n|---|---|\n") == [3], "an autolink is no HTML")
    }

    @Test func tablesInQuotesAndListItemsAreFound() {
        #expect(Self.lines("> | q | t |\n> |---|---|\n") == [1])
        #expect(Self.lines("- | a | b |\n  |---|---|\n") == [1])
        #expect(Self.lines("1. | a | b |\n   |---|---|\n") == [1])
        #expect(Self.lines("- item\n- --- | ---\n") == [], "no header row")
    }
}
