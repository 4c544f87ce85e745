// SPDX-License-Identifier: GPL-3.0-or-later
/// One setting changed in the user's config file as text, so that every other key, its order, spacing
/// and the user's own formatting stay as they were (`hr use`).
public enum ConfigEdit {
    /// `bytes` (nil or empty: no file yet) with `key` set to `json`, a value as the file spells it: the
    /// value replaced where the key is, else a member added at the end of the object. The result is
    /// checked as `start` reads it; a file that does not read now is refused with its problems, unchanged.
    public static func setting(_ key: String, to json: String, in bytes: [UInt8]?,
                               path: String) throws(RoutineLoadError) -> [UInt8] {
        guard let bytes, bytes.contains(where: { !isSpace($0) }) else {
            return Array("{\n  \(JSONWriter.quote(key)): \(json)\n}\n".utf8)
        }
        _ = try UserConfig.parse(bytes, path: path)
        let root = try RoutineLoader.root(of: bytes, path: path, what: "a config")
        guard case .object(let members) = root.value else { return bytes }
        var out = bytes
        if let member = members.last(where: { $0.key == key }) {
            let start = member.value.byteOffset
            out.replaceSubrange(start..<valueEnd(bytes, from: start), with: Array(json.utf8))
        } else if let close = bytes.lastIndex(of: UInt8(ascii: "}")) {
            // After the last member (or inside the empty braces), indented as the first member is.
            let last = bytes[..<close].lastIndex { !isSpace($0) } ?? root.byteOffset
            let indent = members.first.map { indentation(bytes, before: $0.value.byteOffset) } ?? "  "
            let member = "\n" + indent + JSONWriter.quote(key) + ": " + json
            out.insert(contentsOf: Array(((members.isEmpty ? "" : ",") + member
                + (members.isEmpty ? "\n" : "")).utf8), at: last + 1)
        }
        _ = try UserConfig.parse(out, path: path)
        return out
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The spaces that begin the line holding `offset`'s member, up to its key.
    static func indentation(_ bytes: [UInt8], before offset: Int) -> String {
        let lineStart = (bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let spaces = bytes[lineStart...].prefix { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: spaces, as: UTF8.self)
    }

    /// Where the JSON value starting at `start` ends: past its closing quote or bracket, or its last
    /// character. The text was parsed already, so it is well formed.
    static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0, k = start, inString = false
        while k < bytes.count {
            let byte = bytes[k]
            if inString {
                if byte == UInt8(ascii: "\\") { k += 1 } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return k + 1 }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return k }
                    depth -= 1
                    if depth == 0 { return k + 1 }
                case UInt8(ascii: ","): if depth == 0 { return k }
                default: if depth == 0, isSpace(byte) { return k }
                }
            }
            k += 1
        }
        return k
    }
}
