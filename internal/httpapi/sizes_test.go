package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// The documented worst cases of docs/api.md#limits, in bytes of JSON.
const (
	maxRunBody       = 4 << 20  // one run: GET …/runs/{id} (4 MiB)
	maxCitationsPage = 10 << 20 // a page of 100 citation rows (pages, domains)
	maxSOVPage       = 40 << 20 // a page of 100 share-of-voice rows of 1,000 buckets
)

// capsRecord is one run at every per-record cap, written to cost the most
// bytes when shown: text fields of control characters, which JSON writes
// as six bytes each; 100 given mentions whose names the answer repeats
// past MaxMentionSpans; 100 citations of the longest URL, of characters
// its normalized page percent-encodes.
func capsRecord(fw *fuzzWorld, ranAt time.Time) string {
	esc := func(n int) string { return strings.Repeat("\x01", n) }
	var answer strings.Builder
	mentions := make([]sightline.RunMention, 0, sightline.MaxRunMentions)
	for i := range sightline.MaxRunMentions {
		name := fmt.Sprintf("Brand%02d", i)
		mentions = append(mentions, sightline.RunMention{Name: name, Position: i + 1})
		for range sightline.MaxMentionSpans + 10 {
			answer.WriteString(name + "\n")
		}
	}
	answer.WriteString(esc(sightline.MaxAnswerBytes - answer.Len()))
	cites := make([]sightline.RunCitation, 0, sightline.MaxRunCitations)
	for i := range sightline.MaxRunCitations {
		u := fmt.Sprintf("https://site%03d.example.com/", i)
		// "é" in a path: the normalized page percent-encodes it, 6 bytes
		cites = append(cites, sightline.RunCitation{URL: u + strings.Repeat("é", (sightline.MaxURLBytes-len(u))/2),
			Title: esc(sightline.MaxTitleBytes), Author: esc(sightline.MaxShortTextBytes)})
	}
	ads := make([]sightline.RunAd, 0, sightline.MaxRunAds)
	for i := range sightline.MaxRunAds {
		ads = append(ads, sightline.RunAd{Advertiser: fmt.Sprintf("Ad%02d", i) + strings.Repeat("a", sightline.MaxShortTextBytes-4),
			Domain: fmt.Sprintf("ad%02d.example.com", i), Text: esc(sightline.MaxTitleBytes)})
	}
	// 50 search queries and 100 retrieved sources, each at its caps.
	queries := make([]string, 0, sightline.MaxSearchQueries)
	for i := range sightline.MaxSearchQueries {
		q := fmt.Sprintf("q%02d ", i)
		queries = append(queries, q+esc(sightline.MaxShortTextBytes-len(q)))
	}
	sources := make([]sightline.RunSource, 0, sightline.MaxRunSources)
	for i := range sightline.MaxRunSources {
		u := fmt.Sprintf("https://source%03d.example.com/", i)
		day := "2026-10-02"
		sources = append(sources, sightline.RunSource{URL: u + strings.Repeat("é", (sightline.MaxURLBytes-len(u))/2),
			Title: esc(sightline.MaxTitleBytes), PublishedAt: &day})
	}
	rec, err := json.Marshal(sightline.RunRecord{ID: "00000000-0000-4000-8000-0000000000ca", BrandID: fw.brand.ID, PromptID: fw.prompts[0].ID,
		Provider: "chatgpt", Region: "us", RanAt: ranAt, Model: esc(sightline.MaxShortTextBytes), Answer: answer.String(),
		Citations: cites, Ads: ads, Mentions: mentions, SearchQueries: queries, Sources: sources})
	if err != nil {
		panic(err)
	}
	return string(rec)
}

// getSized sends GET path?query with the world's key and returns the status
// and the body, read up to one byte past limit.
func getSized(t *testing.T, fw *fuzzWorld, path string, q url.Values, limit int) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, fw.ts.URL+"/api/v2/brands/"+fw.brand.ID+path+"?"+q.Encode(), nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-API-KEY", fw.key)
	resp, err := (&http.Client{Timeout: time.Minute}).Do(req)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, int64(limit)+1))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(body) > limit {
		t.Fatalf("%s?%s: body above the documented %d bytes", path, q.Encode(), limit)
	}
	t.Logf("%s?%s: %d %d bytes", path, q.Encode(), resp.StatusCode, len(body))
	return resp.StatusCode, body
}

