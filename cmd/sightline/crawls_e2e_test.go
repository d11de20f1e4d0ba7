package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
)

// TestCrawls_EndToEnd stores one brand's runs with `sightline ingest` and
// its access logs both with `sightline crawls ingest` and with POST
// …/agent_logs, and asks the three agents endpoints over a running server:
// they equal the hand count below, over a window of whole days (read from
// the agent rollups) and over one that cuts both days (facts at its
// edges); filter[crawled_not_cited] and filter[cited_not_crawled] join the
// visits with the runs' citations; ingesting both again changes no answer.
//
//	source  when (2026-11-…)  agent / referrer     address (verdict)         page                  status
//	CLI     20 10:00          GPTBot               192.0.2.5 (verified)      example.com/pricing   200
//	CLI     20 10:05          GPTBot               192.0.2.6 (verified)      example.com/blog      200
//	CLI     20 10:10          GPTBot               203.0.113.9 (spoofed)     example.com/guide     200
//	CLI     20 11:00          Bytespider           198.51.100.7 (unverified) example.com/pricing   503
//	CLI     20 12:00          chatgpt.com referral                           example.com/pricing
//	POST    21 09:00          ClaudeBot            198.51.100.8 (unverified) example.com/blog      404
//	POST    21 09:30          GPTBot               192.0.2.7 (verified)      example.org/docs      200
//	POST    21 10:00          perplexity.ai referral                         example.com/guide
//
// The runs of 2026-11-20 cite example.com/pricing twice, /guide and
// /never once each, and other.com once.
func TestCrawls_EndToEnd(t *testing.T) {
	t.Parallel()
	dsn, orgID, brandID, _, ranges := crawlsWorld(t)
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := db.CreatePrompts(ctx, orgID, brandID, []sightline.PromptCreate{{Text: "best task tracker"}})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	var runs []string
	for i, cites := range [][]string{
		{"https://example.com/pricing", "https://example.com/guide"},
		{"https://example.com/pricing", "https://example.com/never"},
		{"https://other.com/x"},
	} {
		r := sightline.RunRecord{ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), BrandID: brandID, PromptID: ps[0].ID,
			Provider: "chatgpt", Region: "us", RanAt: time.Date(2026, 11, 20, 8, i, 0, 0, time.UTC), Answer: "1. **Taskloom** – simple."}
		for _, u := range cites {
			r.Citations = append(r.Citations, sightline.RunCitation{URL: u})
		}
		b, _ := json.Marshal(r)
		runs = append(runs, string(b))
	}
	dir := t.TempDir()
	runsFile, logFile := filepath.Join(dir, "runs.jsonl"), filepath.Join(dir, "access.log")
	combined := strings.Join([]string{
		`192.0.2.5 - - [20/Nov/2026:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "` + gptbotUA + `"`,
		`192.0.2.6 - - [20/Nov/2026:10:05:00 +0000] "GET /blog HTTP/1.1" 200 512 "-" "` + gptbotUA + `"`,
		`203.0.113.9 - - [20/Nov/2026:10:10:00 +0000] "GET /guide HTTP/1.1" 200 512 "-" "` + gptbotUA + `"`,
		`198.51.100.7 - - [20/Nov/2026:11:00:00 +0000] "GET /pricing HTTP/1.1" 503 0 "-" "` + bytespiderUA + `"`,
		`198.51.100.20 - - [20/Nov/2026:12:00:00 +0000] "GET /pricing HTTP/1.1" 200 9 "https://chatgpt.com/" "` + browserUA + `"`,
	}, "\n") + "\n"
	if err := os.WriteFile(runsFile, []byte(strings.Join(runs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(logFile, []byte(combined), 0o644); err != nil {
		t.Fatal(err)
	}
	mustCLI(t, "ingest", "--db", dsn, runsFile)
	_, key := createKey(t, dsn, orgID, "drain")
	cfg := DefaultConfig()
	cfg.DB, cfg.Addr, cfg.BotRanges = dsn, "127.0.0.1:0", ranges
	m := NewMain(cfg, io.Discard, io.Discard)
	m.ShutdownTimeout = 10 * time.Second
	if err := m.Open(ctx); err != nil {
		m.Close()
		t.Fatal(err)
	}
	go m.Server.Serve()
	defer m.Close()
	base := "http://" + m.Addr() + "/api/v2/brands/" + brandID
	rec := func(ts, host, path string, status int, ip, ua, ref string) string {
		b, _ := json.Marshal(sightline.AgentLogRecord{Timestamp: ts, Method: "GET", Host: host, Path: path, StatusCode: status, IP: ip, UserAgent: ua, Referer: ref})
		return string(b)
	}
	claudeUA := "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"
	ndjson := strings.Join([]string{
		rec("2026-11-21T09:00:00Z", "example.com", "/blog", 404, "198.51.100.8", claudeUA, ""),
		rec("2026-11-21T09:30:00Z", "example.org", "/docs", 200, "192.0.2.7", gptbotUA, ""),
		rec("2026-11-21T10:00:00Z", "example.com", "/guide", 200, "198.51.100.21", browserUA, "https://www.perplexity.ai/"),
	}, "\n")
	ingest := func() {
		t.Helper()
		out := mustCLI(t, "crawls", "ingest", "--db", dsn, "--brand", brandID, "--bot-ranges", ranges, logFile)
		if !strings.Contains(out, "5 lines read: 4 agent visits (2 verified, 1 spoofed, 1 unverified), 1 AI referrals") {
			t.Errorf("crawls ingest: %q", out)
		}
		req, _ := http.NewRequest(http.MethodPost, base+"/agent_logs", strings.NewReader(ndjson))
		req.Header.Set("X-API-KEY", key)
		req.Header.Set("Content-Type", "application/x-ndjson")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.Contains(string(b), `"agent_visits":2`) {
			t.Fatalf("POST agent_logs: %d %s", res.StatusCode, b)
		}
	}
	get := func(path string, v any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, base+"/agents/"+path, nil)
		req.Header.Set("X-API-KEY", key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK || json.Unmarshal(b, v) != nil {
			t.Fatalf("GET %s: %d %s", path, res.StatusCode, b)
		}
	}
	type pagesAnswer struct {
		Data []sightline.AgentPageRow
		Meta sightline.PageMeta
	}
	type referralsAnswer struct {
		Data []sightline.AIReferralRow
		Meta struct {
			BySource []sightline.AIReferralSourceVisits `json:"by_source"`
		}
	}
	answers := func(window string) []any {
		var ov struct{ Data sightline.AgentOverview }
		var all, crawled, cited pagesAnswer
		var refs referralsAnswer
		get("overview?"+window, &ov)
		get("pages?"+window, &all)
		get("pages?filter[crawled_not_cited]=true&"+window, &crawled)
		get("pages?filter[cited_not_crawled]=true&"+window, &cited)
		get("referrals?"+window, &refs)
		return []any{ov.Data, all.Data, crawled.Data, cited.Data, refs}
	}
	pageRow := func(page string, visits, verified, citations int, rate float64, agents ...string) string {
		return fmt.Sprintf("%s visits=%d verified=%d citations=%d error_rate=%.0f agents=%v", page, visits, verified, citations, rate, agents)
	}
	pageRows := func(rows []sightline.AgentPageRow) []string {
		out := []string{}
		for _, r := range rows {
			out = append(out, pageRow(r.Page, r.Visits, r.VerifiedVisits, r.CitationCount, r.ErrorRate, r.Agents...))
		}
		return out
	}
	blog := pageRow("https://example.com/blog", 2, 1, 0, 50, "ClaudeBot", "GPTBot")
	pricing := pageRow("https://example.com/pricing", 2, 1, 2, 50, "Bytespider", "GPTBot")
	docs := pageRow("https://example.org/docs", 1, 1, 0, 0, "GPTBot")
	guide := pageRow("https://example.com/guide", 0, 0, 1, 0)
	never := pageRow("https://example.com/never", 0, 0, 1, 0)

	ingest()
	windows := []string{"filter[ran_at_start]=2026-11-20&filter[ran_at_end]=2026-11-21",
		"filter[ran_at_start]=2026-11-20T06:00:00Z&filter[ran_at_end]=2026-11-21T23:00:00Z"}
	first := map[string][]any{}
	for _, w := range windows {
		got := answers(w)
		first[w] = got
		ov := got[0].(sightline.AgentOverview)
		if ov.Visits != 5 || ov.VerifiedVisits != 3 || ov.PagesVisited != 3 ||
			fmt.Sprint(ov.ByOperator) != "[{openai 3 3} {anthropic 1 0} {bytedance 1 0}]" ||
			fmt.Sprint(ov.ByPurpose) != "[{training 5 3}]" ||
			fmt.Sprint(ov.ByStatusClass) != "[{2xx 3} {4xx 1} {5xx 1}]" {
			t.Errorf("%s: overview %+v", w, ov)
		}
		for i, want := range [][]string{{blog, pricing, docs, guide, never}, {blog, docs}, {guide, never}} {
			if d := cmp.Diff(want, pageRows(got[1+i].([]sightline.AgentPageRow))); d != "" {
				t.Errorf("%s: pages %d (-want +got):\n%s", w, i, d)
			}
		}
		refs := got[4].(referralsAnswer)
		if fmt.Sprint(refs.Data) != "[{chatgpt https://example.com/pricing 1} {perplexity https://example.com/guide 1}]" ||
			fmt.Sprint(refs.Meta.BySource) != "[{chatgpt 1} {perplexity 1}]" {
			t.Errorf("%s: referrals %+v", w, refs)
		}
	}
	// Again by both paths: the stored keys are there, no answer moves.
	ingest()
	for _, w := range windows {
		if d := cmp.Diff(first[w], answers(w)); d != "" {
			t.Errorf("%s: after a second ingest (-first +now):\n%s", w, d)
		}
	}
}
