package sqlstore

// Reading runs back (GET …/runs, the NDJSON export): the answers behind
// every metric, with the same scope filters, so that a count an aggregate
// shows can be reproduced from the runs (docs/api.md, "Runs").

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
)

var _ sightline.RunReadService = (*DB)(nil)

// runBatch is how many runs EachRun reads per statement set.
const runBatch = 500

// runQ is a RunFilter resolved inside a transaction.
type runQ struct {
	f        sightline.RunFilter
	sq       *scopeQ  // dimension filters only (dimFilter)
	foundIDs []string // filter[mentions] resolved to found brands
}

func newRunQ(ctx context.Context, tx *Tx, f sightline.RunFilter) (*runQ, error) {
	q := &runQ{f: f, sq: &scopeQ{Scope: f.Scope, dialect: tx.d, tx: tx}}
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

// runFacts is the join of a fact table aliased a with the run r: the fact
// tables' primary key prefix, so each run finds its rows by key.
func runFacts(a string) string {
	return fmt.Sprintf(`%[1]s.brand_id = r.brand_id AND %[1]s.topic_id = COALESCE(r.topic_id, '`+nilTopic+`')
		AND %[1]s.provider_id = r.provider_id AND %[1]s.ran_at = r.ran_at AND %[1]s.run_seq = r.seq`, a)
}

// answerFiltered reports whether the filter looks into the answers
// (mentions or citations), not only at the runs' window and dimensions.
func (q *runQ) answerFiltered() bool {
	return len(q.foundIDs)+len(q.f.CitesDomains)+len(q.f.CitesURLs) > 0
}

// okWhere writes the conditions on runs r of the filter.
func (q *runQ) okWhere(s *sqlb) {
	f, args := q.sq.runFilter("r", q.f.Window)
	s.add(` WHERE `+f, args...)
	if len(q.foundIDs) > 0 {
		s.add(` AND EXISTS (SELECT 1 FROM mentions m WHERE `+runFacts("m")+` AND m.found_brand_id IN (`+placeholders(len(q.foundIDs))+`))`, anys(q.foundIDs))
	}
	if len(q.f.CitesDomains) > 0 {
		s.add(` AND EXISTS (SELECT 1 FROM citations c WHERE `+runFacts("c")+` AND c.domain IN (`+placeholders(len(q.f.CitesDomains))+`))`, anys(q.f.CitesDomains))
	}
	if len(q.f.CitesURLs) > 0 {
		s.add(` AND EXISTS (SELECT 1 FROM citations c WHERE `+runFacts("c")+` AND c.page IN (`+placeholders(len(q.f.CitesURLs))+`))`, anys(q.f.CitesURLs))
	}
}

// failedWhere writes the conditions on failed collection attempts a (with
// their prompt p, provider pv and region rg). A failed attempt has no
// answer, so it names and cites nothing: filters on mentions or citations
// select none.
func (q *runQ) failedWhere(s *sqlb) {
	s.add(` WHERE a.brand_id = ? AND a.status = 'failed' AND a.finished_at >= ? AND a.finished_at < ?`,
		q.f.BrandID, ts(q.f.Window.Start), ts(q.f.Window.End))
	if len(q.f.ProviderIDs) > 0 {
		s.add(` AND pv.id IN (`+placeholders(len(q.f.ProviderIDs))+`)`, anys(q.f.ProviderIDs))
	}
	if len(q.f.RegionIDs) > 0 {
		s.add(` AND rg.id IN (`+placeholders(len(q.f.RegionIDs))+`)`, anys(q.f.RegionIDs))
	}
	if len(q.f.TopicIDs) > 0 {
		s.add(` AND p.topic_id IN (`+placeholders(len(q.f.TopicIDs))+`)`, anys(q.f.TopicIDs))
	}
	if len(q.f.PromptIDs) > 0 {
		s.add(` AND a.prompt_id IN (`+placeholders(len(q.f.PromptIDs))+`)`, anys(q.f.PromptIDs))
	}
	if len(q.f.Mentions)+len(q.f.CitesDomains)+len(q.f.CitesURLs) > 0 {
		s.add(` AND 1 = 0`)
	}
}

const okRunColumns = `SELECT r.seq, r.id, r.brand_id, r.ran_at, r.prompt_id, p.text, r.topic_id, t.name, r.provider_id, pv.code,
	r.region_id, rg.code, r.model, COALESCE(ra.answer, '')
	FROM runs r JOIN prompts p ON p.id = r.prompt_id LEFT JOIN topics t ON t.id = r.topic_id
	JOIN providers pv ON pv.id = r.provider_id JOIN regions rg ON rg.id = r.region_id
	LEFT JOIN run_answers ra ON ra.run_seq = r.seq`

const failedRunColumns = `SELECT a.id, a.brand_id, a.finished_at, a.prompt_id, p.text, p.topic_id, t.name, pv.id, a.provider,
	rg.id, a.region, a.model, COALESCE(a.reason_code, ''), COALESCE(a.reason, '')
	FROM collection_attempts a JOIN prompts p ON p.id = a.prompt_id LEFT JOIN topics t ON t.id = p.topic_id
	LEFT JOIN providers pv ON pv.code = a.provider LEFT JOIN regions rg ON rg.code = a.region`

func scanOKRun(scan func(...any) error) (*sightline.Run, error) {
	r := &sightline.Run{Status: sightline.RunOK}
	var ranAt Time
	var topicID, topicName sql.NullString
	if err := scan(&r.Seq, &r.ID, &r.BrandID, &ranAt, &r.Prompt.ID, &r.Prompt.Text, &topicID, &topicName,
		&r.Provider.ID, &r.Provider.Code, &r.Region.ID, &r.Region.Code, &r.Model, &r.Answer); err != nil {
		return nil, err
	}
	r.RanAt = ranAt.Time
	if topicID.Valid {
		r.Topic = &sightline.RunTopic{ID: topicID.String, Name: topicName.String}
	}
	r.Mentions, r.Citations, r.Ads = []sightline.RunMentionView{}, []sightline.RunCitationView{}, []sightline.RunAdView{}
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
	var where sqlb
	var total int
	if f.Status == sightline.RunFailed {
		q.failedWhere(&where)
		from := ` FROM collection_attempts a JOIN prompts p ON p.id = a.prompt_id
			LEFT JOIN providers pv ON pv.code = a.provider LEFT JOIN regions rg ON rg.code = a.region`
		if err := tx.queryRow(ctx, `SELECT COUNT(*)`+from+where.String(), where.args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count failed runs: %w", mapError(err))
		}
		runs, err := scanAll(ctx, tx, "failed runs", failedRunColumns+where.String()+` ORDER BY a.finished_at DESC, a.id DESC LIMIT ? OFFSET ?`,
			append(where.args, f.PageSize, f.Offset()), scanFailedRun)
		return runs, total, err
	}
	q.okWhere(&where)
	if !q.answerFiltered() {
		// The window and dimensions alone: the count reads the covering
		// index, the page the first rows of it.
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM runs r`+where.String(), where.args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count runs: %w", mapError(err))
		}
		runs, err := scanAll(ctx, tx, "runs", okRunColumns+where.String()+` ORDER BY r.ran_at DESC, r.seq DESC LIMIT ? OFFSET ?`,
			append(where.args, f.PageSize, f.Offset()), scanOKRun)
		if err == nil {
			err = fillRuns(ctx, tx, f.BrandID, runs)
		}
		return runs, total, err
	}
	// Filters on the answers look each run up in the facts: they are
	// evaluated once, k holding the matching runs' keys and pg the page of
	// them; the total rides on the page's rows, and only a page past the
	// end counts k again.
	var s sqlb
	s.add(`WITH k AS MATERIALIZED (SELECT r.seq AS seq, r.ran_at AS ran_at FROM runs r`+where.String()+`),
		pg AS MATERIALIZED (SELECT seq FROM k ORDER BY ran_at DESC, seq DESC LIMIT ? OFFSET ?) `, append(where.args, f.PageSize, f.Offset())...)
	s.add(strings.Replace(okRunColumns, `SELECT `, `SELECT (SELECT COUNT(*) FROM k), `, 1) + ` JOIN pg ON pg.seq = r.seq ORDER BY r.ran_at DESC, r.seq DESC`)
	runs, err := scanAll(ctx, tx, "runs", s.String(), s.args, func(scan func(...any) error) (*sightline.Run, error) {
		return scanOKRun(func(dst ...any) error { return scan(append([]any{&total}, dst...)...) })
	})
	if err != nil {
		return nil, 0, err
	}
	if len(runs) == 0 {
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM runs r`+where.String(), where.args...).Scan(&total); err != nil {
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
	runs, err := scanAll(ctx, tx, "run", okRunColumns+` WHERE r.id = ? AND r.brand_id = ?`, []any{runID, brandID}, scanOKRun)
	if err != nil {
		return nil, err
	}
	if len(runs) == 0 {
		runs, err = scanAll(ctx, tx, "failed run", failedRunColumns+` WHERE a.id = ? AND a.brand_id = ? AND a.status = 'failed'`,
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
			s.add(failedRunColumns)
			q.failedWhere(&s)
			if after != nil {
				s.add(` AND a.finished_at <= ? AND (a.finished_at < ? OR a.id < ?)`, ts(after.RanAt), ts(after.RanAt), after.ID)
			}
			s.add(` ORDER BY a.finished_at DESC, a.id DESC LIMIT ?`, runBatch)
			runs, err = scanAll(ctx, tx, "failed runs", s.String(), s.args, scanFailedRun)
		} else {
			s.add(okRunColumns)
			q.okWhere(&s)
			if after != nil {
				// ran_at <= bounds the index range; the rest breaks ties
				s.add(` AND r.ran_at <= ? AND (r.ran_at < ? OR r.seq < ?)`, ts(after.RanAt), ts(after.RanAt), after.Seq)
			}
			s.add(` ORDER BY r.ran_at DESC, r.seq DESC LIMIT ?`, runBatch)
			if runs, err = scanAll(ctx, tx, "runs", s.String(), s.args, scanOKRun); err == nil {
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
	// keys selects the batch's runs r and their rows of the fact table a,
	// joined after r (CROSS JOIN keeps SQLite from reordering).
	keys := func(s *sqlb, a string) {
		s.add(` WHERE r.seq IN (`+placeholders(len(seqs))+`) AND `, seqs)
		if a == "a" { // ads are keyed by (brand_id, ran_at, run_seq, ord)
			s.add(`a.brand_id = r.brand_id AND a.ran_at = r.ran_at AND a.run_seq = r.seq`)
		} else {
			s.add(runFacts(a))
		}
	}

	var s sqlb
	s.add(`SELECT m.run_seq, m.found_brand_id, fb.name, fb.is_self, COALESCE(CAST(fb.competitor_id AS TEXT), ''), m.position, m.mention_count, m.sentiment
		FROM runs r CROSS JOIN mentions m JOIN found_brands fb ON fb.id = m.found_brand_id`)
	keys(&s, "m")
	s.add(` ORDER BY m.run_seq, m.position, fb.name`)
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
	// (classOf, docs/metrics.md "Ownership classes").
	named := func(cond string, args ...any) (string, []any) {
		return `(SELECT COUNT(*) FROM mentions m JOIN found_brands fb ON fb.id = m.found_brand_id
			WHERE m.brand_id = c.brand_id AND m.topic_id = c.topic_id AND m.provider_id = c.provider_id
			AND m.ran_at = c.ran_at AND m.run_seq = c.run_seq AND ` + cond + `)`, args
	}
	nn, nnArgs := named(`fb.is_self = ?`, true)
	nc, _ := named(`fb.competitor_id IS NOT NULL`)
	s = sqlb{}
	s.add(`WITH od AS (SELECT domain FROM brand_domains WHERE brand_id = ?),
		cd AS (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> '')
		SELECT c.run_seq, c.ord, c.url, c.page, c.domain, c.title, c.author, c.citation_type, c.page_type, `, brandID, brandID)
	// classOf names nn before nc; only nn has an argument.
	s.add(classOf("c.domain", nn, nc, "c.domain_type"), nnArgs...)
	s.add(` FROM runs r CROSS JOIN citations c`)
	keys(&s, "c")
	s.add(` ORDER BY c.run_seq, c.ord`)
	err = eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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

	s = sqlb{}
	s.add(`SELECT a.run_seq, a.ord, adv.id, adv.name, adv.domain, a.text FROM runs r CROSS JOIN ads a JOIN advertisers adv ON adv.id = a.advertiser_id`)
	keys(&s, "a")
	s.add(` ORDER BY a.run_seq, a.ord`)
	err = eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
