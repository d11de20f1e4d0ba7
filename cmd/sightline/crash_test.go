package main

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// crashWorld is a brand with competitors and prompts, and a large JSONL
// file of its runs.
type crashWorld struct {
	dsn, file      string
	orgID, brandID string
	records        int
}

func newCrashWorld(t *testing.T, records int) *crashWorld {
	t.Helper()
	ctx := context.Background()
	w := &crashWorld{dsn: sqlstoretest.NewDSN(t), records: records}
	db, err := sqlstore.Open(ctx, w.dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Taskloom", Domains: []string{"taskloom.com"},
		Competitors: []sightline.CompetitorCreate{{Name: "Asana", Domain: "asana.com"}, {Name: "Trello", Domain: "trello.com"}}})
	if err != nil {
		t.Fatal(err)
	}
	w.orgID, w.brandID = org.ID, b.ID
	topics, err := db.CreateTopics(ctx, org.ID, b.ID, []sightline.TopicRef{{Name: "Planning"}, {Name: "Pricing"}})
	if err != nil {
		t.Fatal(err)
	}
	var pcs []sightline.PromptCreate
	for i := range 12 {
		pcs = append(pcs, sightline.PromptCreate{TopicID: topics[i%2].ID, Text: fmt.Sprintf("best project tool %d", i)})
	}
	ps, err := db.CreatePrompts(ctx, org.ID, b.ID, pcs)
	if err != nil {
		t.Fatal(err)
	}
	w.file = filepath.Join(t.TempDir(), "runs.jsonl")
	f, err := os.Create(w.file)
	if err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(f)
	start := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	for i := range records {
		r := sightline.RunRecord{
			ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), BrandID: b.ID, PromptID: ps[i%len(ps)].ID,
			Provider: []string{"chatgpt", "perplexity", "gemini"}[i%3], Region: []string{"us", "gb"}[i%2],
			RanAt:  start.Add(time.Duration(i) * 7 * time.Minute),
			Answer: fmt.Sprintf("1. **Taskloom** – simple.\n2. **Asana** – powerful.\n3. **Rival%d** – new.\n4. **Trello** – boards.", i%50),
			Citations: []sightline.RunCitation{
				{URL: fmt.Sprintf("https://taskloom.com/blog/%d", i%40)}, {URL: "https://www.reddit.com/r/pm/comments/x/y/"},
				{URL: fmt.Sprintf("https://www.youtube.com/watch/v%d", i%30)}, {URL: fmt.Sprintf("https://review%d.example/top", i%20)},
			},
		}
		if i%4 == 0 {
			r.Ads = []sightline.RunAd{{Advertiser: fmt.Sprintf("Adco %d", i%7), Domain: fmt.Sprintf("adco%d.com", i%7), Text: "ad"}}
		}
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return w
}

