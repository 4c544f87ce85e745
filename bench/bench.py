#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""sevenmin's benchmarks: timing accuracy, running cost, and termdown for comparison.

Run from the repository root:  python3 bench/bench.py [--quick]

--quick skips the 8-minute classic run; --cost-only skips both timing runs. Everything runs in private tmux
servers at 100x30, as a person's terminal would be; the machine should
otherwise be idle. Prints one table; raw files stay in bench/results/.
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "results")
MEASURE = os.path.join(ROOT, "bench", "measure.py")
SIZE = ("100", "30")
STAGGER = 3
WAITS = "poll,ppoll,select,pselect6,epoll_wait,epoll_pwait,nanosleep,clock_nanosleep,futex"


def sh(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw).stdout


def build():
    """The release binary, as installed and packaged."""
    return sh(os.path.join(ROOT, "scripts", "release-binary"), cwd=ROOT).strip()


class Pane:
    """One private tmux server running one command."""

    def __init__(self, name, command, size=SIZE):
        self.name = "bench-" + name
        conf = os.path.join(RESULTS, "tmux.conf")
        subprocess.run(["tmux", "-L", self.name, "kill-server"], capture_output=True)
        sh("tmux", "-L", self.name, "-f", conf, "new-session", "-d", "-x", size[0], "-y", size[1],
           command + "; sleep 3600")

    def keys(self, *keys):
        subprocess.run(["tmux", "-L", self.name, "send-keys", *keys], capture_output=True)

    def close(self):
        subprocess.run(["tmux", "-L", self.name, "kill-server"], capture_output=True)


