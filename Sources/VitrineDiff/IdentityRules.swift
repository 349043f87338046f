import VitrineCore

/// How elements of a payload array are recognised across revisions: by identity, not position.
///
/// An element's identity is, in order: the value of a configured key for that array (`--identity`
/// style rules), a scene view's `component.componentId`, an object's `componentId`, an object's
/// `id`; elements without one fall back to their JSON type. Elements sharing an identity (real
/// payloads repeat ids) are paired by where they sit among the uniquely identified ones, so
/// deleting the first of two repeated blocks removes that one and moves nothing else.
public struct IdentityRules: Sendable {
    /// Array pointer pattern → the member key that identifies its elements.
    public var keys: [(pattern: PathPattern, key: String)]

    /// Rules from `diff.identity` in `vitrine.json`, tried in order.
    public init(keys: [(pattern: PathPattern, key: String)] = []) {
        self.keys = keys
    }

    /// The identity of each element of the array at `pointer`; `largeInteger` gives the digits
    /// of an id past 2⁵³, which its `Double` would share with its neighbours.
    func identities(of elements: [JSONValue], at pointer: JSONPointer, largeInteger: (JSONValue) -> String?) -> [String] {
        let path = pointer.tokens.joined(separator: "/")
        let configured = keys.first { $0.pattern.matches(path) }?.key
        return elements.map { Self.identity(of: $0, configured: configured, largeInteger) ?? "type:" + $0.typeDescription }
    }

    /// Pairs of indices (old, new) of elements with the same identity, in new order.
    ///
    /// Identities found once on each side pair directly and serve as anchors. Among the elements
    /// of an identity repeated on either side, one whose `print` (its whole value's fingerprint)
    /// is found once on each side pairs with that one, wherever it went, and is an anchor too:
    /// two such elements that swap places move. The rest pair in order, each with the one whose count of anchors before
    /// it is closest (an alignment of least total distance), and among those with the same
    /// `print` (of `One`, `Two`, `Three`, deleting `Two` leaves it unpaired, not `Three`), the
    /// surplus left unpaired.
    static func pairs(old: [String], new: [String], print: (_ isOld: Bool, _ index: Int) -> UInt64) -> [(old: Int, new: Int)] {
        var oldPositions: [String: [Int]] = [:], newPositions: [String: [Int]] = [:]
        for (index, id) in old.enumerated() { oldPositions[id, default: []].append(index) }
        for (index, id) in new.enumerated() { newPositions[id, default: []].append(index) }
        var pairs: [(old: Int, new: Int)] = []
        var anchoredOld = [Bool](repeating: false, count: old.count), anchoredNew = [Bool](repeating: false, count: new.count)
        for (id, positions) in newPositions where positions.count == 1 {
            guard let oldOnes = oldPositions[id], oldOnes.count == 1 else { continue }
            pairs.append((oldOnes[0], positions[0]))
            (anchoredOld[oldOnes[0]], anchoredNew[positions[0]]) = (true, true)
        }
        // Elements found as they were are anchors too, so the rest of their identity pairs
        // around them: of `A B C` become `C A B C`, the last C is the old one, the first added.
        var repeated: [(old: [Int], new: [Int])] = []
        for (id, positions) in newPositions {
            guard let oldOnes = oldPositions[id], positions.count > 1 || oldOnes.count > 1 else { continue }
            let same = samePairs(oldOnes, positions, print: print)
            pairs += same
            for pair in same { (anchoredOld[pair.old], anchoredNew[pair.new]) = (true, true) }
            repeated.append((oldOnes.filter { !anchoredOld[$0] }, positions.filter { !anchoredNew[$0] }))
        }
        let anchorsBeforeOld = runningCount(anchoredOld), anchorsBeforeNew = runningCount(anchoredNew)
        for (oldOnes, positions) in repeated {
            pairs += align(oldOnes, positions) {
                2 * abs(anchorsBeforeOld[$0] - anchorsBeforeNew[$1]) + (print(true, $0) == print(false, $1) ? 0 : 1)
            }
        }
        return pairs.sorted { $0.new < $1.new }
    }