// checkRollups asserts that the daily (and weekly) rollups hold what the fact tables
// add up to, row for row, in both directions: runs per day and dimension,
// mentions and their sentiment per found brand, citations per page and per
// domain.
func (w *crashWorld) checkRollups(t *testing.T, raw *sql.DB) {
	t.Helper()
	day, week := "(substr(%s, 1, 10) || 'T00:00:00.000000Z')", "(date(%s, '-6 days', 'weekday 1') || 'T00:00:00.000000Z')"
	if strings.HasPrefix(w.dsn, "postgres") {
		day, week = "(date_trunc('day', %s AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')", "(date_trunc('week', %s AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')"
	}
	d := func(col string) string { return fmt.Sprintf(day, col) }
	wk := func(col string) string { return fmt.Sprintf(week, col) }
	sum := func(col string) string { return "ROUND(CAST(" + col + " AS NUMERIC), 6)" }
	for _, c := range []struct{ name, facts, rollup string }{
		{"daily_runs",
			`SELECT brand_id, ` + d("ran_at") + `, topic_id, provider_id, region_id, COUNT(*) FROM runs GROUP BY brand_id, ` + d("ran_at") + `, topic_id, provider_id, region_id`,
			`SELECT brand_id, ran_at, topic_id, provider_id, region_id, runs FROM daily_runs`},
		{"weekly_runs",
			`SELECT brand_id, ` + wk("ran_at") + `, topic_id, provider_id, region_id, COUNT(*) FROM runs GROUP BY brand_id, ` + wk("ran_at") + `, topic_id, provider_id, region_id`,
			`SELECT brand_id, ran_at, topic_id, provider_id, region_id, runs FROM weekly_runs`},
		{"daily_mentions",
			`SELECT brand_id, ` + d("ran_at") + `, topic_id, provider_id, region_id, found_brand_id, COUNT(*), ` + sum("SUM(sentiment)") + ` FROM mentions GROUP BY brand_id, ` + d("ran_at") + `, topic_id, provider_id, region_id, found_brand_id`,
			`SELECT brand_id, ran_at, topic_id, provider_id, region_id, found_brand_id, mentions, ` + sum("sentiment_sum") + ` FROM daily_mentions`},
		{"daily_topic_mentions",
			`SELECT brand_id, ` + d("ran_at") + `, topic_id, found_brand_id, COUNT(*), ` + sum("SUM(sentiment)") + ` FROM mentions GROUP BY brand_id, ` + d("ran_at") + `, topic_id, found_brand_id`,
			`SELECT brand_id, ran_at, topic_id, found_brand_id, mentions, ` + sum("sentiment_sum") + ` FROM daily_topic_mentions`},
		{"weekly_topic_mentions",
			`SELECT brand_id, ` + wk("ran_at") + `, topic_id, found_brand_id, COUNT(*), ` + sum("SUM(sentiment)") + ` FROM mentions GROUP BY brand_id, ` + wk("ran_at") + `, topic_id, found_brand_id`,
			`SELECT brand_id, ran_at, topic_id, found_brand_id, mentions, ` + sum("sentiment_sum") + ` FROM weekly_topic_mentions`},
		{"daily_pages",
			`SELECT brand_id, ` + d("ran_at") + `, page, COUNT(*) FROM citations GROUP BY brand_id, ` + d("ran_at") + `, page`,
			`SELECT brand_id, ran_at, page, citations FROM daily_pages`},
		{"daily_domains",
			`SELECT brand_id, ` + d("ran_at") + `, domain, COUNT(*) FROM citations GROUP BY brand_id, ` + d("ran_at") + `, domain`,
			`SELECT brand_id, ran_at, domain, citations FROM daily_domains`},
	} {
		var rows, missing, extra int
		q := func(sql string) int {
			t.Helper()
			var n int
			if err := raw.QueryRow(sql).Scan(&n); err != nil {
				t.Fatalf("%s: %v\n%s", c.name, err, sql)
			}
			return n
		}
		rows = q(`SELECT COUNT(*) FROM (` + c.rollup + `) x`)
		missing = q(`SELECT COUNT(*) FROM (` + c.facts + ` EXCEPT ` + c.rollup + `) x`)
		extra = q(`SELECT COUNT(*) FROM (` + c.rollup + ` EXCEPT ` + c.facts + `) x`)
		if rows == 0 || missing != 0 || extra != 0 {
			t.Errorf("%s: %d rows; %d fact sums missing from it, %d rows the facts do not add up to", c.name, rows, missing, extra)
		}
	}
}

