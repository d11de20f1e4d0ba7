package sqlstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"iter"
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
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

// ingestTx holds the lookup caches and the pending fact rows of one ingest
// transaction.
type ingestTx struct {
	tx    *Tx
	lite  bool                 // SQLite: foreign keys are not enforced, see beginIngest
	stmts map[string]*sql.Stmt // multi-row INSERTs by table and row count

	prompts     map[string]map[string]bool // brand id -> its prompt ids (SQLite only)
	owned       map[string]map[string]bool // brand id -> its domains
	providers   map[string]any             // code -> id
	regions     map[string]any
	selfFound   map[string]foundRef // brand id -> found brand of the brand itself
	compFound   map[string]foundRef // competitor id -> found brand
	foundByKey  map[string]foundRef // brand id + "\x00" + name key -> found brand
	advertisers map[string]any      // brand id + "\x00" + domain -> advertiser id
	newBrands   map[string]bool     // brands with runs stored by this transaction

	// Fact rows wait here until a full statement's worth is ready, so that
	// almost every INSERT has the same, largest shape.
	answers, mentions, cites, ads *factRows
	// surfaces are the run_surfaces rows of search surface runs.
	surfaces *factRows
	// The fan-out queries and retrieved sources of the runs
	// (docs/collect.md#fan-out-and-sources).
	queries, sources *factRows

	// The rollups of the runs this transaction stores, added up beside it.
	sums *rollupSums
}

// ingestChunk is how many runs one INSERT … RETURNING stores (their fact
// rows then wait in factRows for full statements).
const ingestChunk = 128

// maxParams bounds the parameters of one multi-row INSERT: far below both
// engines' limits, and small enough that preparing it stays cheap.
const maxParams = 2400

var (
	runCols     = []string{"id", "brand_id", "prompt_id", "topic_id", "provider_id", "region_id", "ran_at", "model", "created_at", "search_queries_reported"}
	answerCols  = []string{"run_seq", "brand_id", "answer"}
	surfaceCols = []string{"run_seq", "brand_id", "source", "answer_shown"}
	mentionCols = []string{"brand_id", "ran_at", "run_seq", "found_brand_id", "prompt_id", "topic_id", "provider_id", "region_id", "position", "mention_count", "sentiment"}
	citeCols    = []string{"brand_id", "ran_at", "run_seq", "ord", "prompt_id", "topic_id", "provider_id", "region_id", "page", "domain", "page_type", "domain_type", "citation_type", "youtube_channel", "subreddit", "url", "title", "author"}
	adCols      = []string{"brand_id", "ran_at", "run_seq", "ord", "advertiser_id", "prompt_id", "topic_id", "provider_id", "region_id", "text"}
	queryCols   = []string{"brand_id", "ran_at", "run_seq", "ord", "prompt_id", "topic_id", "provider_id", "region_id", "query", "query_key"}
	sourceCols  = []string{"brand_id", "ran_at", "run_seq", "ord", "prompt_id", "topic_id", "provider_id", "region_id", "page", "domain", "url", "title", "published_at", "cited"}
)

// IngestRuns stores runs with their facts (answer, mentions, citations,
// ads) and adds them to the daily rollups, all in one transaction; a run
// whose id is stored already is skipped.
func (db *DB) IngestRuns(ctx context.Context, runs iter.Seq2[*sightline.AnalyzedRun, error]) (sightline.IngestStats, error) {
	if db.dialect.Engine == enginePostgres {
		return db.ingestPostgres(ctx, runs) // lookup rows in one order: ingest_order.go
	}
	tx, done, err := db.beginIngest(ctx, true)
	if err != nil {
		return sightline.IngestStats{}, err
	}
	defer done()
	defer tx.Rollback()
	stats, err := db.ingestInTx(ctx, tx, runs, true)
	if err != nil {
		return sightline.IngestStats{}, err
	}
	if err := tx.Commit(); err != nil {
		return sightline.IngestStats{}, err
	}
	return stats, nil
}

