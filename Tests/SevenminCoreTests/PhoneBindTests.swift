// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// `--phone-bind ADDR[:PORT]`: one address a phone can open, a fixed port for a tunnel, `localhost` through one.
@Suite("The phone's address")
struct PhoneBindTests {
    @Test(arguments: [
        ("127.0.0.1", PhoneBind(address: "127.0.0.1", port: nil, isLoopback: true)),
        ("127.0.0.1:8765", PhoneBind(address: "127.0.0.1", port: 8765, isLoopback: true)),
        ("192.168.1.20:80", PhoneBind(address: "192.168.1.20", port: 80, isLoopback: false)),
        ("[::1]:8765", PhoneBind(address: "::1", port: 8765, isLoopback: true)),
        ("::1", PhoneBind(address: "::1", port: nil, isLoopback: true)),
        ("[fe80::1:2]", PhoneBind(address: "fe80::1:2", port: nil, isLoopback: false)),
        ("2001:db8::192.0.2.1", PhoneBind(address: "2001:db8::192.0.2.1", port: nil, isLoopback: false)),
    ])
    func anAddressAndItsPort(text: String, bind: PhoneBind) throws {
        #expect(try PhoneBind.parse(text) == bind)
    }

    @Test(arguments: [
        ("0.0.0.0", PhoneBind.Problem.unspecified), ("0.0.0.0:8765", .unspecified), ("[::]:8765", .unspecified),
        ("::", .unspecified), ("255.255.255.255", .broadcast), ("224.0.0.1", .multicast),
        ("239.255.255.250:1900", .multicast), ("[ff02::1]:8765", .multicast), ("1.2.3", .notAnAddress),
        ("256.0.0.1", .notAnAddress), ("01.2.3.4", .notAnAddress), ("localhost", .notAnAddress),
        ("[::1", .notAnAddress), ("1::2::3", .notAnAddress), ("127.0.0.1:0", .badPort),
        ("127.0.0.1:65536", .badPort), ("127.0.0.1:", .badPort), ("[::1]:x", .badPort), ("[127.0.0.1]", .notAnAddress),
    ])
    func noAddressAPhoneCanOpenIsRefused(text: String, problem: PhoneBind.Problem) {
        #expect(throws: problem) { try PhoneBind.parse(text) }
    }

    @Test func bySSHTheHostMayBeLocalhostWhereBoundToLoopback() {
        func decide(_ host: String, origin: String? = nil, localhost: Bool, path: String = "/") -> PhoneAccess.Verdict {
            PhoneAccess.decide(PhoneAccess.Request(method: origin == nil ? "GET" : "POST", path: path, host: host,
                                                   origin: origin, cookie: "sevenmin=p1"),
                               authority: "127.0.0.1:8765", token: "t", phones: ["p1"], localhost: localhost)
        }
        #expect(decide("localhost:8765", localhost: true) == .page)
        #expect(decide("LOCALHOST:8765", localhost: true) == .page)
        #expect(decide("localhost:8765", localhost: false) == .forbidden, "not where bound to another address")
        #expect(decide("localhost:8766", localhost: true) == .forbidden)
        #expect(decide("localhost:8765", origin: "http://localhost:8765", localhost: true, path: "/pause")
                == .command(.remote(.playPause)))
        #expect(decide("localhost:8765", origin: "http://127.0.0.1:8765", localhost: true, path: "/pause")
                == .forbidden, "the page's own origin is the one it was opened at")
    }

    @Test func plainModeSaysWhereThePageIs() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false))
        var transcript = PlainTranscript(unicode: true)
        let models = { (effects: [Effect]) in effects.compactMap { if case .draw(let m) = $0 { m } else { nil } } }
        for model in models(app.start(at: 0)) { _ = transcript.lines(for: model) }
        let link = PhoneLink(url: "http://127.0.0.1:8765/#token", modules: [], size: 0)
        let lines = models(app.handle(.phone(.link(link)), at: 1)).flatMap { transcript.lines(for: $0) }
        #expect(lines.contains { $0.hasSuffix("Scan with the phone: http://127.0.0.1:8765/#token") }, "\(lines)")
    }
}
