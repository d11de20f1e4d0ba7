package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/sightline/sightline"
)

// signalsPage is the data of a brand's signals page.
type signalsPage struct {
	Layout
	Filter  filterBar
	Status  string // "", open or closed
	Tabs    []link
	Signals []signalView
	Pager   pager
}

// signalView is one signal with the links to the answers behind its
// numbers.
type signalView struct {
	*sightline.Signal
	// BeforeRuns and AfterRuns list the runs each side of the comparison
	// counts (the trials); BeforeHits and AfterHits those showing what the
	// signal is about (the successes), when the runs page can select them.
	BeforeRuns, AfterRuns, BeforeHits, AfterHits string
	Prompts                                      []evidenceLink
	Pages                                        []pageLink
}

type evidenceLink struct {
	sightline.SignalPrompt
	URL string
}

type pageLink struct {
	sightline.SignalPage
	URL string
}

// handleSignals serves GET /brands/{brand_id}/signals: the brand's
// signals open at some time in the window, newest first, as GET
// …/signals lists them, with their numbers and evidence.
func (s *Server) handleSignals(w http.ResponseWriter, r *http.Request, st *state) error {
	q, err := s.newBrandQuery(r, st, false)
	if err != nil {
		return err
	}
	brand, win := q.brand, q.win
	status := q.enum("status", sightline.SignalStatuses, "")
	page := q.page("page")
	if err := q.err(); err != nil {
		return err
	}
	f := sightline.SignalFilter{Status: status, Window: win.Window,
		PageRequest: sightline.PageRequest{Page: page, PageSize: sightline.DefaultPageSize}, Sort: sightline.DefaultSignalSort}
	list, total, err := s.Store.FindSignals(r.Context(), st.sess.OrgID, brand.ID, f)
	if err != nil {
		return err
	}
	fb, _, err := s.filters(r, st, q, "status")
	if err != nil {
		return err
	}
	pu := newPageURL(r)
	p := &signalsPage{Layout: layout(st, brand.Name+" signals", "signals", brand), Filter: fb,
		Status: status, Pager: newPager(pu, "page", "Signal pages", sightline.NewPageMeta(f.PageRequest, total))}
	// A signal carries its own comparison; the window only picks the
	// signals open at some time in it (GET …/signals).
	p.Filter.Summary = fmt.Sprintf("%s – %s (UTC): the signals open at some time in these days",
		win.Window.Start.Format("2 Jan 2006"), lastDay(win.Window).Format("2 Jan 2006"))
	for _, t := range []struct{ label, value string }{{"All", ""}, {"Open", sightline.SignalOpen}, {"Closed", sightline.SignalClosed}} {
		p.Tabs = append(p.Tabs, link{Label: t.label, URL: pu.with(resetPaging("status", t.value)...), Current: status == t.value})
	}
	for _, sig := range list {
		p.Signals = append(p.Signals, newSignalView(brand.ID, sig))
	}
	return s.render(w, r, http.StatusOK, "signals", p)
}

// newSignalView links a signal's numbers to the answers page under its
// own parameters (the API's filter names without "filter[…]", read by
// runFilter), so that a click lists the runs a number counts: the
// dimension's runs of each period, and among them those naming the brand
// (or the competitor that overtook it) or citing the page.
func newSignalView(brandID string, sig *sightline.Signal) signalView {
	v := signalView{Signal: sig}
	var ids scopeIDs
	switch sig.Dimension.Kind {
	case sightline.DimensionProvider:
		ids.provider = sig.Dimension.ID
	case sightline.DimensionTopic:
		ids.topic = sig.Dimension.ID
	}
	var hit []string
	switch sig.Type {
	case sightline.SignalVisibilityDropped, sightline.SignalVisibilityRose:
		hit = []string{"mentions", brandID}
	case sightline.SignalSOVOvertaken:
		if sig.Competitor != nil {
			hit = []string{"mentions", sig.Competitor.ID}
		}
	case sightline.SignalCitationLost, sightline.SignalCitationGained:
		hit = []string{"cites_url", sig.Dimension.ID}
	}
	runs := func(sample sightline.SignalSample, kv ...string) string {
		// The period ends at a midnight, excluded; the page's end date
		// includes its whole day, so the day before.
		win := window{Start: sample.Start.UTC().Format(time.DateOnly),
			End: sample.End.UTC().AddDate(0, 0, -1).Format(time.DateOnly)}
		if sig.Type == sightline.SignalCrawlerBlocked {
			// its trials are agent visits, not runs: the AI crawlers page
			// of the period lists them
			return "/brands/" + brandID + "/agents?" + url.Values{"start": {win.Start}, "end": {win.End}}.Encode()
		}
		return runsLink(brandID, win, ids, kv...)
	}
	n := sig.Numbers
	v.BeforeRuns, v.AfterRuns = runs(n.Before), runs(n.After)
	if len(hit) > 0 {
		v.BeforeHits, v.AfterHits = runs(n.Before, hit...), runs(n.After, hit...)
	}
	for _, pr := range sig.Evidence.Prompts {
		v.Prompts = append(v.Prompts, evidenceLink{SignalPrompt: pr, URL: runs(n.After, append([]string{"prompt", pr.PromptID}, hit...)...)})
	}
	for _, pg := range sig.Evidence.Pages {
		v.Pages = append(v.Pages, pageLink{SignalPage: pg, URL: runs(n.After, "cites_url", pg.Page)})
	}
	return v
}

// pValue formats a p-value: small ones as "< 0.001".
func pValue(p float64) string {
	if p < 0.001 {
		return "< 0.001"
	}
	return strconv.FormatFloat(p, 'f', 3, 64)
}
