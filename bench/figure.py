#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What the move's figure costs: frames a second, CPU and wake-ups, with the figure and with --no-figure.

Run from the repository root:  python3 bench/figure.py
(SEVENMIN_BINARY=path picks the binary; otherwise the release build is made.) Four two-minute workouts
run at once in private tmux servers at 100x30 (the figure shows from 80 columns): with the figure and
without, each once plainly (CPU) and once under strace (wake-ups, writes). Raw files stay in bench/results/.
"""
import os
import re
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

ROUTINE = os.path.join(bench.ROOT, "bench", "routines", "two-minutes-figures.json")


def frames_per_second(path, moving=True):
    """Frames a second while the figure moves: bursts of writes to the terminal more than 20 ms apart,
    counted per whole second, median over the seconds that drew more than the once-a-second tick
    (a still figure, such as the wall sit's, draws no frames of its own); 1 if there are none."""
    pat = re.compile(r"^\d+\s+([\d.]+) (write|writev)\(1,")
    times = []
    with open(path) as f:
        for line in f:
            m = pat.match(line)
            if m:
                times.append(float(m.group(1)))
    bursts = [t for k, t in enumerate(times) if k == 0 or t - times[k - 1] > 0.02]
    per = {}
    for t in bursts:
        per[int(t)] = per.get(int(t), 0) + 1
    # Not the start-up and finish seconds; without a figure, every second (segment changes flash).
    seconds = [s for s in sorted(per)[2:-2] if per[s] > 2 or not moving]
    return statistics.median(per[s] for s in seconds) if seconds else 1


def main():
    binary = os.environ.get("SEVENMIN_BINARY") or bench.build()
    os.makedirs(bench.RESULTS, exist_ok=True)
    with open(os.path.join(bench.RESULTS, "tmux.conf"), "w") as f:
        f.write("set -g default-terminal tmux-256color\nset -g status off\n")
    st = lambda n: os.path.join(bench.RESULTS, n)
    runs = {}
    for label, extra in (("figure", "--mute --no-history"), ("no-figure", "--mute --no-history --no-figure")):
        runs[label] = bench.run_workout(binary, f"fig-{label}", ROUTINE, extra)
        time.sleep(bench.STAGGER)
        runs[label + "-c"] = bench.run_workout(binary, f"fig-{label}-c", ROUTINE, extra,
                                               wrapper=f"strace -f -e trace={bench.WAITS} -o {st(label + '.strace-c')}")
        time.sleep(bench.STAGGER)
        runs[label + "-w"] = bench.run_workout(binary, f"fig-{label}-w", ROUTINE, extra,
                                               wrapper=f"strace -f -ttt -e trace=write,writev -o {st(label + '.strace-w')}")
        time.sleep(bench.STAGGER)
    for pane, ev, cost in runs.values():
        bench.wait_for(bench.finished(ev), 240)
        time.sleep(1.2)
        pane.keys("x")
        bench.wait_for(lambda: os.path.exists(cost), 20)
    time.sleep(1)
    for pane, _, _ in runs.values():
        pane.close()
    import json
    print("| measure | figure | --no-figure |")
    print("| --- | --- | --- |")
    rows = {}
    for label in ("figure", "no-figure"):
        with open(runs[label][2]) as f:
            cost = json.load(f)
        start = [e for e in bench.events(runs[label][1]) if e["event"] == "start"][0]
        rows[label] = (cost["cpu"] / (start["duration"] / 60),
                       bench.strace_waits(st(label + ".strace-c")) / start["duration"],
                       frames_per_second(st(label + ".strace-w"), moving=label == "figure"),
                       bench.steady_bytes(st(label + ".strace-w")))
    for k, (name, fmt) in enumerate((("CPU, seconds per minute", "{:.4f}"), ("wake-ups per second", "{:.2f}"),
                                     ("frames per second while it moves (median)", "{:.0f}"), ("bytes per second (median)", "{:.0f}"))):
        print(f"| {name} | {fmt.format(rows['figure'][k])} | {fmt.format(rows['no-figure'][k])} |")


if __name__ == "__main__":
    main()
