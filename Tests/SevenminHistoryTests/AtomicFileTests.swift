// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminTestSupport
import Testing
import SevenminSystem

/// The one way files are written whole: the old file stays whole when a write fails, nothing is left
/// behind, and permissions are the ones asked for a new file and the old ones for a replaced file.
@Suite("Atomic file write")
struct AtomicFileTests {
    let folder = ScratchFolder.make("atomic")

    func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func permissions(_ path: String) throws -> mode_t {
        try SystemCall.status(atPath: path).st_mode & 0o7777
    }

    func leftovers() throws -> [String] {
        try SystemCall.names(inDirectory: folder).filter(AtomicFile.isTemporary)
    }

    @Test func aFailedWriteLeavesTheOldFileWhole() throws {
        let path = folder + "/plan.json"
        try AtomicFile.write("old", to: path)
        // Something that cannot be removed where the temporary file goes: the write fails before any byte.
        try SystemCall.mkdir(AtomicFile.temporaryName(for: path), 0o700)
        #expect(throws: SystemError.self) { try AtomicFile.write("new", to: path) }
        #expect(text(path) == "old")
        _ = rmdir(AtomicFile.temporaryName(for: path))   // ignored: the scratch folder goes at exit anyway
        try AtomicFile.write("new", to: path)
        #expect(text(path) == "new")
        #expect(try leftovers().isEmpty)
    }

    @Test func refusingAnExistingFileLeavesItWholeAndNothingBehind() throws {
        let path = folder + "/routine.json"
        try AtomicFile.write("the user's", to: path, existing: .refuse)
        #expect(throws: SystemError(call: "link", errno: EEXIST)) {
            try AtomicFile.write("ours", to: path, existing: .refuse)
        }
        #expect(text(path) == "the user's")
        #expect(try leftovers().isEmpty)
    }

    @Test func aNewFileHasTheModeAskedAndAReplacedOneKeepsItsOwn() throws {
        let old = umask(0o022)
        defer { umask(old) }   // ignored: umask cannot fail
        let secret = folder + "/status.json", shared = folder + "/unit.timer"
        try AtomicFile.write("{}", to: secret, mode: 0o600)
        #expect(try permissions(secret) == 0o600)
        try AtomicFile.write("a", to: shared)
        #expect(try permissions(shared) == 0o644)
        #expect(chmod(shared, 0o640) == 0)
        try AtomicFile.write("b", to: shared, mode: 0o644)
        #expect(try permissions(shared) == 0o640)
        #expect(text(shared) == "b")
    }

    @Test func aLinkAtTheTemporaryNameIsNeverWrittenThrough() throws {
        let victim = folder + "/victim", path = folder + "/status.json"
        try AtomicFile.write("the user's own file", to: victim)
        #expect(symlink(victim, AtomicFile.temporaryName(for: path)) == 0)
        try AtomicFile.write("{}", to: path, durable: false)
        #expect(text(victim) == "the user's own file")
        #expect(text(path) == "{}")
    }

    @Test func aFileWrittenByOtherMeansIsPutInPlaceOrRefused() throws {
        let path = folder + "/track.wav", temporary = folder + "/.track.partial.wav"
        try AtomicFile.write("old", to: path)
        try AtomicFile.write("new", to: temporary)
        #expect(throws: SystemError.self) { try AtomicFile.place(temporary, at: path, existing: .refuse) }
        #expect(text(path) == "old")
        try AtomicFile.place(temporary, at: path)
        #expect(text(path) == "new")
        #expect(access(temporary, F_OK) != 0)
    }
}
