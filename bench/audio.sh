#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The audio figures in BENCHMARKS.md: cue levels, speech rendering time per phrase, and the
# time to export a whole workout's track as WAV, FLAC and OGG. Run from the repository root:
#   bench/audio.sh [routine.json]      (default: Workouts/classic.json)
# Builds a release binary first; the exported files stay in bench/results/audio/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/results/audio
mkdir -p "$out"
swift build -c release --product sevenmin-audio-bench >/dev/null
bin=$(swift build -c release --show-bin-path)/sevenmin-audio-bench
"$bin" "${1:-Workouts/classic.json}" "$out"
