#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""sevenmin's weight: binary and package size, peak memory, writes per frame, start-up, CPU.

Run from the repository root:  python3 bench/lean.py [--runs N] [--memory] [--cpu] [--cpu-runs N] [--kept-history]

--memory stops after the sizes and the memory runs (about 3 minutes); --cpu runs only the CPU rounds
(--cpu-runs, 3 unless given, each two whole workouts side by side: about 7 minutes). --kept-history gives
the CPU rounds a HOME whose history has a workout in it already, as every workout but a user's first
finds it, instead of a fresh one, whose history file is made during the run. SEVENMIN_BINARY=path
measures a binary already built instead of building one.

Builds the release binary and the package (scripts/release-binary, scripts/package), then runs the
two-minute bench routine in private tmux servers at 100x30 with TERM=tmux-256color, each run alone,
with history on (a fresh HOME per run). Prints one table; raw files stay in bench/results/lean/.
The first frame is timed without a tracer (bench/first-frame.py), to the first frame's words; the rest under
strace. Needs strace and tmux (scripts/setup --test installs them).
"""
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (Pane, wait_for, strace_waits, sh)
import importlib.util  # noqa: E402
_spec = importlib.util.spec_from_file_location("first_frame", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                          "first-frame.py"))
first_frame = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(first_frame)

ROOT = bench.ROOT
RESULTS = os.path.join(ROOT, "bench", "results", "lean")
TWO = os.path.join(ROOT, "bench", "routines", "two-minutes.json")
MIB = 1024 * 1024


def workout(binary, name, extra, seconds, wrapper="", finish=False, cache=None, processes=False, home_from=None,
            routine=TWO):
    """Runs `routine` (the two-minute routine unless given) in its own pane with a fresh HOME, or a copy of `home_from` (and `cache`
    as XDG_CACHE_HOME, when given, so that rendered phrases are kept between runs), quits it after `seconds`
    (or, with `finish`, lets it end); returns its rusage record (CPU seconds, peak RSS, each process's VmHWM)
    and its events."""
    home = tempfile.mkdtemp(prefix="sevenmin-lean-")
    if home_from:
        shutil.copytree(home_from, home, dirs_exist_ok=True)
    if cache:
        wrapper = f"XDG_CACHE_HOME={cache} {wrapper}"
    cost, ev = os.path.join(RESULTS, name + ".cost.json"), os.path.join(RESULTS, name + ".jsonl")
    for p in (cost, ev):
        if os.path.exists(p):
            os.remove(p)
    sampling = "--processes " if processes else ""
    command = (f"env HOME={home} XDG_STATE_HOME={home}/state {wrapper} python3 {bench.MEASURE} {sampling}{cost} -- "
               f"{binary} start {routine} --events {ev} {extra}")
    pane = bench.Pane(name, command)
    if finish:
        bench.wait_for(bench.finished(ev), seconds)
        time.sleep(1.2)
        pane.keys("x")
    else:
        time.sleep(seconds)
        pane.keys("q")
        time.sleep(0.5)
        pane.keys("y")
    bench.wait_for(lambda: os.path.exists(cost), 30)
    pane.close()
    shutil.rmtree(home, ignore_errors=True)
    with open(cost) as f:
        return json.load(f), bench.events(ev)


def voice_memory(record):
    """The workout's own peak RSS, the speech processes' (the largest), and the most both held at once, MiB."""
    workouts = [p["hwm_kib"] for p in record["processes"] if p["command"].startswith("start")]
    speech = [p["hwm_kib"] for p in record["processes"] if p["command"].startswith("__speak")]
    return (max(workouts, default=0) / 1024, max(speech, default=0) / 1024, record["tree_peak_kib"] / 1024)


def terminal_writes(trace):
    """write(2) and writev(2) calls to the terminal (strace -y names it /dev/pts/N)."""
    with open(trace) as f:
        return sum(1 for line in f if re.match(r"^\d+\s+writev?\(\d+</dev/pts/", line))


def whole_runs(binary, name, wrapper=lambda label: "", home_from=None):
    """A whole muted workout without the figure (the targets' terms) and, at the same time, one with it."""
    found = {}
    def one(label, extra):
        found[label] = workout(binary, f"{name}-{label}", extra, 300, wrapper=wrapper(label), finish=True,
                               home_from=home_from)
    threads = [threading.Thread(target=one, args=item)
               for item in (("no-figure", "--mute --no-figure"), ("figure", "--mute"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return found


def cpu_figures(binary, rounds, show=True):
    """CPU seconds a minute of `rounds` pairs of whole workouts, by label, and the workout's length. Two
    identical workouts side by side differ by a sixth, so the figure is the median of the rounds."""
    home_from = None
    if "--kept-history" in sys.argv:
        # One short workout, quit after 20 s, leaves a history with a session in it; each run gets a copy.
        home_from = tempfile.mkdtemp(prefix="sevenmin-lean-kept-")
        command = (f"env HOME={home_from} XDG_STATE_HOME={home_from}/state {binary} start {TWO} --mute "
                   f"--no-figure")
        pane = bench.Pane("kept-history", command)
        time.sleep(20)
        pane.keys("q")
        time.sleep(0.5)
        pane.keys("y")
        # Quitting ends the workout and its pane; the history is then closed.
        time.sleep(3)
        pane.close()
        if not glob.glob(os.path.join(home_from, "state", "sevenmin", "history*")):
            sys.exit("lean: the first workout left no history")
    found = [whole_runs(binary, f"cpu-{k}", home_from=home_from) for k in range(rounds)]
    seconds = [e for e in found[0]["no-figure"][1] if e["event"] == "start"][0]["duration"]
    cpu = {label: [round(r[label][0]["cpu"] / (seconds / 60), 4) for r in found] for label in ("no-figure", "figure")}
    if show:
        for label in ("no-figure", "figure"):
            print(f"{'CPU muted, s per minute, ' + label:<34} {statistics.median(cpu[label]):>10.4f}  {cpu[label]}")
    return cpu, seconds


def main():
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    cpu_runs = int(sys.argv[sys.argv.index("--cpu-runs") + 1]) if "--cpu-runs" in sys.argv else 3
    only_cpu = "--cpu" in sys.argv
    os.makedirs(RESULTS, exist_ok=True)
    bench.RESULTS = RESULTS
    with open(os.path.join(RESULTS, "tmux.conf"), "w") as f:
        f.write('set -g default-terminal "tmux-256color"\nset -g status off\n')
    binary = bench.build()
    if only_cpu:
        return cpu_figures(binary, cpu_runs)
    stripped = os.path.join(RESULTS, "sevenmin.stripped")
    subprocess.run(["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note",
                    "-o", stripped, binary], check=True)
    dist = tempfile.mkdtemp(prefix="sevenmin-deb-")
    subprocess.run([os.path.join(ROOT, "scripts", "package"), dist], check=True, capture_output=True,
                   env=dict(os.environ, SEVENMIN_BINARY=binary))
    deb = glob.glob(os.path.join(dist, "*.deb"))[0]
    sizes = {"stripped binary": os.path.getsize(stripped) / MIB, ".deb": os.path.getsize(deb) / MIB}
    shutil.rmtree(dist, ignore_errors=True)

    muted = [workout(binary, f"muted-{k}", "--mute", 20)[0]["maxrss_kib"] / 1024 for k in range(runs)]
    # With the voice: nothing kept yet (every phrase rendered by the speech process), then kept.
    cold = [voice_memory(workout(binary, f"voice-{k}", "", 20, processes=True)[0]) for k in range(runs)]
    cache = tempfile.mkdtemp(prefix="sevenmin-lean-cache-")
    workout(binary, "voice-warm-up", "", 20, cache=cache)
    warm = [voice_memory(workout(binary, f"voice-kept-{k}", "", 20, cache=cache, processes=True)[0])
            for k in range(runs)]
    shutil.rmtree(cache, ignore_errors=True)

    print(f"{'measure':<34} {'figure':>10} {'target':>10}")
    print(f"{'stripped binary, MiB':<34} {sizes['stripped binary']:>10.2f} {'<= 16':>10}")
    print(f"{'.deb, MiB':<34} {sizes['.deb']:>10.2f} {'<= 5':>10}")
    print(f"{'peak RSS muted, MiB (median)':<34} {statistics.median(muted):>10.2f} {'<= 15':>10}  {muted}")
    for label, rows in (("voice, nothing kept", cold), ("voice, phrases kept", warm)):
        for k, what in enumerate(("workout", "speech", "both at once")):
            column = [round(r[k], 2) for r in rows]
            target = "<= 20" if k == 0 else ""
            print(f"{label + ', ' + what + ', MiB':<34} {statistics.median(column):>10.2f} {target:>10}  {column}")
    sys.stdout.flush()
    if "--memory" in sys.argv:
        return

    writes = []
    for k in range(runs):
        trace = os.path.join(RESULTS, f"writes-{k}.strace")
        workout(binary, f"writes-{k}", "--mute", 12, wrapper=f"strace -f -y -e trace=write,writev -o {trace}")
        writes.append(terminal_writes(trace))

    # Alone, with history on (a fresh HOME each run), on a pseudo-terminal of its own and without a tracer:
    # to the first byte (curses' set-up and the terminal query) and to the first frame's words.
    first_bytes, frames = first_frame.measure([binary, "start", TWO, "--mute"], runs=21, until=b"Jumping")

    cpu, seconds = cpu_figures(binary, cpu_runs, show=False)
    minutes = seconds / 60
    waits = {label: os.path.join(RESULTS, f"waits-{label}.strace") for label in ("no-figure", "figure")}
    whole_runs(binary, "waits", lambda label: f"strace -f -tt -e trace={bench.WAITS} -o {waits[label]}")

    print(f"{'write(2) to terminal in 12 s':<34} {statistics.median(writes):>10.0f} {'<= 40':>10}  {writes}")
    print(f"{'first frame, ms (median of 21)':<34} {statistics.median(frames):>10.2f} {'<= 6':>10}"
          f"  (first byte {statistics.median(first_bytes):.2f})")
    for label in ("no-figure", "figure"):
        target = ("<= 0.03", "1") if label == "no-figure" else ("", "")
        print(f"{'CPU muted, s per minute, ' + label:<34} {statistics.median(cpu[label]):>10.4f} {target[0]:>10}"
              f"  {cpu[label]}")
        print(f"{'wake-ups a second, muted, ' + label:<34} {bench.strace_waits(waits[label]) / seconds:>10.2f}"
              f" {target[1]:>10}  seconds by wake-ups: {bench.wakes_by_second(waits[label])}")
    starts = bench.timing(os.path.join(RESULTS, "cpu-0-no-figure.jsonl"))
    print(f"{'segment starts, muted, no-figure':<34} p50 {starts['p50_ms']:.3f} ms, max {starts['max_ms']:.3f} ms"
          f" over {starts['segments']}")


if __name__ == "__main__":
    main()
