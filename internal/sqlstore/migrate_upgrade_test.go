package sqlstore_test

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// A database made by the oldest schema the project supports, the first
// migration set (0001), with data written in that schema's shape, upgrades
// to the current schema with `Migrate` (what serve and migrate run) and
// keeps its data: the organization, its API key, the brand with its
// domains, aliases and competitor, the topic and prompt, the runs with
// their answers, mentions and citations — read back through the store, and
// the metrics over them (the rollups later migrations add are built from
// the facts) as worked out by hand (docs/operations.md#upgrades).
func TestMigrate_FromFirstSchemaKeepsData(t *testing.T) {
	ctx := context.Background()
	dsn := sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	applied, err := db.MigrateTo(ctx, 1)
	if err != nil || len(applied) != 1 || !strings.HasPrefix(applied[0], "0001_") {
		t.Fatalf("MigrateTo(1) = %v, %v; want the first migration only", applied, err)
	}
	pending, err := db.Pending(ctx)
	if err != nil || len(pending) == 0 {
		t.Fatalf("after the first migration, pending = %v, %v; want the later ones", pending, err)
	}

	raw := openWritable(t, dsn)
	postgres := !strings.HasPrefix(dsn, "sqlite:")
	exec := func(q string, args ...any) {
		t.Helper()
		if postgres {
			for i := 1; strings.Contains(q, "?"); i++ {
				q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
			}
		}
		if _, err := raw.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	const (
		org, user, key = "10000000-0000-4000-8000-000000000001", "10000000-0000-4000-8000-000000000002", "10000000-0000-4000-8000-000000000003"
		brand, comp    = "20000000-0000-4000-8000-000000000001", "20000000-0000-4000-8000-000000000002"
		self, rival    = "30000000-0000-4000-8000-000000000001", "30000000-0000-4000-8000-000000000002"
		topic, prompt  = "40000000-0000-4000-8000-000000000001", "40000000-0000-4000-8000-000000000002"
		prov, region   = "50000000-0000-4000-8000-000000000001", "50000000-0000-4000-8000-000000000002"
	)
	secret := "slk_" + strings.Repeat("A", 39) + "Zz09"
	created := analyticsql.FormatTime(time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC))
	exec(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`, org, "Acme Inc.", created)
	exec(`INSERT INTO users (id, org_id, email, name, created_at) VALUES (?, ?, ?, ?, ?)`, user, org, "ana@acme.example", "Ana", created)
	exec(`INSERT INTO api_keys (id, org_id, user_id, name, digest, prefix, last4, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		key, org, user, "reporting", sightline.HashAPIKey(secret), secret[:8], secret[len(secret)-4:], created)
	exec(`INSERT INTO brands (id, org_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, brand, org, "Acme", "acme.com", created, created)
	exec(`INSERT INTO brand_domains (brand_id, domain, ord) VALUES (?, ?, 0)`, brand, "acme.com")
	exec(`INSERT INTO brand_aliases (brand_id, alias) VALUES (?, ?)`, brand, "Acme Cloud")
	exec(`INSERT INTO competitors (id, brand_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, comp, brand, "Globex", "globex.com", created, created)
	exec(`INSERT INTO found_brands (id, brand_id, name, name_key, is_self, competitor_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)`, self, brand, "Acme", "acme", true, created)
	exec(`INSERT INTO found_brands (id, brand_id, name, name_key, is_self, competitor_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, rival, brand, "Globex", "globex", false, comp, created)
	exec(`INSERT INTO topics (id, brand_id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, topic, brand, "CRM", "crm", created, created)
	exec(`INSERT INTO prompts (id, brand_id, topic_id, text, intent, created_at, updated_at) VALUES (?, ?, ?, ?, 'C', ?, ?)`, prompt, brand, topic, "best crm", created, created)
	exec(`INSERT INTO providers (id, code, name, created_at) VALUES (?, 'chatgpt', 'ChatGPT', ?)`, prov, created)
	exec(`INSERT INTO regions (id, code, name, created_at) VALUES (?, 'us', 'United States', ?)`, region, created)

	// Four runs on four days: Acme and Globex named in the first, Globex
	// alone in the second, Acme alone in the third, nobody in the fourth;
	// one citation each.
	type cite struct{ url, page, domain, pageType, domainType string }
	runs := []struct {
		mentions []string
		cite     cite
	}{
		{[]string{self, rival}, cite{"https://acme.com/pricing?utm_source=x", "https://acme.com/pricing", "acme.com", "product", sightline.DomainOwned}},
		{[]string{rival}, cite{"https://globex.com/", "https://globex.com/", "globex.com", "homepage", sightline.DomainCompetitorOwned}},
		{[]string{self}, cite{"https://en.wikipedia.org/wiki/CRM", "https://en.wikipedia.org/wiki/CRM", "wikipedia.org", "article", sightline.DomainEarned}},
		{nil, cite{"https://en.wikipedia.org/wiki/CRM", "https://en.wikipedia.org/wiki/CRM", "wikipedia.org", "article", sightline.DomainEarned}},
	}
	day := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	for i, r := range runs {
		seq, id, ranAt := i+1, fmt.Sprintf("60000000-0000-4000-8000-%012d", i+1), analyticsql.FormatTime(day.AddDate(0, 0, i))
		exec(`INSERT INTO runs (seq, id, brand_id, prompt_id, topic_id, provider_id, region_id, ran_at, model, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			seq, id, brand, prompt, topic, prov, region, ranAt, "gpt-4o", ranAt)
		exec(`INSERT INTO run_answers (run_seq, brand_id, answer) VALUES (?, ?, ?)`, seq, brand, fmt.Sprintf("answer %d", i+1))
		for pos, fb := range r.mentions {
			exec(`INSERT INTO mentions (brand_id, ran_at, run_seq, found_brand_id, prompt_id, topic_id, provider_id, region_id, position, mention_count, sentiment)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 70)`, brand, ranAt, seq, fb, prompt, topic, prov, region, pos+1)
		}
		c := r.cite
		exec(`INSERT INTO citations (brand_id, ran_at, run_seq, ord, prompt_id, topic_id, provider_id, region_id, page, domain, page_type, domain_type, url, title)
			VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, brand, ranAt, seq, prompt, topic, prov, region, c.page, c.domain, c.pageType, c.domainType, c.url, "t")
	}

	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate the first schema's database to the current one: %v", err)
	}
	if pending, err := db.Pending(ctx); err != nil || len(pending) != 0 {
		t.Fatalf("after Migrate, pending = %v, %v", pending, err)
	}

	p, err := db.Authenticate(ctx, secret)
	if err != nil || p.OrgID != org {
		t.Errorf("the old API key authenticates as %+v, %v; want organization %s", p, err, org)
	}
	brands, _, err := db.FindBrands(ctx, org, sightline.BrandFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil || len(brands) != 1 || brands[0].Name != "Acme" || brands[0].ID != brand {
		t.Fatalf("brands after the upgrade: %v, %v", brands, err)
	}
	window := sightline.Window{Start: day.Truncate(24 * time.Hour), End: day.Truncate(24*time.Hour).AddDate(0, 0, 4)}
	scope := sightline.Scope{BrandID: brand, Window: window}
	all := sightline.PageRequest{Page: 1, PageSize: 100}

	topics, _, err := db.FindTopics(ctx, org, brand, sightline.TopicFilter{Scope: scope, PageRequest: all})
	if err != nil || len(topics) != 1 {
		t.Fatalf("topics after the upgrade: %v, %v", topics, err)
	}
	// Acme is named in 2 of the 4 runs.
	if tp := topics[0]; tp.Name != "CRM" || tp.Visibility != 50 || tp.VisibilitySampleSize != 4 {
		t.Errorf("topic CRM after the upgrade: name %q, visibility %v of %d runs; want 50 of 4", tp.Name, tp.Visibility, tp.VisibilitySampleSize)
	}

	got, total, err := db.FindRuns(ctx, org, sightline.RunFilter{Scope: scope, PageRequest: all})
	if err != nil || total != 4 || len(got) != 4 {
		t.Fatalf("runs after the upgrade: %d of %d, %v", len(got), total, err)
	}
	for _, r := range got { // newest first
		i := int(r.RanAt.Sub(day).Hours() / 24)
		if r.Answer != fmt.Sprintf("answer %d", i+1) || r.Status != "ok" || r.Model != "gpt-4o" || r.Provider.Code != "chatgpt" {
			t.Errorf("run %s after the upgrade: answer %q, status %q, model %q, provider %q", r.ID, r.Answer, r.Status, r.Model, r.Provider.Code)
		}
		if len(r.Citations) != 1 || r.Citations[0].URL != runs[i].cite.url || len(r.Mentions) != len(runs[i].mentions) {
			t.Errorf("run %s after the upgrade: citations %+v, %d mentions; want %s and %d", r.ID, r.Citations, len(r.Mentions), runs[i].cite.url, len(runs[i].mentions))
		}
	}

	pages, _, err := db.FindCitationPages(ctx, org, sightline.CitationFilter{Scope: scope, PageRequest: all})
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, pg := range pages {
		counts[pg.Page] = pg.TotalCitationCount
	}
	want := map[string]int{"https://acme.com/pricing": 1, "https://globex.com/": 1, "https://en.wikipedia.org/wiki/CRM": 2}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("cited pages after the upgrade: %v, want %v", counts, want)
	}

	sov, _, err := db.FindShareOfVoice(ctx, org, sightline.SOVFilter{Scope: scope, Granularity: "day", PageRequest: all})
	if err != nil {
		t.Fatal(err)
	}
	mentions := map[string]int{}
	for _, row := range sov {
		mentions[row.Name] = row.AggregateMetrics.Mentions
	}
	if mentions["Acme"] != 2 || mentions["Globex"] != 2 {
		t.Errorf("share of voice after the upgrade: mentions %v, want Acme 2 and Globex 2", mentions)
	}
}

// openWritable opens a plain read-write connection to dsn, for writing
// rows in an old schema's shape.
func openWritable(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	driver, src := "pgx", dsn
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		driver, src = "sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"
	}
	raw, err := sql.Open(driver, src)
	if err != nil {
		t.Fatal(err)
	}
	raw.SetMaxOpenConns(1)
	t.Cleanup(func() { raw.Close() })
	return raw
}

