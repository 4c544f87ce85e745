// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// An exit status carried as an error.
struct ExitStatus: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}
