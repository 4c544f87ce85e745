#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Times `history --limit 20` on 1,000 workouts with a heart rate a second, recorded on three machines (this
# one's history and copy, and two others' copies in history.d, a file a month): wall time and peak RSS, the
# best of five, then `history` whole for comparison.
# Run from the repository root: bench/history-limit.sh [--sessions N] [--configuration debug|release]
set -euo pipefail
sessions=1000 configuration=release
while [[ $# -gt 0 ]]; do
    case "$1" in
        --sessions) sessions="$2"; shift 2 ;;
        --configuration) configuration="$2"; shift 2 ;;
        *) echo "usage: bench/history-limit.sh [--sessions N] [--configuration debug|release]" >&2; exit 64 ;;
    esac
done
swift build -c "$configuration" --product sevenmin-history-bench >/dev/null
swift build -c "$configuration" --product sevenmin >/dev/null
bin="$(swift build -c "$configuration" --show-bin-path)"
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT
"$bin/sevenmin-history-bench" machines --state "$state" --sessions "$sessions" --machines 3
files="$(find "$state/sevenmin/history.d" -name '*.sqlite3' | wc -l)"
echo "history.d: $files files, $(du -sh "$state/sevenmin/history.d" | cut -f1)"
for command in "history --limit 20" "history"; do
    for _ in 1 2 3 4 5; do
        # shellcheck disable=SC2086
        XDG_STATE_HOME="$state" /usr/bin/time -f "%e %M" "$bin/sevenmin" $command 2>&1 >/dev/null | tail -1
    done | sort -n | head -1 | awk -v c="$command" '{ printf "sevenmin %s: %s s, %d MiB peak RSS\n", c, $1, $2 / 1024 }'
done
