package analyticsql

import "github.com/sightline/sightline"

// advertiserSummaries writes the CTE advertiser_summaries: per advertiser,
// the answers it appeared next to, distinct prompts, ads shown and distinct
// providers in the window, and when it was first and last seen at all.
func (q *Scope) advertiserSummaries(s *Builder, onlyID, query string, activeOnly bool) {
	join := "LEFT JOIN"
	if activeOnly {
		join = "JOIN"
	}
	var prompts *Builder
	if q.adDayRollups() {
		prompts = q.advertiserDaysTotals(s, onlyID)
	} else {
		prompts = (&Builder{}).Add(`COALESCE(window_totals.prompts, 0)`)
		s.Add(`WITH window_totals AS (
SELECT ads.advertiser_id AS id, COUNT(DISTINCT ads.run_seq) AS appearances,
COUNT(DISTINCT ads.prompt_id) AS prompts, COUNT(*) AS ads, COUNT(DISTINCT ads.provider_id) AS providers
FROM ads
WHERE `)
		q.FilterIn(s, "ads", q.Window)
		if onlyID != "" {
			s.Add(`
AND ads.advertiser_id = ?`, onlyID)
		}
		s.Add(`
GROUP BY ads.advertiser_id
)`)
	}
	s.Add(`,
advertiser_summaries AS (
SELECT advertisers.id AS id, advertisers.name AS name,
COALESCE(window_totals.appearances, 0) AS appearances,
`).AddSQL(prompts).Add(` AS prompts,
COALESCE(window_totals.ads, 0) AS ads, COALESCE(window_totals.providers, 0) AS providers,
advertisers.domain AS domain, advertisers.favicon_url AS favicon_url,
(SELECT MIN(ads.ran_at) FROM ads WHERE ads.advertiser_id = advertisers.id) AS first_seen,
(SELECT MAX(ads.ran_at) FROM ads WHERE ads.advertiser_id = advertisers.id) AS last_seen
FROM advertisers
`+join+` window_totals ON window_totals.id = advertisers.id
WHERE advertisers.brand_id = ?`, q.BrandID)
	if onlyID != "" {
		s.Add(`
AND advertisers.id = ?`, onlyID)
	}
	if query != "" {
		p := LikePattern(query)
		s.Add(`
AND (lower(advertisers.name) LIKE ? ESCAPE '\' OR lower(advertisers.domain) LIKE ? ESCAPE '\')`, p, p)
	}
	s.Add("\n)")
}

// adDayRollups reports whether the advertiser summaries may read daily_ads:
// it keeps days, advertisers and providers, so no other filter applies.
func (q *Scope) adDayRollups() bool {
	return q.Rollups && len(q.RegionIDs) == 0 && len(q.TopicIDs) == 0 && len(q.PromptIDs) == 0 &&
		q.PromptID == "" && len(q.PromptRegions) == 0
}

// adCount writes the count of the scope's ads: whole days from daily_ads,
// partial ones from ads. adDayRollups allows no filter but the provider, so
// FilterIn's conditions suit daily_ads too.
func (q *Scope) adCount(s *Builder) {
	full, raw := wholeDays(true, q.Window)
	s.Add(`SELECT CAST(0`)
	for _, r := range full {
		s.Add("\n+ (SELECT COALESCE(SUM(daily_ads.ads), 0) FROM daily_ads WHERE ")
		q.FilterIn(s, "daily_ads", r)
		s.Add(`)`)
	}
	for _, r := range raw {
		s.Add("\n+ (SELECT COUNT(*) FROM ads WHERE ")
		q.FilterIn(s, "ads", r)
		s.Add(`)`)
	}
	s.Add("\nAS BIGINT)")
}

// advertiserDaysTotals writes the CTE window_totals from daily_ads for the
// window's whole days and from ads for its partial ones (a run lies in one
// of them, so its answer is counted once), and returns the expression of
// an advertiser's distinct prompts, a fragment with its arguments: one
// probe of ads_advertiser_prompt per prompt of the brand, instead of
// sorting every ad of the window.
func (q *Scope) advertiserDaysTotals(s *Builder, onlyID string) *Builder {
	s.Add(`WITH advertiser_days AS (`)
	q.union(s, q.Window, nil, true, rollupTable{daily: "daily_ads"},
		func(s *Builder, table string, ranges []sightline.Window) {
			s.Add(`SELECT daily_ads.advertiser_id AS advertiser_id, daily_ads.provider_id AS provider_id,
daily_ads.ads AS ads, daily_ads.appearances AS appearances`)
			q.fromRanges(s, table, table, ranges)
			if onlyID != "" {
				s.Add(`
AND daily_ads.advertiser_id = ?`, onlyID)
			}
		},
		func(s *Builder, ranges []sightline.Window) {
			s.Add(`SELECT ads.advertiser_id AS advertiser_id, ads.provider_id AS provider_id, COUNT(*) AS ads,
COUNT(DISTINCT ads.run_seq) AS appearances`)
			q.fromRanges(s, "ads", "ads", ranges)
			if onlyID != "" {
				s.Add(`
AND ads.advertiser_id = ?`, onlyID)
			}
			s.Add(`
GROUP BY ads.advertiser_id, ads.provider_id`)
		})
	s.Add(`
),
window_totals AS (
SELECT advertiser_id AS id, SUM(appearances) AS appearances, SUM(ads) AS ads,
COUNT(DISTINCT provider_id) AS providers
FROM advertiser_days
GROUP BY advertiser_id
)`)
	var p Builder
	p.Add(`(
  SELECT COUNT(*) FROM prompts
  WHERE prompts.brand_id = ?
  AND EXISTS (
    SELECT 1 FROM ads
    WHERE ads.advertiser_id = advertisers.id AND ads.prompt_id = prompts.id
    AND `, q.BrandID)
	q.FilterIn(&p, "ads", q.Window)
	p.Add(`
  )
)`)
	return &p
}

