// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing

/// fitdecode from PyPI, in a virtual environment of its own under `.build`, made once.
enum FITDecoder {
    enum State {
        case ready(python: String)
        case unreachable
        case broken(String)
    }

    static let state: State = {
        let venv = repositoryRoot + "/.build/fitdecode-venv"
        let python = venv + "/bin/python3"
        if (try? run(python, ["-c", "import fitdecode"]))?.status == 0 { return .ready(python: python) }
        guard let made = try? run("/usr/bin/python3", ["-m", "venv", venv]), made.status == 0 else {
            return .broken("python3 -m venv failed (Debian's python3-venv is needed)")
        }
        let pip = (try? run(venv + "/bin/pip", ["install", "--quiet", "fitdecode"]))
        if pip?.status == 0 { return .ready(python: python) }
        // Only a PyPI that cannot be reached excuses the test; any other failure fails it.
        let probe = try? run("/usr/bin/python3", ["-c",
            "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/fitdecode/', timeout=15)"])
        return probe?.status == 0 ? .broken("pip install fitdecode failed: \(pip?.stderr ?? "")") : .unreachable
    }()

    static var reachable: Bool {
        if case .unreachable = state { return false }
        return true
    }
}

/// Reads FIT files with fitdecode, CRCs checked, and prints what the test compares, as JSON.
let fitDump = """
    import fitdecode, json, sys
    out = []
    for path in sys.argv[1:]:
        f = {"laps": [], "sessions": [], "activities": 0, "file_id": None}
        with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as fit:
            for frame in fit:
                if not isinstance(frame, fitdecode.FitDataMessage):
                    continue
                v = {field.name: field.value for field in frame.fields}
                ts = lambda k: v[k].timestamp() if v.get(k) is not None else None
                if frame.name == "file_id":
                    f["file_id"] = str(v["type"])
                elif frame.name == "lap":
                    f["laps"].append({"start": ts("start_time"), "end": ts("timestamp"),
                                      "timer": v["total_timer_time"], "elapsed": v["total_elapsed_time"],
                                      "intensity": str(v["intensity"])})
                elif frame.name == "session":
                    f["sessions"].append({"sport": str(v["sport"]), "sub_sport": str(v["sub_sport"]),
                                          "elapsed": v["total_elapsed_time"], "timer": v["total_timer_time"],
                                          "laps": v["num_laps"], "start": ts("start_time")})
                elif frame.name == "activity":
                    f["activities"] += 1
        out.append(f)
    print(json.dumps(out))
    """

/// What the test reads back: fitdecode's view of a file, and `history --json`'s of a workout.
struct Decoded: Decodable {
    struct Lap: Decodable {
        var start: Double, end: Double, timer: Double, elapsed: Double, intensity: String
    }
    struct Session: Decodable {
        var sport: String, sub_sport: String, elapsed: Double, timer: Double, laps: Int
    }
    var laps: [Lap]
    var sessions: [Session]
    var activities: Int
    var file_id: String?
}

struct Recorded: Decodable {
    struct Segment: Decodable {
        var kind: String, actual: Double
    }
    var segments: [Segment]
}

