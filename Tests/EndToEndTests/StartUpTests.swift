// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A workout on a pseudo-terminal of the test's own, which answers nothing unless told to: what a
/// terminal that never replies to the start-up question gets, byte by byte.
final class SilentTerminal {
    let master: Int32
    let pid: pid_t
    private(set) var received: [UInt8] = []

    init(_ arguments: [String], environment: [String: String]) throws {
        // posix_openpt, unlockpt and ptsname are declared only under _XOPEN_SOURCE, which Swift does not
        // set: their ioctls, as Linux defines them (TIOCSPTLCK, TIOCGPTN).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0
        else { throw POSIXError(.EIO) }
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let name = "/dev/pts/\(number)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Not its controlling terminal: nothing here needs the keys that raise signals.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR | O_NOCTTY, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        pid = child
    }

    /// Reads what the program writes until `done` holds of all of it, or `timeout` seconds pass.
    @discardableResult
    func read(until done: ([UInt8]) -> Bool, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(received) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let n = Glibc.read(master, &buffer, buffer.count)
            guard n > 0 else { return done(received) }
            received += buffer[0..<n]
        }
        return true
    }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits for the program to end, up to `timeout` seconds; kills it after that.
    func finish(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while Date() < deadline {
            // The program's last bytes are read, so that it never blocks on a full terminal.
            read(until: { _ in false }, timeout: 0.05)
            if waitpid(pid, &status, WNOHANG) == pid { return true }
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return false
    }

    deinit { close(master) }
}

extension [UInt8] {
    /// Where `needle` first occurs, if it does.
    func firstRange(of needle: String) -> Range<Int>? {
        let bytes = Array(needle.utf8)
        guard count >= bytes.count else { return nil }
        return (0...(count - bytes.count)).first { Array(self[$0..<($0 + bytes.count)]) == bytes }
            .map { $0..<($0 + bytes.count) }
    }
}

@Suite("Start-up", .serialized)
struct StartUpTests {
    /// The screen comes up before the terminal has answered the start-up question (whether it takes
    /// synchronised output), and without synchronised output, as for a terminal that never answers; the
    /// answer, when it comes, puts the frames after it in synchronised output.
    @Test func theFirstFrameDoesNotWaitForTheTerminalsAnswer() throws {
        let scratch = temporaryDirectory()
        let environment = ["TERM": "xterm-256color", "HOME": scratch, "XDG_STATE_HOME": scratch + "/state",
                           "XDG_CONFIG_HOME": scratch + "/config", "XDG_CACHE_HOME": scratch + "/cache",
                           "XDG_RUNTIME_DIR": scratch + "/runtime", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let terminal = try SilentTerminal([binary, "start", "classic", "--mute"], environment: environment)
        let question = "\u{1B}[?2026$p\u{1B}[c"
        // The first frame, after the question: the header, with the routine's name.
        let framed = terminal.read(until: { bytes in
            guard let asked = bytes.firstRange(of: question) else { return false }
            return Array(bytes[asked.upperBound...]).firstRange(of: "sevenmin · Classic") != nil
        }, timeout: 20)
        let start = String(decoding: terminal.received.prefix(300), as: UTF8.self)
        #expect(framed, "no frame without an answer: \(start.debugDescription)")
        #expect(terminal.received.firstRange(of: "\u{1B}[?2026h") == nil, "synchronised output before any answer")

        // The terminal answers that it knows the mode (reset, 2); the next second's frame is synchronised.
        let answered = terminal.received.count
        terminal.send("\u{1B}[?2026;2$y\u{1B}[?62;22c")
        let synchronized = terminal.read(until: { Array($0[answered...]).firstRange(of: "\u{1B}[?2026l") != nil },
                                         timeout: 10)
        #expect(synchronized, "no synchronised frame after the answer")
        let later = Array(terminal.received[answered...])
        if let begin = later.firstRange(of: "\u{1B}[?2026h"), let end = later.firstRange(of: "\u{1B}[?2026l") {
            #expect(begin.upperBound <= end.lowerBound)
        } else {
            Issue.record("a synchronised frame begins and ends")
        }

        terminal.send("q")
        _ = terminal.read(until: { $0.count > later.count + answered }, timeout: 5)
        terminal.send("y")
        #expect(terminal.finish(timeout: 10), "the workout did not end after q, y")
    }
}
