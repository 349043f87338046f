import Dispatch
import Foundation

/// How a command that writes a site ends on SIGINT, SIGTERM or SIGHUP: once `stop` returns,
/// with 130, 143 or 129, as the default action would. `stop` lets writes under way finish and
/// removes temporary files, so a site being moved into place (the commit) or cleaned is
/// completed, never left half old and half new. Made once per process: the signals stay handled
/// until it exits.
final class SignalStop: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    private let lock = NSLock()
    private var received = false

    init(console: Console, _ stop: @escaping @Sendable () -> Void) {
        sources = [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))].map { signalNumber, code in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                lock.withLock { received = true }
                stop()
                // SIGHUP: the terminal was closed, so nothing is written to it.
                if !console.quiet, signalNumber != SIGHUP { console.write("\nStopped.\n") }
                Foundation.exit(code)
            }
            source.resume()
            return source
        }
    }

    /// Once a signal has come, waits for its handler to end the process: what a stopped build
    /// returns (writes refused) is not reported, nor its exit code used.
    func settle() {
        while lock.withLock({ received }) { sleep(1) }
    }
}
