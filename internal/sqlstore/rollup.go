package sqlstore

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// Daily rollups (migration 0002) answer metric queries for whole UTC days;
// the fact tables answer for the partial days at a window's edges. Both
// sides yield rows of the same shape with a count n, and every metric sums
// n, so each formula is written once whichever side a row comes from.

// nilTopic stands for "no topic" in the rollups, whose keys cannot be NULL.
const nilTopic = noMatchID

// refreshRollups adds the facts of the runs with seq in [lo, hi] to the
// rollups: the migration calls it for every run, rebuildBrandRollups for
// one brand's. brandID, when set, limits it to that brand's runs from the
// day since on; tables, when given, limits it to those rollups (a
// migration that adds one).
func refreshRollups(ctx context.Context, tx *Tx, lo, hi int64, brandID string, since time.Time, tables ...string) error {
	day := tx.d.DayStart
	// per stored run: does its answer name the brand itself, a competitor
	flags := `(SELECT m.run_seq AS run_seq,
		MAX(CASE WHEN fb.is_self THEN 1 ELSE 0 END) AS named,
		MAX(CASE WHEN fb.competitor_id IS NOT NULL THEN 1 ELSE 0 END) AS comp
		FROM mentions m JOIN found_brands fb ON fb.id = m.found_brand_id
		WHERE m.run_seq BETWEEN ? AND ? GROUP BY m.run_seq) f`
	// the found brands each run of the range names, one row per run and
	// found brand (as mentions holds them). Grouped so that SQLite
	// materializes it and joins through an automatic index: joined to
	// citations directly, a brand's rebuild scanned its mentions once per
	// citation (minutes for 10 days of the demo; docs/performance.md).
	namedIn := `(SELECT m.run_seq AS run_seq, m.found_brand_id AS found_brand_id FROM mentions m
		WHERE m.run_seq BETWEEN ? AND ? GROUP BY m.run_seq, m.found_brand_id)`
	stmts := []struct {
		name, sql string
		ranges    int // how many "BETWEEN ? AND ?" the statement has
	}{
		{"daily_runs", `INSERT INTO daily_runs (brand_id, ran_at, topic_id, provider_id, region_id, runs, citations, owned_citations)
			SELECT r.brand_id, ` + day("r.ran_at") + `, COALESCE(r.topic_id, '` + nilTopic + `'), r.provider_id, r.region_id,
				COUNT(*), COALESCE(SUM(c.n), 0), COALESCE(SUM(c.owned), 0)
			FROM runs r LEFT JOIN (SELECT c.run_seq AS run_seq, COUNT(*) AS n,
				SUM(CASE WHEN c.domain IN (SELECT bd.domain FROM brand_domains bd WHERE bd.brand_id = c.brand_id) THEN 1 ELSE 0 END) AS owned
				FROM citations c WHERE c.run_seq BETWEEN ? AND ? GROUP BY c.run_seq) c ON c.run_seq = r.seq
			WHERE r.seq BETWEEN ? AND ?
			GROUP BY r.brand_id, ` + day("r.ran_at") + `, COALESCE(r.topic_id, '` + nilTopic + `'), r.provider_id, r.region_id
			ON CONFLICT (brand_id, ran_at, topic_id, provider_id, region_id) DO UPDATE SET
				runs = daily_runs.runs + excluded.runs, citations = daily_runs.citations + excluded.citations,
				owned_citations = daily_runs.owned_citations + excluded.owned_citations`, 2},
		{"daily_mentions", `INSERT INTO daily_mentions (brand_id, ran_at, topic_id, provider_id, region_id, found_brand_id, mentions, sentiment_sum)
			SELECT m.brand_id, ` + day("m.ran_at") + `, m.topic_id, m.provider_id, m.region_id, m.found_brand_id,
				COUNT(*), SUM(m.sentiment)
			FROM mentions m WHERE m.run_seq BETWEEN ? AND ?
			GROUP BY m.brand_id, ` + day("m.ran_at") + `, m.topic_id, m.provider_id, m.region_id, m.found_brand_id
			ON CONFLICT (brand_id, ran_at, topic_id, provider_id, region_id, found_brand_id) DO UPDATE SET
				mentions = daily_mentions.mentions + excluded.mentions, sentiment_sum = daily_mentions.sentiment_sum + excluded.sentiment_sum`, 1},
		{"daily_topic_mentions", `INSERT INTO daily_topic_mentions (brand_id, ran_at, topic_id, found_brand_id, mentions, sentiment_sum)
			SELECT m.brand_id, ` + day("m.ran_at") + `, m.topic_id, m.found_brand_id, COUNT(*), SUM(m.sentiment)
			FROM mentions m WHERE m.run_seq BETWEEN ? AND ?
			GROUP BY m.brand_id, ` + day("m.ran_at") + `, m.topic_id, m.found_brand_id
			ON CONFLICT (brand_id, ran_at, topic_id, found_brand_id) DO UPDATE SET
				mentions = daily_topic_mentions.mentions + excluded.mentions,
				sentiment_sum = daily_topic_mentions.sentiment_sum + excluded.sentiment_sum`, 1},
		{"daily_pages", `INSERT INTO daily_pages (brand_id, ran_at, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only)
			SELECT c.brand_id, ` + day("c.ran_at") + `, c.page, MIN(c.domain), MIN(c.page_type), MIN(c.domain_type), MIN(c.subreddit),
				MAX(CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END), MAX(CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END),
				COUNT(*), SUM(COALESCE(f.named, 0)), SUM(CASE WHEN COALESCE(f.named, 0) = 0 AND f.comp = 1 THEN 1 ELSE 0 END)
			FROM citations c LEFT JOIN ` + flags + ` ON f.run_seq = c.run_seq
			WHERE c.run_seq BETWEEN ? AND ?
			GROUP BY c.brand_id, ` + day("c.ran_at") + `, c.page
			ON CONFLICT (brand_id, ran_at, page) DO UPDATE SET ` + citeSumUpdate("daily_pages"), 2},
		{"daily_topic_pages", `INSERT INTO daily_topic_pages (brand_id, topic_id, provider_id, ran_at, page, domain, page_type, domain_type, subreddit,
				has_source, has_inline, citations, named, comp_only)
			SELECT c.brand_id, c.topic_id, c.provider_id, ` + day("c.ran_at") + `, c.page, MIN(c.domain), MIN(c.page_type), MIN(c.domain_type), MIN(c.subreddit),
				MAX(CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END), MAX(CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END),
				COUNT(*), SUM(COALESCE(f.named, 0)), SUM(CASE WHEN COALESCE(f.named, 0) = 0 AND f.comp = 1 THEN 1 ELSE 0 END)
			FROM citations c LEFT JOIN ` + flags + ` ON f.run_seq = c.run_seq
			WHERE c.run_seq BETWEEN ? AND ?
			GROUP BY c.brand_id, c.topic_id, c.provider_id, ` + day("c.ran_at") + `, c.page
			ON CONFLICT (brand_id, topic_id, provider_id, ran_at, page) DO UPDATE SET ` + citeSumUpdate("daily_topic_pages"), 2},
		{"daily_domains", `INSERT INTO daily_domains (brand_id, ran_at, domain, domain_type, has_source, has_inline, citations, named, comp_only)
			SELECT c.brand_id, ` + day("c.ran_at") + `, c.domain, MIN(c.domain_type),
				MAX(CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END), MAX(CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END),
				COUNT(*), SUM(COALESCE(f.named, 0)), SUM(CASE WHEN COALESCE(f.named, 0) = 0 AND f.comp = 1 THEN 1 ELSE 0 END)
			FROM citations c LEFT JOIN ` + flags + ` ON f.run_seq = c.run_seq
			WHERE c.run_seq BETWEEN ? AND ?
			GROUP BY c.brand_id, ` + day("c.ran_at") + `, c.domain
			ON CONFLICT (brand_id, ran_at, domain) DO UPDATE SET ` + citeSumUpdate("daily_domains"), 2},
		{"daily_page_brands", `INSERT INTO daily_page_brands (brand_id, domain, page, ran_at, found_brand_id, citations)
			SELECT c.brand_id, c.domain, c.page, ` + day("c.ran_at") + `, m.found_brand_id, COUNT(*)
			FROM citations c JOIN ` + namedIn + ` m ON m.run_seq = c.run_seq
			WHERE c.run_seq BETWEEN ? AND ?
			GROUP BY c.brand_id, c.domain, c.page, ` + day("c.ran_at") + `, m.found_brand_id
			ON CONFLICT (brand_id, domain, page, ran_at, found_brand_id) DO UPDATE SET
				citations = daily_page_brands.citations + excluded.citations`, 2},
		{"daily_domain_brands", `INSERT INTO daily_domain_brands (brand_id, domain, ran_at, found_brand_id, citations)
			SELECT c.brand_id, c.domain, ` + day("c.ran_at") + `, m.found_brand_id, COUNT(DISTINCT c.run_seq)
			FROM citations c JOIN ` + namedIn + ` m ON m.run_seq = c.run_seq
			WHERE c.run_seq BETWEEN ? AND ?
			GROUP BY c.brand_id, c.domain, ` + day("c.ran_at") + `, m.found_brand_id
			ON CONFLICT (brand_id, domain, ran_at, found_brand_id) DO UPDATE SET
				citations = daily_domain_brands.citations + excluded.citations`, 2},
		// per run and folded query, once however many spellings the run
		// issued: the run's self flag and its owned citations
		{"daily_search_queries", `INSERT INTO daily_search_queries (brand_id, ran_at, topic_id, provider_id, prompt_id, query_key,
				runs, self_runs, owned_citations)
			SELECT q.brand_id, ` + day("q.ran_at") + `, q.topic_id, q.provider_id, q.prompt_id, q.query_key,
				COUNT(*), SUM(COALESCE(f.named, 0)), SUM(COALESCE(c.owned, 0))
			FROM (SELECT DISTINCT sq.brand_id AS brand_id, sq.ran_at AS ran_at, sq.topic_id AS topic_id, sq.provider_id AS provider_id,
				sq.prompt_id AS prompt_id, sq.run_seq AS run_seq, sq.query_key AS query_key
				FROM run_search_queries sq WHERE sq.run_seq BETWEEN ? AND ? AND sq.query_key <> '') q
			LEFT JOIN ` + flags + ` ON f.run_seq = q.run_seq
			LEFT JOIN (SELECT c.run_seq AS run_seq,
				SUM(CASE WHEN c.domain IN (SELECT bd.domain FROM brand_domains bd WHERE bd.brand_id = c.brand_id) THEN 1 ELSE 0 END) AS owned
				FROM citations c WHERE c.run_seq BETWEEN ? AND ? GROUP BY c.run_seq) c ON c.run_seq = q.run_seq
			GROUP BY q.brand_id, ` + day("q.ran_at") + `, q.topic_id, q.provider_id, q.prompt_id, q.query_key
			ON CONFLICT (brand_id, ran_at, topic_id, provider_id, prompt_id, query_key) DO UPDATE SET
				runs = daily_search_queries.runs + excluded.runs, self_runs = daily_search_queries.self_runs + excluded.self_runs,
				owned_citations = daily_search_queries.owned_citations + excluded.owned_citations`, 3},
		// a run counts once per page and once per domain it retrieved
		{"daily_retrieved_pages", retrievedBy("daily_retrieved_pages", "page", day("s.ran_at")), 1},
		{"daily_retrieved_domains", retrievedBy("daily_retrieved_domains", "domain", day("s.ran_at")), 1},
		{"daily_retrieved_domain_totals", `INSERT INTO daily_retrieved_domain_totals (brand_id, domain, ran_at, runs)
			SELECT s.brand_id, s.domain, ` + day("s.ran_at") + `, COUNT(DISTINCT s.run_seq)
			FROM run_sources s WHERE s.run_seq BETWEEN ? AND ?
			GROUP BY s.brand_id, s.domain, ` + day("s.ran_at") + `
			ON CONFLICT (brand_id, domain, ran_at) DO UPDATE SET runs = daily_retrieved_domain_totals.runs + excluded.runs`, 1},
		{"daily_ads", `INSERT INTO daily_ads (brand_id, ran_at, advertiser_id, provider_id, ads, appearances)
			SELECT a.brand_id, ` + day("a.ran_at") + `, a.advertiser_id, a.provider_id, COUNT(*), COUNT(DISTINCT a.run_seq)
			FROM ads a WHERE a.run_seq BETWEEN ? AND ?
			GROUP BY a.brand_id, ` + day("a.ran_at") + `, a.advertiser_id, a.provider_id
			ON CONFLICT (brand_id, ran_at, advertiser_id, provider_id) DO UPDATE SET
				ads = daily_ads.ads + excluded.ads, appearances = daily_ads.appearances + excluded.appearances`, 1},
	}
	for _, st := range stmts {
		if len(tables) > 0 && !slices.Contains(tables, st.name) {
			continue
		}
		var args []any
		for range st.ranges {
			args = append(args, lo, hi)
		}
		q := st.sql
		if brandID != "" {
			// every range ("x.seq BETWEEN ? AND ?") also keeps to the
			// brand and its days from since on
			q = seqRange.ReplaceAllString(q, "$1.$2 BETWEEN ? AND ? AND $1.brand_id = ? AND $1.ran_at >= ?")
			args = args[:0]
			for range st.ranges {
				args = append(args, lo, hi, brandID, ts(since))
			}
		}
		if _, err := tx.exec(ctx, q, args...); err != nil {
			return fmt.Errorf("refresh %s: %w", st.name, err)
		}
	}
	return nil
}

