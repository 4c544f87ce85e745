// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Checks on video links.
public enum VideoLink {
    public static func isPlausibleYouTubeID(_ id: String) -> Bool {
        id.utf8.count == 11 && id.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
        }
    }

    /// Why `text` is not an acceptable link, or nil if it is: `http(s)://HOST[:PORT]` and an
    /// optional path, query or fragment. This is the schema's `video` pattern, written out.
    public static func problem(withLink text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        let scheme = String(String.UnicodeScalarView(scalars.prefix(8))).lowercased()
        let rest: ArraySlice<Unicode.Scalar>
        if scheme.hasPrefix("http://") { rest = scalars.dropFirst(7) }
        else if scheme == "https://" { rest = scalars.dropFirst(8) }
        else { return "must be an http:// or https:// link" }
        // Any white space or separator, not only ' ': U+00A0 or U+2028 would split the link when shown.
        if let blank = rest.first(where: \.isBlank) { return "contains a space (\(blank.codePoint))" }
        let authority = rest.prefix { !"/?#".unicodeScalars.contains($0) }
        // A user name lets "https://www.youtube.com@evil.example/" pass for youtube.com.
        if authority.contains("@") { return "must not carry a user name ('@' before the host)" }
        let host = authority.prefix { $0 != ":" }
        if host.isEmpty { return "has no host" }
        let port = authority.dropFirst(host.count)
        if !port.isEmpty && (port.count == 1 || !port.dropFirst().allSatisfy({ ("0"..."9").contains($0) })) {
            return "has a port that is not a number"
        }
        return nil
    }
}
