# SPDX-License-Identifier: GPL-3.0-or-later
"""What bench/import-fuzz.py and bench/plan-fuzz.py share: their options, a fresh HOME, and one run
of the binary with a time limit and a cap on its address space."""
import argparse
import os
import resource
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
XDG = {"XDG_CONFIG_HOME": ".config", "XDG_DATA_HOME": ".local/share", "XDG_STATE_HOME": ".local/state",
       "XDG_CACHE_HOME": ".cache", "XDG_RUNTIME_DIR": "run"}


def options(doc, count, show, start=False):
    """The options both fuzzers take, parsed, with the binary made absolute and checked; with
    `start`, --start N: make the cases before N but run only from N on (to finish a round)."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=count)
    if start:
        parser.add_argument("--start", type=int, default=0, help="run only the cases from this one on")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds one run may take")
    parser.add_argument("--memory", type=int, default=1024, help="MiB of address space one run may use")
    parser.add_argument("--max-seconds", type=float, default=3600.0, help="stop making files after this long")
    parser.add_argument("--binary", default=os.environ.get("SEVENMIN_BINARY",
                                                           os.path.join(ROOT, ".build", "debug", "sevenmin")))
    parser.add_argument("--show", type=int, default=show, help="failures to print")
    args = parser.parse_args()
    args.binary = os.path.abspath(args.binary)
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"no sevenmin binary at {args.binary}: build it, or give --binary or SEVENMIN_BINARY")
    return args


def fresh_env(home, made=("XDG_RUNTIME_DIR",)):
    """An environment of its own under `home`; the XDG folders in `made` are made."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8", "TERM": "dumb"}
    env.update((key, os.path.join(home, folder)) for key, folder in XDG.items())
    for key in made:
        os.makedirs(env[key], mode=0o700, exist_ok=True)
    return env


def run(argv, env, cwd, timeout, memory):
    """Runs argv with no input, at most `timeout` seconds and `memory` bytes of address space.
    Returns (status, or None when it was killed at the time limit; stdout; stderr; seconds)."""
    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    started = time.monotonic()
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, cwd=cwd, preexec_fn=limits, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        status = None
    return status, out, err, time.monotonic() - started


def is_signal(status):
    """Whether a run ended by a signal: a negative status, or 128 and over as a shell gives it."""
    return status is not None and (status < 0 or status >= 128)
