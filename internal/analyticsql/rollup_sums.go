package analyticsql

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// Sums are the run rollups of the runs one ingest transaction stores,
// added up in Go as the runs go in: the same numbers sql/rollup_fill.sql
// computes from the facts, without reading the new facts back, which took
// more than half the time of an ingest. Rows returns them as the rows that
// sqlstore upserts (Rollup.Upsert) before commit.
type Sums struct {
	runs         map[dayKey]*runSum
	mentions     map[mentionDayKey]*mentionSum
	topicMents   map[topicMentionKey]*mentionSum
	pages        map[pageDayKey]*citeSum
	weekPages    map[pageDayKey]*citeSum // day: the Monday of the ISO week
	halfPages    map[pageDayKey]*citeSum // day: the first day of the half week (HalfWeekStart)
	topicPages   map[topicPageKey]*citeSum
	domains      map[domainDayKey]*citeSum
	pageBrands   map[pageBrandDayKey]*brandSum
	domainBrands map[domainBrandDayKey]*brandSum
	ads          map[adDayKey]*adSum
	queries      map[queryDayKey]*querySum // per region: daily_search_query_regions
	// the runs that retrieved a page, any page of a domain
	retrievedPages   map[retrievedKey]*int64
	retrievedDomains map[retrievedKey]*int64
}

// FoundBrand is a found brand a run's mention names: its id, and whether
// it is the brand itself or a tracked competitor.
type FoundBrand struct {
	ID         string
	Self, Comp bool
}

// RollupRun is what the rollups count of one new run: its provider and
// region ids, its found brands (one per mention), its brand's owned
// domains and the advertiser id of each of its ads.
type RollupRun struct {
	Run              *sightline.AnalyzedRun
	Provider, Region string
	Found            []FoundBrand
	Owned            map[string]bool
	Advertisers      []string
}

// RollupRows are rows of one rollup table: their values flattened in the
// order of its Columns.
type RollupRows struct {
	Rollup
	Args []any
}

// NewSums returns empty sums.
func NewSums() *Sums {
	return &Sums{runs: map[dayKey]*runSum{}, mentions: map[mentionDayKey]*mentionSum{}, topicMents: map[topicMentionKey]*mentionSum{},
		pages: map[pageDayKey]*citeSum{}, weekPages: map[pageDayKey]*citeSum{}, halfPages: map[pageDayKey]*citeSum{},
		topicPages: map[topicPageKey]*citeSum{}, domains: map[domainDayKey]*citeSum{},
		pageBrands: map[pageBrandDayKey]*brandSum{}, domainBrands: map[domainBrandDayKey]*brandSum{}, ads: map[adDayKey]*adSum{},
		queries: map[queryDayKey]*querySum{}, retrievedPages: map[retrievedKey]*int64{}, retrievedDomains: map[retrievedKey]*int64{}}
}

