package web

import (
	"net/http"
	"strconv"

	"github.com/sightline/sightline"
)

// promptsPage is the data of a brand's prompts view: the prompt × provider
// matrix (docs/metrics.md#prompt-matrix).
type promptsPage struct {
	Layout
	Filter    filterBar
	Providers []option // the columns, in the filter's order
	Rows      []promptRow
	Pager     pager
	Total     int
}

// promptRow is one prompt and its cells, one per column.
type promptRow struct {
	ID, Text, Topic string
	Cells           []promptCell
}

// promptCell is one prompt's results on one provider; Empty when the
// provider did not answer it in the window.
type promptCell struct {
	Empty                      bool
	Runs, Mentions             int
	Visibility, Position       string
	RunsURL, MentionsURL, Name string
}

// handlePrompts serves GET /brands/{brand_id}/prompts: a page of the
// brand's prompts with answers in the window, each with its visibility,
// average position and mentions per provider, under the window and the
// provider, region and topic filters; every count links to the answers
// page with the prompt and provider filters, so it lists the runs counted.
func (s *Server) handlePrompts(w http.ResponseWriter, r *http.Request, st *state) error {
	q, err := s.newBrandQuery(r, st, true)
	if err != nil {
		return err
	}
	brand, win := q.brand, q.win
	page := q.page("page")
	if err := q.err(); err != nil {
		return err
	}
	ctx, org := r.Context(), st.sess.OrgID
	fb, scope, err := s.filters(r, st, q)
	if err != nil {
		return err
	}
	f := sightline.PromptMatrixFilter{Scope: scope, PageRequest: sightline.PageRequest{Page: page, PageSize: sightline.DefaultPageSize}}
	results, total, err := s.Store.FindPromptMatrix(ctx, org, f)
	if err != nil {
		return err
	}
	p := &promptsPage{Layout: layout(st, brand.Name+" prompts", "prompts", brand), Filter: fb, Total: total,
		Pager: newPager(newPageURL(r), "page", "Pages of prompts", sightline.NewPageMeta(f.PageRequest, total))}
	for _, pv := range fb.Providers {
		if q.ids.provider == "" || pv.Value == q.ids.provider {
			p.Providers = append(p.Providers, pv)
		}
	}
	for _, res := range results {
		row := promptRow{ID: res.PromptID, Text: res.Text, Topic: res.TopicName}
		for _, pv := range p.Providers {
			cell := promptCell{Empty: true, Name: pv.Label}
			for _, c := range res.Cells {
				if c.ProviderID != pv.Value {
					continue
				}
				ids := q.ids
				ids.provider = pv.Value
				cell = promptCell{Name: pv.Label, Runs: c.Runs, Mentions: c.Mentions, Visibility: oneDecimal(c.Visibility), Position: "—",
					RunsURL:     runsLink(brand.ID, win, ids, "prompt", res.PromptID),
					MentionsURL: runsLink(brand.ID, win, ids, "prompt", res.PromptID, "mentions", brand.ID)}
				if c.AvgPosition != nil {
					cell.Position = strconv.FormatFloat(*c.AvgPosition, 'f', 1, 64)
				}
			}
			row.Cells = append(row.Cells, cell)
		}
		p.Rows = append(p.Rows, row)
	}
	return s.render(w, r, http.StatusOK, "prompts", p)
}
