// SPDX-License-Identifier: GPL-3.0-or-later
import CSndfile
import FoundationEssentials
import Glibc
import SevenminCore

/// A sound file that libsndfile could not read or write, or that is not a cue.
public struct SoundFileError: Error, CustomStringConvertible {
    /// What went wrong, for the exit code and the message.
    public enum Reason: Sendable {
        /// The file could not be opened or created (`sf_open`).
        case cannotOpen
        /// Reading or writing samples failed part way.
        case cannotTransfer
        /// It opened, but is not a short cue: too long, too many channels, an odd rate.
        case notACue
        /// The extension names no format we write.
        case unknownFormat
    }

    public var reason: Reason
    public var call: String
    public var path: String
    public var detail: String
    public var description: String { "\(call)(\(path)) failed: \(detail)" }
}

/// A file format `SoundFile.write` can produce, chosen by the file's extension.
public enum SoundFileFormat: String, CaseIterable, Sendable {
    case wav, flac, ogg

    /// The format for `path`'s extension (`.wav`, `.flac`, `.ogg`/`.oga`), or nil.
    public init?(path: String) {
        switch PathText.extension(of: path).lowercased() {
        case "wav", "wave": self = .wav
        case "flac": self = .flac
        case "ogg", "oga": self = .ogg
        default: return nil
        }
    }

    /// The format for `path`, or `SoundFileError.unknownFormat`.
    public static func of(path: String) throws -> SoundFileFormat {
        guard let format = SoundFileFormat(path: path) else {
            throw SoundFileError(reason: .unknownFormat, call: "sf_open", path: path,
                                 detail: "unknown format (use .wav, .flac or .ogg)")
        }
        return format
    }

    var libsndfileFormat: Int32 {
        switch self {
        case .wav: return Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .flac: return Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .ogg: return Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        }
    }
}

/// Reading and writing sound files through libsndfile.
public enum SoundFile {
    /// A cue is a few seconds at most; anything longer is refused before a byte is allocated.
    public static let maxCueSeconds = 10.0
    public static let maxChannels = 2
    public static let sampleRates = 8_000...192_000
    static let writeBlockFrames = 8_192