// On a brand filled to the per-record caps, every response that shows what
// a run holds stays within the worst case docs/api.md#limits states: a run
// with its spans cut to MaxMentionSpans, citation rows with
// mentioned_brands cut to the first MaxMentionedBrands names, and share of
// voice over the longest daily window.
func TestResponsesAtCaps(t *testing.T) {
	fw := newFuzzWorld(t)
	now := time.Now().UTC()
	// a day earlier, an answer citing the same pages names only Brand99:
	// it is named in the most citations of every row
	var yesterday strings.Builder
	var rec map[string]any
	if err := json.Unmarshal([]byte(capsRecord(fw, now.Add(-24*time.Hour))), &rec); err != nil {
		t.Fatal(err)
	}
	rec["id"], rec["answer"], rec["mentions"] = "00000000-0000-4000-8000-0000000000cb", "Brand99 again.", []map[string]any{{"name": "Brand99", "position": 1}}
	if err := json.NewEncoder(&yesterday).Encode(rec); err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, fw.ts.URL+"/internal/v1/brands/"+fw.brand.ID+"/runs",
		strings.NewReader(capsRecord(fw, now.Add(-time.Minute))+"\n"+yesterday.String()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+fuzzAdminToken)
	req.Header.Set("Content-Type", "application/x-ndjson")
	resp, err := (&http.Client{Timeout: time.Minute}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"inserted":2`) {
		t.Fatalf("ingest at the caps: %d %s", resp.StatusCode, body)
	}

	type run struct {
		Mentions []struct {
			Name  string
			Spans []sightline.Span
		}
		Citations     []json.RawMessage
		SearchQueries []string `json:"search_queries"`
		Sources       []json.RawMessage
	}
	status, body := getSized(t, fw, "/runs/00000000-0000-4000-8000-0000000000ca", nil, maxRunBody)
	var one struct{ Data run }
	if status != http.StatusOK || json.Unmarshal(body, &one) != nil {
		t.Fatalf("run: %d %.300s", status, body)
	}
	if len(one.Data.SearchQueries) != sightline.MaxSearchQueries || len(one.Data.Sources) != sightline.MaxRunSources {
		t.Errorf("run: %d search queries, %d sources, want %d, %d", len(one.Data.SearchQueries), len(one.Data.Sources), sightline.MaxSearchQueries, sightline.MaxRunSources)
	}
	if len(one.Data.Mentions) != sightline.MaxRunMentions || len(one.Data.Citations) != sightline.MaxRunCitations {
		t.Fatalf("run: %d mentions, %d citations, want %d, %d", len(one.Data.Mentions), len(one.Data.Citations), sightline.MaxRunMentions, sightline.MaxRunCitations)
	}
	for _, m := range one.Data.Mentions {
		if len(m.Spans) != sightline.MaxMentionSpans {
			t.Errorf("mention %s: %d spans, want the first %d", m.Name, len(m.Spans), sightline.MaxMentionSpans)
		}
	}
	// the page holds both runs
	if status, _ := getSized(t, fw, "/runs", url.Values{"page_size": {"100"}}, 2*maxRunBody); status != http.StatusOK {
		t.Fatalf("runs: %d", status)
	}

	for _, path := range []string{"/citations/pages", "/citations/domains"} {
		status, body := getSized(t, fw, path, url.Values{"page_size": {"100"}}, maxCitationsPage)
		var list struct {
			Data []struct {
				MentionedBrands []string `json:"mentioned_brands"`
			}
		}
		if status != http.StatusOK || json.Unmarshal(body, &list) != nil || len(list.Data) == 0 {
			t.Fatalf("%s: %d %.300s", path, status, body)
		}
		// Brand99, named in two citations of each row, then the first of
		// the names in one each, listed by name
		var want []string
		for i := range sightline.MaxMentionedBrands - 1 {
			want = append(want, fmt.Sprintf("Brand%02d", i))
		}
		want = append(want, "Brand99")
		for _, r := range list.Data {
			if !slices.Equal(r.MentionedBrands, want) {
				t.Fatalf("%s: mentioned_brands %v, want %v", path, r.MentionedBrands, want)
			}
		}
	}

	q := url.Values{"page_size": {"100"}, "filter[ran_at_start]": {now.AddDate(0, 0, -(sightline.MaxSeriesBuckets - 1)).Format(time.DateOnly)}}
	status, body = getSized(t, fw, "/share_of_voice", q, maxSOVPage)
	var sov struct {
		Data []json.RawMessage
	}
	if status != http.StatusOK || json.Unmarshal(body, &sov) != nil || len(sov.Data) != 100 {
		t.Fatalf("share_of_voice: %d, %d rows, want 100", status, len(sov.Data))
	}
}

// sendJSON sends method path with the world's key and a JSON body, through
// the client that validates against the OpenAPI document, and returns the
// status and the error's details.
func sendJSON(t *testing.T, fw *fuzzWorld, method, path string, body any) (int, []sightline.FieldError) {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(method, fw.ts.URL+"/api/v2/brands/"+fw.brand.ID+path, strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-API-KEY", fw.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := apiClient().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	var env struct {
		Error struct {
			Code    string
			Details []sightline.FieldError
		}
	}
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		if json.Unmarshal(raw, &env) != nil || env.Error.Code == "" {
			t.Fatalf("%s %s: %d without the error envelope: %s", method, path, resp.StatusCode, raw)
		}
	}
	return resp.StatusCode, env.Error.Details
}

// wantLimit checks a 409 CONFLICT whose one detail is limit_reached on
// field.
func wantLimit(t *testing.T, what string, status int, details []sightline.FieldError, field string) {
	t.Helper()
	if status != http.StatusConflict || len(details) != 1 || details[0].Field == nil || *details[0].Field != field || details[0].Code != "limit_reached" {
		t.Fatalf("%s: %d %+v, want 409 limit_reached on %s", what, status, details, field)
	}
}

// A brand holds at most MaxBrandTopics topics, MaxBrandPrompts active
// prompts and MaxBrandCompetitors competitors (docs/api.md#limits): up to
// each cap creating works; past it, 409 CONFLICT limit_reached naming the
// field, and nothing of the request is created.
func TestBrandHoldsAtMost(t *testing.T) {
	fw := newFuzzWorld(t)
	type named struct {
		Name string `json:"name"`
	}
	type text struct {
		Text string `json:"text"`
	}
	// topics: the world has none
	for n := 0; n < sightline.MaxBrandTopics; n += sightline.MaxTopicsPerRequest {
		var ts []named
		for i := range sightline.MaxTopicsPerRequest {
			ts = append(ts, named{fmt.Sprintf("Topic %d", n+i)})
		}
		if status, details := sendJSON(t, fw, http.MethodPost, "/topics", map[string]any{"topics": ts}); status != http.StatusCreated {
			t.Fatalf("topics %d: %d %+v", n, status, details)
		}
	}
	status, details := sendJSON(t, fw, http.MethodPost, "/topics", map[string]any{"topics": []named{{"Topic 0"}, {"One too many"}}})
	wantLimit(t, "topic past the cap", status, details, "topics")
	// an existing name creates nothing, so it is not refused
	if status, details := sendJSON(t, fw, http.MethodPost, "/topics", map[string]any{"topics": []named{{"Topic 1"}}}); status != http.StatusCreated {
		t.Fatalf("an existing topic again: %d %+v", status, details)
	}

	// prompts: the world has one active prompt
	for n := 1; n < sightline.MaxBrandPrompts; n += sightline.MaxPromptsPerBatch {
		var ps []text
		for i := range min(sightline.MaxPromptsPerBatch, sightline.MaxBrandPrompts-n) {
			ps = append(ps, text{fmt.Sprintf("prompt %d", n+i)})
		}
		if status, details := sendJSON(t, fw, http.MethodPost, "/prompts", map[string]any{"prompts": ps}); status != http.StatusCreated {
			t.Fatalf("prompts %d: %d %+v", n, status, details)
		}
	}
	status, details = sendJSON(t, fw, http.MethodPost, "/prompts", map[string]any{"prompts": []text{{"one too many"}}})
	wantLimit(t, "prompt past the cap", status, details, "prompts")
	// switching one off makes room; switching another on past the cap does not
	if status, details := sendJSON(t, fw, http.MethodPatch, "/prompts/"+fw.prompts[0].ID, map[string]any{"active": false}); status != http.StatusOK {
		t.Fatalf("deactivate: %d %+v", status, details)
	}
	if status, details := sendJSON(t, fw, http.MethodPost, "/prompts", map[string]any{"prompts": []text{{"the last one"}}}); status != http.StatusCreated {
		t.Fatalf("the prompt that fits: %d %+v", status, details)
	}
	status, details = sendJSON(t, fw, http.MethodPatch, "/prompts/"+fw.prompts[0].ID, map[string]any{"active": true})
	wantLimit(t, "reactivation past the cap", status, details, "active")

	// competitors: the world has one
	for i := 1; i < sightline.MaxBrandCompetitors; i++ {
		if status, details := sendJSON(t, fw, http.MethodPost, "/competitors", map[string]any{"name": fmt.Sprintf("Rival %d", i), "domain": fmt.Sprintf("rival%d.com", i)}); status != http.StatusCreated {
			t.Fatalf("competitor %d: %d %+v", i, status, details)
		}
	}
	status, details = sendJSON(t, fw, http.MethodPost, "/competitors", map[string]any{"name": "One Too Many", "domain": "toomany.com"})
	wantLimit(t, "competitor past the cap", status, details, "name")
}

// The citations overview lists the MaxDistributionShares largest shares of
// each split (docs/api.md#limits), not one per topic however many there
// are.
func TestOverviewDistributionsAtMost(t *testing.T) {
	fw := newFuzzWorld(t)
	n := sightline.MaxDistributionShares + 1
	var topicIDs []string
	for from := 0; from < n; from += sightline.MaxTopicsPerRequest {
		var ts []map[string]string
		for i := from; i < min(n, from+sightline.MaxTopicsPerRequest); i++ {
			ts = append(ts, map[string]string{"name": fmt.Sprintf("Topic %03d", i)})
		}
		data, _ := json.Marshal(map[string]any{"topics": ts})
		var created struct{ Data []struct{ ID string } }
		postJSON(t, fw, "/topics", string(data), &created)
		for _, c := range created.Data {
			topicIDs = append(topicIDs, c.ID)
		}
	}
	var promptIDs []string
	for from := 0; from < n; from += sightline.MaxPromptsPerBatch {
		var ps []map[string]string
		for i := from; i < min(n, from+sightline.MaxPromptsPerBatch); i++ {
			ps = append(ps, map[string]string{"text": fmt.Sprintf("prompt %03d", i), "topic_id": topicIDs[i]})
		}
		data, _ := json.Marshal(map[string]any{"prompts": ps})
		var created struct{ Data []struct{ ID string } }
		postJSON(t, fw, "/prompts", string(data), &created)
		for _, c := range created.Data {
			promptIDs = append(promptIDs, c.ID)
		}
	}
	if len(promptIDs) != n {
		t.Fatalf("%d prompts created, want %d", len(promptIDs), n)
	}
	at := time.Now().UTC().Add(-time.Minute).Format(time.RFC3339)
	var lines []string
	for _, p := range promptIDs {
		lines = append(lines, fmt.Sprintf(`{"prompt_id":%q,"provider":"chatgpt","region":"us","ran_at":%q,"answer":"Acme is good.","citations":[{"url":"https://acme.com/a"}]}`, p, at))
	}
	req, _ := http.NewRequest(http.MethodPost, fw.ts.URL+"/internal/v1/brands/"+fw.brand.ID+"/runs", strings.NewReader(strings.Join(lines, "\n")))
	req.Header.Set("Authorization", "Bearer "+fuzzAdminToken)
	req.Header.Set("Content-Type", "application/x-ndjson")
	resp, err := fuzzClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), fmt.Sprintf(`"inserted":%d`, n)) {
		t.Fatalf("ingest: %d %s", resp.StatusCode, body)
	}
	status, body := getSized(t, fw, "/citations/overview", nil, maxSeriesBody)
	var ov struct {
		Data struct {
			Distributions struct {
				Citations, Mentions struct {
					ByTopic []struct{ Count int } `json:"by_topic"`
				}
			}
		}
	}
	if status != http.StatusOK || json.Unmarshal(body, &ov) != nil {
		t.Fatalf("overview: %d %.300s", status, body)
	}
	for kind, d := range map[string]int{"citations": len(ov.Data.Distributions.Citations.ByTopic), "mentions": len(ov.Data.Distributions.Mentions.ByTopic)} {
		if d != sightline.MaxDistributionShares {
			t.Errorf("%s by_topic: %d shares, want %d of %d topics", kind, d, sightline.MaxDistributionShares, n)
		}
	}
}

// postJSON posts body to the world's brand path and decodes a 201 into v.
func postJSON(t *testing.T, fw *fuzzWorld, path, body string, v any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, fw.ts.URL+"/api/v2/brands/"+fw.brand.ID+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-API-KEY", fw.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := fuzzClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated || json.Unmarshal(data, v) != nil {
		t.Fatalf("POST %s: %d %.300s", path, resp.StatusCode, data)
	}
}
