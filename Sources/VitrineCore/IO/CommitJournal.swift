/// What a build's last step does to the output, written down before it starts: the files to move
/// from their temporary names into place, and the complete list of the new site (the manifest).
///
/// A build writes every page under a temporary name and moves none until it ends. Until the
/// journal is in place a killed build leaves the previous site whole (the next run deletes the
/// temporary files); once it is, the next run finishes the moves, so the new site is complete.
struct CommitJournal: Equatable {
    static let fileName = ".vitrine-commit"
    private static let header = Array("vitrine-commit 1\n".utf8)
    private static let trailer = Array("end\n".utf8)

    /// Every file of the new site, in the order the manifest lists them.
    var listed: [String]
    /// Destination and temporary name, both relative to the output root, in the same folder.
    var moves: [(destination: String, temporary: String)]

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.listed == rhs.listed && lhs.moves.elementsEqual(rhs.moves) { $0 == $1 }
    }

    /// NUL-separated, as output paths cannot hold NUL but may hold line feeds: the header, the
    /// listed paths, an empty field, destination and temporary name pairs, and a trailer.
    var bytes: [UInt8] {
        var bytes = Self.header
        for path in listed { bytes += path.utf8; bytes.append(0) }
        bytes.append(0)
        for move in moves {
            bytes += move.destination.utf8; bytes.append(0)
            bytes += move.temporary.utf8; bytes.append(0)
        }
        return bytes + Self.trailer
    }

    init(listed: [String], moves: [(destination: String, temporary: String)]) {
        self.listed = listed
        self.moves = moves
    }

    /// Reads a journal; `nil` when it is not one, was cut short (no trailer), or names a move that is not
    /// from a temporary file of Vitrine's beside its destination or in the output's root (where a
    /// file waits while an old file blocks its folder).
    init?(bytes: [UInt8]) {
        guard bytes.count >= Self.header.count + Self.trailer.count + 1, bytes.starts(with: Self.header),
              bytes.reversed().starts(with: Self.trailer.reversed()), bytes[bytes.count - Self.trailer.count - 1] == 0 else { return nil }
        let fields = bytes[Self.header.count..<(bytes.count - Self.trailer.count - 1)].split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let end = fields.firstIndex(of: "") else { return nil }
        let pairs = fields[(end + 1)...]
        guard pairs.count % 2 == 0 else { return nil }
        listed = Array(fields[..<end])
        moves = stride(from: pairs.startIndex, to: pairs.endIndex, by: 2).map { (pairs[$0], pairs[$0 + 1]) }
        for move in moves {
            let folder = SitePath.folder(of: move.destination)
            let from = SitePath.folder(of: move.temporary)
            guard from == folder || from.isEmpty,
                  SitePath.fileName(move.temporary).hasPrefix(LocalSiteWriter.temporaryPrefix) else { return nil }
        }
    }
}
