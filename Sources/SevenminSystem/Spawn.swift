// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The one way this program starts another: `posix_spawn`, with every signal's disposition back to
/// its default and none blocked, whichever thread asks. A child never inherits the signals our loop
/// catches, nor the ones a worker thread is made with blocked (`startThread`).
public enum Spawn {
    /// Where one of the child's standard descriptors goes.
    public enum Stream: Sendable {
        /// Left as ours.
        case inherited
        /// `/dev/null`.
        case null
        /// A copy of this descriptor of ours.
        case descriptor(Int32)
    }

    /// Starts `arguments[0]`, found on `PATH` unless `program` names the file to run, and returns its
    /// pid. `ownGroup` puts it in a process group of its own, so Ctrl-C and Ctrl-Z at the terminal
    /// reach only us; its environment is ours with the variables in `setting` set.
    public static func start(_ arguments: [String], program: String? = nil, stdin: Stream = .inherited,
                             stdout: Stream = .inherited, stderr: Stream = .inherited, ownGroup: Bool = false,
                             setting: [String: String] = [:]) throws(SystemError) -> pid_t {
        precondition(!arguments.isEmpty, "a program to start")
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        // ignored: both fail only without memory, and posix_spawn below then fails and says so
        posix_spawn_file_actions_init(&actions)
        // ignored: as above
        posix_spawnattr_init(&attributes)
        defer {
            // ignored: freeing what was initialised cannot fail
            posix_spawn_file_actions_destroy(&actions)
            // ignored: as above
            posix_spawnattr_destroy(&attributes)
        }
        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherited: break
            case .null:
                // ignored: this only records what to do; posix_spawn reports any failure
                _ = posix_spawn_file_actions_addopen(&actions, target, "/dev/null",
                                                     target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let fd):
                // ignored: as above
                _ = posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        var defaults = sigset_t(), none = sigset_t()
        // ignored: fails only for an invalid pointer; these are on the stack
        sigfillset(&defaults)
        // ignored: as above
        sigemptyset(&none)
        // ignored: fails only for an invalid set, and these were just made
        _ = posix_spawnattr_setsigdefault(&attributes, &defaults)
        // ignored: as above
        _ = posix_spawnattr_setsigmask(&attributes, &none)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            // ignored: fails only for an invalid attribute object, and this one was initialised
            _ = posix_spawnattr_setpgroup(&attributes, 0)
        }
        // ignored: fails only for unknown flags, and these are POSIX ones
        _ = posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let set = setting.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) }
        defer { set.forEach { free($0) } }
        // Ours byte for byte, but for the variables set: an entry need not be UTF-8.
        var envp = set
        var k = 0
        while let entry = environ[k] {
            if !setting.keys.contains(where: { strncmp(entry, $0 + "=", $0.utf8.count + 1) == 0 }) {
                envp.append(entry)
            }
            k += 1
        }
        envp.append(nil)
        var pid: pid_t = 0
        let code = program.map { posix_spawn(&pid, $0, &actions, &attributes, argv, envp) }
            ?? posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard code == 0 else {
            throw SystemError(call: (program == nil ? "posix_spawnp " : "posix_spawn ") + (program ?? arguments[0]),
                              errno: code)
        }
        return pid
    }

    /// Runs a program as `start` does, with no input and its error output discarded, and waits for it: its
    /// exit status (128 and the signal's number, for one a signal ended) and what it printed.
    public static func run(_ arguments: [String],
                           setting: [String: String] = [:]) throws(SystemError) -> (status: Int32, output: String) {
        var ends: [Int32] = [-1, -1]
        // A socket pair, made close-on-exec at once, so no child started meanwhile by another thread inherits it.
        _ = try retryingEINTR("socketpair") {
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
        }
        // ignored: the read end of a pipe we are done with
        defer { close(ends[0]) }
        let pid: pid_t
        do {
            pid = try start(arguments, stdin: .null, stdout: .descriptor(ends[1]), stderr: .null, setting: setting)
        } catch {
            // ignored: the write end of a pipe never used
            close(ends[1])
            throw error
        }
        // ignored: our copy of the write end, closed so that reading sees the end; nothing to recover
        close(ends[1])
        var bytes: [UInt8] = []
        // A read that fails ends the output, as the end of the pipe would; the status is still waited for.
        while let got = try? SystemCall.read(ends[0], into: &bytes, count: 4096), got > 0 {}
        var status: Int32 = 0
        _ = try retryingEINTR("waitpid") { waitpid(pid, &status, 0) }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, macros Swift cannot see.
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), String(decoding: bytes, as: UTF8.self))
    }
}
