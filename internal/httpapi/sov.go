package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
)

// handleShareOfVoice serves GET …/share_of_voice: one row per found brand
// with aggregate_metrics, diff and time_based_metrics.
func (s *Server) handleShareOfVoice(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.SOVFilter{
		Scope:       q.overviewScope(brand.ID),
		Granularity: q.granularity(),
		PageRequest: q.page(sightline.DefaultPageSize),
		Sort:        q.sort(sightline.SOVSortKeys),
	}
	f.Scope.PromptRegions = q.promptRegions("filter[prompt_regions]")
	q.series(f.Granularity)
	if err := q.err(); err != nil {
		return err
	}
	rows, total, err := s.Store.FindShareOfVoice(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	rates, err := s.Store.FindAnswerRates(r.Context(), brand.OrgID, f.Scope)
	if err != nil {
		return err
	}
	return writeList(w, rows, sightline.AnswerRateMeta{PageMeta: sightline.NewPageMeta(f.PageRequest, total), AnswerRate: rates})
}
