// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import SevenminCore
import Testing

/// Garmin's own FIT decoder (`garmin-fit-sdk`) and fitdecode, from PyPI, in a virtual environment of
/// their own under `.build`, made once.
enum FITDecoders {
    enum State {
        case ready(python: String)
        case unreachable
        case broken(String)
    }

    static let packages = ["garmin-fit-sdk", "fitdecode"]

    static let state: State = {
        let venv = repositoryRoot + "/.build/fit-decoders-venv"
        let python = venv + "/bin/python3"
        let imports = ["-c", "import garmin_fit_sdk, fitdecode"]
        // Test processes run side by side: one makes the environment while the others wait for it.
        let lock = open(venv + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        // ignored: without the lock the environment is made as before, only not alone
        defer { if lock >= 0 { _ = close(lock) } }
        // ignored: as above
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        if (try? run(python, imports))?.status == 0 { return .ready(python: python) }
        guard let made = try? run("/usr/bin/python3", ["-m", "venv", venv]), made.status == 0 else {
            return .broken("python3 -m venv failed (Debian's python3-venv is needed)")
        }
        let pip = (try? run(venv + "/bin/pip", ["install", "--quiet"] + packages))
        if pip?.status == 0 { return .ready(python: python) }
        // Only a PyPI that cannot be reached excuses the test; any other failure fails it.
        let probe = try? run("/usr/bin/python3", ["-c",
            "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/garmin-fit-sdk/', timeout=15)"])
        return probe?.status == 0 ? .broken("pip install failed: \(pip?.stderr ?? "")") : .unreachable
    }()

    static var reachable: Bool {
        if case .unreachable = state { return false }
        return true
    }

    /// The decoders' Python, or nil (with the reason recorded as a failure when it is not PyPI's absence).
    static func python() -> String? {
        switch state {
        case .ready(let python): return python
        case .broken(let why): Issue.record(Comment(rawValue: why))
        case .unreachable: break
        }
        return nil
    }

    /// Each file as both decoders read it (`Fixtures/check-fit.py`), with every error, warning and
    /// departure from Garmin's activity recipe as a problem, which fails the test.
    static func check(_ paths: [String], with python: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> [Checked] {
        let r = try run(python, [fixtures + "/check-fit.py"] + paths)
        #expect(r.status == 0 && r.stderr.isEmpty, "check-fit.py: \(r.stderr)", sourceLocation: sourceLocation)
        let files = try JSONDecoder().decode([Checked].self, from: Data(r.stdout.utf8))
        #expect(files.count == paths.count, sourceLocation: sourceLocation)
        for file in files {
            #expect(file.problems.isEmpty, "\(file.path): \(file.problems)", sourceLocation: sourceLocation)
            #expect(file.file_id == "activity" && file.activities == 1 && file.records > 0,
                    sourceLocation: sourceLocation)
        }
        return files
    }
}

/// What the test reads back: a file as Garmin's decoder reads it, and what was wrong with it.
struct Checked: Decodable {
    struct Lap: Decodable {
        var start: Double, end: Double, timer: Double, elapsed: Double, intensity: String
        var avg_heart_rate: Int?, max_heart_rate: Int?
    }
    struct Session: Decodable {
        var sport: String, sub_sport: String, elapsed: Double, timer: Double, laps: Int, start: Double
        var avg_heart_rate: Int?, max_heart_rate: Int?
    }
    var path: String
    var problems: [String]
    var laps: [Lap]
    var sessions: [Session]
    var activities: Int
    var records: Int
    var heart_rates: [Int?]
    var record_times: [Double?]
    var timer_events: [String]
    var timer_times: [Double?]
    var size: Int
    var file_id: String?
}

struct Recorded: Decodable {
    struct Segment: Decodable {
        var kind: String, actual: Double
    }
    var outcome: String?
    var segments: [Segment]
}
