// SPDX-License-Identifier: GPL-3.0-or-later
/// Makes a starter routine from an existing file, keeping its layout and comments-free JSON intact.
public enum RoutineTemplate {
    /// A starter routine made from another's file, as `sevenmin new` writes it: named `name`, with a
    /// description saying where it came from, and `$schema` pointing at `schema` (the shipped schema's
    /// real path), or left out when there is no schema on disk to point at. Everything else, its layout
    /// included, stays as the original has it.
    public static func starter(_ bytes: [UInt8], name: String, schema: String?) -> [UInt8] {
        var out = renamed(bytes, to: name) ?? bytes
        let original = (try? RoutineLoader.parse(bytes, path: "")).map(\.name)
        if let original {
            out = replacing("description", with: "Started from \(original). Describe yours here.", in: out) ?? out
        }
        if let schema {
            out = replacing("$schema", with: schema, in: out) ?? out
        } else {
            out = removingLine(of: "$schema", in: out) ?? out
        }
        return out
    }

    /// The same bytes with the top-level `"name"` value replaced by `name`.
    public static func renamed(_ bytes: [UInt8], to name: String) -> [UInt8]? {
        replacing("name", with: name, in: bytes)
    }

    /// Where the top-level string member `key`'s value token starts and ends (past its closing quote).
    private static func stringValue(_ key: String, in bytes: [UInt8]) -> Range<Int>? {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value,
              let member = members.first(where: { $0.key == key }), case .string = member.value.value else {
            return nil
        }
        let start = member.value.byteOffset
        // Find the closing quote of the string token, skipping escapes.
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count else { return nil }
        return start..<(end + 1)
    }

    /// The same bytes with the top-level string member `key` set to `value`; nil when there is none.
    static func replacing(_ key: String, with value: String, in bytes: [UInt8]) -> [UInt8]? {
        guard let range = stringValue(key, in: bytes) else { return nil }
        return Array(bytes[..<range.lowerBound]) + Array(JSONWriter.quote(value).utf8)
            + Array(bytes[range.upperBound...])
    }

    /// The same bytes without the line holding the top-level string member `key`, when that line
    /// holds only it and a comma after (as the shipped files have `$schema`); nil otherwise.
    static func removingLine(of key: String, in bytes: [UInt8]) -> [UInt8]? {
        guard let range = stringValue(key, in: bytes) else { return nil }
        let newline = UInt8(ascii: "\n")
        let lineStart = (bytes[..<range.lowerBound].lastIndex(of: newline) ?? -1) + 1
        guard let lineEnd = bytes[range.upperBound...].firstIndex(of: newline) else { return nil }
        let blank: Set<Character> = [" ", "\t", "\r"]
        let line = String(String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
            .drop { blank.contains($0) }.reversed().drop { blank.contains($0) }.reversed())
        guard line.hasPrefix(JSONWriter.quote(key)), line.hasSuffix(",") else { return nil }
        return Array(bytes[..<lineStart]) + Array(bytes[(lineEnd + 1)...])
    }
}
