package sqlstore

// Reading runs back (GET …/runs, the NDJSON export): the answers behind
// every metric, with the same scope filters, so that a count an aggregate
// shows can be reproduced from the runs (docs/api.md#runs).

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.RunReadService = (*DB)(nil)

// runBatch is how many runs EachRun reads per statement set.
const runBatch = 500

// runQ is a RunFilter resolved inside a transaction.
type runQ struct {
	f        sightline.RunFilter
	sq       *scopeQ  // dimension filters only (DimFilter)
	foundIDs []string // filter[mentions] resolved to found brands
}

func newRunQ(ctx context.Context, tx *Tx, f sightline.RunFilter) (*runQ, error) {
	q := &runQ{f: f, sq: &scopeQ{Scope: &analyticsql.Scope{Scope: f.Scope, Dialect: tx.d}}}
	// runs before the brand's pruned day have no answer left: not listed
	// (docs/retention.md)
	pruned, err := prunedBefore(ctx, tx, f.BrandID)
	if err != nil {
		return nil, err
	}
	if q.f.Window.Start.Before(pruned) {
		q.f.Window.Start = pruned
		q.sq.Window = q.f.Window
	}
	for _, id := range f.Mentions {
		var ids []string
		var err error
		if id == f.BrandID {
			ids, err = queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?`, f.BrandID, true)
		} else {
			ids, err = queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND (id = ? OR competitor_id = ?)`, f.BrandID, id, id)
		}
		if err != nil {
			return nil, fmt.Errorf("resolve filter[mentions]: %w", err)
		}
		q.foundIDs = append(q.foundIDs, ids...)
	}
	if len(f.Mentions) > 0 {
		q.foundIDs = orNoMatch(dedupe(q.foundIDs))
	}
	return q, nil
}

// runFacts writes the join of a fact table (mentions, citations) with runs:
// the fact tables' primary key prefix, so each run finds its rows by key.
func runFacts(s *sqlb, table string) {
	s.Add(table + `.brand_id = runs.brand_id
AND ` + table + `.topic_id = COALESCE(runs.topic_id, '` + nilTopic + `')
AND ` + table + `.provider_id = runs.provider_id
AND ` + table + `.ran_at = runs.ran_at
AND ` + table + `.run_seq = runs.seq`)
}

// answerFiltered reports whether the filter looks into the answers
// (mentions or citations), not only at the runs' window and dimensions.
func (q *runQ) answerFiltered() bool {
	return len(q.foundIDs)+len(q.f.CitesDomains)+len(q.f.CitesURLs) > 0
}

// okWhere writes the conditions on runs of the filter.
func (q *runQ) okWhere(s *sqlb) {
	s.Add(` WHERE `)
	q.sq.FilterIn(s, "runs", q.f.Window)
	if len(q.foundIDs) > 0 {
		s.Add(` AND EXISTS (SELECT 1 FROM mentions WHERE `)
		runFacts(s, "mentions")
		s.Add(`
			AND mentions.found_brand_id IN (`+analyticsql.Placeholders(len(q.foundIDs))+`))`, anys(q.foundIDs))
	}
	if len(q.f.CitesDomains) > 0 {
		s.Add(` AND EXISTS (SELECT 1 FROM citations WHERE `)
		runFacts(s, "citations")
		s.Add(`
			AND citations.domain IN (`+analyticsql.Placeholders(len(q.f.CitesDomains))+`))`, anys(q.f.CitesDomains))
	}
	if len(q.f.CitesURLs) > 0 {
		s.Add(` AND EXISTS (SELECT 1 FROM citations WHERE `)
		runFacts(s, "citations")
		s.Add(`
			AND citations.page IN (`+analyticsql.Placeholders(len(q.f.CitesURLs))+`))`, anys(q.f.CitesURLs))
	}
}

