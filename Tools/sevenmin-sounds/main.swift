// SPDX-License-Identifier: GPL-3.0-or-later
// Writes the cue set to a folder (default: Sounds/) as 16-bit WAV files, through libsndfile.
// The synthesis is deterministic, so running this again reproduces the committed files.
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminCore
import SevenminSystem

let folder = CommandLine.arguments.dropFirst().first ?? "Sounds"
do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for cue in Cue.allCases {
        let sound = CueSynthesizer.sound(for: cue)
        let path = folder + "/" + cue.rawValue + ".wav"
        try SoundFile.writeWAV(sound, to: path)
        print("\(path)  \(sound.duration.fixed(3)) s")
    }
} catch {
    _ = try? SystemCall.write(2, Array("sevenmin-sounds: \(error)\n".utf8))
    exit(1)
}