// ingestInTx stores runs inside a transaction from beginIngest; with
// detect it also queues change detection for the brands with new runs (a
// collection job asks once it is done instead, not once per sample).
func (db *DB) ingestInTx(ctx context.Context, tx *Tx, runs iter.Seq2[*sightline.AnalyzedRun, error], detect bool) (sightline.IngestStats, error) {
	var stats sightline.IngestStats
	it := &ingestTx{
		tx: tx, lite: db.dialect.Engine == engineSQLite, stmts: map[string]*sql.Stmt{}, prompts: map[string]map[string]bool{}, owned: map[string]map[string]bool{},
		providers: map[string]any{}, regions: map[string]any{}, selfFound: map[string]foundRef{},
		compFound: map[string]foundRef{}, foundByKey: map[string]foundRef{}, advertisers: map[string]any{}, sums: startRollupSums(), newBrands: map[string]bool{},
		answers: newFactRows("run_answers", answerCols), mentions: newFactRows("mentions", mentionCols),
		cites: newFactRows("citations", citeCols), ads: newFactRows("ads", adCols),
		surfaces: newFactRows("run_surfaces", surfaceCols),
		queries:  newFactRows("run_search_queries", queryCols), sources: newFactRows("run_sources", sourceCols),
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
		return it.flushFacts(ctx, false)
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
	it.sums.finish() // the rollup rows are made ready while the last facts go in
	if err := it.flushFacts(ctx, true); err != nil {
		return sightline.IngestStats{}, err
	}
	if err := it.flushRollups(ctx); err != nil {
		return sightline.IngestStats{}, err
	}
	// Change detection is queued with the runs, in their transaction: a
	// transaction of its own would also checkpoint the ingest's WAL at
	// every batch on SQLite (its connection checkpoints at 1,000 pages).
	if detect {
		if err := queueDetection(ctx, tx, keys(it.newBrands)); err != nil {
			return sightline.IngestStats{}, err
		}
	}
	return stats, nil
}

// insertChunk stores a chunk of runs with one multi-row INSERT, queues
// their fact rows, and returns how many runs were new.
func (it *ingestTx) insertChunk(ctx context.Context, runs []*sightline.AnalyzedRun) (int, error) {
	if len(runs) == 0 {
		return 0, nil
	}
	// Values shared by a run's rows are boxed once: every conversion of a
	// string to an interface allocates.
	// topic is the run's (NULL when none); factTopic the fact tables' key
	// (nilTopic when none).
	type dims struct{ brand, ranAt, prompt, topic, factTopic, provider, region any }
	rd := make([]dims, len(runs))
	args := make([]any, 0, len(runs)*len(runCols))
	now := any(ts(it.tx.now))
	for i, r := range runs {
		if err := it.checkPrompt(ctx, r); err != nil {
			return 0, err
		}
		p, err := it.reference(ctx, "providers", it.providers, r.Provider, sightline.ProviderName(r.Provider))
		if err != nil {
			return 0, err
		}
		g, err := it.reference(ctx, "regions", it.regions, r.Region, sightline.RegionName(r.Region))
		if err != nil {
			return 0, err
		}
		rd[i] = dims{brand: r.BrandID, ranAt: ts(r.RanAt), prompt: r.PromptID, topic: nullString(r.TopicID), factTopic: orNilTopic(r.TopicID), provider: p, region: g}
		args = append(args, r.ID, rd[i].brand, rd[i].prompt, rd[i].topic, p, g, rd[i].ranAt, r.Model, now, r.SearchQueries != nil)
	}
	// Only runs not stored yet come back: re-ingesting changes nothing.
	st, err := it.stmt(ctx, "runs", runCols, len(runs), " ON CONFLICT (id) DO NOTHING RETURNING id, seq")
	if err != nil {
		return 0, err
	}
	seqs := make(map[string]int64, len(runs))
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return 0, fmt.Errorf("insert runs: %w", mapError(err))
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var seq int64
		if err := rows.Scan(&id, &seq); err != nil {
			return 0, fmt.Errorf("insert runs: %w", err)
		}
		seqs[id] = seq
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("insert runs: %w", mapError(err))
	}
	rows.Close()
	inserted := 0
	counted := make([]analyticsql.RollupRun, 0, len(runs))
	for i, r := range runs {
		seq, ok := seqs[r.ID]
		if !ok {
			continue // already stored, or twice in this chunk
		}
		delete(seqs, r.ID)
		inserted++
		it.newBrands[r.BrandID] = true
		d, sq := &rd[i], any(seq)
		it.answers.add(sq, d.brand, r.Answer)
		if r.OnSurface() {
			it.surfaces.add(sq, d.brand, nullString(r.Source), r.AnswerShown)
		}
		found := make([]analyticsql.FoundBrand, len(r.Mentions))
		for j, m := range r.Mentions {
			f, err := it.foundBrand(ctx, r.BrandID, m)
			if err != nil {
				return 0, err
			}
			found[j] = analyticsql.FoundBrand{ID: f.id.(string), Self: f.self, Comp: f.comp}
			it.mentions.add(d.brand, d.ranAt, sq, f.id, d.prompt, d.factTopic, d.provider, d.region,
				int64(m.Position), int64(max(1, m.Count)), m.Sentiment)
		}
		owned, err := it.ownedDomains(ctx, r.BrandID)
		if err != nil {
			return 0, err
		}
		counted = append(counted, analyticsql.RollupRun{Run: r, Provider: d.provider.(string), Region: d.region.(string), Found: found, Owned: owned})
		counts := &counted[len(counted)-1]
		for j, c := range r.Citations {
			it.cites.add(d.brand, d.ranAt, sq, int64(j), d.prompt, d.factTopic, d.provider, d.region,
				c.Page, c.Domain, c.PageType, c.DomainType, c.Type, c.YouTubeChannel, c.Subreddit, c.URL, c.Title, c.Author)
		}
		for j, q := range r.SearchQueries {
			it.queries.add(d.brand, d.ranAt, sq, int64(j), d.prompt, d.factTopic, d.provider, d.region, q, analyticsql.FoldQuery(q))
		}
		for j, src := range r.Sources {
			it.sources.add(d.brand, d.ranAt, sq, int64(j), d.prompt, d.factTopic, d.provider, d.region,
				src.Page, src.Domain, src.URL, src.Title, nullStringPtr(src.PublishedAt), src.Cited)
		}
		for j, a := range r.Ads {
			advID, err := it.advertiser(ctx, r.BrandID, a)
			if err != nil {
				return 0, err
			}
			it.ads.add(d.brand, d.ranAt, sq, int64(j), advID, d.prompt, d.topic, d.provider, d.region, a.Text)
			counts.Advertisers = append(counts.Advertisers, advID.(string))
		}
	}
	it.sums.add(counted)
	return inserted, nil
}

