// SPDX-License-Identifier: GPL-3.0-or-later

/// Who left a copy of a history in `history.d`: the machine's id (128 random bits in hex, made once and
/// kept in its state folder), which names the copy, and its host name, a label for people. Kept in the copy
/// itself (a table of its own, which the history's readers never look at), so that a copy renamed, copied by
/// hand or by a sync, is still known as that machine's; two machines of one host name (`debian`,
/// `raspberrypi`) have two ids.
public struct Publisher: Equatable, Sendable {
    public let machine: String
    public let host: String

    /// Nil unless `machine` is a machine id and `host` a label `hostLabel` could have made.
    public init?(machine: String, host: String) {
        guard Self.isMachineID(machine), !host.isEmpty, host.utf8.count <= 64,
              host.unicodeScalars.allSatisfy(Self.isLabelScalar) else { return nil }
        self.machine = machine
        self.host = host
    }

    /// Whether `text` is a machine id: 32 lowercase hexadecimal digits.
    public static func isMachineID(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A new machine id, from the system's random source.
    public static func newMachineID() -> String {
        var random = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(random.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// `name` as a label: letters, digits, `-`, `_` and `.` kept, anything else a `-`; nil when nothing is
    /// left, or it would be a hidden file's name.
    public static func hostLabel(_ name: String) -> String? {
        let label = String(String.UnicodeScalarView(name.unicodeScalars.prefix(64).map {
            isLabelScalar($0) ? $0 : "-"
        }))
        return label.isEmpty || label.hasPrefix(".") ? nil : label
    }

    private static func isLabelScalar(_ s: Unicode.Scalar) -> Bool {
        s.isASCII && (("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
            || s == "-" || s == "_" || s == ".")
    }
}

/// Where this machine leaves its copy in `history.d` (the folder `ID/`, a file a month), who it says published
/// it, and where the copy was before copies were named by the machine's id (`HOST.sqlite3`).
public struct PublishedCopy: Equatable, Sendable {
    public let path: String
    public let publisher: Publisher
    public let formerly: String?
    /// Whether each file of the copy is on the disk before it is put in place (`AtomicFile`): always, but for
    /// a test's copies, which nothing needs after it.
    public let durable: Bool

    public init(path: String, publisher: Publisher, formerly: String?, durable: Bool = true) {
        self.path = path
        self.publisher = publisher
        self.formerly = formerly
        self.durable = durable
    }
}
