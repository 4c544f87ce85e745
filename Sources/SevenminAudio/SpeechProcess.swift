// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem
import Synchronization

/// Why the rendering process gave no speech.
public enum SpeechProcessError: Error, Equatable, CustomStringConvertible {
    /// It could not be started.
    case cannotStart(String)
    /// It refused: the engine's own reason (no voice data, an unknown voice).
    case refused(String)
    /// It died, by `signal` (0: it exited, or the connection broke), while `voice` rendered `text`.
    case crashed(voice: VoiceChoice, signal: Int32, text: String?)

    public var description: String {
        switch self {
        case .cannotStart(let why): return "cannot start the speech process: \(why)"
        case .refused(let why): return why
        case .crashed(let voice, let signal, let text):
            let how = signal > 0 ? "crashed (signal \(signal))" : "ended"
            return "\(visible(voice.label)) \(how)" + (text.map { " on \"\(visible($0))\"" } ?? " as it started")
        }
    }
}

/// Speech rendered in a separate process, so that a crash inside the speech library costs one phrase,
/// never the workout. The child is this program again (`sevenmin __speak --engine E --voice NAME
/// --rate WPM`), talking over a socket: the parent sends a text, the child answers with its samples.
/// A child that dies is started again for the next phrase, up to `maximumRestarts` times; the phrase
/// it died on is not tried again.
public final class SpeechProcess: SpeechEngine {
    public let choice: VoiceChoice
    public let rate: Int
    private let executable: String
    private let child: Mutex<Child?>
    private let restarts = Atomic<Int>(0)
    public static let maximumRestarts = 3
    /// A text is sent as at most this many bytes (SpokenText keeps it far below).
    static let maximumTextBytes = 65_536

    private struct Child: Sendable {
        var pid: pid_t
        var socket: Int32
    }

    /// Starts the process and waits for it to say it can speak with `choice`; throws if it cannot.
    public init(executable: String, choice: VoiceChoice, wordsPerMinute: Int) throws(SpeechProcessError) {
        self.executable = executable
        self.choice = choice
        rate = wordsPerMinute
        child = Mutex(try SpeechProcess.spawn(executable, choice: choice, rate: wordsPerMinute))
    }

    /// The rendering process's id, while one runs.
    var childPID: pid_t? { child.withLock { $0?.pid } }

    deinit {
        child.withLock { child in
            if let child { SpeechProcess.stop(child) }
            child = nil
        }
    }

    /// Speech for `text` (bounded first, as any text reaching the engine is), trimmed of trailing silence.
    public func synthesize(_ text: String) throws(SpeechProcessError) -> Sound {
        let spoken = SpokenText.bounded(text)
        let sound: Sound = try child.withLock { (child) throws(SpeechProcessError) -> Sound in
            if child == nil {
                guard restarts.add(1, ordering: .relaxed).newValue <= SpeechProcess.maximumRestarts else {
                    throw .crashed(voice: choice, signal: 0, text: nil)
                }
                child = try SpeechProcess.spawn(executable, choice: choice, rate: rate)
            }
            guard let running = child else { throw .crashed(voice: choice, signal: 0, text: nil) }
            do {
                return try SpeechProcess.render(spoken, over: running.socket)
            } catch SpeechProcess.Failure.refused(let why) {
                throw .refused(why)
            } catch {
                let signal = SpeechProcess.stop(running)
                child = nil
                throw .crashed(voice: choice, signal: signal, text: spoken)
            }
        }
        return sound.trimmingSilence()
    }

    // MARK: The parent's side

    private enum Failure: Error {
        case broken
        case refused(String)
    }

