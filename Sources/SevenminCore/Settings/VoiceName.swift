// SPDX-License-Identifier: GPL-3.0-or-later
/// What makes a voice name (Flite's or espeak-ng's), for the command line and the config file alike.
public enum VoiceName {
    public static func isValid(_ name: String) -> Bool {
        // espeak-ng's voice names are ASCII: letters, digits and `-_+/` (as in `en-us`, `mb/mb-de1`).
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "-_+/".utf8.contains(b)
        }
    }
}
