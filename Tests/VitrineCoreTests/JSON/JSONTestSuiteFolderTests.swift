import Foundation
import Testing
@testable import VitrineCore

private let jsonTestSuiteFolder = ProcessInfo.processInfo.environment["VITRINE_JSON_TEST_SUITE"].flatMap { $0.isEmpty ? nil : $0 }

/// A24: the whole of JSONTestSuite's `test_parsing` folder, which bad-inputs.md holds out for
/// acceptance and this repository does not ship. Point `VITRINE_JSON_TEST_SUITE` at the folder
/// to run it (`VITRINE_JSON_TEST_SUITE=… swift test --filter JSONTestSuiteFolderTests`); without
/// it the test is skipped and the inline tables of `JSONReaderConformanceTests` and
/// `JSONReaderRejectionTests`, named after the suite's files, stand in.
@Suite(.enabled(if: jsonTestSuiteFolder != nil, "VITRINE_JSON_TEST_SUITE names no folder"))
struct JSONTestSuiteFolderTests {

    /// `n_` files the reader accepts on purpose, with a warning: the app accepts trailing commas (A05).
    static let acceptedWithAWarning: Set = ["n_array_extra_comma", "n_array_number_and_comma", "n_object_trailing_comma"]

    /// Every `y_` file is accepted, every `n_` file refused (but for the three above), every
    /// `i_` file either; and the folder checked as payloads, as `vitrine check` does, crashes
    /// nothing and takes less than the five seconds bad-inputs.md allows.
    @Test func everyFileGetsTheSuitesVerdict() throws {
        let root = try #require(jsonTestSuiteFolder)
        let names = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".json") }.sorted()
        try #require(!names.isEmpty, "no .json file in \(root)")
        let start = ContinuousClock.now
        var wrong: [String] = []
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + name)))
            let result = JSONReader.read(bytes)
            let accepted = !result.issues.contains { $0.severity == .error }
            let stem = String(name.dropLast(".json".count))
            if name.hasPrefix("y_"), !accepted { wrong.append("\(stem): refused (\(result.issues.first?.message ?? ""))") }
            if name.hasPrefix("n_"), accepted != Self.acceptedWithAWarning.contains(stem) { wrong.append("\(stem): \(accepted ? "accepted" : "refused")") }
            if Self.acceptedWithAWarning.contains(stem), !result.issues.contains(where: { $0.severity == .warning }) { wrong.append("\(stem): no warning") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(names.count) files: \(wrong.joined(separator: "; "))")

        let listing = DirectoryWalker(root: root).list()
        let theme = try Theme(files: ThemeLoader.load(Repository.path("Themes/default")))
        var pipeline = BuildPipeline(listing: listing, source: FileReader(root: root), writer: DiscardingSiteWriter(), theme: theme)
        pipeline.checksOnly = true
        let report = pipeline.run()
        #expect(report.screens.count == listing.payloads.count)
        let elapsed = ContinuousClock.now - start
        print("JSONTestSuite: \(names.count) files read and checked as payloads in \(elapsed)")
        #expect(elapsed < .seconds(5))
    }
}
