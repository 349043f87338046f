#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import Logging
import NIOCore

/// The HTTP side of `vitrine serve`: the output folder over HTTP/1.1 on one address, with the
/// live channel when a `LiveSite` keeps the folder up to date.
public struct PreviewServer: Sendable {
    /// Where to listen and which `Host` names to answer besides loopback.
    public struct Settings: Sendable {
        /// The address to listen on (`--host`); `0.0.0.0` or `::` is every address of the machine.
        public var host: String
        /// The port to listen on (`--port`); 0 picks a free one.
        public var port: Int
        /// Further `Host` names to answer (`--allow-host`) besides loopback's.
        public var allowedHosts: [String]
        /// A connection that sends and receives nothing for this long is closed (a slow client
        /// that never finishes its request). Event streams send a comment every 15 s, so keep
        /// it above that.
        public var idleTimeout = Duration.seconds(30)

        /// Settings that listen on loopback, port 4000, unless told otherwise.
        public init(host: String = "127.0.0.1", port: Int = 4000, allowedHosts: [String] = []) {
            self.host = host
            self.port = port
            self.allowedHosts = allowedHosts
        }

        /// Whether the address is every address of the machine (`0.0.0.0`, `::`).
        public var isUnspecified: Bool { host == "0.0.0.0" || host == "::" }

        /// The machine's IPv4 addresses other than loopback, in URL form, by which others on the
        /// network reach a server listening on every address.
        public static var networkAddresses: [String] {
            var first: UnsafeMutablePointer<ifaddrs>?
            guard getifaddrs(&first) == 0 else { return [] }
            defer { freeifaddrs(first) }
            var found: [String] = []
            for entry in sequence(first: first, next: { $0?.pointee.ifa_next }) {
                guard let entry, let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
                var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                let v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                guard UInt32(bigEndian: v4.s_addr) >> 24 != 127, withUnsafePointer(to: v4, { inet_ntop(AF_INET, $0, &text, socklen_t(text.count)) }) != nil
                else { continue }
                let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !found.contains(name) { found.append(name) }
            }
            return found
        }

        /// Whether `name` can be a `Host` name to allow: letters, digits, `-`, `_` and `.`, or an
        /// IP address (IPv6 in brackets, as in a URL); not a URL, and without a port (any port
        /// is allowed).
        public static func isHostName(_ name: String) -> Bool {
            guard !name.isEmpty, name.utf8.count <= 253 else { return false }
            return HostAllowList.isAddress(name)
                || name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
        }

        /// The host part of a URL that reaches the server from this machine.
        public var urlHost: String {
            if isUnspecified { return "127.0.0.1" }
            return host.contains(":") ? "[\(host)]" : host
        }

        /// Whether the address is reachable only from this machine: `localhost`, an IPv4
        /// address in 127.0.0.0/8, or `::1`.
        public var isLoopback: Bool {
            if host == "localhost" { return true }
            var v4 = in_addr()
            if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
            var v6 = in6_addr()
            return inet_pton(AF_INET6, host, &v6) == 1 && withUnsafeBytes(of: &v6) { Array($0) } == Array(repeating: 0, count: 15) + [1]
        }
    }

    /// Why the server could not start.
    public struct Failure: Error, Sendable {
        /// Why, for the terminal (`port 4000 is in use (…)`).
        public var message: String
    }

    /// Comment frames keep event streams open through the idle timeout.
    static let keepAliveSeconds: UInt64 = 15

    let responder: SiteResponder
    let settings: Settings

    /// A server of the output folder, answering loopback names and those `settings` allows.
    /// - Parameters:
    ///   - output: the output folder's real path.
    ///   - live: the site being rebuilt; nil to serve the folder as it is, without live reload.
    public init(output: String, settings: Settings, live: LiveSite?) {
        var hosts = HostAllowList(extraNames: Set(settings.allowedHosts.map(HostAllowList.canonical)))
        // The address the server prints is allowed, a loopback one too (`127.0.0.2`).
        if !settings.isUnspecified { hosts.extraNames.insert(settings.host.contains(":") ? "[\(settings.host.lowercased())]" : settings.host.lowercased()) }
        if !settings.isLoopback { hosts.addresses = true }
        let token = live.map { _ in Self.newToken() }
        self.responder = SiteResponder(folder: OutputFolder(root: output), hosts: hosts,
                                       live: live.flatMap { site in token.map { (site.channel, $0, site.lastGood) } })
        self.settings = settings
    }

    /// The application, for running or for in-process tests.
    func application(onListening: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        var logger = Logger(label: "vitrine.serve")
        logger.logLevel = .critical
        return Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: TimeAmount(settings.idleTimeout))),
            configuration: ApplicationConfiguration(address: .hostname(settings.host, port: settings.port), serverName: nil),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Serves until the process ends; `onListening` gets the port (the chosen one with port 0).
    /// - Throws: `Failure` when the address cannot be bound, naming a port in use.
    public func run(onListening: @escaping @Sendable (Int) -> Void) async throws(Failure) {
        let channel = responder.live?.channel
        let keepAlive = Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: Self.keepAliveSeconds * 1_000_000_000)
                channel?.keepAlive()
            }
        }
        defer { keepAlive.cancel() }
        do {
            try await application(onListening: onListening).runService(gracefulShutdownSignals: [])
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw Failure(message: "port \(settings.port) is in use (try --port 0 for any free port)")
        } catch let error as IOError {
            throw Failure(message: "cannot listen on \(settings.host):\(settings.port): \(String(cString: strerror(error.errnoCode)))")
        } catch {
            throw Failure(message: "cannot listen on \(settings.host):\(settings.port): not an address of this machine")
        }
    }

    /// Fails at once, before any build, when the address cannot be used: a host that is not an
    /// address of this machine, or a port another program listens on. (The server binds again
    /// when it starts; this only makes the common mistakes cheap.)
    public static func checkAddress(_ settings: Settings) throws(Failure) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
#if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
#else
        hints.ai_socktype = SOCK_STREAM
#endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(settings.host, String(settings.port), &hints, &found) == 0, let address = found else {
            throw Failure(message: "cannot listen on \(settings.host): not an address or name of this machine")
        }
        defer { freeaddrinfo(found) }
        // Port 0 is bound too (to any free port): that tells whether the host is this machine's.
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
            if errno == EADDRINUSE { throw Failure(message: "port \(settings.port) is in use (try --port 0 for any free port)") }
            throw Failure(message: "cannot listen on \(settings.host):\(settings.port): \(String(cString: strerror(errno)))")
        }
    }

    /// 128 random bits in hex: a page must show this run's token to open the event stream.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let text = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - text.count) + text
        }.joined()
    }
}
