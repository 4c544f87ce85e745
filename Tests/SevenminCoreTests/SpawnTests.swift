// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminSystem
import Testing

@Suite("Starting another program")
struct SpawnTests {
    /// What a program prints, started from a thread that holds the workout's signals, as a worker thread does.
    func output(of arguments: [String], setting: [String: String] = [:]) throws -> (status: Int32, output: String) {
        try withSignalsHeld { () throws(SystemError) in try Spawn.run(arguments, setting: setting) }
    }

    /// Started by a process that ignores SIGUSR2, as the workout does, the child holds and ignores no signal:
    /// a program we start behaves as it would from a shell.
    @Test func theChildBlocksAndIgnoresNoSignal() throws {
        let before = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, before) }
        // grep reports its own sets; a shell would clear its mask as it starts.
        let (status, text) = try output(of: ["grep", "-E", "^Sig(Blk|Ign):", "/proc/self/status"])
        #expect(status == 0)
        let sets = text.split(separator: "\n").compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        try #require(sets.count == 2, "\(text)")
        #expect(sets[0] == 0, "blocked: \(text)")
        // Signals 1 to 31; glibc's spawn leaves its two internal real-time signals (32, 33) ignored.
        #expect(sets[1] & 0x7FFF_FFFF == 0, "ignored: \(text)")
    }

    @Test func theEnvironmentIsOursWithWhatIsSet() throws {
        let (_, text) = try output(of: ["sh", "-c", "echo \"$SEVENMIN_SPAWN|$HOME|$PATH\"; env | grep -c '^HOME='"],
                                   setting: ["SEVENMIN_SPAWN": "given", "HOME": "/elsewhere"])
        let path = String(cString: try #require(getenv("PATH")))
        #expect(text == "given|/elsewhere|\(path)\n1\n")
    }

    /// An exit status as a shell gives it: the program's own, or 128 and the signal that ended it.
    @Test func theStatusIsTheExitCodeOrTheSignal() throws {
        #expect(try output(of: ["sh", "-c", "echo out; exit 3"]) == (3, "out\n"))
        #expect(try output(of: ["sh", "-c", "kill -TERM $$"]).status == 128 + SIGTERM)
    }

    @Test func aProgramNotFoundIsAnErrorNamingIt() {
        #expect(throws: SystemError(call: "posix_spawnp no-such-program-7min", errno: ENOENT)) {
            try Spawn.start(["no-such-program-7min"])
        }
    }
}