// migratedTo migrates a fresh database of the pass's engine to version
// and returns the store (closed when the test ends), a writable raw
// connection to it, and exec, which runs a statement written with ?
// placeholders on that connection and fails the test on an error.
func migratedTo(t *testing.T, version int) (db *sqlstore.DB, raw *sql.DB, exec func(q string, args ...any)) {
	t.Helper()
	ctx := context.Background()
	dsn := sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.MigrateTo(ctx, version); err != nil {
		t.Fatal(err)
	}
	raw = openWritable(t, dsn)
	postgres := !strings.HasPrefix(dsn, "sqlite:")
	exec = func(q string, args ...any) {
		t.Helper()
		if postgres {
			for i := 1; strings.Contains(q, "?"); i++ {
				q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
			}
		}
		if _, err := raw.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return db, raw, exec
}

// Migration 0022 gives the fan-out queries stored before it their folded
// key (analyticsql.FoldQuery, in Go) and fills the fan-out rollups from
// the facts: the list then answers from the rollups as from the facts, as
// counted by hand (docs/metrics.md#search-queries-search_queries).
func TestMigrate_0022FillsSearchQueryRollups(t *testing.T) {
	ctx := context.Background()
	db, _, exec := migratedTo(t, 21)
	const (
		org, brand    = "10000000-0000-4000-8000-000000000001", "20000000-0000-4000-8000-000000000001"
		self          = "30000000-0000-4000-8000-000000000001"
		topic, prompt = "40000000-0000-4000-8000-000000000001", "40000000-0000-4000-8000-000000000002"
		prov, region  = "50000000-0000-4000-8000-000000000001", "50000000-0000-4000-8000-000000000002"
	)
	created := analyticsql.FormatTime(time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC))
	exec(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`, org, "Acme Inc.", created)
	exec(`INSERT INTO brands (id, org_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, brand, org, "Acme", "acme.com", created, created)
	exec(`INSERT INTO brand_domains (brand_id, domain, ord) VALUES (?, ?, 0)`, brand, "acme.com")
	exec(`INSERT INTO found_brands (id, brand_id, name, name_key, is_self, competitor_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)`, self, brand, "Acme", "acme", true, created)
	exec(`INSERT INTO topics (id, brand_id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, topic, brand, "CRM", "crm", created, created)
	exec(`INSERT INTO prompts (id, brand_id, topic_id, text, intent, created_at, updated_at) VALUES (?, ?, ?, ?, 'C', ?, ?)`, prompt, brand, topic, "best crm", created, created)
	exec(`INSERT INTO providers (id, code, name, created_at) VALUES (?, 'chatgpt', 'ChatGPT', ?)`, prov, created)
	exec(`INSERT INTO regions (id, code, name, created_at) VALUES (?, 'us', 'United States', ?)`, region, created)
	// Three runs on three days (a Sunday, Monday and Tuesday: two ISO
	// weeks): the first names Acme and cites acme.com and issues "Best
	// CRM" twice over; the second issues " best  crm" and "CRM pricing";
	// the third names Acme and issues "crm pricing".
	day := time.Date(2026, 10, 4, 9, 0, 0, 0, time.UTC)
	runs := []struct {
		named   bool
		owned   bool
		queries []string
	}{
		{true, true, []string{"Best CRM", "best\tcrm"}},
		{false, false, []string{" best  crm", "CRM pricing"}},
		{true, false, []string{"crm pricing"}},
	}
	for i, r := range runs {
		seq, id, ranAt := i+1, fmt.Sprintf("60000000-0000-4000-8000-%012d", i+1), analyticsql.FormatTime(day.AddDate(0, 0, i))
		exec(`INSERT INTO runs (seq, id, brand_id, prompt_id, topic_id, provider_id, region_id, ran_at, model, created_at, search_queries_reported)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, seq, id, brand, prompt, topic, prov, region, ranAt, "gpt-4o", ranAt, true)
		if r.named {
			exec(`INSERT INTO mentions (brand_id, ran_at, run_seq, found_brand_id, prompt_id, topic_id, provider_id, region_id, position, mention_count, sentiment)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 1, 70)`, brand, ranAt, seq, self, prompt, topic, prov, region)
		}
		if r.owned {
			exec(`INSERT INTO citations (brand_id, ran_at, run_seq, ord, prompt_id, topic_id, provider_id, region_id, page, domain, page_type, domain_type, url, title)
				VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, brand, ranAt, seq, prompt, topic, prov, region,
				"https://acme.com/pricing", "acme.com", "product", sightline.DomainOwned, "https://acme.com/pricing", "t")
		}
		for ord, q := range r.queries {
			exec(`INSERT INTO run_search_queries (brand_id, ran_at, run_seq, ord, prompt_id, topic_id, provider_id, region_id, query)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, brand, ranAt, seq, ord, prompt, topic, prov, region, q)
		}
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	// a row per day and query (Sunday one, Monday two, Tuesday one), and
	// per week and query (the Sunday's week one, the next week two)
	for table, n := range map[string]int{"daily_search_queries": 4, "weekly_search_queries": 3} {
		lines, err := db.TableLines(table)
		if err != nil || len(lines) != n {
			t.Errorf("%s after the migration: %v, %v; want %d rows", table, lines, err, n)
		}
	}
	one := func(runs, named, owned int) (int, float64, int) {
		return runs, 100 * float64(named) / float64(runs), owned
	}
	want := map[string][3]any{}
	for q, w := range map[string][3]int{"best crm": {2, 1, 1}, "crm pricing": {2, 1, 0}} {
		n, v, o := one(w[0], w[1], w[2])
		want[q] = [3]any{n, v, o}
	}
	f := sightline.SearchQueryFilter{Scope: sightline.Scope{BrandID: brand,
		Window: sightline.Window{Start: day.Truncate(24 * time.Hour), End: day.Truncate(24*time.Hour).AddDate(0, 0, 3)}},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}}
	for _, noRollups := range []bool{false, true} {
		db.NoRollups = noRollups
		rows, total, err := db.FindSearchQueries(ctx, org, f)
		if err != nil || total != 2 || len(rows) != 2 {
			t.Fatalf("search queries (facts only: %v): %d rows of %d, %v", noRollups, len(rows), total, err)
		}
		for _, r := range rows {
			if got := [3]any{r.RunCount, r.Visibility, r.OwnedCitationCount}; got != want[r.Query] {
				t.Errorf("%q (facts only: %v): runs, visibility, owned %v; want %v", r.Query, noRollups, got, want[r.Query])
			}
		}
	}
}

