#!/usr/bin/env bash
# Runs every fuzz target for a short, fixed number of executions each
# (what scripts/test.sh does), or for a while each when given a duration:
#   scripts/fuzz.sh          # a fixed count per target, a few seconds
#   scripts/fuzz.sh 10m      # ten minutes per target, e.g. overnight
# An input that fails is written by Go under the package's
# testdata/fuzz/FuzzName/; commit it with the fix, so that `go test` runs
# it from then on (README, Run the tests).
#
# Why counts by default: with a duration, Go 1.26's fuzz coordinator can
# report "context deadline exceeded" as a failure when the deadline fires
# while a worker is busy (go.dev/issue/75804, fixed in Go 1.27). A count
# has no deadline. For a duration run, that report alone, without a
# failing input written, is not a finding and is said as such.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=${1:-}
# package, target, executions for the default run (each about 2-4 s on a
# 2-core machine: the HTTP targets run a whole request per execution).
targets=(
  "./internal/analyze FuzzNormalizeURL 20000"
  "./internal/analyze FuzzFindMentions 5000"
  "./internal/httpapi FuzzParams 10000"
  "./internal/httpapi FuzzBodies 100"
  "./internal/httpapi FuzzIngestRecord 400"
  "./internal/httpapi FuzzWindows 300"
)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "${targets[@]}"; do
  set -- $t
  fuzztime=${budget:-$3x}
  echo "fuzz $2 ($1) for $fuzztime"
  if go test "$1" -run '^$' -fuzz "^$2\$" -fuzztime "$fuzztime" 2>&1 | tee "$log"; then
    continue
  fi
  if [ -n "$budget" ] && grep -q 'context deadline exceeded' "$log" &&
    ! grep -q -e 'Failing input written' -e '^panic:' -e '_test.go:[0-9]*:' "$log"; then
    echo "fuzz $2: stopped by Go's -fuzztime deadline race (go.dev/issue/75804), no failing input: not a finding"
    continue
  fi
  exit 1
done
