import Foundation

/// Standard input, output and error as the command was started with them. One that was closed
/// is opened on `/dev/null` before anything else is opened, so that no file the command opens
/// takes its number and receives what is written to that stream; `closed` remembers which.
public enum StandardStreams {
    /// The standard descriptors that were closed at launch.
    nonisolated(unsafe) public private(set) static var closed: Set<Int32> = []

    /// Fills closed standard descriptors with `/dev/null`; call first thing, before any thread starts.
    public static func secure() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            closed.insert(descriptor)
            // The lowest free number is the one just found closed.
            _ = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
        }
    }
}
