#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How much of what the coach says a listener catches: PocketSphinx's stock US-English model stands in
for the listener, on the track `sevenmin export-audio` writes.

    python3 -m venv .build/recall-venv && .build/recall-venv/bin/pip install pocketsphinx
    swift build
    .build/recall-venv/bin/python bench/recall.py [--binary PATH] [ROUTINE ...] [-- EXPORT-OPTIONS]

Each routine (by default the whole classic, `Workouts/classic.json`, and the four moves of
`bench/routines/two-minutes.json`) is exported, beeps and all, with any options given after `--`
(e.g. `--voice slt`), read back, resampled to 16 kHz and cut into utterances by PocketSphinx's own
voice-activity detector; each is decoded. What the coach says is the schedule's, from
`sevenmin-audio-bench --phrases`; its keywords are the words of the exercises' names (but "up", "on",
"and" and other small words) and the cue words (ready, rest, next, last, halfway, switch, sides, round,
complete). The keyword recall is how many of them are found among the recognised words in the same order
(the longest common subsequence), over how many were said; two words heard that spell a keyword together
("half way") count as it. Words the recogniser adds are not counted against it: the beeps are heard as
words now and then. Each phrase with a keyword missed is printed with what was heard there.
"""
import argparse
import audioop
import json
import os
import re
import subprocess
import sys
import tempfile
import wave

from pocketsphinx import Decoder, Endpointer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CUE_WORDS = {"ready", "rest", "next", "last", "halfway", "switch", "sides", "round", "complete"}
# Small words of names ("Push-up", "Triceps Dip on Chair") are not keywords: a listener needs the rest.
SMALL_WORDS = {"a", "an", "and", "in", "of", "on", "onto", "the", "to", "up", "with"}


def words(text):
    return re.findall(r"[a-z']+", text.lower().replace("-", " "))


def recognised(path):
    """The utterances of the track: (start, end, text), in seconds."""
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
                out.append((endpointer.speech_start, endpointer.speech_end, decoder.hyp().hypstr))

    whole = len(pcm) - len(pcm) % size
    for start in range(0, whole, size):
        was = endpointer.in_speech
        feed(endpointer.process(pcm[start:start + size]), was)
    was = endpointer.in_speech
    # end_stream refuses an empty tail.
    feed(endpointer.end_stream(pcm[whole:] or b"\0\0"), was)
    return out


def matched(expected, heard):
    """The indices of `expected` in a longest common subsequence with `heard`."""
    n, m = len(expected), len(heard)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            table[i][j] = table[i + 1][j + 1] + 1 if expected[i] == heard[j] else max(table[i + 1][j], table[i][j + 1])
    found, i, j = set(), 0, 0
    while i < n and j < m:
        if expected[i] == heard[j]:
            found.add(i)
            i, j = i + 1, j + 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return found


def joined(heard, keywords):
    """`heard` with two words read as one where together they spell a keyword: the recogniser's
    dictionary has "halfway" and "half way" both, and a listener hears the same word in either."""
    out = []
    for w in heard:
        if out and out[-1] + w in keywords and w not in keywords:
            out[-1] += w
        else:
            out.append(w)
    return out


def titles(path):
    routine = json.load(open(path, encoding="utf-8"))
    return [e["title"] for key in ("warmup", "exercises", "cooldown") for e in routine.get(key, [])]


def measure(routine, args, tmp):
    said = subprocess.run([args.bench_tool, "--phrases", routine], check=True, capture_output=True, text=True)
    phrases = [(float(t), text) for t, text in (line.split("\t", 1) for line in said.stdout.splitlines())]
    keywords = CUE_WORDS | {w for title in titles(routine) for w in words(title)} - SMALL_WORDS
    expected = [(k, w) for k, (_, text) in enumerate(phrases) for w in words(text) if w in keywords]
    track = os.path.join(tmp, os.path.basename(routine) + ".wav")
    # A cache of its own: the figure is the same rendered fresh or kept.
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
    subprocess.run([args.binary, "export-audio", "--force", track, routine, *args.options], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    utterances = recognised(track)
    heard = joined([w for _, _, text in utterances for w in words(text)], keywords)
    found = matched([w for _, w in expected], heard)
    print(f"## {os.path.relpath(routine, ROOT)}: {len(phrases)} phrases, {len(expected)} keywords")
    missed = {}
    for i, (k, w) in enumerate(expected):
        if i not in found:
            missed.setdefault(k, []).append(w)
    for k, lost in sorted(missed.items()):
        offset, text = phrases[k]
        near = [u for s, e, u in utterances if s < offset + 3 and e > offset]
        print(f"  {offset:7.2f} {text!r}: missed {', '.join(lost)}; heard {' | '.join(near) or '(nothing)'!r}")
    print(f"keyword recall {len(found) / len(expected):.2f} ({len(found)} of {len(expected)})\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/sevenmin"))
    ap.add_argument("--bench-tool", default=os.path.join(ROOT, ".build/debug/sevenmin-audio-bench"))
    ap.add_argument("routines", nargs="*", default=[os.path.join(ROOT, "Workouts/classic.json"),
                                                    os.path.join(ROOT, "bench/routines/two-minutes.json")])
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = ap.parse_args(argv[:split])
    args.options = argv[split + 1:]
    with tempfile.TemporaryDirectory() as tmp:
        for routine in args.routines:
            measure(os.path.abspath(routine), args, tmp)


if __name__ == "__main__":
    sys.exit(main())