// Migration 0026 takes the region out of the fan-out rollups' key: each
// new row is the sum of the old rows of its day (week), topic, provider,
// prompt and query over every region, the rows of days without facts (as
// before a pruned day) included, and the list reads them.
func TestMigrate_0026AddsSearchQueryRollupsOverRegions(t *testing.T) {
	ctx := context.Background()
	db, raw, exec := migratedTo(t, 25)
	const (
		org, brand    = "10000000-0000-4000-8000-000000000001", "20000000-0000-4000-8000-000000000001"
		self          = "30000000-0000-4000-8000-000000000001"
		topic, prompt = "40000000-0000-4000-8000-000000000001", "40000000-0000-4000-8000-000000000002"
		prov          = "50000000-0000-4000-8000-000000000001"
		us, gb        = "50000000-0000-4000-8000-000000000002", "50000000-0000-4000-8000-000000000003"
	)
	created := analyticsql.FormatTime(time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC))
	exec(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`, org, "Acme Inc.", created)
	exec(`INSERT INTO brands (id, org_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, brand, org, "Acme", "acme.com", created, created)
	exec(`INSERT INTO found_brands (id, brand_id, name, name_key, is_self, competitor_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)`, self, brand, "Acme", "acme", true, created)
	exec(`INSERT INTO topics (id, brand_id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, topic, brand, "CRM", "crm", created, created)
	exec(`INSERT INTO prompts (id, brand_id, topic_id, text, intent, created_at, updated_at) VALUES (?, ?, ?, ?, 'C', ?, ?)`, prompt, brand, topic, "best crm", created, created)
	exec(`INSERT INTO providers (id, code, name, created_at) VALUES (?, 'chatgpt', 'ChatGPT', ?)`, prov, created)
	exec(`INSERT INTO regions (id, code, name, created_at) VALUES (?, 'us', 'United States', ?)`, us, created)
	exec(`INSERT INTO regions (id, code, name, created_at) VALUES (?, 'gb', 'United Kingdom', ?)`, gb, created)
	monday := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	for _, r := range []struct {
		table                string
		day                  int
		region, query        string
		runs, selfRuns, owns int
	}{
		{"daily_search_queries", 0, us, "best crm", 2, 1, 3},
		{"daily_search_queries", 0, gb, "best crm", 1, 1, 0},
		{"daily_search_queries", 0, us, "crm pricing", 1, 0, 0},
		{"daily_search_queries", 1, gb, "best crm", 4, 2, 1},
		{"weekly_search_queries", 0, us, "best crm", 7, 3, 4},
		{"weekly_search_queries", 0, gb, "best crm", 5, 2, 1},
		{"weekly_search_queries", 0, gb, "crm pricing", 1, 0, 0},
	} {
		exec(`INSERT INTO `+r.table+` (brand_id, ran_at, topic_id, provider_id, region_id, prompt_id, query_key, runs, self_runs, owned_citations)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, brand, analyticsql.FormatTime(monday.AddDate(0, 0, r.day)), topic, prov, r.region, prompt,
			r.query, r.runs, r.selfRuns, r.owns)
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	read := func(table string) []string {
		t.Helper()
		rows, err := raw.QueryContext(ctx, `SELECT ran_at, query_key, runs, self_runs, owned_citations FROM `+table+` ORDER BY ran_at, query_key`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var at any
			var q string
			var n, s, o int
			if err := rows.Scan(&at, &q, &n, &s, &o); err != nil {
				t.Fatal(err)
			}
			if b, ok := at.([]byte); ok {
				at = string(b)
			}
			var day time.Time
			switch v := at.(type) {
			case time.Time:
				day = v
			case string:
				if day, err = time.Parse(time.RFC3339Nano, v); err != nil {
					t.Fatal(err)
				}
			}
			out = append(out, fmt.Sprintf("%s %s %d %d %d", day.UTC().Format(time.DateOnly), q, n, s, o))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	for table, want := range map[string][]string{
		"daily_search_queries":  {"2026-10-05 best crm 3 2 3", "2026-10-05 crm pricing 1 0 0", "2026-10-06 best crm 4 2 1"},
		"weekly_search_queries": {"2026-10-05 best crm 12 5 5", "2026-10-05 crm pricing 1 0 0"},
	} {
		if got := read(table); strings.Join(got, "; ") != strings.Join(want, "; ") {
			t.Errorf("%s after 0026: %q, want %q", table, got, want)
		}
	}
	// the whole week is its weekly rows
	f := sightline.SearchQueryFilter{Scope: sightline.Scope{BrandID: brand, Window: sightline.Window{Start: monday, End: monday.AddDate(0, 0, 7)}},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}}
	rows, total, err := db.FindSearchQueries(ctx, org, f)
	if err != nil || total != 2 || len(rows) != 2 {
		t.Fatalf("search queries: %d rows of %d, %v", len(rows), total, err)
	}
	if r := rows[0]; r.Query != "best crm" || r.RunCount != 12 || r.Visibility != 100*5.0/12 || r.OwnedCitationCount != 5 || r.PromptCount != 1 {
		t.Errorf("best crm over the week: %+v, want 12 runs, visibility 5/12, 5 owned citations, 1 prompt", *r)
	}
}

// Migration 0032 fills the fan-out rollups per region from the facts, as
// counted by hand: a row per region, day (week), prompt and folded query,
// each run once per query; the brand's days before its pruned day have no
// facts and get no row. The list with a region filter then answers from
// them as from the facts, and refuses a window starting before the pruned
// day (docs/retention.md#what-still-answers).
func TestMigrate_0032FillsSearchQueryRegions(t *testing.T) {
	ctx := context.Background()
	db, raw, exec := migratedTo(t, 30)
	const (
		org, brand    = "10000000-0000-4000-8000-000000000001", "20000000-0000-4000-8000-000000000001"
		self          = "30000000-0000-4000-8000-000000000001"
		topic, prompt = "40000000-0000-4000-8000-000000000001", "40000000-0000-4000-8000-000000000002"
		prov          = "50000000-0000-4000-8000-000000000001"
		us, gb        = "50000000-0000-4000-8000-000000000002", "50000000-0000-4000-8000-000000000003"
	)
	created := analyticsql.FormatTime(time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC))
	exec(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`, org, "Acme Inc.", created)
	exec(`INSERT INTO brands (id, org_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, brand, org, "Acme", "acme.com", created, created)
	exec(`INSERT INTO brand_domains (brand_id, domain, ord) VALUES (?, ?, 0)`, brand, "acme.com")
	exec(`INSERT INTO found_brands (id, brand_id, name, name_key, is_self, competitor_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)`, self, brand, "Acme", "acme", true, created)
	exec(`INSERT INTO topics (id, brand_id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, topic, brand, "CRM", "crm", created, created)
	exec(`INSERT INTO prompts (id, brand_id, topic_id, text, intent, created_at, updated_at) VALUES (?, ?, ?, ?, 'C', ?, ?)`, prompt, brand, topic, "best crm", created, created)
	exec(`INSERT INTO providers (id, code, name, created_at) VALUES (?, 'chatgpt', 'ChatGPT', ?)`, prov, created)
	exec(`INSERT INTO regions (id, code, name, created_at) VALUES (?, 'us', 'United States', ?)`, us, created)
	exec(`INSERT INTO regions (id, code, name, created_at) VALUES (?, 'gb', 'United Kingdom', ?)`, gb, created)
	// Pruned before Monday 5 October: the Sunday's run keeps no facts. Then
	// us on Monday names Acme, cites acme.com once and issues "Best CRM"
	// twice over; gb on Monday issues "best crm" and "CRM pricing"; us on
	// Tuesday names Acme and issues "crm pricing"; gb the next Monday
	// names Acme, cites acme.com twice and issues "best crm".
	monday := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	exec(`INSERT INTO fact_horizons (brand_id, pruned_before) VALUES (?, ?)`, brand, analyticsql.FormatTime(monday))
	runs := []struct {
		at      time.Time
		region  string
		named   bool
		owned   int
		queries []string
	}{
		{monday.Add(-15 * time.Hour), us, false, 0, nil},
		{monday.Add(9 * time.Hour), us, true, 1, []string{"Best CRM", "best\tcrm"}},
		{monday.Add(10 * time.Hour), gb, false, 0, []string{"best crm", "CRM pricing"}},
		{monday.Add(33 * time.Hour), us, true, 0, []string{"crm pricing"}},
		{monday.Add(7*24*time.Hour + 9*time.Hour), gb, true, 2, []string{"best crm"}},
	}
	for i, r := range runs {
		seq, id, ranAt := i+1, fmt.Sprintf("60000000-0000-4000-8000-%012d", i+1), analyticsql.FormatTime(r.at)
		exec(`INSERT INTO runs (seq, id, brand_id, prompt_id, topic_id, provider_id, region_id, ran_at, model, created_at, search_queries_reported)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, seq, id, brand, prompt, topic, prov, r.region, ranAt, "gpt-4o", ranAt, true)
		if r.named {
			exec(`INSERT INTO mentions (brand_id, ran_at, run_seq, found_brand_id, prompt_id, topic_id, provider_id, region_id, position, mention_count, sentiment)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 1, 70)`, brand, ranAt, seq, self, prompt, topic, prov, r.region)
		}
		for ord := range r.owned {
			exec(`INSERT INTO citations (brand_id, ran_at, run_seq, ord, prompt_id, topic_id, provider_id, region_id, page, domain, page_type, domain_type, url, title)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, brand, ranAt, seq, ord+1, prompt, topic, prov, r.region,
				fmt.Sprintf("https://acme.com/p%d", ord), "acme.com", "product", sightline.DomainOwned, fmt.Sprintf("https://acme.com/p%d", ord), "t")
		}
		for ord, q := range r.queries {
			exec(`INSERT INTO run_search_queries (brand_id, ran_at, run_seq, ord, prompt_id, topic_id, provider_id, region_id, query, query_key)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, brand, ranAt, seq, ord, prompt, topic, prov, r.region, q, analyticsql.FoldQuery(q))
		}
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	read := func(table string) []string {
		t.Helper()
		rows, err := raw.QueryContext(ctx, `SELECT region_id, ran_at, query_key, runs, self_runs, owned_citations FROM `+table)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var region, at, q string
			var n, s, o int
			if err := rows.Scan(&region, &at, &q, &n, &s, &o); err != nil {
				t.Fatal(err)
			}
			name := map[string]string{us: "us", gb: "gb"}[region]
			out = append(out, fmt.Sprintf("%s %s %s %d %d %d", name, lineTime(t, at).Format(time.DateOnly), q, n, s, o))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		slices.Sort(out)
		return out
	}
	for table, want := range map[string][]string{
		"daily_search_query_regions": {"gb 2026-10-05 best crm 1 0 0", "gb 2026-10-05 crm pricing 1 0 0", "gb 2026-10-12 best crm 1 1 2",
			"us 2026-10-05 best crm 1 1 1", "us 2026-10-06 crm pricing 1 1 0"},
		"weekly_search_query_regions": {"gb 2026-10-05 best crm 1 0 0", "gb 2026-10-05 crm pricing 1 0 0", "gb 2026-10-12 best crm 1 1 2",
			"us 2026-10-05 best crm 1 1 1", "us 2026-10-05 crm pricing 1 1 0"},
	} {
		if got := read(table); !slices.Equal(got, want) {
			t.Errorf("%s after 0032: %q, want %q", table, got, want)
		}
	}
	// a whole week and a day, from the rollups per region and from the facts
	list := func(region string, start time.Time) ([]*sightline.SearchQueryRow, error) {
		f := sightline.SearchQueryFilter{Scope: sightline.Scope{BrandID: brand, RegionIDs: []string{region},
			Window: sightline.Window{Start: start, End: monday.AddDate(0, 0, 8)}}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}}
		rows, _, err := db.FindSearchQueries(ctx, org, f)
		return rows, err
	}
	for _, noRollups := range []bool{false, true} {
		db.NoRollups = noRollups
		for region, want := range map[string]map[string][3]any{
			us: {"best crm": {1, 100.0, 1}, "crm pricing": {1, 100.0, 0}},
			gb: {"best crm": {2, 50.0, 2}, "crm pricing": {1, 0.0, 0}},
		} {
			rows, err := list(region, monday)
			if err != nil || len(rows) != len(want) {
				t.Fatalf("region %s (facts only: %v): %d rows, %v", region, noRollups, len(rows), err)
			}
			for _, r := range rows {
				if got := [3]any{r.RunCount, r.Visibility, r.OwnedCitationCount}; got != want[r.Query] {
					t.Errorf("region %s, %q (facts only: %v): runs, visibility, owned %v; want %v", region, r.Query, noRollups, got, want[r.Query])
				}
			}
		}
		if _, err := list(us, monday.AddDate(0, 0, -7)); sightline.ErrorCode(err) != sightline.EINVALIDPARAM {
			t.Errorf("region us from before the pruned day (facts only: %v): %v, want INVALID_PARAMETER", noRollups, err)
		}
	}
	db.NoRollups = false
}