// failedWhere writes the conditions on failed collection_attempts (with
// their prompts, providers and regions). A failed attempt has no answer, so
// it names and cites nothing: filters on mentions or citations select none.
func (q *runQ) failedWhere(s *sqlb) {
	s.Add(` WHERE collection_attempts.brand_id = ? AND collection_attempts.status = 'failed'
		AND collection_attempts.finished_at >= ? AND collection_attempts.finished_at < ?`,
		q.f.BrandID, ts(q.f.Window.Start), ts(q.f.Window.End))
	if len(q.f.ProviderIDs) > 0 {
		s.Add(` AND providers.id IN (`+analyticsql.Placeholders(len(q.f.ProviderIDs))+`)`, anys(q.f.ProviderIDs))
	}
	if len(q.f.RegionIDs) > 0 {
		s.Add(` AND regions.id IN (`+analyticsql.Placeholders(len(q.f.RegionIDs))+`)`, anys(q.f.RegionIDs))
	}
	if len(q.f.TopicIDs) > 0 {
		s.Add(` AND prompts.topic_id IN (`+analyticsql.Placeholders(len(q.f.TopicIDs))+`)`, anys(q.f.TopicIDs))
	}
	if len(q.f.PromptIDs) > 0 {
		s.Add(` AND collection_attempts.prompt_id IN (`+analyticsql.Placeholders(len(q.f.PromptIDs))+`)`, anys(q.f.PromptIDs))
	}
	if len(q.f.Mentions)+len(q.f.CitesDomains)+len(q.f.CitesURLs) > 0 {
		s.Add(` AND 1 = 0`)
	}
}

// okRunColumns are the columns scanOKRun reads, from the joins of okRunFrom;
// okRunSelect selects them, to be followed by conditions on runs.
const okRunColumns = `runs.seq, runs.id, runs.brand_id, runs.ran_at, runs.prompt_id, prompts.text, runs.topic_id, topics.name,
	runs.provider_id, providers.code, runs.region_id, regions.code, runs.model, COALESCE(run_answers.answer, ''),
	run_surfaces.source, COALESCE(run_surfaces.answer_shown, TRUE), runs.search_queries_reported`

const okRunFrom = `
	FROM runs JOIN prompts ON prompts.id = runs.prompt_id LEFT JOIN topics ON topics.id = runs.topic_id
	JOIN providers ON providers.id = runs.provider_id JOIN regions ON regions.id = runs.region_id
	LEFT JOIN run_answers ON run_answers.run_seq = runs.seq
	LEFT JOIN run_surfaces ON run_surfaces.run_seq = runs.seq
`

const okRunSelect = `SELECT ` + okRunColumns + okRunFrom

const failedRunColumns = `SELECT collection_attempts.id, collection_attempts.brand_id, collection_attempts.finished_at,
	collection_attempts.prompt_id, prompts.text, prompts.topic_id, topics.name, providers.id, collection_attempts.provider,
	regions.id, collection_attempts.region, collection_attempts.model,
	COALESCE(collection_attempts.reason_code, ''), COALESCE(collection_attempts.reason, '')
	FROM collection_attempts JOIN prompts ON prompts.id = collection_attempts.prompt_id LEFT JOIN topics ON topics.id = prompts.topic_id
	LEFT JOIN providers ON providers.code = collection_attempts.provider LEFT JOIN regions ON regions.code = collection_attempts.region`

func scanOKRun(scan func(...any) error) (*sightline.Run, error) {
	r := &sightline.Run{Status: sightline.RunOK}
	var ranAt Time
	var topicID, topicName sql.NullString
	var reported bool
	if err := scan(&r.Seq, &r.ID, &r.BrandID, &ranAt, &r.Prompt.ID, &r.Prompt.Text, &topicID, &topicName,
		&r.Provider.ID, &r.Provider.Code, &r.Region.ID, &r.Region.Code, &r.Model, &r.Answer, &r.Source, &r.AnswerShown, &reported); err != nil {
		return nil, err
	}
	r.RanAt = ranAt.Time
	if topicID.Valid {
		r.Topic = &sightline.RunTopic{ID: topicID.String, Name: topicName.String}
	}
	r.Mentions, r.Citations, r.Ads = []sightline.RunMentionView{}, []sightline.RunCitationView{}, []sightline.RunAdView{}
	r.Sources = []sightline.RunSourceView{}
	if reported {
		r.SearchQueries = []string{} // the provider reports its queries: none is []
	}
	return r, nil
}

func scanFailedRun(scan func(...any) error) (*sightline.Run, error) {
	r := &sightline.Run{Status: sightline.RunFailed, Error: &sightline.RunError{}}
	var ranAt Time
	var topicID, topicName, providerID, regionID sql.NullString
	if err := scan(&r.ID, &r.BrandID, &ranAt, &r.Prompt.ID, &r.Prompt.Text, &topicID, &topicName, &providerID, &r.Provider.Code,
		&regionID, &r.Region.Code, &r.Model, &r.Error.Code, &r.Error.Message); err != nil {
		return nil, err
	}
	r.RanAt = ranAt.Time
	r.Provider.ID, r.Region.ID = providerID.String, regionID.String
	if topicID.Valid {
		r.Topic = &sightline.RunTopic{ID: topicID.String, Name: topicName.String}
	}
	r.Mentions, r.Citations, r.Ads = []sightline.RunMentionView{}, []sightline.RunCitationView{}, []sightline.RunAdView{}
	r.Sources = []sightline.RunSourceView{}
	return r, nil
}