// Add counts one new run and its ads: a run counts once per advertiser
// it showed ads of.
func (d *Sums) Add(c RollupRun) {
	d.add(c.Run, c.Provider, c.Region, c.Found, c.Owned)
	for i, adv := range c.Advertisers {
		d.addAd(c.Run.BrandID, c.Run.RanAt, adv, c.Provider, !slices.Contains(c.Advertisers[:i], adv))
	}
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

// queryDayKey is a row of daily_search_query_regions (the weekly twin
// with the day the Monday of its ISO week): a run's dimensions, its
// prompt, and a folded query; with the region "", of daily_search_queries
// (weekly_search_queries), which add up the regions.
type queryDayKey struct{ brand, region, day, topic, provider, prompt, query string }

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

// runSum counts a day's runs, their citations and those of the brand's
// domains, and of the runs those of a search surface and, of these, the
// ones that showed an answer (docs/metrics.md#answer-rate).
type runSum struct{ runs, citations, owned, surface, answered int64 }

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

// addAd counts one ad of a new run; firstInRun is set for the first ad of
// its advertiser in the run, so that a run counts once per advertiser.
func (d *Sums) addAd(brand string, ranAt time.Time, advertiser, provider string, firstInRun bool) {
	t := ranAt.UTC()
	k := adDayKey{brand: brand, day: FormatTime(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)), advertiser: advertiser, provider: provider}
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
func (d *Sums) add(r *sightline.AnalyzedRun, provider, region string, found []FoundBrand, owned map[string]bool) {
	t := r.RanAt.UTC()
	day := FormatTime(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC))
	week := FormatTime(sightline.BucketStart(t, "week"))
	half := FormatTime(HalfWeekStart(t))
	k := dayKey{brand: r.BrandID, day: day, topic: r.TopicID, provider: provider, region: region}
	if k.topic == "" {
		k.topic = sightline.NilUUID
	}
	rs := sumOf(d.runs, k)
	rs.runs++
	rs.citations += int64(len(r.Citations))
	if r.OnSurface() {
		rs.surface++
		if r.AnswerShown {
			rs.answered++
		}
	}
	var named, comp bool
	for i, m := range r.Mentions {
		mk := mentionDayKey{k, found[i].ID}
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
		named, comp = named || found[i].Self, comp || found[i].Comp
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
			bk := pageBrandDayKey{brand: r.BrandID, domain: c.Domain, page: c.Page, day: day, found: f.ID}
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
		key := FoldQuery(sq)
		if key == "" || slices.Contains(issued, key) {
			continue
		}
		issued = append(issued, key)
		qs := sumOf(d.queries, queryDayKey{brand: k.brand, region: region, day: day, topic: k.topic, provider: provider, prompt: r.PromptID, query: key})
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
			bk := domainBrandDayKey{brand: r.BrandID, domain: c.Domain, day: day, found: f.ID}
			if bs := d.domainBrands[bk]; bs == nil {
				d.domainBrands[bk] = &brandSum{citations: 1}
			} else {
				bs.citations++
			}
		}
	}
}