// Migrations 0028 and 0030 fill the retrieved-domain and retrieved-page
// totals with the dimension rows added up over topic, provider and region,
// per day (and, 0028, per week).
func TestMigrate_RetrievedTotals(t *testing.T) {
	for _, c := range []struct {
		version   int
		key, kind string // the key column, and the tables' word for it
		a, b      string // two keys
		weekly    bool   // 0028 adds weekly totals too (0031 drops them)
	}{
		{28, "domain", "domains", "g2.com", "acme.com", true},
		{30, "page", "pages", "g2.com/crm", "acme.com/", false},
	} {
		t.Run(c.kind, func(t *testing.T) {
			ctx := context.Background()
			db, _, exec := migratedTo(t, c.version-1)
			const (
				org, brand = "10000000-0000-4000-8000-000000000001", "20000000-0000-4000-8000-000000000001"
				t1, t2     = "40000000-0000-4000-8000-000000000001", "40000000-0000-4000-8000-000000000002"
				prov       = "50000000-0000-4000-8000-000000000001"
				us, gb     = "50000000-0000-4000-8000-000000000002", "50000000-0000-4000-8000-000000000003"
			)
			created := analyticsql.FormatTime(time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC))
			exec(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`, org, "Acme Inc.", created)
			exec(`INSERT INTO brands (id, org_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, brand, org, "Acme", "acme.com", created, created)
			monday := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
			daily, weekly, totals := "daily_retrieved_"+c.kind, "weekly_retrieved_"+c.kind, "retrieved_"+c.key+"_totals"
			for _, r := range []struct {
				table, key    string
				day           int
				topic, region string
				runs          int
			}{
				{daily, c.a, 0, t1, us, 2},
				{daily, c.a, 0, t2, us, 3},
				{daily, c.a, 0, t1, gb, 1},
				{daily, c.a, 1, t1, us, 4},
				{daily, c.b, 0, t2, gb, 5},
				{weekly, c.a, 0, t1, us, 6},
				{weekly, c.a, 0, t2, gb, 7},
			} {
				exec(`INSERT INTO `+r.table+` (brand_id, `+c.key+`, ran_at, topic_id, provider_id, region_id, runs) VALUES (?, ?, ?, ?, ?, ?, ?)`,
					brand, r.key, analyticsql.FormatTime(monday.AddDate(0, 0, r.day)), r.topic, prov, r.region, r.runs)
			}
			if _, err := db.MigrateTo(ctx, c.version); err != nil {
				t.Fatalf("migrate: %v", err)
			}
			wants := map[string][]string{
				"daily_" + totals: {"2026-10-05 " + c.b + " 5", "2026-10-05 " + c.a + " 6", "2026-10-06 " + c.a + " 4"},
			}
			if c.weekly {
				wants["weekly_"+totals] = []string{"2026-10-05 " + c.a + " 13"}
			}
			for table, want := range wants {
				lines, err := db.TableLines(table)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, l := range lines {
					// brand_id|key|ran_at|runs
					f := strings.Split(l, "|")
					got = append(got, lineTime(t, f[2]).Format(time.DateOnly)+" "+f[1]+" "+f[3])
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s after %04d: %q, want %q", table, c.version, got, want)
				}
			}
		})
	}
}

