package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// sightline reanalyze on the demo (on the pass's engine), which ingest analyzed with today's
// rules: every run is analyzed again and none changes; bad flags and an
// unknown brand are refused with a message naming them.
func TestCLI_Reanalyze(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	dsn := sqlstoretest.NewDSN(t)
	fixture := filepath.Join(dir, "fixture.json")
	if out, code := runBin(t, dir, nil, "demo", "--db", dsn, "--days", "2", "--fixture", fixture); code != 0 {
		t.Fatalf("demo exited %d:\n%s", code, out)
	}
	var fx struct {
		BrandID string `json:"brand_id"`
	}
	b, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &fx); err != nil {
		t.Fatal(err)
	}
	out, code := runBin(t, dir, nil, "reanalyze", "--db", dsn, "--brand", fx.BrandID)
	re := regexp.MustCompile(`brand ` + fx.BrandID + `: (\d+) runs analyzed again in [0-9.]+s; 0 changed \(0 mentions before, 0 after\)\n`)
	m := re.FindStringSubmatch(out)
	if code != 0 || m == nil || m[1] == "0" {
		t.Fatalf("reanalyze exited %d, want a summary of many runs, none changed:\n%s", code, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"reanalyze", "--db", dsn}, "--brand must be a brand id"},
		{[]string{"reanalyze", "--db", dsn, "--brand", fx.BrandID, "--since", "yesterday"}, `--since "yesterday": use YYYY-MM-DD or an RFC 3339 time`},
		{[]string{"reanalyze", "--db", dsn, "--brand", "00000000-0000-4000-8000-00000000dead"}, "not found"},
		{[]string{"reanalyze", "--db", dsn, "--brand", fx.BrandID, "extra"}, `unexpected argument "extra"`},
	} {
		if out, code := runBin(t, dir, nil, tc.args...); code != 1 || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, want 1 and %q:\n%s", tc.args, code, tc.want, out)
		}
	}
}
