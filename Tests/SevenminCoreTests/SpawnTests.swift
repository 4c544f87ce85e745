// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminSystem
import Testing

@Suite("Starting another program")
struct SpawnTests {
    /// What a child started by `Spawn.start` prints, and its exit status.
    func output(of arguments: [String], program: String? = nil,
                setting: [String: String] = [:]) throws -> (text: String, status: Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let started = Result { () throws(SystemError) in
            try withSignalsHeld { () throws(SystemError) in
                try Spawn.start(arguments, program: program, stdin: .null, stdout: .descriptor(ends[1]),
                                stderr: .null, setting: setting)
            }
        }
        close(ends[1])
        let pid = try started.get()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let n = read(ends[0], &buffer, buffer.count), n > 0 { bytes += buffer[0..<n] }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (String(decoding: bytes, as: UTF8.self), status)
    }

    /// Started from a thread that holds every caught signal, as a worker thread does, by a process that
    /// ignores SIGUSR2, as the workout does, the child holds and ignores none: a program we start behaves
    /// as it would from a shell.
    @Test func theChildBlocksAndIgnoresNoSignal() throws {
        let before = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, before) }
        // grep reports its own sets; a shell would clear its mask as it starts.
        let (text, status) = try output(of: ["grep", "-E", "^Sig(Blk|Ign):", "/proc/self/status"])
        #expect(status == 0)
        let sets = text.split(separator: "\n").compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        try #require(sets.count == 2, "\(text)")
        #expect(sets[0] == 0, "blocked: \(text)")
        // Signals 1 to 31; glibc's spawn leaves its two internal real-time signals (32, 33) ignored.
        #expect(sets[1] & 0x7FFF_FFFF == 0, "ignored: \(text)")
    }

    @Test func theEnvironmentIsOursWithWhatIsSet() throws {
        let (text, _) = try output(of: ["sh", "-c", "echo \"$SEVENMIN_SPAWN|$HOME|$PATH\"; env | grep -c '^HOME='"],
                                   program: "/bin/sh", setting: ["SEVENMIN_SPAWN": "given", "HOME": "/elsewhere"])
        let path = String(cString: try #require(getenv("PATH")))
        #expect(text == "given|/elsewhere|\(path)\n1\n")
    }

    @Test func aProgramNotFoundIsAnErrorNamingIt() {
        #expect(throws: SystemError(call: "posix_spawnp no-such-program-7min", errno: ENOENT)) {
            try Spawn.start(["no-such-program-7min"])
        }
    }
}
