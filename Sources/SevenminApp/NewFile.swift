// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminSystem

/// Writes a file the user asked for: never over one that exists unless told to, and never half.
enum NewFile {
    /// Why a file was not written, worded for the user, with the exit status that goes with it.
    struct Failure: Error {
        var message: String
        var status: Int32
    }

    /// Creates `path` holding `text`, whole (`AtomicFile`). Without `overwrite` an existing file is
    /// refused, even one that appears meanwhile; with it, a failed write leaves the old file as it was.
    /// `hint` follows "already exists; ".
    static func write(_ text: String, to path: String, overwrite: Bool = false,
                      hint: String = "choose another name") throws(Failure) {
        try write(Array(text.utf8), to: path, overwrite: overwrite, hint: hint)
    }

    /// As above, for bytes.
    static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = false,
                      hint: String = "choose another name") throws(Failure) {
        do {
            try AtomicFile.write(bytes, to: path, existing: overwrite ? .replace : .refuse)
        } catch where error.errno == EEXIST && !overwrite {
            throw Failure(message: "Error: \(visible(path)) already exists; \(hint).", status: ExitCode.cannotCreate)
        } catch where error.call == "open" {
            throw Failure(message: "Error: Cannot create \(visible(path)): \(String(cString: strerror(error.errno)))",
                          status: ExitCode.cannotCreate)
        } catch {
            throw Failure(message: "Error: Cannot write \(visible(path)): \(String(cString: strerror(error.errno)))",
                          status: ExitCode.failure)
        }
    }
}
