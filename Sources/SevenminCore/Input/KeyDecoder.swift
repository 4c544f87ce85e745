// SPDX-License-Identifier: GPL-3.0-or-later
/// Turns the bytes a terminal sends in non-canonical mode into keys, for plain mode, where curses
/// does not read the keyboard: UTF-8 characters, Enter (CR, LF or both, as the terminal's `icrnl` has it),
/// and the arrows as VT100 sends them (`ESC [ C`, or `ESC O C` in application mode). Anything else
/// becomes `.other` and does nothing.
public enum KeyDecoder {
    public static func keys(from bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            let introducer = i + 2 < bytes.count ? bytes[i + 1] : 0
            if byte == 0x1B, introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") {
                switch bytes[i + 2] {
                case UInt8(ascii: "A"): keys.append(.up)
                case UInt8(ascii: "B"): keys.append(.down)
                case UInt8(ascii: "C"): keys.append(.right)
                case UInt8(ascii: "D"): keys.append(.left)
                default: keys.append(.other(Int(bytes[i + 2])))
                }
                i += 3
                continue
            }
            if byte == 0x0D || byte == 0x0A {
                keys.append(.character("\n"))
                i += byte == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                continue
            }
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            let end = min(bytes.count, i + length)
            if let text = String(validating: bytes[i..<end], as: UTF8.self), let character = text.first,
               text.count == 1, byte >= 0x20, byte != 0x7F {
                keys.append(.character(character))
            } else {
                keys.append(.other(Int(byte)))
            }
            i = end
        }
        return keys
    }
}
