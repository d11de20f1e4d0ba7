package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sightline prune on the demo with 92 days of history (today and the 91
// before) deletes the first day, the one beyond 90, and says how much;
// afterwards a whole-day window over it still answers with the same
// numbers, and one cut inside it gets 400 INVALID_PARAMETER naming
// filter[ran_at_start].
func TestCLI_Prune(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin, err := buildOnce()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	dir := t.TempDir()
	dsn := "sqlite:" + filepath.Join(dir, "prune.db")
	fixture := filepath.Join(dir, "fixture.json")
	if out, code := runBin(t, dir, nil, "demo", "--db", dsn, "--days", "92", "--fixture", fixture); code != 0 {
		t.Fatalf("demo exited %d:\n%s", code, out)
	}
	var fx struct {
		APIKey  string `json:"api_key"`
		BrandID string `json:"brand_id"`
	}
	b, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &fx); err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC().Truncate(24 * time.Hour)
	first, keep := today.AddDate(0, 0, -91), today.AddDate(0, 0, -90)
	day := func(t time.Time) string { return t.Format(time.DateOnly) }

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"prune", "--db", dsn}, "--before is required"},
		{[]string{"prune", "--db", dsn, "--before", "2026-13-01"}, `--before "2026-13-01": use a day, YYYY-MM-DD`},
		{[]string{"prune", "--db", dsn, "--before", day(keep.AddDate(0, 0, 1))}, "keeps less than 90 days"},
	} {
		if out, code := runBin(t, dir, nil, tc.args...); code != 1 || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, want 1 and %q:\n%s", tc.args, code, tc.want, out)
		}
	}

	p := startServe(t, bin, dsn)
	summary := func(start, end string) (int, string) {
		t.Helper()
		q := url.Values{"filter[ran_at_start]": {start}, "filter[ran_at_end]": {end}}
		req, _ := http.NewRequest("GET", "http://"+p.addr+"/api/v2/brands/"+fx.BrandID+"/citations/summary?"+q.Encode(), nil)
		req.Header.Set("X-API-KEY", fx.APIKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	// the first day alone, then from its noon
	wholeDays := []string{day(first), day(keep)}
	cut := []string{first.Add(12 * time.Hour).Format(time.RFC3339), day(keep)}
	code, before := summary(wholeDays[0], wholeDays[1])
	if code != 200 || !strings.Contains(before, `"count":`) {
		t.Fatalf("summary of the first days: %d %s", code, before)
	}
	if code, body := summary(cut[0], cut[1]); code != 200 {
		t.Fatalf("summary from noon of the first day: %d %s", code, body)
	}

	out, code := runBin(t, dir, nil, "prune", "--db", dsn, "--before", day(keep))
	if code != 0 || !strings.Contains(out, "pruned before "+day(keep)+": ") || !strings.Contains(out, "runs, ads and rollups kept") ||
		!strings.Contains(out, day(first)+" pruned (") {
		t.Fatalf("prune exited %d:\n%s", code, out)
	}
	if strings.Contains(out, " 0 answers, 0 mentions, 0 citations of") {
		t.Errorf("prune deleted nothing:\n%s", out)
	}
	if code, after := summary(wholeDays[0], wholeDays[1]); code != 200 || after != before {
		t.Errorf("whole days after pruning: %d\n%s\nbefore:\n%s", code, after, before)
	}
	code, body := summary(cut[0], cut[1])
	if code != 400 || !strings.Contains(body, `"INVALID_PARAMETER"`) || !strings.Contains(body, `"field":"filter[ran_at_start]"`) ||
		!strings.Contains(body, "were pruned") {
		t.Errorf("cut window after pruning: %d %s", code, body)
	}
}