// factRows are pending rows of one table, flattened.
type factRows struct {
	table  string
	cols   []string
	suffix string // after VALUES: an ON CONFLICT clause
	per    int    // rows per full statement
	args   []any
}

func newFactRows(table string, cols []string) *factRows {
	per := 1
	for per*2*len(cols) <= maxParams {
		per *= 2
	}
	return &factRows{table: table, cols: cols, per: per}
}

func (f *factRows) add(values ...any) { f.args = append(f.args, values...) }

// flushFacts inserts the pending fact rows: only full statements, or with
// all, everything.
func (it *ingestTx) flushFacts(ctx context.Context, all bool) error {
	for _, f := range []*factRows{it.answers, it.mentions, it.cites, it.ads, it.surfaces, it.queries, it.sources} {
		if err := it.insertRows(ctx, f, all); err != nil {
			return err
		}
	}
	return nil
}

// insertRows inserts pending rows with multi-row statements of a
// power-of-two number of rows, so that a handful of prepared statements
// serve every batch instead of one fresh statement per row count. Without
// all, a remainder smaller than a full statement stays pending.
func (it *ingestTx) insertRows(ctx context.Context, f *factRows, all bool) error {
	width := len(f.cols)
	done := 0
	for rows := len(f.args) / width; rows > 0; rows = (len(f.args) - done) / width {
		n := f.per
		if rows < n && !all {
			break
		}
		for n > rows {
			n /= 2
		}
		st, err := it.stmt(ctx, f.table, f.cols, n, f.suffix)
		if err != nil {
			return err
		}
		if _, err := st.ExecContext(ctx, f.args[done:done+n*width]...); err != nil {
			return fmt.Errorf("insert %s: %w", f.table, mapError(err))
		}
		done += n * width
	}
	if done > 0 {
		rest := copy(f.args, f.args[done:])
		clear(f.args[rest:]) // let the inserted values be collected
		f.args = f.args[:rest]
	}
	return nil
}

// stmt returns the prepared INSERT of n rows into table, with suffix.
func (it *ingestTx) stmt(ctx context.Context, table string, cols []string, n int, suffix string) (*sql.Stmt, error) {
	key := table + "/" + strconv.Itoa(n)
	if st, ok := it.stmts[key]; ok {
		return st, nil
	}
	verb := "INSERT INTO "
	if it.lite {
		verb = "INSERT OR FAIL INTO " // see beginIngest
	}
	st, err := it.tx.prepare(ctx, verb+table+" ("+strings.Join(cols, ", ")+") VALUES "+valuesList(n, len(cols))+suffix)
	if err != nil {
		return nil, fmt.Errorf("prepare insert %s: %w", table, err)
	}
	it.stmts[key] = st
	return st, nil
}

