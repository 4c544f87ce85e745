#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How much of what the coach says a listener understands: PocketSphinx's stock US-English
model stands in for the listener, on the track `sevenmin export-audio` writes.

    python3 -m venv /tmp/recall-venv && /tmp/recall-venv/bin/pip install pocketsphinx
    /tmp/recall-venv/bin/python bench/recall.py [--binary PATH] [--routine FILE] [--words FILE] [-- OPTIONS]

The track of `bench/routines/recall.json` (six common exercises, 3:00) is exported with
any OPTIONS given after `--` (e.g. `--voice en-us`), read back, resampled to 16 kHz and cut
into utterances by PocketSphinx's own voice-activity detector; each is decoded, and the
recall is how many of the expected words (`bench/routines/recall.txt`, what the coach says,
in order) appear in the recognised words in the same order (the longest common
subsequence), over how many were expected. Words the recogniser adds are not counted
against it: the beeps are heard as words now and then.
"""
import argparse
import audioop
import os
import re
import subprocess
import sys
import tempfile
import wave

from pocketsphinx import Decoder, Endpointer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def words(text):
    return re.findall(r"[a-z']+", text.lower().replace("-", " "))


def recognised(path):
    with wave.open(path) as track:
        rate, channels, width = track.getframerate(), track.getnchannels(), track.getsampwidth()
        pcm = track.readframes(track.getnframes())
    if channels > 1:
        pcm = audioop.tomono(pcm, width, 0.5, 0.5)
    if width != 2:
        pcm = audioop.lin2lin(pcm, width, 2)
    endpointer = Endpointer()
    pcm, _ = audioop.ratecv(pcm, 2, 1, rate, endpointer.sample_rate, None)
    decoder = Decoder(samprate=endpointer.sample_rate, loglevel="FATAL")
    out, size = [], endpointer.frame_bytes

    def feed(speech, was_in_speech):
        if speech is None:
            return
        if not was_in_speech:
            decoder.start_utt()
        decoder.process_raw(speech)
        if not endpointer.in_speech:
            decoder.end_utt()
            if decoder.hyp() is not None:
                out.append(decoder.hyp().hypstr)

    whole = len(pcm) - len(pcm) % size
    for start in range(0, whole, size):
        was = endpointer.in_speech
        feed(endpointer.process(pcm[start:start + size]), was)
    was = endpointer.in_speech
    feed(endpointer.end_stream(pcm[whole:]), was)
    return out


def in_order(expected, heard):
    """The longest common subsequence of two word lists, by length."""
    row = [0] * (len(heard) + 1)
    for e in expected:
        prev = 0
        for j, h in enumerate(heard):
            prev, row[j + 1] = row[j + 1], prev + 1 if e == h else max(row[j + 1], row[j])
    return row[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/sevenmin"))
    ap.add_argument("--routine", default=os.path.join(ROOT, "bench/routines/recall.json"))
    ap.add_argument("--words", default=os.path.join(ROOT, "bench/routines/recall.txt"))
    ap.add_argument("options", nargs="*", help="options for export-audio, after --")
    args = ap.parse_args()
    expected = words(open(args.words, encoding="utf-8").read())
    with tempfile.TemporaryDirectory() as tmp:
        track = os.path.join(tmp, "track.wav")
        # A cache of its own: the figure is the same rendered fresh or kept.
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
        subprocess.run([args.binary, "export-audio", track, args.routine, *args.options], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        utterances = recognised(track)
    heard = [w for u in utterances for w in words(u)]
    found = in_order(expected, heard)
    print("heard:", " | ".join(utterances))
    print(f"expected {len(expected)} words, recognised {len(heard)}, found in order {found}")
    print(f"keyword recall {found / len(expected):.2f}")


if __name__ == "__main__":
    sys.exit(main())
