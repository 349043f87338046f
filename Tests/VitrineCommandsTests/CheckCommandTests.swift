import Foundation
import Testing

/// `vitrine check`: the same diagnostics as a build, no site written.
@Suite struct CheckCommandTests {
    func folder(_ files: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (path, text) in files { try folder.write("in/" + path, text) }
        return folder
    }

    @Test func reportsErrorsWritesNothingAndExitsOne() throws {
        let folder = try self.folder(["a.json": scene("A"), "b.json": "{\"container\": {"])
        let run = try VitrineBinary.run(["check", "in"], in: folder.url)
        #expect(run.status == 1)
        // Paths are shown from the working directory: the input folder as typed, then the file.
        #expect(run.stderr.hasPrefix("in/b.json:1:16: error: unterminated object opened at 1:15 (at /container)"))
        #expect(run.stderr.hasSuffix("Checked 2 payload files: 1 error, 0 warnings\n"))
        #expect(folder.files(under: "").keys.sorted() == ["in/a.json", "in/b.json"])
    }

    /// A theme's component template in error is named by the theme's path, not under the input
    /// folder (it printed `in/brand/components/…`, a file that is not there).
    @Test func aThemesTemplateInErrorIsNamedByItsOwnPath() throws {
        let folder = try self.folder(["a.json": scene("A")])
        try folder.write("brand/theme.css", "")
        try folder.write("brand/components/stars.mustache", "{{#x}}")
        let run = try VitrineBinary.run(["check", "in", "--theme", "brand"], in: folder.url)
        #expect(run.stderr.hasPrefix("brand/components/stars.mustache:1:1: error: template does not parse"), "\(run.stderr)")
        let absolute = try VitrineBinary.run(["check", "in", "--theme", folder.path("brand")], in: folder.url)
        #expect(absolute.stderr.hasPrefix(folder.path("brand") + "/components/stars.mustache:1:1: error"), "\(absolute.stderr)")
    }