// rebuildRollups fills the rollups from every stored run (migration 0002);
// tables, when given, limits it to those rollups.
func rebuildRollups(ctx context.Context, tx *Tx, tables ...string) error {
	var lo, hi int64
	if err := tx.queryRow(ctx, `SELECT COALESCE(MIN(seq), 0), COALESCE(MAX(seq), -1) FROM runs`).Scan(&lo, &hi); err != nil {
		return fmt.Errorf("run range: %w", err)
	}
	if hi < lo {
		return nil
	}
	return refreshRollups(ctx, tx, lo, hi, "", time.Time{}, tables...)
}

// retrievedBy is the statement that adds the retrieved sources of a range
// of runs into table, one row per column col (page or domain) and day.
func retrievedBy(table, col, day string) string {
	return `INSERT INTO ` + table + ` (brand_id, ` + col + `, ran_at, topic_id, provider_id, region_id, runs)
		SELECT s.brand_id, s.` + col + `, ` + day + `, s.topic_id, s.provider_id, s.region_id, COUNT(DISTINCT s.run_seq)
		FROM run_sources s WHERE s.run_seq BETWEEN ? AND ?
		GROUP BY s.brand_id, s.` + col + `, ` + day + `, s.topic_id, s.provider_id, s.region_id
		ON CONFLICT (brand_id, ` + col + `, ran_at, topic_id, provider_id, region_id) DO UPDATE SET
			runs = ` + table + `.runs + excluded.runs`
}

