import Foundation
import Testing
@testable import VitrineCommands

/// File names and keys that could drive a terminal, a CI log or the catalogue's HTML are printed
/// escaped and still built (bad-inputs.md C09, H09).
@Suite struct HostileNameTests {
    static let ansi = "\u{1B}[2J\u{1B}]8;;https://e.example\u{07}x"

    @Test func controlCharactersInNamesAndKeysArePrintedEscaped() throws {
        let folder = try TemporaryFolder()
        let withKey = scene("A").replacing(#""text":"A""#, with: #""text":"A","\u001b[2J\u001b]8;;https://e.example\u0007x":1"#)
        try folder.write("in/\u{1B}[31mred.json", withKey)
        try folder.write("in/line\nbreak.json", withKey)
        try folder.write("in/bidi\u{202E}txt.json", withKey)
        try folder.write("in/para\u{2028}graph.json", withKey)  // a line separator, which a terminal may break at
        let run = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url)
        #expect(run.status == 0)
        let output = run.stdout + run.stderr
        #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" || $0 == "\u{2028}" })
        let key = #"unknown key `\u{1B}[2J\u{1B}]8;;https://e.example\u{7}x`; the app ignores it"#
        #expect(run.stderr.contains(#"\u{1B}[31mred.json:1:169: warning: "# + key))
        #expect(run.stderr.contains(#"line\u{A}break.json:1:169: warning: "# + key))
        #expect(run.stderr.contains(#"bidi\u{202E}txt.json:1:169: warning: "# + key))
        #expect(run.stderr.contains(#"para\u{2028}graph.json:1:169: warning: "# + key))
        #expect(run.stderr.contains("Built 4 screens of 4 payload files"))
    }

