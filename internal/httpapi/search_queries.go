package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
)

// handleSearchQueries serves GET …/search_queries (docs/api.md#search-queries).
func (s *Server) handleSearchQueries(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.SearchQueryFilter{Scope: q.metricScope(brand.ID, sightline.DefaultWindowDays)}
	f.Scope.TopicIDs = q.uuids("filter[topic_ids]")
	f.Scope.PromptIDs = q.uuids("filter[prompt_ids]")
	f.Scope.PromptRegions = q.promptRegions("filter[prompt_regions]")
	f.Query = q.text("filter[query]")
	f.PageRequest = q.page(sightline.DefaultPageSize)
	f.Sort = q.sort(sightline.SearchQuerySortKeys)
	if err := q.err(); err != nil {
		return err
	}
	rows, total, err := s.Store.FindSearchQueries(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	return writeList(w, rows, sightline.NewPageMeta(f.PageRequest, total))
}
