// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin hr`: the Bluetooth LE heart-rate straps and watches within reach.
public struct HRCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "hr",
        abstract: "List nearby Bluetooth LE devices that send a heart rate, for 'start --hr'.",
        discussion: "scan asks BlueZ (on the system bus) to look for devices offering the Heart Rate Service "
            + "and prints each one's address, signal (RSSI, in dBm) and name. Put a chest strap on, or set a "
            + "watch to broadcast its heart rate, before scanning.",
        positional: .required("action", help: "scan: look for devices.", values: .choices(["scan"])),
        options: [Option.seconds])

    public enum Option {
        public static let seconds = OptionSpec(long: "seconds", value: "n",
            help: "Look for this many seconds. (default: 5)")
    }

    /// How long to look, in seconds.
    public var seconds = 5

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        guard parsed.positional.first == "scan" else {
            throw .invalidValue(option: "action", value: parsed.positional.first ?? "", expected: "scan",
                                command: Self.spec.name)
        }
        seconds = try parsed.integer(Option.seconds, in: 1...120) ?? 5
    }
}
