package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// brandFromPath resolves {brand_id} in the session's organization: a brand
// of another organization is NOT_FOUND, like a missing one (as in the API).
func (s *Server) brandFromPath(r *http.Request, st *state) (*sightline.Brand, error) {
	id := strings.ToLower(r.PathValue("brand_id"))
	if !sightline.IsUUID(id) {
		return nil, sightline.Errorf(sightline.ENOTFOUND, "Brand not found.")
	}
	return s.Store.FindBrandByID(r.Context(), st.sess.OrgID, id)
}

// pathID reads a UUID path value; anything else names nothing.
func pathID(r *http.Request, name, kind string) (string, error) {
	id := strings.ToLower(r.PathValue(name))
	if !sightline.IsUUID(id) {
		return "", sightline.Errorf(sightline.ENOTFOUND, "%s not found.", kind)
	}
	return id, nil
}

// handleHome serves GET /: the brand's overview when the organization has
// one brand, else the brand chooser.
func (s *Server) handleHome(w http.ResponseWriter, r *http.Request, st *state) error {
	brands, total, err := s.Store.FindBrands(r.Context(), st.sess.OrgID, sightline.BrandFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 2}})
	if err != nil {
		return err
	}
	if total == 1 {
		http.Redirect(w, r, "/brands/"+brands[0].ID, http.StatusSeeOther)
		return nil
	}
	http.Redirect(w, r, "/brands", http.StatusSeeOther)
	return nil
}

// brandsPage is the data of the brand chooser.
type brandsPage struct {
	Layout
	Brands []*sightline.Brand
	Total  int
	Form   formState // the create form, when it was refused
}

// handleBrands serves GET /brands: the organization's brands.
func (s *Server) handleBrands(w http.ResponseWriter, r *http.Request, st *state) error {
	brands, total, err := s.Store.FindBrands(r.Context(), st.sess.OrgID, sightline.BrandFilter{
		PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize},
	})
	if err != nil {
		return err
	}
	return s.render(w, r, http.StatusOK, "brands", &brandsPage{Layout: layout(st, "Brands", "brands", nil), Brands: brands, Total: total})
}

// option is one choice of a select.
type option struct {
	Value, Label string
	Selected     bool
}

// hiddenField is a parameter a filter form carries along.
type hiddenField struct{ Name, Value string }

// filterBar is the window form of a page, with the filters the page has.
type filterBar struct {
	Action  string
	Window  window
	Summary string
	Presets []link
	Hidden  []hiddenField
	// Providers, Regions and Topics are nil on pages without those filters.
	Providers, Regions, Topics []option
}

func newFilterBar(r *http.Request, w window, now time.Time, keep ...string) filterBar {
	p := newPageURL(r)
	fb := filterBar{Action: r.URL.Path, Window: w, Presets: presets(p, w, now)}
	for _, k := range keep {
		if v := r.URL.Query().Get(k); v != "" {
			fb.Hidden = append(fb.Hidden, hiddenField{Name: k, Value: v})
		}
	}
	fb.Summary = fmt.Sprintf("%s – %s (UTC); changes compare with the period of the same length just before",
		w.Window.Start.Format("2 Jan 2006"), lastDay(w.Window).Format("2 Jan 2006"))
	return fb
}

// scopeIDs are the provider, region and topic filters of a page, one of
// each (empty: all).
type scopeIDs struct{ provider, region, topic string }

func (q *query) scopeIDs() scopeIDs {
	return scopeIDs{provider: q.uuid("provider"), region: q.uuid("region"), topic: q.uuid("topic")}
}

// scopeFilters adds the provider, region and topic filters to a filter bar,
// with the brand's own lists as choices, and narrows the scope by them.
func (s *Server) scopeFilters(ctx context.Context, ids scopeIDs, st *state, brand *sightline.Brand, fb *filterBar, scope *sightline.Scope) error {
	provider, region, topic := ids.provider, ids.region, ids.topic
	providers, err := s.Store.FindBrandProviders(ctx, st.sess.OrgID, brand.ID)
	if err != nil {
		return err
	}
	regions, err := s.Store.FindBrandRegions(ctx, st.sess.OrgID, brand.ID)
	if err != nil {
		return err
	}
	topics, _, err := s.Store.FindTopics(ctx, st.sess.OrgID, brand.ID, sightline.TopicFilter{
		Scope: *scope, PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize},
	})
	if err != nil {
		return err
	}
	fb.Providers, fb.Regions, fb.Topics = []option{}, []option{}, []option{}
	for _, p := range providers {
		fb.Providers = append(fb.Providers, option{Value: p.ID, Label: p.Name, Selected: p.ID == provider})
	}
	for _, rg := range regions {
		fb.Regions = append(fb.Regions, option{Value: rg.ID, Label: rg.Name, Selected: rg.ID == region})
	}
	for _, t := range topics {
		fb.Topics = append(fb.Topics, option{Value: t.ID, Label: t.Name, Selected: t.ID == topic})
	}
	if provider != "" {
		scope.ProviderIDs = []string{provider}
	}
	if region != "" {
		scope.RegionIDs = []string{region}
	}
	if topic != "" {
		scope.TopicIDs = []string{topic}
	}
	return nil
}

// brandQuery is what every brand page with a window reads first, the same
// way on each: the brand of the path, the URL's parameters, the window
// and, on pages that narrow by them, the provider, region and topic
// filters. The page reads its own parameters from it, then calls err.
type brandQuery struct {
	*query
	brand  *sightline.Brand
	now    time.Time
	win    window
	ids    scopeIDs
	scoped bool // the page has the provider, region and topic filters
}

// newBrandQuery reads the brand of the path and the window; with scoped,
// also the provider, region and topic filters.
func (s *Server) newBrandQuery(r *http.Request, st *state, scoped bool) (*brandQuery, error) {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return nil, err
	}
	q := newQuery(r)
	bq := &brandQuery{query: q, brand: brand, now: s.now(), scoped: scoped}
	bq.win = q.window(bq.now, sightline.DefaultWindowDays)
	if scoped {
		bq.ids = q.scopeIDs()
	}
	return bq, nil
}

// filters builds the page's filter bar, carrying the page's own parameters
// (keep) across a change of window, and the scope it reads: the brand over
// the window, narrowed by the provider, region and topic filters on a
// scoped page, whose bar then offers the brand's lists as choices.
func (s *Server) filters(r *http.Request, st *state, bq *brandQuery, keep ...string) (filterBar, sightline.Scope, error) {
	fb := newFilterBar(r, bq.win, bq.now, keep...)
	scope := sightline.Scope{BrandID: bq.brand.ID, Window: bq.win.Window}
	if !bq.scoped {
		return fb, scope, nil
	}
	err := s.scopeFilters(r.Context(), bq.ids, st, bq.brand, &fb, &scope)
	return fb, scope, err
}
