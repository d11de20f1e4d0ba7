package sqlstore

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// TestProfileMetrics is a measuring tool, not a check
// (docs/performance.md#one-statement-at-a-time): with SIGHTLINE_PROFILE_DB
// set to a database holding the large demo data set, it calls every metric
// store method 7 times, with default parameters and with the topic + provider
// filter (the agents reads: an operator, or a referral source), and prints the median wall-clock time and CPU time (getrusage: on
// SQLite the whole statement; on PostgreSQL only the client's part) per call
// and per statement. PROFILE_ONLY=overview,pages limits the endpoints;
// PROFILE_SQL_DIR=DIR writes each statement with its arguments inlined, for
// EXPLAIN; PROFILE_TODAY=YYYY-MM-DD takes the default window ending that day.
//
//	SIGHTLINE_PROFILE_DB=sqlite:/tmp/bench/new.db go test -run TestProfileMetrics -v ./internal/sqlstore/
func TestProfileMetrics(t *testing.T) {
	dsn := os.Getenv("SIGHTLINE_PROFILE_DB")
	if dsn == "" {
		t.Skip("SIGHTLINE_PROFILE_DB is not set: nothing to measure")
	}
	ctx := context.Background()
	db, err := Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// the brand with the most runs (the demo's main brand), its first
	// topic and the first provider by name
	var orgID, brandID, topic, provider string
	tx, err := db.beginRead(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.queryRow(ctx, `SELECT b.org_id, b.id FROM brands b ORDER BY (SELECT COUNT(*) FROM runs r WHERE r.brand_id = b.id) DESC LIMIT 1`).Scan(&orgID, &brandID); err != nil {
		t.Fatal(err)
	}
	if err := tx.queryRow(ctx, `SELECT id FROM topics WHERE brand_id = ? ORDER BY name LIMIT 1`, brandID).Scan(&topic); err != nil {
		t.Fatal(err)
	}
	if err := tx.queryRow(ctx, `SELECT id FROM providers ORDER BY name LIMIT 1`).Scan(&provider); err != nil {
		t.Fatal(err)
	}
	tx.Rollback()
	org := &sightline.Organization{ID: orgID}
	brand := &sightline.Brand{ID: brandID}
	only := os.Getenv("PROFILE_ONLY")
	now := time.Now()
	if end := os.Getenv("PROFILE_TODAY"); end != "" { // another day as today, for another weekday's cut
		if now, err = time.Parse(time.DateOnly, end); err != nil {
			t.Fatal(err)
		}
	}
	w := sightline.DefaultWindow(now, 30)
	type stmt struct {
		q    string
		args []any
		d    []time.Duration
	}
	var stmts map[string]*stmt
	var order []string
	defer func() { debugSQL = nil }()
	debugSQL = func(start time.Time, q string, args []any) {
		st := stmts[q]
		if st == nil {
			st = &stmt{q: q, args: args}
			stmts[q] = st
			order = append(order, q)
		}
		st.d = append(st.d, time.Since(start))
	}
	pr := sightline.PageRequest{Page: 1, PageSize: 25}
	for _, variant := range []string{"default", "topic+provider"} {
		s := sightline.Scope{BrandID: brand.ID, Window: w}
		if variant != "default" {
			s.TopicIDs, s.ProviderIDs = []string{topic}, []string{provider}
		}
		eps := []struct {
			name string
			fn   func() error
		}{
			{"topics", func() error {
				_, _, err := db.FindTopics(ctx, org.ID, brand.ID, sightline.TopicFilter{Scope: s, PageRequest: pr})
				return err
			}},
			{"topic", func() error { _, err := db.FindTopicByID(ctx, org.ID, brand.ID, topic, s); return err }},
			{"competitors", func() error {
				_, _, err := db.FindCompetitors(ctx, org.ID, sightline.CompetitorFilter{Scope: s, PageRequest: pr})
				return err
			}},
			{"sov", func() error {
				_, _, err := db.FindShareOfVoice(ctx, org.ID, sightline.SOVFilter{Scope: s, Granularity: "day", PageRequest: pr})
				return err
			}},
			{"mention_share", func() error { _, err := db.MentionShare(ctx, org.ID, s, "day"); return err }},
			{"overview", func() error { _, err := db.CitationsOverview(ctx, org.ID, s); return err }},
			{"pages", func() error {
				_, _, err := db.FindCitationPages(ctx, org.ID, sightline.CitationFilter{Scope: s, PageRequest: pr, Sort: sightline.DefaultPageSort})
				return err
			}},
			{"domains", func() error {
				_, _, err := db.FindCitationDomains(ctx, org.ID, sightline.CitationFilter{Scope: s, PageRequest: pr, Sort: sightline.DefaultDomainSort})
				return err
			}},
			{"domains_overview", func() error { _, err := db.DomainsOverview(ctx, org.ID, s, "day"); return err }},
			{"summary", func() error { _, err := db.CitationSummary(ctx, org.ID, s); return err }},
			{"ads", func() error {
				s := s
				s.Window = sightline.DefaultWindow(now, 90)
				_, _, err := db.FindAds(ctx, org.ID, sightline.AdFilter{Scope: s, PageRequest: pr})
				return err
			}},
			{"advertisers", func() error {
				s := s
				s.Window = sightline.DefaultWindow(now, 90)
				_, _, err := db.FindAdvertisers(ctx, org.ID, sightline.AdFilter{Scope: s, PageRequest: pr})
				return err
			}},
			{"search_queries", func() error {
				_, _, err := db.FindSearchQueries(ctx, org.ID, sightline.SearchQueryFilter{Scope: s, PageRequest: pr})
				return err
			}},
			{"agents_overview", func() error {
				_, err := db.AgentOverview(ctx, org.ID, agentFilter(s, variant), "day")
				return err
			}},
			{"agents_pages", func() error {
				_, _, err := db.FindAgentPages(ctx, org.ID, sightline.AgentPageFilter{AgentFilter: agentFilter(s, variant),
					PageRequest: pr, Sort: sightline.DefaultAgentPageSort})
				return err
			}},
			{"agents_cited_not_crawled", func() error {
				_, _, err := db.FindAgentPages(ctx, org.ID, sightline.AgentPageFilter{AgentFilter: agentFilter(s, variant),
					CitedNotCrawled: true, PageRequest: pr, Sort: sightline.DefaultAgentPageSort})
				return err
			}},
			{"agents_referrals", func() error {
				f := sightline.AIReferralFilter{BrandID: s.BrandID, Window: s.Window, Granularity: "day", PageRequest: pr,
					Sort: sightline.DefaultAIReferralSort}
				if variant != "default" {
					f.Sources = []string{"chatgpt"}
				}
				_, _, _, err := db.FindAIReferrals(ctx, org.ID, f)
				return err
			}},
		}
		for _, ep := range eps {
			if only != "" && !strings.Contains(","+only+",", ","+ep.name+",") {
				continue
			}
			stmts, order = map[string]*stmt{}, nil
			var ds, cs []time.Duration
			for range 7 {
				start := time.Now()
				c0 := cpu()
				if err := ep.fn(); err != nil {
					t.Fatalf("%s: %v", ep.name, err)
				}
				ds = append(ds, time.Since(start))
				cs = append(cs, cpu()-c0)
			}
			fmt.Printf("== %s %s: median %v cpu %v\n", ep.name, variant, med(ds), med(cs))
			for i, q := range order {
				st := stmts[q]
				head := strings.Join(strings.Fields(q), " ")
				if len(head) > 110 {
					head = head[:110]
				}
				fmt.Printf("   %2d %8v  %s\n", i, med(st.d), head)
				if dir := os.Getenv("PROFILE_SQL_DIR"); dir != "" {
					f := filepath.Join(dir, fmt.Sprintf("%s-%s-%d.sql", ep.name, url.PathEscape(variant), i))
					if err := os.WriteFile(f, []byte(inline(db.dialect, q, st.args)), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

// agentFilter is the agents reads' filter of a profile variant: the
// window alone by default, else the busiest operator as `sightline bench`
// asks for it (its topic + provider variant has no meaning here).
func agentFilter(s sightline.Scope, variant string) sightline.AgentFilter {
	f := sightline.AgentFilter{BrandID: s.BrandID, Window: s.Window}
	if variant != "default" {
		f.Operators = []string{"openai"}
	}
	return f
}

func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func med(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2].Round(10 * time.Microsecond)
}

// inline substitutes arguments for ? (for EXPLAIN in a shell); strings
// are quoted, booleans written as the engine takes them.
func inline(d dialect, q string, args []any) string {
	var b strings.Builder
	n, in := 0, false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			in = !in
			b.WriteByte(c)
		case c == '?' && !in && n < len(args):
			switch v := args[n].(type) {
			case string:
				b.WriteString("'" + strings.ReplaceAll(v, "'", "''") + "'")
			case bool:
				if d.Engine == enginePostgres {
					fmt.Fprintf(&b, "%v", v)
				} else if v {
					b.WriteString("1")
				} else {
					b.WriteString("0")
				}
			default:
				fmt.Fprintf(&b, "%v", v)
			}
			n++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
