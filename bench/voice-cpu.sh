#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# What the voice costs once its phrases are kept: the two-minute bench routine in plain mode, sound
# mixed and written through libao's wav driver, three times: voice on with nothing kept (its phrases
# rendered and kept), voice on again (every phrase read back from the cache), and no voice at all.
# Prints CPU seconds per minute of workout for each. Run from the repository root:
#   bench/voice-cpu.sh                 (builds the release binary; SEVENMIN_BINARY=path to use another)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(scripts/release-binary)
out=bench/results/voice-cpu
rm -rf "$out" && mkdir -p "$out"
export XDG_CACHE_HOME="$PWD/$out/cache" XDG_STATE_HOME="$PWD/$out/state"
routine=bench/routines/two-minutes.json
run() {  # name, then options for start
  local name=$1
  shift
  SEVENMIN_AUDIO_WAV="$out/$name.wav" python3 bench/measure.py "$out/$name.json" -- \
    "$bin" start --plain --no-history --language en "$routine" "$@" </dev/null >"$out/$name.txt"
}
run cold
# The cached run and the silent one do not share a cache entry, so they can run side by side.
run cached & run silent --no-voice & wait
python3 - "$out" "$bin" <<'PY'
import json, re, sys
out, binary = sys.argv[1], sys.argv[2]
# The plan's length, from plain mode's first line ("… — 2:05 in all"): 5 s to get ready, four
# exercises, three rests and the Side Plank's switch between its sides.
first = open(f"{out}/silent.txt", encoding="utf-8").readline()
m, s = re.search(r"(\d+):(\d\d) in all", first).groups()
minutes = (int(m) * 60 + int(s)) / 60
print(f"binary: {binary}; the plan: {m}:{s}")
for name, what in [("cold", "voice on, nothing kept"), ("cached", "voice on, phrases kept"), ("silent", "no voice")]:
    r = json.load(open(f"{out}/{name}.json"))
    print(f"{what:24} {r['cpu']:.3f} CPU-s, {r['cpu'] / minutes:.4f} CPU-s/min,",
          f"peak RSS {r['maxrss_kib'] / 1024:.1f} MiB")
PY
