package web

import (
	"net/http"
	"net/url"
	"slices"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// runsPage is the data of a brand's answers page.
type runsPage struct {
	Layout
	Filter                        filterBar
	Runs                          []runRow
	Pager                         pager
	Total                         int
	Failed                        bool // the list shows failed collection attempts
	Statuses, Mentions            []option
	CitesDomain, CitesURL, Prompt string
}

// runRow is one run of the list.
type runRow struct {
	*sightline.Run
	URL      string
	Names    []mentionChip
	NumCites int
}

// mentionChip is one brand an answer names, coloured by kind.
type mentionChip struct{ Name, Kind string }

// runFilter reads the filters of the answers page. They are GET …/runs'
// filters (docs/api.md#runs) under the dashboard's names: the window and
// provider, region and topic as on every page, then prompt, mentions,
// cites_domain, cites_url and status, the API's filter names without
// "filter[…]". Values are checked as the API checks them.
func (q *query) runFilter(brandID string, win window, ids scopeIDs) sightline.RunFilter {
	f := sightline.RunFilter{Scope: sightline.Scope{BrandID: brandID, Window: win.Window}}
	if ids.provider != "" {
		f.ProviderIDs = []string{ids.provider}
	}
	if ids.region != "" {
		f.RegionIDs = []string{ids.region}
	}
	if ids.topic != "" {
		f.TopicIDs = []string{ids.topic}
	}
	if p := q.uuid("prompt"); p != "" {
		f.PromptIDs = []string{p}
	}
	if m := q.uuid("mentions"); m != "" {
		f.Mentions = []string{m}
	}
	if v := q.get("cites_domain"); v != "" {
		d, ok := ingest.NormalizeDomain(v)
		if !ok {
			q.fail("cites_domain", "cites_domain must be a domain name; %q is not one.", v)
		} else {
			f.CitesDomains = []string{d}
		}
	}
	if v := q.get("cites_url"); v != "" {
		page, ok := ingest.NormalizePage(v)
		if !ok {
			q.fail("cites_url", "cites_url must be an absolute http(s) URL; %q is not one.", v)
		} else {
			f.CitesURLs = []string{page}
		}
	}
	f.Status = q.enum("status", sightline.RunStatuses, sightline.RunOK)
	return f
}

// handleRuns serves GET /brands/{brand_id}/runs: the answers behind the
// numbers, newest first, a page of them under the filters of GET …/runs,
// so that a count on another page links to exactly the runs it counts
// (docs/api.md#runs, "Reproducing a count").
func (s *Server) handleRuns(w http.ResponseWriter, r *http.Request, st *state) error {
	q, err := s.newBrandQuery(r, st, true)
	if err != nil {
		return err
	}
	brand, win := q.brand, q.win
	f := q.runFilter(brand.ID, win, q.ids)
	f.PageRequest = sightline.PageRequest{Page: q.page("page"), PageSize: sightline.DefaultPageSize}
	if err := q.err(); err != nil {
		return err
	}
	ctx, org := r.Context(), st.sess.OrgID
	fb, _, err := s.filters(r, st, q, "prompt", "cites_url")
	if err != nil {
		return err
	}
	p := &runsPage{Layout: layout(st, brand.Name+" answers", "runs", brand), Filter: fb, Failed: f.Status == sightline.RunFailed,
		CitesDomain: q.get("cites_domain"), CitesURL: q.get("cites_url"), Prompt: q.get("prompt")}
	for _, v := range sightline.RunStatuses {
		p.Statuses = append(p.Statuses, option{Value: v, Label: statusLabels[v], Selected: v == f.Status})
	}
	comps, _, err := s.Store.FindCompetitors(ctx, org, sightline.CompetitorFilter{
		Scope: sightline.Scope{BrandID: brand.ID, Window: win.Window}, PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize},
	})
	if err != nil {
		return err
	}
	p.Mentions = append(p.Mentions, option{Value: brand.ID, Label: brand.Name + " (you)", Selected: slices.Contains(f.Mentions, brand.ID)})
	for _, c := range comps {
		p.Mentions = append(p.Mentions, option{Value: c.ID, Label: c.Name, Selected: slices.Contains(f.Mentions, c.ID)})
	}
	if len(f.Mentions) > 0 && !slices.ContainsFunc(p.Mentions, func(o option) bool { return o.Selected }) {
		// A found brand that is neither the brand nor a competitor (a link
		// from a share-of-voice row): keep it selectable.
		p.Mentions = append(p.Mentions, option{Value: f.Mentions[0], Label: "the brand of the link", Selected: true})
	}
	runs, total, err := s.Store.FindRuns(ctx, org, f)
	if err != nil {
		return err
	}
	pu := newPageURL(r)
	p.Total, p.Pager = total, newPager(pu, "page", "Pages of answers", sightline.NewPageMeta(f.PageRequest, total))
	for _, run := range runs {
		row := runRow{Run: run, URL: "/brands/" + brand.ID + "/runs/" + run.ID, NumCites: len(run.Citations)}
		for _, m := range run.Mentions {
			row.Names = append(row.Names, mentionChip{Name: m.Name, Kind: mentionKind(m)})
		}
		p.Runs = append(p.Runs, row)
	}
	return s.render(w, r, http.StatusOK, "runs", p)
}

