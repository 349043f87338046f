import VitrineCore

/// Finds the removed and added files that hold mostly the same values (renamed and edited).
///
/// Comparing every removed file with every added one took an hour for a folder of 10,000 moved
/// files. Each file's values are ordered rarest first; two files with a Jaccard similarity of at
/// least `threshold` share a value among the first `n - ⌈threshold·n⌉ + 1` of either (prefix
/// filtering), so only files sharing such a value are compared, on all cores. The pairs found
/// are exactly those the all-pairs comparison finds.
enum RenameMatcher {
    /// A pair of files and the share of their values they have in common.
    struct Pair: Equatable {
        var added: Int
        var removed: Int
        var similarity: Double
    }

    /// Every pair of `removed[r]` and `added[a]` whose similarity is at least `threshold`, by
    /// added file, then removed file.
    static func similarPairs(removed: [Set<String>], added: [Set<String>], threshold: Double) -> [Pair] {
        var ids: [String: Int] = [:]
        var frequency: [Int] = []
        func encode(_ values: Set<String>) -> [Int] {
            values.map { value in
                if let id = ids[value] {
                    frequency[id] += 1
                    return id
                }
                ids[value] = frequency.count
                frequency.append(1)
                return frequency.count - 1
            }
        }
        let removedIDs = removed.map(encode), addedIDs = added.map(encode), counts = frequency
        let rarestFirst = { @Sendable (values: [Int]) in values.sorted { (counts[$0], $0) < (counts[$1], $1) } }
        let prefix = { @Sendable (count: Int) in
            // Slightly longer than needed, never shorter: a rounding error only adds candidates.
            count - Int((threshold * Double(count) - 1e-9).rounded(.up)) + 1
        }
        var byValue: [Int: [Int]] = [:]
        for (file, values) in removedIDs.enumerated() where !values.isEmpty {
            for id in rarestFirst(values).prefix(prefix(values.count)) { byValue[id, default: []].append(file) }
        }
        let removedBy = byValue
        let removedSets = removedIDs.map(Set.init)
        return ResultSlots<[Pair]>.map(added.count) { index in
            let values = addedIDs[index]
            guard !values.isEmpty else { return [] }
            var seen = Set<Int>(), pairs: [Pair] = []
            for id in rarestFirst(values).prefix(prefix(values.count)) {
                for other in removedBy[id] ?? [] where seen.insert(other).inserted {
                    let common = values.count { removedSets[other].contains($0) }
                    let similarity = Double(common) / Double(values.count + removedSets[other].count - common)
                    if similarity >= threshold { pairs.append(Pair(added: index, removed: other, similarity: similarity)) }
                }
            }
            return pairs.sorted { $0.removed < $1.removed }
        }.flatMap { $0 }
    }
}
