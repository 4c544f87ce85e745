// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The `$BROWSER` convention: a `:`-separated list of commands, tried in turn; in each, `%s` stands
/// for the URL and `%%` for a percent sign, and a command without `%s` gets the URL after it. Each
/// becomes a line for `/bin/sh -c`, in which the URL is always `"$0"`: one argument, never parsed.
public enum BrowserCommand {
    public static func lines(browser: String?) -> [String] {
        let commands = (browser ?? "").split(separator: ":")
            .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
        guard !commands.isEmpty else { return ["xdg-open \"$0\""] }
        return commands.map { command in
            var line = "", substituted = false
            var rest = Substring(command)
            while let percent = rest.firstIndex(of: "%") {
                line += rest[..<percent]
                let next = rest.index(after: percent)
                if next < rest.endIndex, rest[next] == "s" {
                    line += "\"$0\""
                    substituted = true
                    rest = rest[rest.index(after: next)...]
                } else if next < rest.endIndex, rest[next] == "%" {
                    line += "%"
                    rest = rest[rest.index(after: next)...]
                } else {
                    line += "%"
                    rest = rest[next...]
                }
            }
            line += rest
            return substituted ? line : line + " \"$0\""
        }
    }

    /// The program a line starts, for finding it on `PATH` before trying it.
    public static func program(of line: String) -> String {
        String(line.split(separator: " ").first ?? "")
    }
}