    /// The elements of `a` (old) and `b` (new) whose print is found once in each.
    private static func samePairs(_ a: [Int], _ b: [Int], print: (Bool, Int) -> UInt64) -> [(old: Int, new: Int)] {
        var found: [UInt64: (old: [Int], new: [Int])] = [:]
        for index in a { found[print(true, index), default: ([], [])].old.append(index) }
        for index in b { found[print(false, index), default: ([], [])].new.append(index) }
        return found.values.compactMap { $0.old.count == 1 && $0.new.count == 1 ? ($0.old[0], $0.new[0]) : nil }
    }

    /// For each index, how many flags before it are set.
    private static func runningCount(_ flags: [Bool]) -> [Int] {
        var counts: [Int] = [], count = 0
        for flag in flags {
            counts.append(count)
            if flag { count += 1 }
        }
        return counts
    }

    /// An order-keeping pairing of as many of `a` and `b` as the shorter has, of least total `cost`.
    ///
    /// Only the band of `long.count - short.count + 1` cells per row can lead to a whole pairing,
    /// so equal counts pair index by index at once. A band too wide for memory (thousands of
    /// elements of one identity, most of them removed) pairs the first ones in order, as the
    /// alignment does when no anchor tells the elements apart.
    private static func align(_ a: [Int], _ b: [Int], cost: (Int, Int) -> Int) -> [(old: Int, new: Int)] {
        let swapped = a.count < b.count
        let (long, short) = swapped ? (b, a) : (a, b)
        func pair(_ l: Int, _ s: Int) -> (old: Int, new: Int) { swapped ? (short[s], long[l]) : (long[l], short[s]) }
        let slack = long.count - short.count, width = slack + 1
        guard short.count > 0 else { return [] }
        let (cells, overflow) = (long.count + 1).multipliedReportingOverflow(by: width)
        guard slack > 0, !overflow, cells <= Self.alignmentCells else { return short.indices.map { pair($0, $0) } }
        func pairCost(_ l: Int, _ s: Int) -> Int { swapped ? cost(short[s], long[l]) : cost(long[l], short[s]) }
        // best[i, j]: the least cost of pairing the first j of `short` within the first i of `long`,
        // for the j that leave room for the rest (i - slack ≤ j ≤ i).
        let unreachable = Int.max / 2
        var best = [Int](repeating: unreachable, count: (long.count + 1) * width)
        func cell(_ i: Int, _ j: Int) -> Int { i * width + j - i + slack }
        for i in 0...slack { best[cell(i, 0)] = 0 }
        for i in stride(from: 1, through: long.count, by: 1) {
            for j in stride(from: max(1, i - slack), through: min(i, short.count), by: 1) {
                let skipping = j <= i - 1 ? best[cell(i - 1, j)] : unreachable
                best[cell(i, j)] = min(skipping, best[cell(i - 1, j - 1)] + pairCost(i - 1, j - 1))
            }
        }
        var pairs: [(old: Int, new: Int)] = []
        var (i, j) = (long.count, short.count)
        while j > 0 {
            if j <= i - 1, best[cell(i, j)] == best[cell(i - 1, j)] {
                i -= 1
            } else {
                pairs.append(pair(i - 1, j - 1))
                (i, j) = (i - 1, j - 1)
            }
        }
        return pairs
    }

    /// The most cells an alignment's table may hold (32 MB of them).
    static let alignmentCells = 4_000_000

    private static func identity(of element: JSONValue, configured: String?, _ largeInteger: (JSONValue) -> String?) -> String? {
        if let configured, let value = element[configured] { return "key:" + (largeInteger(value) ?? scalarText(value)) }
        guard let id = element["component"]?["componentId"] ?? element["componentId"] ?? element["id"] else { return nil }
        return "id:" + (largeInteger(id) ?? scalarText(id))
    }

    static func scalarText(_ value: JSONValue) -> String {
        switch value.kind {
        case .string(let text): text
        case .number(let number): number.displayText
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: value.typeDescription
        }
    }
}
