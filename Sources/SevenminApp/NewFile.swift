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

    /// Creates every file of `files`, or none: should one fail, the ones this call made before it (each
    /// new, made with O_EXCL) are removed again, and the failure is thrown. Those in `replacing` may be
    /// there already and are replaced, each atomically (a replaced one stays replaced).
    static func writeAll(_ files: [(path: String, text: String)], replacing: Set<String> = [],
                         hint: String) throws(Failure) {
        var made: [String] = []
        for file in files {
            let replaces = replacing.contains(file.path)
            do { try write(file.text, to: file.path, overwrite: replaces, hint: hint) } catch {
                // ignored: removing files this call made a moment ago; the failure is what is reported
                for path in made { unlink(path) }
                throw error
            }
            if !replaces { made.append(file.path) }
        }
    }

    /// Whether anything is at `path`, a link to nowhere included (which a write would still refuse).
    static func isTaken(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
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