    /// Decodes a short cue in any format libsndfile reads (WAV, FLAC, OGG…) to mono 16-bit
    /// (`sf_open`, `sf_readf_short`). The header is not trusted: frames, channels and rate are
    /// checked against a cue's limits before anything is allocated; `longest` raises the length
    /// limit, for reading back an exported track.
    /// A plain 16-bit WAV file is read without libsndfile (`PCMWave`), to the same samples.
    public static func read(_ path: String, longest: Double = maxCueSeconds) throws -> Sound {
        // O_NONBLOCK, then a plain file only: a FIFO in a cue's place is refused, never waited on.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw SoundFileError(reason: .cannotOpen, call: "open", path: path,
                                 detail: String(cString: strerror(errno)))
        }
        // ignored: the file was only read: closing it cannot lose anything
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw SoundFileError(reason: .cannotOpen, call: "open", path: path, detail: "not a plain file")
        }
        if status.st_size <= 16 << 20, let bytes = contents(of: fd, size: Int(status.st_size)),
           let sound = PCMWave.decode(bytes, longest: longest) {
            return sound
        }
        var info = SF_INFO()
        // ignored: a rewind of a plain file we opened cannot fail; libsndfile reports a short read anyway
        lseek(fd, 0, SEEK_SET)
        guard let file = sf_open_fd(fd, Int32(SFM_READ), &info, Int32(SF_FALSE)) else {
            throw SoundFileError(reason: .cannotOpen, call: "sf_open_fd", path: path,
                                 detail: String(cString: sf_strerror(nil)))
        }
        // ignored: the file was only read: closing it cannot lose anything
        defer { sf_close(file) }
        return try decode(file, info: info, path: path, longest: longest)
    }

    /// `read`, always through libsndfile.
    static func throughLibsndfile(_ path: String, longest: Double = maxCueSeconds) throws -> Sound {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw SoundFileError(reason: .cannotOpen, call: "sf_open", path: path,
                                 detail: String(cString: sf_strerror(nil)))
        }
        // ignored: the file was only read: closing it cannot lose anything
        defer { sf_close(file) }
        return try decode(file, info: info, path: path, longest: longest)
    }

    /// Decodes a cue held in memory, such as one built into the program, as `read` decodes a file
    /// (`sf_open_virtual`); `name` stands for the path in errors.
    public static func read(bytes: [UInt8], name: String) throws -> Sound {
        if let sound = PCMWave.decode(bytes) { return sound }
        return try throughLibsndfile(bytes: bytes, name: name)
    }

    /// `read(bytes:name:)`, always through libsndfile.
    static func throughLibsndfile(bytes: [UInt8], name: String) throws -> Sound {
        let memory = MemoryFile(bytes)
        var io = MemoryFile.callbacks
        var info = SF_INFO()
        guard let file = sf_open_virtual(&io, Int32(SFM_READ), &info,
            Unmanaged.passUnretained(memory).toOpaque()) else {
            throw SoundFileError(reason: .cannotOpen, call: "sf_open_virtual", path: name,
                                 detail: String(cString: sf_strerror(nil)))
        }
        // ignored: the file was only read: closing it cannot lose anything
        defer { sf_close(file) }
        return try withExtendedLifetime(memory) { try decode(file, info: info, path: name) }
    }

    /// The `size` bytes of the plain file `fd`, or nil if they cannot all be read.
    private static func contents(of fd: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var got = 0
        while got < size {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, size - got, off_t(got)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            got += n
        }
        return bytes
    }

    /// The samples of an open file, checked against a cue's limits first, mixed down to mono.
    private static func decode(_ file: OpaquePointer, info: SF_INFO, path: String,
                               longest: Double = maxCueSeconds) throws -> Sound {
        let channels = Int(info.channels), rate = Int(info.samplerate)
        func refuse(_ detail: String) -> SoundFileError {
            SoundFileError(reason: .notACue, call: "sf_open", path: path, detail: detail)
        }
        guard (1...maxChannels).contains(channels) else { throw refuse("\(channels) channels, not mono or stereo") }
        guard sampleRates.contains(rate) else { throw refuse("sample rate \(rate) Hz") }
        guard info.frames > 0 else { throw refuse("no audio frames") }
        guard Double(info.frames) <= longest * Double(rate) else {
            throw refuse("\(info.frames) frames, longer than a cue (\(Int(longest)) s)")
        }
        var interleaved = [Int16](repeating: 0, count: Int(info.frames) * channels)
        let got = interleaved.withUnsafeMutableBufferPointer { sf_readf_short(file, $0.baseAddress, info.frames) }
        guard got > 0 else {
            throw SoundFileError(reason: .cannotTransfer, call: "sf_readf_short", path: path,
                                 detail: String(cString: sf_strerror(file)))
        }
        var mono = [Int16](repeating: 0, count: Int(got))
        for f in 0..<Int(got) {
            var sum = 0
            for c in 0..<channels { sum += Int(interleaved[f * channels + c]) }
            mono[f] = Int16(sum / channels)
        }
        return Sound(samples: mono, sampleRate: rate)
    }

    /// Writes a 16-bit PCM WAV file.
    public static func writeWAV(_ sound: Sound, to path: String) throws {
        try write(sound, to: path, format: .wav)
    }

    /// Writes `sound` in `format`, or in the format the extension names (`SoundFileWriter`). Throws
    /// `.unknownFormat` for any other extension, `.cannotOpen` when the file cannot be created.
    /// `progress` hears the fraction written after each block.
    public static func write(_ sound: Sound, to path: String, format: SoundFileFormat? = nil,
                             progress: ((Double) -> Void)? = nil) throws {
        let writer = try SoundFileWriter(path: path, format: format ?? SoundFileFormat.of(path: path),
                                         sampleRate: sound.sampleRate)
        do {
            try sound.samples.withUnsafeBufferPointer { samples in
                for start in stride(from: 0, to: samples.count, by: writeBlockFrames) {
                    let count = min(writeBlockFrames, samples.count - start)
                    try writer.write(UnsafeBufferPointer(rebasing: samples[start..<start + count]))
                    progress?(Double(start + count) / Double(samples.count))
                }
            }
        } catch {
            // ignored: the write error is what is reported
            try? writer.close()
            throw error
        }
        try writer.close()
    }
}