    /// A18, A19: hostile nesting is a positioned error found without stack or memory blow-up:
    /// the whole process stays under 50 MB (its own baseline is about 25 MB). Python measures it.
    @Test(arguments: [String(repeating: "[", count: 100_000), String(repeating: #"[{"":"#, count: 50_000)])
    func hostileNestingIsRefusedInLittleMemory(json: String) throws {
        let folder = try self.folder(["deep.json": json])
        let run = try VitrineBinary.run(["check", "in"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: nesting deeper than 512"))
        let measured = try VitrineBinary.peakMemory(["check", folder.path("in")])
        #expect(measured.status == 1)
        #expect(measured.kilobytes > 0 && measured.kilobytes < 50 * 1024, "peak \(measured.kilobytes) KB")
    }

    @Test func aFileGivenAsTheInputIsNamedAsSuch() throws {
        let folder = try self.folder(["a.json": scene("A")])
        let run = try VitrineBinary.run(["check", "in/a.json"], in: folder.url)
        #expect(run.status == 2)  // it cannot run
        #expect(run.stderr == "vitrine: error: in/a.json is a file; give the folder that holds the payloads (in)\n")
        // Below a folder with vitrine.json, that folder (its payloads/ would build without its settings, templates and assets).
        let nested = try self.folder(["vitrine.json": "{}", "payloads/home/a.json": scene("A")])
        let deep = try VitrineBinary.run(["check", "in/payloads/home/a.json"], in: nested.url)
        #expect(deep.stderr == "vitrine: error: in/payloads/home/a.json is a file; give the folder that holds the payloads (in)\n")
        let here = try VitrineBinary.run(["check", "payloads/home/a.json"], in: nested.url.appending(path: "in"))
        #expect(here.stderr == "vitrine: error: payloads/home/a.json is a file; give the folder that holds the payloads (.)\n")
    }

    /// A pointer 600 levels deep is cut in the middle on a terminal, and whole in JSON.
    /// A folder with no payload, or a site Vitrine wrote, is most likely the wrong folder: the
    /// first is a warning (an error with --strict), the second is refused.
    @Test func anEmptyInputIsAWarningAndABuiltSiteIsRefused() throws {
        let folder = try self.folder(["docs/readme.md": "# Nothing yet\n"])
        let empty = try VitrineBinary.run(["check", "in"], in: folder.url)
        #expect(empty.status == 0)
        #expect(empty.stderr == "vitrine: warning: no payload files in the input: every *.json outside assets/, fonts/, components/ and docs/ is one\n"
            + "Checked 0 payload files: 0 errors, 1 warning\n")
        #expect(try VitrineBinary.run(["check", "in", "--strict"], in: folder.url).status == 1)
        try folder.write("in/a.json", scene("A"))
        try folder.write("in/vitrine.json", #"{"exclude": ["a.json"]}"#)
        #expect(try VitrineBinary.run(["check", "in"], in: folder.url).stderr.contains("warning: every payload file (1) is left out by `exclude` in vitrine.json"))

        #expect(try VitrineBinary.run(["build", "in", "-o", "site", "-q"], in: folder.url).status == 0)
        for (arguments, status) in [(["check", "site"], 2), (["build", "site", "-o", "again"], 2)] {
            let run = try VitrineBinary.run(arguments, in: folder.url)
            #expect(run.status == Int32(status) && run.stderr == "vitrine: error: site is a site Vitrine wrote (it holds .vitrine-output); give the folder of payloads it was built from\n", "\(arguments): \(run.stderr)")
        }
        #expect(try VitrineBinary.run(["diff", "in", "in", "-o", "report", "-q"], in: folder.url).status == 0)
        let report = try VitrineBinary.run(["check", "report"], in: folder.url)
        #expect(report.stderr == "vitrine: error: report is a changes report Vitrine wrote (it holds .vitrine-output); give the folder of payloads it was built from\n", "\(report.stderr)")
    }

    @Test func aVeryDeepPointerIsShortenedOnATerminalOnly() throws {
        let deep = "{\"container\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        let folder = try self.folder(["deep.json": deep])
        let text = try VitrineBinary.run(["check", "in"], in: folder.url)
        #expect(text.status == 1)
        #expect(text.stderr.contains("(at /container/0/0/") && text.stderr.contains("/0/…/0/"), "\(text.stderr.prefix(600))")
        #expect(text.stderr.split(separator: "\n").allSatisfy { $0.count < 400 }, "\(text.stderr.prefix(600))")
        let json = try VitrineBinary.run(["check", "in", "--format", "json"], in: folder.url)
        #expect(json.stdout.contains("/container" + String(repeating: "/0", count: 300)), "the whole pointer")
    }

    /// A tool reading `--format json` gets a document even when the check could not run, and a
    /// workflow gets an annotation.
    @Test func aCheckThatCannotRunSaysSoInEveryFormat() throws {
        let folder = try TemporaryFolder()
        let json = try VitrineBinary.run(["check", "missing", "--format", "json"], in: folder.url)
        #expect(json.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["errors"] as? Int == 1 && document["warnings"] as? Int == 0 && document["payloadFiles"] as? Int == 0, "\(document)")
        #expect((document["diagnostics"] as? [[String: Any]])?.first?["message"] as? String == "input folder missing does not exist")
        let github = try VitrineBinary.run(["check", "missing", "--format", "github", "--theme", "nosuch"], in: folder.url)
        #expect(github.status == 2)
        #expect(github.stderr == "::error::vitrine: input folder missing does not exist\n")
    }

    /// A broken theme template is an annotation on that file, at its line and column.
    @Test func aBrokenThemeTemplateIsAnnotatedWhereItBreaks() throws {
        let folder = try self.folder(["a.json": scene("A")])
        try folder.write("brand/templates/frame.mustache", "<main>\n  {{#open}}\n</main>\n")
        let github = try VitrineBinary.run(["check", "in", "--format", "github", "--theme", "./brand"], in: folder.url)
        #expect(github.status == 2)
        #expect(github.stderr == "::error file=./brand/templates/frame.mustache,line=2,col=3::template does not parse: section `open` is not closed\n")
        let json = try VitrineBinary.run(["check", "in", "--format", "json", "--theme", "./brand"], in: folder.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let problem = try #require((document["diagnostics"] as? [[String: Any]])?.first)
        #expect(problem["file"] as? String == "./brand/templates/frame.mustache" && problem["line"] as? Int == 2 && problem["column"] as? Int == 3, "\(problem)")
    }

    @Test func cleanInputExitsZeroAndStrictTurnsWarningsIntoErrors() throws {
        let warned = scene("A").replacing(#""text":"A""#, with: #""text":"A","extra":true"#)
        let folder = try self.folder(["a.json": warned])
        #expect(try VitrineBinary.run(["check", "in", "-q"], in: folder.url).status == 0)
        let strict = try VitrineBinary.run(["check", "in", "-q", "--strict"], in: folder.url)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("error: unknown key `extra`"))
    }

    @Test func jsonFormatIsOneDocumentWithTheDocumentedKeys() throws {
        let folder = try self.folder(["a.json": "[1,]", "b.json": scene("B")])
        let run = try VitrineBinary.run(["check", "in", "--format", "json"], in: folder.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["diagnostics", "errors", "warnings", "payloadFiles"])
        #expect(document["payloadFiles"] as? Int == 2)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        let first = try #require(diagnostics.first { ($0["message"] as? String)?.contains("trailing comma") == true })
        #expect(first["file"] as? String == "in/a.json")
        #expect(first["line"] as? Int == 1 && first["column"] as? Int == 3)
        #expect(first["severity"] as? String == "warning")
    }

    /// RFC 6901: the whole document's pointer is empty and `/` is the key "", so a problem of
    /// the whole document has no `(at …)`, and one of the key "" is `(at /)`.
    @Test func documentRootAndEmptyKeyAreToldApart() throws {
        let folder = try self.folder(["a.json": #"{"":1,"container":5}"#])
        let run = try VitrineBinary.run(["check", "in"], in: folder.url)
        #expect(run.stderr.contains("in/a.json:1:1: error: missing key `hasNavigationBar`\n"), "\(run.stderr)")
        #expect(run.stderr.contains("in/a.json:1:2: warning: unknown key ``; the app ignores it (at /)\n"), "\(run.stderr)")
    }

    @Test func githubFormatAnnotatesEachProblem() throws {
        let folder = try self.folder(["a.json": "{\"container\": 5}"])
        let run = try VitrineBinary.run(["check", "in", "--format", "github"], in: folder.url)
        #expect(run.stderr.contains("::error file=in/a.json,line=1,col=1::missing key `hasNavigationBar`\n"))
        #expect(run.status == 1)
        // The totals are a notice, seen however many annotations GitHub leaves out.
        #expect(run.stderr.hasSuffix("\n::notice::Checked 1 payload file: 2 errors, 0 warnings\n"), "\(run.stderr)")
        let build = try VitrineBinary.run(["build", "in", "-o", "out", "--format", "github"], in: folder.url)
        #expect(build.stderr.contains("\n::notice::Built 1 screen of 1 payload file (2 errors, 0 warnings) in "), "\(build.stderr)")
        #expect(!(try VitrineBinary.run(["check", "in", "--format", "github", "-q"], in: folder.url).stderr.contains("::notice")))
    }
}