// FindRuns returns a page of runs of the filter, newest first.
func (db *DB) FindRuns(ctx context.Context, orgID string, f sightline.RunFilter) ([]*sightline.Run, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, f.BrandID); err != nil {
		return nil, 0, err
	}
	q, err := newRunQ(ctx, tx, f)
	if err != nil {
		return nil, 0, err
	}
	var where, count, page sqlb
	var total int
	if f.Status == sightline.RunFailed {
		q.failedWhere(&where)
		count.Add(`SELECT COUNT(*) FROM collection_attempts JOIN prompts ON prompts.id = collection_attempts.prompt_id
			LEFT JOIN providers ON providers.code = collection_attempts.provider LEFT JOIN regions ON regions.code = collection_attempts.region`).AddSQL(&where)
		if err := tx.queryRow(ctx, count.String(), count.Args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count failed runs: %w", mapError(err))
		}
		page.Add(failedRunColumns).AddSQL(&where).
			Add(` ORDER BY collection_attempts.finished_at DESC, collection_attempts.id DESC LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
		runs, err := scanAll(ctx, tx, "failed runs", page.String(), page.Args, scanFailedRun)
		return runs, total, err
	}
	q.okWhere(&where)
	if !q.answerFiltered() {
		// The window and dimensions alone: the run rollups count the
		// whole days (docs/metrics.md#rollups), the page reads the
		// first rows of the runs' index.
		q.sq.Rollups, q.sq.Now = !tx.noRollups, tx.now
		s := q.sq.RunCount()
		if err := tx.queryRow(ctx, s.String(), s.Args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count runs: %w", mapError(err))
		}
		page.Add(okRunSelect).AddSQL(&where).Add(` ORDER BY runs.ran_at DESC, runs.seq DESC LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
		runs, err := scanAll(ctx, tx, "runs", page.String(), page.Args, scanOKRun)
		if err == nil {
			err = fillRuns(ctx, tx, f.BrandID, runs)
		}
		return runs, total, err
	}
	// Filters on the answers look each run up in the facts: they are
	// evaluated once, matching_runs holding the matching runs' keys and
	// page_runs the page of them; the total rides on the page's rows, and
	// only a page past the end counts the matching runs again.
	page.Add(`WITH matching_runs AS MATERIALIZED (SELECT runs.seq AS seq, runs.ran_at AS ran_at FROM runs`).AddSQL(&where).
		Add(`),
		page_runs AS MATERIALIZED (SELECT seq FROM matching_runs ORDER BY ran_at DESC, seq DESC LIMIT ? OFFSET ?) `, f.PageSize, f.Offset())
	page.Add(`SELECT (SELECT COUNT(*) FROM matching_runs), ` + okRunColumns + okRunFrom +
		` JOIN page_runs ON page_runs.seq = runs.seq ORDER BY runs.ran_at DESC, runs.seq DESC`)
	runs, err := scanAll(ctx, tx, "runs", page.String(), page.Args, func(scan func(...any) error) (*sightline.Run, error) {
		return scanOKRun(func(dst ...any) error { return scan(append([]any{&total}, dst...)...) })
	})
	if err != nil {
		return nil, 0, err
	}
	if len(runs) == 0 {
		count.Add(`SELECT COUNT(*) FROM runs`).AddSQL(&where)
		if err := tx.queryRow(ctx, count.String(), count.Args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count runs: %w", mapError(err))
		}
	}
	if err := fillRuns(ctx, tx, f.BrandID, runs); err != nil {
		return nil, 0, err
	}
	return runs, total, nil
}

