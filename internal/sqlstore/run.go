package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/sightline/sightline"
)

var _ sightline.RunService = (*DB)(nil)

// FindIngestTarget returns a brand's names, competitors and prompt ids.
func (db *DB) FindIngestTarget(ctx context.Context, brandID string) (*sightline.IngestTarget, error) {
	brandID = strings.ToLower(brandID)
	if !sightline.IsUUID(brandID) {
		return nil, notFound("Brand")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	t := &sightline.IngestTarget{BrandID: brandID, Prompts: map[string]string{}}
	err = tx.queryRow(ctx, `SELECT org_id, name FROM brands WHERE id = ?`, brandID).Scan(&t.OrgID, &t.Name)
	if err != nil {
		if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
			return nil, notFound("Brand")
		}
		return nil, fmt.Errorf("find brand: %w", err)
	}
	err = eachRow(ctx, tx, `SELECT alias FROM brand_aliases WHERE brand_id = ? ORDER BY alias`, []any{brandID}, func(scan func(...any) error) error {
		var a string
		if err := scan(&a); err != nil {
			return err
		}
		t.Aliases = append(t.Aliases, a)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find brand aliases: %w", err)
	}
	comps, err := findCompetitors(ctx, tx, brandID)
	if err != nil {
		return nil, err
	}
	for _, c := range comps {
		t.Competitors = append(t.Competitors, *c)
	}
	err = eachRow(ctx, tx, `SELECT id, COALESCE(CAST(topic_id AS TEXT), '') FROM prompts WHERE brand_id = ?`, []any{brandID}, func(scan func(...any) error) error {
		var id, topicID string
		if err := scan(&id, &topicID); err != nil {
			return err
		}
		t.Prompts[id] = topicID
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find prompts: %w", err)
	}
	return t, nil
}

// findCompetitors returns a brand's competitors with their aliases, by name.
func findCompetitors(ctx context.Context, tx *Tx, brandID string) ([]*sightline.Competitor, error) {
	var out []*sightline.Competitor
	byID := map[string]*sightline.Competitor{}
	err := eachRow(ctx, tx, `SELECT id, brand_id, name, domain FROM competitors WHERE brand_id = ? ORDER BY name, id`, []any{brandID},
		func(scan func(...any) error) error {
			c := &sightline.Competitor{Aliases: []string{}}
			if err := scan(&c.ID, &c.BrandID, &c.Name, &c.Domain); err != nil {
				return err
			}
			out = append(out, c)
			byID[c.ID] = c
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("find competitors: %w", err)
	}
	err = eachRow(ctx, tx, `SELECT competitor_id, alias FROM competitor_aliases WHERE brand_id = ? ORDER BY alias`, []any{brandID},
		func(scan func(...any) error) error {
			var id, a string
			if err := scan(&id, &a); err != nil {
				return err
			}
			if c := byID[id]; c != nil {
				c.Aliases = append(c.Aliases, a)
			}
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("find competitor aliases: %w", err)
	}
	return out, nil
}

// ingestTx holds the lookup caches of one ingest transaction.
type ingestTx struct {
	tx    *Tx
	stmts map[string]*sql.Stmt // multi-row INSERTs by table and row count

	providers   map[string]string // code -> id
	regions     map[string]string
	selfFound   map[string]string // brand id -> found brand id of the brand itself
	compFound   map[string]string // competitor id -> found brand id
	foundByKey  map[string]string // brand id + "\x00" + name key -> found brand id
	advertisers map[string]string // brand id + "\x00" + domain -> advertiser id
}

// ingestChunk is how many runs go into one multi-row INSERT per table:
// statements, not rows, dominate the cost of ingest.
const ingestChunk = 100

var (
	runCols     = []string{"id", "brand_id", "prompt_id", "topic_id", "provider_id", "region_id", "ran_at", "model", "created_at"}
	answerCols  = []string{"run_seq", "brand_id", "answer"}
	mentionCols = []string{"brand_id", "ran_at", "run_seq", "found_brand_id", "prompt_id", "topic_id", "provider_id", "region_id", "position", "mention_count", "sentiment"}
	citeCols    = []string{"brand_id", "ran_at", "run_seq", "ord", "prompt_id", "topic_id", "provider_id", "region_id", "page", "domain", "page_type", "domain_type", "citation_type", "youtube_channel", "subreddit", "url", "title", "author"}
	adCols      = []string{"brand_id", "ran_at", "run_seq", "ord", "advertiser_id", "prompt_id", "topic_id", "provider_id", "region_id", "text"}
)

// IngestRuns stores runs in one transaction; existing ids are skipped.
func (db *DB) IngestRuns(ctx context.Context, runs iter.Seq2[*sightline.AnalyzedRun, error]) (sightline.IngestStats, error) {
	var stats sightline.IngestStats
	tx, err := db.begin(ctx)
	if err != nil {
		return stats, err
	}
	defer tx.Rollback()
	it := &ingestTx{
		tx: tx, stmts: map[string]*sql.Stmt{}, providers: map[string]string{}, regions: map[string]string{}, selfFound: map[string]string{},
		compFound: map[string]string{}, foundByKey: map[string]string{}, advertisers: map[string]string{},
	}
	defer it.close()
	chunk := make([]*sightline.AnalyzedRun, 0, ingestChunk)
	flush := func() error {
		inserted, err := it.insertChunk(ctx, chunk)
		if err != nil {
			return err
		}
		stats.Inserted += inserted
		stats.Duplicates += len(chunk) - inserted
		chunk = chunk[:0]
		return nil
	}
	for run, err := range runs {
		if err != nil {
			return sightline.IngestStats{}, err
		}
		if chunk = append(chunk, run); len(chunk) == ingestChunk {
			if err := flush(); err != nil {
				return sightline.IngestStats{}, err
			}
		}
	}
	if err := flush(); err != nil {
		return sightline.IngestStats{}, err
	}
	if err := tx.Commit(); err != nil {
		return sightline.IngestStats{}, err
	}
	return stats, nil
}

// insertChunk stores a chunk of runs with one multi-row INSERT per table
// and returns how many were new.
func (it *ingestTx) insertChunk(ctx context.Context, runs []*sightline.AnalyzedRun) (int, error) {
	if len(runs) == 0 {
		return 0, nil
	}
	type dims struct{ provider, region string }
	rd := make([]dims, len(runs))
	rows := make([][]any, len(runs))
	now := ts(it.tx.now)
	for i, r := range runs {
		p, err := it.reference(ctx, "providers", it.providers, r.Provider, sightline.ProviderName(r.Provider))
		if err != nil {
			return 0, err
		}
		g, err := it.reference(ctx, "regions", it.regions, r.Region, sightline.RegionName(r.Region))
		if err != nil {
			return 0, err
		}
		rd[i] = dims{p, g}
		rows[i] = []any{r.ID, r.BrandID, r.PromptID, nullString(r.TopicID), p, g, ts(r.RanAt), r.Model, now}
	}
	// Only runs not stored yet come back: re-ingesting changes nothing.
	seqs := make(map[string]int64, len(runs))
	q := "INSERT INTO runs (" + strings.Join(runCols, ", ") + ") VALUES " + valuesList(len(runs), len(runCols)) +
		" ON CONFLICT (id) DO NOTHING RETURNING id, seq"
	err := eachRow(ctx, it.tx, q, flattenRows(rows), func(scan func(...any) error) error {
		var id string
		var seq int64
		if err := scan(&id, &seq); err != nil {
			return err
		}
		seqs[id] = seq
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("insert runs: %w", err)
	}
	var answers, mentions, cites, ads [][]any
	inserted := map[string]bool{}
	for i, r := range runs {
		seq, ok := seqs[r.ID]
		if !ok || inserted[r.ID] {
			continue // already stored, or twice in this chunk
		}
		inserted[r.ID] = true
		ranAt, topic := ts(r.RanAt), nullString(r.TopicID)
		answers = append(answers, []any{seq, r.BrandID, r.Answer})
		for _, m := range r.Mentions {
			foundID, err := it.foundBrand(ctx, r.BrandID, m)
			if err != nil {
				return 0, err
			}
			mentions = append(mentions, []any{r.BrandID, ranAt, seq, foundID, r.PromptID, topic, rd[i].provider, rd[i].region, m.Position, max(1, m.Count), m.Sentiment})
		}
		for j, c := range r.Citations {
			cites = append(cites, []any{r.BrandID, ranAt, seq, j, r.PromptID, topic, rd[i].provider, rd[i].region,
				c.Page, c.Domain, c.PageType, c.DomainType, c.Type, c.YouTubeChannel, c.Subreddit, c.URL, c.Title, c.Author})
		}
		for j, a := range r.Ads {
			advID, err := it.advertiser(ctx, r.BrandID, a)
			if err != nil {
				return 0, err
			}
			ads = append(ads, []any{r.BrandID, ranAt, seq, j, advID, r.PromptID, topic, rd[i].provider, rd[i].region, a.Text})
		}
	}
	for _, t := range []struct {
		table string
		cols  []string
		rows  [][]any
	}{{"run_answers", answerCols, answers}, {"mentions", mentionCols, mentions}, {"citations", citeCols, cites}, {"ads", adCols, ads}} {
		if err := it.insertRows(ctx, t.table, t.cols, t.rows); err != nil {
			return 0, err
		}
	}
	return len(inserted), nil
}

// maxParams keeps multi-row statements under both engines' parameter limits.
const maxParams = 8000

// insertRows inserts rows with few multi-row statements. Statements hold
// a power-of-two number of rows, so that a handful of prepared statements
// serve every batch instead of one fresh statement per row count.
func (it *ingestTx) insertRows(ctx context.Context, table string, cols []string, rows [][]any) error {
	per := 1
	for per*2*len(cols) <= maxParams {
		per *= 2
	}
	for len(rows) > 0 {
		n := per
		for n > len(rows) {
			n /= 2
		}
		st, err := it.stmt(ctx, table, cols, n)
		if err != nil {
			return err
		}
		if _, err := st.ExecContext(ctx, flattenRows(rows[:n])...); err != nil {
			return fmt.Errorf("insert %s: %w", table, mapError(err))
		}
		rows = rows[n:]
	}
	return nil
}

func (it *ingestTx) stmt(ctx context.Context, table string, cols []string, n int) (*sql.Stmt, error) {
	key := table + "/" + strconv.Itoa(n)
	if st, ok := it.stmts[key]; ok {
		return st, nil
	}
	st, err := it.tx.prepare(ctx, "INSERT INTO "+table+" ("+strings.Join(cols, ", ")+") VALUES "+valuesList(n, len(cols)))
	if err != nil {
		return nil, fmt.Errorf("prepare insert %s: %w", table, err)
	}
	it.stmts[key] = st
	return st, nil
}

func (it *ingestTx) close() {
	for _, st := range it.stmts {
		st.Close()
	}
}

// valuesList returns "(?, ?), (?, ?)" for rows × cols placeholders.
func valuesList(rows, cols int) string {
	one := "(" + placeholders(cols) + ")"
	var b strings.Builder
	b.Grow(rows * (len(one) + 2))
	for i := 0; i < rows; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(one)
	}
	return b.String()
}

func flattenRows(rows [][]any) []any {
	n := 0
	for _, r := range rows {
		n += len(r)
	}
	out := make([]any, 0, n)
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// reference returns the id of a provider or region by code, creating it on
// first sight (ON CONFLICT: concurrent ingests may race to create it).
func (it *ingestTx) reference(ctx context.Context, table string, cache map[string]string, code, name string) (string, error) {
	if id, ok := cache[code]; ok {
		return id, nil
	}
	if _, err := it.tx.exec(ctx, `INSERT INTO `+table+` (id, code, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
		newID(), code, name, ts(it.tx.now)); err != nil {
		return "", fmt.Errorf("create %s %s: %w", table, code, err)
	}
	var id string
	if err := it.tx.queryRow(ctx, `SELECT id FROM `+table+` WHERE code = ?`, code).Scan(&id); err != nil {
		return "", fmt.Errorf("find %s %s: %w", table, code, err)
	}
	cache[code] = id
	return id, nil
}

// foundBrand maps a mention to its found-brand row: the brand itself, a
// competitor, or an untracked name (created on first sight).
func (it *ingestTx) foundBrand(ctx context.Context, brandID string, m sightline.AnalyzedMention) (string, error) {
	switch {
	case m.Self:
		if id, ok := it.selfFound[brandID]; ok {
			return id, nil
		}
		var id string
		err := it.tx.queryRow(ctx, `SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?`, brandID, true).Scan(&id)
		if err != nil {
			return "", fmt.Errorf("find own found brand: %w", err)
		}
		it.selfFound[brandID] = id
		return id, nil
	case m.CompetitorID != "":
		if id, ok := it.compFound[m.CompetitorID]; ok {
			return id, nil
		}
		var id string
		err := it.tx.queryRow(ctx, `SELECT id FROM found_brands WHERE brand_id = ? AND competitor_id = ?`, brandID, m.CompetitorID).Scan(&id)
		if err != nil {
			return "", fmt.Errorf("find competitor found brand: %w", err)
		}
		it.compFound[m.CompetitorID] = id
		return id, nil
	}
	key := strings.ToLower(strings.TrimSpace(m.Name))
	ck := brandID + "\x00" + key
	if id, ok := it.foundByKey[ck]; ok {
		return id, nil
	}
	if _, err := it.tx.exec(ctx, `INSERT INTO found_brands (id, brand_id, name, name_key, is_self, competitor_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?) ON CONFLICT (brand_id, name_key) DO NOTHING`,
		newID(), brandID, strings.TrimSpace(m.Name), key, false, ts(it.tx.now)); err != nil {
		return "", fmt.Errorf("create found brand: %w", err)
	}
	var id string
	if err := it.tx.queryRow(ctx, `SELECT id FROM found_brands WHERE brand_id = ? AND name_key = ?`, brandID, key).Scan(&id); err != nil {
		return "", fmt.Errorf("find found brand: %w", err)
	}
	it.foundByKey[ck] = id
	return id, nil
}

// advertiser returns the brand's advertiser with the ad's domain, creating it.
func (it *ingestTx) advertiser(ctx context.Context, brandID string, a sightline.AnalyzedAd) (string, error) {
	ck := brandID + "\x00" + a.Domain
	if id, ok := it.advertisers[ck]; ok {
		return id, nil
	}
	if _, err := it.tx.exec(ctx, `INSERT INTO advertisers (id, brand_id, name, domain, favicon_url, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (brand_id, domain) DO NOTHING`,
		newID(), brandID, a.Advertiser, a.Domain, a.FaviconURL, ts(it.tx.now)); err != nil {
		return "", fmt.Errorf("create advertiser: %w", err)
	}
	var id string
	if err := it.tx.queryRow(ctx, `SELECT id FROM advertisers WHERE brand_id = ? AND domain = ?`, brandID, a.Domain).Scan(&id); err != nil {
		return "", fmt.Errorf("find advertiser: %w", err)
	}
	it.advertisers[ck] = id
	return id, nil
}
