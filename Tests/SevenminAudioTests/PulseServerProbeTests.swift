// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminTestSupport
import Testing
@testable import SevenminAudio

@Suite("Looking for a PulseAudio server before libao loads its plugin")
struct PulseServerProbeTests {
    /// A machine with nothing on it but what `files` holds (path → contents; a folder's entries are the
    /// paths under it).
    func probe(_ environment: [String: String], _ files: [String: String] = [:]) -> PulseServerProbe {
        PulseServerProbe(environment: environment, exists: { files[$0] != nil }, read: { files[$0] },
                         list: { folder in
                             files.keys.filter { $0.hasPrefix(folder + "/") }
                                 .map { String($0.dropFirst(folder.count + 1).prefix { $0 != "/" }) }
                         })
    }

    static let home = ["HOME": "/home/u"]

    @Test(arguments: [
        // Nothing that leads to a server: a terminal in a container, over ssh, or on a machine without sound.
        (home, [:], false),
        (home.merging(["XDG_RUNTIME_DIR": "/run/user/1000", "PULSE_SERVER": ""]) { $1 }, [:], false),
        (home, ["/etc/pulse/client.conf": "; default-server =\nautospawn = no\n"], false),
        // Each way libpulse finds one.
        (home.merging(["PULSE_SERVER": "tcp:speaker.local"]) { $1 }, [:], true),
        (home.merging(["DISPLAY": ":0"]) { $1 }, [:], true),
        (home.merging(["PULSE_CLIENTCONFIG": "/opt/client.conf"]) { $1 }, [:], true),
        (home.merging(["XDG_RUNTIME_DIR": "/run/user/1000"]) { $1 }, ["/run/user/1000/pulse/native": ""], true),
        (home.merging(["PULSE_RUNTIME_PATH": "/tmp/pa"]) { $1 }, ["/tmp/pa/native": ""], true),
        (home, ["/run/pulse/native": ""], true),
        (home, ["/usr/bin/pulseaudio": ""], true),
        (home, ["/home/u/.config/pulse/0123abcd-runtime/native": ""], true),
        (home, ["/home/u/.config/pulse/0123abcd-runtime": ""], false),
        (home, ["/etc/pulse/client.conf": "  default-server = unix:/srv/pulse\n"], true),
        (home, ["/etc/pulse/client.conf.d/50-server.conf": "default-server = speaker\n"], true),
        (home.merging(["XDG_CONFIG_HOME": "/cfg"]) { $1 }, ["/cfg/pulse/client.conf": "default-server=x"], true),
    ] as [([String: String], [String: String], Bool)])
    func aServerIsLookedForWhereLibpulseLooks(environment: [String: String], files: [String: String],
                                              found: Bool) {
        #expect(probe(environment, files).mayAnswer == found)
    }

    /// The runtime folder under ~/.config is only where libpulse looks without XDG_RUNTIME_DIR.
    @Test func theConfigRuntimeFolderCountsOnlyWithoutARuntimeDirectory() {
        let files = ["/home/u/.config/pulse/0123abcd-runtime/native": ""]
        #expect(!probe(Self.home.merging(["XDG_RUNTIME_DIR": "/run/user/1000"]) { $1 }, files).mayAnswer)
    }

    /// The drivers tried say why PulseAudio was not, in the log and in `doctor`, once libao has started
    /// without it (as a workout's does, no driver named).
    @Test(.enabled(if: !PulseServerProbe.system.mayAnswer, "a PulseAudio server could answer here: it is tried"))
    func pulseIsReportedAsHavingNoServerWhenLeftOut() {
        #expect(!AudioOutput.start(for: AudioOutputRequest()), "libao was started for the pulse driver already")
        let (device, choice) = AudioOutput.open(AudioOutputRequest(driver: "pulse"), sampleRate: 44_100)
        device.close()
        #expect(choice.attempts.first == .init(driver: "pulse", failure: AudioOutput.noPulseServer))
    }
}
