// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The `$BROWSER` convention: a `:`-separated list of commands, tried in turn; in each, `%s` stands
/// for the URL and `%%` for a percent sign, and a command without `%s` gets the URL after it. Each
/// becomes a line for `/bin/sh -c`, in which the URL is always `$0`, quoted: one argument, never parsed,
/// whether `%s` stands bare or in the quotes people write around it (`firefox '%s'`), which xdg-open and
/// Python's `webbrowser` take off too.
public enum BrowserCommand {
    public static func lines(browser: String?) -> [String] {
        let commands = (browser ?? "").split(separator: ":")
            .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
        guard !commands.isEmpty else { return ["xdg-open \"$0\""] }
        return commands.map { command in
            var line = "", substituted = false, quote: Character?, escaped = false
            var rest = Substring(command)
            while let c = rest.first {
                rest = rest.dropFirst()
                if escaped {
                    escaped = false
                } else if c == "\\" && quote != "'" {
                    escaped = true
                } else if c == "'" || c == "\"" {
                    if quote == nil { quote = c } else if quote == c { quote = nil }
                } else if c == "%", let next = rest.first, next == "s" || next == "%" {
                    rest = rest.dropFirst()
                    if next == "%" {
                        line.append("%")
                        continue
                    }
                    // The URL as one word in whatever quotes the user put around %s ('%s', "%s", "--url=%s"):
                    // inside '…' the quote is closed for it and opened again, since '…' keeps "$0" literal.
                    switch quote {
                    case "'": line += "'\"$0\"'"
                    case "\"": line += "$0"
                    default: line += "\"$0\""
                    }
                    substituted = true
                    continue
                }
                line.append(c)
            }
            return substituted ? line : line + " \"$0\""
        }
    }

    /// The program a line starts, for finding it on `PATH` before trying it.
    public static func program(of line: String) -> String {
        String(line.split(separator: " ").first ?? "")
    }
}
