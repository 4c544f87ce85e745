// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The words of help and usage errors, laid out like swift-argument-parser's.
public enum HelpText {
    public static let version = "0.1.0"
    /// Help is our own words, ASCII and a few symbols every terminal shows one column wide, and is
    /// laid out by character counts too; so its wrapping needs no locale's widths.
    private static let metrics = TextMetrics.unicode

    public static func overview(width: Int = 80) -> String {
        var out = hanging("OVERVIEW: ", "A seven-minute-workout coach for the terminal.", width: width) + "\n"
        out += hanging("USAGE: ", "sevenmin <subcommand>", width: width) + "\n"
        out += "OPTIONS:\n"
        out += rows([("-h, --help", "Show help information."), ("--version", "Show the version.")], width: width)
        out += "\nSUBCOMMANDS:\n"
        out += rows(CommandLineParser.specs.map { ($0.name, $0.abstract) }, width: width)
        out += "\n  See 'sevenmin help <subcommand>' for detailed help.\n"
        return out
    }

    public static func help(for spec: CommandSpec, width: Int = 80) -> String {
        var out = hanging("OVERVIEW: ", spec.abstract, width: width)
        if let discussion = spec.discussion {
            out += "\n" + TextWrap.lines(discussion, width: max(20, width), metrics: metrics)
                .joined(separator: "\n") + "\n"
        }
        // Each part wraps whole: its own spaces are held together while the line is wrapped.
        let unbroken = spec.usageParts.map { String($0.map { $0 == " " ? "\u{00A0}" : $0 }) }
        out += "\n" + String(hanging("USAGE: ", unbroken.joined(separator: " "), width: width)
            .map { $0 == "\u{00A0}" ? " " : $0 })
        let arguments = spec.positional.arguments
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n" + rows(arguments.map { ("<\($0.name)>", $0.help) }, width: width)
        }
        var options = spec.options.map { o in (o.value.map { "--\(o.long) <\($0)>" } ?? "--\(o.long)", o.help) }
        options.append(("-h, --help", "Show help information."))
        out += "\nOPTIONS:\n" + rows(options, width: width)
        return out
    }

    /// `label` then `text` wrapped, continuation lines indented under the text.
    static func hanging(_ label: String, _ text: String, width: Int) -> String {
        let indent = String(repeating: " ", count: label.count)
        return TextWrap.lines(text, width: max(20, width - label.count), metrics: metrics)
            .enumerated().map { ($0.offset == 0 ? label : indent) + $0.element + "\n" }.joined()
    }

    /// Wraps help text, keeping a trailing "(values: …)" annotation whole.
    static func wrapKeepingAnnotation(_ text: String, width: Int) -> [String] {
        guard text.hasSuffix(")"), let open = text.ranges(of: " (").last else {
            return TextWrap.lines(text, width: width, metrics: metrics)
        }
        let annotation = String(text[text.index(after: open.lowerBound)...])
        var lines = TextWrap.lines(String(text[..<open.lowerBound]), width: width, metrics: metrics)
        if let last = lines.last, last.count + 1 + annotation.count <= width {
            lines[lines.count - 1] = last + " " + annotation
        } else {
            lines += TextWrap.lines(annotation, width: width, metrics: metrics)
        }
        return lines
    }

    /// Two aligned columns, the second wrapped to `width`.
    static func rows(_ items: [(String, String)], width: Int) -> String {
        let column = min(28, (items.map(\.0.count).max() ?? 0) + 4)
        let textWidth = max(20, width - column)
        var out = ""
        for (name, text) in items {
            let lines = wrapKeepingAnnotation(text, width: textWidth)
            let label = "  " + name
            if label.count + 2 > column {
                out += label + "\n"
                for line in lines { out += String(repeating: " ", count: column) + line + "\n" }
            } else {
                for (k, line) in lines.enumerated() {
                    let lead = k == 0 ? label.padded(to: column) : String(repeating: " ", count: column)
                    out += lead + line + "\n"
                }
            }
        }
        return out
    }
}
