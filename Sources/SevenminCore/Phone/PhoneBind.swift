// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// `--phone-bind ADDR[:PORT]`: one address a phone can open, IPv4 (`127.0.0.1:8765`) or IPv6 (`[::1]:8765`,
/// or `::1` without a port), and a fixed port if given, so that one `ssh -L` serves every workout.
public struct PhoneBind: Equatable, Sendable {
    /// The address, without brackets.
    public var address: String
    /// The port; nil for one the kernel picks at each workout.
    public var port: Int?
    /// Whether the address is this machine's loopback (127.0.0.0/8, ::1), reached over a tunnel, where the
    /// page also answers to `localhost`.
    public var isLoopback: Bool

    /// Why a text is not an address to serve on: what it should be.
    public enum Problem: Error, Equatable, Sendable {
        case notAnAddress
        case badPort
        /// 0.0.0.0 or `::`: every interface, which is no address a phone can open.
        case unspecified
        /// 255.255.255.255.
        case broadcast
        /// 224.0.0.0/4 or ff00::/8: a group, not a host.
        case multicast

        /// What `--phone-bind` expects, said against this problem.
        public var expected: String {
            switch self {
            case .notAnAddress: "an address such as 127.0.0.1, 127.0.0.1:8765 or [::1]:8765"
            case .badPort: "a port from 1 to 65535 after the address, such as 127.0.0.1:8765"
            case .unspecified: "one address a phone can open, not every interface's (such as 192.168.1.20)"
            case .broadcast: "one machine's address, not the broadcast address"
            case .multicast: "one machine's address, not a multicast group's"
            }
        }
    }

    /// Parses `ADDR[:PORT]`; an IPv6 address with a port is in brackets.
    public static func parse(_ text: String) throws(Problem) -> PhoneBind {
        var host = Substring(text), port: Int?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw .notAnAddress }
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw .notAnAddress }
                port = try number(rest.dropFirst())
            }
            guard host.contains(":") else { throw .notAnAddress }
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            port = try number(host[host.index(after: colon)...])
            host = host[..<colon]
        }
        let address = String(host)
        if let bytes = ipv4(address) {
            if bytes[0] == 0 { throw .unspecified }
            if bytes.allSatisfy({ $0 == 255 }) { throw .broadcast }
            if bytes[0] >= 224 && bytes[0] <= 239 { throw .multicast }
            return PhoneBind(address: address, port: port, isLoopback: bytes[0] == 127)
        }
        guard let groups = ipv6(address) else { throw .notAnAddress }
        if groups.allSatisfy({ $0 == 0 }) { throw .unspecified }
        if groups[0] >> 8 == 0xFF { throw .multicast }
        return PhoneBind(address: address, port: port, isLoopback: groups == [0, 0, 0, 0, 0, 0, 0, 1])
    }

    /// A port, 1 to 65535.
    private static func number(_ text: Substring) throws(Problem) -> Int {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text),
              (1...65535).contains(n) else { throw .badPort }
        return n
    }

    /// The four bytes of an IPv4 address in dotted quads, no leading zeros.
    static func ipv4(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  part.count == 1 || part.first != "0", let n = Int(part), n <= 255 else { return nil }
            return n
        }
        return bytes.count == 4 ? bytes : nil
    }

    /// The eight groups of an IPv6 address (RFC 4291 text: `::` once at most, a dotted IPv4 tail allowed).
    static func ipv6(_ text: String) -> [Int]? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String, last: Bool) -> [Int]? {
            guard !half.isEmpty else { return [] }
            var out: [Int] = []
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (k, part) in parts.enumerated() {
                if last, k == parts.count - 1, part.contains("."), let v4 = ipv4(String(part)) {
                    out += [v4[0] << 8 | v4[1], v4[2] << 8 | v4[3]]
                } else {
                    guard !part.isEmpty, part.count <= 4, let n = Int(part, radix: 16), part.allSatisfy(\.isHexDigit)
                    else { return nil }
                    out.append(n)
                }
            }
            return out
        }
        guard let head = groups(halves[0], last: halves.count == 1) else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard let tail = groups(halves[1], last: true), head.count + tail.count <= 7 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
