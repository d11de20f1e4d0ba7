package sqlstore

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.AdService = (*DB)(nil)

var adSortColumns = map[string]string{
	"ran_at":          "ads.ran_at",
	"advertiser_name": "advertisers.name",
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
	where.Add(` WHERE `)
	q.FilterIn(&where, "ads", q.Window)
	if f.Query != "" {
		p := analyticsql.LikePattern(f.Query)
		where.Add(` AND (lower(advertisers.name) LIKE ? ESCAPE '\' OR lower(advertisers.domain) LIKE ? ESCAPE '\' OR lower(ads.text) LIKE ? ESCAPE '\')`, p, p, p)
	}
	from := ` FROM ads JOIN advertisers ON advertisers.id = ads.advertiser_id`
	countFrom := from
	if f.Query == "" {
		countFrom = ` FROM ads` // every ad has its advertiser: no join to count them
	}
	var total int
	var count sqlb
	if f.Query == "" && q.AdDayRollups() {
		q.AdCount(&count)
	} else {
		count.Add(`SELECT COUNT(*)` + countFrom).AddSQL(&where)
	}
	if err := tx.queryRow(ctx, count.String(), count.Args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count ads: %w", err)
	}
	// The page's keys first, then its rows: the keys of a topic or
	// provider filter come from the narrow ads_topic index (migration 0010)
	// in date order, without reading every ad of the window.
	order := orderBy(f.Sort, adSortColumns, sightline.DefaultAdSort, "ads.run_seq", "ads.ord")
	keyFrom := countFrom
	if f.Query != "" || slices.ContainsFunc(f.Sort, func(k sightline.SortKey) bool { return k.Key == "advertiser_name" }) {
		keyFrom = from
	}
	var page sqlb
	page.Add(`SELECT runs.id, ads.advertiser_id, advertisers.name, advertisers.domain, advertisers.favicon_url, ads.text,
		ads.prompt_id, ads.topic_id, ads.provider_id, ads.region_id, ads.ran_at
		FROM (SELECT ads.brand_id AS brand_id, ads.ran_at AS ran_at, ads.run_seq AS run_seq, ads.ord AS ord`+keyFrom).AddSQL(&where).
		Add(order+` LIMIT ? OFFSET ?) page_keys
		JOIN ads ON ads.brand_id = page_keys.brand_id AND ads.ran_at = page_keys.ran_at AND ads.run_seq = page_keys.run_seq AND ads.ord = page_keys.ord
		JOIN advertisers ON advertisers.id = ads.advertiser_id JOIN runs ON runs.seq = ads.run_seq`+order, f.PageSize, f.Offset())
	var out []*sightline.Ad
	err = eachRow(ctx, tx, page.String(), page.Args, func(scan func(...any) error) error {
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
	q.AdvertiserSummaries(&s, "", f.Query, true)
	// The summaries are computed once: the total rides on every row of
	// the page, and only a page past the end needs a count of its own.
	var page sqlb
	page.AddSQL(&s)
	page.Add(` SELECT `+advertiserSummaryColumns+`, COUNT(*) OVER () FROM advertiser_summaries`+
		orderBy(f.Sort, advertiserSortColumns, sightline.DefaultAdvertiserSort, "id")+` LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
	var total int
	out, err := scanAdvertisers(ctx, tx, &page, &total)
	if err != nil {
		return nil, 0, err
	}
	if len(out) == 0 && f.Offset() > 0 {
		var count sqlb
		count.AddSQL(&s).Add(` SELECT COUNT(*) FROM advertiser_summaries`)
		if err := tx.queryRow(ctx, count.String(), count.Args...).Scan(&total); err != nil {
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
	q.AdvertiserSummaries(&s, strings.ToLower(advertiserID), "", false)
	s.Add(` SELECT ` + advertiserSummaryColumns + ` FROM advertiser_summaries`)
	out, err := scanAdvertisers(ctx, tx, &s, nil)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, notFound("Advertiser")
	}
	return out[0], nil
}

// advertiserSummaryColumns are the columns of advertiser_summaries that scanAdvertisers reads.
const advertiserSummaryColumns = `id, name, appearances, prompts, ads, providers, domain, favicon_url, first_seen, last_seen`

// scanAdvertisers runs s, a SELECT of advertiserSummaryColumns from advertiser_summaries,
// followed by the total row count when total is not nil.
func scanAdvertisers(ctx context.Context, tx *Tx, s *sqlb, total *int) ([]*sightline.AdvertiserSummary, error) {
	var out []*sightline.AdvertiserSummary
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
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