// Migration 0031 drops the weekly retrieved-domain totals and keeps the
// daily ones, which answer retrieved_count without a run filter
// (docs/metrics.md#reading-them).
func TestMigrate_0031DropsWeeklyRetrievedTotals(t *testing.T) {
	ctx := context.Background()
	db, _, exec := migratedTo(t, 30)
	brand := insertAcme(exec)
	monday := analyticsql.FormatTime(time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC))
	exec(`INSERT INTO daily_retrieved_domain_totals (brand_id, domain, ran_at, runs) VALUES (?, ?, ?, ?)`, brand, "g2.com", monday, 2)
	exec(`INSERT INTO weekly_retrieved_domain_totals (brand_id, domain, ran_at, runs) VALUES (?, ?, ?, ?)`, brand, "g2.com", monday, 2)
	if _, err := db.MigrateTo(ctx, 31); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if _, err := db.TableColumns("weekly_retrieved_domain_totals"); err == nil {
		t.Error("weekly_retrieved_domain_totals after 0031: still there")
	}
	for _, table := range []string{"daily_retrieved_page_totals", "weekly_retrieved_pages", "weekly_retrieved_domains"} {
		if _, err := db.TableColumns(table); err != nil {
			t.Errorf("%s after 0031: %v", table, err)
		}
	}
	if lines, err := db.TableLines("daily_retrieved_domain_totals"); err != nil || len(lines) != 1 {
		t.Errorf("daily_retrieved_domain_totals after 0031: %q, %v; want its one row", lines, err)
	}
}

