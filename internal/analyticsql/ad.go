package analyticsql

import "github.com/sightline/sightline"

// adDayRollups reports whether the advertiser summaries and the ad count
// may read daily_ads: it keeps days, advertisers and providers, so no
// other filter applies.
func (q *Scope) adDayRollups() bool {
	return q.Rollups && len(q.RegionIDs) == 0 && len(q.TopicIDs) == 0 && len(q.PromptIDs) == 0 &&
		q.PromptID == "" && len(q.PromptRegions) == 0
}

// AdvertiserSummaryColumns are the columns of advertiser_summaries that sqlstore reads.
const AdvertiserSummaryColumns = `id, name, appearances, prompts, ads, providers, domain, favicon_url, first_seen, last_seen`

// Ads counts the ads shown in the scope whose advertiser or text contains
// query (any when empty), and lists limit of them from offset, ordered by
// order (an ORDER BY clause over ads and advertisers; sortByName when it
// orders by the advertiser's name) (sql/ads.sql). Count: one row, the
// count. Page rows: run id, advertiser id, name, domain, favicon URL,
// text, prompt, topic, provider and region ids, ran_at.
func (q *Scope) Ads(query, order string, sortByName bool, limit, offset int) (count, page *Builder) {
	full, raw := wholeDays(true, q.Window)
	count = q.write("ads_count.sql", struct {
		Query      string
		DayRollups bool
		Full, Raw  []sightline.Window
	}{query, query == "" && q.adDayRollups(), full, raw})
	page = q.write("ads.sql", struct {
		Query, Order  string
		KeysJoin      bool
		Limit, Offset int
	}{query, order, query != "" || sortByName, limit, offset})
	return count, page
}

// advertisers is the data of the advertiser statements of sql/ads.sql.
type advertisers struct {
	OnlyID, Query, Order string
	ActiveOnly           bool
	DayRollups           bool
	Limit, Offset        int
}

// Advertisers lists limit of the brand's advertisers that showed ads in
// the scope (whose name or domain contains query, any when empty) from
// offset, ordered by order (an ORDER BY clause over advertiser_summaries),
// with their counts. Page rows: AdvertiserSummaryColumns and the count of
// all; count: one row, the count, written only when called (for a page
// past the end).
func (q *Scope) Advertisers(query, order string, limit, offset int) (page *Builder, count func() *Builder) {
	d := advertisers{Query: query, Order: order, ActiveOnly: true, DayRollups: q.adDayRollups(), Limit: limit, Offset: offset}
	return q.write("advertisers.sql", d), func() *Builder { return q.write("advertisers_count.sql", d) }
}

// Advertiser is one advertiser's summary over the window (no row when it
// showed no ad in the scope): AdvertiserSummaryColumns.
func (q *Scope) Advertiser(id string) *Builder {
	return q.write("advertiser.sql", advertisers{OnlyID: id, DayRollups: q.adDayRollups()})
}
