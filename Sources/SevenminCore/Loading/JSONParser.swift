// SPDX-License-Identifier: GPL-3.0-or-later
/// A strict RFC 8259 parser over UTF-8 bytes that records positions.
///
/// Foundation's JSONSerialization reports neither positions nor duplicate
/// keys, and both are what a person editing a routine needs.
public struct JSONParser {
    /// Deeper nesting than this is refused rather than risking the stack.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var lines: LineIndex
    private var i = 0
    private var depth = 0

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var work = 0
        return try parse(bytes, positionWork: &work)
    }

    /// Parses, and reports how many steps finding positions took, so tests can check it is linear.
    static func parse(_ bytes: [UInt8], positionWork: inout Int) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        defer { positionWork = parser.lines.work }
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        self.lines = LineIndex(bytes)
    }

    private mutating func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: lines.position(ofByte: offset ?? i), message: message)
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        // A UTF-8 byte order mark is tolerated, as many editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        skipWhitespace()
        if i >= bytes.count { throw fail("the file is empty; expected a JSON object") }
        let node = try parseValue()
        skipWhitespace()
        if i < bytes.count { throw fail("unexpected \(describe(bytes[i])) after the end of the JSON value") }
        return node
    }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x20 || byte == 0x7F { return "control character \(caretNotation(byte))" }
        return "character"
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = i
        var node = try parseValueAt()
        node.byteOffset = start
        return node
    }

    private mutating func parseValueAt() throws(JSONSyntaxError) -> JSONNode {
        let start = i
        let position = lines.position(ofByte: start)
        guard i < bytes.count else { throw fail("unexpected end of file; expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(), position: position)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(), position: position)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), position: position)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), position: position)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), position: position)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, position: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), position: position)
        case UInt8(ascii: "'"): throw fail("strings must use double quotes")
        default: throw fail("unexpected \(describe(bytes[i])); expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let start = i
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else {
                throw fail("unexpected token; expected '\(word)'", at: start)
            }
            i += 1
        }
        if i < bytes.count, isIdentifierByte(bytes[i]) {
            throw fail("unexpected token; expected '\(word)'", at: start)
        }
    }

    private func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw fail("nesting is deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < bytes.count else { throw fail("unexpected end of file; expected '}'") }
            guard bytes[i] == UInt8(ascii: "\"") else {
                if bytes[i] == UInt8(ascii: "}") { throw fail("trailing comma before '}'") }
                throw fail("unexpected \(describe(bytes[i])); expected a key in double quotes")
            }
            let keyPosition = lines.position(ofByte: i)
            let key = try parseString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the key \"\(visible(key))\"")
            }
            i += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard i < bytes.count else { throw fail("unexpected end of file; expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw fail("unexpected \(describe(bytes[i])); expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipWhitespace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { throw fail("trailing comma before ']'") }
            items.append(try parseValue())
            skipWhitespace()
            guard i < bytes.count else { throw fail("unexpected end of file; expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("unexpected \(describe(bytes[i])); expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        i += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = i
        func flush(_ end: Int) throws(JSONSyntaxError) {
            if end > runStart {
                guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                    throw fail("the text is not valid UTF-8", at: firstInvalidUTF8(in: runStart..<end))
                }
                scalars.append(contentsOf: text.unicodeScalars)
            }
        }
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                try flush(i)
                i += 1
                return String(scalars)
            }
            if b < 0x20 {
                throw fail(b == 0x0A ? "unterminated string (a newline must be written \\n)"
                                     : "raw \(caretNotation(b)) inside a string; write it as an escape")
            }
            if b == UInt8(ascii: "\\") {
                try flush(i)
                let escapeStart = i
                i += 1
                guard i < bytes.count else { throw fail("unterminated string") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4(escapeStart)
                    if (0xD800...0xDBFF).contains(code) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                              bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in \\u escape", at: escapeStart)
                        }
                        i += 2
                        let low = try parseHex4(escapeStart)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail("unpaired surrogate in \\u escape", at: escapeStart)
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail("unpaired surrogate in \\u escape", at: escapeStart)
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        throw fail("invalid \\u escape", at: escapeStart)
                    }
                    scalars.append(scalar)
                default:
                    throw fail("invalid escape '\\\(visible(character(at: i - 1)))'", at: escapeStart)
                }
                runStart = i
                continue
            }
            i += 1
        }
    }

    /// The character starting at `offset`, for messages; bytes that are not UTF-8 show as U+FFFD.
    private func character(at offset: Int) -> String {
        var end = offset + 1
        while end < bytes.count, end - offset < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(String(decoding: bytes[offset..<end], as: UTF8.self).prefix(1))
    }

    /// The offset of the first byte in `range` that does not start a well-formed UTF-8 sequence.
    private func firstInvalidUTF8(in range: Range<Int>) -> Int {
        var k = range.lowerBound
        while k < range.upperBound {
            let b = bytes[k]
            let (length, low, high): (Int, UInt8, UInt8) = switch b {
            case 0x00...0x7F: (1, 0x80, 0xBF)
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)       // no overlong forms
            case 0xED: (3, 0x80, 0x9F)       // no surrogates
            case 0xE1...0xEF: (3, 0x80, 0xBF)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)       // nothing above U+10FFFF
            default: (0, 0, 0)
            }
            // A sequence that is cut short or malformed is reported at its first byte.
            if length == 0 || k + length > range.upperBound { return k }
            for n in 1..<length {
                let c = bytes[k + n]
                if n == 1 ? !(low...high).contains(c) : c & 0xC0 != 0x80 { return k }
            }
            k += length
        }
        return range.lowerBound
    }

    private mutating func parseHex4(_ escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("incomplete \\u escape", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("invalid \\u escape", at: escapeStart)
            }
            value = value * 16 + digit
            i += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else {
            throw fail("invalid number", at: start)
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                throw fail("numbers may not have leading zeros", at: start)
            }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw fail("invalid number: expected digits after '.'", at: start) }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { throw fail("invalid number: expected digits in the exponent", at: start) }
        }
        if i < bytes.count, isIdentifierByte(bytes[i]) {
            throw fail("invalid number", at: start)
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text) else { throw fail("invalid number", at: start) }
        guard value.isFinite else { throw fail(JSONParser.outOfRange(text), at: start) }
        return value
    }

    /// What is said of a number too large for any value (`1e999`), rather than reading it as infinity.
    public static func outOfRange(_ text: String) -> String {
        "the number \(text.count > 24 ? text.prefix(24) + "…" : text) is out of range"
    }
}

/// `^[`-style notation for a control byte.
func caretNotation(_ b: UInt8) -> String {
    b == 0x7F ? "^?" : "^" + String(Character(Unicode.Scalar(b + 0x40)))
}
