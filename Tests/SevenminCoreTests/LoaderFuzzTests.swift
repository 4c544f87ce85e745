// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// Hostile routine files from a seeded generator, and what the loader must do with every one:
/// not crash, finish in work linear in the file's size, and put every rejection at a real place.
/// `bench/fuzz.py` runs the same fuzzer at 100,000 cases (`SEVENMIN_FUZZ_CASES`).
struct LoaderFuzzer {
    /// Steps the loader may spend per byte finding positions before a case counts as a hang.
    static let workPerByte = 4

    struct Tally: CustomStringConvertible {
        var cases = 0, accepted = 0, rejected = 0, hangs = 0, unpositioned = 0, unneutralised = 0
        var failures: [String] = []
        var description: String {
            "\(cases) cases, \(accepted) accepted, \(rejected) rejected, \(hangs) hangs, "
                + "\(unpositioned) unpositioned rejections, \(unneutralised) messages with raw controls"
        }
    }

    private var random: SplitMix64
    private let sources: [[UInt8]]

    init(seed: UInt64, sources: [[UInt8]]) {
        random = SplitMix64(seed: seed)
        self.sources = sources
    }

    private mutating func pick(_ n: Int) -> Int { Int(random.next() % UInt64(max(1, n))) }

    /// Bytes that make parsers stumble: structure, controls, bits of UTF-8, CR.
    private static let interesting: [UInt8] = Array("{}[]\",:0123456789-+.eE\\ntfu \n\r\t".utf8)
        + [0x00, 0x1B, 0x7F, 0xC2, 0x9B, 0xC3, 0xA9, 0xE2, 0x80, 0xAE, 0xED, 0xA0, 0xF4, 0x90, 0xFF]

    /// Escapes that would drive a terminal if printed raw, as JSON escapes and as raw bytes.
    private static let hostile = [#"\u001b]52;c;aGk=\u0007"#, #"\u001b]0;title\u0007"#, #"\u009b31m"#, #"\u007f"#,
                                  #"\u202e"#, #"\u2066"#, "\u{1B}[2J", "\u{9B}1m", "\u{202E}"]

    /// One generated file and the path it claims to come from.
    mutating func next() -> (bytes: [UInt8], path: String) {
        let source = sources[pick(sources.count)]
        var path = "f.json"
        var bytes: [UInt8]
        switch pick(8) {
        case 0: bytes = mutate(Self.minify(source))
        case 1: bytes = mutate(source.map { $0 == 0x0A ? 0x20 : $0 })
        case 2:
            let depth = 1 + pick(150)
            let (open, close) = pick(2) == 0 ? ("[", "]") : (#"{"a":"#, "}")
            bytes = Array(String(repeating: open, count: depth).utf8) + Array("1".utf8)
                + Array(String(repeating: close, count: max(0, depth - pick(3))).utf8)
        case 3: bytes = hugeCounts()
        case 4: bytes = lineEndsAndBadUTF8(source)
        case 5:
            let key = Self.hostile[pick(Self.hostile.count)]
            let exercise = #"{"title": "A", "\#(key)": 2, "\#(key)": 3}"#
            bytes = Array(#"{"name": "N", "\#(key)": 1, "exercises": [\#(exercise)]}"#.utf8)
            path = "x" + Self.hostile[pick(Self.hostile.count)] + ".json"
        default: bytes = mutate(source)
        }
        return (bytes, path)
    }

    private mutating func mutate(_ source: [UInt8]) -> [UInt8] {
        var bytes = source
        for _ in 0...pick(4) {
            guard !bytes.isEmpty else { break }
            let at = pick(bytes.count)
            switch pick(4) {
            case 0: bytes.insert(Self.interesting[pick(Self.interesting.count)], at: at)
            case 1: bytes.remove(at: at)
            case 2: bytes.swapAt(at, pick(bytes.count))
            default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + pick(40))], at: at)
            }
        }
        return bytes
    }

