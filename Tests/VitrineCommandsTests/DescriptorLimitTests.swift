import Glibc
import Testing
import VitrineCommands

/// The CLI raises the soft limit on open files to the hard one at start.
@Suite struct DescriptorLimitTests {
    @Test func theSoftLimitIsRaisedToTheHardOne() throws {
        var limits = rlimit()
        try #require(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0)
        let wanted = min(limits.rlim_max, 65_536)
        try #require(wanted > 64, "a hard limit this low leaves nothing to test")
        // Lowered a little, never below what this process uses, then raised again.
        var lowered = limits
        lowered.rlim_cur = wanted - 1
        try #require(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lowered) == 0)
        DescriptorLimit.raise()
        try #require(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0)
        #expect(limits.rlim_cur == wanted)
    }
}
