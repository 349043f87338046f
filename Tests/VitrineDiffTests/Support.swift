import VitrineCore
@testable import VitrineDiff

/// A revision held in memory.
struct MemoryRevision: InputSource {
    let files: [String: [UInt8]]

    init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    init(files: [String: [UInt8]]) {
        self.files = files
    }

    func read(_ path: String) throws(FileReader.Failure) -> [UInt8] {
        guard let bytes = files[path] else { throw FileReader.Failure(message: "no such file") }
        return bytes
    }

    /// Its files sorted as a walk lists them: payloads, and the rest as drawing inputs.
    var revision: Revision {
        var listing = InputListing()
        for path in files.keys.sorted(by: DirectoryWalker.byteOrder) { listing.add(path) }
        return Revision(payloads: listing.payloads, drawingInputs: listing.drawingInputs, source: self)
    }
}

enum Fixture {
    static func view(_ type: String, _ id: String, _ extra: String = "") -> String {
        #"{"type":"\#(type)","component":{"componentId":"\#(id)"\#(extra.isEmpty ? "" : "," + extra)}}"#
    }

    static func scene(_ views: [String]) -> String {
        #"{"hasNavigationBar":false,"container":{"componentId":"root","layout":{"type":"v","alignment":"leading"},"views":[\#(views.joined(separator: ","))]}}"#
    }

    static func text(_ id: String, _ text: String, _ extra: String = "") -> String {
        view("text", id, #""text":"\#(text)""# + (extra.isEmpty ? "" : "," + extra))
    }

    /// The changes of `a` → `b` (one file, `s.json`), as `class kind pointer: message`.
    static func changes(_ a: String, _ b: String, options: RevisionDiff.Options = .init()) -> [String] {
        let diff = RevisionDiff(old: MemoryRevision(["s.json": a]).revision, new: MemoryRevision(["s.json": b]).revision, options: options)
        return diff.files.flatMap(\.changes).map {
            let pointer = ($0.pointer ?? $0.oldPointer).map { $0.description.isEmpty ? "/" : $0.description } ?? "-"
            return "\($0.changeClass.rawValue) \($0.kind.rawValue) \(pointer): \($0.message)"
        }
    }
}
