// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminTestSupport
import Testing
@testable import SevenminApp
import SevenminCore
import SevenminSystem

/// A fresh folder of our own for one test, removed with the rest when the tests end.
func scratchDirectory() -> String { ScratchFolder.make("sevenmin-app") }

func readError(_ path: String) -> RoutineFileError? {
    do { _ = try WorkoutDataSource.read(path); return nil } catch { return error }
}

@Suite("Reading routine files")
struct RoutineFileTests {
    @Test func aHugeFileIsRefusedFromItsSizeWithoutReadingIt() throws {
        let path = scratchDirectory() + "/huge.json"
        // Sparse: 3 GB that take no disk, and would take 3 GB of memory if read.
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(fd, 3 << 30) == 0)
        close(fd)
        let error = try #require(readError(path))
        #expect(error.reason == .tooLarge(bytes: 3 << 30) && error.exitCode == 65)
        #expect(error.description == "\(path):1:1: the file is 3221225472 bytes; routines may be at most 1 MiB")
    }

    @Test func anEndlessDeviceIsReadOnlyToTheLimit() throws {
        let error = try #require(readError("/dev/zero"))
        #expect(error.reason == .tooLarge(bytes: nil) && error.exitCode == 65)
    }

    @Test func aFIFOWithNoWriterDoesNotHang() throws {
        let path = scratchDirectory() + "/fifo.json"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(try WorkoutDataSource.read(path) == [])
        #expect(throws: RoutineLoadError.self) { try WorkoutDataSource().load(path) }
    }

    @Test func aPipeIsReadToItsEnd() throws {
        // What `sevenmin validate <(cat x.json)` hands over: /dev/fd/N, a pipe.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let routine = Array(#"{"name": "Piped", "exercises": [{"title": "A"}]}"#.utf8)
        #expect(routine.withUnsafeBufferPointer { write(ends[1], $0.baseAddress, $0.count) } == routine.count)
        close(ends[1])
        #expect(try WorkoutDataSource().load("/dev/fd/\(ends[0])").name == "Piped")
    }

    @Test(arguments: [("/nonexistent/x.json", false), ("/etc/passwd/x.json", false), ("/", true)])
    func nothingReadableExits66(path: String, isDirectory: Bool) throws {
        let error = try #require(readError(path))
        #expect(error.reason == (isDirectory ? .isDirectory : .notFound) && error.exitCode == 66)
    }

    @Test func aMissingFileByPathIsNotFound() {
        #expect(throws: RoutineFileError(path: "gone/x.json", reason: .notFound)) {
            try WorkoutDataSource(environment: ["HOME": "/nonexistent"], shippedDirectory: nil).load("gone/x.json")
        }
    }

    @Test func namesArePrintedNeutralised() {
        let error = RoutineNotFound(name: "x\u{1B}]0;t\u{07}", available: ["a\u{9B}1m", "b\u{202E}"])
        #expect(error.description == "Error: No routine named 'x^[]0;t^G'. Available: a<U+009B>1m, b<U+202E>."
            + "\nSee 'sevenmin routines' for where they come from.")
        #expect(RoutineFileError(path: "\u{1B}[2J.json", reason: .notFound).description
            == "Error: Cannot read '^[[2J.json': there is no such file.")
    }
}

@Suite("Writing new files")
struct NewFileTests {
    /// `import` writes its routines all or none: a target that fails removes the ones written before it.
    @Test func writeAllMakesEveryFileOrNone() throws {
        let dir = scratchDirectory()
        let files = [(path: dir + "/a.json", text: "a"), (path: dir + "/b.json", text: "b"),
                     (path: dir + "/missing/c.json", text: "c")]
        #expect(throws: NewFile.Failure.self) { try NewFile.writeAll(files, hint: "h") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
        try NewFile.writeAll(Array(files.prefix(2)), hint: "h")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.json", "b.json"])
        // Nothing already there is taken away, a link to nowhere included.
        #expect(symlink(dir + "/nowhere", dir + "/d.json") == 0 && NewFile.isTaken(dir + "/d.json"))
        #expect(throws: NewFile.Failure.self) {
            try NewFile.writeAll([(dir + "/e.json", "e"), (dir + "/a.json", "x")], hint: "h")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.json", "b.json", "d.json"])
        #expect(try String(contentsOfFile: dir + "/a.json", encoding: .utf8) == "a")
    }
}

@Suite("User folders")
struct UserDirectoriesTests {
    @Test(arguments: [
        // HOME unset, empty or relative: the password database's home, never the shared /tmp.
        ([:], "/home/pw", "/home/pw/.config", "/home/pw/.local/state", nil),
        (["HOME": ""], "/home/pw", "/home/pw/.config", "/home/pw/.local/state", nil),
        (["HOME": "rel"], "/home/pw", "/home/pw/.config", "/home/pw/.local/state", nil),
        (["HOME": "/h"], "/h", "/h/.config", "/h/.local/state", nil),
        // Relative XDG values are ignored, as the spec says.
        (["HOME": "/h", "XDG_CONFIG_HOME": "cfg", "XDG_STATE_HOME": "./st", "XDG_RUNTIME_DIR": "run"],
         "/h", "/h/.config", "/h/.local/state", nil),
        (["HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_RUNTIME_DIR": "/r"],
         "/h", "/c", "/s", "/r"),
    ] as [([String: String], String?, String?, String?, String?)])
    func foldersFollowTheXDGRules(environment: [String: String], home: String?, config: String?, state: String?,
                                  runtime: String?) {
        let dirs = UserDirectories(environment: environment, passwordHome: { "/home/pw" })
        #expect(dirs.home == home && dirs.configHome == config && dirs.stateHome == state)
        #expect(dirs.runtimeDirectory == runtime)
    }