    /// `socketpair` and `Spawn`: the child in a process group of its own, so Ctrl-C and Ctrl-Z at the
    /// terminal reach only us.
    private static func spawn(_ executable: String, choice: VoiceChoice,
                              rate: Int) throws(SpeechProcessError) -> Child {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw .cannotStart("socketpair: \(String(cString: strerror(errno)))")
        }
        typealias Option = SpeakCommand.Option
        let arguments = ["sevenmin", SpeakCommand.spec.name, Option.engine.name, choice.engine.rawValue,
                         Option.voice.name, choice.voice, Option.rate.name, String(rate)]
        let pid: pid_t
        do {
            pid = try Spawn.start(arguments, program: executable, stdin: .descriptor(fds[1]),
                                  stdout: .descriptor(fds[1]), ownGroup: true,
                                  // Swift's backtracer would spend half a second printing a crash in the library.
                                  setting: ["SWIFT_BACKTRACE": "enable=no"])
        } catch {
            // ignored: pipe ends never used: closing them loses nothing
            close(fds[1])
            // ignored: as above
            close(fds[0])
            throw .cannotStart("\(executable): \(String(cString: strerror(error.errno)))")
        }
        // ignored: a pipe end we are done with: closing it loses nothing that was not already read or sent
        close(fds[1])
        let child = Child(pid: pid, socket: fds[0])
        do {
            if try readInt32(fds[0]) > 0 { return child }
            let why = try readMessage(fds[0])
            stop(child)
            throw SpeechProcessError.refused(why)
        } catch let error as SpeechProcessError {
            throw error
        } catch {
            throw .crashed(voice: choice, signal: stop(child), text: nil)
        }
    }

    /// Sends `text`, reads the sound back: a count of samples (or -1 and a message), the rate, the samples.
    private static func render(_ text: String, over socket: Int32) throws(Failure) -> Sound {
        let bytes = Array(text.utf8.prefix(maximumTextBytes))
        try send(socket, withUnsafeBytes(of: UInt32(bytes.count)) { Array($0) } + bytes)
        let count = try readInt32(socket)
        guard count >= 0 else { throw .refused(try readMessage(socket)) }
        let rate = try readInt32(socket)
        guard rate > 0 else { throw .broken }
        return Sound(samples: try receiveArray(socket, count: Int(count), of: Int16.self), sampleRate: Int(rate))
    }

    /// Closes the connection (the child reads its end and exits) and reaps it; returns the signal that
    /// ended it, or 0. A child that does not exit within a second is killed.
    @discardableResult
    private static func stop(_ child: Child) -> Int32 {
        // ignored: a pipe end we are done with: closing it loses nothing that was not already read or sent
        close(child.socket)
        var status: Int32 = 0
        for _ in 0..<100 {
            let reaped = waitpid(child.pid, &status, WNOHANG)
            if reaped == child.pid { return terminatingSignal(status) }
            if reaped < 0 && errno != EINTR { return 0 }
            // ignored: an interruption only shortens the wait before the next look
            usleep(10_000)
        }
        // ignored: the child is ours and not yet reaped, so the signal reaches it
        kill(child.pid, SIGKILL)
        // ignored: the child was just killed, so this returns at once.
        _ = waitpid(child.pid, &status, 0)
        return SIGKILL
    }

    private static func terminatingSignal(_ status: Int32) -> Int32 {
        // WIFSIGNALED and WTERMSIG, which Swift cannot see as macros.
        let signal = status & 0x7F
        return signal != 0 && signal != 0x7F ? signal : 0
    }

    private static func send(_ socket: Int32, _ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a child that died is an error here, never a SIGPIPE for the whole program.
            let n = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .broken }
            offset += n
        }
    }

    private static func receive(_ socket: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.read(socket, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .broken }
            offset += n
        }
    }

    private static func receiveArray<T: FixedWidthInteger>(_ socket: Int32, count: Int,
                                                          of _: T.Type) throws(Failure) -> [T] {
        var values = [T](repeating: 0, count: count)
        // withUnsafeMutableBytes rethrows untyped errors, so the outcome is carried out as a value.
        let received = values.withUnsafeMutableBytes { buffer in (try? receive(socket, into: buffer)) != nil }
        guard received else { throw .broken }
        return values
    }

    private static func readInt32(_ socket: Int32) throws(Failure) -> Int32 {
        var value: Int32 = 0
        try withUnsafeMutableBytes(of: &value) { buffer throws(Failure) in try receive(socket, into: buffer) }
        return value
    }

    private static func readMessage(_ socket: Int32) throws(Failure) -> String {
        let count = try readInt32(socket)
        guard count >= 0, count <= 4096 else { throw .broken }
        return String(decoding: try receiveArray(socket, count: Int(count), of: UInt8.self), as: UTF8.self)
    }

    // MARK: The child's side

    /// The child's loop (`sevenmin __speak`): speaks with `choice` in this process, on descriptors 0 and 1,
    /// until the parent closes its end. Returns the exit status.
    public static func serve(_ choice: VoiceChoice, rate: Int) -> Int32 {
        let engine: any SpeechEngine
        do {
            engine = try SpeechEngines.open(exactly: choice, rate: rate)
        } catch {
            reply(-1, message: "\(error)")
            return 1
        }
        reply(1)
        while true {
            var length: UInt32 = 0
            guard (try? withUnsafeMutableBytes(of: &length, { buffer throws(Failure) in
                try receive(0, into: buffer)
            })) != nil, length <= UInt32(maximumTextBytes) else { return 0 }
            guard let bytes = try? receiveArray(0, count: Int(length), of: UInt8.self) else { return 0 }
            do {
                let sound = try engine.synthesize(String(decoding: bytes, as: UTF8.self))
                var out = withUnsafeBytes(of: Int32(sound.samples.count)) { Array($0) }
                out += withUnsafeBytes(of: Int32(sound.sampleRate)) { Array($0) }
                sound.samples.withUnsafeBytes { out.append(contentsOf: $0) }
                guard (try? send(1, out)) != nil else { return 0 }
            } catch {
                reply(-1, message: "\(error)")
            }
        }
    }

    private static func reply(_ value: Int32, message: String? = nil) {
        var out = withUnsafeBytes(of: value) { Array($0) }
        if let message {
            let bytes = Array(message.utf8.prefix(4096))
            out += withUnsafeBytes(of: Int32(bytes.count)) { Array($0) } + bytes
        }
        // ignored: a parent that has gone is noticed at the next read, which ends the loop.
        _ = try? send(1, out)
    }
}