func (it *ingestTx) close() {
	it.sums.stop()
	for _, st := range it.stmts {
		st.Close()
	}
}

// valuesList returns "(?, ?), (?, ?)" for rows × cols placeholders.
func valuesList(rows, cols int) string {
	one := "(" + analyticsql.Placeholders(cols) + ")"
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

// ingestCheckpointPages is the WAL size (in pages) at which an ingest
// commit checkpoints, instead of SQLite's 1000: batches rewrite the same
// index, rollup and interior pages, and a checkpoint copies each page once
// however often the WAL holds it. The WAL then grows to about 64 MiB.
const ingestCheckpointPages = 16384

// ingestCacheKiB is the write connection's page cache during an ingest
// (PRAGMA cache_size, negative: KiB): batches rewrite the same pages.
// Outside an ingest it keeps the smaller cache of openSQLite.
const ingestCacheKiB = 65536

// beginIngest starts the transaction of one IngestRuns; done gives the
// connection back. On SQLite it takes the write connection and switches
// foreign-key enforcement off for the transaction: enforced, every
// multi-row INSERT into a table with a foreign key looks up each parent row
// and keeps a statement journal (a copy of every page it changes, to undo
// the statement alone), about a tenth of the cost of ingest. The WAL is
// checkpointed less often meanwhile (ingestCheckpointPages), and for a
// bulk ingest (not one collected sample) the page cache is larger
// (ingestCacheKiB). Nothing is
// lost: the transaction creates or finds in itself every row its rows
// point to (runs, providers, regions, found brands, advertisers), checks
// the brands' prompts (checkPrompt), and uses INSERT OR FAIL, which needs
// no statement journal either, since any error rolls back everything.
func (db *DB) beginIngest(ctx context.Context, bulk bool) (tx *Tx, done func(), err error) {
	if db.dialect.Engine != engineSQLite {
		tx, err := db.begin(ctx)
		return tx, func() {}, err
	}
	conn, err := db.write.Conn(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("begin: %w", mapError(err))
	}
	var checkpoint, cache int
	if err := conn.QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&checkpoint); err != nil {
		conn.Close()
		return nil, nil, fmt.Errorf("begin: %w", mapError(err))
	}
	if err := conn.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&cache); err != nil {
		conn.Close()
		return nil, nil, fmt.Errorf("begin: %w", mapError(err))
	}
	done = func() {
		// Back to what every connection has (shrinking the cache frees its
		// pages); one that cannot be is discarded, and the pool opens a
		// fresh one.
		restore := "PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = " + strconv.Itoa(checkpoint) + "; PRAGMA cache_size = " + strconv.Itoa(cache)
		if _, err := conn.ExecContext(context.Background(), restore); err != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		conn.Close()
	}
	set := "PRAGMA foreign_keys = OFF; PRAGMA wal_autocheckpoint = " + strconv.Itoa(ingestCheckpointPages)
	if bulk {
		set += "; PRAGMA cache_size = -" + strconv.Itoa(ingestCacheKiB)
	}
	if _, err := conn.ExecContext(ctx, set); err != nil {
		done()
		return nil, nil, fmt.Errorf("begin: %w", mapError(err))
	}
	stx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		done()
		return nil, nil, fmt.Errorf("begin: %w", mapError(err))
	}
	return &Tx{tx: stx, d: db.dialect, now: db.Now().UTC().Truncate(time.Microsecond), noRollups: db.NoRollups}, done, nil
}

// checkPrompt makes sure, on SQLite, that the run's prompt is still one of
// its brand's, which the foreign keys of runs would otherwise check: the
// ingester validated it in an earlier read.
func (it *ingestTx) checkPrompt(ctx context.Context, r *sightline.AnalyzedRun) error {
	if !it.lite {
		return nil
	}
	ps, ok := it.prompts[r.BrandID]
	if !ok {
		ps = map[string]bool{}
		err := eachRow(ctx, it.tx, `SELECT id FROM prompts WHERE brand_id = ?`, []any{r.BrandID}, func(scan func(...any) error) error {
			var id string
			if err := scan(&id); err != nil {
				return err
			}
			ps[id] = true
			return nil
		})
		if err != nil {
			return fmt.Errorf("find prompts: %w", err)
		}
		it.prompts[r.BrandID] = ps
	}
	if !ps[r.PromptID] {
		return fmt.Errorf("insert run %s: prompt %s of brand %s does not exist", r.ID, r.PromptID, r.BrandID)
	}
	return nil
}