def events(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def wait_for(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def finished(path):
    return lambda: os.path.exists(path) and any(e["event"] == "finish" for e in events(path))


def run_workout(binary, name, routine, extra="", wrapper="", size=SIZE):
    """Starts a workout in its own pane; returns the pane, the events file's path and the cost file's."""
    ev = os.path.join(RESULTS, name + ".jsonl")
    cost = os.path.join(RESULTS, name + ".cost.json")
    for p in (ev, cost):
        if os.path.exists(p):
            os.remove(p)
    cmd = f"{wrapper} python3 {MEASURE} {cost} -- {binary} start {routine} --events {ev} {extra}"
    return Pane(name, cmd, size), ev, cost


def largest_plan():
    """A routine at the plan size limit: 1,000 exercises x 50 rounds, 100,000 segments, under 24 h."""
    path = os.path.join(RESULTS, "largest.json")
    exercises = [{"title": f"Exercise {k}"} for k in range(1000)]
    with open(path, "w") as f:
        json.dump({"name": "Largest", "work": 1, "rest": 0.5, "getReady": 1, "rounds": 50, "roundRest": 1,
                   "exercises": exercises}, f)
    return path


def plan_limits(binary):
    """First frame and peak memory of the largest plan a routine may have."""
    path = largest_plan()
    segments = len(json.loads(sh(binary, "list", path, "--json"))["segments"])
    pane, ev, cost = run_workout(binary, "largest", path, "--mute --no-history")
    wait_for(lambda: os.path.exists(ev) and len(events(ev)) > 3, 20)
    time.sleep(2)
    pane.keys("q")
    time.sleep(0.5)
    pane.keys("y")
    wait_for(lambda: os.path.exists(cost), 20)
    pane.close()
    with open(cost) as f:
        rss = json.load(f)["maxrss_kib"] / 1024
    return {"segments": segments, "first_frame_ms": first_frame([binary, "start", path, "--mute", "--no-history"]),
            "peak_rss_mib": rss}


def quiet_bytes_at(binary, size):
    """Bytes per quiet second at a terminal size, from a minute of a workout."""
    two = os.path.join(ROOT, "bench", "routines", "two-minutes.json")
    trace = os.path.join(RESULTS, f"quiet-{size[0]}x{size[1]}.strace")
    pane, ev, cost = run_workout(binary, f"quiet-{size[0]}", two, "--mute --no-history",
                                 wrapper=f"strace -f -ttt -e trace=write,writev -o {trace}", size=size)
    time.sleep(40)
    pane.keys("q")
    time.sleep(0.5)
    pane.keys("y")
    wait_for(lambda: os.path.exists(cost), 20)
    pane.close()
    return steady_bytes(trace)


def timing(ev_path):
    ev = events(ev_path)
    segments = [abs(e["t"] - e["planned"]) * 1000 for e in ev if e["event"] == "segment"]
    cues = [abs(e["t"] - e["planned"]) * 1000 for e in ev if e["event"] == "cue"]
    finish = [e for e in ev if e["event"] == "finish"][0]
    return {
        "segments": len(segments),
        "p50_ms": statistics.median(segments),
        "max_ms": max(segments),
        "drift_ms": (finish["t"] - finish["planned"]) * 1000,
        "cues": len(cues),
        "cue_max_ms": max(cues) if cues else float("nan"),
    }


def strace_waits(path):
    """Calls that put a thread to sleep: waits with a timeout that is not zero, and futex waits.

    Zero-timeout polls return at once and futex wakes do not sleep, so neither is a wake-up."""
    return len(strace_wait_times(path))


def strace_wait_times(path):
    """When each call that put a thread to sleep (`strace_waits`) began, in seconds from midnight where the
    trace has times (`strace -tt`), else None for each."""
    times = []
    call = re.compile(r"^\d+\s+(?:(\d+):(\d+):([\d.]+)\s+)?(\w+)\((.*)")
    with open(path) as f:
        for line in f:
            m = call.match(line)
            if not m or "resumed>" in line:
                continue
            name, args = m.group(4), m.group(5)
            if name == "futex":
                blocking = "FUTEX_WAIT" in args
            elif name == "poll":
                blocking = not re.search(r", 0\)", args.split(" <unfinished")[0].rsplit("=", 1)[0])
            elif name in ("ppoll", "pselect6", "select"):
                blocking = "{tv_sec=0, tv_nsec=0}" not in args and "{tv_sec=0, tv_usec=0}" not in args
            elif name in ("epoll_wait", "epoll_pwait"):
                blocking = not re.search(r", 0[,)]", args)
            else:
                blocking = True
            if blocking:
                times.append(int(m.group(1)) * 3600 + int(m.group(2)) * 60 + float(m.group(3)) if m.group(1) else None)
    return times


def wakes_by_second(path):
    """How many of a workout's seconds saw how many wake-ups, from a trace with times (`strace -tt`). A
    second runs from half a second before a tick of the loop to half a second after, the ticks being
    whole seconds from the first wait (the loop's, after the first frame): what a change adds (the flash
    ending 150 ms after it, the history's thread) falls in the second it starts."""
    times = sorted(t for t in strace_wait_times(path) if t is not None)
    counts = {}
    for t in times:
        second = int(t - times[0] + 0.5)
        counts[second] = counts.get(second, 0) + 1
    histogram = {}
    for n in counts.values():
        histogram[n] = histogram.get(n, 0) + 1
    return dict(sorted(histogram.items()))


def strace_bytes_and_first_frame(path):
    """Bytes written to the terminal, and seconds from execve to the first frame written to it."""
    start = first = None
    total = 0
    pat = re.compile(r"^\d+\s+([\d.]+) (\w+)\((\d+)?.*= (-?\d+)")
    with open(path) as f:
        for line in f:
            m = pat.match(line)
            if not m:
                continue
            t, call, fd, ret = float(m.group(1)), m.group(2), m.group(3), int(m.group(4))
            if call == "execve" and start is None and ret == 0:
                start = t
            elif call in ("write", "writev") and fd == "1" and ret > 0:
                total += ret
                # The start-up question to the terminal (DECRQM, DA1) comes before the first frame.
                if first is None and "2026$p" not in line:
                    first = t
    return total, (first - start) if (first and start) else float("nan")


def steady_bytes(path):
    """Median bytes written per second: the cost of a second ticking by, without segment changes."""
    pat = re.compile(r"^\d+\s+([\d.]+) (write|writev)\(1,.*= (\d+)")
    per = {}
    with open(path) as f:
        for line in f:
            m = pat.match(line)
            if m:
                second = int(float(m.group(1)))
                per[second] = per.get(second, 0) + int(m.group(3))
    return statistics.median(per.values()) if per else float("nan")


def first_frame(command, runs=7):
    """Median ms from execve to the first write to the terminal, each run alone in its own pane."""
    times = []
    for k in range(runs):
        trace = os.path.join(RESULTS, f"first-frame-{k}.strace")
        if os.path.exists(trace):
            os.remove(trace)
        pane = Pane(f"ff{k}", f"strace -f -ttt --seccomp-bpf -e trace=execve,write,writev -o {trace} " + " ".join(command))
        wait_for(lambda: os.path.exists(trace) and "write(1" in open(trace).read(), 10)
        time.sleep(0.3)
        pane.close()
        time.sleep(0.5)
        _, seconds = strace_bytes_and_first_frame(trace)
        times.append(seconds * 1000)
    return statistics.median(times)


def cost_runs(binary):
    two = os.path.join(ROOT, "bench", "routines", "two-minutes.json")
    termdown = shutil.which("termdown")
    panes = {}
    out = {}
    st = lambda n: os.path.join(RESULTS, n)
    # Plain runs give CPU, peak RSS and end time; strace runs give wake-ups and bytes.
    # Starts are staggered so that no run's start-up competes with another's for the CPU.
    panes["sm"] = run_workout(binary, "sm-plain", two)
    time.sleep(STAGGER)
    panes["sm-c"] = run_workout(binary, "sm-strace-c", two, wrapper=f"strace -f -e trace={WAITS} -o {st('sm.strace-c')}")
    time.sleep(STAGGER)
    panes["sm-w"] = run_workout(binary, "sm-strace-w", two,
                                wrapper=f"strace -f -ttt -e trace=execve,write,writev -o {st('sm.strace-w')}")
    if termdown:
        for key, wrapper in (("td", ""), ("td-c", f"strace -f -e trace={WAITS} -o {st('td.strace-c')}"),
                             ("td-w", f"strace -f -ttt -e trace=execve,write,writev -o {st('td.strace-w')}")):
            time.sleep(STAGGER)
            cost = st(key + ".cost.json")
            if os.path.exists(cost):
                os.remove(cost)
            panes[key] = (Pane(key, f"{wrapper} python3 {MEASURE} {cost} -- {termdown} -B 120"), None, cost)
    # sevenmin waits for a key on its summary screen; termdown exits by itself.
    for key in ("sm", "sm-c", "sm-w"):
        pane, ev, cost = panes[key]
        wait_for(finished(ev), 200)
        time.sleep(1.2)
        pane.keys("x")
        wait_for(lambda: os.path.exists(cost), 20)
    for key in ("td", "td-c", "td-w"):
        if key in panes:
            wait_for(lambda: os.path.exists(panes[key][2]), 200)
    time.sleep(1)  # let strace write its summaries
    for pane, _, _ in panes.values():
        pane.close()

    def load(p):
        with open(p) as f:
            return json.load(f)

    sm = load(panes["sm"][2])
    ev = events(panes["sm"][1])
    start = [e for e in ev if e["event"] == "start"][0]
    fin = [e for e in ev if e["event"] == "finish"][0]
    minutes = start["duration"] / 60
    sm_bytes, _ = strace_bytes_and_first_frame(st("sm.strace-w"))
    out["sevenmin"] = {
        "cpu_s_per_min": sm["cpu"] / minutes,
        "wakeups_per_s": strace_waits(st("sm.strace-c")) / start["duration"],
        "first_frame_ms": first_frame([binary, "start", two, "--mute"]),
        "peak_rss_mib": sm["maxrss_kib"] / 1024,
        "bytes": sm_bytes,
        "steady_bytes_per_s": steady_bytes(st("sm.strace-w")),
        # From launch: the planned end is launch + duration.
        "end_error_ms": (start["clock"] + fin["t"] - (sm["launched"] + start["duration"])) * 1000,
    }
    if termdown:
        td = load(panes["td"][2])
        td_bytes, _ = strace_bytes_and_first_frame(st("td.strace-w"))
        out["termdown"] = {
            "cpu_s_per_min": td["cpu"] / 2,
            "wakeups_per_s": strace_waits(st("td.strace-c")) / 120,
            "first_frame_ms": first_frame([termdown, "-B", "120"]),
            "peak_rss_mib": td["maxrss_kib"] / 1024,
            "bytes": td_bytes,
            "steady_bytes_per_s": steady_bytes(st("td.strace-w")),
            "end_error_ms": (td["ended"] - (td["launched"] + 120)) * 1000,
        }
    return out


def list_cost(binary, runs=41):
    """Process time of `sevenmin list classic`, median of repeated runs."""
    times = []
    for _ in range(runs):
        before = os.times()
        subprocess.run([binary, "list", "classic"], stdout=subprocess.DEVNULL, check=True)
        after = os.times()
        times.append((after.children_user - before.children_user + after.children_system - before.children_system) * 1000)
    return statistics.median(times)


def main():
    quick = "--quick" in sys.argv
    cost_only = "--cost-only" in sys.argv
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "tmux.conf"), "w") as f:
        f.write("set -g default-terminal tmux-256color\nset -g status off\n")
    binary = build()
    print(f"binary: {binary}")

    # Timing, on an otherwise idle machine: both workouts at once (they sleep almost always).
    runs = {}
    if not cost_only:
        runs["3 rounds"] = run_workout(binary, "timing-3rounds", os.path.join(ROOT, "bench", "routines", "three-rounds.json"))
    if not quick and not cost_only:
        runs["classic"] = run_workout(binary, "timing-classic", "classic")
    for name, (pane, ev, cost) in runs.items():
        wait_for(finished(ev), 700)
        time.sleep(1.2)  # keys in the first second after the finish are not taken as dismissing it
        pane.keys("x")
    for pane, _, cost in runs.values():
        wait_for(lambda: os.path.exists(cost), 20)
        pane.close()
    if runs:
        print("\ntiming (|t - planned| at every segment start; cue hand-off to the device)")
        print(f"{'routine':<10} {'segments':>8} {'p50 ms':>8} {'max ms':>8} {'drift ms':>9} {'cues':>5} {'cue max ms':>11}")
    for name, (_, ev, _) in runs.items():
        t = timing(ev)
        print(f"{name:<10} {t['segments']:>8} {t['p50_ms']:>8.3f} {t['max_ms']:>8.3f} {t['drift_ms']:>9.3f} {t['cues']:>5} {t['cue_max_ms']:>11.3f}")
    for name, (_, ev, cost) in runs.items():
        wait_for(lambda: os.path.exists(cost), 20)
        with open(cost) as f:
            c = json.load(f)
        said = sum(1 for e in events(ev) if e["event"] == "say")
        print(f"{name}: {c['cpu']:.3f} CPU-s for the whole workout, with sound, voice ({said} phrases) and history")

    cost = cost_runs(binary)
    print("\ncost over a 2-minute workout (termdown: a 120 s countdown, same terminal size)")
    rows = [("CPU s per minute", "cpu_s_per_min", "{:.4f}"), ("wake-ups per s", "wakeups_per_s", "{:.2f}"),
            ("first frame ms", "first_frame_ms", "{:.1f}"), ("peak RSS MiB", "peak_rss_mib", "{:.1f}"),
            ("bytes to terminal", "bytes", "{:.0f}"), ("bytes per quiet second", "steady_bytes_per_s", "{:.0f}"),
            ("end-time error ms", "end_error_ms", "{:.1f}")]
    print(f"{'measure':<20} {'sevenmin':>10} {'termdown':>10} {'ratio':>8}")
    for label, key, fmt in rows:
        a = cost["sevenmin"][key]
        b = cost.get("termdown", {}).get(key, float("nan"))
        ratio = (b / a) if a else float("nan")
        print(f"{label:<20} {fmt.format(a):>10} {fmt.format(b):>10} {ratio:>7.1f}x")

    print(f"\nlist classic: {list_cost(binary):.1f} ms process time (median of 41 runs)")

    limits = plan_limits(binary)
    print(f"largest plan allowed ({limits['segments']} segments): first frame {limits['first_frame_ms']:.1f} ms, "
          f"peak RSS {limits['peak_rss_mib']:.1f} MiB")
    print(f"bytes per quiet second at 200x60: {quiet_bytes_at(binary, ('200', '60')):.0f}")


if __name__ == "__main__":
    main()
