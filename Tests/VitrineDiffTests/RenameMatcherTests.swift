import Foundation
import Testing
import VitrineCore
@testable import VitrineDiff

/// Renames of edited files are found by the values files share, without comparing every pair.
@Suite struct RenameMatcherTests {
    /// The pairs found are those comparing every pair finds, over sets of every size and overlap
    /// around the threshold (a seeded generator: the same sets every run).
    @Test func findsExactlyThePairsAnAllPairsComparisonFinds() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // Families of files drawn from one pool each, so that many pairs lie near the threshold;
        // values common to every file ("layout v") as well.
        func file() -> Set<String> {
            let family = next(6), size = 1 + next(8)
            return Set((0..<size).map { _ in next(4) == 0 ? "common\(next(3))" : "f\(family)-\(next(9))" })
        }
        let removed = (0..<300).map { _ in file() } + [[]]
        let added = (0..<300).map { _ in file() } + [[]]
        var expected: [RenameMatcher.Pair] = []
        for (a, new) in added.enumerated() where !new.isEmpty {
            for (r, old) in removed.enumerated() {
                let similarity = Double(old.intersection(new).count) / Double(old.union(new).count)
                if similarity >= 0.6 { expected.append(.init(added: a, removed: r, similarity: similarity)) }
            }
        }
        #expect(expected.count > 100, "the sets should pair often enough to test anything")
        #expect(RenameMatcher.similarPairs(removed: removed, added: added, threshold: 0.6) == expected)
    }

    /// A folder of 10,000 moved and edited screens is paired up file by file without comparing
    /// every pair (which took 75 s for 1,500 files, so an hour for these).
    @Test func aLargeFolderMovedAndEditedIsPairedQuickly() {
        let count = 10_000
        func screen(_ index: Int, edited: Bool) -> Set<String> {
            Set((0..<12).map { "text\u{0}Screen \(index) line \($0)" + (edited && $0 == 11 ? " edited" : "") }
                + ["type\u{0}text", "layout\u{0}v", "hasNavigationBar\u{0}false"])
        }
        let started = Date()
        let pairs = RenameMatcher.similarPairs(removed: (0..<count).map { screen($0, edited: false) },
                                               added: (0..<count).map { screen($0, edited: true) }, threshold: 0.6)
        #expect(Date().timeIntervalSince(started) < 60, "a hang guard, not a timing test")
        #expect(pairs.count == count && pairs.allSatisfy { $0.added == $0.removed })
    }
}