// countRuns counts the stored runs.
func countRuns(t *testing.T, raw *sql.DB) int {
	t.Helper()
	var n int
	if err := raw.QueryRow("SELECT COUNT(*) FROM runs").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestCrash_IngestKill kills (SIGKILL) `sightline ingest` in the middle of
// a large file, after some batches are committed, then runs the same
// ingest again: every run is stored once, none is lost, and every rollup
// row equals what the facts add up to.
func TestCrash_IngestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	bin, err := buildOnce()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	w := newCrashWorld(t, 12000)
	raw := openRaw(t, w.dsn)
	env := func(cmd *exec.Cmd) {
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "SIGHTLINE_") {
				cmd.Env = append(cmd.Env, kv)
			}
		}
	}
	cmd := exec.Command(bin, "ingest", "--db", w.dsn, w.file)
	env(cmd)
	var logs lockedBuffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// kill once the first batch is committed
	deadline := time.Now().Add(2 * time.Minute)
	var atKill int
	for {
		if n := countRuns(t, raw); n > 0 {
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			<-exited
			atKill = countRuns(t, raw)
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("ingest ended before any batch was seen committed: %v\n%s", err, logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no batch committed in 2 minutes\n%s", logs.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if atKill == 0 || atKill >= w.records {
		t.Fatalf("%d of %d runs stored when killed; the kill must fall in the middle (make the file larger)", atKill, w.records)
	}
	t.Logf("killed with %d of %d runs stored", atKill, w.records)

	out, errOut, err := runWith(t, "", "ingest", "--db", w.dsn, w.file)
	if err != nil {
		t.Fatalf("ingest again: %v\n%s%s", err, out, errOut)
	}
	want := fmt.Sprintf("%d records read: %d stored, %d duplicates unchanged, 0 skipped", w.records, w.records-atKill, atKill)
	if !strings.Contains(out, want) {
		t.Errorf("second ingest says\n%s\nwant %q", out, want)
	}
	if n := countRuns(t, raw); n != w.records {
		t.Errorf("%d runs stored, want %d", n, w.records)
	}
	var distinct int
	if err := raw.QueryRow("SELECT COUNT(DISTINCT id) FROM runs").Scan(&distinct); err != nil || distinct != w.records {
		t.Errorf("%d distinct run ids (%v), want %d", distinct, err, w.records)
	}
	var answers, mentions int
	if err := raw.QueryRow("SELECT COUNT(*) FROM run_answers").Scan(&answers); err != nil || answers != w.records {
		t.Errorf("%d answers (%v), want one per run", answers, err)
	}
	if err := raw.QueryRow("SELECT COUNT(*) FROM mentions").Scan(&mentions); err != nil || mentions != 4*w.records {
		t.Errorf("%d mentions (%v), want four per run (%d)", mentions, err, 4*w.records)
	}
	w.checkRollups(t, raw)
}

// TestCrash_ServeKillDuringCollection kills (SIGKILL) a serve process while
// its worker holds the collection jobs of a cycle, starts another on the
// same database, and checks that each job is completed once, by the second
// process, and that every sample is stored once.
func TestCrash_ServeKillDuringCollection(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin, err := buildOnce()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	master := make([]byte, 32)
	for i := range master {
		master[i] = byte(i * 7)
	}
	t.Setenv("SIGHTLINE_SECRET_KEY", base64.StdEncoding.EncodeToString(master))
	t.Setenv("SIGHTLINE_PROVIDER_RATE", "6000")
	dsn := sqlstoretest.NewDSN(t)
	orgID := createOrg(t, dsn, "Taskloom Ltd")
	out := mustCLI(t, "brands", "create", "--db", dsn, "--org", orgID, "--name", "Taskloom", "--domains", "taskloom.com",
		"--competitor", "Stackwise=stackwise.com")
	brandID := brandCreatedRE.FindStringSubmatch(out)[1]
	_, apiKey := createKey(t, dsn, orgID, "crash test")
	keys := map[string]string{}
	for _, code := range directProviders {
		keys[code] = "sk-" + code + "-" + strings.Repeat("x", 20) + "-end" + code[:2]
		if err := run(context.Background(), []string{"providers", "set-key", "--db", dsn, "--org", orgID, code},
			strings.NewReader(keys[code]+"\n"), io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	prompts := []string{"What are the best project management tools for agencies?", "Which project tool suits a UK design studio?"}
	cloud := newProviderCloud(t, keys, prompts)

	// A: the scheduler enqueues the cycle's jobs, the worker claims them
	// and sits on them (fault injection) until it is killed.
	lease := []string{"--job-lease", "6s", "--worker-poll", "50ms", "--collect-interval", "100ms"}
	a := startServe(t, bin, dsn, append(lease, "--worker-job-delay", "1h")...)
	b := "/api/v2/brands/" + brandID
	var topics struct{ Data []sightline.TopicRef }
	apiJSON(t, a.addr, apiKey, "POST", b+"/topics", map[string]any{"topics": []map[string]string{{"name": "Tools"}}}, &topics)
	apiJSON(t, a.addr, apiKey, "POST", b+"/prompts", map[string]any{"prompts": []map[string]any{
		{"text": prompts[0], "topic_id": topics.Data[0].ID},
		{"text": prompts[1], "topic_id": topics.Data[0].ID, "regions": []string{"gb"}},
	}}, nil)
	apiJSON(t, a.addr, apiKey, "PATCH", b+"/collection", map[string]any{
		"providers": directProviders, "regions": []string{"us", "gb"}, "samples": 2, "enabled": true}, nil)

	raw := openRaw(t, dsn)
	count := func(q string) int {
		t.Helper()
		var n int
		if err := raw.QueryRow(q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	deadline := time.Now().Add(60 * time.Second)
	for count(`SELECT COUNT(*) FROM jobs WHERE kind LIKE 'collect%' AND status = 'running'`) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no collection job running after 60s\n%s", a.logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := a.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-a.done
	if n := count(`SELECT COUNT(*) FROM runs`); n != 0 {
		t.Fatalf("%d runs stored by the killed process, which never ran its jobs", n)
	}
	jobsAtKill := count(`SELECT COUNT(*) FROM jobs WHERE kind LIKE 'collect%'`)

	// B: after A's lease the jobs are claimed again and completed.
	bp := startServe(t, bin, dsn, lease...)
	deadline = time.Now().Add(120 * time.Second)
	for count(`SELECT COUNT(*) FROM collection_attempts WHERE status = 'ok'`) < 24 {
		if time.Now().After(deadline) {
			calls, bad := cloud.count()
			t.Fatalf("after 120s: %d ok attempts, calls %v, bad %v\n%s", count(`SELECT COUNT(*) FROM collection_attempts WHERE status = 'ok'`), calls, bad, bp.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // more scheduler ticks: nothing more is asked
	if n := count(`SELECT COUNT(*) FROM runs WHERE brand_id = '` + brandID + `'`); n != 24 {
		t.Errorf("%d runs stored, want 24 (each sample once)", n)
	}
	if n := count(`SELECT COUNT(*) FROM collection_attempts`); n != 24 {
		t.Errorf("%d attempts recorded, want 24", n)
	}
	calls, bad := cloud.count()
	for _, code := range directProviders {
		if calls[code] != 6 {
			t.Errorf("%s was called %d times, want each of its 6 samples once", code, calls[code])
		}
	}
	for _, s := range bad {
		t.Error(s)
	}
	if n := count(`SELECT COUNT(*) FROM jobs WHERE kind LIKE 'collect%' AND status <> 'completed'`); n != 0 {
		t.Errorf("%d collection jobs not completed", n)
	}
	jobs := count(`SELECT COUNT(*) FROM jobs WHERE kind LIKE 'collect%'`)
	completions := strings.Count(bp.logs.String(), `msg="job completed" worker_id`) // every kind
	collectCompletions := jobCompletions(bp.logs.String(), "collect")
	if collectCompletions != jobs || strings.Contains(a.logs.String(), `msg="job completed"`) {
		t.Errorf("%d collection jobs, %d completions by B (%d jobs of any kind), A completed: %v\nA:\n%s\nB:\n%s",
			jobs, collectCompletions, completions, strings.Contains(a.logs.String(), `msg="job completed"`), a.logs.String(), bp.logs.String())
	}
	if jobsAtKill == 0 || !strings.Contains(bp.logs.String(), "attempt=2") {
		t.Errorf("the killed process's jobs (%d) were not taken over (attempt=2)\n%s", jobsAtKill, bp.logs.String())
	}
}
