package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
)

// adScope reads the ads filters: the 90-day default window and the run
// filters.
func (p *params) adScope(brandID string) sightline.Scope {
	s := sightline.Scope{
		BrandID:     brandID,
		Window:      p.window(sightline.DefaultAdsWindowDays),
		ProviderIDs: p.uuids("filter[provider_ids]"),
		RegionIDs:   p.uuids("filter[region_ids]"),
		TopicIDs:    p.uuids("filter[topic_ids]"),
		PromptIDs:   p.uuids("filter[prompt_ids]"),
	}
	return s
}

// handleAdList serves GET …/ads: ads shown next to the brand's answers.
func (s *Server) handleAdList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.AdFilter{Scope: q.adScope(brand.ID), Query: q.text("filter[query]"), PageRequest: q.page(sightline.DefaultPageSize), Sort: q.sort(sightline.AdSortKeys)}
	if err := q.err(); err != nil {
		return err
	}
	ads, total, err := s.Store.FindAds(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	return writeList(w, ads, sightline.NewPageMeta(f.PageRequest, total))
}

// handleAdvertiserList serves GET …/advertisers: advertiser summaries.
func (s *Server) handleAdvertiserList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.AdFilter{Scope: q.adScope(brand.ID), Query: q.text("filter[query]"), PageRequest: q.page(sightline.DefaultPageSize), Sort: q.sort(sightline.AdvertiserSortKeys)}
	if err := q.err(); err != nil {
		return err
	}
	advs, total, err := s.Store.FindAdvertisers(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	return writeList(w, advs, sightline.NewPageMeta(f.PageRequest, total))
}

// handleAdvertiserGet serves GET …/advertisers/{advertiser_id}
// (docs/metrics.md#ads-and-advertisers-ads-advertisers): counts over the last
// 90 days, first and last seen over all time.
func (s *Server) handleAdvertiserGet(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	id, err := pathID(r, "advertiser_id", "Advertiser")
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	scope := sightline.Scope{BrandID: brand.ID, Window: q.window(sightline.DefaultAdsWindowDays)}
	if err := q.err(); err != nil {
		return err
	}
	a, err := s.Store.FindAdvertiserByID(r.Context(), brand.OrgID, id, scope)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, a)
}
