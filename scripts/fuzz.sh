#!/usr/bin/env bash
# Runs every fuzz target for a while each (default 3s; scripts/test.sh
# uses the default). Longer, e.g. overnight:
#   scripts/fuzz.sh 10m
# An input that fails is written by Go under the package's
# testdata/fuzz/FuzzName/; commit it with the fix, so that `go test` runs
# it from then on (docs/api.md, Fuzzing).
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${1:-3s}
targets=(
  "./internal/analyze FuzzNormalizeURL"
  "./internal/analyze FuzzFindMentions"
  "./internal/httpapi FuzzParams"
  "./internal/httpapi FuzzBodies"
  "./internal/httpapi FuzzIngestRecord"
)
for t in "${targets[@]}"; do
  set -- $t
  echo "fuzz $2 ($1) for $fuzztime"
  go test "$1" -run '^$' -fuzz "^$2\$" -fuzztime "$fuzztime"
done
