import SevenminCore

/// Sums the cues that are sounding, so a new cue never cuts off or waits for another.
public struct Mixer: Sendable {
    struct Voice: Sendable {
        var cue: Cue
        var samples: [Int16]
        var position = 0
    }

    private var voices: [Voice] = []

    public init() {}

    public var isSilent: Bool { voices.isEmpty }
    public var sounding: [Cue] { voices.map(\.cue) }

    public mutating func start(_ cue: Cue, samples: [Int16]) {
        voices.append(Voice(cue: cue, samples: samples))
    }

    /// The next `frames` samples of the mix, clipped to 16 bits; voices that end are dropped.
    public mutating func render(frames: Int) -> [Int16] {
        var sum = [Int32](repeating: 0, count: frames)
        for v in voices.indices {
            let n = min(frames, voices[v].samples.count - voices[v].position)
            voices[v].samples.withUnsafeBufferPointer { src in
                for k in 0..<n { sum[k] += Int32(src[voices[v].position + k]) }
            }
            voices[v].position += n
        }
        voices.removeAll { $0.position >= $0.samples.count }
        return sum.map { Int16(clamping: $0) }
    }
}