// AdvertiserSummaryColumns are the columns of advertiser_summaries that sqlstore reads.
const AdvertiserSummaryColumns = `id, name, appearances, prompts, ads, providers, domain, favicon_url, first_seen, last_seen`

// Ads counts the ads shown in the scope whose advertiser or text contains
// query (any when empty), and lists limit of them from offset, ordered by
// order (an ORDER BY clause over ads and advertisers; sortByName when it
// orders by the advertiser's name). Count: one row, the count. Page rows:
// run id, advertiser id, name, domain, favicon URL, text, prompt, topic,
// provider and region ids, ran_at.
func (q *Scope) Ads(query, order string, sortByName bool, limit, offset int) (count, page *Builder) {
	var where Builder
	where.Add("\nWHERE ")
	q.FilterIn(&where, "ads", q.Window)
	if query != "" {
		p := LikePattern(query)
		where.Add(`
AND (
  lower(advertisers.name) LIKE ? ESCAPE '\' OR lower(advertisers.domain) LIKE ? ESCAPE '\'
  OR lower(ads.text) LIKE ? ESCAPE '\'
)`, p, p, p)
	}
	from := `
FROM ads
JOIN advertisers ON advertisers.id = ads.advertiser_id`
	countFrom := from
	if query == "" {
		countFrom = "\nFROM ads" // every ad has its advertiser: no join to count them
	}
	count = new(Builder)
	if query == "" && q.adDayRollups() {
		q.adCount(count)
	} else {
		count.Add(`SELECT COUNT(*)` + countFrom).AddSQL(&where)
	}
	// The page's keys first, then its rows: the keys of a topic or
	// provider filter come from the narrow ads_topic index (migration 0010)
	// in date order, without reading every ad of the window.
	keyFrom := countFrom
	if query != "" || sortByName {
		keyFrom = from
	}
	page = new(Builder)
	page.Add(`SELECT runs.id, ads.advertiser_id, advertisers.name, advertisers.domain, advertisers.favicon_url, ads.text,
ads.prompt_id, ads.topic_id, ads.provider_id, ads.region_id, ads.ran_at
FROM (
  SELECT ads.brand_id AS brand_id, ads.ran_at AS ran_at, ads.run_seq AS run_seq, ads.ord AS ord`+keyFrom).AddSQL(&where).
		Add(`
  `+order+`
  LIMIT ? OFFSET ?
) page_keys
JOIN ads ON ads.brand_id = page_keys.brand_id AND ads.ran_at = page_keys.ran_at
  AND ads.run_seq = page_keys.run_seq AND ads.ord = page_keys.ord
JOIN advertisers ON advertisers.id = ads.advertiser_id
JOIN runs ON runs.seq = ads.run_seq
`+order, limit, offset)
	return count, page
}

// Advertisers lists limit of the brand's advertisers that showed ads in
// the scope (whose name or domain contains query, any when empty) from
// offset, ordered by order (an ORDER BY clause over advertiser_summaries),
// with their counts. Page rows: AdvertiserSummaryColumns and the count of
// all; count: one row, the count (for a page past the end).
func (q *Scope) Advertisers(query, order string, limit, offset int) (page, count *Builder) {
	var s Builder
	q.advertiserSummaries(&s, "", query, true)
	// The summaries are computed once: the total rides on every row of
	// the page, and only a page past the end needs a count of its own.
	page = new(Builder)
	page.AddSQL(&s)
	page.Add(`
SELECT `+AdvertiserSummaryColumns+`, COUNT(*) OVER ()
FROM advertiser_summaries
`+order+`
LIMIT ? OFFSET ?`, limit, offset)
	count = new(Builder)
	count.AddSQL(&s).Add("\nSELECT COUNT(*) FROM advertiser_summaries")
	return page, count
}

// Advertiser is one advertiser's summary over the window (no row when it
// showed no ad in the scope): AdvertiserSummaryColumns.
func (q *Scope) Advertiser(id string) *Builder {
	var s Builder
	q.advertiserSummaries(&s, id, "", false)
	s.Add("\nSELECT " + AdvertiserSummaryColumns + "\nFROM advertiser_summaries")
	return &s
}
