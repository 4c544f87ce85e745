// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc

/// An exit status carried as an error.
struct ExitStatus: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}

/// sysexits.h codes, as the house style asks.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
    public static let dataError: Int32 = 65
    public static let noInput: Int32 = 66
    public static let cannotCreate: Int32 = 73
}
