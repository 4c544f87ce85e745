#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Times `stats` on a generated history of 10,000 sessions (about 110,000 completed work
# segments): loading from SQLite, computing, and rendering text and JSON, in a release build.
# Run from the repository root: bench/history.sh [--sessions N] [--runs N]
set -euo pipefail
swift build -c release --product sevenmin-history-bench >/dev/null
"$(swift build -c release --show-bin-path)/sevenmin-history-bench" time "$@"
