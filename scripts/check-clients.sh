#!/usr/bin/env bash
# Generates clients from the OpenAPI document with the two generators
# most clients use, and checks that an error answer keeps every field
# (code, message, details) in the generated types (docs/api.md, Errors):
#   - oapi-codegen (Go), run with `go run`, then a Go test that decodes a
#     404 through the generated client's typed response;
#   - openapi-typescript (npm, via npx), then the generated types are read.
# Needs the Go module proxy and the npm registry. Run it after changing the
# document: scripts/check-clients.sh
set -euo pipefail
cd "$(dirname "$0")/.."
doc="$PWD/internal/openapi/openapi.json"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

OAPI_CODEGEN=github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2
OPENAPI_TYPESCRIPT=openapi-typescript@7.13.0

echo "==> oapi-codegen (Go)"
mkdir -p "$work/gen"
go run "$OAPI_CODEGEN" -generate types,client -package gen "$doc" > "$work/gen/gen.go"
cp scripts/clientcheck/gen_test.go.txt "$work/gen/gen_test.go"
(
  cd "$work/gen"
  go mod init clientcheck >/dev/null 2>&1
  go mod tidy >/dev/null 2>&1
  go test -count=1 ./...
)

echo "==> openapi-typescript (TypeScript)"
(cd "$work" && npx --yes "$OPENAPI_TYPESCRIPT" "$doc" -o "$work/api.d.ts" >/dev/null 2>&1)
node scripts/clientcheck/check-ts.mjs "$work/api.d.ts"
echo "==> generated clients keep every error field"
