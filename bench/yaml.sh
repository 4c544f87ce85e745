#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Times `sevenmin import` of a YAML file holding one flow list of 128, 256 and 512 KB (a Sweat file
# with a huge `groups`, refused once read): reading it is linear, so each size takes about twice the one
# before. Release binary, process start included, median of 3 runs.
# Run from the repository root: bench/yaml.sh (SEVENMIN_BIN=path times that binary instead)
set -euo pipefail
bin=${SEVENMIN_BIN:-}
if [ -z "$bin" ]; then
    swift build -c release --product sevenmin >/dev/null
    bin="$(swift build -c release --show-bin-path)/sevenmin"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for kb in 128 256 512; do
    python3 - "$work/list.yaml" "$kb" <<'PY'
import sys
items, size = [], 0
while size < int(sys.argv[2]) * 1024:
    items.append(str(len(items)))
    size += len(items[-1]) + 2
open(sys.argv[1], "w").write("drill_length: 40\ngroups: [" + ", ".join(items) + "]\n")
PY
    times=()
    for _ in 1 2 3; do
        start=$(date +%s.%N)
        HOME="$work" XDG_CONFIG_HOME="$work/config" "$bin" import "$work/list.yaml" >/dev/null 2>&1 || true
        times+=("$(echo "$(date +%s.%N) - $start" | bc)")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
    printf '%4d KB list: %.2f s\n' "$kb" "$median"
done
