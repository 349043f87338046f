#if canImport(Glibc)
import Glibc
import Foundation

/// Names the payload a thread was building when the process dies of a fatal signal: a Swift
/// trap cannot be caught, so a bug in Vitrine (bad-inputs.md I09) ends the process, and this
/// line tells the user which file to report it with. The runtime's own crash report follows.
///
/// Each building thread owns a fixed slot; the handler only reads slots and calls `write(2)`.
public enum CrashNote {
    private static let slotCount = 64
    private static let slotBytes = 1024
    private static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    /// Installs the handler (once, before any build starts).
    public static func install() {
        guard slots == nil else { return }
        slots = .allocate(capacity: slotCount * slotBytes)
        lengths = .allocate(capacity: slotCount)
        lengths?.initialize(repeating: 0, count: slotCount)
        pthread_key_create(&slotKey) { stored in CrashNote.release(Int(bitPattern: stored) - 1) }
        previous = .allocate(capacity: Int(signals.max()!) + 1)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            action.sa_flags = SA_ONSTACK  // on the thread's alternate stack when it has one (a stack overflow)
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previous! + Int(signal))
        }
    }

    /// Notes that this thread builds `payload` now; nil when it is done.
    static func building(_ payload: String?) {
        guard let slots, let lengths, let slot = slot() else { return }
        lengths[slot] = 0
        guard let payload else { return }
        let bytes = Array(payload.utf8.prefix(slotBytes))
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { (slots + slot * slotBytes).update(from: $0.baseAddress!, count: bytes.count) }
        lengths[slot] = bytes.count
    }

    /// This thread's slot, given on its first payload and given back when the thread ends (a
    /// long `serve` outlives many pool threads); nil when every slot is taken.
    static func slot() -> Int? {
        if let stored = pthread_getspecific(slotKey) { return Int(bitPattern: stored) - 1 }
        guard let slot = assignment.withLock({ freeSlots.popLast() }) else { return nil }
        pthread_setspecific(slotKey, UnsafeRawPointer(bitPattern: slot + 1))
        return slot
    }

    private static func release(_ slot: Int) {
        lengths?[slot] = 0
        assignment.withLock { freeSlots.append(slot) }
    }

    private static let assignment = NSLock()
    nonisolated(unsafe) private static var freeSlots = Array((0..<slotCount).reversed())
    nonisolated(unsafe) private static var slotKey = pthread_key_t()
    nonisolated(unsafe) private static var slots: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var lengths: UnsafeMutablePointer<Int>?
    nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>?

    /// Writes the note, puts the previous handler back and returns: the faulting instruction
    /// runs again and the runtime's handler (or the default action) takes over.
    private static let handler: @convention(c) (Int32) -> Void = { signal in
        if let slots, let lengths, let stored = pthread_getspecific(slotKey) {
            let slot = Int(bitPattern: stored) - 1
            if lengths[slot] > 0 {
                let start: StaticString = "\nvitrine: crashed while building "
                let end: StaticString = ": this is a bug in Vitrine; please report it with that file\n"
                _ = write(2, start.utf8Start, start.utf8CodeUnitCount)
                _ = write(2, slots + slot * slotBytes, lengths[slot])
                _ = write(2, end.utf8Start, end.utf8CodeUnitCount)
            }
        }
        if let previous { sigaction(signal, previous + Int(signal), nil) }
    }
}
#else
/// Names the payload being built when the process crashes; Linux only, elsewhere it does nothing.
public enum CrashNote {
    /// Does nothing on this platform.
    public static func install() {}
    static func building(_ payload: String?) {}
}
#endif
