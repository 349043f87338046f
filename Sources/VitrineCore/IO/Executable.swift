import Foundation

/// The running `vitrine` binary.
public enum Executable {
    /// Its real path: from `/proc/self/exe` where there is one, since the first argument is only
    /// `vitrine` when the shell found it on the `PATH`; else that argument, resolved.
    public static let path: String = {
        if let linked = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), linked.hasPrefix("/") {
            return linked
        }
        return DirectoryWalker.realPath(CommandLine.arguments.first ?? "") ?? ""
    }()
}
