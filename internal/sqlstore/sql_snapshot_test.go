package sqlstore_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
)

var updateSQL = flag.Bool("update-sql", false, "rewrite the SQL snapshots under testdata/sql and the SQLite plans under testdata/plans")

// TestSQLSnapshots keeps the statements every analytics read sends to the
// engine (as written for it, placeholders still ?; the hook of the
// profile, debugSQL), per endpoint, scope and engine, under
// testdata/sql/ENGINE/, and on SQLite their plans under
// testdata/plans/sqlite/: a change to the generated SQL or to how SQLite
// reads it shows in review as a diff of those files (docs/performance.md#one-statement-at-a-time). The
// scopes are the golden data set's: the whole-day window W, W with a topic
// and a provider, and the window M whose edges cut days. After an intended
// change:
//
//	go test ./internal/sqlstore/ -run TestSQLSnapshots -update-sql
//	SIGHTLINE_TEST_DB=postgres go test ./internal/sqlstore/ -run TestSQLSnapshots -update-sql
func TestSQLSnapshots(t *testing.T) {
	g := seedGolden(t)
	ctx := context.Background()
	scopes := []struct {
		name  string
		scope sightline.Scope
	}{
		{"default", g.scope()},
		{"topic+provider", g.scope(func(s *sightline.Scope) { s.TopicIDs, s.ProviderIDs = []string{gT1}, []string{g.chatgpt} })},
		{"cut", g.scope(func(s *sightline.Scope) { s.Window = gCutM })},
	}
	endpoints := []struct {
		name string
		read func(s sightline.Scope) error
	}{
		{"topics", func(s sightline.Scope) error {
			_, _, err := g.db.FindTopics(ctx, gOrgA, gBrandA, sightline.TopicFilter{Scope: s, PageRequest: gPage1})
			return err
		}},
		{"topic", func(s sightline.Scope) error { _, err := g.db.FindTopicByID(ctx, gOrgA, gBrandA, gT1, s); return err }},
		{"competitors", func(s sightline.Scope) error {
			_, _, err := g.db.FindCompetitors(ctx, gOrgA, sightline.CompetitorFilter{Scope: s, PageRequest: gPage1})
			return err
		}},
		{"share_of_voice", func(s sightline.Scope) error {
			_, _, err := g.db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: s, Granularity: "day", PageRequest: gPage1})
			return err
		}},
		{"answer_rate", func(s sightline.Scope) error { _, err := g.db.FindAnswerRates(ctx, gOrgA, s); return err }},
		{"mention_share", func(s sightline.Scope) error { _, err := g.db.MentionShare(ctx, gOrgA, s, "day"); return err }},
		{"citations_overview", func(s sightline.Scope) error { _, err := g.db.CitationsOverview(ctx, gOrgA, s); return err }},
		{"citation_pages", func(s sightline.Scope) error {
			_, _, err := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1, Sort: sightline.DefaultPageSort})
			return err
		}},
		{"citation_domains", func(s sightline.Scope) error {
			_, _, err := g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1, Sort: sightline.DefaultDomainSort})
			return err
		}},
		{"citation_pages_retrieved_only", func(s sightline.Scope) error {
			_, _, err := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1, RetrievedOnly: true})
			return err
		}},
		{"citation_domains_retrieved_only", func(s sightline.Scope) error {
			_, _, err := g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1, RetrievedOnly: true})
			return err
		}},
		{"search_queries", func(s sightline.Scope) error {
			_, _, err := g.db.FindSearchQueries(ctx, gOrgA, sightline.SearchQueryFilter{Scope: s, PageRequest: gPage1})
			return err
		}},
		{"search_queries_region", func(s sightline.Scope) error { // the rollups per region
			s.RegionIDs = []string{g.gb}
			_, _, err := g.db.FindSearchQueries(ctx, gOrgA, sightline.SearchQueryFilter{Scope: s, PageRequest: gPage1})
			return err
		}},
		{"domains_overview", func(s sightline.Scope) error { _, err := g.db.DomainsOverview(ctx, gOrgA, s, "day"); return err }},
		{"citation_summary", func(s sightline.Scope) error { _, err := g.db.CitationSummary(ctx, gOrgA, s); return err }},
		{"ads", func(s sightline.Scope) error {
			_, _, err := g.db.FindAds(ctx, gOrgA, sightline.AdFilter{Scope: s, PageRequest: gPage1})
			return err
		}},
		{"advertisers", func(s sightline.Scope) error {
			_, _, err := g.db.FindAdvertisers(ctx, gOrgA, sightline.AdFilter{Scope: s, PageRequest: gPage1})
			return err
		}},
		{"prompt_matrix", func(s sightline.Scope) error {
			_, _, err := g.db.FindPromptMatrix(ctx, gOrgA, sightline.PromptMatrixFilter{Scope: s, PageRequest: gPage1})
			return err
		}},
		{"runs", func(s sightline.Scope) error {
			_, _, err := g.db.FindRuns(ctx, gOrgA, sightline.RunFilter{Scope: s, PageRequest: gPage1})
			return err
		}},
		// the agents reads take the window only; an operator filter
		// reads other rollups (docs/metrics.md#agents)
		{"agents_overview", func(s sightline.Scope) error {
			_, err := g.db.AgentOverview(ctx, gOrgA, sightline.AgentFilter{BrandID: s.BrandID, Window: s.Window}, "day")
			return err
		}},
		{"agents_overview_operator", func(s sightline.Scope) error {
			_, err := g.db.AgentOverview(ctx, gOrgA, sightline.AgentFilter{BrandID: s.BrandID, Window: s.Window, Operators: []string{"OpenAI"}}, "day")
			return err
		}},
		{"agents_pages", func(s sightline.Scope) error {
			_, _, err := g.db.FindAgentPages(ctx, gOrgA, sightline.AgentPageFilter{AgentFilter: sightline.AgentFilter{BrandID: s.BrandID, Window: s.Window}, PageRequest: gPage1})
			return err
		}},
		{"agents_pages_operator", func(s sightline.Scope) error {
			_, _, err := g.db.FindAgentPages(ctx, gOrgA, sightline.AgentPageFilter{
				AgentFilter: sightline.AgentFilter{BrandID: s.BrandID, Window: s.Window, Operators: []string{"OpenAI"}}, PageRequest: gPage1})
			return err
		}},
		{"agents_referrals", func(s sightline.Scope) error {
			_, _, _, err := g.db.FindAIReferrals(ctx, gOrgA, sightline.AIReferralFilter{BrandID: s.BrandID, Window: s.Window, Granularity: "day", PageRequest: gPage1})
			return err
		}},
	}
	dir := filepath.Join("testdata", "sql", g.db.Engine())
	// SQLite's plans too: without statistics (it keeps none here) they
	// follow from the schema and the statement alone, so a new index or a
	// rewritten statement that changes how a table is read shows as well.
	// PostgreSQL plans by the data's statistics, which the golden set does
	// not share with a real one.
	plans := filepath.Join("testdata", "plans", g.db.Engine())
	withPlans := g.db.Engine() == "sqlite"
	type traced struct {
		q    string
		args []any
	}
	var stmts []traced
	sqlstore.SetDebugSQL(func(_ time.Time, q string, args []any) { stmts = append(stmts, traced{q, args}) })
	defer sqlstore.SetDebugSQL(nil)
	for _, ep := range endpoints {
		for _, sc := range scopes {
			// the agents reads take the window only: the topic and
			// provider filter writes the default statements again
			if strings.HasPrefix(ep.name, "agents_") && sc.name == "topic+provider" {
				continue
			}
			t.Run(ep.name+"/"+sc.name, func(t *testing.T) {
				stmts = nil
				if err := ep.read(sc.scope); err != nil {
					t.Fatal(err)
				}
				if len(stmts) == 0 {
					t.Fatal("no statement traced")
				}
				texts := make([]string, len(stmts))
				for i, st := range stmts {
					texts[i] = st.q
				}
				name := ep.name + "." + strings.ReplaceAll(sc.name, "+", "_")
				compareSnapshot(t, filepath.Join(dir, name+".sql"), snapshotText(texts))
				if !withPlans {
					return
				}
				var b strings.Builder
				for i, st := range stmts {
					plan, err := g.db.QueryPlan(st.q, st.args)
					if err != nil {
						t.Fatalf("plan of statement %d: %v", i+1, err)
					}
					fmt.Fprintf(&b, "-- statement %d\n%s", i+1, plan)
				}
				compareSnapshot(t, filepath.Join(plans, name+".txt"), b.String())
			})
		}
	}
}

