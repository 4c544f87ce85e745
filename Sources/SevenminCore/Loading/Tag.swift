// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Exercise tags: short lower-case words, so that `--without` matches them exactly.
public enum Tag {
    public static func isValid(_ tag: String) -> Bool {
        !tag.isEmpty && tag.utf8.count <= 32 && tag.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
        }
    }
}
