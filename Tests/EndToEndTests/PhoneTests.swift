// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The phone as a second screen (`start --phone`), on loopback only: the page's guards and its event stream
/// through curl, and the page itself in headless Chromium (Debian's chromium, chromium-driver and
/// python3-selenium), as a phone on the mat would open it from the QR code.
@Suite("The phone's page end to end")
struct PhoneEndToEndTests {
    /// A workout with the page on 127.0.0.1, its status in a runtime folder of its own.
    /// With `history`, the workout is kept (in the tmux's folder), and its finish asks how hard it was.
    func workout(_ routine: String, _ options: String = "",
                 history: Bool = false) throws -> (tmux: Tmux, runtime: String, log: String) {
        let runtime = temporaryDirectory(), log = runtime + "/ev.jsonl"
        let tmux = try Tmux("XDG_RUNTIME_DIR=\(runtime) \(binary) start \(routine) --mute "
            + (history ? "" : "--no-history ") + "--phone-bind 127.0.0.1 --events \(log) \(options)")
        return (tmux, runtime, log)
    }

    /// The page's address from `status --json`, waited for.
    func phone(_ runtime: String) -> String {
        var url = ""
        waitUntil("the page's address in status --json", timeout: 20) {
            let json = (try? run(binary, ["status", "--json"], environment: ["XDG_RUNTIME_DIR": runtime]))?.stdout
            let object = json.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            url = object?["phone"] as? String ?? ""
            return !url.isEmpty
        }
        return url
    }

    func curl(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try run("/usr/bin/curl", ["-s", "--max-time", "10"] + arguments)
    }

