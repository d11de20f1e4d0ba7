#!/usr/bin/env bash
# The test command of Sightline (README "Run the tests"; .ci/run calls it).
# Static checks, then the whole suite with -race on SQLite, and the
# packages that open a database again on PostgreSQL. PostgreSQL comes from SIGHTLINE_TEST_PG, else the local server
# on 127.0.0.1:5432 (database "test"), started here if installed but down.
# The dashboard's browser tests drive Chromium (Debian's chromium package),
# installed here with apt when it is missing and the script runs as root.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

# Each pass runs `go test -json -cover` through scripts/testsummary, which
# prints the packages' result lines, every failing test's output, and a
# summary: each package's time and coverage, and the slowest tests. The
# raw -json log of each pass is kept in $SIGHTLINE_TEST_LOGS (default: a
# temporary directory, named at the end) for a closer look.
logs=${SIGHTLINE_TEST_LOGS:-$(mktemp -d)}
mkdir -p "$logs"
summary="$logs/testsummary"
go build -o "$summary" ./scripts/testsummary
# -race builds with checkptr, which checks every unsafe.Pointer conversion
# at run time. SQLite is modernc.org/sqlite, C translated to Go that
# converts pointers on every step: checking them inside it doubled the CPU
# of the database-bound tests. Sightline's own code keeps checkptr, and the
# race detector stays on everywhere, SQLite included
# (docs/testing.md#the-race-detector-and-checkptr).
race=(-race "-gcflags=modernc.org/...=-d=checkptr=0")
# pass NAME PACKAGES [go test flags]: one pass over PACKAGES, timed.
pass() {
  local name=$1 pkgs=$2 start=$SECONDS
  shift 2
  go test -json -cover "${race[@]}" "$@" $pkgs | "$summary" -pass "$name" -json "$logs/$name.json"
  echo "the $name pass took $((SECONDS - start)) s (wall clock)"
}
# The packages whose tests open a database (their test binary links
# internal/sqlstore): only they depend on the engine, so only they run
# again in the PostgreSQL pass; the others ran in the SQLite pass.
db_packages() {
  go list -test -f '{{.ImportPath}} {{join .Deps " "}}' ./... | awk '
    $1 ~ /\.test$/ { for (i = 2; i <= NF; i++) if ($i == "github.com/sightline/sightline/internal/sqlstore") { sub(/\.test$/, "", $1); print $1; break } }'
}

step "go vet"
go vet ./...

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

step "go mod tidy"
if ! go mod tidy -diff; then
  echo "go.mod or go.sum is not tidy: run go mod tidy"; exit 1
fi

step "static build (CGO_ENABLED=0)"
CGO_ENABLED=0 go build -o /dev/null ./cmd/sightline

step "fuzzing, a few seconds per target (scripts/fuzz.sh)"
scripts/fuzz.sh

step "browser for the dashboard tests"
if [ -n "${SIGHTLINE_CHROMIUM:-}" ] || command -v chromium >/dev/null 2>&1; then
  echo "using $(command -v "${SIGHTLINE_CHROMIUM:-chromium}")"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "##############################################################"
  echo "# Chromium is missing: installing Debian's chromium package  #"
  echo "# with apt-get (the dashboard's browser tests need it).      #"
  echo "##############################################################"
  if ! { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; }; then
    echo "WARNING: installing chromium failed; the browser tests will SKIP."
  fi
else
  echo "##############################################################"
  echo "# WARNING: no Chromium, and it cannot be installed here (not  #"
  echo "# root, or no apt-get). The dashboard's browser tests SKIP.   #"
  echo "# Install the chromium package or set SIGHTLINE_CHROMIUM.     #"
  echo "##############################################################"
fi

step "tests on SQLite"
pass sqlite ./... -count=1 -timeout 30m

step "tests on PostgreSQL"
pg_required=0
if [ -z "${SIGHTLINE_TEST_PG:-}" ]; then
  export SIGHTLINE_TEST_PG="postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
  if [ -d /etc/postgresql ]; then
    # PostgreSQL is installed on this machine: the PostgreSQL pass must run.
    pg_required=1
    if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
      echo "PostgreSQL is installed but not answering; starting it"
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
      for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
    fi
  fi
else
  pg_required=1
fi
if [ "$pg_required" = 1 ]; then
  pkgs=$(db_packages)
  echo "the packages that open a database: $(echo $pkgs | wc -w)"
  SIGHTLINE_TEST_DB=postgres SIGHTLINE_TEST_REQUIRE_PG=1 pass postgres "$pkgs" -count=1 -timeout 30m
else
  echo "##############################################################"
  echo "# WARNING: no PostgreSQL found (set SIGHTLINE_TEST_PG).       #"
  echo "# The PostgreSQL pass is SKIPPED; only SQLite was tested.     #"
  echo "##############################################################"
  SIGHTLINE_TEST_DB=postgres go test -count=1 $(db_packages)
fi
step "all tests passed (go test -json logs: $logs)"
