// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import FoundationEssentials

/// The process's environment variables, read as they are at each call.
public enum ProcessEnvironment {
    /// Every `NAME=value` of `environ`, split at its first `=`; the first of a name given twice, as
    /// `getenv` reads it. `ProcessInfo.environment` splits each entry by `Character`, with grapheme
    /// breaking: about 10,000 instructions a variable, and a workout's start reads it a dozen times.
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        guard var entry = csevenmin_environ() else { return variables }
        while let text = entry.pointee {
            if let equals = strchr(text, Int32(UInt8(ascii: "="))) {
                let name = String(decoding: UnsafeRawBufferPointer(start: text, count: equals - text), as: UTF8.self)
                if variables[name] == nil { variables[name] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return variables
    }
}

/// The command line this process was started with.
public enum ProcessArguments {
    /// Every argument, the program's name first: as the kernel passed them, kept before `main` (see
    /// `csevenmin_argv`), so that a preload calling `setenv` cannot make them vanish; `CommandLine`'s
    /// where the initialiser did not run.
    public static func all() -> [String] {
        let count = Int(csevenmin_argc())
        guard count > 0, let argv = csevenmin_argv() else { return CommandLine.arguments }
        return (0..<count).map { argv[$0].map { String(cString: $0) } ?? "" }
    }
}
