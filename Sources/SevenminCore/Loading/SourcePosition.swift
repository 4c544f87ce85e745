// SPDX-License-Identifier: GPL-3.0-or-later
/// A 1-based line and column in a source text; columns count characters, as editors do.
public struct SourcePosition: Equatable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// Maps byte offsets in a UTF-8 text to line and column.
///
/// Lines end at LF, CRLF (counted once) or a lone CR, as editors count them. The parser asks for
/// positions in increasing order, so each answer walks on from the previous one: the work over a
/// whole file is linear in its size, even when the file is one long (minified) line.
struct LineIndex {
    private let bytes: [UInt8]
    private var lineStarts: [Int] = [0]
    /// The last position answered, which the next query starts from when it is further on.
    private var cursor = 0, cursorLine = 0, cursorColumn = 1
    /// Bytes and lines stepped over so far, so tests can check the work is linear.
    private(set) var work = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        for (i, b) in bytes.enumerated() {
            // A CR followed by LF ends its line at the LF, so CRLF counts once.
            if b == lf || (b == cr && (i + 1 == bytes.count || bytes[i + 1] != lf)) { lineStarts.append(i + 1) }
        }
    }

    mutating func position(ofByte offset: Int) -> SourcePosition {
        let target = max(0, min(offset, bytes.count))
        if target < cursor {
            // Only an error points back (at the start of its token); find its line afresh.
            var lo = 0, hi = cursorLine
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if lineStarts[mid] <= target { lo = mid } else { hi = mid - 1 }
                work += 1
            }
            (cursor, cursorLine, cursorColumn) = (lineStarts[lo], lo, 1)
        }
        while cursorLine + 1 < lineStarts.count && lineStarts[cursorLine + 1] <= target {
            cursorLine += 1
            (cursor, cursorColumn) = (lineStarts[cursorLine], 1)
            work += 1
        }
        while cursor < target {
            // Count scalars, not bytes: skip UTF-8 continuation bytes.
            if bytes[cursor] & 0xC0 != 0x80 { cursorColumn += 1 }
            cursor += 1
            work += 1
        }
        return SourcePosition(line: cursorLine + 1, column: cursorColumn)
    }
}