// reference returns the id of a provider or region by code, creating it on
// first sight (ON CONFLICT: concurrent ingests may race to create it).
func (it *ingestTx) reference(ctx context.Context, table string, cache map[string]any, code, name string) (any, error) {
	if id, ok := cache[code]; ok {
		return id, nil
	}
	if _, err := it.tx.exec(ctx, `INSERT INTO `+table+` (id, code, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
		newID(), code, name, ts(it.tx.now)); err != nil {
		return nil, fmt.Errorf("create %s %s: %w", table, code, err)
	}
	var id string
	if err := it.tx.queryRow(ctx, `SELECT id FROM `+table+` WHERE code = ?`, code).Scan(&id); err != nil {
		return nil, fmt.Errorf("find %s %s: %w", table, code, err)
	}
	cache[code] = id
	return id, nil
}

// foundRef is a found-brand row: its id, and whether it is the brand
// itself or a tracked competitor (which the rollups count apart).
type foundRef struct {
	id         any
	self, comp bool
}

// foundBrand maps a mention to its found-brand row: the brand itself, a
// competitor, or an untracked name (created on first sight).
func (it *ingestTx) foundBrand(ctx context.Context, brandID string, m sightline.AnalyzedMention) (foundRef, error) {
	const cols = `SELECT id, is_self, competitor_id IS NOT NULL FROM found_brands WHERE brand_id = ? AND `
	find := func(cache map[string]foundRef, key, where string, arg any) (foundRef, error) {
		if f, ok := cache[key]; ok {
			return f, nil
		}
		var id string
		var f foundRef
		if err := it.tx.queryRow(ctx, cols+where, brandID, arg).Scan(&id, &f.self, &f.comp); err != nil {
			return foundRef{}, fmt.Errorf("find found brand: %w", err)
		}
		f.id = id
		cache[key] = f
		return f, nil
	}
	switch {
	case m.Self:
		return find(it.selfFound, brandID, `is_self = ?`, true)
	case m.CompetitorID != "":
		return find(it.compFound, m.CompetitorID, `competitor_id = ?`, m.CompetitorID)
	}
	key := strings.ToLower(strings.TrimSpace(m.Name))
	ck := brandID + "\x00" + key
	if f, ok := it.foundByKey[ck]; ok {
		return f, nil
	}
	if _, err := it.tx.exec(ctx, `INSERT INTO found_brands (id, brand_id, name, name_key, is_self, competitor_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?) ON CONFLICT (brand_id, name_key) DO NOTHING`,
		newID(), brandID, strings.TrimSpace(m.Name), key, false, ts(it.tx.now)); err != nil {
		return foundRef{}, fmt.Errorf("create found brand: %w", err)
	}
	return find(it.foundByKey, ck, `name_key = ?`, key)
}

// advertiser returns the brand's advertiser with the ad's domain, creating it.
func (it *ingestTx) advertiser(ctx context.Context, brandID string, a sightline.AnalyzedAd) (any, error) {
	ck := brandID + "\x00" + a.Domain
	if id, ok := it.advertisers[ck]; ok {
		return id, nil
	}
	if _, err := it.tx.exec(ctx, `INSERT INTO advertisers (id, brand_id, name, domain, favicon_url, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (brand_id, domain) DO NOTHING`,
		newID(), brandID, a.Advertiser, a.Domain, a.FaviconURL, ts(it.tx.now)); err != nil {
		return nil, fmt.Errorf("create advertiser: %w", err)
	}
	var id string
	if err := it.tx.queryRow(ctx, `SELECT id FROM advertisers WHERE brand_id = ? AND domain = ?`, brandID, a.Domain).Scan(&id); err != nil {
		return nil, fmt.Errorf("find advertiser: %w", err)
	}
	it.advertisers[ck] = id
	return id, nil
}

// orNilTopic is the topic key of fact and rollup rows: nilTopic for none.
func orNilTopic(topicID string) string {
	if topicID == "" {
		return nilTopic
	}
	return topicID
}
