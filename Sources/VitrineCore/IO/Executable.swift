import Foundation

/// The running `vitrine` binary.
public enum Executable {
    /// Its real path, as the system knows it (`/proc/self/exe` on Linux): the first argument is
    /// only `vitrine` when the shell found it on the `PATH`. That argument, resolved, if not.
    public static let path: String = {
        if let known = Bundle.main.executablePath, let real = DirectoryWalker.realPath(known) { return real }
        return DirectoryWalker.realPath(CommandLine.arguments.first ?? "") ?? ""
    }()
}
