// SPDX-License-Identifier: GPL-3.0-or-later
/// JSON text appended as bytes into one growing buffer, with no string made per value: for output
/// of millions of values (`history --json`), written out a chunk at a time. `JSONWriter` quotes
/// and writes numbers through it, so the two can never disagree.
public struct JSONBytes: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    public var count: Int { bytes.count }

    /// Empties the buffer, keeping its memory for the next chunk.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Bytes as they are: punctuation, keys known to need no escaping.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func raw(byte: UInt8) {
        bytes.append(byte)
    }

    /// `n` (from 0) in at least two digits: `07`.
    public mutating func twoDigits(_ n: Int) {
        if n < 10 { bytes.append(0x30) }
        integer(n)
    }

    /// A JSON string literal; control characters (C0, DEL and C1) are escaped, so the text can never
    /// drive a terminal.
    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string(utf8: $0) }
    }

    /// `string` of text that is valid UTF-8 (as a Swift string's always is).
    public mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        var k = 0, plain = 0
        let n = text.count
        while k < n {
            let b = text[k]
            // The escapes: `"`, `\`, C0 and DEL; and C1 (U+0080–U+009F), which UTF-8 writes C2 80–C2 9F.
            let c1 = b == 0xC2 && k + 1 < n && text[k + 1] < 0xA0
            guard b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F || c1 else {
                k += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[plain..<k]))
            let scalar = c1 ? UInt32(text[k + 1]) : UInt32(b)
            switch b {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            default:
                raw("\\u00")
                bytes.append(Self.hex[Int(scalar >> 4)])
                bytes.append(Self.hex[Int(scalar & 0xF)])
            }
            k += c1 ? 2 : 1
            plain = k
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[plain..<n]))
        bytes.append(0x22)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A whole number in decimal.
    public mutating func integer(_ n: Int64) {
        if n < 0 { bytes.append(0x2D) }
        var m = n.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = 20
            repeat {
                first -= 1
                digits[first] = UInt8(truncatingIfNeeded: 0x30 + m % 10)
                m /= 10
            } while m > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    public mutating func integer(_ n: Int) { integer(Int64(n)) }

    /// `milli` thousandths, with up to three decimals and no trailing zeros: `450`, `29.5`, `-0.125`.
    public mutating func thousandths(_ milli: Int64) {
        if milli < 0 { bytes.append(0x2D) }
        let m = milli.magnitude
        integer(Int64(m / 1000))
        var fraction = Int(m % 1000)
        guard fraction > 0 else { return }
        bytes.append(0x2E)
        var place = 100
        while fraction > 0 {
            bytes.append(UInt8(0x30 + fraction / place))
            fraction %= place
            place /= 10
        }
    }

    /// Whole numbers without a decimal point; others in the shortest form that reads back exactly
    /// (Swift's `description`); not a number, or infinite, as `null`.
    public mutating func number(_ v: Double) {
        guard v.isFinite else { return raw("null") }
        if v == v.rounded() && abs(v) < 1e15 { return integer(Int64(v)) }
        // A number of thousandths (most times and lengths are): its decimals are its shortest form.
        if abs(v) < 1e12 {
            let milli = (v * 1000).rounded()
            if milli / 1000 == v { return thousandths(Int64(milli)) }
        }
        raw(v.description)
    }

    /// As `number`, rounded to thousandths first.
    public mutating func thousandthsOf(_ v: Double) {
        guard v.isFinite else { return raw("null") }
        let milli = (v * 1000).rounded()
        guard abs(milli) < 9e18 else { return raw(v.description) }
        thousandths(Int64(milli))
    }
}