var seqRange = regexp.MustCompile(`(\w+)\.(seq|run_seq) BETWEEN \? AND \?`)

// rollupTables are every table refreshRollups and refreshWeekly fill.
var rollupTables = []string{"daily_runs", "weekly_runs", "daily_mentions", "daily_topic_mentions", "weekly_topic_mentions", "daily_pages", "weekly_pages", "half_week_pages",
	"daily_topic_pages", "daily_domains", "daily_page_brands", "daily_domain_brands", "daily_ads",
	"daily_search_queries", "weekly_search_queries",
	"daily_retrieved_pages", "weekly_retrieved_pages", "daily_retrieved_domains", "weekly_retrieved_domains",
	"daily_retrieved_domain_totals", "weekly_retrieved_domain_totals"}

// refreshWeekly adds up a brand's daily_runs, daily_topic_mentions,
// daily_pages, daily_search_queries and daily_retrieved_* rows by ISO week
// into their weekly twins from the week starting on week on, and its
// daily_pages rows by half week into half_week_pages from the half week
// starting on half on (migrations 0005, 0012, 0016, 0022 and 0023 do the
// same for every brand); those weekly and
// half-week rows of the brand must be empty. tables, when given, limits it
// to those weekly tables (a migration that adds one).
func refreshWeekly(ctx context.Context, tx *Tx, brandID string, week, half time.Time, tables ...string) error {
	weekOf := tx.d.WeekStart("ran_at")
	for _, st := range []struct {
		table, sql string
		from       time.Time
	}{
		{"weekly_runs", `INSERT INTO weekly_runs (brand_id, ran_at, topic_id, provider_id, region_id, runs, citations, owned_citations)
			SELECT brand_id, ` + weekOf + `, topic_id, provider_id, region_id, SUM(runs), SUM(citations), SUM(owned_citations)
			FROM daily_runs WHERE brand_id = ? AND ran_at >= ? GROUP BY brand_id, ` + weekOf + `, topic_id, provider_id, region_id`, week},
		{"weekly_topic_mentions", `INSERT INTO weekly_topic_mentions (brand_id, ran_at, topic_id, found_brand_id, mentions, sentiment_sum)
			SELECT brand_id, ` + weekOf + `, topic_id, found_brand_id, SUM(mentions), SUM(sentiment_sum)
			FROM daily_topic_mentions WHERE brand_id = ? AND ran_at >= ? GROUP BY brand_id, ` + weekOf + `, topic_id, found_brand_id`, week},
		{"weekly_pages", pagesBy("weekly_pages", weekOf), week},
		{"half_week_pages", pagesBy("half_week_pages", tx.d.HalfWeekStart("ran_at")), half},
		{"weekly_search_queries", `INSERT INTO weekly_search_queries (brand_id, ran_at, topic_id, provider_id, prompt_id, query_key,
				runs, self_runs, owned_citations)
			SELECT brand_id, ` + weekOf + `, topic_id, provider_id, prompt_id, query_key,
				SUM(runs), SUM(self_runs), SUM(owned_citations)
			FROM daily_search_queries WHERE brand_id = ? AND ran_at >= ?
			GROUP BY brand_id, ` + weekOf + `, topic_id, provider_id, prompt_id, query_key`, week},
		{"weekly_retrieved_pages", retrievedWeeks("weekly_retrieved_pages", "daily_retrieved_pages", "page", weekOf), week},
		{"weekly_retrieved_domains", retrievedWeeks("weekly_retrieved_domains", "daily_retrieved_domains", "domain", weekOf), week},
		{"weekly_retrieved_domain_totals", `INSERT INTO weekly_retrieved_domain_totals (brand_id, domain, ran_at, runs)
			SELECT brand_id, domain, ` + weekOf + `, SUM(runs)
			FROM daily_retrieved_domain_totals WHERE brand_id = ? AND ran_at >= ?
			GROUP BY brand_id, domain, ` + weekOf, week},
	} {
		if len(tables) > 0 && !slices.Contains(tables, st.table) {
			continue
		}
		if _, err := tx.exec(ctx, st.sql, brandID, ts(st.from)); err != nil {
			return fmt.Errorf("refresh %s: %w", st.table, err)
		}
	}
	return nil
}

