import Testing
import VitrineCore

/// What "did you mean …?" offers: the same name but for case, one or two edits away, and only
/// where asked, a longer name the written one starts (a key without its unit).
@Suite struct MisspellingTests {
    @Test(arguments: [
        ("txt", ["text", "font"], false, "text"),
        ("FONT", ["text", "font"], false, "font"),
        ("chekc", ["check", "build"], false, "check"),
        ("text", ["text", "font"], false, nil),
        ("fileSize", ["fileSizeMiB", "depth"], false, nil),
        ("fileSize", ["fileSizeMiB", "depth"], true, "fileSizeMiB"),
        ("file", ["fileSizeMiB"], true, "fileSizeMiB"),
        ("fil", ["fileSizeMiB"], true, nil),
        ("DejaVu", ["DejaVuSans", "DejaVuSerif"], false, nil),
    ] as [(String, [String], Bool, String?)])
    func likelyMeant(written: String, names: [String], orLonger: Bool, meant: String?) {
        #expect(Misspelling.likelyMeant(written, among: names, orLonger: orLonger) == meant)
    }
}
