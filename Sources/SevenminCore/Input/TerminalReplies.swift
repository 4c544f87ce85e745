// SPDX-License-Identifier: GPL-3.0-or-later
/// The terminal's answers to what we ask it at start-up: whether it takes synchronised output
/// (DEC private mode 2026), asked with DECRQM (`CSI ? 2026 $ p`) and followed by a primary device
/// attributes request (`CSI c`), which every terminal answers, so that its reply marks the end.
public enum TerminalReplies {
    /// The bytes that ask: DECRQM for mode 2026, then DA1.
    public static let query: [UInt8] = Array("\u{1B}[?2026$p\u{1B}[c".utf8)
    /// Begins and ends a synchronised update: the terminal shows nothing of it until the end.
    public static let beginSynchronized: [UInt8] = Array("\u{1B}[?2026h".utf8)
    public static let endSynchronized: [UInt8] = Array("\u{1B}[?2026l".utf8)

    /// What the bytes read so far tell.
    public struct Reading: Equatable, Sendable {
        /// The mode's state was reported as set or reset (1 or 2): the terminal knows the mode.
        public var synchronizedOutput = false
        /// The DA1 reply has come: nothing more will.
        public var complete = false
        /// Bytes that were no reply (keys typed meanwhile), in order, to hand to the key reader.
        public var others: [UInt8] = []

        public init() {}
    }

    /// Reads `bytes`: DECRQM's `CSI ? 2026 ; Ps $ y` and DA1's `CSI ? … c` are taken out; an
    /// unfinished reply at the end is left for the next read (returned as `pending`).
    public static func read(_ bytes: [UInt8], into reading: inout Reading) -> [UInt8] {
        var k = 0
        while k < bytes.count {
            guard bytes[k] == 0x1B else {
                reading.others.append(bytes[k])
                k += 1
                continue
            }
            switch reply(in: bytes, at: k) {
            case .unfinished: return Array(bytes[k...])
            case .none:
                reading.others.append(bytes[k])
                k += 1
            case .reply(let end, let final, let parameters):
                if final == UInt8(ascii: "c") { reading.complete = true }
                if final == UInt8(ascii: "y"), parameters.first == 2026, parameters.count > 1,
                   parameters[1] == 1 || parameters[1] == 2 {
                    reading.synchronizedOutput = true
                }
                k = end
            }
        }
        return []
    }

    private enum Found { case none, unfinished, reply(end: Int, final: UInt8, parameters: [Int]) }

    /// A reply starting at `start` (ESC): `ESC [ ?` digits and `;`, an optional `$`, then `c` or `y`.
    private static func reply(in bytes: [UInt8], at start: Int) -> Found {
        let prefix: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "?")]
        var k = start
        for expected in prefix {
            guard k < bytes.count else { return .unfinished }
            guard bytes[k] == expected else { return .none }
            k += 1
        }
        var parameters: [Int] = [], current = 0
        while k < bytes.count {
            let byte = bytes[k]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): current = min(current * 10 + Int(byte - 48), 1 << 30)
            case UInt8(ascii: ";"): parameters.append(current); current = 0
            case UInt8(ascii: "$"): break
            case UInt8(ascii: "c"), UInt8(ascii: "y"):
                parameters.append(current)
                return .reply(end: k + 1, final: byte, parameters: parameters)
            default: return .none
            }
            k += 1
        }
        return .unfinished
    }

    /// `keys` without the terminal's answers (`ESC [ ? … $ y`, `ESC [ ? … c`), which curses hands
    /// over one character at a time among the keys, and what those answers said. Keys at the end
    /// that may be the start of an answer come back as `unfinished`, to go in front of the next keys.
    public static func separate(_ keys: [Key]) -> (keys: [Key], reading: Reading, unfinished: [Key]) {
        var out: [Key] = [], reading = Reading(), k = 0
        while k < keys.count {
            if keys[k] == .character("\u{1B}") {
                switch replyEnd(keys, from: k) {
                case .incomplete: return (out, reading, Array(keys[k...]))
                case .end(let end):
                    let bytes = keys[k..<end].flatMap { key -> [UInt8] in
                        if case .character(let c) = key { return Array(String(c).utf8) }
                        return []
                    }
                    _ = read(bytes, into: &reading)
                    k = end
                    continue
                case .none: break
                }
            }
            out.append(keys[k])
            k += 1
        }
        return (out, reading, [])
    }

    private enum ReplyEnd { case none, incomplete, end(Int) }

    private static func replyEnd(_ keys: [Key], from start: Int) -> ReplyEnd {
        let prefix: [Key] = [.character("\u{1B}"), .character("["), .character("?")]
        var k = start
        for expected in prefix {
            guard k < keys.count else { return .incomplete }
            guard keys[k] == expected else { return .none }
            k += 1
        }
        while k < keys.count {
            guard case .character(let c) = keys[k] else { return .none }
            if c == "c" || c == "y" { return .end(k + 1) }
            guard c.isASCII, c.isNumber || c == ";" || c == "$" else { return .none }
            k += 1
        }
        return .incomplete
    }
}
