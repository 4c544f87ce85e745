#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a quiet second costs: the workout's main thread's CPU time over seconds in which only the times move on.

Usage:  python3 bench/quiet-second.py [--seconds N] [--rounds N] [--size WxH] [--floor] BINARY [BINARY ...]

Runs `bench/routines/one-long-exercise.json` (muted, no figure, history on in a fresh HOME) in a private tmux
server, once per binary per round, the binaries alternating so that each round compares them in the same
minutes; skips the first 4 s (start-up and the first frame), then reads the main thread's run time from
/proc/PID/task/PID/schedstat before and after N seconds (20 unless given). Prints µs of CPU a second, the
median of the rounds (5 unless given) for each binary. With --floor, also the floor: bench/wake-floor.c, built
with cc, which only wakes on the same timer once a second and writes 400 bytes to the terminal. Needs tmux.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (Pane, wait_for)

ROUTINE = os.path.join(bench.ROOT, "bench", "routines", "one-long-exercise.json")


def option(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def main_thread_ns(pid):
    with open(f"/proc/{pid}/task/{pid}/schedstat") as f:
        return int(f.read().split()[0])


def quiet(binary, seconds, size, label):
    """The main thread's CPU a second, in µs, over `seconds` quiet seconds."""
    home = tempfile.mkdtemp(prefix="sevenmin-quiet-")
    pane = bench.Pane(label, f"env HOME={home} XDG_STATE_HOME={home}/state {binary} start {ROUTINE} --mute --no-figure",
                      size=size)
    pid = None
    def started():
        nonlocal pid
        found = subprocess.run(["pgrep", "-f", f"^{binary} start {ROUTINE}"], capture_output=True, text=True)
        pid = int(found.stdout.split()[0]) if found.stdout.split() else None
        return pid is not None
    bench.wait_for(started, 10)
    time.sleep(4)
    before = main_thread_ns(pid)
    time.sleep(seconds)
    after = main_thread_ns(pid)
    pane.close()
    shutil.rmtree(home, ignore_errors=True)
    return (after - before) / seconds / 1000


def floor(program, seconds, size, label):
    """The floor's own report of its CPU a wake, in µs."""
    handle, out = tempfile.mkstemp(prefix="sevenmin-floor-")
    os.close(handle)
    pane = bench.Pane(label, f"{program} {seconds} {out}", size=size)
    bench.wait_for(lambda: os.path.exists(out) and os.path.getsize(out) > 0, seconds + 15)
    pane.close()
    with open(out) as f:
        found = float(f.read())
    os.remove(out)
    return found


def main():
    seconds, rounds = int(option("--seconds", "20")), int(option("--rounds", "5"))
    size = tuple(option("--size", "100x30").split("x"))
    valued = {"--seconds", "--rounds", "--size"}
    binaries = [a for k, a in enumerate(sys.argv[1:], 1)
                if not a.startswith("--") and sys.argv[k - 1] not in valued]
    bench.RESULTS = os.path.join(bench.ROOT, "bench", "results", "quiet")
    os.makedirs(bench.RESULTS, exist_ok=True)
    with open(os.path.join(bench.RESULTS, "tmux.conf"), "w") as f:
        f.write('set -g default-terminal "tmux-256color"\nset -g status off\n')
    runs = {b: (lambda r, k, b=b: quiet(b, seconds, size, f"quiet-{r}-{k}")) for b in binaries}
    if "--floor" in sys.argv:
        program = os.path.join(bench.RESULTS, "wake-floor")
        subprocess.run(["cc", "-O2", "-o", program, os.path.join(bench.ROOT, "bench", "wake-floor.c")], check=True)
        runs["the floor (bench/wake-floor.c)"] = lambda r, k: floor(program, seconds, size, f"floor-{r}")
    found = {name: [] for name in runs}
    for r in range(rounds):
        for k, (name, run) in enumerate(runs.items()):
            found[name].append(round(run(r, k)))
    for name in runs:
        print(f"{statistics.median(found[name]):>6.0f} µs a second  {found[name]}  {name}")


if __name__ == "__main__":
    main()
