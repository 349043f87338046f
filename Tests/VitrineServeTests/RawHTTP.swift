#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A loopback HTTP client that sends bytes exactly as given (no normalisation of the target,
/// as bad-inputs.md §5.2 asks) and reads the whole answer (30 s at most: the whole suite runs in parallel).
enum RawHTTP {
    struct Answer {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]
        var raw: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// `get` on a thread of its own: a test running a server in this process must not block one
    /// of the few Swift concurrency threads the server answers on.
    static func get(_ target: String, port: Int, host: String? = "127.0.0.1", method: String = "GET", extra: String = "") async -> Answer? {
        await offThePool { get(target, port: port, host: host, method: method, extra: extra) }
    }

    /// `send` on a thread of its own.
    static func send(_ bytes: [UInt8], port: Int, untilComplete: Bool = false) async -> Answer? {
        await offThePool { send(bytes, port: port, untilComplete: untilComplete) }
    }

    /// `exchange` on a thread of its own.
    static func exchange(_ bytes: [UInt8], port: Int, untilComplete: Bool = false) async -> [UInt8]? {
        await offThePool { exchange(bytes, port: port, untilComplete: untilComplete) }
    }

    /// Runs blocking socket calls on a thread of their own, not on Swift concurrency's pool.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    /// `GET target` with a Host header and `Connection: close`.
    static func get(_ target: String, port: Int, host: String? = "127.0.0.1", method: String = "GET", extra: String = "") -> Answer? {
        var request = "\(method) \(target) HTTP/1.1\r\n"
        if let host { request += "Host: \(host)\r\n" }
        request += extra + "Connection: close\r\n\r\n"
        return send(Array(request.utf8), port: port)
    }

    /// Sends `bytes` on a new connection and reads until the server closes it.
    static func send(_ bytes: [UInt8], port: Int, untilComplete: Bool = false) -> Answer? {
        let raw = exchange(bytes, port: port, untilComplete: untilComplete)
        return raw.flatMap(parse)
    }

    /// Sends `bytes` and reads until the server closes the connection, or, with `untilComplete`,
    /// until one response with a Content-Length is whole (HTTP/1.0 connections stay open until
    /// the idle timeout: Hummingbird answers them in HTTP/1.1 with exact framing).
    static func exchange(_ bytes: [UInt8], port: Int, untilComplete: Bool = false) -> [UInt8]? {
        guard let descriptor = connection(port: port, readTimeout: timeval(tv_sec: 30, tv_usec: 0)) else { return nil }
        defer { close(descriptor) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + sent, bytes.count - sent) }
            if count <= 0 { break }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            received += buffer[0..<count]
            if untilComplete, let answer = parse(received), let length = answer.header("Content-Length").flatMap(Int.init),
               answer.body.count >= length { break }
        }
        return received
    }

    /// A TCP connection to 127.0.0.1:`port` whose reads give up after `readTimeout`; nil when refused.
    static func connection(port: Int, readTimeout: timeval) -> Int32? {
#if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
#else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
#endif
        guard descriptor >= 0 else { return nil }
        var timeout = readTimeout
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    static func parse(_ raw: [UInt8]) -> Answer? {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0...(max(raw.count - 4, 0))).first(where: { raw.count >= $0 + 4 && Array(raw[$0..<$0 + 4]) == separator }) else { return nil }
        let head = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else { return nil }
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Answer(status: status, headers: headers, body: Array(raw[(end + 4)...]), raw: raw)
    }
}
