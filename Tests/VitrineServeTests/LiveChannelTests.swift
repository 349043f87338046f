import Foundation
import Testing
@testable import VitrineServe

/// The live channel's fan-out (bad-inputs.md SV23): publishing never waits for a page, and a page
/// that stops reading keeps only the newest events, in order.
@Suite struct LiveChannelTests {
    @Test func subscribersThatDoNotReadKeepTheNewestEventsInOrder() async throws {
        let channel = LiveChannel()
        let streams = (0..<200).map { _ in channel.subscribe(since: 0) }
        for build in 1...50 {
            channel.publish(BuildEvent(build: build, changed: ["screens/\(build).html"], failed: [], errors: [], moreErrors: 0, milliseconds: 1))
        }
        channel.close()
        let newest = Array(50 - LiveChannel.bufferLength + 1...50)
        for stream in streams {
            var builds: [Int] = []
            for await frame in stream {
                let json = try #require(frame.hasPrefix("data: ") ? frame.dropFirst(6) : nil)
                builds.append(try JSONDecoder().decode(BuildEvent.self, from: Data(json.utf8)).build)
            }
            #expect(builds == newest)
        }
    }
}