    @Test func githubAnnotationsCannotStartAnotherCommand() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a\n::error::forged.json", "[1,]")
        let run = try VitrineBinary.run(["build", "in", "-o", "out", "-q", "--format", "github"], in: folder.url)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 3)  // a name Windows cannot hold; not a payload format; a trailing comma
        for line in lines {
            #expect(line.hasPrefix("::warning file=in/a%0A%3A%3Aerror%3A%3Aforged.json"), "the name GitHub reads back: \(line)")
        }
    }

    /// In text, a file name never starts a line of a CI log with a workflow command (the input
    /// given as `.` or an absolute path adds no folder before it), and bidi marks are shown.
    @Test func aNameOfAWorkflowCommandCannotStartALine() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/::notice title=Vitrine::All payloads verified::x.json", "[1,]")
        try folder.write("in/ ::warning::x.json", "[1,]")
        try folder.write("in/mark\u{200F}ed.json", "[1,]")
        let run = try VitrineBinary.run(["check", "."], in: folder.url.appendingPathComponent("in"))
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("not a payload format") }
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(!lines.contains { $0.hasPrefix("::") || $0.hasPrefix(" ") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("./::notice title=Vitrine::All payloads verified::x.json: warning: ") })
        #expect(lines.contains { $0.hasPrefix("./ ::warning::x.json: warning: ") })
        #expect(lines.contains { $0.hasPrefix(#"mark\u{200F}ed.json: warning: "#) })
    }

    /// An input given as an absolute path inside the working directory (a workflow's
    /// `$GITHUB_WORKSPACE/Site`) is named from there, so annotations land on the files; one
    /// outside it is named from the input, and no absolute path is printed.
    @Test func anAbsoluteInputIsNamedFromTheWorkingDirectory() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/x.json", "[1,]")
        let inside = try VitrineBinary.run(["check", folder.path("in"), "--format", "github"], in: folder.url)
        #expect(inside.stderr.contains("::warning file=in/x.json::not a payload format"), "\(inside.stderr)")
        let outside = try VitrineBinary.run(["check", folder.path("in") + "/", "--format", "github"], in: URL(fileURLWithPath: "/tmp"))
        let expected = folder.path("in").hasPrefix("/tmp/") ? "file=" + folder.path("in").dropFirst("/tmp/".count) + "/x.json" : "file=x.json"
        #expect(outside.stderr.contains(expected) && !outside.stderr.contains("file=/"), "\(outside.stderr)")
        #expect(Console.pathPrefix(input: "/work/site/", workingDirectory: "/work") == "site/")
        #expect(Console.pathPrefix(input: "/work", workingDirectory: "/work") == "")
        #expect(Console.pathPrefix(input: "/other/site", workingDirectory: "/work") == "")
        #expect(Console.pathPrefix(input: "/workshop/site", workingDirectory: "/work") == "")
        #expect(Console.pathPrefix(input: "/a/../work/s", workingDirectory: "/work") == "s/")
        // Annotations are named from `$GITHUB_WORKSPACE` when the input is inside it.
        #expect(Console.pathPrefix(input: ".", workingDirectory: "/repo/site", workspace: "/repo") == "site/")
        #expect(Console.pathPrefix(input: "../site", workingDirectory: "/repo/tools", workspace: "/repo/") == "site/")
        #expect(Console.pathPrefix(input: "/repo/site", workingDirectory: "/", workspace: "/repo") == "site/")
        #expect(Console.pathPrefix(input: "site", workingDirectory: "/repo", workspace: "/repo") == "site/")
        #expect(Console.pathPrefix(input: ".", workingDirectory: "/repo", workspace: "/repo") == "")
        #expect(Console.pathPrefix(input: "../other", workingDirectory: "/repo", workspace: "/repo") == "../other/", "outside it, as before")
    }

    /// A step with a working directory of its own (`working-directory: site`) still annotates
    /// the files where GitHub looks for them, from the repository's root; text names them from
    /// the working directory as before.
    @Test func githubAnnotationsAreNamedFromTheWorkspace() throws {
        let folder = try TemporaryFolder()
        try folder.write("site/x.json", "[1,]")
        let workspace = ["GITHUB_WORKSPACE": folder.url.path]
        let github = try VitrineBinary.run(["check", ".", "--format", "github"], in: folder.url.appendingPathComponent("site"), environment: workspace)
        #expect(github.stderr.contains("::warning file=site/x.json::not a payload format"), "\(github.stderr)")
        // A workspace reached through a link names the same files.
        try FileManager.default.createSymbolicLink(atPath: folder.path("link"), withDestinationPath: folder.url.path)
        let linked = try VitrineBinary.run(["check", ".", "--format", "github"], in: folder.url.appendingPathComponent("site"),
                                           environment: ["GITHUB_WORKSPACE": folder.path("link")])
        #expect(linked.stderr.contains("::warning file=site/x.json::not a payload format"), "\(linked.stderr)")
        // So are a theme's files (a template's warning), and a broken template's error.
        try folder.write("brand/templates/nav.mustache", "<nav><img src=\"{{root}}theme/logo.svg\" alt=\"\"></nav>\n")
        let themed = try VitrineBinary.run(["check", ".", "--format", "github", "--theme", "../brand"], in: folder.url.appendingPathComponent("site"),
                                           environment: workspace)
        #expect(themed.stderr.contains("::warning file=brand/templates/nav.mustache,line=1,col=16::links theme/logo.svg"), "\(themed.stderr)")
        try folder.write("brand/templates/nav.mustache", "<nav>{{#open}}</nav>\n")
        let broken = try VitrineBinary.run(["check", ".", "--format", "github", "--theme", "../brand"], in: folder.url.appendingPathComponent("site"),
                                           environment: workspace)
        #expect(broken.status == 2 && broken.stderr.hasPrefix("::error file=brand/templates/nav.mustache,line=1,col=6::"), "\(broken.stderr)")
        let text = try VitrineBinary.run(["check", "."], in: folder.url.appendingPathComponent("site"), environment: workspace)
        #expect(text.stderr.contains("\nx.json: warning: not a payload format"), "\(text.stderr)")
    }

    /// An annotation's `file=` names the file as it is, bidi controls included, or GitHub would
    /// not find it; only C0 and C1 controls are shown escaped there.
    @Test func githubAnnotationsNameABidiFileAsItIs() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/bidi\u{202E}txt.json", "[1,]")
        let run = try VitrineBinary.run(["build", "in", "-o", "out", "-q", "--format", "github"], in: folder.url)
        #expect(run.stderr.contains("\n::warning file=in/bidi\u{202E}txt.json::not a payload format"), "\(run.stderr)")
    }

    @Test(arguments: ["<img src=x onerror=alert(1)>.json", "-rf.json", "--help.json", "a b&c.json"])
    func oddFileNamesAreBuiltAndEscapedInTheCatalogue(name: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("in/\(name)", scene("A"))
        let run = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        #expect(run.status == 0)
        // Built; a `<` is one of the characters Windows refuses in a file name, which is said.
        let windows = "in/\(name): warning: name holds a `<`: its page is built, but Windows cannot hold the file, "
            + "so a copy of the site there (a zip unpacked) would lack it\n"
        #expect(run.stderr == (name.contains("<") ? windows : ""), "\(run.stderr)")
        let files = folder.files(under: "out")
        let page = "screens/" + name.dropLast(".json".count) + ".html"
        #expect(files[page] != nil)
        let href = name.dropLast(".json".count).addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))!
        let index = String(decoding: files["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains(#"<iframe src="screens/"# + href + #".frame.html""#))
        for (path, bytes) in files where path.hasSuffix(".html") || path.hasSuffix(".js") {
            #expect(!String(decoding: bytes, as: UTF8.self).contains("<img src=x"), "\(path)")
        }
    }

    /// H08 across builds: a payload, its folder, an asset and a doc renamed only in their
    /// Unicode normalisation (NFC to NFD, two files on Linux) rebuild into exactly the site a
    /// clean build makes. Strings compare them equal, so the cache, the open output folders and
    /// the stale-page check used to take the new names for the old: the old pages stayed, and
    /// the index linked a payload no longer there.
    @Test func namesRespeltInAnotherNormalisationRebuildAsACleanBuildDoes() throws {
        let folder = try TemporaryFolder()
        let (nfc, nfd) = ("caf\u{E9}", "cafe\u{301}")
        for (name, text) in [("\(nfc).json", scene("Top")), ("\(nfc)/x.json", scene("Nested")), ("a.json", scene("A")),
                             ("assets/\(nfc).svg", #"<svg xmlns="http://www.w3.org/2000/svg"/>"#), ("docs/\(nfc).md", "# Doc\n")] {
            try folder.write("in/" + name, text)
        }
        _ = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        for name in ["\(nfc).json", nfc, "assets/\(nfc).svg", "docs/\(nfc).md"] {
            #expect(rename(folder.path("in/" + name), folder.path("in/" + name.replacingOccurrences(of: nfc, with: nfd))) == 0)
        }
        let rebuilt = try VitrineBinary.run(["build", "in", "-o", "out", "-q"], in: folder.url)
        let clean = try VitrineBinary.run(["build", "in", "-o", "fresh", "-q"], in: folder.url)
        #expect(rebuilt.status == 0 && clean.status == 0, "\(rebuilt.stderr)")
        let (out, fresh) = (Self.exactFiles(folder.path("out")), Self.exactFiles(folder.path("fresh")))
        #expect(fresh["screens/cafe\\u{301}/x.html"] != nil)
        #expect(out.keys.sorted() == fresh.keys.sorted())
        for (path, bytes) in fresh { #expect(out[path] == bytes, "\(path)") }
    }

    /// Every regular file below `root` but the cache, by its relative path with every scalar
    /// past ASCII written `\u{…}`: `files(under:)` keys paths by `String`, which would take an
    /// NFC name and its NFD twin for one.
    static func exactFiles(_ root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] where path != ".vitrine-cache" {
            let shown = path.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
            if let bytes = FileManager.default.contents(atPath: root + "/" + path) { result[shown] = bytes }
        }
        return result
    }
}
