#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Prints the size of the release binary as built and as shipped (stripped, by scripts/install and
# scripts/package), with the parts that weigh most: Foundation's ICU data and the built-in files.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(scripts/release-binary)
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
strip -o "$stripped" "$binary"
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB (%d bytes)\n", b / 1048576, b }'; }
echo "unstripped:                 $(mib "$(stat -c %s "$binary")")"
echo "stripped:                   $(mib "$(stat -c %s "$stripped")")"
icu=$(nm -S "$binary" | awk '$4 ~ /^icudt[0-9]+_dat$/ { print $2 }')
echo "of which ICU data:          $(mib $((16#${icu:-0})))"
shipped=$(ls Workouts/*.json Sounds/*.wav | grep -v schema.json | xargs cat | wc -c)
echo "built-in routines, sounds:  $(mib "$shipped"), held as base64: $(mib $(( (shipped + 2) / 3 * 4 )))"
