package demo_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/password"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// loadCfg is the data set the tests load: small and fixed, so that the
// counts are the same on every run and on both engines. Now lies in the
// past so that the fixture's expired key is expired for the real clock too.
var loadCfg = demo.Config{Seed: 1, Days: 3, Now: time.Date(2026, 3, 10, 15, 4, 5, 0, time.UTC)}

// loaded is a database with the demo data set loaded through Load.
type loaded struct {
	db  *sqlstore.DB
	raw *sql.DB
	fix *demo.Fixture
}

func load(t *testing.T, dsn string) *loaded {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	var lines []string
	f, err := demo.Load(ctx, db, loadCfg, func(l string) { lines = append(lines, l) })
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if len(lines) == 0 {
		t.Error("Load reported no progress")
	}
	return &loaded{db: db, raw: openRaw(t, dsn), fix: f}
}

// openRaw opens a plain connection to dsn for reading tables.
func openRaw(t testing.TB, dsn string) *sql.DB { return sqlstoretest.OpenRaw(t, dsn) }

// facts are the counts (and a few integer sums, which catch rows that are
// there but differ) of what the data set stores, as "name value" lines.
func (l *loaded) facts(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []struct{ name, sql string }{
		{"organizations", "SELECT COUNT(*) FROM organizations"},
		{"brands", "SELECT COUNT(*) FROM brands"},
		{"competitors", "SELECT COUNT(*) FROM competitors"},
		{"topics", "SELECT COUNT(*) FROM topics"},
		{"prompts", "SELECT COUNT(*) FROM prompts"},
		{"api_keys", "SELECT COUNT(*) FROM api_keys"},
		{"providers", "SELECT COUNT(*) FROM providers"},
		{"regions", "SELECT COUNT(*) FROM regions"},
		{"runs", "SELECT COUNT(*) FROM runs"},
		{"run_answers", "SELECT COUNT(*) FROM run_answers"},
		{"mentions", "SELECT COUNT(*) FROM mentions"},
		{"mentions.self", "SELECT COUNT(*) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE f.is_self = " + l.true()},
		{"mentions.competitor", "SELECT COUNT(*) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE f.competitor_id IS NOT NULL"},
		{"mentions.sum_position", "SELECT COALESCE(SUM(position), 0) FROM mentions"},
		{"mentions.sum_count", "SELECT COALESCE(SUM(mention_count), 0) FROM mentions"},
		{"found_brands", "SELECT COUNT(*) FROM found_brands"},
		{"citations", "SELECT COUNT(*) FROM citations"},
		{"citations.inline", "SELECT COUNT(*) FROM citations WHERE citation_type = 'inline'"},
		{"citations.distinct_pages", "SELECT COUNT(DISTINCT page) FROM citations"},
		{"citations.distinct_domains", "SELECT COUNT(DISTINCT domain) FROM citations"},
		{"citations.youtube", "SELECT COUNT(*) FROM citations WHERE youtube_channel <> ''"},
		{"citations.reddit", "SELECT COUNT(*) FROM citations WHERE subreddit <> ''"},
		{"ads", "SELECT COUNT(*) FROM ads"},
		{"advertisers", "SELECT COUNT(*) FROM advertisers"},
		{"runs.search_queries_reported", "SELECT COUNT(*) FROM runs WHERE search_queries_reported = " + l.true()},
		{"run_search_queries", "SELECT COUNT(*) FROM run_search_queries"},
		{"run_search_queries.distinct", "SELECT COUNT(DISTINCT query) FROM run_search_queries"},
		{"run_sources", "SELECT COUNT(*) FROM run_sources"},
		{"run_sources.cited", "SELECT COUNT(*) FROM run_sources WHERE cited = " + l.true()},
		{"run_sources.dated", "SELECT COUNT(*) FROM run_sources WHERE published_at IS NOT NULL"},
		{"agent_visits", "SELECT COUNT(*) FROM agent_visits"},
		{"agent_visits.verified", "SELECT COUNT(*) FROM agent_visits WHERE verification = 'verified'"},
		{"agent_visits.spoofed", "SELECT COUNT(*) FROM agent_visits WHERE verification = 'spoofed'"},
		{"agent_visits.unverified", "SELECT COUNT(*) FROM agent_visits WHERE verification = 'unverified'"},
		{"agent_visits.errors", "SELECT COUNT(*) FROM agent_visits WHERE status >= 400"},
		{"agent_visits.distinct_pages", "SELECT COUNT(DISTINCT url) FROM agent_visits"},
		{"ai_referrals", "SELECT COUNT(*) FROM ai_referrals"},
		{"ai_referrals.distinct_sources", "SELECT COUNT(DISTINCT source) FROM ai_referrals"},
	} {
		var n int64
		if err := l.raw.QueryRow(q.sql).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q.name, err)
		}
		fmt.Fprintf(&b, "%s %d\n", q.name, n)
	}
	return b.String()
}

