import Foundation
import VitrineCore

/// Runs the built `vitrine` executable, as a user would.
struct VitrineBinary {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The signal that ended the process, if one did.
        var signal: Int32?
    }

    /// The repository's root, found from this file.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable next to the test bundle (`swift build --build-tests` builds both).
    static let url: URL = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("vitrine")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "/nonexistent/vitrine")
    }()

    /// The launcher that runs the binary as `nobody` when the tests run as root, whom no file
    /// mode stops (util-linux's `setpriv`); none otherwise.
    static let asNobody = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    /// Whether a test of file modes can run: not as root, or as root with `setpriv` to drop to `nobody`.
    static let modesApply = geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// - Parameter launcher: a command that starts the executable, given after it with the
    ///   arguments (`sh -c '…; exec "$0" "$@"'`, `setpriv …`); empty runs it directly.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], through launcher: [String] = []) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launcher.first ?? url.path)
        process.arguments = launcher.isEmpty ? arguments : launcher.dropFirst() + [url.path] + arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Never the test runner's terminal: a launcher that makes a pty of its own (python's
        // pty.spawn) would put it in raw mode and pass it keystrokes.
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are read at once: read one after the other, a run writing more than a
        // pipe holds (64 KiB) to the second waited for the first to end, and so did the test.
        nonisolated(unsafe) var stderr = Data()
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            stderr = err.fileHandleForReading.readDataToEndOfFile()
            errorsRead.signal()
        }.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                   signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
}

extension VitrineBinary {
    /// Runs the executable with its output discarded and returns its exit status and peak
    /// resident memory. Measured by a small Python parent: Linux keeps the peak memory of the
    /// process an executable replaces, and spawned straight from the test process that would
    /// be the test process's own.
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        let script = "import resource, subprocess, sys; code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
            + "stderr=subprocess.DEVNULL).returncode; print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard numbers.count == 2 else { throw CocoaError(.executableLoad) }
        return (Int32(numbers[0]), numbers[1])
    }
}

/// A temporary folder removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init(in parent: URL = FileManager.default.temporaryDirectory) throws {
        url = parent.appendingPathComponent("vitrine-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// The text of the file at `relative`.
    func read(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }

    /// Every regular file below `relative` with its bytes.
    func files(under relative: String) -> [String: Data] {
        let root = url.appendingPathComponent(relative)
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if let data = try? Data(contentsOf: file), !file.hasDirectoryPath {
                result[String(file.path.dropFirst(root.path.count + 1))] = data
            }
        }
        return result
    }

    /// Every file of the output below `relative` but Vitrine's temporary files and journal.
    func site(under relative: String) -> [String: Data] {
        files(under: relative).filter { path, _ in
            let name = SitePath.fileName(path)
            return !name.hasPrefix(".vitrine-tmp-") && name != ".vitrine-commit"
        }
    }
}

/// A valid one-text scene.
func scene(_ text: String, id: String = "t") -> String {
    #"{"hasNavigationBar":true,"container":{"componentId":"root","layout":{"type":"v","alignment":"center"},"views":[{"type":"text","component":{"componentId":"\#(jsonEscaped(id))","text":"\#(jsonEscaped(text))"}}]}}"#
}

/// Escapes a JSON string's content scalar by scalar (`replacing` works on Characters and would
/// miss a `"` followed by a combining mark).
func jsonEscaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
