#if canImport(Glibc)
import Foundation
import Testing
@testable import VitrineCore

/// `CrashNote` gives each building thread a slot for the payload it draws; a long `serve`
/// outlives many pool threads, so a thread's slot must come back when the thread ends.
@Suite struct CrashNoteTests {
    @Test func threadsThatEndGiveTheirSlotBack() throws {
        CrashNote.install()
        var gotSlots: [Bool] = []
        // More threads than there are slots, one after another: each finds a free slot only if
        // the ones before gave theirs back.
        for _ in 0..<200 {
            let done = DispatchSemaphore(value: 0)
            let result = ResultSlots<Bool>(count: 1)
            let thread = Thread {
                CrashNote.building("a.json")
                result[0] = CrashNote.slot() != nil
                CrashNote.building(nil)
                done.signal()
            }
            thread.start()
            done.wait()
            while !thread.isFinished { usleep(100) }
            gotSlots.append(result[0] ?? false)
        }
        #expect(gotSlots.allSatisfy { $0 }, "threads \(gotSlots.indices.filter { !gotSlots[$0] }) found no free slot")
    }
}
#endif