// FindRunByID returns one run, or one failed attempt, of a brand.
func (db *DB) FindRunByID(ctx context.Context, orgID, brandID, runID string) (*sightline.Run, error) {
	runID = strings.ToLower(runID)
	if !sightline.IsUUID(runID) {
		return nil, notFound("Run")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	runs, err := scanAll(ctx, tx, "run", okRunSelect+` WHERE runs.id = ? AND runs.brand_id = ?`, []any{runID, brandID}, scanOKRun)
	if err != nil {
		return nil, err
	}
	if len(runs) == 0 {
		runs, err = scanAll(ctx, tx, "failed run", failedRunColumns+` WHERE collection_attempts.id = ? AND collection_attempts.brand_id = ? AND collection_attempts.status = 'failed'`,
			[]any{runID, brandID}, scanFailedRun)
		if err != nil {
			return nil, err
		}
		if len(runs) == 0 {
			return nil, notFound("Run")
		}
		return runs[0], nil
	}
	pruned, err := prunedBefore(ctx, tx, brandID)
	if err != nil {
		return nil, err
	}
	if runs[0].RanAt.Before(pruned) {
		return nil, notFound("Run") // its answer was pruned (docs/retention.md)
	}
	if err := fillRuns(ctx, tx, brandID, runs); err != nil {
		return nil, err
	}
	return runs[0], nil
}

// EachRun walks every run of the filter, newest first, runBatch at a
// time: each batch continues after the last run of the previous one
// (keyset on ran_at and seq), so no batch re-reads what came before.
func (db *DB) EachRun(ctx context.Context, orgID string, f sightline.RunFilter, fn func(*sightline.Run) error) error {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, f.BrandID); err != nil {
		return err
	}
	q, err := newRunQ(ctx, tx, f)
	if err != nil {
		return err
	}
	var after *sightline.Run
	for {
		var s sqlb
		var runs []*sightline.Run
		if f.Status == sightline.RunFailed {
			s.Add(failedRunColumns)
			q.failedWhere(&s)
			if after != nil {
				s.Add(` AND collection_attempts.finished_at <= ? AND (collection_attempts.finished_at < ? OR collection_attempts.id < ?)`,
					ts(after.RanAt), ts(after.RanAt), after.ID)
			}
			s.Add(` ORDER BY collection_attempts.finished_at DESC, collection_attempts.id DESC LIMIT ?`, runBatch)
			runs, err = scanAll(ctx, tx, "failed runs", s.String(), s.Args, scanFailedRun)
		} else {
			s.Add(okRunSelect)
			q.okWhere(&s)
			if after != nil {
				// ran_at <= bounds the index range; the rest breaks ties
				s.Add(` AND runs.ran_at <= ? AND (runs.ran_at < ? OR runs.seq < ?)`, ts(after.RanAt), ts(after.RanAt), after.Seq)
			}
			s.Add(` ORDER BY runs.ran_at DESC, runs.seq DESC LIMIT ?`, runBatch)
			if runs, err = scanAll(ctx, tx, "runs", s.String(), s.Args, scanOKRun); err == nil {
				err = fillRuns(ctx, tx, f.BrandID, runs)
			}
		}
		if err != nil {
			return err
		}
		for _, r := range runs {
			if err := fn(r); err != nil {
				return err
			}
		}
		if len(runs) < runBatch {
			return nil
		}
		after = runs[len(runs)-1]
	}
}

