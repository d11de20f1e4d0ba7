package sqlstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// dayRollups are the daily rollups (rollup.go) of the runs one transaction
// stores. They are added up here as the runs go in and upserted before
// commit: the same numbers refreshRollups computes in SQL for the migration,
// without reading the new facts back, which took more than half the time
// of an ingest.
type dayRollups struct {
	runs       map[dayKey]*runSum
	mentions   map[mentionDayKey]*mentionSum
	pages      map[pageDayKey]*pageSum
	pageBrands map[pageBrandDayKey]*pageBrandSum
}

type dayKey struct{ brand, day, topic, provider, region string }

type mentionDayKey struct {
	dayKey
	found string
}

type pageDayKey struct {
	brand, day, page, typ string
	named, comp           bool
}

type pageBrandDayKey struct{ brand, domain, page, day, found string }

type runSum struct{ runs, citations, owned int64 }

type mentionSum struct {
	mentions  int64
	sentiment float64
}

// pageSum keeps, like the SQL's MIN(…), the least value of each column
// among the day's citations of the page.
type pageSum struct {
	domain, pageType, domainType, channel, subreddit string
	citations                                        int64
}

type pageBrandSum struct{ citations int64 }

func newDayRollups() *dayRollups {
	return &dayRollups{runs: map[dayKey]*runSum{}, mentions: map[mentionDayKey]*mentionSum{},
		pages: map[pageDayKey]*pageSum{}, pageBrands: map[pageBrandDayKey]*pageBrandSum{}}
}

// add counts one new run with its found brands (one per mention) and its
// brand's owned domains.
func (d *dayRollups) add(r *sightline.AnalyzedRun, provider, region string, found []foundRef, owned map[string]bool) {
	t := r.RanAt.UTC()
	day := ts(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC))
	k := dayKey{brand: r.BrandID, day: day, topic: r.TopicID, provider: provider, region: region}
	if k.topic == "" {
		k.topic = nilTopic
	}
	rs := d.runs[k]
	if rs == nil {
		rs = &runSum{}
		d.runs[k] = rs
	}
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
		named, comp = named || found[i].self, comp || found[i].comp
	}
	for _, c := range r.Citations {
		if owned[c.Domain] {
			rs.owned++
		}
		pk := pageDayKey{brand: r.BrandID, day: day, page: c.Page, typ: c.Type, named: named, comp: comp}
		if ps := d.pages[pk]; ps == nil {
			d.pages[pk] = &pageSum{domain: c.Domain, pageType: c.PageType, domainType: c.DomainType, channel: c.YouTubeChannel, subreddit: c.Subreddit, citations: 1}
		} else {
			ps.domain, ps.pageType, ps.domainType = min(ps.domain, c.Domain), min(ps.pageType, c.PageType), min(ps.domainType, c.DomainType)
			ps.channel, ps.subreddit = min(ps.channel, c.YouTubeChannel), min(ps.subreddit, c.Subreddit)
			ps.citations++
		}
		for _, f := range found {
			bk := pageBrandDayKey{brand: r.BrandID, domain: c.Domain, page: c.Page, day: day, found: f.id.(string)}
			if bs := d.pageBrands[bk]; bs == nil {
				d.pageBrands[bk] = &pageBrandSum{citations: 1}
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

// flushRollups upserts the transaction's rollups, adding to the rows of
// the days that already have some. Keys go in sorted order, so that two
// ingests on PostgreSQL take their row locks in the same order.
func (it *ingestTx) flushRollups(ctx context.Context) error {
	d := it.days
	runs := &factRows{table: "daily_runs", cols: []string{"brand_id", "ran_at", "topic_id", "provider_id", "region_id", "runs", "citations", "owned_citations"},
		suffix: ` ON CONFLICT (brand_id, ran_at, topic_id, provider_id, region_id) DO UPDATE SET
			runs = daily_runs.runs + excluded.runs, citations = daily_runs.citations + excluded.citations,
			owned_citations = daily_runs.owned_citations + excluded.owned_citations`}
	for _, k := range sortedRollupKeys(d.runs, func(a, b dayKey) int { return compareDayKey(a, b) }) {
		v := d.runs[k]
		runs.add(k.brand, k.day, k.topic, k.provider, k.region, v.runs, v.citations, v.owned)
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
	pages := &factRows{table: "daily_pages", cols: []string{"brand_id", "ran_at", "page", "citation_type", "named", "comp", "domain", "page_type", "domain_type", "youtube_channel", "subreddit", "citations"},
		suffix: ` ON CONFLICT (brand_id, ran_at, page, citation_type, named, comp) DO UPDATE SET
			citations = daily_pages.citations + excluded.citations`}
	for _, k := range sortedRollupKeys(d.pages, func(a, b pageDayKey) int {
		return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.page, b.page),
			strings.Compare(a.typ, b.typ), compareRollupBool(a.named, b.named), compareRollupBool(a.comp, b.comp))
	}) {
		v := d.pages[k]
		pages.add(k.brand, k.day, k.page, k.typ, rollupBool(k.named), rollupBool(k.comp), v.domain, v.pageType, v.domainType, v.channel, v.subreddit, v.citations)
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
	for _, f := range []*factRows{runs, mentions, pages, pageBrands} {
		f.per = newFactRows(f.table, f.cols).per
		if err := it.insertRows(ctx, f, true); err != nil {
			return err
		}
	}
	return nil
}

func compareDayKey(a, b dayKey) int {
	return cmp.Or(strings.Compare(a.brand, b.brand), strings.Compare(a.day, b.day), strings.Compare(a.topic, b.topic),
		strings.Compare(a.provider, b.provider), strings.Compare(a.region, b.region))
}

func compareRollupBool(a, b bool) int { return cmp.Compare(rollupBool(a), rollupBool(b)) }

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
