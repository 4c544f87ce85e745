#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The CPU and memory targets, with the figure: binaries side by side, muted and with the voice.

Run from the repository root:  python3 bench/targets.py [--rounds N] BINARY [BINARY...]

Each round runs `bench/routines/two-minutes-figures.json` (2:05) whole at 100x30, for every binary at
once: muted, and with the voice written to a WAV file by libao (`SEVENMIN_AUDIO_WAV`), its phrases already
kept on disk by a first run (XDG_CACHE_HOME). Prints, per binary, the CPU seconds a workout minute (the
speech process included) and the workout's own peak RSS (VmHWM, `bench/measure.py --processes`), the
median of the rounds (3 unless given). Raw files stay in bench/results/lean/.
"""
import os
import statistics
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lean  # noqa: E402

ROUTINE = os.path.join(lean.ROOT, "bench", "routines", "two-minutes-figures.json")


def main():
    args = sys.argv[1:]
    rounds = 3
    if "--rounds" in args:
        k = args.index("--rounds")
        rounds = int(args[k + 1])
        del args[k:k + 2]
    binaries = args or sys.exit(__doc__)
    os.makedirs(lean.RESULTS, exist_ok=True)
    lean.bench.RESULTS = lean.RESULTS
    with open(os.path.join(lean.RESULTS, "tmux.conf"), "w") as f:
        f.write('set -g default-terminal "tmux-256color"\nset -g status off\n')
    caches = [tempfile.mkdtemp(prefix="sevenmin-targets-cache-") for _ in binaries]
    found = {}

    def one(b, label, k):
        wav = os.path.join(lean.RESULTS, f"targets-{b}-{label}-{k}.wav")
        wrapper = "" if label == "muted" else f"SEVENMIN_AUDIO_WAV={wav}"
        extra = "--mute" if label == "muted" else ""
        found[(b, label, k)] = lean.workout(binaries[b], f"targets-{b}-{label}-{k}", extra, 300, wrapper=wrapper,
                                            finish=True, cache=None if label == "muted" else caches[b],
                                            processes=True, routine=ROUTINE)

    def together(jobs):
        threads = [threading.Thread(target=one, args=job) for job in jobs]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    # A first run with the voice fills each binary's phrase store.
    together([(b, "voice", "warm-up") for b in range(len(binaries))])
    for k in range(rounds):
        together([(b, label, k) for b in range(len(binaries)) for label in ("muted", "voice")])
    for b, binary in enumerate(binaries):
        for label in ("muted", "voice"):
            runs = [found[(b, label, k)] for k in range(rounds)]
            seconds = [e for e in runs[0][1] if e["event"] == "start"][0]["duration"]
            cpu = [round(r[0]["cpu"] / (seconds / 60), 4) for r in runs]
            rss = [round(lean.voice_memory(r[0])[0], 2) for r in runs]
            print(f"{binary} {label:<6} CPU s a minute {statistics.median(cpu):.4f} {cpu}  "
                  f"peak RSS MiB {statistics.median(rss):.2f} {rss}")


if __name__ == "__main__":
    main()