    @Test func curlSeesTheGuardsAndOneEventPerSegment() throws {
        let (tmux, runtime, log) = try workout(fixtures + "/short.json")
        let url = phone(runtime)
        let parts = url.split(separator: "#", maxSplits: 1).map(String.init)
        let base = String(parts[0].dropLast()), token = parts[1], authority = String(base.dropFirst("http://".count))
        #expect(token.count >= 22, "128 bits or more")
        #expect(authority.hasPrefix("127.0.0.1:"))
        let jar = tmux.directory + "/jar"
        // The stream first, while the workout gets ready: every segment after this is one event.
        let exchange = try curl("-o", "/dev/null", "-w", "%{http_code}", "-c", jar, "-X", "POST",
                                "-H", "Origin: http://\(authority)", "-H", "X-Sevenmin-Token: \(token)",
                                base + "/session")
        #expect(exchange.stdout == "204")
        let stream = tmux.directory + "/stream.txt"
        let reader = try spawn("/bin/sh", ["-c", "exec /usr/bin/curl -s -N -b \(jar) \(base)/events > \(stream)"])

        let page = try curl("-D", "-", base + "/")
        #expect(page.stdout.contains("HTTP/1.1 200"))
        for header in ["Referrer-Policy: no-referrer", "Cache-Control: no-store",
                       "Content-Security-Policy: default-src 'self'"] {
            #expect(page.stdout.contains(header), "\(header)")
        }
        #expect(page.stdout.contains("<!doctype html>"))
        func code(_ arguments: String...) throws -> String {
            try run("/usr/bin/curl", ["-s", "--max-time", "10", "-o", "/dev/null", "-w", "%{http_code}"] + arguments)
                .stdout
        }
        #expect(try code("-H", "Host: evil.example:\(authority.split(separator: ":")[1])", base + "/") == "403")
        #expect(try code(base + "/events") == "401")
        #expect(try code("-X", "POST", "-H", "Origin: http://\(authority)", base + "/pause") == "401")
        #expect(try code("-b", jar, "-X", "POST", "-H", "Origin: http://evil.example", base + "/pause") == "403")
        #expect(try code("-b", jar, base + "/pause") == "405", "a command is POST only")
        #expect(try code("-X", "POST", "-H", "Origin: http://\(authority)", "-H", "X-Sevenmin-Token: wrong",
                         base + "/session") == "403")
        // Four phones at most: three more get a cookie, a fifth does not; the first, scanning again, keeps its own.
        let trade = ["-X", "POST", "-H", "Origin: http://\(authority)", "-H", "X-Sevenmin-Token: \(token)",
                     base + "/session"]
        #expect(try (1...4).map { _ in try run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}"] + trade)
            .stdout } == ["204", "204", "204", "503"])
        #expect(try run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-b", jar] + trade).stdout
                == "204")

        // The finish is told at once, with its summary and no question (no history is kept), and the server stops
        // serving then, the terminal's summary still up: not when a key dismisses it.
        waitUntil("the end on the stream", timeout: 60) {
            ((try? String(contentsOfFile: stream, encoding: .utf8)) ?? "").contains("event: end\ndata: {\"title\": "
                + "\"Workout complete\", \"line\": \"Short Test Routine: 2/2 exercises in 0:09\", \"question\": null}")
        }
        waitUntil("the server closed", timeout: 5) { (try? code(base + "/")) == "000" }
        #expect(!tmux.screen().contains("exit="), "the summary still up")
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")
        var status: Int32 = 0
        waitpid(reader, &status, 0)
        let text = (try? String(contentsOfFile: stream, encoding: .utf8)) ?? ""
        let states = text.components(separatedBy: "\n\n").filter { $0.hasPrefix("event: state\n") }
            .compactMap { block in block.split(separator: "\n").last.flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.dropFirst("data: ".count).utf8)) as? [String: Any] } }
        #expect(text.hasPrefix("event: plan\n"))
        let shown = states.compactMap { $0["segment"] as? Int }
        let segments = events(log).filter { $0["event"] as? String == "segment" }.compactMap { $0["index"] as? Int }
        // One event per segment change: each segment once, in order, from where the stream joined to the end.
        #expect(shown == Array(segments.drop { $0 < (shown.first ?? 0) }), "stream \(shown), workout \(segments)")
        // The stream's last word is the end: the state said before it is the last segment's, or over.
        #expect(text.components(separatedBy: "\n\n").last { !$0.isEmpty }?.hasPrefix("event: end\n") == true)
        // The workout over, the port is closed.
        #expect(try curl(base + "/").status == 7, "curl: couldn't connect")
    }

    /// A TCP connection to 127.0.0.1's `port` from the loopback address `source`, which sends nothing.
    func idleConnection(from source: String, to port: Int) throws -> Int32 {
        func address(_ text: String, _ port: Int) -> sockaddr_in {
            var socket = sockaddr_in()
            socket.sin_family = sa_family_t(AF_INET)
            socket.sin_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET, text, &socket.sin_addr)   // ignored: both addresses are literals
            return socket
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var local = address(source, 0), remote = address("127.0.0.1", port)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, size) } }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, size) } }
        try #require(bound == 0 && connected == 0, "\(String(cString: strerror(errno)))")
        return fd
    }

    /// Whether the server has closed `fd`: it reads as the end (or as reset).
    func closedByServer(_ fd: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) <= 0
    }

    @Test func idleConnectionsFromOneAddressLockNoPhoneOut() throws {
        let (tmux, runtime, log) = try workout(fixtures + "/long.json")
        let url = phone(runtime)
        let parts = url.split(separator: "#", maxSplits: 1).map(String.init)
        let base = String(parts[0].dropLast()), token = parts[1], authority = String(base.dropFirst("http://".count))
        let port = try #require(Int(authority.split(separator: ":")[1]))
        // 64 connections held from a second loopback address, sending nothing, as an idle attacker's would.
        let held = try (0..<64).map { _ in try idleConnection(from: "127.0.0.2", to: port) }
        defer { for fd in held { _ = close(fd) } }   // ignored: the test's own sockets, closed at its end
        let opened = monotonicSeconds()
        // A phone from 127.0.0.1 loads the page, trades its token, and pauses the workout, all within 2 s.
        #expect(try curl("-o", "/dev/null", "-w", "%{http_code}", base + "/").stdout == "200")
        let jar = tmux.directory + "/jar"
        #expect(try curl("-o", "/dev/null", "-w", "%{http_code}", "-c", jar, "-X", "POST", "-H",
                         "Origin: http://\(authority)", "-H", "X-Sevenmin-Token: \(token)", base + "/session")
            .stdout == "204")
        #expect(try curl("-o", "/dev/null", "-w", "%{http_code}", "-b", jar, "-X", "POST", "-H",
                         "Origin: http://\(authority)", base + "/pause").stdout == "204")
        waitUntil("the pause in the events file", timeout: 10) {
            events(log).contains { $0["event"] as? String == "pause" }
        }
        let paused = monotonicSeconds() - opened
        #expect(paused <= 2, "the page and its Pause took \(paused) s")
        // Every held connection is closed by the server within its idle timeout (4 s), none kept for ever.
        waitUntil("the held connections closed", timeout: 10) { held.allSatisfy(closedByServer) }
        let closed = monotonicSeconds() - opened
        #expect(closed <= 4 + 1, "held for \(closed) s")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// A phone holds two streams at most: a third (a reload while the old connection dies) ends the oldest.
    @Test func aPhonesThirdStreamEndsItsOldest() throws {
        let (tmux, runtime, _) = try workout(fixtures + "/long.json")
        let url = phone(runtime)
        let parts = url.split(separator: "#", maxSplits: 1).map(String.init)
        let base = String(parts[0].dropLast()), token = parts[1], authority = String(base.dropFirst("http://".count))
        let jar = tmux.directory + "/jar"
        #expect(try curl("-o", "/dev/null", "-w", "%{http_code}", "-c", jar, "-X", "POST", "-H",
                         "Origin: http://\(authority)", "-H", "X-Sevenmin-Token: \(token)", base + "/session")
            .stdout == "204")
        func reader(_ n: Int) throws -> (pid: pid_t, file: String) {
            let file = tmux.directory + "/stream\(n).txt"
            let pid = try spawn("/bin/sh", ["-c", "exec /usr/bin/curl -s -N -b \(jar) \(base)/events > \(file)"])
            waitUntil("stream \(n) open") {
                ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").contains("event: state")
            }
            return (pid, file)
        }
        let streams = try (1...3).map(reader)
        var status: Int32 = 0
        defer {
            for stream in streams.dropFirst() {
                kill(stream.pid, SIGTERM)
                waitpid(stream.pid, &status, 0)
            }
        }
        waitUntil("the oldest stream ended") { waitpid(streams[0].pid, &status, WNOHANG) == streams[0].pid }
        #expect(waitpid(streams[1].pid, &status, WNOHANG) == 0 && waitpid(streams[2].pid, &status, WNOHANG) == 0,
                "the two newest go on")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// A routine of 768 KB or more that loads: `exercises` moves, each with a figure of its own of 16 keyframes
    /// and 16 props (the most a figure may have), three rounds.
    func longRoutine(exercises: Int = 162) throws -> String {
        var seed: UInt64 = 1
        func number() -> String {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return String(format: "%.3f", Double(seed >> 11) / Double(1 << 53))
        }
        let joints = ["head", "neck", "hip", "leftElbow", "leftHand", "rightElbow", "rightHand", "leftKnee",
                      "leftFoot", "rightKnee", "rightFoot"]
        let moves = (0..<exercises).map { n in
            let poses = (0..<16).map { _ in "{" + joints.map { "\"\($0)\":[\(number()),\(number())]" }
                .joined(separator: ",") + "}" }
            let props = (0..<16).map { _ in "[[\(number()),\(number())],[\(number()),\(number())]]" }
            return "{\"title\":\"Move \(n)\",\"figure\":{\"period\":2,\"keyframes\":[\(poses.joined(separator: ","))],"
                + "\"props\":[\(props.joined(separator: ","))]}}"
        }
        let text = "{\"name\":\"Long\",\"work\":30,\"rest\":10,\"rounds\":3,\"exercises\":["
            + moves.joined(separator: ",") + "]}"
        let path = temporaryDirectory() + "/long.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(text.utf8.count >= 768 * 1024)
        return path
    }

    @Test func aLongRoutinesPlanIsSentSmallAndLight() throws {
        let (tmux, runtime, _) = try workout(try longRoutine())
        let url = phone(runtime)
        let parts = url.split(separator: "#", maxSplits: 1).map(String.init)
        let base = String(parts[0].dropLast()), token = parts[1], authority = String(base.dropFirst("http://".count))
        let jar = tmux.directory + "/jar", stream = tmux.directory + "/stream.txt"
        #expect(try curl("-o", "/dev/null", "-w", "%{http_code}", "-c", jar, "-X", "POST", "-H",
                         "Origin: http://\(authority)", "-H", "X-Sevenmin-Token: \(token)", base + "/session")
            .stdout == "204")
        let reader = try spawn("/bin/sh", ["-c", "exec /usr/bin/curl -s -N -b \(jar) \(base)/events > \(stream)"])
        defer {
            kill(reader, SIGTERM)
            var status: Int32 = 0
            waitpid(reader, &status, 0)
        }
        var text = ""
        waitUntil("the plan and the state on the stream") {
            text = (try? String(contentsOfFile: stream, encoding: .utf8)) ?? ""
            return text.contains("event: state")
        }
        // Each figure once: the plan of 162 moves of 16 keyframes, 972 segments, is under 1 MiB.
        let plan = try #require(text.components(separatedBy: "event: state").first)
        #expect(plan.hasPrefix("event: plan") && plan.utf8.count < 1 << 20, "\(plan.utf8.count) bytes")
        // The whole workout's memory at its peak, the routine, the plan and its event made: under 64 MiB.
        let pid = try #require(tmux.sevenminPID())
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let peak = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) })
        #expect(peak < 64 * 1024, "peak \(peak) kB")
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }

    /// A port no one listens on now, as a user would pick one for `ssh -L`.
    func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { _ = close(fd) }   // ignored: the test's own socket
        var local = sockaddr_in(), size = socklen_t(MemoryLayout<sockaddr_in>.size)
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let found = withUnsafeMutablePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, size) == 0 && getsockname(fd, $0, &size) == 0 } }
        try #require(found)
        return Int(UInt16(bigEndian: local.sin_port))
    }

    /// Over SSH: a fixed port, the same for two workouts in a row, answering to `localhost` where bound to
    /// loopback, IPv6 too; the address in plain mode's lines.
    @Test(arguments: ["127.0.0.1", "[::1]"])
    func aFixedPortServesWorkoutAfterWorkoutAndLocalhost(address: String) throws {
        let port = try freePort()
        for _ in 1...2 {
            let runtime = temporaryDirectory(), out = runtime + "/out"
            let workout = try spawn("/bin/sh", ["-c", "XDG_RUNTIME_DIR=\(runtime) exec \(binary) start "
                + "\(fixtures)/short.json --plain --mute --no-history --phone-bind \(address):\(port) "
                + "< /dev/null > \(out) 2>&1"])
            var said = ""
            waitUntil("the page's address in plain mode's lines", timeout: 20) {
                said = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
                return said.contains("Scan with the phone: http://\(address):\(port)/#")
            }
            #expect(try curl("-g", "-o", "/dev/null", "-w", "%{http_code}", "http://\(address):\(port)/").stdout
                    == "200")
            #expect(try curl("-g", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Host: localhost:\(port)",
                             "http://\(address):\(port)/").stdout == "200", "\(said)")
            var status: Int32 = 0
            waitpid(workout, &status, 0)
            #expect(status == 0, "\(said)")
        }
    }

    @Test(arguments: [("0.0.0.0", "not every interface's"), ("[::]:8765", "not every interface's"),
                      ("255.255.255.255", "not the broadcast address"), ("224.0.0.1:8765", "not a multicast group's"),
                      ("127.0.0.1:70000", "a port from 1 to 65535")])
    func anAddressNoPhoneCanOpenIsAUsageError(address: String, why: String) throws {
        let refused = try run(binary, ["start", "--phone-bind", address, fixtures + "/short.json"])
        #expect(refused.status == 64)
        let said = "Error: The value '\(address)' is invalid for '--phone-bind <address>'"
        #expect(refused.stderr.hasPrefix(said), "\(refused.stderr)")
        #expect(refused.stderr.contains(why) && refused.stderr.contains("See 'sevenmin start --help'"))
    }

    /// What a phone's camera reads off the terminal: the code drawn from a capture of the pane with its colours
    /// (`capture-pane -e`), read by zbarimg (Debian's zbar-tools), is the page's address; `x` makes a new one.
    @Test func theTerminalsCodeReadsAsThePagesAddressAndXRenewsIt() throws {
        let runtime = temporaryDirectory()
        let tmux = try Tmux("XDG_RUNTIME_DIR=\(runtime) \(binary) start \(fixtures)/long.json --mute --no-history "
            + "--phone-bind 127.0.0.1", width: 80, height: 24)
        func decoded() throws -> String {
            let picture = tmux.directory + "/screen.png"
            let capture = try tmux.tmux(["capture-pane", "-p", "-e"])
            let drawn = try run("/usr/bin/python3", [fixtures + "/qr-shot.py", "80", "24", picture], stdin: capture)
            #expect(drawn.status == 0, "\(drawn.stderr)")
            return try run("/usr/bin/zbarimg", ["-q", "--raw", picture]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let url = phone(runtime)
        tmux.waitFor(text: "Scan with the phone")
        #expect(try decoded() == url)
        tmux.send("x")
        var renewed = url
        waitUntil("a new address after x") {
            renewed = phone(runtime)
            return renewed != url
        }
        waitUntil("the new code on the screen") { (try? decoded()) == renewed }
        // Beside the help panel's keys, which it leaves room for, the code reads as well.
        tmux.send("?")
        tmux.waitFor(text: "restart this segment")
        #expect(try decoded() == renewed)
        tmux.quitWorkout()
        tmux.waitFor(text: "exit=0")
    }
}

