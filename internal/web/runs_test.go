package web_test

import (
	"context"
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sightline/sightline"
)

var (
	runsTotalRE = regexp.MustCompile(`data-testid="runs-total">([0-9,]+)<`)
	runRowRE    = regexp.MustCompile(`data-testid="run-row"`)
	runLinkRE   = regexp.MustCompile(`<a href="([^"]+)" data-testid="run-link">`)
	markRE      = regexp.MustCompile(`<mark class="mention mention-(own|competitor|other)" title="([^"]*)" data-testid="mention-[a-z]+">([^<]*)</mark>`)
)

// linkOf returns the href of the first element with the test id.
func linkOf(t *testing.T, body, testID string) (href, text string) {
	t.Helper()
	m := regexp.MustCompile(`<a href="([^"]+)" data-testid="` + testID + `"[^>]*>([^<]*)<`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no link %s on the page", testID)
	}
	return html.UnescapeString(m[1]), m[2]
}

func runsTotal(t *testing.T, body string) int {
	t.Helper()
	m := runsTotalRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatal("the answers page shows no total")
	}
	n, err := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func atoiComma(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(s), ",", ""))
	if err != nil {
		t.Fatalf("%q is not a count", s)
	}
	return n
}

// The answers pages list the runs behind every count: a page's citation
// count on the citations page links to exactly the runs citing it, a
// topic's visibility to its runs naming the brand, the overview's answer
// count to every run of the window (docs/api.md#runs, "Reproducing a
// count"); a run shows its mentions highlighted from their spans.
func testRuns(t *testing.T, e *env) {
	ctx := context.Background()
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	brand := "/brands/" + e.fix.BrandID
	win := sightline.DefaultWindow(now, sightline.DefaultWindowDays)

	t.Run("PageCitationCount", func(t *testing.T) {
		_, body := c.get(brand + "/citations")
		href, text := linkOf(t, body, "page-citations")
		want := atoiComma(t, text)
		if want == 0 {
			t.Fatal("the demo's most-cited page has no citation")
		}
		resp, runs := c.get(href)
		wantStatus(t, resp, runs, http.StatusOK)
		if got := runsTotal(t, runs); got != want {
			t.Errorf("%s lists %d answers, the page's citation count is %d", href, got, want)
		}
		if n := len(runRowRE.FindAllString(runs, -1)); n != min(want, sightline.DefaultPageSize) {
			t.Errorf("%d rows on the first page, want %d", n, min(want, sightline.DefaultPageSize))
		}
		if !strings.Contains(runs, `data-testid="run-narrowed"`) {
			t.Error("the page does not say it shows the answers citing one page")
		}
	})
	t.Run("DomainAndTopicCounts", func(t *testing.T) {
		_, body := c.get(brand + "/citations")
		href, _ := linkOf(t, body, "domain-citations")
		_, runs := c.get(href)
		domain := regexp.MustCompile(`name="cites_domain" value="([^"]+)"`).FindStringSubmatch(runs)
		if domain == nil {
			t.Fatal("the domain filter is not shown filled in")
		}
		_, total, err := e.db.FindRuns(ctx, e.fix.OrgID, sightline.RunFilter{Scope: sightline.Scope{BrandID: e.fix.BrandID, Window: win},
			CitesDomains: []string{domain[1]}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 1}})
		if err != nil {
			t.Fatal(err)
		}
		if got := runsTotal(t, runs); got != total || total == 0 {
			t.Errorf("answers citing %s: page %d, store %d", domain[1], got, total)
		}

		_, body = c.get(brand + "/topics")
		href, vis := linkOf(t, body, "topic-visibility")
		_, named := c.get(href)
		_, all := c.get(strings.Replace(href, "mentions="+e.fix.BrandID, "", 1))
		n, d := runsTotal(t, named), runsTotal(t, all)
		if d == 0 || n >= d {
			t.Fatalf("the topic's answers: %d naming the brand of %d", n, d)
		}
		if got, want := one(100*float64(n)/float64(d))+"%", vis; got != want {
			t.Errorf("100 × %d / %d = %s, the topic's visibility is %s", n, d, got, want)
		}
	})
	t.Run("OverviewCount", func(t *testing.T) {
		_, body := c.get(brand)
		href, text := linkOf(t, body, "overview-runs")
		_, runs := c.get(href)
		want := atoiComma(t, strings.TrimSuffix(text, " answers in this window"))
		if got := runsTotal(t, runs); got != want || want == 0 {
			t.Errorf("the overview counts %d answers, the answers page %d", want, got)
		}
	})
	t.Run("OverviewByProvider", func(t *testing.T) {
		providers, err := e.db.FindBrandProviders(ctx, e.fix.OrgID, e.fix.BrandID)
		if err != nil || len(providers) < 2 {
			t.Fatalf("providers %v, %v", providers, err)
		}
		p := providers[1]
		resp, body := c.get(brand + "?provider=" + p.ID)
		wantStatus(t, resp, body, http.StatusOK)
		scope := sightline.Scope{BrandID: e.fix.BrandID, Window: win, ProviderIDs: []string{p.ID}}
		rows, _, err := e.db.FindShareOfVoice(ctx, e.fix.OrgID, sightline.SOVFilter{Scope: scope, Granularity: "day", PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
		if err != nil {
			t.Fatal(err)
		}
		_, all := c.get(brand)
		got, unfiltered := metricsOf(body), metricsOf(all)
		for _, r := range rows {
			if r.Kind != sightline.FoundBrandOwn {
				continue
			}
			m := r.AggregateMetrics
			for k, v := range map[string]string{"metric-visibility": one(m.Visibility), "metric-share-of-voice": one(m.ShareOfVoice), "metric-sentiment": one(m.Sentiment)} {
				if got[k] != v {
					t.Errorf("%s for %s = %q, want the API's %q", k, p.Name, got[k], v)
				}
			}
		}
		if got["metric-visibility"] == unfiltered["metric-visibility"] && got["metric-share-of-voice"] == unfiltered["metric-share-of-voice"] {
			t.Errorf("the provider filter changes nothing: %v", got)
		}
		if !strings.Contains(body, `<option value="`+p.ID+`" selected>`) {
			t.Error("the provider is not selected in the form")
		}
	})
	t.Run("RunHighlighted", func(t *testing.T) {
		_, body := c.get(brand + "/runs?mentions=" + e.fix.BrandID)
		m := runLinkRE.FindStringSubmatch(body)
		if m == nil {
			t.Fatal("no run to open")
		}
		resp, run := c.get(m[1])
		wantStatus(t, resp, run, http.StatusOK)
		id := m[1][strings.LastIndex(m[1], "/")+1:]
		stored, err := e.db.FindRunByID(ctx, e.fix.OrgID, e.fix.BrandID, id)
		if err != nil {
			t.Fatal(err)
		}
		marks := markRE.FindAllStringSubmatch(run, -1)
		own := 0
		for _, mk := range marks {
			if mk[1] == "own" {
				own++
			}
			// every highlighted piece is a name the answer uses for its brand
			if !strings.Contains(strings.ToLower(stored.Answer), strings.ToLower(html.UnescapeString(mk[3]))) || mk[3] == "" {
				t.Errorf("highlighted %q is not in the answer", mk[3])
			}
		}
		if own == 0 {
			t.Errorf("an answer naming the brand highlights no mention of it; marks %v", marks)
		}
		for _, want := range []string{`data-testid="mention-legend"`, `data-testid="run-citations"`, `data-testid="run-provider">` + stored.Provider.Code} {
			if !strings.Contains(run, want) {
				t.Errorf("the run page lacks %s", want)
			}
		}
		// the pages read and not cited, one row each; the searches, or why
		// there are none
		uncited := 0
		for _, src := range stored.Sources {
			if !src.Cited {
				uncited++
			}
		}
		table := regexp.MustCompile(`(?s)data-testid="run-uncited-sources">(.*?)</table>`).FindStringSubmatch(run)
		if rows := 0; uncited > 0 {
			if table != nil {
				rows = strings.Count(table[1], "<tr>") - 1 // the head's row
			}
			if rows != uncited {
				t.Errorf("the run page lists %d pages read and not cited, want %d", rows, uncited)
			}
		} else if table != nil {
			t.Error("a read-but-not-cited table without such pages")
		}
		state := `data-testid="run-search-queries-unknown"`
		if stored.SearchQueries != nil {
			state = `data-testid="run-search-queries-none"`
			if len(stored.SearchQueries) > 0 {
				state = `<li>` + html.EscapeString(stored.SearchQueries[0]) + `</li>`
			}
		}
		if !strings.Contains(run, state) {
			t.Errorf("the run page lacks %s", state)
		}
		// the text without the marks is the answer itself
		plain := html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(
			regexp.MustCompile(`(?s)data-testid="run-answer">(.*?)</div>`).FindStringSubmatch(run)[1], ""))
		if plain != stored.Answer {
			t.Errorf("the highlighted answer reads %q, want %q", plain, stored.Answer)
		}
	})
	t.Run("BadFilters", func(t *testing.T) {
		for _, q := range []string{"cites_url=not-a-url", "cites_domain=no", "status=lost", "mentions=brand", "prompt=1"} {
			resp, body := c.get(brand + "/runs?" + q)
			wantStatus(t, resp, body, http.StatusBadRequest)
			name, _, _ := strings.Cut(q, "=")
			if !strings.Contains(body, name) {
				t.Errorf("?%s: the error page does not name %s", q, name)
			}
		}
		resp, body := c.get(brand + "/runs?status=failed")
		wantStatus(t, resp, body, http.StatusOK)
		if !strings.Contains(body, `data-testid="empty-state"`) || !strings.Contains(body, "No failed attempts") {
			t.Error("no failed attempts: no empty state")
		}
		resp, body = c.get(brand + "/runs/7c9e6679-7425-40de-944b-e07fc1f90ae7")
		wantStatus(t, resp, body, http.StatusNotFound)
	})
}
