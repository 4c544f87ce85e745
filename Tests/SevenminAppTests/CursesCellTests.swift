// SPDX-License-Identifier: GPL-3.0-or-later
import CNcursesw
import Glibc
import Testing

/// The cells the presenter hands curses a run at a time are made without `setcchar`
/// (`cncursesw_cell`); curses must get the same bytes, or what it redraws after `fg` or a resize
/// would differ from what the presenter sent.
@Suite("Curses cells")
struct CursesCellTests {
    /// What `setcchar` makes of one character.
    func madeBySetcchar(_ ch: wchar_t, _ attributes: attr_t, _ pair: Int32) -> cchar_t {
        var cell = cchar_t()
        var wide: [wchar_t] = [ch, 0]
        var pair = pair
        let result = setcchar(&cell, &wide, attributes, 0, &pair)
        #expect(result == OK)
        return cell
    }

    @Test("equal, byte for byte, to setcchar's for any attributes and pair, past 255 too",
          arguments: [Int32(0), 1, 7, 254, 255, 256, 1000, 32767, 70000])
    func sameAsSetcchar(pair: Int32) {
        let attributeSets: [attr_t] = [
            cncursesw_a_normal(), cncursesw_a_bold(), cncursesw_a_dim(), cncursesw_a_reverse(),
            cncursesw_a_bold() | cncursesw_a_underline(), cncursesw_a_reverse() | cncursesw_a_dim(),
        ]
        for attributes in attributeSets {
            for scalar in [UInt32(0x20), 0x41, 0x7E, 0xE9, 0x2588, 0x2580] {
                var ours = cncursesw_cell(wchar_t(bitPattern: scalar), attributes, pair)
                var theirs = madeBySetcchar(wchar_t(bitPattern: scalar), attributes, pair)
                let equal = memcmp(&ours, &theirs, MemoryLayout<cchar_t>.size) == 0
                #expect(equal, "U+\(String(scalar, radix: 16)), attributes \(attributes), pair \(pair)")
            }
        }
    }
}
