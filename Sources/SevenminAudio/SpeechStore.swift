// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// Rendered phrases kept on disk, so that a workout's phrases are rendered once, ever.
///
/// A phrase is kept under the SHA-256 of its engine, voice, rate and text, in a file that repeats
/// the key, so a stale or damaged file is never played: it is rendered again. Files are written
/// to a temporary name and renamed, so no reader ever sees half of one; nothing is opened through
/// a symbolic link, and only a plain file is read (a FIFO or device in its place is never waited
/// on); and the folder is kept under `limit` bytes by removing the least recently used.
public final class SpeechStore: Sendable {
    public let directory: String
    public let limit: Int

    /// The largest file read back: half a minute of speech at 48 kHz, with room for the key.
    static let largestFile = 4 << 20
    /// The second format: the same layout, of phrases trimmed at both ends; a first-format file, its
    /// silence left before the words, is rendered again.
    private static let magic = Array("sevenmin-speech2".utf8)

    /// A store in `directory`, which must be a folder and not a link to one; nil when it is not.
    public init?(directory: String, limit: Int = 32 << 20) {
        guard let info = try? SystemCall.linkStatus(atPath: directory), info.st_mode & S_IFMT == S_IFDIR else {
            return nil
        }
        self.directory = directory
        self.limit = limit
    }

    /// What a phrase is kept under: every input that changes its sound.
    public static func key(_ engine: any SpeechEngine, text: String) -> String {
        [engine.choice.engine.rawValue, engine.choice.voice, String(engine.rate), text].joined(separator: "\u{0}")
    }

    private func path(for key: String) -> String {
        directory + "/" + ContentHash.sha256(Array(key.utf8)) + ".pcm"
    }

    /// The sound kept under `key`, or nil if there is none or it is not exactly what was written.
    public func sound(for key: String) -> Sound? {
        // O_NONBLOCK: a FIFO planted in the folder must not hang the open; it is then refused as not a file.
        guard let fd = try? SystemCall.open(path(for: key), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) else {
            return nil
        }
        // ignored: a read-only descriptor; closing it cannot lose data.
        defer { _ = Glibc.close(fd) }
        guard let info = try? SystemCall.status(of: fd), info.st_mode & S_IFMT == S_IFREG,
              info.st_size <= SpeechStore.largestFile else { return nil }
        var bytes: [UInt8] = []
        while bytes.count < Int(info.st_size) {
            guard let got = try? SystemCall.read(fd, into: &bytes, count: Int(info.st_size) - bytes.count),
                  got > 0 else { return nil }
        }
        guard let sound = SpeechStore.decode(bytes, key: key) else { return nil }
        // Used now: the last to be removed when the folder is over its limit. A failure only ages it.
        try? SystemCall.touch(fd)
        return sound
    }

    /// Keeps `sound` under `key`, written whole (`AtomicFile`). Not synced: a file a crash tore is
    /// refused on reading (`decode`) and rendered again, and rendering need not wait for the disk.
    public func keep(_ sound: Sound, for key: String) throws(SystemError) {
        try AtomicFile.write(SpeechStore.encode(sound, key: key), to: path(for: key), mode: 0o600, durable: false)
    }

    /// `engine`'s speech for `text`, at `sampleRate` (nil: as kept, else the engine's own): from `store` when
    /// it is kept there at that rate, else rendered (or read back at another rate), resampled and kept so.
    public static func speech(_ text: String, from engine: any SpeechEngine, store: SpeechStore?,
                              sampleRate: Int? = nil) throws -> Sound {
        let key = key(engine, text: text)
        var sound: Sound
        if let kept = store?.sound(for: key) {
            guard let sampleRate, kept.sampleRate != sampleRate else { return kept }
            sound = kept
        } else {
            sound = try engine.synthesize(text)
        }
        // Resampled once, ever: filtering a phrase cost more than the rest of a workout's sound.
        if let sampleRate { sound = sound.resampled(to: sampleRate) }
        if let store {
            // ignored: a phrase that could not be kept (a full disk, a read-only folder) is rendered next time.
            try? store.keep(sound, for: key)
            store.trim()
        }
        return sound
    }

    /// Removes the least recently used files until the folder holds at most `limit` bytes, and
    /// temporary files a killed writer left more than ten minutes ago.
    public func trim() {
        guard let names = try? SystemCall.names(inDirectory: directory) else { return }
        let abandoned = Int(time(nil)) - 600
        for name in names where AtomicFile.isTemporary(name) {
            let path = directory + "/" + name
            if let info = try? SystemCall.linkStatus(atPath: path), Int(info.st_mtim.tv_sec) < abandoned {
                try? SystemCall.unlink(path)
            }
        }
        var files: [(path: String, size: Int, used: Int)] = names.filter { $0.hasSuffix(".pcm") }.compactMap { name in
            let path = directory + "/" + name
            guard let info = try? SystemCall.linkStatus(atPath: path), info.st_mode & S_IFMT == S_IFREG else {
                return nil
            }
            return (path, Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
        }
        var total = files.reduce(0) { $0 + $1.size }
        files.sort { $0.used < $1.used }
        for file in files where total > limit {
            if (try? SystemCall.unlink(file.path)) != nil { total -= file.size }
        }
    }

    static func encode(_ sound: Sound, key: String) -> [UInt8] {
        let keyBytes = Array(key.utf8)
        var out = magic
        out.reserveCapacity(magic.count + 12 + keyBytes.count + 2 * sound.samples.count)
        for value in [UInt32(sound.sampleRate), UInt32(keyBytes.count)] { out += littleEndian(value) }
        out += keyBytes
        out += littleEndian(UInt32(sound.samples.count))
        for sample in sound.samples {
            out.append(UInt8(truncatingIfNeeded: sample))
            out.append(UInt8(truncatingIfNeeded: sample >> 8))
        }
        return out
    }

    static func decode(_ bytes: [UInt8], key: String) -> Sound? {
        let keyBytes = Array(key.utf8)
        func word(at i: Int) -> Int? {
            guard i + 4 <= bytes.count else { return nil }
            return (0..<4).reduce(0) { $0 | Int(bytes[i + $1]) << (8 * $1) }
        }
        guard bytes.starts(with: magic), let rate = word(at: magic.count), (8_000...96_000).contains(rate),
              let keyLength = word(at: magic.count + 4), keyLength == keyBytes.count else { return nil }
        let keyStart = magic.count + 8
        guard bytes.count >= keyStart + keyLength, bytes[keyStart..<keyStart + keyLength].elementsEqual(keyBytes),
              let count = word(at: keyStart + keyLength) else { return nil }
        let start = keyStart + keyLength + 4
        guard bytes.count == start + 2 * count else { return nil }
        let samples = (0..<count).map {
            Int16(bitPattern: UInt16(bytes[start + 2 * $0]) | UInt16(bytes[start + 2 * $0 + 1]) << 8)
        }
        return Sound(samples: samples, sampleRate: rate)
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