func (l *loaded) true() string {
	if l.db.Engine() == "postgres" {
		return "TRUE"
	}
	return "1"
}

// TestLoad loads the data set once into the engine under test and checks
// what it stored, its fixture, and that the other engine stores the same.
func TestLoad(t *testing.T) {
	t.Parallel()
	l := load(t, sqlstoretest.NewDSN(t))
	t.Run("Counts", func(t *testing.T) { testCounts(t, l) })
	t.Run("Fixture", func(t *testing.T) { testFixture(t, l) })
	t.Run("SameOnBothEngines", func(t *testing.T) { testSameOnBothEngines(t, l) })
}

// testCounts: Load stores exactly the data set of the golden file, on
// either engine: both test passes compare to the same file (go test
// -update rewrites it).
func testCounts(t *testing.T, l *loaded) {
	got := l.facts(t)
	golden := filepath.Join("testdata", fmt.Sprintf("counts_seed%d.golden", loadCfg.Seed))
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s data set differs from %s (-want +got):\n%s", sqlstoretest.Engine(), golden, diff)
	}
	// the data set is what New says it is
	if want := demo.New(loadCfg).RunCount(); !strings.Contains(got, fmt.Sprintf("\nruns %d\n", want)) {
		t.Errorf("runs differ from RunCount %d:\n%s", want, got)
	}
}

// testSameOnBothEngines: the same seed loads the same data into SQLite and
// into PostgreSQL. Runs whenever PostgreSQL is reachable, whichever engine
// the pass is for: it loads the data set into the other engine.
func testSameOnBothEngines(t *testing.T, l *loaded) {
	lite, post := l, l
	if l.db.Engine() == "postgres" {
		lite = load(t, "sqlite:"+filepath.Join(t.TempDir(), "demo.db"))
	} else {
		post = load(t, postgresDSN(t))
	}
	if diff := cmp.Diff(lite.facts(t), post.facts(t)); diff != "" {
		t.Errorf("SQLite and PostgreSQL differ (-sqlite +postgres):\n%s", diff)
	}
	// and so do the fixtures, but for the secrets and the ids the
	// database generates (providers, regions, engine results)
	a, b := *lite.fix, *post.fix
	for _, f := range []*demo.Fixture{&a, &b} {
		f.APIKey, f.OtherOrg.APIKey, f.RevokedAPIKey, f.ExpiredAPIKey = "", "", "", ""
		f.DashboardUser.Password = ""
		f.ProviderIDs, f.RegionIDs = nil, nil
		for i := range f.Providers {
			f.Providers[i].ID = ""
		}
		for i := range f.Regions {
			f.Regions[i].ID = ""
		}
		f.AdvertiserIDs = nil
		// ids the engines generate: only how many
		f.RecommendationIDs = make([]string, len(f.RecommendationIDs))
		f.OpportunityIDs = make([]string, len(f.OpportunityIDs))
		f.BriefIDs = make([]string, len(f.BriefIDs))
	}
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("fixtures differ (-sqlite +postgres):\n%s", diff)
	}
}

