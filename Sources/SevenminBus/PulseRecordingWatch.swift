// SPDX-License-Identifier: GPL-3.0-or-later
import CPulse
import CSevenminSystem
import Glibc
import SevenminSystem
import Synchronization

/// A libpulse call that failed, with the server's words for why (`pa_strerror`).
public struct PulseError: Error, CustomStringConvertible {
    public var call: String
    public var reason: String
    public var description: String { "\(call): \(reason)" }
}

/// Whether a stream records from a PulseAudio server (PipeWire's too): a source output, as a call's microphone
/// is. libpulse tells of every change (`pa_context_subscribe`) on a thread of its own, asleep in its main loop's
/// one `poll`; a change pokes `descriptor`, which the watcher polls beside its bus.
public final class PulseRecordingWatch: @unchecked Sendable {
    private let loop: OpaquePointer
    private let context: OpaquePointer
    /// Poked (an `eventfd`) when `recording` may have changed.
    public let descriptor: Int32
    private let count = Mutex(0)
    /// Set by the subscription's callback, on the loop's thread only: the streams are counted again.
    private var changed = false

    /// Connects to the server (never starting one) and counts the streams recording; throws when none answers.
    public init() throws(PulseError) {
        guard let loop = pa_mainloop_new() else { throw PulseError(call: "pa_mainloop_new", reason: pa_text(-1)) }
        guard let api = pa_mainloop_get_api(loop), let context = pa_context_new(api, "sevenmin") else {
            // ignored: freeing the loop made here cannot fail
            pa_mainloop_free(loop)
            throw PulseError(call: "pa_context_new", reason: pa_text(-1))
        }
        self.loop = loop
        self.context = context
        descriptor = csevenmin_wake_create()
        do throws(PulseError) {
            guard descriptor >= 0 else { throw PulseError(call: "eventfd", reason: String(cString: strerror(errno))) }
            try checked("pa_context_connect") { pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) }
            while true {
                let state = pa_context_get_state(context)
                if state == PA_CONTEXT_READY { break }
                if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
                    throw PulseError(call: "pa_context_connect", reason: pa_text(pa_context_errno(context)))
                }
                try iterate()
            }
            let me = Unmanaged.passUnretained(self).toOpaque()
            // ignored: sets a callback, which cannot fail
            pa_context_set_subscribe_callback(context, { _, _, _, me in
                guard let me else { return }
                Unmanaged<PulseRecordingWatch>.fromOpaque(me).takeUnretainedValue().changed = true
            }, me)
            try wait(pa_context_subscribe(context, PA_SUBSCRIPTION_MASK_SOURCE_OUTPUT, nil, nil),
                     "pa_context_subscribe")
            try recount()
        } catch {
            close()
            throw error
        }
        startThread(named: "sevenmin-pulse") { [self] in run() }
    }

    /// Whether a stream records now.
    public var recording: Bool { count.withLock { $0 } > 0 }

    /// Whether `descriptor` was poked since last asked; empties it.
    public func acknowledge() -> Bool {
        var value: UInt64 = 0
        return read(descriptor, &value, 8) == 8
    }

    private func close() {
        // ignored: disconnecting and releasing what was made cannot fail
        pa_context_disconnect(context)
        // ignored: as above
        pa_context_unref(context)
        // ignored: as above
        pa_mainloop_free(loop)
    }

    /// The loop's thread: sleeps in libpulse's poll, counts again after each change, pokes when the count moves.
    private func run() {
        while true {
            do throws(PulseError) {
                try iterate()
                guard changed else { continue }
                let before = recording
                try recount()
                if recording != before { poke() }
            } catch {
                // The server went away: no stream records that can be seen.
                count.withLock { $0 = 0 }
                poke()
                return
            }
        }
    }

    private func poke() {
        var one: UInt64 = 1
        // ignored: the only failure is a counter near its maximum, which is still readable
        _ = write(descriptor, &one, 8)
    }

    /// Counts the source outputs that are not corked (`pa_context_get_source_output_info_list`).
    private func recount() throws(PulseError) {
        changed = false
        final class Tally { var count = 0 }
        let tally = Tally()
        try withExtendedLifetime(tally) { () throws(PulseError) in
            try wait(pa_context_get_source_output_info_list(context, { _, info, _, tally in
                guard let info, let tally else { return }
                if info.pointee.corked == 0 { Unmanaged<Tally>.fromOpaque(tally).takeUnretainedValue().count += 1 }
            }, Unmanaged.passUnretained(tally).toOpaque()), "pa_context_get_source_output_info_list")
        }
        count.withLock { $0 = tally.count }
    }

    /// Runs the loop until `operation` (nil: it could not be started) is done, then lets it go.
    private func wait(_ operation: OpaquePointer?, _ call: String) throws(PulseError) {
        guard let operation else { throw PulseError(call: call, reason: pa_text(pa_context_errno(context))) }
        defer {
            // ignored: letting an operation go cannot fail
            pa_operation_unref(operation)
        }
        while pa_operation_get_state(operation) == PA_OPERATION_RUNNING { try iterate() }
    }

    /// One pass of the main loop, asleep until something comes (`pa_mainloop_iterate`).
    private func iterate() throws(PulseError) {
        var result: Int32 = 0
        try checked("pa_mainloop_iterate") { pa_mainloop_iterate(loop, 1, &result) }
        let state = pa_context_get_state(context)
        if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
            throw PulseError(call: "pa_context_get_state", reason: pa_text(pa_context_errno(context)))
        }
    }

    /// Runs a libpulse call, which reports failure as a negative number; throws a `PulseError` naming it.
    private func checked(_ call: String, _ body: () -> Int32) throws(PulseError) {
        let result = body()
        if result < 0 { throw PulseError(call: call, reason: pa_text(pa_context_errno(context))) }
    }
}

/// libpulse's words for `error` (`pa_strerror`); -1: the library itself is missing.
private func pa_text(_ error: Int32) -> String {
    if error < 0 { return "libpulse.so.0 is missing" }
    return pa_strerror(error).map { String(cString: $0) } ?? "error \(error)"
}
