import Foundation

/// `vitrine serve` run as a user runs it: the built executable, its port read from stdout.
final class ServeProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private(set) var port = 0

    /// The executable beside the test bundle (`swift build --build-tests` builds both).
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("vitrine")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "/nonexistent/vitrine")
    }()

    /// Starts `vitrine serve ARGUMENTS` and waits (up to a minute) for its "Serving URL" line;
    /// `port` stays 0 when it exits first. With `fileSizeLimit` (`ulimit -f` blocks, SIGXFSZ
    /// ignored) larger writes fail as on a full disk; with `path`, that `PATH`.
    init(_ arguments: [String], fileSizeLimit: Int? = nil, path: String? = nil) throws {
        if let fileSizeLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(fileSizeLimit); exec \"$0\" serve \"$@\"", Self.executable.path] + arguments
        } else {
            process.executableURL = Self.executable
            process.arguments = ["serve"] + arguments
        }
        if let path { process.environment = ProcessInfo.processInfo.environment.merging(["PATH": path]) { $1 } }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line = Data()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            if byte == Data("\n".utf8) {
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix("Serving http://127.0.0.1:"), let number = Int(text.split(separator: ":").last?.dropLast() ?? "") {
                    port = number
                    break
                }
                line = Data()
            } else {
                line.append(byte)
            }
        }
    }

    /// Sends `signal` and waits for the exit: the status and how long it took.
    func stop(with signal: Int32 = SIGINT) -> (status: Int32, seconds: Double) {
        let started = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (process.terminationStatus, Date().timeIntervalSince(started))
    }

    /// Everything written to stderr (after the process ended).
    var stderr: String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// A live-reload event stream read from a raw socket, frame by frame.
final class EventStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init?(port: Int, target: String) {
        guard let descriptor = RawHTTP.connection(port: port, readTimeout: timeval(tv_sec: 0, tv_usec: 200_000)) else { return nil }
        self.descriptor = descriptor
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    }

    deinit { close(descriptor) }

    /// Sends `bytes` on the stream's connection, as a client that abuses it would; stops at the
    /// first failure (the server may close the connection) and returns how many bytes went.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Int {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
        return sent
    }

    /// The next `data:` frame's JSON, waiting up to `seconds`.
    func next(within seconds: Double = 10) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let text = String(decoding: buffer, as: UTF8.self)
            if let start = text.range(of: "data: "), let end = text.range(of: "\n\n", range: start.upperBound..<text.endIndex) {
                let json = String(text[start.upperBound..<end.lowerBound])
                buffer = Array(text[end.upperBound...].utf8)
                return (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count > 0 { buffer += chunk[0..<count] } else if count == 0 { return nil }
        }
        return nil
    }
}
