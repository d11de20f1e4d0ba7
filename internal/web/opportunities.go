package web

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/sightline/sightline"
)

// oppsPage is the data of a brand's opportunities page.
type oppsPage struct {
	Layout
	Status   *sightline.ComputeStatus
	Running  bool
	Action   string
	Opps     []*sightline.Opportunity
	Headers  []sortHeader
	Pager    pager
	Intents  []option
	Query    string
	Sort     string
	BrandURL string
}

var oppColumns = []sortCol{
	{Label: "Query"}, {Label: "Intent"}, {Label: "Score", Key: "final_score", Num: true},
	{Label: "Volume (runs/week)", Key: "est_volume", Num: true}, {Label: "Difficulty", Key: "difficulty", Num: true},
	{Label: "Computed", Key: "computed_at"},
}

// computeRefresh is how often the page reloads while a job runs.
const computeRefresh = 5

// handleOpportunities serves GET /brands/{brand_id}/opportunities: the
// compute job's status with its quota (GET …/opportunities/compute) and the
// list (GET …/opportunities) filtered by intent and text.
func (s *Server) handleOpportunities(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	q := newQuery(r)
	intent := q.enum("intent", sightline.Intents, "")
	text := q.get("q")
	sort := q.sort("sort", sightline.OpportunitySortKeys, "")
	page := q.page("page")
	if err := q.err(); err != nil {
		return err
	}
	ctx, org := r.Context(), st.sess.OrgID
	cfg := s.Engine.withDefaults()
	status, err := s.Store.FindComputeStatus(ctx, org, brand.ID, cfg.ComputeQuota)
	if err != nil {
		return err
	}
	f := sightline.OpportunityFilter{Query: text, PageRequest: sightline.PageRequest{Page: page, PageSize: sightline.DefaultPageSize}, Sort: parseSort(sort)}
	if intent != "" {
		f.Intents = []string{intent}
	}
	opps, total, err := s.Store.FindOpportunities(ctx, org, brand.ID, f)
	if err != nil {
		return err
	}
	pu := newPageURL(r)
	p := &oppsPage{
		Layout: layout(st, brand.Name+" opportunities", "opportunities", brand),
		Status: status, Running: slices.Contains([]string{sightline.JobQueued, sightline.JobRunning}, status.Status),
		Action: "/brands/" + brand.ID + "/opportunities/compute", BrandURL: "/brands/" + brand.ID,
		Opps: opps, Pager: newPager(pu, "page", "Opportunity pages", sightline.NewPageMeta(f.PageRequest, total)),
		Headers: sortHeaders(pu, "sort", "page", orDefault(sort, "-final_score"), oppColumns),
		Query:   text, Sort: sort,
	}
	for _, in := range sightline.Intents {
		p.Intents = append(p.Intents, option{Value: in, Label: label(in), Selected: in == intent})
	}
	if p.Running {
		p.Refresh = computeRefresh
	}
	return s.render(w, r, http.StatusOK, "opportunities", p)
}

// oppPage is the data of one opportunity.
type oppPage struct {
	Layout
	Opp      *sightline.Opportunity
	Scores   []bar
	BrandURL string
}

// handleOpportunity serves GET /brands/{brand_id}/opportunities/{opp_id}.
func (s *Server) handleOpportunity(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	id, err := pathID(r, "opp_id", "Opportunity")
	if err != nil {
		return err
	}
	o, err := s.Store.FindOpportunityByID(r.Context(), st.sess.OrgID, brand.ID, id)
	if err != nil {
		return err
	}
	p := &oppPage{Layout: layout(st, o.Source.Text, "opportunities", brand), Opp: o, BrandURL: "/brands/" + brand.ID}
	keys := make([]string, 0, len(o.Scores))
	for k := range o.Scores {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := o.Scores[k]
		p.Scores = append(p.Scores, bar{Label: label(k), Class: "score", Percent: 100 * v, Width: 100 * v})
	}
	return s.render(w, r, http.StatusOK, "opportunity", p)
}

// handleCompute serves POST /brands/{brand_id}/opportunities/compute: the
// API's enqueue, spending the same daily quota; a job already queued or
// running is reported instead, and spends nothing.
func (s *Server) handleCompute(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	back := "/brands/" + brand.ID + "/opportunities"
	cfg := s.Engine.withDefaults()
	status, created, err := s.Store.EnqueueOpportunityCompute(r.Context(), st.sess.OrgID, brand.ID, cfg.ComputeQuota)
	if err != nil {
		f, err := errorFlash(err)
		if err != nil {
			return err
		}
		return s.redirectFlash(w, r, st, back, f)
	}
	if !created {
		return s.redirectFlash(w, r, st, back, flash{Msg: fmt.Sprintf("A computation is already %s; no quota was spent.", status.Status)})
	}
	cfg.Wake()
	return s.redirectFlash(w, r, st, back, flash{Msg: fmt.Sprintf("Computation queued. %d of %d computations left today.", status.Quota.Remaining, status.Quota.Limit)})
}
