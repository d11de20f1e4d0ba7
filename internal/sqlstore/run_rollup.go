package sqlstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// dayRollups are the daily rollups (rollup.go) of the runs one transaction
// stores. They are added up here as the runs go in and upserted before
// commit: the same numbers refreshRollups computes in SQL for the migration,
// without reading the new facts back, which took more than half the time
// of an ingest.
type dayRollups struct {
	runs         map[dayKey]*runSum
	mentions     map[mentionDayKey]*mentionSum
	topicMents   map[topicMentionKey]*mentionSum
	pages        map[pageDayKey]*citeSum
	weekPages    map[pageDayKey]*citeSum // day: the Monday of the ISO week
	halfPages    map[pageDayKey]*citeSum // day: the first day of the half week (analyticsql.HalfWeekStart)
	topicPages   map[topicPageKey]*citeSum
	domains      map[domainDayKey]*citeSum
	pageBrands   map[pageBrandDayKey]*brandSum
	domainBrands map[domainBrandDayKey]*brandSum
	ads          map[adDayKey]*adSum
	queries      map[queryDayKey]*querySum
	// the runs that retrieved a page, any page of a domain
	retrievedPages   map[retrievedKey]*int64
	retrievedDomains map[retrievedKey]*int64
}

type dayKey struct{ brand, day, topic, provider, region string }

type mentionDayKey struct {
	dayKey
	found string
}

type topicMentionKey struct{ brand, day, topic, found string }

type pageDayKey struct{ brand, day, page string }

type domainDayKey struct{ brand, day, domain string }

type topicPageKey struct{ brand, topic, provider, day, page string }

type pageBrandDayKey struct{ brand, domain, page, day, found string }

type domainBrandDayKey struct{ brand, domain, day, found string }

type adDayKey struct{ brand, day, advertiser, provider string }

// queryDayKey is a row of daily_search_queries (weekly_search_queries
// with the day the Monday of its ISO week): a run's dimensions but its
// region, its prompt, and a folded query.
type queryDayKey struct{ brand, day, topic, provider, prompt, query string }

// retrievedKey is a row of daily_retrieved_pages or
// daily_retrieved_domains (key: the page or the domain; the weekly twins
// with the day the Monday of its ISO week).
type retrievedKey struct {
	dayKey
	key string
}

// querySum counts the runs of a day that issued a folded query, those of
// them naming the brand itself, and their citations of its domains.
type querySum struct{ runs, selfRuns, owned int64 }

// adSum counts an advertiser's ads of a day and provider, and the answers
// (runs) they showed in.
type adSum struct{ ads, appearances int64 }

type runSum struct{ runs, citations, owned int64 }

type mentionSum struct {
	mentions  int64
	sentiment float64
}

// citeSum counts a page's or a domain's citations of a day: all, in
// answers naming the brand, in answers naming a competitor but not the
// brand; the attributes are the page's (for a domain, its static type).
type citeSum struct {
	domain, pageType, domainType, subreddit string
	source, inline                          bool
	citations, named, compOnly              int64
}

func (c *citeSum) add(cit sightline.AnalyzedCitation, named, comp bool) {
	c.source = c.source || cit.Type == sightline.CitationSource
	c.inline = c.inline || cit.Type == sightline.CitationInline
	c.citations++
	if named {
		c.named++
	} else if comp {
		c.compOnly++
	}
}

type brandSum struct{ citations int64 }

func newDayRollups() *dayRollups {
	return &dayRollups{runs: map[dayKey]*runSum{}, mentions: map[mentionDayKey]*mentionSum{}, topicMents: map[topicMentionKey]*mentionSum{},
		pages: map[pageDayKey]*citeSum{}, weekPages: map[pageDayKey]*citeSum{}, halfPages: map[pageDayKey]*citeSum{},
		topicPages: map[topicPageKey]*citeSum{}, domains: map[domainDayKey]*citeSum{},
		pageBrands: map[pageBrandDayKey]*brandSum{}, domainBrands: map[domainBrandDayKey]*brandSum{}, ads: map[adDayKey]*adSum{},
		queries: map[queryDayKey]*querySum{}, retrievedPages: map[retrievedKey]*int64{}, retrievedDomains: map[retrievedKey]*int64{}}
}

