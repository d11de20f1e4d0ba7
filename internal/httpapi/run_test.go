package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/openapi/openapitest"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// newRunListEnv is a real server over a copy of the demo data set
// (apiDemo), without the engines and webhooks newAPIEnv adds: enough for
// reading runs back. Its clock runs on from where the loading left it.
func newRunListEnv(t *testing.T) *apiEnv {
	t.Helper()
	db := sqlstoretest.MustOpenTemplate(t, "api-demo", loadAPIDemo)
	start := time.Now()
	db.Now = func() time.Time { return apiDemo.end.Add(time.Since(start)).Truncate(time.Microsecond) }
	srv := &httpapi.Server{Store: db, Now: db.Now}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &apiEnv{url: ts.URL, fx: apiDemo.fx, srv: srv, db: db, seen: map[string]map[int]bool{}}
}

type runList struct {
	Data []sightline.Run    `json:"data"`
	Meta sightline.PageMeta `json:"meta"`
}

// ndjson streams GET path with Accept: application/x-ndjson through the
// validating client and decodes every line.
func (e *apiEnv) ndjson(t *testing.T, path string) []sightline.Run {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, e.url+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(httpapi.APIKeyHeader, e.fx.APIKey)
	req.Header.Set("Accept", httpapi.NDJSONType)
	r := send(t, req)
	if r.status != http.StatusOK {
		t.Fatalf("GET %s (NDJSON) = %d: %s", path, r.status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != httpapi.NDJSONType || r.header.Get("Vary") != "Accept" {
		t.Fatalf("Content-Type = %q, Vary = %q, want %s and Accept", ct, r.header.Get("Vary"), httpapi.NDJSONType)
	}
	// A stream goes out as it is written: nothing holds the whole body to
	// hash it into an ETag.
	if etag := r.header.Get("ETag"); etag != "" {
		t.Fatalf("the NDJSON stream was held whole (ETag %q)", etag)
	}
	var out []sightline.Run
	sc := bufio.NewScanner(bytes.NewReader(r.body))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var run sightline.Run
		if err := json.Unmarshal(sc.Bytes(), &run); err != nil {
			t.Fatalf("line %d: %v", len(out)+1, err)
		}
		out = append(out, run)
	}
	return out
}

func (e *apiEnv) runs(t *testing.T, query string) runList {
	t.Helper()
	var l runList
	e.getJSON(t, e.fx.APIKey, "/api/v2/brands/"+e.fx.BrandID+"/runs?"+query, &l)
	return l
}

func TestRuns(t *testing.T) {
	t.Parallel()
	e := newRunListEnv(t)
	fx := e.fx
	b := "/api/v2/brands/" + fx.BrandID
	// The same narrowing on both sides of every reproduction: one
	// provider, two regions, the whole default window.
	scope := "filter[provider_ids]=" + fx.ProviderIDs[0] + "&filter[region_ids]=" + fx.RegionIDs[0] + "," + fx.RegionIDs[1]

	t.Run("NewestFirstAndPaging", func(t *testing.T) {
		all := e.ndjson(t, b+"/runs")
		if len(all) < 100 {
			t.Fatalf("only %d runs in the demo window", len(all))
		}
		var paged []sightline.Run
		for page := 1; ; page++ {
			l := e.runs(t, "page_size=100&page="+strconv.Itoa(page))
			if l.Meta.TotalItems != len(all) {
				t.Fatalf("total_items %d, NDJSON lines %d", l.Meta.TotalItems, len(all))
			}
			if len(l.Data) == 0 {
				break
			}
			paged = append(paged, l.Data...)
		}
		if len(paged) != len(all) {
			t.Fatalf("pages hold %d runs, NDJSON %d", len(paged), len(all))
		}
		for i := range all {
			if paged[i].ID != all[i].ID {
				t.Fatalf("run %d: page order %s, NDJSON order %s", i, paged[i].ID, all[i].ID)
			}
			if i > 0 && all[i].RanAt.After(all[i-1].RanAt) {
				t.Fatalf("run %d ran at %s after run %d at %s: not newest first", i, all[i].RanAt, i-1, all[i-1].RanAt)
			}
		}
		def := e.runs(t, "")
		if def.Meta.PageSize != sightline.DefaultPageSize || len(def.Data) != sightline.DefaultPageSize {
			t.Errorf("default page: page_size %d, %d rows", def.Meta.PageSize, len(def.Data))
		}
		if l := e.runs(t, "page_size=1000"); l.Meta.PageSize != sightline.MaxPageSize || len(l.Data) != sightline.MaxPageSize {
			t.Errorf("page_size 1000: clamped to %d, %d rows", l.Meta.PageSize, len(l.Data))
		}
		one := all[len(all)/2]
		var got struct{ Data sightline.Run }
		e.getJSON(t, fx.APIKey, b+"/runs/"+one.ID, &got)
		if got.Data.ID != one.ID || got.Data.Answer != one.Answer || len(got.Data.Citations) != len(one.Citations) || len(got.Data.Mentions) != len(one.Mentions) {
			t.Errorf("GET runs/%s differs from its NDJSON line", one.ID)
		}
	})

	t.Run("ReproducePages", func(t *testing.T) {
		var pages struct {
			Data []sightline.CitationRow `json:"data"`
		}
		e.getJSON(t, fx.APIKey, b+"/citations/pages?page_size=8&"+scope, &pages)
		if len(pages.Data) < 5 {
			t.Fatalf("only %d pages", len(pages.Data))
		}
		for _, row := range pages.Data {
			runs := e.ndjson(t, b+"/runs?filter[cites_url]="+url.QueryEscape(row.Page)+"&"+scope)
			n := 0
			for _, r := range runs {
				for _, c := range r.Citations {
					if c.Page == row.Page {
						n++
					}
				}
			}
			if l := e.runs(t, "filter[cites_url]="+url.QueryEscape(row.Page)+"&"+scope); n != row.TotalCitationCount || l.Meta.TotalItems != n {
				t.Errorf("page %s: total_citation_count %d; its citations in /runs %d (total_items %d)", row.Page, row.TotalCitationCount, n, l.Meta.TotalItems)
			}
		}
	})

	t.Run("ReproduceDomains", func(t *testing.T) {
		var domains struct {
			Data []sightline.CitationRow `json:"data"`
		}
		e.getJSON(t, fx.APIKey, b+"/citations/domains?page_size=6&"+scope, &domains)
		if len(domains.Data) < 3 {
			t.Fatalf("only %d domains", len(domains.Data))
		}
		for _, row := range domains.Data {
			n := 0
			for _, r := range e.ndjson(t, b+"/runs?filter[cites_domain]="+row.Domain+"&"+scope) {
				for _, c := range r.Citations {
					if c.Domain == row.Domain {
						n++
					}
				}
			}
			if n != row.TotalCitationCount {
				t.Errorf("domain %s: total_citation_count %d; its citations in /runs %d", row.Domain, row.TotalCitationCount, n)
			}
		}
	})

	t.Run("ReproduceTopicVisibility", func(t *testing.T) {
		var topics struct {
			Data []sightline.Topic `json:"data"`
		}
		e.getJSON(t, fx.APIKey, b+"/topics?page_size=100&"+scope, &topics)
		checked := 0
		for _, tp := range topics.Data {
			runs := e.runs(t, "page_size=1&filter[topic_ids]="+tp.ID+"&"+scope).Meta.TotalItems
			naming := e.runs(t, "page_size=1&filter[topic_ids]="+tp.ID+"&filter[mentions]="+fx.BrandID+"&"+scope).Meta.TotalItems
			want := 0.0
			if runs > 0 {
				want = 100 * float64(naming) / float64(runs)
				checked++
			}
			if math.Abs(tp.Visibility-want) > 1e-9 {
				t.Errorf("topic %s: visibility %v; from /runs 100 × %d / %d = %v", tp.Name, tp.Visibility, naming, runs, want)
			}
		}
		if checked < 3 {
			t.Errorf("only %d topics with runs", checked)
		}
	})

	t.Run("Spans", func(t *testing.T) {
		tg, err := e.db.FindIngestTarget(context.Background(), fx.BrandID)
		if err != nil {
			t.Fatal(err)
		}
		names := map[string][]string{fx.BrandID: append([]string{tg.Name}, tg.Aliases...)}
		for _, c := range tg.Competitors {
			names[c.ID] = append([]string{c.Name}, c.Aliases...)
		}
		self, comps := 0, 0
		for _, r := range e.ndjson(t, b+"/runs") {
			answer := []rune(r.Answer)
			for _, m := range r.Mentions {
				id := m.BrandID + m.CompetitorID
				if id == "" {
					continue
				}
				if len(m.Spans) == 0 {
					t.Errorf("run %s: mention of %s has no spans", r.ID, m.Name)
				}
				for _, sp := range m.Spans {
					if sp.Start < 0 || sp.End > len(answer) || sp.Start >= sp.End {
						t.Fatalf("run %s: span %+v outside the answer (%d characters)", r.ID, sp, len(answer))
					}
					text := string(answer[sp.Start:sp.End])
					ok := false
					for _, n := range names[id] {
						ok = ok || strings.EqualFold(text, n)
					}
					if !ok {
						t.Errorf("run %s: span %+v of %s is %q, not one of %q", r.ID, sp, m.Name, text, names[id])
					}
				}
				if m.BrandID != "" {
					self++
				} else {
					comps++
				}
			}
		}
		if self < 10 || comps < 10 {
			t.Errorf("spans checked on %d mentions of the brand and %d of competitors: too few", self, comps)
		}
	})

	t.Run("FiltersCompose", func(t *testing.T) {
		comp := fx.Competitors[0].ID
		runs := e.ndjson(t, b+"/runs?filter[mentions]="+comp+"&filter[topic_ids]="+fx.TopicIDs[0]+"&"+scope)
		if len(runs) == 0 {
			t.Fatal("no runs naming the first competitor in the first topic")
		}
		for _, r := range runs {
			named := false
			for _, m := range r.Mentions {
				named = named || m.CompetitorID == comp
			}
			if !named || r.Topic == nil || r.Topic.ID != fx.TopicIDs[0] || r.Provider.ID != fx.ProviderIDs[0] ||
				(r.Region.ID != fx.RegionIDs[0] && r.Region.ID != fx.RegionIDs[1]) {
				t.Fatalf("run %s escapes the filters: %+v %+v %+v, mentions %+v", r.ID, r.Topic, r.Provider, r.Region, r.Mentions)
			}
		}
		if l := e.runs(t, "filter[ran_at_start]=2020-01-01&filter[ran_at_end]=2020-01-02"); l.Meta.TotalItems != 0 || len(l.Data) != 0 {
			t.Errorf("an empty window holds %d runs", l.Meta.TotalItems)
		}
		if got := e.ndjson(t, b+"/runs?filter[ran_at_start]=2020-01-01&filter[ran_at_end]=2020-01-02"); len(got) != 0 {
			t.Errorf("an empty window streams %d runs", len(got))
		}
	})

	t.Run("BadFilters", func(t *testing.T) {
		// invalid: the document refuses the value too (openapitest.ExpectInvalid)
		for _, tt := range []struct {
			query, field string
			invalid      bool
		}{
			{"filter[mentions]=acme", "filter[mentions]", true},
			{"filter[cites_url]=not%20a%20url", "filter[cites_url]", false},
			{"filter[cites_domain]=" + url.QueryEscape("not a domain"), "filter[cites_domain]", false},
			{"filter[status]=pending", "filter[status]", true},
			{"filter[topic_ids]=x", "filter[topic_ids]", true},
			{"filter[ran_at_start]=yesterday", "filter[ran_at_start]", true},
			{"filter[query]=x", "filter[query]", true},
			{"page_size=0", "page_size", true},
		} {
			for _, accept := range []string{"application/json", httpapi.NDJSONType} {
				req, _ := http.NewRequest(http.MethodGet, e.url+b+"/runs?"+tt.query, nil)
				req.Header.Set(httpapi.APIKeyHeader, fx.APIKey)
				req.Header.Set("Accept", accept)
				if tt.invalid {
					req = openapitest.ExpectInvalid(req)
				}
				fields := wantError(t, send(t, req), http.StatusBadRequest, sightline.EINVALIDPARAM)
				if len(fields) != 1 || fields[0] != tt.field {
					t.Errorf("%s (%s): details name %q, want %s", tt.query, accept, fields, tt.field)
				}
			}
		}
	})

	t.Run("Failed", func(t *testing.T) {
		code, reason := "rate_limited", "the provider answered 429 three times"
		finished := demoNow.Add(-time.Hour)
		a := &sightline.CollectionAttempt{OrgID: fx.OrgID, BrandID: fx.BrandID, PromptID: fx.Prompts[0].ID, Provider: "chatgpt", Region: "us",
			Slot: finished.Truncate(24 * time.Hour), Status: sightline.AttemptFailed, ReasonCode: &code, Reason: &reason,
			StartedAt: finished.Add(-time.Minute), FinishedAt: finished}
		if err := e.db.RecordCollectionAttempt(context.Background(), a, nil); err != nil {
			t.Fatal(err)
		}
		l := e.runs(t, "filter[status]=failed")
		if l.Meta.TotalItems != 1 || len(l.Data) != 1 {
			t.Fatalf("failed runs: %d", l.Meta.TotalItems)
		}
		f := l.Data[0]
		if f.ID != a.ID || f.Status != sightline.RunFailed || f.Error == nil || f.Error.Code != code || f.Prompt.ID != fx.Prompts[0].ID ||
			f.Provider.Code != "chatgpt" || f.Provider.ID == "" || !f.RanAt.Equal(finished) {
			t.Errorf("failed run %+v", f)
		}
		var one struct{ Data sightline.Run }
		e.getJSON(t, fx.APIKey, b+"/runs/"+a.ID, &one)
		if one.Data.Status != sightline.RunFailed {
			t.Errorf("GET runs/%s: status %q", a.ID, one.Data.Status)
		}
		if got := e.ndjson(t, b+"/runs?filter[status]=failed"); len(got) != 1 || got[0].ID != a.ID || got[0].Error == nil {
			t.Errorf("failed runs streamed: %+v", got)
		}
		for _, r := range e.ndjson(t, b+"/runs") {
			if r.ID == a.ID {
				t.Error("a failed attempt is listed among ok runs")
			}
		}
		if l := e.runs(t, "filter[status]=failed&filter[mentions]="+fx.BrandID); l.Meta.TotalItems != 0 {
			t.Errorf("a failed attempt names the brand")
		}
	})

	t.Run("OtherOrganization", func(t *testing.T) {
		run := e.runs(t, "page_size=1").Data[0]
		other := fx.OtherOrg.APIKey
		for _, path := range []string{b + "/runs", b + "/runs/" + run.ID, "/api/v2/brands/" + fx.OtherOrg.BrandID + "/runs/" + run.ID} {
			wantError(t, e.do(t, call{method: "GET", path: path, key: other}), http.StatusNotFound, sightline.ENOTFOUND)
		}
	})
}