@Suite("FIT activity files", .serialized)
struct FITExportTests {
    @Test(.enabled(if: FITDecoder.reachable, "PyPI cannot be reached, so fitdecode cannot be installed"))
    func everyWorkoutIsAFITFileThatFitdecodeReadsWithItsCRC() throws {
        guard case .ready(let python) = FITDecoder.state else {
            if case .broken(let why) = FITDecoder.state { Issue.record(Comment(rawValue: why)) }
            return
        }
        let state = temporaryDirectory()
        let env = ["XDG_STATE_HOME": state]
        // Two real workouts, run to their end in plain mode.
        for _ in 0..<2 {
            let r = try run(binary, ["start", fixtures + "/short.json", "--plain", "--mute"], environment: env)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let dir = temporaryDirectory() + "/fit"
        let written = try run(binary, ["history", "--fit", dir], environment: env)
        #expect(written.status == 0, "\(written.stderr)")
        let paths = written.stdout.split(separator: "\n").map(String.init)
        #expect(paths.count == 2 && paths.allSatisfy { $0.hasPrefix(dir + "/sevenmin-") && $0.hasSuffix(".fit") })
        let history = try run(binary, ["history", "--json"], environment: env)
        let recorded = try JSONDecoder().decode([Recorded].self, from: Data(history.stdout.utf8))
        let dump = try run(python, ["-c", fitDump] + paths)
        #expect(dump.status == 0, "fitdecode: \(dump.stderr)")
        let files = try JSONDecoder().decode([Decoded].self, from: Data(dump.stdout.utf8))
        #expect(files.count == 2)
        // history lists the newest first; the files were written oldest first.
        for (file, session) in zip(files, recorded.reversed()) {
            #expect(file.file_id == "activity" && file.activities == 1)
            #expect(file.laps.count == session.segments.count && file.laps.count == 4)
            for (lap, segment) in zip(file.laps, session.segments) {
                #expect(abs(lap.timer - segment.actual) < 0.01)
                #expect(lap.intensity == (segment.kind == "work" ? "active" : "rest"))
                #expect(abs(lap.end - lap.start - segment.actual) < 1, "a lap's times are within a second")
            }
            #expect(file.sessions.count == 1)
            let s = try #require(file.sessions.first)
            #expect(s.sport == "hiit" && s.sub_sport == "hiit" && s.laps == 4)
            let timer = session.segments.reduce(0.0) { $0 + $1.actual }
            #expect(abs(s.timer - timer) < 0.01 && abs(s.elapsed - 9) < 1)
        }
        // A second export writes nothing new and leaves the files alone.
        let again = try run(binary, ["history", "--fit", dir], environment: env)
        #expect(again.status == 0 && again.stdout.isEmpty)
        #expect(again.stderr == "2 workouts were exported before; left as they are.\n")
    }

    /// The pause between an exercise's sides is a segment of its own, so a lap of its own: a rest lap as
    /// long as the switch ran, between the two active laps of the sides, and the laps add up to the session.
    @Test(.enabled(if: FITDecoder.reachable, "PyPI cannot be reached, so fitdecode cannot be installed"))
    func theSwitchBetweenSidesIsARestLapOfItsLength() throws {
        guard case .ready(let python) = FITDecoder.state else {
            if case .broken(let why) = FITDecoder.state { Issue.record(Comment(rawValue: why)) }
            return
        }
        let state = temporaryDirectory()
        let env = ["XDG_STATE_HOME": state]
        // Get ready 1 s, the first side 2 s, the switch 2 s, the other side 2 s.
        let r = try run(binary, ["start", fixtures + "/sides.json", "--plain", "--mute"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let dir = temporaryDirectory() + "/fit"
        let written = try run(binary, ["history", "--fit", dir], environment: env)
        #expect(written.status == 0, "\(written.stderr)")
        let paths = written.stdout.split(separator: "\n").map(String.init)
        let history = try run(binary, ["history", "--json"], environment: env)
        let session = try #require(try JSONDecoder().decode([Recorded].self, from: Data(history.stdout.utf8)).first)
        #expect(session.segments.map(\.kind) == ["getReady", "work", "switch", "work"])
        let dump = try run(python, ["-c", fitDump] + paths)
        #expect(dump.status == 0, "fitdecode: \(dump.stderr)")
        let file = try #require(try JSONDecoder().decode([Decoded].self, from: Data(dump.stdout.utf8)).first)
        try #require(file.laps.count == 4)
        #expect(file.laps.map(\.intensity) == ["rest", "active", "rest", "active"])
        let switchLap = file.laps[2]
        #expect(abs(switchLap.timer - 2) < 0.05 && abs(switchLap.timer - session.segments[2].actual) < 0.01,
                "the switch lap is \(switchLap.timer) s")
        #expect(abs(switchLap.elapsed - switchLap.timer) < 0.05)
        // The switch lap begins as the first side's ends, and the other side's begins as it ends.
        #expect(switchLap.start == file.laps[1].end && file.laps[3].start == switchLap.end)
        for (lap, segment) in zip(file.laps, session.segments) { #expect(abs(lap.timer - segment.actual) < 0.01) }
        let s = try #require(file.sessions.first)
        let laps = file.laps.reduce(0.0) { $0 + $1.timer }
        #expect(s.laps == 4 && abs(s.timer - laps) < 0.01 && abs(s.timer - 7) < 0.1 && abs(s.elapsed - 7) < 1,
                "session: \(s.timer) s timed, \(s.elapsed) s elapsed; laps: \(laps) s")
    }

    @Test func fitGoesWithNeitherJSONNorCSVAndSaysWhenThereIsNothing() throws {
        let dir = temporaryDirectory() + "/fit"
        #expect(try run(binary, ["history", "--fit", dir, "--json"]).status == 64)
        let empty = try run(binary, ["history", "--fit", dir])
        #expect(empty.status == 0 && empty.stdout.isEmpty)
        #expect(empty.stderr == "No workouts recorded yet; nothing to export.\n")
    }
}