// addAd counts one ad of a new run; firstInRun is set for the first ad of
// its advertiser in the run, so that a run counts once per advertiser.
func (d *dayRollups) addAd(brand string, ranAt time.Time, advertiser, provider string, firstInRun bool) {
	t := ranAt.UTC()
	k := adDayKey{brand: brand, day: ts(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)), advertiser: advertiser, provider: provider}
	as := d.ads[k]
	if as == nil {
		as = &adSum{}
		d.ads[k] = as
	}
	as.ads++
	if firstInRun {
		as.appearances++
	}
}

// add counts one new run with its found brands (one per mention) and its
// brand's owned domains.
func (d *dayRollups) add(r *sightline.AnalyzedRun, provider, region string, found []foundRef, owned map[string]bool) {
	t := r.RanAt.UTC()
	day := ts(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC))
	week := ts(sightline.BucketStart(t, "week"))
	half := ts(analyticsql.HalfWeekStart(t))
	k := dayKey{brand: r.BrandID, day: day, topic: r.TopicID, provider: provider, region: region}
	if k.topic == "" {
		k.topic = nilTopic
	}
	rs := sumOf(d.runs, k)
	rs.runs++
	rs.citations += int64(len(r.Citations))
	var named, comp bool
	for i, m := range r.Mentions {
		mk := mentionDayKey{k, found[i].id.(string)}
		ms := d.mentions[mk]
		if ms == nil {
			ms = &mentionSum{}
			d.mentions[mk] = ms
		}
		ms.mentions++
		ms.sentiment += m.Sentiment
		tk := topicMentionKey{brand: k.brand, day: day, topic: k.topic, found: mk.found}
		ts := sumOf(d.topicMents, tk)
		ts.mentions++
		ts.sentiment += m.Sentiment
		named, comp = named || found[i].self, comp || found[i].comp
	}
	var runOwned int64
	for _, c := range r.Citations {
		if owned[c.Domain] {
			rs.owned++
			runOwned++
		}
		addPageCite(d.pages, pageDayKey{brand: r.BrandID, day: day, page: c.Page}, c, named, comp)
		addPageCite(d.weekPages, pageDayKey{brand: r.BrandID, day: week, page: c.Page}, c, named, comp)
		addPageCite(d.halfPages, pageDayKey{brand: r.BrandID, day: half, page: c.Page}, c, named, comp)
		addPageCite(d.topicPages, topicPageKey{brand: r.BrandID, topic: k.topic, provider: provider, day: day, page: c.Page}, c, named, comp)
		dk := domainDayKey{brand: r.BrandID, day: day, domain: c.Domain}
		ds := d.domains[dk]
		if ds == nil {
			ds = &citeSum{domain: c.Domain, domainType: c.DomainType}
			d.domains[dk] = ds
		}
		ds.add(c, named, comp)
		for _, f := range found {
			bk := pageBrandDayKey{brand: r.BrandID, domain: c.Domain, page: c.Page, day: day, found: f.id.(string)}
			if bs := d.pageBrands[bk]; bs == nil {
				d.pageBrands[bk] = &brandSum{citations: 1}
			} else {
				bs.citations++
			}
		}
	}
	// a run counts once per folded query it issued, however many of its
	// spellings (docs/metrics.md#search-queries-search_queries); a query
	// that folds to nothing has no row
	var issued []string
	for _, sq := range r.SearchQueries {
		key := foldQuery(sq)
		if key == "" || slices.Contains(issued, key) {
			continue
		}
		issued = append(issued, key)
		qs := sumOf(d.queries, queryDayKey{brand: k.brand, day: day, topic: k.topic, provider: provider, prompt: r.PromptID, query: key})
		qs.runs++
		qs.selfRuns += rollupBool(named)
		qs.owned += runOwned
	}
	// a run counts once per page it retrieved (ingest keeps a page once
	// per run) and once per domain, however many of its pages it retrieved
	// (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only)
	for i, src := range r.Sources {
		*sumOf(d.retrievedPages, retrievedKey{k, src.Page})++
		if !slices.ContainsFunc(r.Sources[:i], func(o sightline.AnalyzedSource) bool { return o.Domain == src.Domain }) {
			*sumOf(d.retrievedDomains, retrievedKey{k, src.Domain})++
		}
	}
	// a run counts once per domain it cites and found brand it names
	seen := map[string]bool{}
	for _, c := range r.Citations {
		if seen[c.Domain] {
			continue
		}
		seen[c.Domain] = true
		for _, f := range found {
			bk := domainBrandDayKey{brand: r.BrandID, domain: c.Domain, day: day, found: f.id.(string)}
			if bs := d.domainBrands[bk]; bs == nil {
				d.domainBrands[bk] = &brandSum{citations: 1}
			} else {
				bs.citations++
			}
		}
	}
}

