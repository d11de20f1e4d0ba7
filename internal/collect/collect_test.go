package collect_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/collect"
	"github.com/sightline/sightline/internal/provider"
	"github.com/sightline/sightline/internal/secret"
	"github.com/sightline/sightline/internal/signal"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/worker"
)

// fakeAsker stands in for a provider (a boundary we do not own): it answers
// every prompt naming the brand and citing one page, and remembers what it
// was asked.
type fakeAsker struct {
	mu    sync.Mutex
	asked []provider.Request
	fail  error
	long  bool // answer past every cap of a run
}

func (f *fakeAsker) Call(ctx context.Context, req provider.Request) (*provider.Answer, []provider.Try, error) {
	f.mu.Lock()
	f.asked = append(f.asked, req)
	f.mu.Unlock()
	if pe, ok := f.fail.(*provider.Error); ok {
		return nil, []provider.Try{{Err: pe}, {Err: pe}, {Err: pe}}, f.fail
	}
	if f.long {
		// "é" is two bytes: the answer's cap falls inside one
		cites := make([]sightline.RunCitation, 0, 150)
		for i := range cap(cites) {
			cites = append(cites, sightline.RunCitation{URL: fmt.Sprintf("https://example.org/p%d", i), Title: strings.Repeat("t", 600), Author: strings.Repeat("a", 300)})
		}
		return &provider.Answer{Text: "Acme " + strings.Repeat("é", sightline.MaxAnswerBytes), Model: strings.Repeat("m", 300), Citations: cites}, []provider.Try{{}}, nil
	}
	return &provider.Answer{
		Text:      "For " + req.Prompt + " many teams pick Acme, and some pick Globex.",
		Model:     "fake-1",
		Citations: []sightline.RunCitation{{URL: "https://www.example.org/review?utm_source=x", Title: "Review", Type: sightline.CitationInline}, {URL: "javascript:alert(1)"}},
		Usage:     provider.Usage{InputTokens: 100, OutputTokens: 200, Searches: 1},
	}, []provider.Try{{}}, nil
}

func (f *fakeAsker) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.asked)
}

// flatPrices costs every call 1000 µ$ per 100 input tokens.
type flatPrices struct{}

func (flatPrices) Cost(_, _ string, u provider.Usage) int64 { return u.InputTokens * 10 }
func (flatPrices) Estimate(_, _ string) int64               { return 1000 }

type world struct {
	db      *sqlstore.DB
	box     *secret.Box
	orgID   string
	brandID string
	prompts []string
	c       *collect.Collector
	askers  map[string]*fakeAsker
}

