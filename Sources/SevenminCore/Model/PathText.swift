// SPDX-License-Identifier: GPL-3.0-or-later
/// The parts of a file path, as text: what `NSString`'s path methods gave, without Foundation.
public enum PathText {
    /// The folder `path` is in: `/a/b` for `/a/b/c`, `/` for `/c`, `.` for `c`.
    public static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// `path` made absolute against `directory` (an absolute path), without `.`, `..` or doubled slashes, as
    /// `URL.standardizedFileURL` gives it; symbolic links are left as they are. Built up part by part, without
    /// `joined`, whose generic code has the runtime look its types up as each workout starts.
    public static func absolute(_ path: String, from directory: String) -> String {
        var parts: [Substring] = []
        for part in (path.hasPrefix("/") ? path : directory + "/" + path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        var result = ""
        for part in parts { result += "/" + String(part) }
        return result.isEmpty ? "/" : result
    }

    /// The extension of the path's last part, without the dot (`wav` for `/a/cue.wav`); empty if none.
    public static func `extension`(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }
}