// postgresDSN returns a fresh PostgreSQL schema of the test server, or
// skips (fails with SIGHTLINE_TEST_REQUIRE_PG=1) when it is not reachable.
func postgresDSN(t *testing.T) string {
	t.Helper()
	admin, err := sql.Open("pgx", sqlstoretest.PostgresURL())
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		err = admin.PingContext(ctx)
		cancel()
	}
	if err != nil {
		if admin != nil {
			admin.Close()
		}
		if os.Getenv("SIGHTLINE_TEST_REQUIRE_PG") == "1" {
			t.Fatalf("PostgreSQL unavailable: %v", err)
		}
		t.Skipf("PostgreSQL unavailable (%v): SQLite/PostgreSQL comparison not run", err)
	}
	t.Cleanup(func() { admin.Close() })
	b := make([]byte, 8)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Logf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(sqlstoretest.PostgresURL())
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// testFixture: the fixture's keys do what their names say, its JSON has
// every member of docs/demo.md, and its ids and window match the data.
func testFixture(t *testing.T, l *loaded) {
	ctx := context.Background()
	f := l.fix

	t.Run("Advertisers", func(t *testing.T) {
		// every advertiser the advertisers list shows for the data set's
		// window, in its order, and only those
		ads, total, err := l.db.FindAdvertisers(ctx, f.OrgID, sightline.AdFilter{
			Scope:       sightline.Scope{BrandID: f.BrandID, Window: sightline.Window{Start: f.Window.Start, End: sightline.EndOfDay(f.Window.End)}},
			PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize},
		})
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, a := range ads {
			want = append(want, a.AdvertiserID)
		}
		// the project management brand's six advertisers (content_pm.go)
		if total != 6 || len(want) != total {
			t.Fatalf("the demo brand has %d advertisers (%d listed); want 6", total, len(want))
		}
		if diff := cmp.Diff(want, f.AdvertiserIDs); diff != "" {
			t.Errorf("fixture advertiser_ids (-listed +fixture):\n%s", diff)
		}
	})

	t.Run("Keys", func(t *testing.T) {
		p, err := l.db.Authenticate(ctx, f.APIKey)
		if err != nil || p.OrgID != f.OrgID {
			t.Fatalf("main key: %+v, %v; want org %s", p, err, f.OrgID)
		}
		if _, err := l.db.FindBrandByID(ctx, p.OrgID, f.BrandID); err != nil {
			t.Errorf("main key's organization cannot read the brand: %v", err)
		}
		po, err := l.db.Authenticate(ctx, f.OtherOrg.APIKey)
		if err != nil || po.OrgID == "" || po.OrgID == f.OrgID {
			t.Fatalf("other organization's key: %+v, %v", po, err)
		}
		if _, err := l.db.FindBrandByID(ctx, po.OrgID, f.OtherOrg.BrandID); err != nil {
			t.Errorf("other key's organization cannot read its brand: %v", err)
		}
		if _, err := l.db.FindBrandByID(ctx, po.OrgID, f.BrandID); sightline.ErrorCode(err) != sightline.ENOTFOUND {
			t.Errorf("other organization reads the main brand: %v", err)
		}
		for name, key := range map[string]string{"revoked": f.RevokedAPIKey, "expired": f.ExpiredAPIKey} {
			if !sightline.LooksLikeAPIKey(key) {
				t.Errorf("%s key %q is not an API key", name, key)
			}
			if p, err := l.db.Authenticate(ctx, key); sightline.ErrorCode(err) != sightline.EUNAUTHORIZED {
				t.Errorf("%s key authenticates: %+v, %v", name, p, err)
			}
		}
		keys := []string{f.APIKey, f.OtherOrg.APIKey, f.RevokedAPIKey, f.ExpiredAPIKey}
		if len(slices.Compact(slices.Sorted(slices.Values(keys)))) != len(keys) {
			t.Errorf("keys are not distinct: %v", keys)
		}
	})

	// The dashboard user signs in to the main organization with the
	// fixture's password; only its argon2id hash is stored.
	t.Run("DashboardUser", func(t *testing.T) {
		u, hash, err := l.db.FindSignInUser(ctx, f.DashboardUser.Email)
		if err != nil || u.OrgID != f.OrgID {
			t.Fatalf("FindSignInUser(%s) = %+v, %v; want a user of %s", f.DashboardUser.Email, u, err, f.OrgID)
		}
		if err := sightline.CheckPassword(f.DashboardUser.Password); err != nil {
			t.Errorf("the demo password %q breaks the policy: %v", f.DashboardUser.Password, err)
		}
		if ok, err := password.Verify(f.DashboardUser.Password, hash); !ok || err != nil {
			t.Errorf("the fixture's password does not match the stored hash: %v, %v", ok, err)
		}
		if strings.Contains(hash, f.DashboardUser.Password) {
			t.Error("the stored hash holds the password")
		}
	})

	t.Run("JSON", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "fixture.json")
		if err := f.WriteFile(path); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		wantKeys(t, "fixture", m, "api_key", "org_id", "brand_id", "brand_name", "brand_domain",
			"competitor_ids", "topic_ids", "prompt_ids", "provider_ids", "region_ids",
			"competitors", "prompts", "providers", "regions",
			"recommendation_ids", "opportunity_ids", "brief_ids", "advertiser_ids",
			"other_org", "revoked_api_key", "expired_api_key", "forbidden", "dashboard_user", "window")
		for _, k := range []string{"api_key", "org_id", "brand_id", "brand_name", "brand_domain", "revoked_api_key", "expired_api_key"} {
			var s string
			if err := json.Unmarshal(m[k], &s); err != nil || s == "" {
				t.Errorf("%s = %s, want a non-empty string", k, m[k])
			}
		}
		for _, k := range []string{"competitor_ids", "topic_ids", "prompt_ids", "provider_ids", "region_ids", "recommendation_ids", "opportunity_ids", "brief_ids", "advertiser_ids"} {
			var ids []string
			if err := json.Unmarshal(m[k], &ids); err != nil || ids == nil {
				t.Errorf("%s = %s, want an array of string ids", k, m[k])
			}
		}
		elements := func(k string, want ...string) {
			var list []map[string]json.RawMessage
			if err := json.Unmarshal(m[k], &list); err != nil || len(list) == 0 {
				t.Errorf("%s = %s, want a non-empty array of objects", k, m[k])
			}
			for i, e := range list {
				wantKeys(t, fmt.Sprintf("%s[%d]", k, i), e, want...)
			}
		}
		elements("competitors", "id", "name", "domain")
		elements("prompts", "id", "topic_id", "text")
		elements("providers", "id", "code")
		elements("regions", "id", "code")
		elements("forbidden", "method", "path")
		var other, window map[string]json.RawMessage
		if err := json.Unmarshal(m["other_org"], &other); err != nil {
			t.Fatal(err)
		}
		wantKeys(t, "other_org", other, "api_key", "brand_id")
		var user map[string]json.RawMessage
		if err := json.Unmarshal(m["dashboard_user"], &user); err != nil {
			t.Fatal(err)
		}
		wantKeys(t, "dashboard_user", user, "email", "password")
		if err := json.Unmarshal(m["window"], &window); err != nil {
			t.Fatal(err)
		}
		wantKeys(t, "window", window, "start", "end")
		// the file reads back as the fixture
		var back demo.Fixture
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(*f, back); diff != "" {
			t.Errorf("fixture file (-fixture +file):\n%s", diff)
		}
	})

	t.Run("Content", func(t *testing.T) {
		// what the issue asks of the data set
		if len(f.Competitors) < 4 || len(f.TopicIDs) < 5 || len(f.Prompts) < 40 || len(f.Providers) < 4 || len(f.Regions) < 3 {
			t.Errorf("fixture has %d competitors, %d topics, %d prompts, %d providers, %d regions",
				len(f.Competitors), len(f.TopicIDs), len(f.Prompts), len(f.Providers), len(f.Regions))
		}
		var competitorIDs, promptIDs, providerIDs, regionIDs, codes []string
		for _, c := range f.Competitors {
			competitorIDs = append(competitorIDs, c.ID)
			if c.Name == "" || c.Domain == "" || c.Domain == f.BrandDomain {
				t.Errorf("competitor %+v", c)
			}
		}
		for _, p := range f.Prompts {
			promptIDs = append(promptIDs, p.ID)
			if !slices.Contains(f.TopicIDs, p.TopicID) || p.Text == "" {
				t.Errorf("prompt %+v: topic not in topic_ids or no text", p)
			}
		}
		for _, p := range f.Providers {
			providerIDs, codes = append(providerIDs, p.ID), append(codes, p.Code)
		}
		for _, r := range f.Regions {
			regionIDs, codes = append(regionIDs, r.ID), append(codes, r.Code)
		}
		for name, pair := range map[string][2][]string{
			"competitor_ids": {f.CompetitorIDs, competitorIDs}, "prompt_ids": {f.PromptIDs, promptIDs},
			"provider_ids": {f.ProviderIDs, providerIDs}, "region_ids": {f.RegionIDs, regionIDs},
		} {
			if diff := cmp.Diff(pair[0], pair[1]); diff != "" {
				t.Errorf("%s do not match the objects (-ids +objects):\n%s", name, diff)
			}
		}
		for _, c := range []string{"chatgpt", "perplexity", "gemini", "google_ai_overviews", "us", "gb", "de"} {
			if !slices.Contains(codes, c) {
				t.Errorf("no provider or region %s in %v", c, codes)
			}
		}
		// the brand and its runs
		b, err := l.db.FindBrandByID(ctx, f.OrgID, f.BrandID)
		if err != nil || b.Name != f.BrandName || b.Domain != f.BrandDomain {
			t.Errorf("brand %+v, %v; fixture says %s %s", b, err, f.BrandName, f.BrandDomain)
		}
		for _, e := range f.Forbidden {
			if e.Method == "" || !strings.HasPrefix(e.Path, "/") || strings.ContainsAny(e.Path, "{}") {
				t.Errorf("forbidden endpoint %+v", e)
			}
		}
	})

	t.Run("Window", func(t *testing.T) {
		w := f.Window
		if !w.End.Equal(loadCfg.Now) {
			t.Errorf("window ends %v, want Now %v", w.End, loadCfg.Now)
		}
		if d := w.End.Sub(w.Start); d < time.Duration(loadCfg.Days-1)*24*time.Hour || d > time.Duration(loadCfg.Days+1)*24*time.Hour {
			t.Errorf("window %v – %v is %v long, want about %d days", w.Start, w.End, d, loadCfg.Days)
		}
		// every run of the brand lies in the window
		var first, last sqlstore.Time
		err := l.raw.QueryRow(`SELECT MIN(ran_at), MAX(ran_at) FROM runs WHERE brand_id = '`+f.BrandID+`'`).Scan(&first, &last)
		if err != nil {
			t.Fatal(err)
		}
		if !first.Valid || first.Time.Before(w.Start) || last.Time.After(w.End) {
			t.Errorf("runs from %v to %v, window %v – %v", first.Time, last.Time, w.Start, w.End)
		}
		if last.Time.Before(w.End.Add(-24 * time.Hour)) {
			t.Errorf("the last run %v is more than a day before the window's end %v", last.Time, w.End)
		}
	})
}

func wantKeys[V any](t *testing.T, what string, m map[string]V, want ...string) {
	t.Helper()
	var got []string
	for k := range m {
		got = append(got, k)
	}
	slices.Sort(got)
	want = slices.Sorted(slices.Values(want))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s members (-want +got):\n%s", what, diff)
	}
}