var statusLabels = map[string]string{sightline.RunOK: "Answers", sightline.RunFailed: "Failed attempts"}

// mentionKind classes a mention for its colour: the brand itself, a
// tracked competitor, or any other brand.
func mentionKind(m sightline.RunMentionView) string {
	switch {
	case m.BrandID != "":
		return "own"
	case m.CompetitorID != "":
		return "competitor"
	}
	return "other"
}

// runPage is the data of one run's page.
type runPage struct {
	Layout
	Run      *sightline.Run
	Segments []segment
	Chips    []mentionChip
	Back     string
	// QueriesReported: the provider reports its searches (the run's
	// search_queries is [] or a list, not null); Uncited are the pages it
	// retrieved that the answer's text does not cite
	// (docs/collect.md#fan-out-and-sources).
	QueriesReported bool
	Uncited         []sightline.RunSourceView
}

// segment is a piece of an answer: plain text, or a brand's name.
type segment struct {
	Text, Kind, Name string
}

// handleRun serves GET /brands/{brand_id}/runs/{run_id}: the answer with
// every mention highlighted from its spans (found by the same matcher as
// GET …/runs/{run_id}), the citations with their ownership, the fan-out
// queries and the pages read but not cited, the ads, or the reason of a
// failed attempt.
func (s *Server) handleRun(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	id, err := pathID(r, "run_id", "Run")
	if err != nil {
		return err
	}
	run, err := s.Store.FindRunByID(r.Context(), st.sess.OrgID, brand.ID, id)
	if err != nil {
		return err
	}
	sp, err := ingest.NewSpanner(r.Context(), s.Store, brand.ID)
	if err != nil {
		return err
	}
	sp.Fill(run)
	p := &runPage{Layout: layout(st, "Answer of "+run.Provider.Code, "runs", brand), Run: run,
		Segments: highlight(run.Answer, run.Mentions), Back: "/brands/" + brand.ID + "/runs"}
	if run.Status == sightline.RunFailed {
		p.Back += "?status=failed"
	}
	p.QueriesReported = run.SearchQueries != nil
	for _, src := range run.Sources {
		if !src.Cited {
			p.Uncited = append(p.Uncited, src)
		}
	}
	for _, m := range run.Mentions {
		p.Chips = append(p.Chips, mentionChip{Name: m.Name, Kind: mentionKind(m)})
	}
	return s.render(w, r, http.StatusOK, "run", p)
}

// highlight cuts an answer into plain and named pieces at its mentions'
// spans, which count characters (code points), end exclusive
// (docs/api.md#runs). A span that overlaps one already taken (a name
// inside a longer one) or falls outside the answer is left out.
func highlight(answer string, mentions []sightline.RunMentionView) []segment {
	type mark struct {
		sightline.Span
		kind, name string
	}
	var marks []mark
	for _, m := range mentions {
		for _, sp := range m.Spans {
			marks = append(marks, mark{Span: sp, kind: mentionKind(m), name: m.Name})
		}
	}
	slices.SortStableFunc(marks, func(a, b mark) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return (b.End - b.Start) - (a.End - a.Start)
	})
	text := []rune(answer)
	var out []segment
	at := 0
	for _, mk := range marks {
		if mk.Start < at || mk.End <= mk.Start || mk.End > len(text) {
			continue
		}
		if mk.Start > at {
			out = append(out, segment{Text: string(text[at:mk.Start])})
		}
		out = append(out, segment{Text: string(text[mk.Start:mk.End]), Kind: mk.kind, Name: mk.name})
		at = mk.End
	}
	if at < len(text) {
		out = append(out, segment{Text: string(text[at:])})
	}
	return out
}

// runsLink is the address of the answers page under a scope and the run
// filters of one count (docs/api.md#runs, "Reproducing a count"): the
// window and the provider, region and topic filters of the page it is on,
// then the count's own filters as name/value pairs.
func runsLink(brandID string, win window, ids scopeIDs, kv ...string) string {
	v := url.Values{}
	if !win.Default {
		v.Set("start", win.Start)
		v.Set("end", win.End)
	}
	for _, p := range [][2]string{{"provider", ids.provider}, {"region", ids.region}, {"topic", ids.topic}} {
		if p[1] != "" {
			v.Set(p[0], p[1])
		}
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			v.Set(kv[i], kv[i+1])
		}
	}
	u := "/brands/" + brandID + "/runs"
	if len(v) > 0 {
		u += "?" + v.Encode()
	}
	return u
}

// withParam returns link with name set to value, the other parameters
// kept.
func withParam(link, name, value string) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	v := u.Query()
	v.Set(name, value)
	u.RawQuery = v.Encode()
	return u.String()
}
