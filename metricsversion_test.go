package sightline

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The newest date of docs/metrics.md's changelog is MetricsVersion: a
// definition changed without a new version (or the other way round) fails.
func TestMetricsVersionIsNewestChangelogDate(t *testing.T) {
	b, err := os.ReadFile("docs/metrics.md")
	if err != nil {
		t.Fatal(err)
	}
	_, log, ok := strings.Cut(string(b), "\n## Changelog\n")
	if !ok {
		t.Fatal(`docs/metrics.md has no "## Changelog" section`)
	}
	if i := strings.Index(log, "\n## "); i >= 0 {
		log = log[:i] // up to the next section
	}
	entry := regexp.MustCompile(`(?m)^- \*\*(\d{4}-\d{2}-\d{2})\*\*`)
	var newest time.Time
	n := 0
	for _, m := range entry.FindAllStringSubmatch(log, -1) {
		d, err := time.Parse(time.DateOnly, m[1])
		if err != nil {
			t.Fatalf("changelog date %q: %v", m[1], err)
		}
		if d.After(newest) {
			newest = d
		}
		n++
	}
	if n == 0 {
		t.Fatal("the changelog has no entry (- **YYYY-MM-DD** …)")
	}
	if got := newest.Format(time.DateOnly); got != MetricsVersion {
		t.Errorf("newest changelog entry is %s, MetricsVersion is %s: change both together", got, MetricsVersion)
	}
	if _, err := time.Parse(time.DateOnly, MetricsVersion); err != nil {
		t.Errorf("MetricsVersion %q is not a date", MetricsVersion)
	}
}
