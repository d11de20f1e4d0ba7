package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
)

// handlePromptList serves GET …/prompts: the brand's tracked prompts.
func (s *Server) handlePromptList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.PromptFilter{
		TopicIDs:       q.uuids("filter[topic_ids]"),
		Query:          q.text("filter[query]"),
		IncludeDeleted: q.boolean("filter[is_deleted]", false),
		PageRequest:    q.page(sightline.DefaultPageSize),
		Sort:           q.sort(sightline.PromptSortKeys),
	}
	if err := q.err(); err != nil {
		return err
	}
	prompts, total, err := s.Store.FindPrompts(r.Context(), brand.OrgID, brand.ID, f)
	if err != nil {
		return err
	}
	return writeList(w, prompts, sightline.NewPageMeta(f.PageRequest, total))
}

// handleProviderList serves GET …/providers: the AI providers of the
// brand's runs.
func (s *Server) handleProviderList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	page := q.page(sightline.DefaultPageSize)
	if err := q.err(); err != nil {
		return err
	}
	ps, err := s.Store.FindBrandProviders(r.Context(), brand.OrgID, brand.ID)
	if err != nil {
		return err
	}
	return writeList(w, pageOf(ps, page), sightline.NewPageMeta(page, len(ps)))
}

// handleRegionList serves GET …/regions: the regions of the brand's runs.
func (s *Server) handleRegionList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	page := q.page(sightline.DefaultPageSize)
	if err := q.err(); err != nil {
		return err
	}
	rs, err := s.Store.FindBrandRegions(r.Context(), brand.OrgID, brand.ID)
	if err != nil {
		return err
	}
	return writeList(w, pageOf(rs, page), sightline.NewPageMeta(page, len(rs)))
}

// pageOf cuts one page out of a short, fully loaded list.
func pageOf[T any](items []T, p sightline.PageRequest) []T {
	if p.Offset() >= len(items) {
		return []T{}
	}
	return items[p.Offset():min(len(items), p.Offset()+p.PageSize)]
}