// Migrations 0025 and 0027 fill the agent rollups from the visits stored
// before them: 0025 the visits per class and per page and agent, 0027 the
// page totals with a verdict's figures in its own columns. The pages list
// then answers from them as from the facts, as counted by hand
// (docs/metrics.md#agent-pages-agentspages), over days (the daily totals)
// and over whole ISO weeks (the weekly ones).
func TestMigrate_0027FillsAgentPageTotals(t *testing.T) {
	ctx := context.Background()
	db, _, brand := agentVisitsAt24(t)
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	// a row per day and page (Sunday /a, Monday /a, Tuesday /b and /c),
	// per week and page (the Sunday's week /a, the next week all three)
	for table, n := range map[string]int{"daily_agent_page_totals": 4, "weekly_agent_page_totals": 4, "daily_agent_pages": 5} {
		lines, err := db.TableLines(table)
		if err != nil || len(lines) != n {
			t.Errorf("%s after the migration: %v, %v; want %d rows", table, lines, err, n)
		}
	}
	type row struct {
		page                    string
		visits, verified, error int
		last                    time.Time
		agents                  string
	}
	hand := map[bool][]row{ // by whether spoofed visits count
		false: {
			{"https://acme.com/a", 2, 1, 1, agentTestVisits[1].at, "ClaudeBot GPTBot"},
			{"https://acme.com/b", 1, 0, 0, agentTestVisits[3].at, "Bytespider"},
		},
		true: {
			{"https://acme.com/a", 3, 1, 2, agentTestVisits[2].at, "ClaudeBot GPTBot"},
			{"https://acme.com/b", 1, 0, 0, agentTestVisits[3].at, "Bytespider"},
			{"https://acme.com/c", 1, 0, 0, agentTestVisits[4].at, "PerplexityBot"},
		},
	}
	windows := []sightline.Window{
		{Start: time.Date(2026, 10, 4, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 10, 7, 0, 0, 0, 0, time.UTC)},
		{Start: time.Date(2026, 9, 28, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 10, 12, 0, 0, 0, 0, time.UTC)},
	}
	for _, w := range windows {
		for spoofed, want := range hand {
			f := sightline.AgentPageFilter{AgentFilter: sightline.AgentFilter{BrandID: brand, Window: w},
				PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}}
			if spoofed {
				f.Verifications = sightline.Verifications
			}
			for _, noRollups := range []bool{false, true} {
				db.NoRollups = noRollups
				rows, total, err := db.FindAgentPages(ctx, agentTestOrg, f)
				if err != nil || total != len(want) || len(rows) != len(want) {
					t.Fatalf("agent pages %v (spoofed %v, facts only %v): %d rows of %d, %v", w, spoofed, noRollups, len(rows), total, err)
				}
				for i, r := range rows {
					errors := int(math.Round(r.ErrorRate * float64(r.Visits) / 100))
					got := row{r.Page, r.Visits, r.VerifiedVisits, errors, r.LastVisitAt.UTC(), strings.Join(r.Agents, " ")}
					if got != want[i] {
						t.Errorf("agent pages %v (spoofed %v, facts only %v) row %d: %+v; want %+v", w, spoofed, noRollups, i, got, want[i])
					}
				}
			}
		}
	}
}

// The organization, brand and visits of the agent migration tests,
// Sunday 2026-10-04 to Tuesday 10-06 (two ISO weeks): /a by a verified
// GPTBot, an unverified ClaudeBot answered 503 and, last, a spoofed GPTBot
// answered 404; /b by an unverified Bytespider; /c by a spoofed
// PerplexityBot only.
const agentTestOrg, agentTestBrand = "10000000-0000-4000-8000-000000000001", "20000000-0000-4000-8000-000000000001"

var agentTestVisits = []struct {
	at                                time.Time
	agent, operator, purpose, verdict string
	status                            int
	page                              string
}{
	{time.Date(2026, 10, 4, 10, 0, 0, 0, time.UTC), "GPTBot", "openai", "training", "verified", 200, "/a"},
	{time.Date(2026, 10, 5, 8, 0, 0, 0, time.UTC), "ClaudeBot", "anthropic", "training", "unverified", 503, "/a"},
	{time.Date(2026, 10, 5, 9, 0, 0, 0, time.UTC), "GPTBot", "openai", "training", "spoofed", 404, "/a"},
	{time.Date(2026, 10, 6, 11, 0, 0, 0, time.UTC), "Bytespider", "bytedance", "training", "unverified", 200, "/b"},
	{time.Date(2026, 10, 6, 12, 0, 0, 0, time.UTC), "PerplexityBot", "perplexity", "search", "spoofed", 200, "/c"},
}

// insertAcme stores the organization and brand of the migration tests'
// rows (agentTestOrg, agentTestBrand) and returns the brand's id.
func insertAcme(exec func(q string, args ...any)) string {
	created := analyticsql.FormatTime(time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC))
	exec(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`, agentTestOrg, "Acme Inc.", created)
	exec(`INSERT INTO brands (id, org_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
		agentTestBrand, agentTestOrg, "Acme", "acme.com", created, created)
	return agentTestBrand
}

// agentVisitsAt24 is a database migrated to 0024 holding agentTestVisits
// of agentTestBrand.
func agentVisitsAt24(t *testing.T) (db *sqlstore.DB, exec func(q string, args ...any), brand string) {
	t.Helper()
	db, _, exec = migratedTo(t, 24)
	brand = insertAcme(exec)
	exec(`INSERT INTO brand_domains (brand_id, domain, ord) VALUES (?, ?, 0)`, brand, "acme.com")
	for i, v := range agentTestVisits {
		exec(`INSERT INTO agent_visits (brand_id, visit_key, visited_at, host, page, method, status, agent, operator, purpose, verification, network, url)
			VALUES (?, ?, ?, 'acme.com', ?, 'GET', ?, ?, ?, ?, ?, '192.0.2.0/24', ?)`,
			brand, fmt.Sprintf("k%d", i), analyticsql.FormatTime(v.at), v.page, v.status, v.agent, v.operator, v.purpose, v.verdict, "https://acme.com"+v.page)
	}
	return db, exec, brand
}

