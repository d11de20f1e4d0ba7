package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/engine"
)

// recsPage is the data of the recommendations board.
type recsPage struct {
	Layout
	Quota    sightline.DailyQuota
	Columns  []recColumn
	BrandURL string
}

// recColumn is one state of the board.
type recColumn struct {
	State, Label, Help string
	Total              int
	Cards              []recCard
}

// recCard is one recommendation with the moves the state rules allow.
type recCard struct {
	*sightline.Recommendation
	Moves   []recMove
	CanDone bool   // done is allowed from every state but done
	DoneURL string // pre-filled action URL: the recommendation's, else the suggested one
}

type recMove struct{ To, Label string }

// boardLimit caps the cards of one column.
const boardLimit = 50

var columnHelp = map[string]string{
	sightline.RecStateNew:       "Suggested from the last 30 days of answers.",
	sightline.RecStateSaved:     "Kept to work on.",
	sightline.RecStateDone:      "Carried out; the page or channel is on the watch list.",
	sightline.RecStateDismissed: "Set aside; may come back after the cooldown if the evidence persists.",
}

// moveLabel words a move on the board.
func moveLabel(from, to string) string {
	switch {
	case to == sightline.RecStateSaved:
		return "Save"
	case to == sightline.RecStateDismissed:
		return "Dismiss"
	case to == sightline.RecStateNew && from == sightline.RecStateSaved:
		return "Unsave"
	case to == sightline.RecStateNew && from == sightline.RecStateDismissed:
		return "Restore"
	case to == sightline.RecStateNew && from == sightline.RecStateDone:
		return "Reopen"
	}
	return label(to)
}

// handleRecommendations serves GET /brands/{brand_id}/recommendations: one
// column per state (the list endpoint filtered by state) and the
// regenerate quota.
func (s *Server) handleRecommendations(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	ctx, org := r.Context(), st.sess.OrgID
	cfg := s.Engine.withDefaults()
	quota, err := s.Store.FindQuota(ctx, org, brand.ID, sightline.QuotaRegenerate, cfg.RegenerateQuota)
	if err != nil {
		return err
	}
	p := &recsPage{Layout: layout(st, brand.Name+" recommendations", "recommendations", brand), Quota: *quota,
		BrandURL: "/brands/" + brand.ID}
	for _, state := range sightline.RecommendationStates {
		recs, total, err := s.Store.FindRecommendations(ctx, org, brand.ID, sightline.RecommendationFilter{
			States: []string{state}, PageRequest: sightline.PageRequest{Page: 1, PageSize: boardLimit},
		})
		if err != nil {
			return err
		}
		col := recColumn{State: state, Label: label(state), Help: columnHelp[state], Total: total}
		for _, rec := range recs {
			c := recCard{Recommendation: rec, CanDone: sightline.CheckTransition(rec.State, sightline.RecStateDone) == nil && rec.State != sightline.RecStateDone}
			for _, to := range []string{sightline.RecStateSaved, sightline.RecStateNew, sightline.RecStateDismissed} {
				if to != rec.State && sightline.CheckTransition(rec.State, to) == nil {
					c.Moves = append(c.Moves, recMove{To: to, Label: moveLabel(rec.State, to)})
				}
			}
			switch {
			case rec.ActionURL != nil:
				c.DoneURL = *rec.ActionURL
			case rec.SuggestedActionURL != nil:
				c.DoneURL = *rec.SuggestedActionURL
			}
			col.Cards = append(col.Cards, c)
		}
		p.Columns = append(p.Columns, col)
	}
	return s.render(w, r, http.StatusOK, "recommendations", p)
}

// handleRecommendationState serves POST
// /brands/{brand_id}/recommendations/{rec_id}/state: the body of PATCH
// …/recommendations/{id} from a form (state, optional action_url), checked
// by the same Validate and applied by the same store method, so that the
// board refuses what the API refuses, with the same message.
func (s *Server) handleRecommendationState(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	id, err := pathID(r, "rec_id", "Recommendation")
	if err != nil {
		return err
	}
	back := "/brands/" + brand.ID + "/recommendations"
	state := r.PostForm.Get("state")
	upd := sightline.RecommendationUpdate{State: &state}
	if u := strings.TrimSpace(r.PostForm.Get("action_url")); u != "" {
		upd.ActionURL = &u
	}
	if err := upd.Validate(); err != nil {
		return s.redirectFlash(w, r, st, back, flash{Error: true, Msg: sightline.ErrorMessage(err)})
	}
	rec, err := s.Store.UpdateRecommendation(r.Context(), st.sess.OrgID, brand.ID, id, upd)
	if err != nil {
		f, err := errorFlash(err)
		if err != nil {
			return err
		}
		return s.redirectFlash(w, r, st, back, f)
	}
	return s.redirectFlash(w, r, st, back+"#rec-"+rec.ID, flash{Msg: fmt.Sprintf("%q is now %s.", rec.Action, strings.ToLower(label(rec.State)))})
}

// handleRegenerate serves POST /brands/{brand_id}/recommendations/regenerate:
// the API's regeneration, spending one unit of the same daily quota.
func (s *Server) handleRegenerate(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	back := "/brands/" + brand.ID + "/recommendations"
	cfg := s.Engine.withDefaults()
	res, err := s.Store.RegenerateRecommendations(r.Context(), st.sess.OrgID, brand.ID, sightline.RegenerateOptions{
		QuotaLimit: cfg.RegenerateQuota, Cooldown: cfg.DismissCooldown, Generate: engine.GenerateRecommendations,
	})
	if err != nil {
		f, err := errorFlash(err)
		if err != nil {
			return err
		}
		return s.redirectFlash(w, r, st, back, f)
	}
	return s.redirectFlash(w, r, st, back, flash{Msg: fmt.Sprintf(
		"Regenerated: %d recommendations supported by the evidence (%d new, %d updated, %d revived, %d archived). %d of %d regenerations left today.",
		res.Generated, res.Created, res.Updated, res.Revived, res.Archived, res.RegenerateQuota.Remaining, res.RegenerateQuota.Limit)})
}
