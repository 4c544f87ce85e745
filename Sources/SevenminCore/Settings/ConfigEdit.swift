// SPDX-License-Identifier: GPL-3.0-or-later
/// One setting changed in the user's config file as text, so that every other key, its order, spacing
/// and the user's own formatting stay as they were (`hr use`, `hr forget`).
public enum ConfigEdit {
    /// `bytes` (nil or empty: no file yet) with `key` set to `json`, a value as the file spells it (nil:
    /// the key taken out): the value replaced where the key is, else a member added at the end of the
    /// object. The result is checked as `start` reads it; one that does not read is refused with the
    /// file's own problems where they are in it (so a bad value of `key` itself is replaced, not kept).
    public static func setting(_ key: String, to json: String?, in bytes: [UInt8]?,
                               path: String) throws(RoutineLoadError) -> [UInt8] {
        guard let bytes, bytes.contains(where: { !isSpace($0) }) else {
            guard let json else { return bytes ?? [] }
            return try checked(Array("{\n  \(JSONWriter.quote(key)): \(json)\n}\n".utf8), was: nil, path: path)
        }
        let root = try RoutineLoader.root(of: bytes, path: path, what: "a config")
        guard case .object(let members) = root.value else { return try checked(bytes, was: nil, path: path) }
        var out = bytes
        if let k = members.lastIndex(where: { $0.key == key }) {
            let start = members[k].value.byteOffset, end = valueEnd(bytes, from: start)
            if let json {
                out.replaceSubrange(start..<end, with: Array(json.utf8))
            } else if k > 0 {
                // From the end of the member before, its comma with it.
                out.removeSubrange(valueEnd(bytes, from: members[k - 1].value.byteOffset)..<end)
            } else if k + 1 < members.count {
                let next = keyStart(bytes, before: members[1].value.byteOffset)
                out.removeSubrange(keyStart(bytes, before: start)..<next)
            } else {
                let close = bytes[end...].firstIndex { !isSpace($0) } ?? end
                out.replaceSubrange(root.byteOffset + 1..<close, with: [0x0A])
            }
        } else if let json, let close = bytes.lastIndex(of: UInt8(ascii: "}")) {
            // After the last member (or inside the empty braces), indented as the first member is.
            let last = bytes[..<close].lastIndex { !isSpace($0) } ?? root.byteOffset
            let indent = members.first.map { indentation(bytes, before: $0.value.byteOffset) } ?? "  "
            let member = "\n" + indent + JSONWriter.quote(key) + ": " + json
            out.insert(contentsOf: Array(((members.isEmpty ? "" : ",") + member
                + (members.isEmpty ? "\n" : "")).utf8), at: last + 1)
        }
        return try checked(out, was: bytes, path: path)
    }

    /// `out` if it reads as `start` reads the file; else the problems of `was`, the file as it is, if it
    /// has any, or those of `out`.
    private static func checked(_ out: [UInt8], was: [UInt8]?, path: String) throws(RoutineLoadError) -> [UInt8] {
        do throws(RoutineLoadError) {
            _ = try UserConfig.parse(out, path: path)
        } catch {
            if let was { _ = try UserConfig.parse(was, path: path) }
            throw error
        }
        return out
    }

    /// Where the key of the member whose value starts at `value` starts: at its opening quote, found back
    /// past the colon and the key's closing quote, an escaped quote in the key passed over.
    static func keyStart(_ bytes: [UInt8], before value: Int) -> Int {
        var k = value - 1
        while k > 0, isSpace(bytes[k]) || bytes[k] == UInt8(ascii: ":") { k -= 1 }
        k -= 1
        while k > 0 {
            if bytes[k] == UInt8(ascii: "\""), bytes[..<k].reversed().prefix(while: { $0 == UInt8(ascii: "\\") })
                .count % 2 == 0 { return k }
            k -= 1
        }
        return k
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
