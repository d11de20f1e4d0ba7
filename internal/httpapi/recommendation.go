package httpapi

import (
	"net/http"
	"slices"

	"github.com/sightline/sightline"
)

// recommendationStates reads filter[state] (one) and filter[states]
// (several). They combine with AND; neither means the default, new.
func (p *params) recommendationStates() []string {
	state := p.enum("filter[state]", sightline.RecommendationStates, "")
	states := p.enums("filter[states]", sightline.RecommendationStates)
	switch {
	case state == "" && len(states) == 0:
		return []string{sightline.RecStateNew}
	case state == "":
		return states
	case len(states) == 0 || slices.Contains(states, state):
		return []string{state}
	}
	return []string{""} // the filters exclude each other: nothing matches
}

// handleRecommendationList serves GET …/content_studio/recommendations
// (docs/api.md): meta is pagination_meta plus the regenerate quota.
// Archived recommendations are listed only with filter[archived]=true.
func (s *Server) handleRecommendationList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.RecommendationFilter{
		Types:       q.enums("filter[types]", sightline.RecommendationTypes),
		Intents:     q.enums("filter[intents]", sightline.Intents),
		Impacts:     q.enums("filter[impacts]", sightline.Impacts),
		States:      q.recommendationStates(),
		TopicIDs:    q.uuids("filter[topic_ids]"),
		Archived:    q.boolean("filter[archived]", false),
		PageRequest: q.page(sightline.DefaultPageSize),
		Sort:        q.sort(sightline.RecommendationSortKeys),
	}
	if err := q.err(); err != nil {
		return err
	}
	recs, total, err := s.Store.FindRecommendations(r.Context(), brand.OrgID, brand.ID, f)
	if err != nil {
		return err
	}
	quota, err := s.Store.FindQuota(r.Context(), brand.OrgID, brand.ID, sightline.QuotaRegenerate, s.engine().RegenerateQuota)
	if err != nil {
		return err
	}
	return writeList(w, recs, sightline.RecommendationListMeta{PageMeta: sightline.NewPageMeta(f.PageRequest, total), RegenerateQuota: *quota})
}

// handleRecommendationGet serves GET …/content_studio/recommendations/{id}.
func (s *Server) handleRecommendationGet(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	id, err := pathID(r, "id", "Recommendation")
	if err != nil {
		return err
	}
	rec, err := s.Store.FindRecommendationByID(r.Context(), brand.OrgID, brand.ID, id)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, rec)
}

// handleRecommendationUpdate serves PATCH …/content_studio/recommendations/{id}
// with {"state": …, "action_url": …}: a user state change (docs/engines.md).
func (s *Server) handleRecommendationUpdate(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	id, err := pathID(r, "id", "Recommendation")
	if err != nil {
		return err
	}
	var upd sightline.RecommendationUpdate
	if err := s.decodeJSON(w, r, &upd); err != nil {
		return err
	}
	if err := upd.Validate(); err != nil {
		return err
	}
	rec, err := s.Store.UpdateRecommendation(r.Context(), brand.OrgID, brand.ID, id, upd)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, rec)
}

// handleRecommendationRegenerate serves POST
// …/content_studio/recommendations/regenerate: one unit of the daily
// regenerate quota (429 at once when spent), then the generator over the
// last 30 days, upserted so that user states survive.
func (s *Server) handleRecommendationRegenerate(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	cfg := s.engine()
	res, err := s.Store.RegenerateRecommendations(r.Context(), brand.OrgID, brand.ID, sightline.RegenerateOptions{
		QuotaLimit: cfg.RegenerateQuota, Cooldown: cfg.DismissCooldown, Generate: cfg.Generate,
	})
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, res)
}

// handleWatchList serves GET …/watch_list: the URLs of recommendations
// marked done.
func (s *Server) handleWatchList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	page := q.page(sightline.DefaultPageSize)
	if err := q.err(); err != nil {
		return err
	}
	entries, total, err := s.Store.FindWatchList(r.Context(), brand.OrgID, brand.ID, page)
	if err != nil {
		return err
	}
	return writeList(w, entries, sightline.NewPageMeta(page, total))
}
