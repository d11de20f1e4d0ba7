# Sightline developer targets. `make test` is the test command (README, .ci/run).
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT  ?= $(shell git rev-parse --short HEAD 2>/dev/null)
LDFLAGS := -X github.com/sightline/sightline.Version=$(VERSION) -X github.com/sightline/sightline.Commit=$(COMMIT)

.PHONY: build run test test-sqlite test-pg lint vuln bench check

build:
	CGO_ENABLED=0 go build -ldflags "$(LDFLAGS)" -o bin/sightline ./cmd/sightline

run:
	go run ./cmd/sightline serve --demo

# vet, gofmt, static build, the suite with -race on SQLite and on PostgreSQL.
test:
	./scripts/test.sh

test-sqlite:
	go test -race -gcflags=modernc.org/...=-d=checkptr=0 -count=1 ./...

test-pg:
	SIGHTLINE_TEST_DB=postgres go test -race -gcflags=modernc.org/...=-d=checkptr=0 -count=1 ./...

lint:
	go vet ./...
	test -z "$$(gofmt -l .)"
	go run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.6.2 run

vuln:
	go run golang.org/x/vuln/cmd/govulncheck@latest ./...

bench:
	go test -run '^$$' -bench . -benchmem ./...

check: lint test
