import VitrineCore

/// What happened to one payload file between two revisions.
public struct FileDiff: Sendable, Equatable {
    /// Whether the file was added, removed, renamed or changed.
    public enum Status: String, Sendable {
        /// In the new revision only, in the old only, under another path, or edited in place.
        case added, removed, renamed, changed
    }

    /// The file's path in the new revision (in the old one when it was removed).
    public var path: String
    /// The old path of a renamed file.
    public var oldPath: String?
    /// What happened to the file.
    public var status: Status
    /// Most severe first, then in document order.
    public var changes: [Change]

    /// The changes of the file at `path` (`oldPath` when it was renamed).
    public init(path: String, oldPath: String? = nil, status: Status, changes: [Change]) {
        self.path = path
        self.oldPath = oldPath
        self.status = status
        self.changes = changes
    }

    /// The number of changes of each class.
    public func count(_ changeClass: ChangeClass) -> Int {
        changes.count { $0.changeClass == changeClass }
    }

    /// The most severe class among the changes (a file added, removed or renamed has a
    /// structure change of its own).
    public var worstClass: ChangeClass? {
        changes.map(\.changeClass).min()
    }
}
