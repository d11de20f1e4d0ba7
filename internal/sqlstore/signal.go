package sqlstore

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var (
	_ sightline.SignalService    = (*DB)(nil)
	_ sightline.DetectionService = (*DB)(nil)
)

// Detection reads the fact tables (runs, mentions, citations, ads) over
// the 35 whole UTC days before the last midnight, so that it is isolated
// from how the analytics endpoints read them; every count is computed
// here, in SQL, and defined in docs/metrics.md ("Signals").

// signalSpanDays is how far back detection reads: the week and its 28-day
// baseline.
const signalSpanDays = sightline.SignalWeekDays + sightline.SignalBaselineDays

// QueueDetection notes that the brands have new runs and queues a
// detection job for each unless one is queued; a job running now is
// followed by another (SaveDetection compares the note with its start).
// IngestRuns does the same in its own transaction.
func (db *DB) QueueDetection(ctx context.Context, brandIDs []string) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := queueDetection(ctx, tx, brandIDs); err != nil {
		return err
	}
	return tx.Commit()
}

// queueDetection is QueueDetection inside tx.
func queueDetection(ctx context.Context, tx *Tx, brandIDs []string) error {
	ids := map[string]bool{}
	for _, id := range brandIDs {
		if id = strings.ToLower(strings.TrimSpace(id)); sightline.IsUUID(id) {
			ids[id] = true
		}
	}
	for _, id := range sortedCopy(keys(ids)) {
		if _, err := tx.exec(ctx, `INSERT INTO signal_requests (brand_id, requested_at) VALUES (?, ?)
			ON CONFLICT (brand_id) DO UPDATE SET requested_at = excluded.requested_at`, id, ts(tx.now)); err != nil {
			return fmt.Errorf("note detection request: %w", err)
		}
		if err := queueSignalsJob(ctx, tx, id); err != nil {
			return err
		}
	}
	return nil
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// queueSignalsJob inserts a queued detection job unless one is live (the
// partial unique index of jobs; DO NOTHING keeps the transaction usable on
// PostgreSQL).
func queueSignalsJob(ctx context.Context, tx *Tx, brandID string) error {
	if _, err := tx.exec(ctx, `INSERT INTO jobs (id, brand_id, kind, status, attempts, max_attempts, enqueued_at)
		VALUES (?, ?, ?, ?, 0, ?, ?) ON CONFLICT DO NOTHING`,
		newID(), brandID, sightline.JobKindSignals, sightline.JobQueued, sightline.DefaultJobAttempts, ts(tx.now)); err != nil {
		return fmt.Errorf("queue detection: %w", err)
	}
	return nil
}

// windowSums writes the four sums of a fact over the comparison windows
// (day baseline, day, week baseline, week) for rows already limited to the
// 35-day span; value is counted, or its distinct values when distinct.
func windowSums(s *sqlb, col, value string, distinct bool, end time.Time) {
	dayBase, day := sightline.SignalWindowStarts(end, sightline.SignalWindowDay)
	_, week := sightline.SignalWindowStarts(end, sightline.SignalWindowWeek)
	agg := func(cond string, args ...any) {
		if distinct {
			s.Add(`COUNT(DISTINCT CASE WHEN `+cond+` THEN `+value+` END)`, args...)
		} else {
			s.Add(`SUM(CASE WHEN `+cond+` THEN 1 ELSE 0 END)`, args...)
		}
	}
	agg(col+` >= ? AND `+col+` < ?`, ts(dayBase), ts(day))
	s.Add(`, `)
	agg(col+` >= ?`, ts(day))
	s.Add(`, `)
	agg(col+` < ?`, ts(week))
	s.Add(`, `)
	agg(col+` >= ?`, ts(week))
}

// FindDetectionInput reads a brand's counts for detection at now.
func (db *DB) FindDetectionInput(ctx context.Context, brandID string, now time.Time) (*sightline.DetectionInput, error) {
	brandID = strings.ToLower(brandID)
	if !sightline.IsUUID(brandID) {
		return nil, notFound("Brand")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	end := sightline.StartOfDay(now)
	start := end.AddDate(0, 0, -signalSpanDays)
	in := &sightline.DetectionInput{BrandID: brandID, End: end}
	if err := tx.queryRow(ctx, `SELECT org_id FROM brands WHERE id = ?`, brandID).Scan(&in.OrgID); err != nil {
		if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
			return nil, notFound("Brand")
		}
		return nil, fmt.Errorf("find brand: %w", err)
	}
	span := []any{brandID, ts(start), ts(end)}

	// Runs per provider, per topic and in all, in each window.
	var runsQ sqlb
	runsQ.Add(`SELECT x.kind, x.id, `)
	windowSums(&runsQ, "x.ran_at", "", false, end)
	runsQ.Add(` FROM (
		SELECT 'provider' AS kind, CAST(r.provider_id AS TEXT) AS id, r.ran_at FROM runs r WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ?`, span)
	runsQ.Add(`
		UNION ALL
		SELECT 'topic' AS kind, CAST(r.topic_id AS TEXT) AS id, r.ran_at FROM runs r WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ? AND r.topic_id IS NOT NULL`, span)
	runsQ.Add(`
		UNION ALL
		SELECT 'brand' AS kind, '' AS id, r.ran_at FROM runs r WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ?
	) x GROUP BY x.kind, x.id`, span)
	dims := map[string]*sightline.DimensionCounts{}
	var providers, topics []string
	err = eachRow(ctx, tx, runsQ.String(), runsQ.Args, func(scan func(...any) error) error {
		var kind, id string
		var c sightline.WindowSplits
		if err := scan(&kind, &id, &c[0].Base, &c[0].Cur, &c[1].Base, &c[1].Cur); err != nil {
			return err
		}
		id = strings.ToLower(id)
		switch kind {
		case "brand":
			in.Runs = c
			return nil
		case sightline.DimensionProvider:
			providers = append(providers, id)
		case sightline.DimensionTopic:
			topics = append(topics, id)
		}
		dims[kind+"/"+id] = &sightline.DimensionCounts{Dimension: sightline.SignalDimension{Kind: kind, ID: id, Name: id}, Runs: c}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("count runs: %w", err)
	}
	if err := nameDimensions(ctx, tx, brandID, dims); err != nil {
		return nil, err
	}
	// The fact tables are clustered by topic and provider: naming them
	// turns the scan of a brand into one range per pair.
	factTopics := append(slices.Clone(topics), sightline.NilUUID)
	factProviders := anys(providers)
	if len(providers) == 0 {
		factProviders = []any{sightline.NilUUID}
	}
	pairs := func(s *sqlb, a string) {
		s.Add(` AND `+a+`.topic_id IN (`+analyticsql.Placeholders(len(factTopics))+`)`, anys(factTopics))
		s.Add(` AND `+a+`.provider_id IN (`+analyticsql.Placeholders(len(factProviders))+`)`, factProviders)
	}

	// Runs naming the brand and each tracked competitor, per provider and
	// per topic, in each window (a run naming a competitor twice, under
	// two of its names, counts once).
	mentionSrc := func(s *sqlb, kind, col, extra string, extraArgs ...any) {
		s.Add(`SELECT '`+kind+`' AS kind, CAST(m.`+col+` AS TEXT) AS id, COALESCE(CAST(fb.competitor_id AS TEXT), '') AS who, m.run_seq, m.ran_at
			FROM mentions m JOIN found_brands fb ON fb.id = m.found_brand_id
			WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ?`, span)
		pairs(s, "m")
		s.Add(extra, extraArgs...)
		s.Add(`
			AND (fb.is_self = ? OR fb.competitor_id IS NOT NULL)`, true)
	}
	var mentionsQ sqlb
	mentionsQ.Add(`SELECT x.kind, x.id, x.who, `)
	windowSums(&mentionsQ, "x.ran_at", "x.run_seq", true, end)
	mentionsQ.Add(` FROM (`)
	mentionSrc(&mentionsQ, "provider", "provider_id", "")
	mentionsQ.Add(` UNION ALL `)
	mentionSrc(&mentionsQ, "topic", "topic_id", ` AND m.topic_id <> ?`, sightline.NilUUID)
	mentionsQ.Add(`) x GROUP BY x.kind, x.id, x.who`)
	competitors, err := competitorNames(ctx, tx, brandID)
	if err != nil {
		return nil, err
	}
	err = eachRow(ctx, tx, mentionsQ.String(), mentionsQ.Args, func(scan func(...any) error) error {
		var kind, id, who string
		var c sightline.WindowSplits
		if err := scan(&kind, &id, &who, &c[0].Base, &c[0].Cur, &c[1].Base, &c[1].Cur); err != nil {
			return err
		}
		d := dims[kind+"/"+strings.ToLower(id)]
		switch {
		case d == nil:
		case who == "":
			d.Brand = c
		case competitors[strings.ToLower(who)] != "":
			who = strings.ToLower(who)
			d.Competitors = append(d.Competitors, sightline.CompetitorCounts{
				Competitor: sightline.SignalCompetitor{ID: who, Name: competitors[who]}, Named: c})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("count mentions: %w", err)
	}
	for _, d := range dims {
		slices.SortFunc(d.Competitors, func(a, b sightline.CompetitorCounts) int {
			return cmp.Or(cmp.Compare(a.Competitor.Name, b.Competitor.Name), cmp.Compare(a.Competitor.ID, b.Competitor.ID))
		})
		in.Dimensions = append(in.Dimensions, *d)
	}
	slices.SortFunc(in.Dimensions, func(a, b sightline.DimensionCounts) int {
		return cmp.Or(cmp.Compare(a.Dimension.Kind, b.Dimension.Kind), cmp.Compare(a.Dimension.Name, b.Dimension.Name), cmp.Compare(a.Dimension.ID, b.Dimension.ID))
	})

	// Owned pages: distinct days cited on and runs citing them, in the
	// week's baseline and in the week.
	_, week := sightline.SignalWindowStarts(end, sightline.SignalWindowWeek)
	day := tx.d.Bucket("day", "c.ran_at")
	var pagesQ sqlb
	pagesQ.Add(`SELECT c.page, MIN(c.domain),
		COUNT(DISTINCT CASE WHEN c.ran_at < ? THEN `+day+` END), COUNT(DISTINCT CASE WHEN c.ran_at >= ? THEN `+day+` END),`, ts(week), ts(week))
	pagesQ.Add(`
		COUNT(DISTINCT CASE WHEN c.ran_at < ? THEN c.run_seq END), COUNT(DISTINCT CASE WHEN c.ran_at >= ? THEN c.run_seq END)`, ts(week), ts(week))
	pagesQ.Add(`
		FROM citations c WHERE c.brand_id = ? AND c.ran_at >= ? AND c.ran_at < ?`, span)
	pairs(&pagesQ, "c")
	pagesQ.Add(`
		AND c.domain IN (SELECT bd.domain FROM brand_domains bd WHERE bd.brand_id = ?)
		GROUP BY c.page ORDER BY c.page`, brandID)
	in.Pages, err = scanAll(ctx, tx, "owned page citations", pagesQ.String(), pagesQ.Args, func(scan func(...any) error) (sightline.PageCounts, error) {
		var p sightline.PageCounts
		err := scan(&p.Page, &p.Domain, &p.Days.Base, &p.Days.Cur, &p.Runs.Base, &p.Runs.Cur)
		return p, err
	})
	if err != nil {
		return nil, err
	}

	// Advertisers with ads in the span: their first ad ever, and the runs
	// showing their ads in the week's baseline and in the week.
	advQ := `SELECT v.id, v.name, v.domain, (SELECT MIN(a2.ran_at) FROM ads a2 WHERE a2.advertiser_id = v.id),
		COUNT(DISTINCT CASE WHEN a.ran_at < ? THEN a.run_seq END), COUNT(DISTINCT CASE WHEN a.ran_at >= ? THEN a.run_seq END)
		FROM ads a JOIN advertisers v ON v.id = a.advertiser_id
		WHERE a.brand_id = ? AND a.ran_at >= ? AND a.ran_at < ?
		GROUP BY v.id, v.name, v.domain ORDER BY v.id`
	in.Advertisers, err = scanAll(ctx, tx, "advertisers", advQ, append([]any{ts(week), ts(week)}, span...),
		func(scan func(...any) error) (sightline.AdvertiserCounts, error) {
			var a sightline.AdvertiserCounts
			var name, domain string
			var first Time
			if err := scan(&a.Dimension.ID, &name, &domain, &first, &a.Runs.Base, &a.Runs.Cur); err != nil {
				return a, err
			}
			a.Dimension.Kind, a.Dimension.Name, a.FirstSeen = sightline.DimensionAdvertiser, cmp.Or(name, domain), first.Time
			a.Dimension.ID = strings.ToLower(a.Dimension.ID)
			return a, nil
		})
	if err != nil {
		return nil, err
	}
	if in.Operators, err = operatorCounts(ctx, tx, brandID, start, end); err != nil {
		return nil, err
	}
	in.Open, err = scanAll(ctx, tx, "open signals", `SELECT `+signalColumns+` FROM signals s WHERE s.brand_id = ? AND s.status = ? ORDER BY s.opened_at, s.id`,
		[]any{brandID, sightline.SignalOpen}, scanSignal)
	if err != nil {
		return nil, err
	}
	for _, s := range in.Open {
		s.OrgID = in.OrgID
	}
	return in, nil
}

// operatorCounts reads the counts of crawler.blocked
// (sql/crawler_blocked_counts.sql of internal/analyticsql) over [start, end).
func operatorCounts(ctx context.Context, tx *Tx, brandID string, start, end time.Time) ([]sightline.OperatorCounts, error) {
	dayBase, day := sightline.SignalWindowStarts(end, sightline.SignalWindowDay)
	_, week := sightline.SignalWindowStarts(end, sightline.SignalWindowWeek)
	q := analyticsql.CrawlerBlockedCounts(tx.d, &analyticsql.CrawlerBlocked{
		BrandID: brandID, SpanStart: start, SpanEnd: end, DayBase: dayBase, DayStart: day, WeekStart: week,
	})
	return scanAll(ctx, tx, "operator visits", q.String(), q.Args, func(scan func(...any) error) (sightline.OperatorCounts, error) {
		var o sightline.OperatorCounts
		err := scan(&o.Dimension.ID, &o.Visits[0].Base, &o.Visits[0].Cur, &o.Visits[1].Base, &o.Visits[1].Cur,
			&o.Errors[0].Base, &o.Errors[0].Cur, &o.Errors[1].Base, &o.Errors[1].Cur)
		o.Dimension.Kind, o.Dimension.Name = sightline.DimensionOperator, o.Dimension.ID
		return o, err
	})
}

// nameDimensions gives provider and topic dimensions their display names.
func nameDimensions(ctx context.Context, tx *Tx, brandID string, dims map[string]*sightline.DimensionCounts) error {
	err := eachRow(ctx, tx, `SELECT CAST(id AS TEXT), code FROM providers`, nil, func(scan func(...any) error) error {
		var id, code string
		if err := scan(&id, &code); err != nil {
			return err
		}
		if d := dims["provider/"+strings.ToLower(id)]; d != nil {
			d.Dimension.Name = sightline.ProviderName(code)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("name providers: %w", err)
	}
	err = eachRow(ctx, tx, `SELECT CAST(id AS TEXT), name FROM topics WHERE brand_id = ?`, []any{brandID}, func(scan func(...any) error) error {
		var id, name string
		if err := scan(&id, &name); err != nil {
			return err
		}
		if d := dims["topic/"+strings.ToLower(id)]; d != nil {
			d.Dimension.Name = name
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("name topics: %w", err)
	}
	return nil
}

// competitorNames maps a brand's tracked competitors' ids to their names.
func competitorNames(ctx context.Context, tx *Tx, brandID string) (map[string]string, error) {
	out := map[string]string{}
	err := eachRow(ctx, tx, `SELECT CAST(id AS TEXT), name FROM competitors WHERE brand_id = ?`, []any{brandID}, func(scan func(...any) error) error {
		var id, name string
		if err := scan(&id, &name); err != nil {
			return err
		}
		out[strings.ToLower(id)] = name
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find competitors: %w", err)
	}
	return out, nil
}

// FindSignalEvidence reads the counts behind a signal's numbers, over
// their periods, and ranks them with sightline.NewSignalEvidence.
func (db *DB) FindSignalEvidence(ctx context.Context, s *sightline.Signal) (*sightline.SignalEvidence, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	base, cur, end := s.Numbers.Before.Start, s.Numbers.After.Start, s.Numbers.After.End
	if s.Type == sightline.SignalCrawlerBlocked {
		return crawlerEvidence(ctx, tx, s, base, cur, end)
	}
	// splits starts a statement selecting keys and the distinct runs of a
	// fact table (alias a, joined in from) in the baseline and in the
	// current period, over the signal's span and its provider or topic.
	splits := func(keys, a, from string) *sqlb {
		seq := a + ".run_seq"
		if a == "r" {
			seq = "r.seq"
		}
		q := &sqlb{}
		q.Add(`SELECT `+keys+`, COUNT(DISTINCT CASE WHEN `+a+`.ran_at < ? THEN `+seq+` END), COUNT(DISTINCT CASE WHEN `+a+`.ran_at >= ? THEN `+seq+` END)`,
			ts(cur), ts(cur))
		q.Add(` FROM `+from+` WHERE `+a+`.brand_id = ? AND `+a+`.ran_at >= ? AND `+a+`.ran_at < ?`, s.BrandID, ts(base), ts(end))
		switch s.Dimension.Kind {
		case sightline.DimensionProvider:
			q.Add(` AND `+a+`.provider_id = ?`, s.Dimension.ID)
		case sightline.DimensionTopic:
			q.Add(` AND `+a+`.topic_id = ?`, s.Dimension.ID)
		}
		return q
	}
	var c sightline.SignalEvidenceCounts
	if c.Runs, err = splitsBy(ctx, tx, splits("r.prompt_id", "r", "runs r").Add(` GROUP BY r.prompt_id`)); err != nil {
		return nil, err
	}
	switch s.Type {
	case sightline.SignalVisibilityDropped, sightline.SignalVisibilityRose, sightline.SignalSOVOvertaken:
		q := splits("m.prompt_id", "m", "mentions m JOIN found_brands fb ON fb.id = m.found_brand_id")
		if s.Competitor != nil {
			q.Add(` AND fb.competitor_id = ?`, s.Competitor.ID)
		} else {
			q.Add(` AND fb.is_self = ?`, true)
		}
		if c.Subject, err = splitsBy(ctx, tx, q.Add(` GROUP BY m.prompt_id`)); err != nil {
			return nil, err
		}
		q = splits("c.page, MIN(c.domain)", "c", "citations c").Add(` GROUP BY c.page`)
		c.Pages, err = scanAll(ctx, tx, "page evidence", q.String(), q.Args, func(scan func(...any) error) (sightline.PageSplit, error) {
			var p sightline.PageSplit
			err := scan(&p.Page, &p.Domain, &p.Cited.Base, &p.Cited.Cur)
			return p, err
		})
		if err != nil {
			return nil, err
		}
	case sightline.SignalCitationLost, sightline.SignalCitationGained:
		c.Subject, err = splitsBy(ctx, tx, splits("c.prompt_id", "c", "citations c").Add(` AND c.page = ? GROUP BY c.prompt_id`, s.Dimension.ID))
		if err != nil {
			return nil, err
		}
		if err := tx.queryRow(ctx, `SELECT COALESCE(MIN(c.domain), '') FROM citations c WHERE c.brand_id = ? AND c.page = ? AND c.ran_at >= ? AND c.ran_at < ?`,
			s.BrandID, s.Dimension.ID, ts(base), ts(end)).Scan(&c.Domain); err != nil {
			return nil, fmt.Errorf("find page domain: %w", err)
		}
	case sightline.SignalAdvertiserNew:
		c.Subject, err = splitsBy(ctx, tx, splits("a.prompt_id", "a", "ads a").Add(` AND a.advertiser_id = ? GROUP BY a.prompt_id`, s.Dimension.ID))
		if err != nil {
			return nil, err
		}
	}
	c.Texts = map[string]string{}
	err = eachRow(ctx, tx, `SELECT CAST(id AS TEXT), text FROM prompts WHERE brand_id = ?`, []any{s.BrandID}, func(scan func(...any) error) error {
		var id, text string
		err := scan(&id, &text)
		c.Texts[strings.ToLower(id)] = text
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("find prompt texts: %w", err)
	}
	ev := sightline.NewSignalEvidence(s, c)
	return &ev, nil
}

// crawlerEvidence reads the pages behind a crawler.blocked signal
// (sql/crawler_blocked_pages.sql of internal/analyticsql) and ranks them.
func crawlerEvidence(ctx context.Context, tx *Tx, s *sightline.Signal, base, cur, end time.Time) (*sightline.SignalEvidence, error) {
	q := analyticsql.CrawlerBlockedPages(tx.d, &analyticsql.CrawlerBlocked{
		BrandID: s.BrandID, Operator: s.Dimension.ID, Base: base, Cur: cur, End: end,
	})
	var c sightline.SignalEvidenceCounts
	var err error
	c.ErrorPages, err = scanAll(ctx, tx, "crawler evidence", q.String(), q.Args, func(scan func(...any) error) (sightline.ErrorPageSplit, error) {
		var p sightline.ErrorPageSplit
		err := scan(&p.Page, &p.Domain, &p.Visits.Base, &p.Visits.Cur, &p.Errors.Base, &p.Errors.Cur)
		return p, err
	})
	if err != nil {
		return nil, err
	}
	ev := sightline.NewSignalEvidence(s, c)
	return &ev, nil
}

// splitsBy reads (key, baseline count, current count) rows by key.
func splitsBy(ctx context.Context, tx *Tx, q *sqlb) (map[string]sightline.Split, error) {
	out := map[string]sightline.Split{}
	err := eachRow(ctx, tx, q.String(), q.Args, func(scan func(...any) error) error {
		var key string
		var s sightline.Split
		if err := scan(&key, &s.Base, &s.Cur); err != nil {
			return err
		}
		out[strings.ToLower(key)] = s
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read evidence: %w", err)
	}
	return out, nil
}

const signalColumns = `s.id, s.brand_id, s.type, s.status, s.fingerprint, s.dimension_kind, s.dimension_id, s.dimension_name,
	s.competitor_id, s.competitor_name, s.numbers, s.evidence, s.opened_at, s.updated_at, s.closed_at`

func scanSignal(scan func(...any) error) (*sightline.Signal, error) {
	s := &sightline.Signal{}
	var compID, compName *string
	var numbers, evidence string
	var opened, updated, closed Time
	if err := scan(&s.ID, &s.BrandID, &s.Type, &s.Status, &s.Fingerprint, &s.Dimension.Kind, &s.Dimension.ID, &s.Dimension.Name,
		&compID, &compName, &numbers, &evidence, &opened, &updated, &closed); err != nil {
		return nil, err
	}
	if compID != nil {
		s.Competitor = &sightline.SignalCompetitor{ID: *compID}
		if compName != nil {
			s.Competitor.Name = *compName
		}
	}
	if err := json.Unmarshal([]byte(numbers), &s.Numbers); err != nil {
		return nil, fmt.Errorf("decode signal numbers: %w", err)
	}
	if err := json.Unmarshal([]byte(evidence), &s.Evidence); err != nil {
		return nil, fmt.Errorf("decode signal evidence: %w", err)
	}
	if s.Evidence.Prompts == nil {
		s.Evidence.Prompts = []sightline.SignalPrompt{}
	}
	if s.Evidence.Pages == nil {
		s.Evidence.Pages = []sightline.SignalPage{}
	}
	s.ID, s.BrandID = strings.ToLower(s.ID), strings.ToLower(s.BrandID)
	s.OpenedAt, s.UpdatedAt, s.ClosedAt = opened.Time, updated.Time, closed.Ptr()
	return s, nil
}

// SaveDetection stores a detection run's changes, queues their webhook
// events, completes the job and, when new runs asked for detection while
// it ran, queues the next one: all in one transaction.
func (db *DB) SaveDetection(ctx context.Context, job *sightline.Job, changes []sightline.SignalChange) (int, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if err := holdJob(ctx, tx, job); err != nil {
		return 0, err
	}
	deliveries := 0
	for _, c := range changes {
		s := c.Signal
		if s.Evidence.Prompts == nil {
			s.Evidence.Prompts = []sightline.SignalPrompt{}
		}
		if s.Evidence.Pages == nil {
			s.Evidence.Pages = []sightline.SignalPage{}
		}
		numbers, err := json.Marshal(s.Numbers)
		if err != nil {
			return 0, fmt.Errorf("encode signal numbers: %w", err)
		}
		evidence, err := json.Marshal(s.Evidence)
		if err != nil {
			return 0, fmt.Errorf("encode signal evidence: %w", err)
		}
		var compID, compName any
		if s.Competitor != nil {
			compID, compName = s.Competitor.ID, s.Competitor.Name
		}
		var at time.Time
		switch c.Action {
		case sightline.SignalActionOpen:
			s.ID, at = newID(), s.OpenedAt
			_, err = tx.exec(ctx, `INSERT INTO signals (id, brand_id, type, status, fingerprint, dimension_kind, dimension_id, dimension_name,
				competitor_id, competitor_name, numbers, evidence, opened_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				s.ID, s.BrandID, s.Type, sightline.SignalOpen, s.Fingerprint, s.Dimension.Kind, s.Dimension.ID, s.Dimension.Name,
				compID, compName, string(numbers), string(evidence), ts(s.OpenedAt), ts(s.UpdatedAt))
		case sightline.SignalActionUpdate:
			_, err = tx.exec(ctx, `UPDATE signals SET numbers = ?, evidence = ?, dimension_name = ?, competitor_name = ?, updated_at = ?
				WHERE id = ? AND status = ?`, string(numbers), string(evidence), s.Dimension.Name, compName, ts(s.UpdatedAt), s.ID, sightline.SignalOpen)
		case sightline.SignalActionClose:
			at = *s.ClosedAt
			_, err = tx.exec(ctx, `UPDATE signals SET status = ?, numbers = ?, evidence = ?, updated_at = ?, closed_at = ?
				WHERE id = ? AND status = ?`, sightline.SignalClosed, string(numbers), string(evidence), ts(s.UpdatedAt), ts(at), s.ID, sightline.SignalOpen)
		default:
			return 0, fmt.Errorf("unknown signal change %q", c.Action)
		}
		if err != nil {
			return 0, fmt.Errorf("save signal: %w", err)
		}
		if !c.Announced() {
			continue
		}
		payload, err := sightline.EncodeWebhookPayload(s.Type, at, s)
		if err != nil {
			return 0, fmt.Errorf("encode event: %w", err)
		}
		ids, err := queueEvent(ctx, tx, job.OrgID, s.BrandID, s.Type, payload, "")
		if err != nil {
			return 0, err
		}
		deliveries += len(ids)
	}
	if err := completeJob(ctx, tx, job); err != nil {
		return 0, err
	}
	var requested Time
	err = tx.queryRow(ctx, `SELECT requested_at FROM signal_requests WHERE brand_id = ?`, job.BrandID).Scan(&requested)
	switch code := sightline.ErrorCode(mapError(err)); {
	case err == nil:
		if sightline.DetectionRerun(requested.Time, job.StartedAt) {
			if err := queueSignalsJob(ctx, tx, job.BrandID); err != nil {
				return 0, err
			}
		}
	case code != sightline.ENOTFOUND:
		return 0, fmt.Errorf("find detection request: %w", err)
	}
	return deliveries, tx.Commit()
}

// FindSignals lists a brand's signals open at some time in the window.
func (db *DB) FindSignals(ctx context.Context, orgID, brandID string, f sightline.SignalFilter) ([]*sightline.Signal, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, 0, err
	}
	var where sqlb
	where.Add(` WHERE s.brand_id = ? AND s.opened_at < ? AND (s.closed_at IS NULL OR s.closed_at >= ?)`, brandID, ts(f.Window.End), ts(f.Window.Start))
	if len(f.Types) > 0 {
		where.Add(` AND s.type IN (`+analyticsql.Placeholders(len(f.Types))+`)`, anys(f.Types))
	}
	if f.Status != "" {
		where.Add(` AND s.status = ?`, f.Status)
	}
	var count, page sqlb
	count.Add(`SELECT COUNT(*) FROM signals s`).AddSQL(&where)
	var total int
	if err := tx.queryRow(ctx, count.String(), count.Args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count signals: %w", mapError(err))
	}
	order := orderBy(f.Sort, map[string]string{"opened_at": "s.opened_at", "updated_at": "s.updated_at", "type": "s.type"},
		sightline.DefaultSignalSort, "s.id")
	page.Add(`SELECT `+signalColumns+` FROM signals s`).AddSQL(&where).Add(order+` LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
	list, err := scanAll(ctx, tx, "signals", page.String(), page.Args, scanSignal)
	if err != nil {
		return nil, 0, err
	}
	return list, total, nil
}

// FindSignal returns one of a brand's signals.
func (db *DB) FindSignal(ctx context.Context, orgID, brandID, id string) (*sightline.Signal, error) {
	if !sightline.IsUUID(id) {
		return nil, notFound("Signal")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	list, err := scanAll(ctx, tx, "signal", `SELECT `+signalColumns+` FROM signals s WHERE s.brand_id = ? AND s.id = ?`,
		[]any{brandID, strings.ToLower(id)}, scanSignal)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, notFound("Signal")
	}
	return list[0], nil
}