// Rows returns the sums as rows of the rollup tables, table by table in
// the catalogue's order. Keys go in sorted order, so that two ingests on
// PostgreSQL take their row locks in the same order. The weekly and
// half-week rows are the day rows added up: a few hundred keys per
// transaction, folded once here.
func (d *Sums) Rows() ([]RollupRows, error) {
	weeks := map[string]string{} // day key → its week's key
	weekOf := func(day string) (string, error) {
		if w, ok := weeks[day]; ok {
			return w, nil
		}
		t, err := time.Parse(time.RFC3339Nano, day)
		if err != nil {
			return "", fmt.Errorf("rollup day %q: %w", day, err)
		}
		weeks[day] = FormatTime(sightline.BucketStart(t, "week"))
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
		w.surface, w.answered = w.surface+v.surface, w.answered+v.answered
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
	// the fan-out rows by day and week, with and without the region
	weekRegionQueries, dayQueries, weekQueries := map[queryDayKey]*querySum{}, map[queryDayKey]*querySum{}, map[queryDayKey]*querySum{}
	for k, v := range d.queries {
		noRegion := k
		noRegion.region = ""
		addQuery(dayQueries, noRegion, v)
		var err error
		if k.day, err = weekOf(k.day); err != nil {
			return nil, err
		}
		addQuery(weekRegionQueries, k, v)
		noRegion.day = k.day
		addQuery(weekQueries, noRegion, v)
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

	runRows := func(sums map[dayKey]*runSum) func(add func(...any)) {
		return func(add func(...any)) {
			for _, k := range sortedRollupKeys(sums, compareDayKey) {
				v := sums[k]
				add(k.brand, k.day, k.topic, k.provider, k.region, v.runs, v.citations, v.owned, v.surface, v.answered)
			}
		}
	}
	topicMentionRows := func(sums map[topicMentionKey]*mentionSum) func(add func(...any)) {
		return func(add func(...any)) {
			for _, k := range sortedRollupKeys(sums, func(a, b topicMentionKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.topic, b.topic), strings.Compare(a.found, b.found))
			}) {
				v := sums[k]
				add(k.brand, k.day, k.topic, k.found, v.mentions, v.sentiment)
			}
		}
	}
	pageRows := func(sums map[pageDayKey]*citeSum) func(add func(...any)) {
		return func(add func(...any)) {
			for _, k := range sortedRollupKeys(sums, func(a, b pageDayKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.page, b.page))
			}) {
				v := sums[k]
				add(k.brand, k.day, k.page, v.domain, v.pageType, v.domainType, v.subreddit,
					rollupBool(v.source), rollupBool(v.inline), v.citations, v.named, v.compOnly)
			}
		}
	}
	queryRows := func(sums map[queryDayKey]*querySum, region bool) func(add func(...any)) {
		return func(add func(...any)) {
			for _, k := range sortedRollupKeys(sums, func(a, b queryDayKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.region, b.region), strings.Compare(a.day, b.day),
					strings.Compare(a.topic, b.topic), strings.Compare(a.provider, b.provider), strings.Compare(a.prompt, b.prompt),
					strings.Compare(a.query, b.query))
			}) {
				v := sums[k]
				if region {
					add(k.brand, k.region, k.day, k.topic, k.provider, k.prompt, k.query, v.runs, v.selfRuns, v.owned)
				} else {
					add(k.brand, k.day, k.topic, k.provider, k.prompt, k.query, v.runs, v.selfRuns, v.owned)
				}
			}
		}
	}
	retrievedRows := func(sums map[retrievedKey]*int64) func(add func(...any)) {
		return func(add func(...any)) {
			for _, k := range sortedRollupKeys(sums, func(a, b retrievedKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.key, b.key), strings.Compare(a.day, b.day),
					strings.Compare(a.topic, b.topic), strings.Compare(a.provider, b.provider), strings.Compare(a.region, b.region))
			}) {
				add(k.brand, k.key, k.day, k.topic, k.provider, k.region, *sums[k])
			}
		}
	}
	// the domain totals: the dimension rows added up by day (week) and
	// domain alone, as a run is under one topic, provider and region
	totalRows := func(sums map[retrievedKey]*int64) func(add func(...any)) {
		return func(add func(...any)) {
			totals := map[retrievedKey]*int64{}
			for k, v := range sums {
				*sumOf(totals, retrievedKey{dayKey{brand: k.brand, day: k.day}, k.key}) += *v
			}
			for _, k := range sortedRollupKeys(totals, func(a, b retrievedKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.key, b.key), strings.Compare(a.day, b.day))
			}) {
				add(k.brand, k.key, k.day, *totals[k])
			}
		}
	}
	// each run rollup's rows, in the order of its columns (Rollups)
	rows := map[string]func(add func(...any)){
		"daily_runs":  runRows(d.runs),
		"weekly_runs": runRows(weekRuns),
		"daily_mentions": func(add func(...any)) {
			for _, k := range sortedRollupKeys(d.mentions, func(a, b mentionDayKey) int {
				return cmp.Or(compareDayKey(a.dayKey, b.dayKey), strings.Compare(a.found, b.found))
			}) {
				v := d.mentions[k]
				add(k.brand, k.day, k.topic, k.provider, k.region, k.found, v.mentions, v.sentiment)
			}
		},
		"daily_topic_mentions":  topicMentionRows(d.topicMents),
		"weekly_topic_mentions": topicMentionRows(weekTopicMents),
		"daily_pages":           pageRows(d.pages),
		"weekly_pages":          pageRows(d.weekPages),
		"half_week_pages":       pageRows(d.halfPages),
		"daily_topic_pages": func(add func(...any)) {
			for _, k := range sortedRollupKeys(d.topicPages, func(a, b topicPageKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.topic, b.topic), strings.Compare(a.provider, b.provider),
					strings.Compare(a.day, b.day), strings.Compare(a.page, b.page))
			}) {
				v := d.topicPages[k]
				add(k.brand, k.topic, k.provider, k.day, k.page, v.domain, v.pageType, v.domainType, v.subreddit,
					rollupBool(v.source), rollupBool(v.inline), v.citations, v.named, v.compOnly)
			}
		},
		"daily_domains": func(add func(...any)) {
			for _, k := range sortedRollupKeys(d.domains, func(a, b domainDayKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.domain, b.domain))
			}) {
				v := d.domains[k]
				add(k.brand, k.day, k.domain, v.domainType, rollupBool(v.source), rollupBool(v.inline), v.citations, v.named, v.compOnly)
			}
		},
		"daily_page_brands": func(add func(...any)) {
			for _, k := range sortedRollupKeys(d.pageBrands, func(a, b pageBrandDayKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.domain, b.domain),
					strings.Compare(a.page, b.page), strings.Compare(a.day, b.day), strings.Compare(a.found, b.found))
			}) {
				add(k.brand, k.domain, k.page, k.day, k.found, d.pageBrands[k].citations)
			}
		},
		"daily_domain_brands": func(add func(...any)) {
			for _, k := range sortedRollupKeys(d.domainBrands, func(a, b domainBrandDayKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.domain, b.domain),
					strings.Compare(a.day, b.day), strings.Compare(a.found, b.found))
			}) {
				add(k.brand, k.domain, k.day, k.found, d.domainBrands[k].citations)
			}
		},
		"daily_ads": func(add func(...any)) {
			for _, k := range sortedRollupKeys(d.ads, func(a, b adDayKey) int {
				return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day),
					strings.Compare(a.advertiser, b.advertiser), strings.Compare(a.provider, b.provider))
			}) {
				v := d.ads[k]
				add(k.brand, k.day, k.advertiser, k.provider, v.ads, v.appearances)
			}
		},
		"daily_search_queries":          queryRows(dayQueries, false),
		"weekly_search_queries":         queryRows(weekQueries, false),
		"daily_search_query_regions":    queryRows(d.queries, true),
		"weekly_search_query_regions":   queryRows(weekRegionQueries, true),
		"daily_retrieved_pages":         retrievedRows(d.retrievedPages),
		"weekly_retrieved_pages":        retrievedRows(weekRetrievedPages),
		"daily_retrieved_domains":       retrievedRows(d.retrievedDomains),
		"weekly_retrieved_domains":      retrievedRows(weekRetrievedDomains),
		"daily_retrieved_page_totals":   totalRows(d.retrievedPages),
		"daily_retrieved_domain_totals": totalRows(d.retrievedDomains),
	}
	var out []RollupRows
	for _, r := range RunRollups() {
		fill, ok := rows[r.Table]
		if !ok {
			return nil, fmt.Errorf("rollup %s: ingest adds no rows to it", r.Table)
		}
		rr := RollupRows{Rollup: r}
		width := len(r.Columns())
		fill(func(values ...any) {
			if len(values) != width {
				// a row and the catalogue's columns are the program's
				panic(fmt.Sprintf("analyticsql: a row of %d values for the %d columns of %s", len(values), width, r.Table))
			}
			rr.Args = append(rr.Args, values...)
		})
		out = append(out, rr)
	}
	return out, nil
}

func compareDayKey(a, b dayKey) int {
	return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.topic, b.topic),
		strings.Compare(a.provider, b.provider), strings.Compare(a.region, b.region))
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

// addQuery adds v to m's sum for k.
func addQuery(m map[queryDayKey]*querySum, k queryDayKey, v *querySum) {
	w := sumOf(m, k)
	w.runs, w.selfRuns, w.owned = w.runs+v.runs, w.selfRuns+v.selfRuns, w.owned+v.owned
}

// sumOf returns m's sum for k, adding a zero one first.
func sumOf[K comparable, V any](m map[K]*V, k K) *V {
	v := m[k]
	if v == nil {
		v = new(V)
		m[k] = v
	}
	return v
}