    /// Routines whose numbers multiply past a day or past the segment limit, or overflow.
    private mutating func hugeCounts() -> [UInt8] {
        let numbers = ["1e308", "-0", "100", "101", "86400", "86400.0001", "1e-320", "99999999999999999999", "0.5"]
        func n() -> String { numbers[pick(numbers.count)] }
        let exercise = #"{"title": "A", "work": \#(n())}"#
        let count = [1, 10, 1_000, 3_000][pick(4)]
        let list = Array(repeating: exercise, count: count).joined(separator: ",")
        let timings = #""rounds": \#(n()), "rest": \#(n()), "roundRest": \#(n())"#
        return Array(#"{"name": "N", \#(timings), "exercises": [\#(list)]}"#.utf8)
    }

    /// Lone CRs, CRLFs and broken UTF-8 sequences, inside strings and out.
    private mutating func lineEndsAndBadUTF8(_ source: [UInt8]) -> [UInt8] {
        let ends: [[UInt8]] = [[0x0D], [0x0D, 0x0A], [0x0A, 0x0D]]
        let end = ends[pick(ends.count)]
        var bytes = source.flatMap { $0 == 0x0A ? end : [$0] }
        // Cut short, a stray continuation, a surrogate, above U+10FFFF, overlong.
        let broken: [[UInt8]] = [[0xC3], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
                                 [0xC0, 0xAF]]
        for _ in 0..<pick(3) where !bytes.isEmpty {
            bytes.insert(contentsOf: broken[pick(broken.count)], at: pick(bytes.count))
        }
        return bytes
    }

    /// The file without white space outside strings: one long line.
    static func minify(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], inString = false, escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false }
                else if b == 0x5C { escaped = true }
                else if b == 0x22 { inString = false }
            } else if b == 0x22 {
                inString = true
            } else if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 {
                continue
            }
            out.append(b)
        }
        return out
    }

    /// Lines as an editor counts them (LF, CRLF or a lone CR ends one), each as its number of
    /// characters; a byte that is not UTF-8 counts as one.
    static func lineLengths(_ bytes: [UInt8]) -> [Int] {
        var lengths = [0], k = 0
        while k < bytes.count {
            let b = bytes[k]
            if b == 0x0A || b == 0x0D {
                if b == 0x0D && k + 1 < bytes.count && bytes[k + 1] == 0x0A { k += 1 }
                lengths.append(0)
            } else if b & 0xC0 != 0x80 {
                lengths[lengths.count - 1] += 1
            }
            k += 1
        }
        return lengths
    }

    /// Runs `count` cases and tallies what happened.
    mutating func run(cases count: Int) -> Tally {
        var tally = Tally()
        for _ in 0..<count {
            let (bytes, path) = next()
            tally.cases += 1
            var work = 0
            do {
                _ = try RoutineLoader.parse(bytes, path: path, positionWork: &work)
                tally.accepted += 1
            } catch {
                tally.rejected += 1
                let lines = Self.lineLengths(bytes)
                let placed = !error.diagnostics.isEmpty && error.diagnostics.allSatisfy { d in
                    d.position.line >= 1 && d.position.line <= lines.count
                        && d.position.column >= 1 && d.position.column <= lines[d.position.line - 1] + 1
                }
                if !placed {
                    tally.unpositioned += 1
                    tally.failures.append("unpositioned: \(error.description) in \(bytes.count) bytes")
                }
                if error.description.unicodeScalars.contains(where: { $0.isUnsafeForTerminal && $0 != "\n" }) {
                    tally.unneutralised += 1
                    tally.failures.append("raw control in: \(error.description.debugDescription)")
                }
            }
            if work > Self.workPerByte * (bytes.count + 1) {
                tally.hangs += 1
                tally.failures.append("\(work) steps for \(bytes.count) bytes")
            }
        }
        return tally
    }
}

@Suite("Fuzzing the loader")
struct LoaderFuzzTests {
    @Test func hostileFilesNeverCrashHangOrGoUnplaced() throws {
        let cases = ProcessInfo.processInfo.environment["SEVENMIN_FUZZ_CASES"].flatMap { Int($0) } ?? 1_500
        var fuzzer = LoaderFuzzer(seed: 2013, sources: try shipped().map(\.bytes))
        let started = ContinuousClock.now
        let tally = fuzzer.run(cases: cases)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        // One line for bench/fuzz.py to read.
        print("fuzz: \(tally); \(Int(Double(cases) / max(seconds, 1e-9))) cases/s")
        #expect(tally.hangs == 0 && tally.unpositioned == 0 && tally.unneutralised == 0,
                "\(tally)\n\(tally.failures.prefix(5).joined(separator: "\n"))")
        // Both outcomes must occur, or the generators are not reaching the loader's checks.
        #expect(tally.accepted > cases / 50 && tally.rejected > cases / 2)
    }

    @Test func lineLengthsCountLoneCRAndCRLFOnce() {
        #expect(LoaderFuzzer.lineLengths(Array("ab\r\ncd\re\n".utf8)) == [2, 2, 1, 0])
        #expect(LoaderFuzzer.lineLengths([]) == [0])
    }
}
