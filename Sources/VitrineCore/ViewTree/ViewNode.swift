/// One node of the dialect-neutral view tree that every payload format is mapped into.
public struct ViewNode: Sendable, Equatable {
    /// What the node draws.
    public var kind: ViewKind
    /// Modifiers in application order, innermost first: each wraps everything before it.
    public var modifiers: [Modifier]
    /// The payload's own identifier (`componentId`, section or item `id`), if any.
    public var id: String?
    /// Where in the payload the node came from.
    public var source: SourceRef
    /// The payload's name for what this node stands for (`text`, `container.h`, `section.card_01`,
    /// `cell.card_info`), for the catalogue's counts and gallery; nil for parts a dialect adds itself.
    public var component: String?

    public init(_ kind: ViewKind, modifiers: [Modifier] = [], id: String? = nil, source: SourceRef, component: String? = nil) {
        self.kind = kind
        self.modifiers = modifiers
        self.id = id
        self.source = source
        self.component = component
    }
}

/// The place in a payload file a node was read from: its JSON Pointer, and the byte offset
/// of its value, which `SourceText.location(of:)` turns into line:column when a person needs it.
public struct SourceRef: Sendable, Hashable {
    public var pointer: JSONPointer
    public var offset: Int

    public init(pointer: JSONPointer, offset: Int) {
        self.pointer = pointer
        self.offset = offset
    }
}
