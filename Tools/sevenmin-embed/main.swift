// SPDX-License-Identifier: GPL-3.0-or-later
// Writes a Swift file holding the routines in Workouts/ (not the schemas) and Sounds/*.wav as base64 string
// literals, for the EmbedShippedFiles plugin. Usage: sevenmin-embed OUTPUT ROOT
// Base64 in one string literal per file compiles in a moment; an array literal of the same bytes
// takes the type checker minutes.
import FoundationEssentials
import Glibc
import SevenminShipped

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    complain("usage: sevenmin-embed OUTPUT ROOT\n")
    exit(64)
}
let output = arguments[1], root = arguments[2]
var names: [String] = []
// The schemas are for editors, not routines, so they stay out, by the rule the search path uses.
let isShipped: [(folder: String, keep: (String) -> Bool)] = [
    ("Workouts", { RoutineFileName.routineName(of: $0) != nil }),
    ("Workouts/plans", { RoutineFileName.routineName(of: $0) != nil }), ("Sounds", { $0.hasSuffix(".wav") }),
]
for (folder, keep) in isShipped {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
    names += files.filter(keep).sorted().map { folder + "/" + $0 }
}
var text = "// Generated at build time from Workouts/ and Sounds/ by sevenmin-embed; edit those, not this.\n"
text += "enum ShippedFiles {\n    /// Each file's contents in base64, by its path in the repository.\n"
text += "    static let base64: [String: String] = [\n"
for name in names {
    guard let data = FileManager.default.contents(atPath: root + "/" + name) else {
        complain("sevenmin-embed: cannot read \(root)/\(name)\n")
        exit(1)
    }
    // Paths come from the repository's own folder listing; quotes and backslashes are escaped all the same.
    let key = name.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    text += "        \"\(key)\": \"\(data.base64EncodedString())\",\n"
}
text += "    ]\n}\n"
do {
    // Unchanged output is left alone, so nothing downstream rebuilds.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != text {
        try text.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    complain("sevenmin-embed: cannot write \(output): \(error)\n")
    exit(1)
}

/// Writes `message` to standard error.
func complain(_ message: String) {
    let bytes = Array(message.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }   // ignored: nowhere else to say it
}