// compareSnapshot compares got with the snapshot in file, or writes it
// there (and its directory) with -update-sql.
func compareSnapshot(t *testing.T, file, got string) {
	t.Helper()
	if *updateSQL {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (write the snapshots with -update-sql)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs from the snapshot (-snapshot +now); if intended, run with -update-sql and review the diff:\n%s", file, diff)
	}
}

// snapshotText writes statements one after the other, each line without its
// Go indentation and blank lines dropped, ended by ";".
func snapshotText(stmts []string) string {
	var b strings.Builder
	for i, q := range stmts {
		if i > 0 {
			b.WriteString("\n")
		}
		for line := range strings.Lines(q) {
			if line = strings.TrimSpace(line); line != "" {
				b.WriteString(line + "\n")
			}
		}
		b.WriteString(";\n")
	}
	return b.String()
}

// Limits of a statement a person can read in review: lines, characters,
// and characters per line (docs/performance.md#one-statement-at-a-time).
const (
	maxStatementLines = 200
	maxStatementChars = 8000
	maxLineChars      = 120
)

// TestSQLSnapshotLimits keeps every snapshot statement within the limits
// of a statement a person reads: a new statement, or a longer expression,
// that breaks one fails here rather than in review.
func TestSQLSnapshotLimits(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "sql", "*", "*.sql"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no snapshot under testdata/sql")
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, st := range strings.Split(string(b), "\n;\n") {
			if st = strings.TrimSpace(st); st == "" {
				continue
			}
			lines := strings.Split(st, "\n")
			if len(lines) > maxStatementLines || len(st) > maxStatementChars {
				t.Errorf("%s: statement %d has %d lines and %d characters (at most %d and %d)",
					file, i+1, len(lines), len(st), maxStatementLines, maxStatementChars)
			}
			for j, l := range lines {
				if len(l) > maxLineChars {
					t.Errorf("%s: statement %d, line %d has %d characters (at most %d): %.60s…",
						file, i+1, j+1, len(l), maxLineChars, l)
				}
			}
		}
	}
}