// ownedDomains returns a brand's domains (cached for the transaction).
func (it *ingestTx) ownedDomains(ctx context.Context, brandID string) (map[string]bool, error) {
	if d, ok := it.owned[brandID]; ok {
		return d, nil
	}
	d := map[string]bool{}
	err := eachRow(ctx, it.tx, `SELECT domain FROM brand_domains WHERE brand_id = ?`, []any{brandID}, func(scan func(...any) error) error {
		var dom string
		if err := scan(&dom); err != nil {
			return err
		}
		d[dom] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find brand domains: %w", err)
	}
	it.owned[brandID] = d
	return d, nil
}

// rollupRun is what the rollups count of one new run: its provider and
// region ids, its found brands (one per mention), its brand's owned
// domains and the advertiser id of each of its ads. The store hands it over
// and reads none of it afterwards.
type rollupRun struct {
	run              *sightline.AnalyzedRun
	provider, region string
	found            []foundRef
	owned            map[string]bool
	advertisers      []string
}

// rollupSums adds up the rollups of a transaction's new runs on a
// goroutine of its own, and then makes their upserts, while the store's
// connection writes the runs' facts: on SQLite the store is one
// connection, and this Go work was a fifth of its CPU
// (docs/performance.md#rollups-added-up-beside-the-store). The sums do not depend on when a run
// arrives, only on the order of the runs, which the channel keeps.
type rollupSums struct {
	runs     chan []rollupRun
	done     chan struct{} // closed once upserts and err are set
	finished bool
	dropped  atomic.Bool // the transaction failed: make no upserts
	upserts  []*factRows
	err      error
}

func startRollupSums() *rollupSums {
	s := &rollupSums{runs: make(chan []rollupRun, 4), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		d := newDayRollups()
		for runs := range s.runs {
			for _, c := range runs {
				d.add(c.run, c.provider, c.region, c.found, c.owned)
				for i, adv := range c.advertisers {
					d.addAd(c.run.BrandID, c.run.RanAt, adv, c.provider, !slices.Contains(c.advertisers[:i], adv))
				}
			}
		}
		if !s.dropped.Load() {
			s.upserts, s.err = d.upserts()
		}
	}()
	return s
}

// add counts new runs.
func (s *rollupSums) add(runs []rollupRun) {
	if len(runs) > 0 {
		s.runs <- runs
	}
}

// finish says that every run is counted: the upserts are made meanwhile.
func (s *rollupSums) finish() {
	if !s.finished {
		s.finished = true
		close(s.runs)
	}
}

// wait returns the upserts, once every run is counted.
func (s *rollupSums) wait() ([]*factRows, error) {
	s.finish()
	<-s.done
	return s.upserts, s.err
}

// stop ends the goroutine, making no upserts if they were not asked for.
func (s *rollupSums) stop() {
	s.dropped.Store(true)
	s.wait()
}

// flushRollups upserts the transaction's rollups, adding to the rows of
// the days that already have some.
func (it *ingestTx) flushRollups(ctx context.Context) error {
	upserts, err := it.sums.wait()
	if err != nil {
		return err
	}
	for _, f := range upserts {
		if err := it.insertRows(ctx, f, true); err != nil {
			return err
		}
	}
	return nil
}

// upserts returns the statements' rows that add the sums to the rollup
// tables, table by table. Keys go in sorted order, so that two ingests on
// PostgreSQL take their row locks in the same order.
func (d *dayRollups) upserts() ([]*factRows, error) {
	runRows := func(table string, sums map[dayKey]*runSum) *factRows {
		f := &factRows{table: table, cols: []string{"brand_id", "ran_at", "topic_id", "provider_id", "region_id", "runs", "citations", "owned_citations"},
			suffix: ` ON CONFLICT (brand_id, ran_at, topic_id, provider_id, region_id) DO UPDATE SET
			runs = ` + table + `.runs + excluded.runs, citations = ` + table + `.citations + excluded.citations,
			owned_citations = ` + table + `.owned_citations + excluded.owned_citations`}
		for _, k := range sortedRollupKeys(sums, func(a, b dayKey) int { return compareDayKey(a, b) }) {
			v := sums[k]
			f.add(k.brand, k.day, k.topic, k.provider, k.region, v.runs, v.citations, v.owned)
		}
		return f
	}
	// The weekly run and mention rollups are the day rows added up by ISO
	// week: a few hundred keys per transaction, folded once here.
	weeks := map[string]string{} // day key → its week's key
	weekOf := func(day string) (string, error) {
		if w, ok := weeks[day]; ok {
			return w, nil
		}
		t, err := time.Parse(time.RFC3339Nano, day)
		if err != nil {
			return "", fmt.Errorf("rollup day %q: %w", day, err)
		}
		weeks[day] = ts(sightline.BucketStart(t, "week"))
		return weeks[day], nil
	}
	weekRuns := map[dayKey]*runSum{}
	for k, v := range d.runs {
		var err error
		if k.day, err = weekOf(k.day); err != nil {
			return nil, err
		}
		w := sumOf(weekRuns, k)
		w.runs, w.citations, w.owned = w.runs+v.runs, w.citations+v.citations, w.owned+v.owned
	}
	weekTopicMents := map[topicMentionKey]*mentionSum{}
	for k, v := range d.topicMents {
		var err error
		if k.day, err = weekOf(k.day); err != nil {
			return nil, err
		}
		w := sumOf(weekTopicMents, k)
		w.mentions, w.sentiment = w.mentions+v.mentions, w.sentiment+v.sentiment
	}
	runs, weekRunRows := runRows("daily_runs", d.runs), runRows("weekly_runs", weekRuns)
	weekQueries := map[queryDayKey]*querySum{}
	for k, v := range d.queries {
		var err error
		if k.day, err = weekOf(k.day); err != nil {
			return nil, err
		}
		w := sumOf(weekQueries, k)
		w.runs, w.selfRuns, w.owned = w.runs+v.runs, w.selfRuns+v.selfRuns, w.owned+v.owned
	}
	queryRows := func(table string, sums map[queryDayKey]*querySum) *factRows {
		f := &factRows{table: table, cols: []string{"brand_id", "ran_at", "topic_id", "provider_id", "prompt_id", "query_key",
			"runs", "self_runs", "owned_citations"},
			suffix: ` ON CONFLICT (brand_id, ran_at, topic_id, provider_id, prompt_id, query_key) DO UPDATE SET
			runs = ` + table + `.runs + excluded.runs, self_runs = ` + table + `.self_runs + excluded.self_runs,
			owned_citations = ` + table + `.owned_citations + excluded.owned_citations`}
		for _, k := range sortedRollupKeys(sums, func(a, b queryDayKey) int {
			return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.topic, b.topic),
				strings.Compare(a.provider, b.provider), strings.Compare(a.prompt, b.prompt), strings.Compare(a.query, b.query))
		}) {
			v := sums[k]
			f.add(k.brand, k.day, k.topic, k.provider, k.prompt, k.query, v.runs, v.selfRuns, v.owned)
		}
		return f
	}
	queries, weekQueryRows := queryRows("daily_search_queries", d.queries), queryRows("weekly_search_queries", weekQueries)
	retrievedRows := func(table, col string, sums map[retrievedKey]*int64) *factRows {
		f := &factRows{table: table, cols: []string{"brand_id", col, "ran_at", "topic_id", "provider_id", "region_id", "runs"},
			suffix: ` ON CONFLICT (brand_id, ` + col + `, ran_at, topic_id, provider_id, region_id) DO UPDATE SET
			runs = ` + table + `.runs + excluded.runs`}
		for _, k := range sortedRollupKeys(sums, func(a, b retrievedKey) int {
			return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.key, b.key), strings.Compare(a.day, b.day),
				strings.Compare(a.topic, b.topic), strings.Compare(a.provider, b.provider), strings.Compare(a.region, b.region))
		}) {
			f.add(k.brand, k.key, k.day, k.topic, k.provider, k.region, *sums[k])
		}
		return f
	}
	weekRetrieved := func(sums map[retrievedKey]*int64) (map[retrievedKey]*int64, error) {
		out := map[retrievedKey]*int64{}
		for k, v := range sums {
			var err error
			if k.day, err = weekOf(k.day); err != nil {
				return nil, err
			}
			*sumOf(out, k) += *v
		}
		return out, nil
	}
	weekRetrievedPages, err := weekRetrieved(d.retrievedPages)
	if err != nil {
		return nil, err
	}
	weekRetrievedDomains, err := weekRetrieved(d.retrievedDomains)
	if err != nil {
		return nil, err
	}
	// the domain totals: the dimension rows added up by day (week) and
	// domain alone, as a run is under one topic, provider and region
	totalRows := func(table string, sums map[retrievedKey]*int64) *factRows {
		totals := map[retrievedKey]*int64{}
		for k, v := range sums {
			*sumOf(totals, retrievedKey{dayKey{brand: k.brand, day: k.day}, k.key}) += *v
		}
		f := &factRows{table: table, cols: []string{"brand_id", "domain", "ran_at", "runs"},
			suffix: ` ON CONFLICT (brand_id, domain, ran_at) DO UPDATE SET runs = ` + table + `.runs + excluded.runs`}
		for _, k := range sortedRollupKeys(totals, func(a, b retrievedKey) int {
			return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.key, b.key), strings.Compare(a.day, b.day))
		}) {
			f.add(k.brand, k.key, k.day, *totals[k])
		}
		return f
	}
	mentions := &factRows{table: "daily_mentions", cols: []string{"brand_id", "ran_at", "topic_id", "provider_id", "region_id", "found_brand_id", "mentions", "sentiment_sum"},
		suffix: ` ON CONFLICT (brand_id, ran_at, topic_id, provider_id, region_id, found_brand_id) DO UPDATE SET
			mentions = daily_mentions.mentions + excluded.mentions, sentiment_sum = daily_mentions.sentiment_sum + excluded.sentiment_sum`}
	for _, k := range sortedRollupKeys(d.mentions, func(a, b mentionDayKey) int {
		return cmp.Or(compareDayKey(a.dayKey, b.dayKey), strings.Compare(a.found, b.found))
	}) {
		v := d.mentions[k]
		mentions.add(k.brand, k.day, k.topic, k.provider, k.region, k.found, v.mentions, v.sentiment)
	}
	topicMentionRows := func(table string, sums map[topicMentionKey]*mentionSum) *factRows {
		f := &factRows{table: table, cols: []string{"brand_id", "ran_at", "topic_id", "found_brand_id", "mentions", "sentiment_sum"},
			suffix: ` ON CONFLICT (brand_id, ran_at, topic_id, found_brand_id) DO UPDATE SET
			mentions = ` + table + `.mentions + excluded.mentions,
			sentiment_sum = ` + table + `.sentiment_sum + excluded.sentiment_sum`}
		for _, k := range sortedRollupKeys(sums, func(a, b topicMentionKey) int {
			return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.topic, b.topic), strings.Compare(a.found, b.found))
		}) {
			v := sums[k]
			f.add(k.brand, k.day, k.topic, k.found, v.mentions, v.sentiment)
		}
		return f
	}
	topicMents, weekTopicMentRows := topicMentionRows("daily_topic_mentions", d.topicMents), topicMentionRows("weekly_topic_mentions", weekTopicMents)
	pageRows := func(table string, sums map[pageDayKey]*citeSum) *factRows {
		f := &factRows{table: table, cols: []string{"brand_id", "ran_at", "page", "domain", "page_type", "domain_type", "subreddit",
			"has_source", "has_inline", "citations", "named", "comp_only"},
			suffix: ` ON CONFLICT (brand_id, ran_at, page) DO UPDATE SET ` + citeSumUpdate(table)}
		for _, k := range sortedRollupKeys(sums, func(a, b pageDayKey) int {
			return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.page, b.page))
		}) {
			v := sums[k]
			f.add(k.brand, k.day, k.page, v.domain, v.pageType, v.domainType, v.subreddit,
				rollupBool(v.source), rollupBool(v.inline), v.citations, v.named, v.compOnly)
		}
		return f
	}
	pages, weekPages, halfPages := pageRows("daily_pages", d.pages), pageRows("weekly_pages", d.weekPages), pageRows("half_week_pages", d.halfPages)
	topicPages := &factRows{table: "daily_topic_pages", cols: []string{"brand_id", "topic_id", "provider_id", "ran_at", "page", "domain", "page_type",
		"domain_type", "subreddit", "has_source", "has_inline", "citations", "named", "comp_only"},
		suffix: ` ON CONFLICT (brand_id, topic_id, provider_id, ran_at, page) DO UPDATE SET ` + citeSumUpdate("daily_topic_pages")}
	for _, k := range sortedRollupKeys(d.topicPages, func(a, b topicPageKey) int {
		return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.topic, b.topic), strings.Compare(a.provider, b.provider),
			strings.Compare(a.day, b.day), strings.Compare(a.page, b.page))
	}) {
		v := d.topicPages[k]
		topicPages.add(k.brand, k.topic, k.provider, k.day, k.page, v.domain, v.pageType, v.domainType, v.subreddit,
			rollupBool(v.source), rollupBool(v.inline), v.citations, v.named, v.compOnly)
	}
	domains := &factRows{table: "daily_domains", cols: []string{"brand_id", "ran_at", "domain", "domain_type",
		"has_source", "has_inline", "citations", "named", "comp_only"},
		suffix: ` ON CONFLICT (brand_id, ran_at, domain) DO UPDATE SET ` + citeSumUpdate("daily_domains")}
	for _, k := range sortedRollupKeys(d.domains, func(a, b domainDayKey) int {
		return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.domain, b.domain))
	}) {
		v := d.domains[k]
		domains.add(k.brand, k.day, k.domain, v.domainType, rollupBool(v.source), rollupBool(v.inline), v.citations, v.named, v.compOnly)
	}
	pageBrands := &factRows{table: "daily_page_brands", cols: []string{"brand_id", "domain", "page", "ran_at", "found_brand_id", "citations"},
		suffix: ` ON CONFLICT (brand_id, domain, page, ran_at, found_brand_id) DO UPDATE SET
			citations = daily_page_brands.citations + excluded.citations`}
	for _, k := range sortedRollupKeys(d.pageBrands, func(a, b pageBrandDayKey) int {
		return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.domain, b.domain),
			strings.Compare(a.page, b.page), strings.Compare(a.day, b.day), strings.Compare(a.found, b.found))
	}) {
		pageBrands.add(k.brand, k.domain, k.page, k.day, k.found, d.pageBrands[k].citations)
	}
	domainBrands := &factRows{table: "daily_domain_brands", cols: []string{"brand_id", "domain", "ran_at", "found_brand_id", "citations"},
		suffix: ` ON CONFLICT (brand_id, domain, ran_at, found_brand_id) DO UPDATE SET
			citations = daily_domain_brands.citations + excluded.citations`}
	for _, k := range sortedRollupKeys(d.domainBrands, func(a, b domainBrandDayKey) int {
		return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.domain, b.domain),
			strings.Compare(a.day, b.day), strings.Compare(a.found, b.found))
	}) {
		domainBrands.add(k.brand, k.domain, k.day, k.found, d.domainBrands[k].citations)
	}
	ads := &factRows{table: "daily_ads", cols: []string{"brand_id", "ran_at", "advertiser_id", "provider_id", "ads", "appearances"},
		suffix: ` ON CONFLICT (brand_id, ran_at, advertiser_id, provider_id) DO UPDATE SET
			ads = daily_ads.ads + excluded.ads, appearances = daily_ads.appearances + excluded.appearances`}
	for _, k := range sortedRollupKeys(d.ads, func(a, b adDayKey) int {
		return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day),
			strings.Compare(a.advertiser, b.advertiser), strings.Compare(a.provider, b.provider))
	}) {
		v := d.ads[k]
		ads.add(k.brand, k.day, k.advertiser, k.provider, v.ads, v.appearances)
	}
	all := []*factRows{runs, weekRunRows, mentions, topicMents, weekTopicMentRows, pages, weekPages, halfPages, topicPages, domains, pageBrands, domainBrands, ads,
		queries, weekQueryRows,
		retrievedRows("daily_retrieved_pages", "page", d.retrievedPages), retrievedRows("weekly_retrieved_pages", "page", weekRetrievedPages),
		retrievedRows("daily_retrieved_domains", "domain", d.retrievedDomains),
		retrievedRows("weekly_retrieved_domains", "domain", weekRetrievedDomains),
		totalRows("daily_retrieved_domain_totals", d.retrievedDomains), totalRows("weekly_retrieved_domain_totals", weekRetrievedDomains)}
	for _, f := range all {
		f.per = newFactRows(f.table, f.cols).per
	}
	return all, nil
}

