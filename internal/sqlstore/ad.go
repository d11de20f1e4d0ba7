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
	byName := slices.ContainsFunc(f.Sort, func(k sightline.SortKey) bool { return k.Key == "advertiser_name" })
	count, page := q.Ads(f.Query, orderBy(f.Sort, adSortColumns, sightline.DefaultAdSort, "ads.run_seq", "ads.ord"), byName, f.PageSize, f.Offset())
	var total int
	if err := tx.queryRow(ctx, count.String(), count.Args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count ads: %w", err)
	}
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
	page, count := q.Advertisers(f.Query, orderBy(f.Sort, advertiserSortColumns, sightline.DefaultAdvertiserSort, "id"), f.PageSize, f.Offset())
	var total int
	out, err := scanAdvertisers(ctx, tx, page, &total)
	if err != nil {
		return nil, 0, err
	}
	if len(out) == 0 && f.Offset() > 0 {
		count := count()
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
	s := q.Advertiser(strings.ToLower(advertiserID))
	out, err := scanAdvertisers(ctx, tx, s, nil)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, notFound("Advertiser")
	}
	return out[0], nil
}

// scanAdvertisers runs s, a SELECT of analyticsql.AdvertiserSummaryColumns from advertiser_summaries,
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