// retrievedWeeks is the statement that adds up a brand's rows of the daily
// retrieved-source rollup daily into its weekly twin table.
func retrievedWeeks(table, daily, col, weekOf string) string {
	return `INSERT INTO ` + table + ` (brand_id, ` + col + `, ran_at, topic_id, provider_id, region_id, runs)
		SELECT brand_id, ` + col + `, ` + weekOf + `, topic_id, provider_id, region_id, SUM(runs)
		FROM ` + daily + ` WHERE brand_id = ? AND ran_at >= ?
		GROUP BY brand_id, ` + col + `, ` + weekOf + `, topic_id, provider_id, region_id`
}

// pagesBy is the statement that adds up a brand's daily_pages rows into
// table by the bucket the expression bucket gives each day.
func pagesBy(table, bucket string) string {
	return `INSERT INTO ` + table + ` (brand_id, ran_at, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only)
		SELECT brand_id, ` + bucket + `, page, MIN(domain), MIN(page_type), MIN(domain_type), MIN(subreddit),
			MAX(has_source), MAX(has_inline), SUM(citations), SUM(named), SUM(comp_only)
		FROM daily_pages WHERE brand_id = ? AND ran_at >= ? GROUP BY brand_id, ` + bucket + `, page`
}

// rebuildBrandRollups recomputes a brand's rollups from its facts. The
// rollups hold what was true at ingest of which domains are owned and which
// found brands are tracked competitors, so a change of either (brand
// domains, competitors added or removed) rebuilds them; its cost grows with
// the brand's history, which such rare changes can afford. The days before
// the brand's pruned day have no facts left to count again: their rows,
// and the weekly and half-week rows of the weeks they begin, stay as they
// are (docs/retention.md#what-still-answers).
func rebuildBrandRollups(ctx context.Context, tx *Tx, brandID string) error {
	since, err := prunedBefore(ctx, tx, brandID)
	if err != nil {
		return err
	}
	week, half := sightline.BucketStart(since, "week"), analyticsql.HalfWeekStart(since)
	if since.IsZero() {
		week, half = since, since
	}
	for _, t := range rollupTables {
		from := since
		switch t {
		case "weekly_runs", "weekly_topic_mentions", "weekly_pages", "weekly_search_queries",
			"weekly_retrieved_pages", "weekly_retrieved_domains", "weekly_retrieved_domain_totals":
			from = week
		case "half_week_pages":
			from = half
		}
		if _, err := tx.exec(ctx, `DELETE FROM `+t+` WHERE brand_id = ? AND ran_at >= ?`, brandID, ts(from)); err != nil {
			return fmt.Errorf("clear %s: %w", t, err)
		}
	}
	var lo, hi int64
	if err := tx.queryRow(ctx, `SELECT COALESCE(MIN(seq), 0), COALESCE(MAX(seq), -1) FROM runs WHERE brand_id = ? AND ran_at >= ?`,
		brandID, ts(since)).Scan(&lo, &hi); err != nil {
		return fmt.Errorf("run range: %w", err)
	}
	if hi >= lo {
		if err := refreshRollups(ctx, tx, lo, hi, brandID, since); err != nil {
			return err
		}
	}
	return refreshWeekly(ctx, tx, brandID, week, half)
}

