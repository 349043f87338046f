/// One node of the dialect-neutral view tree that every payload format is mapped into.
///
/// A value, its fields kept in one shared box: a copy (every walk over a list of children makes
/// one) costs one reference count, not one per field; a change copies the box when it is shared.
public struct ViewNode: Sendable, Equatable, CustomReflectable {
    private final class Storage: @unchecked Sendable {
        var kind: ViewKind
        var modifiers: [Modifier]
        var id: String?
        var source: SourceRef
        var component: String?

        init(kind: ViewKind, modifiers: [Modifier], id: String?, source: SourceRef, component: String?) {
            (self.kind, self.modifiers, self.id, self.source, self.component) = (kind, modifiers, id, source, component)
        }

        func copy() -> Storage {
            Storage(kind: kind, modifiers: modifiers, id: id, source: source, component: component)
        }
    }

    private var storage: Storage

    /// The box, copied first when another node shares it.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// What the node draws.
    public var kind: ViewKind {
        get { storage.kind }
        set { unique.kind = newValue }
        _modify { yield &unique.kind }
    }
    /// Modifiers in application order, innermost first: each wraps everything before it.
    public var modifiers: [Modifier] {
        get { storage.modifiers }
        set { unique.modifiers = newValue }
        _modify { yield &unique.modifiers }  // `node.modifiers.append` changes the array in place
    }
    /// The payload's own identifier (`componentId`, section or item `id`), if any.
    public var id: String? {
        get { storage.id }
        set { unique.id = newValue }
    }
    /// Where in the payload the node came from.
    public var source: SourceRef {
        get { storage.source }
        set { unique.source = newValue }
    }
    /// The payload's name for what this node stands for (`text`, `container.h`, `section.card_01`,
    /// `cell.card_info`), for the catalogue's counts and gallery; nil for parts a dialect adds itself.
    public var component: String? {
        get { storage.component }
        set { unique.component = newValue }
    }

    /// A node that draws `kind`, read from `source`.
    public init(_ kind: ViewKind, modifiers: [Modifier] = [], id: String? = nil, source: SourceRef, component: String? = nil) {
        storage = Storage(kind: kind, modifiers: modifiers, id: id, source: source, component: component)
    }

    /// A test failure shows the node's fields, not its box.
    public var customMirror: Mirror {
        Mirror(self, children: ["kind": kind, "modifiers": modifiers, "id": id as Any, "source": source, "component": component as Any])
    }

    public static func == (lhs: ViewNode, rhs: ViewNode) -> Bool {
        lhs.storage === rhs.storage || (lhs.kind == rhs.kind && lhs.modifiers == rhs.modifiers && lhs.id == rhs.id
            && lhs.source == rhs.source && lhs.component == rhs.component)
    }
}

/// The place in a payload file a node was read from: its JSON Pointer, and the byte offset
/// of its value, which `SourceText.location(of:)` turns into line:column when a person needs it.
public struct SourceRef: Sendable, Hashable {
    /// The JSON Pointer of the node's value in the payload.
    public var pointer: JSONPointer
    /// The byte offset of the value's first byte in the payload file.
    public var offset: Int

    /// A reference to the value at `pointer`, whose first byte is at `offset`.
    public init(pointer: JSONPointer, offset: Int) {
        self.pointer = pointer
        self.offset = offset
    }
}
