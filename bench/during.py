#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a command's output costs a `during` workout: segment starts against the schedule while the command beside it
writes 10 MB a second (coloured lines, carriage returns, escape sequences), against the same workout beside a
command that writes nothing.

Usage:  python3 bench/during.py [--rounds N] [--rate MB] BINARY

Runs `bench/routines/short-segments.json` (4 s exercises, 2 s rests; muted, no history) under `sevenmin during` in
a private tmux server at 100x30, `--rounds` times each way (3 unless given), alternating. The writer paces itself:
a tenth of the rate every 0.1 s, under `timeout 40`; the pane is closed at the workout's finish (about 30 s), which
stops it. Prints p50 and max of |t - planned| of every segment start (the events file) and the bytes the log holds.
Needs tmux.
"""
import glob
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (Pane, wait_for, events, finished)

ROUTINE = os.path.join(bench.ROOT, "bench", "routines", "short-segments.json")
WRITER = r"""# SPDX-License-Identifier: GPL-3.0-or-later
import sys, time
rate = float(sys.argv[1]) * 1e6
line = (b'\x1b[32m%08d\x1b[0m building \x1b]0;title\x07'
        + b'x' * 40 + b'\r\n')
out, n, start = sys.stdout.buffer, 0, time.monotonic()
while True:
    chunk = b''.join(line % (n + k) for k in range(int(rate / 10 / len(line % 0))))
    n += 1
    out.write(chunk)
    out.flush()
    time.sleep(max(0, start + n / 10 - time.monotonic()))
"""


def option(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def one(binary, label, command):
    home = tempfile.mkdtemp(prefix="sevenmin-during-")
    ev = os.path.join(home, "ev.jsonl")
    pane = bench.Pane(label, f"env HOME={home} XDG_STATE_HOME={home}/state {binary} during {ROUTINE} --mute "
                      f"--no-history --events {ev} -- {command}")
    bench.wait_for(bench.finished(ev), 120)
    pane.keys("x")
    pane.close()
    starts = [abs(e["t"] - e["planned"]) * 1000 for e in bench.events(ev) if e["event"] == "segment"]
    logged = sum(os.path.getsize(p) for p in glob.glob(home + "/state/sevenmin/during/*.log"))
    return starts, logged


def main():
    binary = os.path.abspath(sys.argv[-1])
    rounds = int(option("--rounds", "3"))
    rate = float(option("--rate", "10"))
    os.makedirs(bench.RESULTS, exist_ok=True)
    conf = os.path.join(bench.RESULTS, "tmux.conf")
    with open(conf, "w") as f:
        f.write("set -g default-terminal tmux-256color\nset -g status off\n")
    writer = os.path.join(bench.RESULTS, "during-writer.py")
    with open(writer, "w") as f:
        f.write(WRITER)
    results = {"quiet": ([], 0), "writing": ([], 0)}
    for r in range(rounds):
        for label, command in (("quiet", "sleep 40"), ("writing", f"timeout 40 python3 {writer} {rate}")):
            starts, logged = one(binary, f"during-{label}-{r}", command)
            results[label] = (results[label][0] + starts, results[label][1] + logged)
    print("| command beside | segment starts | p50 | max | log written |")
    print("| --- | --- | --- | --- | --- |")
    for label, (starts, logged) in results.items():
        print(f"| {label} | {len(starts)} | {statistics.median(starts):.3f} ms | {max(starts):.3f} ms "
              f"| {logged / rounds / 1e6:.0f} MB a run |")


if __name__ == "__main__":
    main()
