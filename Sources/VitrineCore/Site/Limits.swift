/// How much of each input Vitrine reads: past a limit, the input gets a located error instead
/// of the time or memory it would take. Set in `vitrine.json` under `limits`; `--max-file-size`
/// overrides `fileSizeMiB`.
public struct Limits: Sendable, Equatable {
    /// The largest payload file read, in MiB.
    public var fileSizeMiB = 16
    /// The values `fileSizeMiB` (and `--max-file-size`) may take.
    public static let fileSizeMiBRange = 1...1024
    /// The deepest nesting of JSON arrays and objects (at most 512, the reader's own bound).
    public var depth = 512
    /// The longest JSON string, in bytes.
    public var stringBytes = 4 << 20
    /// The most view nodes one screen (with its subpages) may have.
    public var nodes = 100_000
    /// The largest Markdown document rendered, in MiB. (Documents that would take libcmark
    /// quadratic time are refused whatever their size.)
    public var docSizeMiB = 2

    /// The default limits.
    public init() {}

    /// Each key of `limits`, its allowed range, and where it goes.
    static var keys: [(name: String, range: ClosedRange<Int>, path: WritableKeyPath<Limits, Int>)] {
        [
        ("fileSizeMiB", fileSizeMiBRange, \.fileSizeMiB),
        ("depth", 1...512, \.depth),
        ("stringBytes", 1...(1 << 30), \.stringBytes),
        ("nodes", 1...10_000_000, \.nodes),
        ("docSizeMiB", 1...64, \.docSizeMiB),
        ]
    }

    /// The JSON reader's options for these limits.
    public var readerOptions: JSONReader.Options {
        var options = JSONReader.Options()
        options.maxDepth = depth
        options.maxStringBytes = stringBytes
        (options.depthSetting, options.stringBytesSetting) = ("limits.depth in vitrine.json", "limits.stringBytes in vitrine.json")
        return options
    }

    /// Reads `limits` from `vitrine.json`: whole numbers within each key's range; anything else is
    /// a warning and the default stands.
    static func read(_ object: inout ObjectReader, context: inout DecodingContext) -> Limits {
        var limits = Limits()
        for key in keys {
            guard let value = object.integer(key.name, context: &context) else { continue }
            if key.range.contains(value) {
                limits[keyPath: key.path] = value
            } else {
                context.report(.warning, "limits.\(key.name) must be between \(key.range.lowerBound) and \(key.range.upperBound); the default \(limits[keyPath: key.path]) stands",
                               at: object.member(key.name, context: &context) ?? object.value, pointer: object.pointer.appending(key.name))
            }
        }
        object.finish(context: &context, unknownKeyNote: "Vitrine does not know it")
        return limits
    }
}
