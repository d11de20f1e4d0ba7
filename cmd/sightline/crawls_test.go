package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/agentlog/agentlogtest"
	"github.com/sightline/sightline/internal/sqlstore"
)

// crawlsWorld migrates a database with an organization, a brand of
// example.com (primary) and example.org, another organization, and a
// ranges directory that lists GPTBot's 192.0.2.0/28 and 2001:db8:1::/48.
func crawlsWorld(t *testing.T) (dsn, orgID, brandID, otherOrg, ranges string) {
	t.Helper()
	dsn, orgID, brandID = brandWorld(t, sightline.BrandCreate{Name: "Taskloom", Domains: []string{"example.com", "example.org"}},
		func(ctx context.Context, db *sqlstore.DB, _, _ string) {
			other, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Globex"})
			if err != nil {
				t.Fatal(err)
			}
			otherOrg = other.ID
		})
	ranges = t.TempDir()
	if err := os.WriteFile(filepath.Join(ranges, "gptbot.json"),
		[]byte(`{"creationTime":"2026-11-01T00:00:00","prefixes":[{"ipv4Prefix":"192.0.2.0/28"},{"ipv6Prefix":"2001:db8:1::/48"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	return dsn, orgID, brandID, otherOrg, ranges
}

const (
	gptbotUA     = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot"
	bytespiderUA = "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)"
	browserUA    = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
)

// rawAddrs are the client addresses of crawlsLog: none may be stored.
var rawAddrs = []string{"192.0.2.5", "203.0.113.9", "198.51.100.7", "198.51.100.20", "2001:db8:1::5", "2001:db8:1:0:0:0:0:5", "198.51.100.30", "192.0.2.77"}

// crawlsLog is a log of every format, whose hand count is: agent visits
// 6: verified 4 (GPTBot twice from a listed address, over IPv6 on
// docs.example.org, and an old one), spoofed 1 (GPTBot from an unlisted
// address), unverified 1 (Bytespider); referrals 2; other hosts 1;
// ignored 1; bad 1.
func crawlsLog() string {
	return strings.Join([]string{
		`192.0.2.5 - - [20/Nov/2026:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "` + gptbotUA + `"`,
		`192.0.2.5 - - [20/Nov/2026:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "` + gptbotUA + `"`, // a second fetch, the same second
		`203.0.113.9 - - [20/Nov/2026:10:00:01 +0000] "GET /docs HTTP/1.1" 404 0 "-" "` + gptbotUA + `"`,
		`198.51.100.7 - - [20/Nov/2026:10:00:02 +0000] "GET /blog/a?utm_source=x&id=3 HTTP/1.1" 200 9 "-" "` + bytespiderUA + `"`,
		`198.51.100.20 - - [20/Nov/2026:10:00:03 +0000] "GET /pricing?utm_source=chatgpt.com HTTP/1.1" 200 9 "https://chatgpt.com/" "` + browserUA + `"`,
		`198.51.100.21 - - [20/Nov/2026:10:00:04 +0000] "GET / HTTP/1.1" 200 9 "https://www.google.com/" "` + browserUA + `"`,
		`this line is not a log line`,
		`{"ClientIP":"2001:db8:1::5","ClientRequestHost":"docs.example.org","ClientRequestMethod":"GET","ClientRequestURI":"/api","ClientRequestReferer":"","ClientRequestUserAgent":"` + gptbotUA + `","EdgeResponseStatus":200,"EdgeStartTimestamp":1795600000000000000}`,
		`{"ClientIP":"192.0.2.77","ClientRequestHost":"other.com","ClientRequestMethod":"GET","ClientRequestURI":"/","ClientRequestUserAgent":"` + gptbotUA + `","EdgeResponseStatus":200,"EdgeStartTimestamp":1795600000000000000}`,
		`{"timestamp":"2026-11-21T09:00:00Z","method":"GET","host":"www.example.com","path":"/guide?utm_source=perplexity","status_code":200,"ip":"198.51.100.30","user_agent":"` + browserUA + `","referer":""}`,
		`192.0.2.5 - - [01/Jun/2026:10:00:00 +0000] "GET /old HTTP/1.1" 200 512 "-" "` + gptbotUA + `"`,
	}, "\n") + "\n"
}

// agentRows reads the stored visits and referrals as sorted lines.
func agentRows(t *testing.T, dsn string) (visits, referrals []string) {
	t.Helper()
	raw := openRaw(t, dsn)
	defer raw.Close()
	rows, err := raw.Query(`SELECT host, page, method, status, agent, operator, purpose, verification, network FROM agent_visits`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var host, page, method, agent, op, purpose, ver, network string
		var status int
		if err := rows.Scan(&host, &page, &method, &status, &agent, &op, &purpose, &ver, &network); err != nil {
			t.Fatal(err)
		}
		visits = append(visits, fmt.Sprintf("%s%s %s %d %s/%s/%s %s %s", host, page, method, status, agent, op, purpose, ver, network))
	}
	rows.Close()
	rows, err = raw.Query(`SELECT host, page, source FROM ai_referrals`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var host, page, source string
		if err := rows.Scan(&host, &page, &source); err != nil {
			t.Fatal(err)
		}
		referrals = append(referrals, host+page+" "+source)
	}
	rows.Close()
	slices.Sort(visits)
	slices.Sort(referrals)
	return visits, referrals
}

// noRawAddress reads every column of both tables as text and fails on a
// client address of the log.
func noRawAddress(t *testing.T, dsn string) {
	t.Helper()
	raw := openRaw(t, dsn)
	defer raw.Close()
	for _, table := range []string{"agent_visits", "ai_referrals"} {
		rows, err := raw.Query(`SELECT * FROM ` + table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		n := 0
		for rows.Next() {
			n++
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range vals {
				s := fmt.Sprint(v)
				if b, ok := v.([]byte); ok {
					s = string(b)
				}
				for _, a := range rawAddrs {
					if strings.Contains(s, a) {
						t.Errorf("%s.%s holds the client address %s: %q", table, cols[i], a, s)
					}
				}
			}
		}
		rows.Close()
		if n == 0 {
			t.Errorf("%s is empty: nothing was checked", table)
		}
	}
}

// TestCrawls_VerifyDNS: with --verify-dns a Googlebot whose address's
// reverse name is Google's, and leads back, is verified without any
// ranges; one whose address has no reverse name is spoofed; agents whose
// operator documents no such check stay unverified.
func TestCrawls_VerifyDNS(t *testing.T) {
	t.Parallel()
	dsn, _, brandID, _, _ := crawlsWorld(t)
	ip := netip.MustParseAddr
	dns := agentlogtest.StartDNS(t,
		map[netip.Addr]string{ip("192.0.2.66"): "crawl-192-0-2-66.googlebot.com."},
		map[string][]netip.Addr{"crawl-192-0-2-66.googlebot.com": {ip("192.0.2.66")}})
	googlebotUA := "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	log := strings.Join([]string{
		`192.0.2.66 - - [20/Nov/2026:10:00:00 +0000] "GET /a HTTP/1.1" 200 512 "-" "` + googlebotUA + `"`,
		`192.0.2.66 - - [20/Nov/2026:10:00:01 +0000] "GET /b HTTP/1.1" 200 512 "-" "` + googlebotUA + `"`,
		`203.0.113.66 - - [20/Nov/2026:10:00:02 +0000] "GET /c HTTP/1.1" 200 512 "-" "` + googlebotUA + `"`,
		`198.51.100.66 - - [20/Nov/2026:10:00:03 +0000] "GET /d HTTP/1.1" 200 512 "-" "` + bytespiderUA + `"`,
	}, "\n") + "\n"
	out, errOut, err := runWith(t, log, "crawls", "ingest", "--db", dsn, "--brand", brandID, "--verify-dns", "--dns-server", dns.Addr(), "-")
	if err != nil {
		t.Fatalf("ingest: %v\n%s", err, errOut)
	}
	if want := "4 agent visits (2 verified, 1 spoofed, 1 unverified)"; !strings.Contains(out, want) {
		t.Errorf("summary %q, want %q", out, want)
	}
	if n := dns.Queries(); n < 2 || n > 6 {
		t.Errorf("%d DNS queries, want one reverse and one forward lookup per Google address (2 to 6 with AAAA)", n)
	}
	// without --verify-dns nothing is looked up
	before := dns.Queries()
	out, _, _ = runWith(t, strings.ReplaceAll(log, "HTTP/1.1", "HTTP/1.0"), "crawls", "ingest", "--db", dsn, "--brand", brandID, "--dns-server", dns.Addr(), "-")
	if !strings.Contains(out, "(0 verified, 0 spoofed, 4 unverified)") || dns.Queries() != before {
		t.Errorf("without --verify-dns: %q, %d queries", out, dns.Queries()-before)
	}
	if _, _, err := runWith(t, log, "crawls", "ingest", "--db", dsn, "--brand", brandID, "--verify-dns", "--dns-server", "localhost", "-"); err == nil || !strings.Contains(err.Error(), "dns-server") || !strings.Contains(err.Error(), "missing port") {
		t.Errorf("--dns-server without a port: %v", err)
	}
}

func TestCrawls_IngestCLI(t *testing.T) {
	t.Parallel()
	dsn, _, brandID, _, ranges := crawlsWorld(t)
	file := filepath.Join(t.TempDir(), "access.log")
	if err := os.WriteFile(file, []byte(crawlsLog()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, err := cli(t, "crawls", "ingest", "--db", dsn, "--brand", brandID, "--bot-ranges", ranges, file)
	if err == nil || !strings.Contains(err.Error(), "1 bad line(s) skipped") || !strings.Contains(errOut, "line 7: ") {
		t.Fatalf("ingest: %v\n%s", err, errOut)
	}
	want := "11 lines read: 6 agent visits (4 verified, 1 spoofed, 1 unverified), 2 AI referrals; 8 stored, 0 duplicates unchanged; 1 of other hosts, 1 ignored, 1 bad"
	if !strings.Contains(out, want) {
		t.Errorf("summary %q, want %q", out, want)
	}
	wantVisits := []string{
		"docs.example.org/api GET 200 GPTBot/openai/training verified 2001:db8:1::/48",
		"example.com/blog/a?id=3 GET 200 Bytespider/bytedance/training unverified 198.51.100.0/24",
		"example.com/docs GET 404 GPTBot/openai/training spoofed 203.0.113.0/24",
		"example.com/old GET 200 GPTBot/openai/training verified 192.0.2.0/24",
		"example.com/pricing GET 200 GPTBot/openai/training verified 192.0.2.0/24",
		"example.com/pricing GET 200 GPTBot/openai/training verified 192.0.2.0/24",
	}
	wantRefs := []string{"example.com/pricing chatgpt", "www.example.com/guide perplexity"}
	visits, refs := agentRows(t, dsn)
	if !slices.Equal(visits, wantVisits) || !slices.Equal(refs, wantRefs) {
		t.Errorf("visits\n%s\nwant\n%s\nreferrals %v, want %v", strings.Join(visits, "\n"), strings.Join(wantVisits, "\n"), refs, wantRefs)
	}
	noRawAddress(t, dsn)

	// Again, from standard input: nothing changes.
	out, _, _ = runWith(t, crawlsLog(), "crawls", "ingest", "--db", dsn, "--brand", brandID, "--bot-ranges", ranges, "-")
	if !strings.Contains(out, "0 stored, 8 duplicates unchanged") {
		t.Errorf("re-ingest: %q", out)
	}
	if v, r := agentRows(t, dsn); !slices.Equal(v, visits) || !slices.Equal(r, refs) {
		t.Errorf("re-ingest changed the rows: %v %v", v, r)
	}

	// Without --bot-ranges the built-in snapshot, which is empty, verifies
	// nothing.
	out, _, _ = runWith(t, strings.Replace(crawlsLog(), "/pricing HTTP", "/new HTTP", 1), "crawls", "ingest", "--db", dsn, "--brand", brandID, "-")
	if !strings.Contains(out, "6 agent visits (0 verified, 0 spoofed, 6 unverified)") {
		t.Errorf("with the built-in snapshot: %q", out)
	}

	// prune deletes the visits before its day with the other facts.
	before := time.Now().UTC().AddDate(0, 0, -sightline.MinRetentionDays-1).Format(time.DateOnly)
	out = mustCLI(t, "prune", "--db", dsn, "--before", before)
	if !strings.Contains(out, "1 agent visits, 0 AI referrals") {
		t.Errorf("prune: %q", out)
	}
	visits, _ = agentRows(t, dsn)
	for _, v := range visits {
		if strings.Contains(v, "/old ") {
			t.Errorf("pruned visit kept: %s", v)
		}
	}
	if len(visits) != 6 { // 6 of the first ingest and /new, less /old
		t.Errorf("%d visits after prune, want 6", len(visits))
	}

	for _, args := range [][]string{
		{"crawls", "ingest", "--db", dsn, "--brand", brandID, "--format", "csv", file},
		{"crawls", "ingest", "--db", dsn, file},
		{"crawls", "ingest", "--db", dsn, "--brand", brandID, "--bot-ranges", file, file},
		{"crawls", "ingest", "--db", dsn, "--brand", "00000000-0000-4000-8000-000000000000", file},
	} {
		if _, _, err := cli(t, args...); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

func TestCrawls_UpdateRanges(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/gptbot.json" {
			io.WriteString(w, `{"prefixes":[{"ipv4Prefix":"192.0.2.0/28"}]}`)
			return
		}
		io.WriteString(w, `{"prefixes":[]}`)
	}))
	defer srv.Close()
	dir := filepath.Join(t.TempDir(), "ranges")
	out := mustCLI(t, "crawls", "update-ranges", "--out", dir, "--from", srv.URL)
	if !strings.HasPrefix(out, "8 of 8 range files written") {
		t.Errorf("update-ranges: %q", out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "gptbot.json"))
	if err != nil || !strings.Contains(string(b), "192.0.2.0/28") {
		t.Errorf("gptbot.json: %q %v", b, err)
	}
	if _, _, err := cli(t, "crawls", "update-ranges", "--from", srv.URL); err == nil {
		t.Error("no --out: no error")
	}
}

// TestCrawls_PostAgentLogs sends records to a running server as NDJSON
// and as a JSON array, with the ranges of --bot-ranges.
func TestCrawls_PostAgentLogs(t *testing.T) {
	t.Parallel()
	dsn, orgID, brandID, otherOrg, ranges := crawlsWorld(t)
	_, key := createKey(t, dsn, orgID, "drain")
	_, otherKey := createKey(t, dsn, otherOrg, "globex")
	cfg := DefaultConfig()
	cfg.DB, cfg.Addr, cfg.BotRanges = dsn, "127.0.0.1:0", ranges
	m := NewMain(cfg, io.Discard, io.Discard)
	m.ShutdownTimeout = 10 * time.Second
	if err := m.Open(context.Background()); err != nil {
		m.Close()
		t.Fatal(err)
	}
	go m.Server.Serve()
	defer m.Close()

	post := func(key, ctype, body string) (int, sightline.AgentLogResult, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, "http://"+m.Addr()+"/api/v2/brands/"+brandID+"/agent_logs", strings.NewReader(body))
		req.Header.Set("X-API-KEY", key)
		req.Header.Set("Content-Type", ctype)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		var env struct {
			Data sightline.AgentLogResult `json:"data"`
		}
		json.Unmarshal(b, &env)
		return res.StatusCode, env.Data, string(b)
	}
	rec := func(ts, host, path, ip, ua, ref string) string {
		b, _ := json.Marshal(sightline.AgentLogRecord{Timestamp: ts, Host: host, Path: path, StatusCode: 200, IP: ip, UserAgent: ua, Referer: ref})
		return string(b)
	}
	ndjson := strings.Join([]string{
		rec("2026-11-20T10:00:00Z", "example.com", "/a", "192.0.2.5", gptbotUA, ""),
		rec("2026-11-20T10:00:01Z", "example.com", "/a", "203.0.113.9", gptbotUA, ""),
		rec("2026-11-20T10:00:02Z", "www.example.org", "/b", "198.51.100.7", bytespiderUA, ""),
		rec("2026-11-20T10:00:03Z", "example.com", "/c", "198.51.100.20", browserUA, "https://perplexity.ai/search"),
		rec("2026-11-20T10:00:04Z", "other.com", "/c", "198.51.100.20", gptbotUA, ""),
		`{"timestamp":"2026-11-20T10:00:05Z","host":"example.com","path":"/d","status_code":200,"ip":"not an address"}`,
	}, "\n")
	status, res, body := post(key, "application/x-ndjson", ndjson)
	if status != 200 || res.Records != 6 || res.AgentVisits != 3 || res.Referrals != 1 || res.Inserted != 4 || res.OtherHosts != 1 || res.Skipped != 1 ||
		res.Verifications["verified"] != 1 || res.Verifications["spoofed"] != 1 || res.Verifications["unverified"] != 1 ||
		len(res.Errors) != 1 || res.Errors[0].Line != 6 || !strings.Contains(res.Errors[0].Message, "ip") {
		t.Fatalf("NDJSON: %d %s", status, body)
	}
	// The same records as a JSON array: stored already.
	status, res, body = post(key, "application/json", "["+strings.ReplaceAll(ndjson, "\n", ",")+"]")
	if status != 200 || res.Inserted != 0 || res.Duplicates != 4 {
		t.Errorf("array again: %d %s", status, body)
	}
	// Another organization's key does not reach the brand.
	if status, _, body := post(otherKey, "application/x-ndjson", ndjson); status != 404 {
		t.Errorf("other organization: %d %s", status, body)
	}
	visits, refs := agentRows(t, dsn)
	if len(visits) != 3 || len(refs) != 1 || refs[0] != "example.com/c perplexity" {
		t.Errorf("stored %v %v", visits, refs)
	}
	noRawAddress(t, dsn)

	// The three reads count them by hand: GPTBot verified on /a, Bytespider
	// unverified on www.example.org/b (the spoofed GPTBot left out), one
	// perplexity referral to /c.
	get := func(path string, v any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, "http://"+m.Addr()+"/api/v2/brands/"+brandID+"/agents/"+path, nil)
		req.Header.Set("X-API-KEY", key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || json.Unmarshal(b, v) != nil {
			t.Fatalf("GET %s: %d %s", path, res.StatusCode, b)
		}
	}
	const day = "filter[ran_at_start]=2026-11-20&filter[ran_at_end]=2026-11-20"
	var ov struct{ Data sightline.AgentOverview }
	get("overview?"+day, &ov)
	if o := ov.Data; o.Visits != 2 || o.VerifiedVisits != 1 || o.PagesVisited != 2 || len(o.ByOperator) != 2 ||
		o.ByOperator[0] != (sightline.AgentOperatorVisits{Operator: "bytedance", Visits: 1}) ||
		o.ByOperator[1] != (sightline.AgentOperatorVisits{Operator: "openai", Visits: 1, VerifiedVisits: 1}) {
		t.Errorf("overview %+v", o)
	}
	get("overview?filter[verification]=spoofed&"+day, &ov)
	if o := ov.Data; o.Visits != 1 || o.VerifiedVisits != 0 || len(o.ByStatusClass) != 1 || o.ByStatusClass[0].Class != "2xx" {
		t.Errorf("spoofed overview %+v", o)
	}
	var pages struct{ Data []sightline.AgentPageRow }
	get("pages?"+day, &pages)
	if len(pages.Data) != 2 || pages.Data[0].Page != "https://example.com/a" || pages.Data[0].Agents[0] != "GPTBot" ||
		pages.Data[1].Page != "https://example.org/b" || pages.Data[1].Agents[0] != "Bytespider" || pages.Data[1].CitationCount != 0 {
		t.Errorf("pages %+v", pages.Data)
	}
	var referrals struct {
		Data []sightline.AIReferralRow
		Meta struct {
			BySource []sightline.AIReferralSourceVisits `json:"by_source"`
		}
	}
	get("referrals?"+day, &referrals)
	if len(referrals.Data) != 1 || referrals.Data[0] != (sightline.AIReferralRow{Source: "perplexity", Page: "https://example.com/c", Visits: 1}) ||
		len(referrals.Meta.BySource) != 1 {
		t.Errorf("referrals %+v", referrals)
	}
}
