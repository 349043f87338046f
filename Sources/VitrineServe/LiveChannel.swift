import Foundation
import VitrineCore

/// Fans build events out to every connected page (Server-Sent Events), one way only: clients
/// never send anything through it. Each subscriber has a small buffer; one that stops reading
/// loses old events rather than holding memory or the others up.
final class LiveChannel: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextSubscriber = 0
    /// The latest events, oldest first, so a page that connects late learns what it missed.
    private var history: [BuildEvent] = []
    private var closed = false

    /// Events kept for pages that connect after a build.
    static let historyLength = 64
    /// Events buffered for a subscriber that does not read (a page that then misses one sees the
    /// gap in the next event's `since` and reloads).
    static let bufferLength = 16

    /// A stream of Server-Sent Events frames starting with what changed since `build`, the build
    /// the page was served from.
    func subscribe(since build: Int) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(Self.bufferLength))
        lock.withLock {
            if let latest = history.last {
                var catchUp = latest
                if let oldest = history.first, build < oldest.build - 1 {
                    catchUp.changed = ["*"]
                } else {
                    let missed = history.filter { $0.build > build }.flatMap(\.changed)
                    // Byte for byte: a page renamed NFC to NFD is two pages to reload.
                    catchUp.changed = Array(Set(missed.map(PathKey.init))).map(\.path).sorted(by: DirectoryWalker.byteOrder)
                }
                catchUp.since = min(build, latest.build)
                continuation.yield(Self.encoded(catchUp))
            }
            guard !closed else {
                continuation.finish()
                return
            }
            let id = nextSubscriber
            nextSubscriber += 1
            subscribers[id] = continuation
            continuation.onTermination = { [weak self] _ in
                self?.lock.withLock { _ = self?.subscribers.removeValue(forKey: id) }
            }
        }
        return stream
    }

    /// Sends an event to every subscriber and keeps it for late ones.
    func publish(_ event: BuildEvent) {
        let text = Self.encoded(event)
        let targets = lock.withLock {
            history.append(event)
            if history.count > Self.historyLength { history.removeFirst(history.count - Self.historyLength) }
            return Array(subscribers.values)
        }
        for subscriber in targets { subscriber.yield(text) }
    }

    /// The number of the last finished build (0 before the first).
    var build: Int { lock.withLock { history.last?.build ?? 0 } }

    /// Sends a comment frame to every subscriber, so idle connections stay open through the
    /// server's idle timeout and dead ones are noticed.
    func keepAlive() {
        let targets = lock.withLock { Array(subscribers.values) }
        for subscriber in targets { subscriber.yield(": keep-alive\n\n") }
    }

    /// Ends every stream, so the server can stop.
    func close() {
        let targets = lock.withLock {
            closed = true
            return Array(subscribers.values)
        }
        for subscriber in targets { subscriber.finish() }
    }

    private static func encoded(_ event: BuildEvent) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(event)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "data: " + json + "\n\n"
    }
}
