#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Host` names the server answers, against DNS rebinding: a page on attacker.example
/// whose name now points at 127.0.0.1 still sends `Host: attacker.example` and is refused.
///
/// IP addresses cannot be rebound, so when the server listens beyond loopback (`--host`), any
/// IP address is accepted too: other machines reach it by this machine's address.
struct HostAllowList: Sendable {
    /// Names allowed besides loopback (`--allow-host`, and the bind address when it is not loopback).
    var extraNames: Set<String> = []
    /// Whether any IP address is allowed (the server listens beyond loopback).
    var addresses = false

    /// Whether a `Host` header value (name, optional port) is allowed; the port is not checked.
    func allows(_ host: String) -> Bool {
        let name = Self.canonical(Self.name(of: host))
        guard !name.isEmpty else { return false }
        return name == "localhost" || name == "127.0.0.1" || name == "[::1]" || name.hasSuffix(".localhost")
            || extraNames.contains(name) || (addresses && Self.isAddress(name))
    }

    /// A name as it is compared: in lower case, without a final dot (`localhost.` is
    /// `localhost`: the dot only says the name is whole).
    static func canonical(_ name: String) -> String {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".") && lowered.count > 1 ? String(lowered.dropLast()) : lowered
    }

    /// Whether a host name is an IPv4 address or a bracketed IPv6 one.
    static func isAddress(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return true }
        return name.hasPrefix("[") && name.hasSuffix("]") && inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &v6) == 1
    }

    /// The name part of `name:port` or `[v6]:port`.
    static func name(of host: String) -> String {
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return "" }
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCII) && rest.dropFirst().allSatisfy(\.isNumber)) else { return "" }
            return String(host[...close])
        }
        let parts = host.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return "" }
        if parts.count == 2, parts[1].isEmpty || !parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) { return "" }
        return String(parts[0])
    }
}