func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	db := sqlstoretest.MustOpenDB(t)
	key := make([]byte, secret.KeySize)
	rand.Read(key)
	box, err := secret.New(key)
	if err != nil {
		t.Fatal(err)
	}
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme Inc."})
	if err != nil {
		t.Fatal(err)
	}
	brand, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Acme", Domains: []string{"acme.com"},
		Competitors: []sightline.CompetitorCreate{{Name: "Globex", Domain: "globex.com"}}})
	if err != nil {
		t.Fatal(err)
	}
	topics, err := db.CreateTopics(ctx, org.ID, brand.ID, []sightline.TopicRef{{Name: "Tools"}})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{
		{TopicID: topics[0].ID, Text: "best project tools"},
		{TopicID: topics[0].ID, Text: "project tools for UK teams", Regions: []string{"GB"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{db: db, box: box, orgID: org.ID, brandID: brand.ID, askers: map[string]*fakeAsker{"chatgpt": {}, "claude": {}}}
	for _, p := range ps {
		w.prompts = append(w.prompts, p.ID)
	}
	w.c = &collect.Collector{Store: db, Box: box, Prices: flatPrices{}, Models: map[string]string{"chatgpt": "fake-1", "claude": "fake-2"},
		Askers: map[string]collect.Asker{"chatgpt": w.askers["chatgpt"], "claude": w.askers["claude"]}}
	return w
}

func (w *world) setKey(t *testing.T, code, key string) {
	t.Helper()
	err := w.db.SetProviderCredential(context.Background(), &sightline.ProviderCredential{
		OrgID: w.orgID, Provider: code, Sealed: w.box.Seal([]byte(key), secret.ProviderKeyData(w.orgID, code)), KeyID: w.box.ID(), Last4: key[len(key)-4:],
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (w *world) settings(t *testing.T, upd sightline.CollectionUpdate) {
	t.Helper()
	if _, err := w.db.UpdateCollectionSettings(context.Background(), w.orgID, w.brandID, upd); err != nil {
		t.Fatal(err)
	}
}

func ptr[T any](v T) *T { return &v }

func TestOnce(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.setKey(t, "chatgpt", "sk-test-chatgpt-0001")
	w.settings(t, sightline.CollectionUpdate{Providers: &[]string{"chatgpt", "claude"}, Regions: &[]string{"us", "gb"}, Samples: ptr(2), Enabled: ptr(true)})

	// A dry run asks nothing and warns of the missing claude key.
	dry, err := w.c.Once(ctx, collect.OnceOptions{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range dry.Plans {
		if len(p.Samples) != 6 || p.EstimateMicros != 6000 || (p.Warning != "") != (p.Provider == "claude") {
			t.Errorf("dry-run plan %s: %d samples, estimate %d, warning %q", p.Provider, len(p.Samples), p.EstimateMicros, p.Warning)
		}
	}
	if w.askers["chatgpt"].count() != 0 {
		t.Fatal("the dry run asked")
	}

	// prompt 1 runs in us and gb, prompt 2 only in gb: 3 × 2 samples.
	res, err := w.c.Once(ctx, collect.OnceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := res.ByProvider
	if got["chatgpt"].Done != 6 || got["chatgpt"].Failed != 0 {
		t.Errorf("chatgpt = %+v, want 6 done", got["chatgpt"])
	}
	if got["claude"].Done != 0 || got["claude"].Failed != 6 || got["claude"].Reasons[sightline.ReasonNoKey] != 6 {
		t.Errorf("claude = %+v, want 6 failed for no key", got["claude"])
	}
	if res.Tally.CostMicros != 6*1000 || res.Tally.InputTokens != 600 {
		t.Errorf("tally = %+v, want 6 calls of 100 tokens at 1000 µ$", res.Tally)
	}
	if n := w.askers["claude"].count(); n != 0 {
		t.Errorf("claude was asked %d times without a key", n)
	}
	for _, req := range w.askers["chatgpt"].asked {
		if req.APIKey != "sk-test-chatgpt-0001" {
			t.Errorf("asked with key %q", req.APIKey)
		}
		if req.Prompt == "project tools for UK teams" && req.Region != "gb" {
			t.Errorf("the gb-only prompt was asked in %q", req.Region)
		}
	}

	rep, err := w.db.FindCollectionReport(ctx, w.brandID, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Attempts) != 12 {
		t.Fatalf("%d attempts recorded, want 12", len(rep.Attempts))
	}
	rates := map[string]float64{}
	for _, p := range rep.Providers {
		rates[p.Provider] = p.SuccessRate
	}
	if rates["chatgpt"] != 100 || rates["claude"] != 0 {
		t.Errorf("success rates = %v", rates)
	}

	// The runs are stored, analyzed like ingested ones: the brand and its
	// competitor are found, the javascript: link is dropped.
	w.checkRuns(t, 6, 6)

	// The same slot again: nothing left to ask on chatgpt.
	res, err = w.c.Once(ctx, collect.OnceOptions{Providers: []string{"chatgpt"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tally.Asked() != 0 || w.askers["chatgpt"].count() != 6 {
		t.Errorf("second run asked %d samples (provider saw %d)", res.Tally.Asked(), w.askers["chatgpt"].count())
	}
	if len(res.Plans) != 1 || res.Plans[0].Skip == "" {
		t.Errorf("second run's plan = %+v, want one skipped plan", res.Plans)
	}

	// A larger --samples for this run only asks just the extra samples.
	res, err = w.c.Once(ctx, collect.OnceOptions{Providers: []string{"chatgpt"}, Samples: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tally.Done != 3 {
		t.Errorf("--samples 3 collected %d, want the 3 third samples", res.Tally.Done)
	}
	w.checkRuns(t, 9, 9)
}

// checkRuns checks the brand's mentions (every answer names it) and the
// citations of the one page every answer cites.
func (w *world) checkRuns(t *testing.T, mentions, citations int) {
	t.Helper()
	ctx := context.Background()
	now := time.Now()
	scope := sightline.Scope{BrandID: w.brandID, Window: sightline.Window{Start: now.Add(-time.Hour), End: now.Add(time.Hour)}}
	sov, _, err := w.db.FindShareOfVoice(ctx, w.orgID, sightline.SOVFilter{Scope: scope, Granularity: "day", PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil {
		t.Fatal(err)
	}
	var own *sightline.SOVRow
	for _, r := range sov {
		if r.Kind == "own" {
			own = r
		}
	}
	if own == nil || own.AggregateMetrics.Mentions != mentions || own.AggregateMetrics.Visibility != 100 {
		t.Errorf("own share-of-voice row = %+v, want %d mentions and visibility 100", own, mentions)
	}
	pages, _, err := w.db.FindCitationPages(ctx, w.orgID, sightline.CitationFilter{Scope: scope, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 || pages[0].Page != "https://example.org/review" || pages[0].TotalCitationCount != citations {
		t.Errorf("pages = %+v, want example.org/review cited %d times", pages, citations)
	}
}

func TestSchedulerAndWorker(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.setKey(t, "chatgpt", "sk-test-chatgpt-0001")
	w.setKey(t, "claude", "sk-ant-test-0002")
	w.settings(t, sightline.CollectionUpdate{Providers: &[]string{"chatgpt", "claude"}, Regions: &[]string{"us"}, Samples: ptr(1), Enabled: ptr(true)})
	w.askers["claude"].fail = &provider.Error{Provider: "claude", Code: provider.ErrServer, Status: 529, Message: "Overloaded", Retryable: true}

	// A minute into today's daily slot, so that the three retries below
	// (an hour apart) stay in the same slot whatever the time of day the
	// test runs at.
	now := sightline.CollectionSlot(time.Now(), sightline.DefaultCadence).Add(time.Minute)
	clock := func() time.Time { return now }
	w.db.Now, w.c.Now = clock, clock
	s := &collect.Scheduler{Store: w.db, Collector: w.c, Now: clock}
	n, err := s.Tick(ctx)
	if err != nil || n != 2 {
		t.Fatalf("Tick queued %d jobs (%v), want 2", n, err)
	}
	if n, _ := s.Tick(ctx); n != 0 {
		t.Fatalf("a second Tick queued %d more while the first are live", n)
	}
	det := &signal.Detector{Store: w.db, Now: clock}
	wk := worker.New(w.db, worker.Config{Handlers: map[string]worker.Handler{
		sightline.JobKindCollectPrefix: w.c.RunJob, sightline.JobKindSignals: det.RunJob}})
	if err := wk.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if w.askers["chatgpt"].count() != 1 || w.askers["claude"].count() != 1 {
		t.Fatalf("asked chatgpt %d, claude %d times; want 1 each", w.askers["chatgpt"].count(), w.askers["claude"].count())
	}
	// The job that stored runs (chatgpt's) queued change detection, which
	// ran; claude's, which stored none, did not.
	detections := func() []*sightline.Job {
		jobs, err := w.db.FindJobsOfKind(ctx, w.brandID, sightline.JobKindSignals)
		if err != nil {
			t.Fatal(err)
		}
		return jobs
	}
	if jobs := detections(); len(jobs) != 1 || jobs[0].Status != sightline.JobCompleted {
		t.Fatalf("detection jobs after collection: %+v", jobs)
	}
	// chatgpt is done for the slot; claude failed and is retried only
	// after RetryAfter, at most JobsPerSlot jobs in all.
	if n, _ := s.Tick(ctx); n != 0 {
		t.Fatalf("Tick right after the jobs queued %d", n)
	}
	for i := range 3 {
		now = now.Add(collect.DefaultRetryAfter)
		n, _ := s.Tick(ctx)
		want := 1
		if i == 2 {
			want = 0 // three jobs ran in this slot already
		}
		if n != want {
			t.Fatalf("retry %d: Tick queued %d jobs, want %d", i, n, want)
		}
		if err := wk.Drain(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if w.askers["claude"].count() != 3 || w.askers["chatgpt"].count() != 1 {
		t.Errorf("asked claude %d (want 3), chatgpt %d (want 1)", w.askers["claude"].count(), w.askers["chatgpt"].count())
	}
	if jobs := detections(); len(jobs) != 1 {
		t.Errorf("failed collection jobs queued detection: %d jobs", len(jobs))
	}
	rep, err := w.db.FindCollectionReport(ctx, w.brandID, 100)
	if err != nil {
		t.Fatal(err)
	}
	var claudeFails int
	for _, a := range rep.Attempts {
		if a.Provider == "claude" {
			if a.Status != sightline.AttemptFailed || *a.ReasonCode != provider.ErrServer || !strings.Contains(*a.Reason, "Overloaded") || a.Tries != 3 {
				t.Errorf("claude attempt = %+v", a)
			}
			claudeFails++
		}
	}
	if claudeFails != 3 {
		t.Errorf("%d claude failures recorded, want 3", claudeFails)
	}
	// The credential remembers its last error.
	cred, err := w.db.FindProviderCredential(ctx, w.orgID, "claude")
	if err != nil || cred.LastError == nil || !strings.Contains(*cred.LastError, "Overloaded") {
		t.Errorf("claude credential's last error = %v (%v)", cred.LastError, err)
	}
}

func TestSpendingCap(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.setKey(t, "chatgpt", "sk-test-chatgpt-0001")
	w.settings(t, sightline.CollectionUpdate{Providers: &[]string{"chatgpt"}, Regions: &[]string{"us", "gb"}, Samples: ptr(2), Enabled: ptr(true)})
	if err := w.db.SetSpendingCap(ctx, w.orgID, ptr(int64(2500))); err != nil {
		t.Fatal(err)
	}
	w.c.Concurrency = 1 // the cap is checked before each call
	res, err := w.c.Once(ctx, collect.OnceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// 1000 µ$ a call: the third call brings spending to the cap.
	if res.Tally.Done != 3 || res.Tally.Reasons[sightline.ReasonCapReached] != 3 {
		t.Errorf("tally = %+v, want 3 done then 3 stopped at the cap", res.Tally)
	}
	sc, err := w.db.FindSpendingCap(ctx, w.orgID, time.Now())
	if err != nil || !sc.Reached() || sc.SpentMicros != 3000 {
		t.Errorf("spending = %+v (%v)", sc, err)
	}
	// The scheduler queues nothing while the cap is reached.
	s := &collect.Scheduler{Store: w.db, Collector: w.c}
	if n, err := s.Tick(ctx); n != 0 || err != nil {
		t.Errorf("Tick queued %d jobs over the cap (%v)", n, err)
	}
}

func TestKeySealedUnderAnotherMasterKey(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.setKey(t, "chatgpt", "sk-test-chatgpt-0001")
	w.settings(t, sightline.CollectionUpdate{Providers: &[]string{"chatgpt"}, Samples: ptr(1), Enabled: ptr(true)})
	other := make([]byte, secret.KeySize)
	rand.Read(other)
	w.c.Box, _ = secret.New(other)
	res, err := w.c.Once(ctx, collect.OnceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tally.Reasons[sightline.ReasonKeyLocked] != 1 || w.askers["chatgpt"].count() != 0 {
		t.Errorf("tally = %+v, asked %d times", res.Tally, w.askers["chatgpt"].count())
	}
}

// A provider's answer past the caps of a run is kept, cut to them
// (docs/collect.md#keys-spending-and-what-is-stored): the answer at a
// character boundary within 64 KiB, the first 100 citations with their
// titles and authors cut, the model cut.
func TestLongAnswerKeptWithinCaps(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.askers["chatgpt"].long = true
	w.setKey(t, "chatgpt", "sk-test-chatgpt-0001")
	w.settings(t, sightline.CollectionUpdate{Providers: &[]string{"chatgpt"}, Regions: &[]string{"us"}, Samples: ptr(1), Enabled: ptr(true)})
	res, err := w.c.Once(ctx, collect.OnceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tally.Done == 0 || res.Tally.Failed != 0 {
		t.Fatalf("tally %+v, want every long answer stored", res.Tally)
	}
	now := time.Now()
	runs, _, err := w.db.FindRuns(ctx, w.orgID, sightline.RunFilter{Scope: sightline.Scope{BrandID: w.brandID, Window: sightline.Window{Start: now.Add(-time.Hour), End: now.Add(time.Hour)}},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}, Status: sightline.RunOK})
	if err != nil || len(runs) == 0 {
		t.Fatalf("runs: %d, %v", len(runs), err)
	}
	for _, r := range runs {
		if len(r.Answer) > sightline.MaxAnswerBytes || len(r.Answer) < sightline.MaxAnswerBytes-1 || !utf8.ValidString(r.Answer) || !strings.HasPrefix(r.Answer, "Acme é") {
			t.Errorf("answer of %d bytes (valid UTF-8: %v), want the first %d bytes' whole characters", len(r.Answer), utf8.ValidString(r.Answer), sightline.MaxAnswerBytes)
		}
		if len(r.Citations) != sightline.MaxRunCitations || len(r.Citations[0].Title) != sightline.MaxTitleBytes || len(r.Citations[0].Author) != sightline.MaxShortTextBytes ||
			r.Citations[len(r.Citations)-1].Page != fmt.Sprintf("https://example.org/p%d", sightline.MaxRunCitations-1) {
			t.Errorf("%d citations, the first titled %d bytes by %d, want the first %d cut to %d and %d", len(r.Citations), len(r.Citations[0].Title), len(r.Citations[0].Author),
				sightline.MaxRunCitations, sightline.MaxTitleBytes, sightline.MaxShortTextBytes)
		}
		if len(r.Model) != sightline.MaxShortTextBytes {
			t.Errorf("model of %d bytes, want %d", len(r.Model), sightline.MaxShortTextBytes)
		}
	}
}

// A failed call the provider billed (a truncated answer) counts its
// tokens and cost on its attempt, so the spending cap sees it; a billing
// error is the key's last error, as `providers list` shows it.
func TestBilledFailuresCharged(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.setKey(t, "chatgpt", "sk-test-chatgpt-0001")
	w.setKey(t, "claude", "sk-test-claude-00002")
	w.settings(t, sightline.CollectionUpdate{Providers: &[]string{"chatgpt", "claude"}, Regions: &[]string{"us"}, Samples: ptr(1), Enabled: ptr(true)})
	w.askers["chatgpt"].fail = &provider.Error{Provider: "chatgpt", Code: provider.ErrTruncated, Message: "the answer did not finish",
		Usage: provider.Usage{InputTokens: 300, OutputTokens: 50, Searches: 2}, Model: "gpt-x"}
	w.askers["claude"].fail = &provider.Error{Provider: "claude", Code: provider.ErrBilling, Status: 400, Message: "Your credit balance is too low"}
	res, err := w.c.Once(ctx, collect.OnceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// prompt 1 in us (prompt 2 is gb-only): one sample per provider.
	got := res.ByProvider
	if got["chatgpt"].Reasons[provider.ErrTruncated] != 1 || got["chatgpt"].InputTokens != 300 || got["chatgpt"].CostMicros != 3000 {
		t.Errorf("chatgpt = %+v, want one truncated attempt of 300 tokens at 3000 µ$", got["chatgpt"])
	}
	if got["claude"].Reasons[provider.ErrBilling] != 1 || got["claude"].CostMicros != 0 {
		t.Errorf("claude = %+v, want one billing failure costing nothing", got["claude"])
	}
	sc, err := w.db.FindSpendingCap(ctx, w.orgID, time.Now())
	if err != nil || sc.SpentMicros != 3000 {
		t.Errorf("spent = %+v (%v), want 3000", sc, err)
	}
	rep, err := w.db.FindCollectionReport(ctx, w.brandID, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range rep.Attempts {
		if a.Provider == "chatgpt" && (a.Model != "gpt-x" || a.Searches != 2 || a.OutputTokens != 50 || a.RunID != nil) {
			t.Errorf("truncated attempt = %+v", a)
		}
	}
	cred, err := w.db.FindProviderCredential(ctx, w.orgID, "claude")
	if err != nil || cred.LastError == nil || !strings.Contains(*cred.LastError, "billing") {
		t.Errorf("claude key's last error = %v (%v), want the billing error", cred.LastError, err)
	}
	if len(rep.Attempts) != 2 || rep.Attempts[0].RunID != nil || rep.Attempts[1].RunID != nil {
		t.Errorf("attempts = %+v, want two without a run", rep.Attempts)
	}
}

// QueueBrand ("collect now") queues a brand's due jobs under Tick's rules
// even when its collection is off, as `collect --once --brand` collects
// it; Tick leaves that brand alone; a provider without key gets no job.
func TestQueueBrand(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.setKey(t, "chatgpt", "sk-test-chatgpt-0001")
	w.settings(t, sightline.CollectionUpdate{Providers: &[]string{"chatgpt", "claude"}, Regions: &[]string{"us"}, Samples: ptr(1), Enabled: ptr(false)})
	wakes := 0
	s := &collect.Scheduler{Store: w.db, Collector: w.c, Wake: func() { wakes++ }}
	if n, err := s.Tick(ctx); n != 0 || err != nil {
		t.Fatalf("Tick queued %d (%v) for a brand whose collection is off", n, err)
	}
	n, err := s.QueueBrand(ctx, w.brandID)
	if err != nil || n != 1 || wakes != 1 {
		t.Fatalf("QueueBrand queued %d jobs (%v), woke %d; want chatgpt's job only (claude has no key), one wake", n, err, wakes)
	}
	if n, _ := s.QueueBrand(ctx, w.brandID); n != 0 {
		t.Errorf("a second QueueBrand queued %d while the job is live", n)
	}
}

// A search surface asked through DataForSEO that fails records DataForSEO
// as its model (the run would record it as source and model), whatever
// the surface's first vendor, whether
// the call reached the vendor (billed) or not (the network), and is priced
// as DataForSEO's call (docs/collect.md#search-surfaces).
func TestSurfaceFailureNamesItsVendor(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	fails := map[string]error{
		"google_ai_overviews": &provider.Error{Provider: "google_ai_overviews via dataforseo", Code: provider.ErrServer, Status: 500,
			Message: "internal error", Usage: provider.Usage{InputTokens: 100}},
		"google_ai_mode": fmt.Errorf("dial tcp: connection refused"),
	}
	w.c.Askers = map[string]collect.Asker{}
	w.c.Models = map[string]string{}
	for code, err := range fails {
		w.c.Askers[code] = failingAsker{err}
		w.c.Models[code] = sightline.VendorSerpApi // the surfaces' first vendor
		if err := w.db.SetProviderSource(ctx, w.orgID, code, sightline.VendorDataForSEO); err != nil {
			t.Fatal(err)
		}
	}
	w.setKey(t, sightline.VendorSerpApi, "serpapi-key-0001")
	w.setKey(t, sightline.VendorDataForSEO, "login:password")
	w.settings(t, sightline.CollectionUpdate{Providers: &[]string{"google_ai_overviews", "google_ai_mode"}, Regions: &[]string{"us"},
		Samples: ptr(1), Enabled: ptr(true)})
	if _, err := w.c.Once(ctx, collect.OnceOptions{}); err != nil {
		t.Fatal(err)
	}
	rep, err := w.db.FindCollectionReport(ctx, w.brandID, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Attempts) != 2 {
		t.Fatalf("attempts = %+v, want one a surface", rep.Attempts)
	}
	for _, a := range rep.Attempts {
		wantCost := int64(0)
		if a.Provider == "google_ai_overviews" {
			wantCost = 1000 // flatPrices: 100 input tokens
		}
		if a.Status != sightline.AttemptFailed || a.Model != sightline.VendorDataForSEO || a.CostMicros != wantCost {
			t.Errorf("%s attempt = model %q, status %s, cost %d; want dataforseo, failed, %d",
				a.Provider, a.Model, a.Status, a.CostMicros, wantCost)
		}
	}
}

// failingAsker fails every call with err.
type failingAsker struct{ err error }

func (f failingAsker) Call(context.Context, provider.Request) (*provider.Answer, []provider.Try, error) {
	pe, _ := f.err.(*provider.Error)
	return nil, []provider.Try{{Err: pe}}, f.err
}