    @Test func spokenPhrasesAreKeptInTheCacheFolder() {
        let given = UserDirectories(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/k"], passwordHome: { nil })
        #expect(given.speechDirectory == "/k/sevenmin/speech")
        let relative = UserDirectories(environment: ["HOME": "/h", "XDG_CACHE_HOME": "k"], passwordHome: { nil })
        #expect(relative.speechDirectory == "/h/.cache/sevenmin/speech")
        #expect(UserDirectories(environment: [:], passwordHome: { nil }).speechDirectory == nil)
    }

    @Test func withNoHomeAtAllNothingIsPlaced() {
        let dirs = UserDirectories(environment: ["XDG_CONFIG_HOME": "/c"], passwordHome: { nil })
        #expect(dirs.home == nil && dirs.stateHome == nil && dirs.logFile == nil)
        #expect(dirs.routinesDirectory == "/c/sevenmin/workouts")
    }

    @Test func theRealUserHasAHomeEvenWithoutHOME() throws {
        let dirs = UserDirectories(environment: [:])
        let home = try #require(dirs.home)
        #expect(home.hasPrefix("/") && !home.hasPrefix(NSTemporaryDirectory()))
        #expect(WorkoutDataSource(environment: [:]).userDirectory == home + "/.config/sevenmin/workouts")
    }

    @Test func aFileInTheWayIsNamedPlainly() throws {
        let file = scratchDirectory() + "/config"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(throws: UserDirectories.Problem(description:
            "Error: Cannot create the folder '\(file)/sevenmin/workouts': '\(file)' is a file, not a folder.")) {
            try UserDirectories.makeDirectory(file + "/sevenmin/workouts")
        }
    }

    @Test func foldersAreCreatedPrivate() throws {
        let dir = scratchDirectory() + "/a/b"
        try UserDirectories.makeDirectory(dir)
        try UserDirectories.makeDirectory(dir)  // already there: fine
        let mode = try #require(FileManager.default.attributesOfItem(atPath: dir)[.posixPermissions] as? Int)
        #expect(mode == 0o700)
    }
}

/// The status file in a runtime folder others may share: only a folder of ours, closed to others,
/// and never blocked by what is planted at the temporary file's name.
@Suite("The status file's folder")
struct StatusFileFolderTests {
    let snapshot = StatusSnapshot(routine: "R", title: "Wall Sit", segment: 1, segments: 2, paused: false,
                                  remaining: 30)

    @Test func aFIFOAtTheTemporaryNameNeverBlocks() throws {
        let folder = scratchDirectory() + "/sevenmin"
        try UserDirectories.makeDirectory(folder)
        #expect(mkfifo(AtomicFile.temporaryName(for: folder + "/status.json"), 0o600) == 0)
        let done = DispatchSemaphore(value: 0)
        let snapshot = snapshot
        DispatchQueue.global().async {
            StatusFile(path: folder + "/status.json").publish(snapshot)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success, "publishing blocked on a FIFO")
        #expect(StatusRecord.parse(Array(FileManager.default.contents(atPath: folder + "/status.json") ?? Data()))
            != nil)
    }

    @Test func theFolderIsClosedToOthersAndMustBeOurs() throws {
        let folder = scratchDirectory() + "/sevenmin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o777)
        StatusFile(path: folder + "/status.json").publish(snapshot)
        var info = stat()
        #expect(stat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test(.enabled(if: getuid() == 0, "only root can hand a folder to someone else"))
    func someoneElsesFolderIsLeftAlone() throws {
        let theirs = scratchDirectory() + "/sevenmin"
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        #expect(chown(theirs, 65534, 65534) == 0)
        StatusFile(path: theirs + "/status.json").publish(snapshot)
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs).isEmpty)
    }
}

/// The id that names this machine's copy in `history.d`: made once, kept, and never replaced unasked.
@Suite("The machine id")
struct MachineIDTests {
    @Test func itIsMadeOnceReadableByItsOwnerAloneAndKept() throws {
        let path = scratchDirectory() + "/machine-id"
        #expect(MachineID.read(path) == nil)
        let id = try #require(MachineID.readOrMake(path))
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit) && id == id.lowercased())
        #expect(try String(contentsOfFile: path, encoding: .utf8) == id + "\n")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(MachineID.readOrMake(path) == id && MachineID.read(path) == id)
        // Two machines, two ids.
        #expect(MachineID.readOrMake(scratchDirectory() + "/machine-id") != id)
    }

    @Test(arguments: ["debian\n", "0123456789ABCDEF0123456789ABCDEF\n", String(repeating: "a", count: 100)])
    func aFileHoldingSomethingElseIsLeftAsItIsAndNoIdIsGiven(text: String) throws {
        let path = scratchDirectory() + "/machine-id"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(MachineID.readOrMake(path) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}
