extension SceneDecoder {
    /// `extreamFrame` (sic): six optional bounds, each a number or one of the app's named constants.
    mutating func flexibleFrame(_ frame: inout ObjectReader) -> FlexibleFrame? {
        frame.accept(["alignment"])  // listed in the app's CodingKeys, never decoded
        if let alignment = frame.member("alignment", context: &context) {
            context.ignored("`alignment` is never decoded by the app", offset: alignment.offset, pointer: frame.pointer.appending("alignment"))
        }
        var result = FlexibleFrame()
        result.minWidth = finiteBound("minWidth", &frame)
        result.idealWidth = finiteBound("idealWidth", &frame)
        result.maxWidth = bound("maxWidth", &frame)
        result.minHeight = finiteBound("minHeight", &frame)
        result.idealHeight = finiteBound("idealHeight", &frame)
        result.maxHeight = bound("maxHeight", &frame)
        frame.finish(context: &context)
        return result == FlexibleFrame() ? nil : result
    }

    /// The app's named `CGFloat` constants.
    private static let namedLengths: [String: FrameLength] = [
        "infinity": .infinity,
        "greatestFiniteMagnitude": .infinity,
        "leastNonzeroMagnitude": .points(0),
        "leastNormalMagnitude": .points(0),
        "ulpOfOne": .points(0),
        "zero": .points(0),
        "pi": .points(Double.pi),
    ]

    /// Named constants that are NaN: left out, as CSS cannot draw them.
    private static let notANumber: Set<String> = ["nan", "signalingNaN"]

    /// A minimum or ideal bound: only a maximum may be unbounded (SwiftUI reports such a size
    /// as an invalid frame dimension), so `infinity` or `greatestFiniteMagnitude` there is left
    /// out, with a warning.
    private mutating func finiteBound(_ key: String, _ frame: inout ObjectReader) -> FrameLength? {
        let length = bound(key, &frame)
        // Only a name or a numeric string is read as infinite: a number is clamped.
        guard length == .infinity, let value = frame.member(key, context: &context), case .string(let text) = value.kind else { return length }
        context.report(.warning, "`\(key)` \"\(text)\" cannot be drawn: only a maximum may be unbounded (SwiftUI logs an invalid frame dimension); "
                       + "the bound is left out", at: value, pointer: frame.pointer.appending(key))
        return nil
    }

    private mutating func bound(_ key: String, _ frame: inout ObjectReader) -> FrameLength? {
        guard let value = frame.member(key, context: &context) else { return nil }
        let pointer = frame.pointer.appending(key)
        // A bound in points: as a length is clamped, and a negative one, an invalid frame dimension to SwiftUI and none to CSS, is 0.
        func points(_ number: Double) -> FrameLength {
            guard number >= 0 else {
                context.report(.warning, "negative \(key) drawn as 0", at: value, pointer: pointer)
                return .points(0)
            }
            return .points(ObjectReader.clamped(number, value, at: pointer, context: &context))
        }
        switch value.kind {
        case .number(let number) where number.value < 0:
            return points(number.value)
        case .number:
            return ObjectReader.length(value, at: pointer, context: &context).map(FrameLength.points)
        case .string(let text):
            if let named = Self.namedLengths[text] { return named }
            if Self.notANumber.contains(text) {
                context.report(.warning, "\"\(text)\" is not a number; the bound is left out", at: value, pointer: pointer)
                return nil
            }
            // The app reads any other string with `Double(_:)`, as this does: "inf", "Infinity" and
            // "1e400" are infinity to it, "NaN" is NaN, and only what does not parse is 0.
            guard let number = Double(text) else {
                context.report(.warning, "\"\(text)\" is not a number; the app reads it as 0", at: value, pointer: pointer)
                return .points(0)
            }
            if number == .infinity { return .infinity }
            guard number.isFinite else {
                let reading = number.isNaN ? "is not a number" : "is negative infinity to the app, which SwiftUI rejects as a frame"
                context.report(.warning, "\"\(text)\" \(reading); the bound is left out", at: value, pointer: pointer)
                return nil
            }
            return points(number)
        default:
            context.ignored("\(value.typeDescription) is ignored by the app here", offset: value.offset, pointer: pointer)
            return nil
        }
    }
}
