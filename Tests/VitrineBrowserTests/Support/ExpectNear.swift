import Testing

/// Browsers place boxes on fractional pixels and round text metrics; ±1 px is the same place.
let layoutTolerance = 1.0

/// Expects a measured length to be `expected` within `layoutTolerance`, saying both in the failure.
func expectNear(_ measured: Double, _ expected: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(measured - expected) <= layoutTolerance, "\(what): measured \(measured), expected \(expected)",
            sourceLocation: sourceLocation)
}
