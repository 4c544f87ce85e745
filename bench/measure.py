#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs a command as a child and records, on exit, what it cost.

Usage: measure.py OUT.json -- COMMAND [ARGS...]

Writes launch and exit times on CLOCK_MONOTONIC and the child's rusage
(user and system CPU seconds, peak RSS) to OUT.json. It runs inside a tmux
pane, so the command gets the terminal as it would from a shell.
"""
import json
import os
import sys
import time

out, command = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
launched = time.clock_gettime(time.CLOCK_MONOTONIC)
pid = os.fork()
if pid == 0:
    os.execvp(command[0], command)
_, status, usage = os.wait4(pid, 0)
ended = time.clock_gettime(time.CLOCK_MONOTONIC)
with open(out, "w") as f:
    json.dump({
        "launched": launched,
        "ended": ended,
        "status": os.waitstatus_to_exitcode(status),
        "cpu": usage.ru_utime + usage.ru_stime,
        "maxrss_kib": usage.ru_maxrss,
    }, f)