// fillRuns reads the mentions, citations and ads of runs (of one brand):
// one statement per table, each run finding its rows by the fact table's
// primary key (runFacts), a plan that stays right even when the planner's
// statistics are stale after a bulk ingest (reading the batch's key ranges
// instead made PostgreSQL scan the whole mentions table).
func fillRuns(ctx context.Context, tx *Tx, brandID string, runs []*sightline.Run) error {
	if len(runs) == 0 {
		return nil
	}
	bySeq := make(map[int64]*sightline.Run, len(runs))
	seqs := make([]any, 0, len(runs))
	for _, r := range runs {
		bySeq[r.Seq] = r
		seqs = append(seqs, r.Seq)
	}
	// keys selects the batch's runs and their rows of a fact table, joined
	// after runs (CROSS JOIN keeps SQLite from reordering).
	keys := func(s *sqlb, table string) {
		s.Add(`
WHERE runs.seq IN (`+analyticsql.Placeholders(len(seqs))+`)
AND `, seqs)
		if table == "ads" { // ads are keyed by (brand_id, ran_at, run_seq, ord)
			s.Add(`ads.brand_id = runs.brand_id
AND ads.ran_at = runs.ran_at AND ads.run_seq = runs.seq`)
		} else {
			runFacts(s, table)
		}
	}

	var s sqlb
	s.Add(`SELECT mentions.run_seq, mentions.found_brand_id, found_brands.name, found_brands.is_self,
COALESCE(CAST(found_brands.competitor_id AS TEXT), ''),
mentions.position, mentions.mention_count, mentions.sentiment
FROM runs
CROSS JOIN mentions
JOIN found_brands ON found_brands.id = mentions.found_brand_id`)
	keys(&s, "mentions")
	s.Add("\nORDER BY mentions.run_seq, mentions.position, found_brands.name")
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var seq int64
		var self bool
		m := sightline.RunMentionView{Spans: []sightline.Span{}}
		if err := scan(&seq, &m.FoundBrandID, &m.Name, &self, &m.CompetitorID, &m.Position, &m.Count, &m.Sentiment); err != nil {
			return err
		}
		if self {
			m.BrandID = brandID
		}
		r := bySeq[seq]
		r.Mentions = append(r.Mentions, m)
		return nil
	})
	if err != nil {
		return fmt.Errorf("find run mentions: %w", err)
	}

	// A citation's ownership is its class under the brand as target
	// (classOf, docs/metrics.md#ownership-classes-domain_type-filterdomain_types).
	namedBy := func(cond string, args ...any) *sqlb {
		var n sqlb
		return n.Add(`(
  SELECT COUNT(*) FROM mentions
  JOIN found_brands ON found_brands.id = mentions.found_brand_id
  WHERE mentions.brand_id = citations.brand_id AND mentions.topic_id = citations.topic_id
  AND mentions.provider_id = citations.provider_id
  AND mentions.ran_at = citations.ran_at AND mentions.run_seq = citations.run_seq
  AND `+cond+`
)`, args...)
	}
	s = sqlb{}
	s.Add(`WITH owned_domains AS (
  SELECT domain FROM brand_domains WHERE brand_id = ?
),
competitor_domains AS (
  SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''
)
SELECT citations.run_seq, citations.ord, citations.url, citations.page, citations.domain,
citations.title, citations.author, citations.citation_type, citations.page_type,
`, brandID, brandID)
	analyticsql.ClassIn(&s, "citations.domain", namedBy(`found_brands.is_self = ?`, true), namedBy(`found_brands.competitor_id IS NOT NULL`),
		"citations.domain_type")
	s.Add("\nFROM runs\nCROSS JOIN citations")
	keys(&s, "citations")
	s.Add("\nORDER BY citations.run_seq, citations.ord")
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var seq int64
		var c sightline.RunCitationView
		if err := scan(&seq, &c.Ordinal, &c.URL, &c.Page, &c.Domain, &c.Title, &c.Author, &c.Type, &c.PageType, &c.Ownership); err != nil {
			return err
		}
		c.Ordinal++
		r := bySeq[seq]
		r.Citations = append(r.Citations, c)
		return nil
	})
	if err != nil {
		return fmt.Errorf("find run citations: %w", err)
	}

	// The fan-out queries and retrieved sources, in their order
	// (docs/collect.md#fan-out-and-sources).
	s = sqlb{}
	s.Add(`SELECT run_search_queries.run_seq, run_search_queries.query FROM runs CROSS JOIN run_search_queries`)
	keys(&s, "run_search_queries")
	s.Add(` ORDER BY run_search_queries.run_seq, run_search_queries.ord`)
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var seq int64
		var q string
		if err := scan(&seq, &q); err != nil {
			return err
		}
		r := bySeq[seq]
		r.SearchQueries = append(r.SearchQueries, q)
		return nil
	})
	if err != nil {
		return fmt.Errorf("find run search queries: %w", err)
	}
	s = sqlb{}
	s.Add(`SELECT run_sources.run_seq, run_sources.url, run_sources.page, run_sources.domain, run_sources.title,
		run_sources.published_at, run_sources.cited FROM runs CROSS JOIN run_sources`)
	keys(&s, "run_sources")
	s.Add(` ORDER BY run_sources.run_seq, run_sources.ord`)
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var seq int64
		var src sightline.RunSourceView
		var published sql.NullString
		if err := scan(&seq, &src.URL, &src.Page, &src.Domain, &src.Title, &published, &src.Cited); err != nil {
			return err
		}
		if published.Valid {
			src.PublishedAt = &published.String
		}
		r := bySeq[seq]
		r.Sources = append(r.Sources, src)
		return nil
	})
	if err != nil {
		return fmt.Errorf("find run sources: %w", err)
	}

	s = sqlb{}
	s.Add(`SELECT ads.run_seq, ads.ord, advertisers.id, advertisers.name, advertisers.domain, ads.text
FROM runs
CROSS JOIN ads
JOIN advertisers ON advertisers.id = ads.advertiser_id`)
	keys(&s, "ads")
	s.Add("\nORDER BY ads.run_seq, ads.ord")
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var seq int64
		var a sightline.RunAdView
		if err := scan(&seq, &a.Ordinal, &a.AdvertiserID, &a.Advertiser, &a.Domain, &a.Text); err != nil {
			return err
		}
		a.Ordinal++
		r := bySeq[seq]
		r.Ads = append(r.Ads, a)
		return nil
	})
	if err != nil {
		return fmt.Errorf("find run ads: %w", err)
	}
	return nil
}
