// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What may be given as a sound device: a device's name, never a plugin's definition. ALSA reads a
/// device string as configuration, so `file:FILE=|cmd` runs a command; a name is a PCM's name as
/// `aplay -L` lists them (`default`, `hw:1`, `plughw:CARD=PCH,DEV=0`, `sysdefault:CARD=Intel`,
/// `pulse`), with only card, device and subdevice as arguments.
public enum AudioDeviceName {
    static let arguments: Set<String> = ["CARD", "DEV", "SUBDEV"]
    /// PCMs that take a file or a command as their argument.
    static let refused: Set<String> = ["file", "tee", "shm", "hooks", "ladspa", "external"]

    /// The rule as JSON Schema members (a string's), for the config file's schema; its refused names are
    /// matched in lower case only.
    static let schema = #", "minLength": 1, "maxLength": 128, "#
        + #""pattern": "^\#(word)(:\#(argument)(,\#(argument))*)?$", "#
        + #""not": { "pattern": "^(\#(refused.sorted().joined(separator: "|")))(:|$)" }"#
    private static let word = "[A-Za-z0-9_-]+"
    private static let argument = "((CARD|DEV|SUBDEV)=)?" + word

    public static func isValid(_ device: String) -> Bool {
        guard !device.isEmpty, device.utf8.count <= 128 else { return false }
        let parts = device.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard !name.isEmpty, name.utf8.allSatisfy(isWordByte), !refused.contains(name.lowercased()) else {
            return false
        }
        guard parts.count == 2 else { return true }
        // `hw:1`, `hw:1,0` or `hw:CARD=PCH,DEV=0`.
        return parts[1].split(separator: ",", omittingEmptySubsequences: false).allSatisfy { argument in
            let pair = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = pair.last ?? ""
            guard !value.isEmpty, value.utf8.allSatisfy(isWordByte) else { return false }
            return pair.count == 1 || arguments.contains(String(pair[0]))
        }
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
    }
}