// Migration 0029 counts into the run rollups' rows, from every stored run,
// the runs of search surfaces (those with a surface record) and of them
// the runs that showed an answer (docs/metrics.md#answer-rate); the rows'
// other sums stay as stored, so a day whose citations were pruned keeps
// its numbers, and a weekly row adds up its days.
func TestMigrate_0029CountsSurfaceRuns(t *testing.T) {
	ctx := context.Background()
	db, raw, exec := migratedTo(t, 28)
	const (
		org, brand     = "10000000-0000-4000-8000-000000000001", "20000000-0000-4000-8000-000000000001"
		topic, prompt  = "40000000-0000-4000-8000-000000000001", "40000000-0000-4000-8000-000000000002"
		surface, plain = "50000000-0000-4000-8000-000000000001", "50000000-0000-4000-8000-000000000002"
		region         = "50000000-0000-4000-8000-000000000003"
	)
	created := analyticsql.FormatTime(time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC))
	exec(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`, org, "Acme Inc.", created)
	exec(`INSERT INTO brands (id, org_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, brand, org, "Acme", "acme.com", created, created)
	exec(`INSERT INTO topics (id, brand_id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, topic, brand, "CRM", "crm", created, created)
	exec(`INSERT INTO prompts (id, brand_id, topic_id, text, intent, created_at, updated_at) VALUES (?, ?, ?, ?, 'C', ?, ?)`, prompt, brand, topic, "best crm", created, created)
	exec(`INSERT INTO providers (id, code, name, created_at) VALUES (?, 'test_surface', 'A surface', ?)`, surface, created)
	exec(`INSERT INTO providers (id, code, name, created_at) VALUES (?, 'test_api', 'An API', ?)`, plain, created)
	exec(`INSERT INTO regions (id, code, name, created_at) VALUES (?, 'zz', 'Test region', ?)`, region, created)
	monday := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	for i, r := range []struct {
		provider string
		day      int
		surface  bool // has a surface record
		shown    bool
	}{
		{surface, 0, true, true},
		{surface, 0, true, false},
		{surface, 1, true, true},
		{plain, 0, false, true},
	} {
		seq, id := i+1, fmt.Sprintf("60000000-0000-4000-8000-%012d", i+1)
		ranAt := analyticsql.FormatTime(monday.AddDate(0, 0, r.day).Add(time.Duration(8+i) * time.Hour))
		exec(`INSERT INTO runs (seq, id, brand_id, prompt_id, topic_id, provider_id, region_id, ran_at, model, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			seq, id, brand, prompt, topic, r.provider, region, ranAt, "m", ranAt)
		if r.surface {
			exec(`INSERT INTO run_surfaces (run_seq, brand_id, source, answer_shown) VALUES (?, ?, ?, ?)`, seq, brand, "serpapi", r.shown)
		}
	}
	// the rows ingest wrote before 0029; their citations have no facts left
	// (pruned), which the migration must not recount
	for _, r := range []struct {
		table, provider             string
		day, runs, citations, owned int
	}{
		{"daily_runs", surface, 0, 2, 7, 1},
		{"daily_runs", surface, 1, 1, 0, 0},
		{"daily_runs", plain, 0, 1, 3, 0},
		{"weekly_runs", surface, 0, 3, 7, 1},
		{"weekly_runs", plain, 0, 1, 3, 0},
	} {
		exec(`INSERT INTO `+r.table+` (brand_id, ran_at, topic_id, provider_id, region_id, runs, citations, owned_citations) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			brand, analyticsql.FormatTime(monday.AddDate(0, 0, r.day)), topic, r.provider, region, r.runs, r.citations, r.owned)
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	for table, want := range map[string][]string{
		"daily_runs":  {"2026-10-05 api 1 3 0 0 0", "2026-10-05 surface 2 7 1 2 1", "2026-10-06 surface 1 0 0 1 1"},
		"weekly_runs": {"2026-10-05 api 1 3 0 0 0", "2026-10-05 surface 3 7 1 3 2"},
	} {
		rows, err := raw.QueryContext(ctx, `SELECT ran_at, provider_id, runs, citations, owned_citations, surface_runs, answered_runs FROM `+table)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for rows.Next() {
			var ranAt, provider string
			var runs, cites, owned, surfaceRuns, answered int
			if err := rows.Scan(&ranAt, &provider, &runs, &cites, &owned, &surfaceRuns, &answered); err != nil {
				t.Fatal(err)
			}
			name := map[string]string{surface: "surface", plain: "api"}[provider]
			got = append(got, fmt.Sprintf("%s %s %d %d %d %d %d", lineTime(t, ranAt).Format(time.DateOnly), name, runs, cites, owned, surfaceRuns, answered))
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s after 0029: %q, want %q", table, got, want)
		}
	}
}

// Migration 0033 keys daily_agent_pages by agent first, keeping its rows,
// adds them up by ISO week into weekly_agent_pages, and daily_ai_referrals
// by week into weekly_ai_referrals and by day and source into
// daily_ai_referral_sources: from the rollups, not the facts, so a
// referral whose fact is gone (pruned) still counts. The overview under an
// operator or purpose filter, the pages list under one and the referrals'
// meta then answer as counted by hand over whole days, which the rollups
// answer (docs/metrics.md#rollups).
func TestMigrate_0033AgentFilterKeys(t *testing.T) {
	ctx := context.Background()
	db, exec, brand := agentVisitsAt24(t)
	// Monday: chatgpt to /a and /b, perplexity to /a; Tuesday: chatgpt to /a
	referrals := []struct {
		at           time.Time
		source, page string
	}{
		{time.Date(2026, 10, 5, 10, 0, 0, 0, time.UTC), "chatgpt", "/a"},
		{time.Date(2026, 10, 5, 11, 0, 0, 0, time.UTC), "chatgpt", "/b"},
		{time.Date(2026, 10, 5, 12, 0, 0, 0, time.UTC), "perplexity", "/a"},
		{time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC), "chatgpt", "/a"},
	}
	for i, r := range referrals {
		exec(`INSERT INTO ai_referrals (brand_id, referral_key, referred_at, host, page, source, url) VALUES (?, ?, ?, 'acme.com', ?, ?, ?)`,
			brand, fmt.Sprintf("r%d", i), analyticsql.FormatTime(r.at), r.page, r.source, "https://acme.com"+r.page)
	}
	if _, err := db.MigrateTo(ctx, 30); err != nil {
		t.Fatalf("migrate to 0030: %v", err)
	}
	// Tuesday's referral pruned: its rollup row stays
	exec(`DELETE FROM ai_referrals WHERE referral_key = 'r3'`)
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	// a row per day, page, agent and verdict as before, and per week: the
	// Sunday's week one, the next four; per day and source: Monday's
	// chatgpt and perplexity, Tuesday's chatgpt; per week, source and
	// page: chatgpt's /a (both days) and /b, perplexity's /a
	for table, n := range map[string]int{"daily_agent_pages": 5, "weekly_agent_pages": 5, "daily_ai_referral_sources": 3,
		"weekly_ai_referrals": 3} {
		lines, err := db.TableLines(table)
		if err != nil || len(lines) != n {
			t.Errorf("%s after the migration: %v, %v; want %d rows", table, lines, err, n)
		}
	}
	w := sightline.Window{Start: time.Date(2026, 10, 4, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 10, 7, 0, 0, 0, 0, time.UTC)}
	overviews := []struct {
		f              sightline.AgentFilter
		visits, pages  int
		operatorVisits string
	}{
		// the verified GPTBot visit of /a
		{sightline.AgentFilter{Operators: []string{"openai"}}, 1, 1, "openai=1"},
		// and the spoofed one, of /a too
		{sightline.AgentFilter{Operators: []string{"openai"}, Verifications: sightline.Verifications}, 2, 1, "openai=2"},
		// GPTBot and ClaudeBot on /a, Bytespider on /b
		{sightline.AgentFilter{Purposes: []string{"training"}}, 3, 2, "anthropic=1 bytedance=1 openai=1"},
		// PerplexityBot's spoofed visit of /c
		{sightline.AgentFilter{Agents: []string{"PerplexityBot"}, Verifications: []string{"spoofed"}}, 1, 1, "perplexity=1"},
	}
	for _, c := range overviews {
		c.f.BrandID, c.f.Window = brand, w
		o, err := db.AgentOverview(ctx, agentTestOrg, c.f, "day")
		if err != nil {
			t.Fatal(err)
		}
		var ops []string
		for _, op := range o.ByOperator {
			ops = append(ops, fmt.Sprintf("%s=%d", op.Operator, op.Visits))
		}
		if o.Visits != c.visits || o.PagesVisited != c.pages || strings.Join(ops, " ") != c.operatorVisits {
			t.Errorf("overview %+v: %d visits of %d pages, %v; want %d of %d, %s", c.f, o.Visits, o.PagesVisited, ops, c.visits, c.pages, c.operatorVisits)
		}
	}
	f := sightline.AgentPageFilter{AgentFilter: sightline.AgentFilter{BrandID: brand, Window: w, Operators: []string{"openai"},
		Verifications: sightline.Verifications}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}}
	rows, total, err := db.FindAgentPages(ctx, agentTestOrg, f)
	if err != nil || total != 1 || len(rows) != 1 {
		t.Fatalf("agent pages of openai: %d rows of %d, %v; want 1", len(rows), total, err)
	}
	if r := rows[0]; r.Page != "https://acme.com/a" || r.Visits != 2 || r.VerifiedVisits != 1 || r.ErrorRate != 50 ||
		!r.LastVisitAt.Equal(agentTestVisits[2].at) || strings.Join(r.Agents, " ") != "GPTBot" {
		t.Errorf("agent pages of openai: %+v; want /a, 2 visits, 1 verified, 50 %% errors, GPTBot last at %s", r, agentTestVisits[2].at)
	}
	_, _, meta, err := db.FindAIReferrals(ctx, agentTestOrg, sightline.AIReferralFilter{BrandID: brand, Window: w, Granularity: "day",
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(meta.BySource, meta.Series); got != "[{chatgpt 3} {perplexity 1}] [{2026-10-04 0} {2026-10-05 3} {2026-10-06 1}]" {
		t.Errorf("referral meta: %s; want chatgpt 3, perplexity 1; 0, 3, 1 a day", got)
	}
	// the week of Monday 5 October whole: its weekly rows
	week := sightline.Window{Start: time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 10, 12, 0, 0, 0, 0, time.UTC)}
	refs, _, _, err := db.FindAIReferrals(ctx, agentTestOrg, sightline.AIReferralFilter{BrandID: brand, Window: week, Granularity: "day",
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}, Sort: sightline.DefaultAIReferralSort})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range refs {
		got = append(got, fmt.Sprintf("%s %s %d", r.Source, r.Page, r.Visits))
	}
	if want := "chatgpt https://acme.com/a 2, chatgpt https://acme.com/b 1, perplexity https://acme.com/a 1"; strings.Join(got, ", ") != want {
		t.Errorf("referrals of the week: %v; want %s", got, want)
	}
	o, err := db.AgentOverview(ctx, agentTestOrg, sightline.AgentFilter{BrandID: brand, Window: week, Purposes: []string{"training"},
		Verifications: sightline.Verifications}, "day")
	if err != nil {
		t.Fatal(err)
	}
	// ClaudeBot's and the spoofed GPTBot's visits of /a, Bytespider's of /b
	if o.Visits != 3 || o.PagesVisited != 2 {
		t.Errorf("overview of the week's training agents: %d visits of %d pages; want 3 of 2", o.Visits, o.PagesVisited)
	}
}

// Migration 0034 puts the agent pages' sums into their key's index on
// PostgreSQL, so that a filtered pages list reads the index alone; SQLite's
// agent pages hold their rows in the key already (WITHOUT ROWID). The rows
// stay, and an upsert still finds its row by the key's columns.
func TestMigrate_0034AgentPageSumsInKey(t *testing.T) {
	ctx := context.Background()
	db, raw, exec := migratedTo(t, 33)
	brand := insertAcme(exec)
	monday := analyticsql.FormatTime(time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC))
	last := analyticsql.FormatTime(time.Date(2026, 10, 5, 9, 30, 0, 0, time.UTC))
	tables := []string{"daily_agent_pages", "weekly_agent_pages"}
	for _, table := range tables {
		exec(`INSERT INTO `+table+` (brand_id, visited_at, url, agent, operator, purpose, verification, visits, error_visits, last_visit_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, brand, monday, "acme.com/pricing", "GPTBot", "openai", "training", "verified", 3, 1, last)
	}
	if _, err := db.MigrateTo(ctx, 34); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	for _, table := range tables {
		var def string
		if db.Engine() == "postgres" {
			err := raw.QueryRowContext(ctx, `SELECT pg_get_indexdef($1::regclass)`, table+"_pkey").Scan(&def)
			if err != nil || !strings.Contains(def, "INCLUDE (visits, error_visits, last_visit_at)") {
				t.Errorf("%s key after 0034: %q, %v; want the sums included", table, def, err)
			}
		} else {
			err := raw.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE name = ?`, table).Scan(&def)
			if err != nil || !strings.Contains(def, "WITHOUT ROWID") {
				t.Errorf("%s after 0034: %q, %v; want a WITHOUT ROWID table", table, def, err)
			}
		}
		exec(`INSERT INTO `+table+` (brand_id, visited_at, url, agent, operator, purpose, verification, visits, error_visits, last_visit_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (brand_id, agent, visited_at, url, operator, purpose, verification)
			DO UPDATE SET visits = `+table+`.visits + excluded.visits`, brand, monday, "acme.com/pricing", "GPTBot", "openai", "training", "verified", 2, 0, last)
		var visits int64
		if err := raw.QueryRowContext(ctx, `SELECT visits FROM `+table).Scan(&visits); err != nil || visits != 5 {
			t.Errorf("%s after 0034 and an upsert: visits %d, %v; want the one row with 3 + 2", table, visits, err)
		}
	}
}