/// A mono 16-bit sound file being written, a block at a time (`sf_open` for writing,
/// `sf_writef_short`, `sf_close`), so that a long track never has to be held whole.
public final class SoundFileWriter {
    private var file: OpaquePointer?
    public let path: String

    /// Creates the file at `path`; `.cannotOpen` when it cannot be.
    public init(path: String, format: SoundFileFormat, sampleRate: Int) throws {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = format.libsndfileFormat
        // Opened here, not by libsndfile: never through a link, never waiting on a FIFO, and only a
        // plain file is written (libsndfile then takes the descriptor, and closes it).
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw SoundFileError(reason: .cannotOpen, call: "open", path: path,
                                 detail: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let file = sf_open_fd(fd, Int32(SFM_WRITE), &info, Int32(SF_TRUE)) else {
            let detail = status.st_mode & S_IFMT == S_IFREG ? String(cString: sf_strerror(nil)) : "not a plain file"
            // ignored: nothing was written through it
            Glibc.close(fd)
            throw SoundFileError(reason: .cannotOpen, call: "sf_open_fd", path: path, detail: detail)
        }
        self.file = file
        self.path = path
    }

    /// Appends `samples`, in blocks: libvorbis allocates on the stack in proportion to one write, and
    /// a whole workout in one call overflows it.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let file, let base = samples.baseAddress else { return }
        for start in stride(from: 0, to: samples.count, by: SoundFile.writeBlockFrames) {
            let count = min(SoundFile.writeBlockFrames, samples.count - start)
            if sf_writef_short(file, base + start, sf_count_t(count)) != count {
                throw SoundFileError(reason: .cannotTransfer, call: "sf_writef_short", path: path,
                                     detail: String(cString: sf_strerror(file)))
            }
        }
    }

    /// Closes the file, which flushes the encoder and the header: a failure there is a failed write too.
    public func close() throws {
        guard let file else { return }
        self.file = nil
        let closed = sf_close(file)
        guard closed == 0 else {
            throw SoundFileError(reason: .cannotTransfer, call: "sf_close", path: path, detail: "error \(closed)")
        }
    }

    deinit {
        // ignored: only reached when a write already failed and was reported; nothing is left to lose
        if let file { sf_close(file) }
    }
}

/// Bytes that libsndfile reads as if they were a file, through its virtual I/O callbacks.
private final class MemoryFile {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> MemoryFile {
        Unmanaged<MemoryFile>.fromOpaque(pointer!).takeUnretainedValue()
    }

    /// Read-only: `write` refuses, and a seek stays within the bytes.
    static let callbacks = SF_VIRTUAL_IO(
        get_filelen: { sf_count_t(MemoryFile.from($0).bytes.count) },
        seek: { offset, whence, user in
            let file = MemoryFile.from(user)
            let base: Int
            switch whence {
            case SEEK_CUR: base = file.offset
            case SEEK_END: base = file.bytes.count
            default: base = 0
            }
            file.offset = min(max(0, base + Int(offset)), file.bytes.count)
            return sf_count_t(file.offset)
        },
        read: { destination, count, user in
            let file = MemoryFile.from(user)
            let n = min(Int(count), file.bytes.count - file.offset)
            guard n > 0, let destination else { return 0 }
            file.bytes.withUnsafeBytes { source in
                destination.copyMemory(from: source.baseAddress! + file.offset, byteCount: n)
            }
            file.offset += n
            return sf_count_t(n)
        },
        write: { _, _, _ in 0 },
        tell: { sf_count_t(MemoryFile.from($0).offset) })
}
