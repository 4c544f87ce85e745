// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminHistory
import SevenminSystem

/// This machine's id for the history it shares (`Publisher`): made once, at random, the first time a
/// copy is left in `history.d`, and kept in the state folder (`machine-id`), beside the history it names.
/// A host name will not do: two machines called `debian` would publish one file.
enum MachineID {
    /// The id kept at `path`; nil when there is none, or the file holds something else.
    static func read(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 64,
              let bytes = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let id = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return Publisher.isMachineID(id) ? id : nil
    }

    /// The id kept at `path`, made the first time (of two made at once, the first written wins); nil,
    /// said, when the file holds something else or cannot be written.
    static func readOrMake(_ path: String) -> String? {
        if let id = read(path) { return id }
        var info = stat()
        if lstat(path, &info) == 0 {
            Console.error("Warning: \(visible(path)): expected this machine's id (32 hexadecimal digits); remove "
                + "it to have a new one made. No copy of the history was left in history.d.")
            return nil
        }
        let id = Publisher.newMachineID()
        do { try AtomicFile.write(id + "\n", to: path, mode: 0o600, existing: .refuse) } catch {
            if error.errno == EEXIST { return read(path) }
            Console.error("Warning: Cannot write \(visible(path)): \(error). No copy of the history was left in "
                + "history.d.")
            return nil
        }
        return id
    }
}