func compareDayKey(a, b dayKey) int {
	return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.topic, b.topic),
		strings.Compare(a.provider, b.provider), strings.Compare(a.region, b.region))
}

// citeSumUpdate adds a page or domain rollup row to the stored one.
func citeSumUpdate(table string) string {
	return `citations = ` + table + `.citations + excluded.citations, named = ` + table + `.named + excluded.named,
		comp_only = ` + table + `.comp_only + excluded.comp_only,
		has_source = CASE WHEN excluded.has_source = 1 THEN 1 ELSE ` + table + `.has_source END,
		has_inline = CASE WHEN excluded.has_inline = 1 THEN 1 ELSE ` + table + `.has_inline END`
}

func rollupBool(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func sortedRollupKeys[K comparable, V any](m map[K]V, cmp func(a, b K) int) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, cmp)
	return keys
}

// sumOf returns m's sum for k, adding a zero one first.
// addPageCite counts a citation in its row of a page rollup (daily,
// weekly, half-week or per topic and provider); a new row takes the page's
// attributes from the citation.
func addPageCite[K comparable](m map[K]*citeSum, k K, c sightline.AnalyzedCitation, named, comp bool) {
	ps := m[k]
	if ps == nil {
		ps = &citeSum{domain: c.Domain, pageType: c.PageType, domainType: c.DomainType, subreddit: c.Subreddit}
		m[k] = ps
	}
	ps.add(c, named, comp)
}

func sumOf[K comparable, V any](m map[K]*V, k K) *V {
	v := m[k]
	if v == nil {
		v = new(V)
		m[k] = v
	}
	return v
}
