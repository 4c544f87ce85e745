// SPDX-License-Identifier: GPL-3.0-or-later
/// Names for routines in the user's folder: safe as file names.
public enum RoutineName {
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && !name.hasPrefix("-") && name.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
        }
    }
}
