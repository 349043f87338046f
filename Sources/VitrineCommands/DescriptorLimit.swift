#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files. A build keeps each folder of its output open (up to a
/// quarter of the limit), and the soft limit many shells start with, 1,024, would leave a large
/// site's folders to be opened again for every file.
public enum DescriptorLimit {
    /// Raises the soft limit to the hard one (at most 65,536; macOS refuses more than 10,240
    /// unless told exactly), as Go's runtime does at start; a refusal leaves it as it was.
    public static func raise() {
        var limits = rlimit()
        guard get(&limits), limits.rlim_cur < limits.rlim_max else { return }
        for wanted in [min(limits.rlim_max, 65_536), min(limits.rlim_max, 10_240)] where wanted > limits.rlim_cur {
            var raised = limits
            raised.rlim_cur = wanted
            if set(&raised) { return }
        }
    }

    private static func get(_ limits: inout rlimit) -> Bool {
        #if canImport(Glibc)
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0
        #else
        getrlimit(RLIMIT_NOFILE, &limits) == 0
        #endif
    }

    private static func set(_ limits: inout rlimit) -> Bool {
        #if canImport(Glibc)
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0
        #else
        setrlimit(RLIMIT_NOFILE, &limits) == 0
        #endif
    }
}
