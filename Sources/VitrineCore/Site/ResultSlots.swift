import Dispatch

/// Fixed-size storage that concurrent workers (`DispatchQueue.concurrentPerform`) fill at
/// distinct indices; read once every worker is done.
public final class ResultSlots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    /// `count` empty slots.
    public init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    /// The value of one index; each index is written by one worker only.
    public subscript(index: Int) -> Value? {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// The values filled, in index order.
    public var values: [Value] { storage.compactMap { $0 } }
}

extension ResultSlots {
    /// `body` of each index below `count`, worked out on every core, in index order.
    public static func map(_ count: Int, _ body: @Sendable (Int) -> Value) -> [Value] {
        let slots = ResultSlots(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { slots[$0] = body($0) }
        return slots.values
    }
}
