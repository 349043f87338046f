import Foundation
import Testing

/// Where `vitrine build` refuses to write, how it treats a linked output folder, and what it
/// never writes into the site (bad-inputs.md I01, I04, I11).
@Suite struct OutputFolderTests {
    @Test func refusesAFolderHoldingAGitRepository() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("out/.git/HEAD", "ref: refs/heads/main\n")
        let run = try VitrineBinary.run(["build", "in", "-o", "out", "--force"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "vitrine: error: out: refusing to write into a directory that holds a .git folder\n")
        #expect(folder.files(under: "out").keys.sorted() == [".git/HEAD"])
    }

    @Test func refusesTheHomeFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try folder.write("home/notes.txt", "mine")
        let run = try VitrineBinary.run(["build", "in", "-o", "home", "--force"], in: folder.url, environment: ["HOME": folder.path("home")])
        #expect(run.status == 2)
        #expect(run.stderr == "vitrine: error: home: refusing to write into the home folder\n", "\(run.stderr)")
        #expect(folder.files(under: "home").keys.sorted() == ["notes.txt"])
    }

    @Test func aLinkedOutputFolderIsResolvedOnceAndNamedByItsRealPath() throws {
        let folder = try TemporaryFolder()
        try folder.write("in/a.json", scene("A"))
        try FileManager.default.createDirectory(atPath: folder.path("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("out"), withDestinationPath: "real")
        let run = try VitrineBinary.run(["build", "in", "-o", "out"], in: folder.url)
        #expect(run.status == 0)
        let real = URL(fileURLWithPath: folder.path("real")).resolvingSymlinksInPath().path
        #expect(run.stderr.hasSuffix(" → \(real)/index.html\n"))
        #expect(folder.files(under: "real")["screens/a.html"] != nil)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path("out"))) == "real")

        // A link into the input is checked by where it leads.
        try FileManager.default.createSymbolicLink(atPath: folder.path("inside"), withDestinationPath: "in")
        let refused = try VitrineBinary.run(["build", "in", "-o", "inside", "--force"], in: folder.url)
        #expect(refused.status == 2)
        #expect(refused.stderr == "vitrine: error: inside: refusing to write into the input folder in\n", "\(refused.stderr)")
        #expect(folder.files(under: "in").keys.sorted() == ["a.json"])
    }

    /// Storybook's CVE-2025-68429: a preview site must not carry the builder's environment.
    @Test func theSiteHoldsNoTraceOfTheEnvironmentOrTheAbsolutePaths() throws {
        let folder = try TemporaryFolder()
        let home = folder.path("CANARYUSER")
        try folder.write("CANARYUSER/.keep", "")
        try folder.write("in/a.json", scene("A").replacing(#""text":"A""#, with: #""text":"A","mystery":1"#))
        try folder.write("in/broken.json", "{\"container\": ")
        try folder.write("in/docs/guide.md", "# Guide\n\nSee [a](../a.json) and [gone](../gone.json).\n")
        try folder.write("in/a.md", "Notes.\n")
        let run = try VitrineBinary.run(["build", folder.path("in"), "-o", folder.path("out")], in: folder.url,
                                        environment: ["HOME": home, "SECRET": "CANARYVALUE", "USER": "CANARYUSER"])
        #expect(run.status == 1)
        let files = folder.files(under: "out")
        #expect(files.count > 10)
        var forbidden = ["CANARYUSER", "CANARYVALUE", folder.url.path, folder.url.resolvingSymlinksInPath().path]
        let host = ProcessInfo.processInfo.hostName
        if host.count >= 8 { forbidden.append(host) }
        for (path, bytes) in files {
            let text = String(decoding: bytes, as: UTF8.self)
            for canary in forbidden {
                #expect(!text.contains(canary), "\(path) contains \(canary)")
            }
        }
    }
}
