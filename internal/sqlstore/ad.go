package sqlstore

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline"
)

var _ sightline.AdService = (*DB)(nil)

var adSortColumns = map[string]string{
	"ran_at":          "a.ran_at",
	"advertiser_name": "adv.name",
}

var advertiserSortColumns = map[string]string{
	"appearance_count": "appearances",
	"ad_count":         "ads",
	"prompt_count":     "prompts",
	"provider_count":   "providers",
	"advertiser_name":  "name",
	"last_seen_at":     "last_seen",
}

// FindAds returns a page of ads shown in the scope, newest first.
func (db *DB) FindAds(ctx context.Context, orgID string, f sightline.AdFilter) ([]*sightline.Ad, int, error) {
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	var where sqlb
	af, aargs := q.runFilter("a", q.Window)
	where.add(` WHERE `).add(af, aargs...)
	if f.Query != "" {
		p := likePattern(f.Query)
		where.add(` AND (lower(adv.name) LIKE ? ESCAPE '\' OR lower(adv.domain) LIKE ? ESCAPE '\' OR lower(a.text) LIKE ? ESCAPE '\')`, p, p, p)
	}
	from := ` FROM ads a JOIN advertisers adv ON adv.id = a.advertiser_id`
	countFrom := from
	if f.Query == "" {
		countFrom = ` FROM ads a` // every ad has its advertiser: no join to count them
	}
	var total int
	if err := tx.queryRow(ctx, `SELECT COUNT(*)`+countFrom+where.String(), where.args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count ads: %w", err)
	}
	// The page's keys first, then its rows: the keys of a topic or
	// provider filter come from the narrow ads_topic index (migration 0010)
	// in date order, without reading every ad of the window.
	order := orderBy(f.Sort, adSortColumns, sightline.DefaultAdSort, "a.run_seq", "a.ord")
	keyFrom := countFrom
	if f.Query != "" || slices.ContainsFunc(f.Sort, func(k sightline.SortKey) bool { return k.Key == "advertiser_name" }) {
		keyFrom = from
	}
	q2 := `SELECT r.id, a.advertiser_id, adv.name, adv.domain, adv.favicon_url, a.text, a.prompt_id, a.topic_id, a.provider_id, a.region_id, a.ran_at
		FROM (SELECT a.brand_id, a.ran_at, a.run_seq, a.ord` + keyFrom + where.String() + order + ` LIMIT ? OFFSET ?) k
		JOIN ads a ON a.brand_id = k.brand_id AND a.ran_at = k.ran_at AND a.run_seq = k.run_seq AND a.ord = k.ord
		JOIN advertisers adv ON adv.id = a.advertiser_id JOIN runs r ON r.seq = a.run_seq` + order
	var out []*sightline.Ad
	err = eachRow(ctx, tx, q2, append(where.args, f.PageSize, f.Offset()), func(scan func(...any) error) error {
		ad := &sightline.Ad{}
		var ranAt Time
		if err := scan(&ad.RunID, &ad.AdvertiserID, &ad.AdvertiserName, &ad.AdvertiserDomain, &ad.FaviconURL, &ad.Text,
			&ad.PromptID, &ad.TopicID, &ad.ProviderID, &ad.RegionID, &ranAt); err != nil {
			return err
		}
		ad.RanAt = ranAt.Time
		out = append(out, ad)
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("find ads: %w", err)
	}
	return out, total, nil
}

// FindAdvertisers returns a page of the brand's advertisers that showed
// ads in the scope, with their counts.
func (db *DB) FindAdvertisers(ctx context.Context, orgID string, f sightline.AdFilter) ([]*sightline.AdvertiserSummary, int, error) {
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	var s sqlb
	q.advertiserSummaries(&s, "", f.Query, true)
	// The summaries are computed once: the total rides on every row of
	// the page, and only a page past the end needs a count of its own.
	var page sqlb
	page.add(s.String(), s.args...)
	page.add(` SELECT `+advertiserSummaryColumns+`, COUNT(*) OVER () FROM sm`+
		orderBy(f.Sort, advertiserSortColumns, sightline.DefaultAdvertiserSort, "id")+` LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
	var total int
	out, err := scanAdvertisers(ctx, tx, &page, &total)
	if err != nil {
		return nil, 0, err
	}
	if len(out) == 0 && f.Offset() > 0 {
		if err := tx.queryRow(ctx, s.String()+` SELECT COUNT(*) FROM sm`, s.args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count advertisers: %w", err)
		}
	}
	return out, total, nil
}

// FindAdvertiserByID returns one advertiser's summary over the window.
func (db *DB) FindAdvertiserByID(ctx context.Context, orgID, advertiserID string, sc sightline.Scope) (*sightline.AdvertiserSummary, error) {
	tx, q, err := db.beginScope(ctx, orgID, sc)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var s sqlb
	q.advertiserSummaries(&s, strings.ToLower(advertiserID), "", false)
	s.add(` SELECT ` + advertiserSummaryColumns + ` FROM sm`)
	out, err := scanAdvertisers(ctx, tx, &s, nil)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, notFound("Advertiser")
	}
	return out[0], nil
}

// advertiserSummaries writes the CTE sm: per advertiser, the answers it
// appeared next to, distinct prompts, ads shown and distinct providers in
// the window, and when it was first and last seen at all.
func (q *scopeQ) advertiserSummaries(s *sqlb, onlyID, query string, activeOnly bool) {
	af, aargs := q.runFilter("a", q.Window)
	join := "LEFT JOIN"
	if activeOnly {
		join = "JOIN"
	}
	s.add(`WITH w AS (SELECT a.advertiser_id AS id, COUNT(DISTINCT a.run_seq) AS appearances, COUNT(DISTINCT a.prompt_id) AS prompts,
		COUNT(*) AS ads, COUNT(DISTINCT a.provider_id) AS providers FROM ads a WHERE `).add(af, aargs...)
	if onlyID != "" {
		s.add(` AND a.advertiser_id = ?`, onlyID)
	}
	s.add(` GROUP BY a.advertiser_id),
		sm AS (SELECT adv.id AS id, adv.name AS name, COALESCE(w.appearances, 0) AS appearances, COALESCE(w.prompts, 0) AS prompts,
		COALESCE(w.ads, 0) AS ads, COALESCE(w.providers, 0) AS providers, adv.domain AS domain, adv.favicon_url AS favicon_url,
		(SELECT MIN(x.ran_at) FROM ads x WHERE x.advertiser_id = adv.id) AS first_seen,
		(SELECT MAX(x.ran_at) FROM ads x WHERE x.advertiser_id = adv.id) AS last_seen
		FROM advertisers adv `+join+` w ON w.id = adv.id WHERE adv.brand_id = ?`, q.BrandID)
	if onlyID != "" {
		s.add(` AND adv.id = ?`, onlyID)
	}
	if query != "" {
		p := likePattern(query)
		s.add(` AND (lower(adv.name) LIKE ? ESCAPE '\' OR lower(adv.domain) LIKE ? ESCAPE '\')`, p, p)
	}
	s.add(`)`)
}

// advertiserSummaryColumns are the columns of sm that scanAdvertisers reads.
const advertiserSummaryColumns = `id, name, appearances, prompts, ads, providers, domain, favicon_url, first_seen, last_seen`

// scanAdvertisers runs s, a SELECT of advertiserSummaryColumns from sm,
// followed by the total row count when total is not nil.
func scanAdvertisers(ctx context.Context, tx *Tx, s *sqlb, total *int) ([]*sightline.AdvertiserSummary, error) {
	var out []*sightline.AdvertiserSummary
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
		a := &sightline.AdvertiserSummary{}
		var first, last Time
		dst := []any{&a.AdvertiserID, &a.AdvertiserName, &a.AppearanceCount, &a.PromptCount, &a.AdCount, &a.ProviderCount,
			&a.AdvertiserDomain, &a.FaviconURL, &first, &last}
		if total != nil {
			dst = append(dst, total)
		}
		if err := scan(dst...); err != nil {
			return err
		}
		a.FirstSeenAt, a.LastSeenAt = first.Time, last.Time
		out = append(out, a)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find advertisers: %w", err)
	}
	return out, nil
}
