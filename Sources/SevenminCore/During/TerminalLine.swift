// SPDX-License-Identifier: GPL-3.0-or-later
/// The last line a program wrote to its terminal, for a status line: fed its output in pieces as they come,
/// it drops control sequences (CSI, OSC, DCS and the other strings, two-byte escapes) and control characters,
/// follows a carriage return as a progress bar means it (what comes next replaces the line) and a backspace,
/// and keeps the last line that has any text.
public struct TerminalLine: Sendable {
    private enum State: Sendable { case ground, escape, csi, string, stringEscape }
    private var state = State.ground
    private var current: [UInt8] = []
    private var last: [UInt8] = []
    /// A carriage return was seen: the next character starts the line over.
    private var returned = false

    /// The most of a line kept, in bytes: a status line shows far less.
    public static let longest = 400

    public init() {}

    /// Takes the next piece of output. Only its last line with text is read, from the end of the line before it:
    /// a command writing megabytes a second costs no more than its last lines.
    public mutating func feed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) {
        var end = bytes.endIndex
        while let newline = bytes[..<end].lastIndex(of: 0x0A) {
            if bytes[bytes.index(after: newline)..<end].contains(where: { $0 > 0x20 && $0 != 0x7F }) {
                state = .ground
                current = []
                returned = false
                return bytes[newline...].forEach { take($0) }
            }
            end = newline
        }
        bytes.forEach { take($0) }
    }

    private mutating func take(_ b: UInt8) {
        switch state {
        case .escape:
            switch b {
            case 0x5B: state = .csi  // [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .string  // ] P X ^ _
            case 0x20...0x2F: break  // an intermediate byte: the escape goes on
            default: state = .ground
            }
        case .csi:
            if (0x40...0x7E).contains(b) { state = .ground } else if b == 0x1B { state = .escape }
        case .string:
            if b == 0x07 { state = .ground } else if b == 0x1B { state = .stringEscape }
        case .stringEscape:
            state = b == 0x5C ? .ground : .string
        case .ground:
            switch b {
            case 0x1B: state = .escape
            case 0x0A:
                if current.contains(where: { $0 != 0x20 }) { last = current }
                current = []
                returned = false
            case 0x0D: returned = true
            case 0x08: if !current.isEmpty { current.removeLast() }
            case 0x09: put(0x20)
            case 0x00..<0x20, 0x7F: break
            default: put(b)
            }
        }
    }

    private mutating func put(_ b: UInt8) {
        if returned {
            if current.contains(where: { $0 != 0x20 }) { last = current }
            current = []
            returned = false
        }
        if current.count < TerminalLine.longest { current.append(b) }
    }

    /// The line to show: the one being written if it has any text yet, else the last one that had; no control
    /// character, no C1 code, no space at either end.
    public var text: String {
        let bytes = current.contains(where: { $0 != 0x20 }) ? current : last
        let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.filter { !(0x80...0x9F).contains($0.value) }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return visible(String(view).trimmingSpaces)
    }
}

extension String {
    /// Without spaces at either end.
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