// fillSearchQueryRollups is migration 0022's step: it writes query_key of
// the fan-out queries stored before with foldQuery, so that the fold has
// one definition (in Go), through a table of the distinct queries and
// their keys (one UPDATE pass instead of one per query), and then fills
// daily_search_queries and weekly_search_queries from the facts as ingest
// would have.
func fillSearchQueryRollups(ctx context.Context, tx *Tx) error {
	queries, err := queryStrings(ctx, tx, `SELECT DISTINCT query FROM run_search_queries`)
	if err != nil {
		return fmt.Errorf("read search queries: %w", err)
	}
	if len(queries) == 0 {
		return nil
	}
	if _, err := tx.exec(ctx, `CREATE TABLE search_query_keys (query TEXT PRIMARY KEY, query_key TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("create search_query_keys: %w", err)
	}
	const batch = 500
	for len(queries) > 0 {
		n := min(batch, len(queries))
		args := make([]any, 0, 2*n)
		for _, q := range queries[:n] {
			args = append(args, q, foldQuery(q))
		}
		if _, err := tx.exec(ctx, `INSERT INTO search_query_keys (query, query_key) VALUES `+valuesList(n, 2), args...); err != nil {
			return fmt.Errorf("fill search_query_keys: %w", err)
		}
		queries = queries[n:]
	}
	for _, st := range []string{
		`UPDATE run_search_queries SET query_key = (
			SELECT search_query_keys.query_key FROM search_query_keys WHERE search_query_keys.query = run_search_queries.query)`,
		`DROP TABLE search_query_keys`,
	} {
		if _, err := tx.exec(ctx, st); err != nil {
			return fmt.Errorf("fold search queries: %w", err)
		}
	}
	// The rollups of this migration's schema, a row per run dimension
	// (the region included), prompt and folded query: written here rather
	// than by refreshRollups, whose statements are the current schema's
	// (migration 0026 adds these rows up without the region).
	day, weekOf := tx.d.DayStart("q.ran_at"), tx.d.WeekStart("ran_at")
	for _, st := range []string{
		`INSERT INTO daily_search_queries (brand_id, ran_at, topic_id, provider_id, region_id, prompt_id, query_key,
			runs, self_runs, owned_citations)
		SELECT q.brand_id, ` + day + `, q.topic_id, q.provider_id, q.region_id, q.prompt_id, q.query_key,
			COUNT(*), SUM(COALESCE(f.named, 0)), SUM(COALESCE(c.owned, 0))
		FROM (SELECT DISTINCT sq.brand_id AS brand_id, sq.ran_at AS ran_at, sq.topic_id AS topic_id, sq.provider_id AS provider_id,
			sq.region_id AS region_id, sq.prompt_id AS prompt_id, sq.run_seq AS run_seq, sq.query_key AS query_key
			FROM run_search_queries sq WHERE sq.query_key <> '') q
		LEFT JOIN (SELECT m.run_seq AS run_seq, MAX(CASE WHEN fb.is_self THEN 1 ELSE 0 END) AS named
			FROM mentions m JOIN found_brands fb ON fb.id = m.found_brand_id GROUP BY m.run_seq) f ON f.run_seq = q.run_seq
		LEFT JOIN (SELECT c.run_seq AS run_seq,
			SUM(CASE WHEN c.domain IN (SELECT bd.domain FROM brand_domains bd WHERE bd.brand_id = c.brand_id) THEN 1 ELSE 0 END) AS owned
			FROM citations c GROUP BY c.run_seq) c ON c.run_seq = q.run_seq
		GROUP BY q.brand_id, ` + day + `, q.topic_id, q.provider_id, q.region_id, q.prompt_id, q.query_key`,
		`INSERT INTO weekly_search_queries (brand_id, ran_at, topic_id, provider_id, region_id, prompt_id, query_key,
			runs, self_runs, owned_citations)
		SELECT brand_id, ` + weekOf + `, topic_id, provider_id, region_id, prompt_id, query_key,
			SUM(runs), SUM(self_runs), SUM(owned_citations)
		FROM daily_search_queries
		GROUP BY brand_id, ` + weekOf + `, topic_id, provider_id, region_id, prompt_id, query_key`,
	} {
		if _, err := tx.exec(ctx, st); err != nil {
			return fmt.Errorf("fill search query rollups: %w", err)
		}
	}
	// PostgreSQL plans the list's range joins from the tables' statistics:
	// without them, until autovacuum comes by, it scanned every row of the
	// brand (245 ms instead of 60 ms on the small demo set)
	if tx.d.Engine == enginePostgres {
		if _, err := tx.exec(ctx, `ANALYZE run_search_queries, daily_search_queries, weekly_search_queries`); err != nil {
			return fmt.Errorf("analyze search query rollups: %w", err)
		}
	}
	return nil
}

// fillRetrievedRollups is migration 0023's step: it fills the
// retrieved-source rollups from the facts as ingest would have. A brand's
// days before its pruned day have no sources left, so no rows: their
// retrieved_count is null in any case (docs/retention.md#what-still-answers).
func fillRetrievedRollups(ctx context.Context, tx *Tx) error {
	if err := rebuildRollups(ctx, tx, "daily_retrieved_pages", "daily_retrieved_domains"); err != nil {
		return err
	}
	brands, err := queryStrings(ctx, tx, `SELECT id FROM brands`)
	if err != nil {
		return fmt.Errorf("read brands: %w", err)
	}
	for _, b := range brands {
		if err := refreshWeekly(ctx, tx, b, time.Time{}, time.Time{}, "weekly_retrieved_pages", "weekly_retrieved_domains"); err != nil {
			return err
		}
	}
	// PostgreSQL plans the reads' range joins from the tables' statistics,
	// which autovacuum gathers only later
	if tx.d.Engine == enginePostgres {
		if _, err := tx.exec(ctx, `ANALYZE daily_retrieved_pages, weekly_retrieved_pages, daily_retrieved_domains, weekly_retrieved_domains`); err != nil {
			return fmt.Errorf("analyze retrieved rollups: %w", err)
		}
	}
	return nil
}
