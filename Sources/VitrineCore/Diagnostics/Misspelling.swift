/// What a misspelt name most likely meant, for "did you mean …?" in a message.
public enum Misspelling {
    /// The name of `names` that `written` most likely misspells: the same but for case, or at
    /// most one edit away (two for names of over five letters), a swap of neighbours counting
    /// as one edit; nil when `written` is itself one of them, or none is that close. Of the
    /// closest, the first in byte order wins, so the answer does not depend on the list's order.
    /// Failing those, with `orLonger`, a name that starts with `written` (four letters or more),
    /// as a key written without its unit does (`fileSize` for `fileSizeMiB`).
    public static func likelyMeant(_ written: String, among names: some Collection<String>, orLonger: Bool = false) -> String? {
        guard !names.isEmpty, !names.contains(written) else { return nil }
        let length = written.unicodeScalars.count
        var typed: [Unicode.Scalar]?
        var best: (name: String, distance: Int)?
        for name in names {
            // Names of another length are passed over before anything is lowered or copied.
            let allowed = name.unicodeScalars.count > 5 ? 2 : 1
            guard abs(name.unicodeScalars.count - length) <= allowed else { continue }
            let lowered = typed ?? Array(written.lowercased().unicodeScalars)
            typed = lowered
            guard let distance = editDistance(lowered, Array(name.lowercased().unicodeScalars), limit: allowed) else { continue }
            if best.map({ distance < $0.distance || (distance == $0.distance && DirectoryWalker.byteOrder(name, $0.name)) }) ?? true { best = (name, distance) }
        }
        if let best { return best.name }
        guard orLonger, length >= 4 else { return nil }
        let lowered = written.lowercased()
        return names.filter { $0.lowercased().hasPrefix(lowered) }.min(by: DirectoryWalker.byteOrder)
    }

    /// Edits (insertions, deletions, substitutions, swaps of neighbours) from `a` to `b`, when at most `limit`.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var twoBack: [Int] = [], oneBack = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                row[j] = min(oneBack[j] + 1, row[j - 1] + 1, oneBack[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], twoBack[j - 2] + 1) }
            }
            (twoBack, oneBack) = (oneBack, row)
        }
        return oneBack[b.count] <= limit ? oneBack[b.count] : nil
    }
}
