#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs a command as a child and records, on exit, what it cost.

Usage: measure.py [--processes] OUT.json -- COMMAND [ARGS...]

Writes launch and exit times on CLOCK_MONOTONIC and the child's rusage
(user and system CPU seconds, peak RSS) to OUT.json. It runs inside a tmux
pane, so the command gets the terminal as it would from a shell.

The rusage's ru_maxrss is the largest of the child and every descendant it
reaped (a speech process, say), so it does not tell them apart. So, with
--processes, the child's process tree is also sampled from /proc every 20 ms
(not under strace -f, whose wake-up counts would include the sampling thread's): each process's peak
resident memory (VmHWM, a high-water mark, so a sample misses at most the last
20 ms of its life), under "processes", and the largest sum of their resident
memory at one moment, under "tree_peak_kib".
"""
import json
import os
import sys
import threading
import time


def status(pid):
    """VmHWM and VmRSS of `pid`, in KiB, or None once it has gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            fields = dict(line.split(":", 1) for line in f if line.startswith(("VmHWM", "VmRSS")))
        return {k: int(v.split()[0]) for k, v in fields.items()} or None
    except (OSError, ValueError):
        return None


def descendants(pid):
    """`pid` and every process under it, by /proc's children lists."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return found


def command_name(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            words = f.read().split(b"\0")
        return " ".join(w.decode(errors="replace") for w in words[1:3] if w)
    except OSError:
        return ""


def sample(root, processes, tree, done):
    while not done.is_set():
        total = 0
        for pid in descendants(root):
            s = status(pid)
            if not s:
                continue
            entry = processes.setdefault(pid, {"pid": pid, "command": "", "hwm_kib": 0})
            # Named at every sample: a child is its parent's copy until it executes its own program.
            entry["command"] = command_name(pid) or entry["command"]
            entry["hwm_kib"] = max(entry["hwm_kib"], s.get("VmHWM", 0))
            total += s.get("VmRSS", 0)
        tree[0] = max(tree[0], total)
        done.wait(0.02)


options = sys.argv[1:sys.argv.index("--")]
out, command = [o for o in options if o != "--processes"][0], sys.argv[sys.argv.index("--") + 1:]
launched = time.clock_gettime(time.CLOCK_MONOTONIC)
pid = os.fork()
if pid == 0:
    os.execvp(command[0], command)
processes, tree, done = {}, [0], threading.Event()
sampler = threading.Thread(target=sample, args=(pid, processes, tree, done), daemon=True)
if "--processes" in options:
    sampler.start()
_, status_code, usage = os.wait4(pid, 0)
ended = time.clock_gettime(time.CLOCK_MONOTONIC)
done.set()
if sampler.is_alive():
    sampler.join()
with open(out, "w") as f:
    json.dump({
        "launched": launched,
        "ended": ended,
        "status": os.waitstatus_to_exitcode(status_code),
        "cpu": usage.ru_utime + usage.ru_stime,
        "user": usage.ru_utime,
        "system": usage.ru_stime,
        "maxrss_kib": usage.ru_maxrss,
        "processes": sorted(processes.values(), key=lambda p: p["pid"]),
        "tree_peak_kib": tree[0],
    }, f)
