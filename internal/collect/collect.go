// Package collect asks the AI providers a brand's prompts and stores each
// answer through the ingest analysis as a prompt run (docs/collect.md).
//
// Work is planned per brand, provider and cadence slot
// (sightline.PlanCollection) and done by a job of that kind
// (sightline.CollectJobKind): the scheduler enqueues due jobs for any
// replica's worker, and `sightline collect --once` claims and runs them in
// the foreground. Every planned sample of a job leaves one attempt: a run,
// or a failure with its reason. A sample is stored once per slot whoever
// collects it, because its run id is derived from the sample and the
// store keeps one successful attempt per sample.
package collect

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/provider"
	"github.com/sightline/sightline/internal/secret"
)

// Store is what collection needs from storage.
type Store interface {
	ingest.Store
	sightline.JobService
	FindCollectionWork(ctx context.Context, brandID string, at time.Time) (*sightline.CollectionWork, error)
	FindCollectingBrands(ctx context.Context) ([]string, error)
	RecordCollectionAttempt(ctx context.Context, a *sightline.CollectionAttempt, run *sightline.AnalyzedRun) error
	FindSpendingCap(ctx context.Context, orgID string, now time.Time) (sightline.SpendingCap, error)
	FindProviderCredential(ctx context.Context, orgID, provider string) (*sightline.ProviderCredential, error)
	// FindProviderSource is the SERP data vendor an organization chose
	// for a search surface; "" for none.
	FindProviderSource(ctx context.Context, orgID, surface string) (string, error)
	// QueueDetection queues change detection (internal/signal) for brands
	// that have new runs.
	QueueDetection(ctx context.Context, brandIDs []string) error
}

// Asker asks one provider, with retries and rate limits (provider.Caller).
type Asker interface {
	// Call returns the answer, or the last try's error, and every try made.
	Call(ctx context.Context, req provider.Request) (*provider.Answer, []provider.Try, error)
}

// Pricer estimates what calls cost (provider.Prices).
type Pricer interface {
	// Cost is what a call that used u cost, in millionths of a US dollar.
	Cost(provider, model string, u provider.Usage) int64
	// Estimate is what a typical call costs.
	Estimate(provider, model string) int64
}

// Defaults of a Collector.
const (
	DefaultConcurrency = 4
	DefaultLease       = sightline.DefaultJobLease
)

// Collector runs collection jobs.
type Collector struct {
	Store  Store
	Box    *secret.Box       // opens provider keys; nil: none can be opened
	Askers map[string]Asker  // by provider code
	Models map[string]string // by provider code: the model asked, for costs and dry runs
	Prices Pricer
	// Concurrency is how many samples one job asks at once.
	Concurrency int
	// WorkerID names this process in job claims.
	WorkerID string
	Lease    time.Duration
	Now      func() time.Time
	Logger   *slog.Logger
}

func (c *Collector) now() time.Time {
	if c.Now != nil {
		return c.Now().UTC()
	}
	return time.Now().UTC()
}

func (c *Collector) logger() *slog.Logger {
	if c.Logger != nil {
		return c.Logger
	}
	return slog.New(slog.DiscardHandler)
}

// Tally counts what collection did.
type Tally struct {
	Done         int   `json:"done"`    // samples stored as runs
	Failed       int   `json:"failed"`  // samples that failed (recorded with a reason)
	Skipped      int   `json:"skipped"` // samples not asked: another worker is on them
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
	CostMicros   int64 `json:"cost_micros"`
	// Reasons counts failures by reason code.
	Reasons map[string]int `json:"reasons,omitempty"`
}

// Add adds u to t.
func (t *Tally) Add(u Tally) {
	t.Done += u.Done
	t.Failed += u.Failed
	t.Skipped += u.Skipped
	t.InputTokens += u.InputTokens
	t.OutputTokens += u.OutputTokens
	t.CostMicros += u.CostMicros
	for k, v := range u.Reasons {
		if t.Reasons == nil {
			t.Reasons = map[string]int{}
		}
		t.Reasons[k] += v
	}
}

// Asked is how many samples were asked (done or failed).
func (t Tally) Asked() int { return t.Done + t.Failed }

// RunJob runs a collection job a worker claimed and completes it.
func (c *Collector) RunJob(ctx context.Context, job *sightline.Job) error {
	code, slot, ok := sightline.ParseCollectJobKind(job.Kind)
	if !ok {
		return sightline.Errorf(sightline.EVALIDATION, "Not a collection job: %q.", job.Kind)
	}
	w, err := c.Store.FindCollectionWork(ctx, job.BrandID, slot)
	if err != nil {
		return err
	}
	// The job does what the settings say now: a provider dropped since the
	// job was queued has nothing to do.
	var t Tally
	if w.Settings.Enabled && slices.Contains(w.Settings.Providers, code) {
		plan := sightline.PlanCollection(w, code, w.Settings.Samples)
		t = c.collect(ctx, w, code, plan, nil)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := c.Store.CompleteJob(ctx, job); err != nil {
		return err
	}
	c.queueDetection(ctx, job.BrandID, t)
	return nil
}

// queueDetection asks for change detection after a collection job that
// stored runs. A failure is logged: the runs are stored, and the next
// ingest or collection asks again.
func (c *Collector) queueDetection(ctx context.Context, brandID string, t Tally) {
	if t.Done == 0 {
		return
	}
	if err := c.Store.QueueDetection(context.WithoutCancel(ctx), []string{brandID}); err != nil {
		c.logger().Error("queue change detection", "brand_id", brandID, "error", err.Error())
	}
}

// progressFunc is told about every finished sample.
type progressFunc func(s sightline.CollectionSample, a *sightline.CollectionAttempt)

// collect asks every sample of plan on one provider, Concurrency at a time,
// and records each outcome. It stops asking when ctx ends.
func (c *Collector) collect(ctx context.Context, w *sightline.CollectionWork, code string, plan []sightline.CollectionSample, progress progressFunc) Tally {
	var t Tally
	if len(plan) == 0 {
		return t
	}
	log := c.logger().With("brand_id", w.BrandID, "provider", code)
	key, source, reason := c.providerKey(ctx, w.OrgID, code)
	in := ingest.New(c.Store)
	var mu sync.Mutex
	capHit := false
	record := func(s sightline.CollectionSample, a *sightline.CollectionAttempt, run *sightline.AnalyzedRun) {
		if err := c.Store.RecordCollectionAttempt(context.WithoutCancel(ctx), a, run); err != nil {
			log.Error("record collection attempt", "prompt_id", s.PromptID, "error", err.Error())
		}
		mu.Lock()
		defer mu.Unlock()
		if a.Status == sightline.AttemptOK {
			t.Done++
		} else {
			t.Failed++
			if t.Reasons == nil {
				t.Reasons = map[string]int{}
			}
			t.Reasons[*a.ReasonCode]++
		}
		t.InputTokens += a.InputTokens
		t.OutputTokens += a.OutputTokens
		t.CostMicros += a.CostMicros
		if progress != nil {
			progress(s, a)
		}
	}
	samples := make(chan sightline.CollectionSample)
	var wg sync.WaitGroup
	for range max(1, min(c.concurrency(), len(plan))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range samples {
				a := c.newAttempt(w, s)
				if reason != nil {
					record(s, c.failed(a, reason.code, reason.message), nil)
					continue
				}
				if c.capReached(ctx, w.OrgID, &mu, &capHit, log) {
					record(s, c.failed(a, sightline.ReasonCapReached, "The organization's daily spending cap is reached; collection resumes tomorrow (UTC)."), nil)
					continue
				}
				if source != "" {
					// a search surface's model is the vendor asked
					// (docs/collect.md#search-surfaces): a failed
					// attempt names the vendor it failed at, and is
					// priced as that vendor's call
					a.Source, a.Model = source, source
				}
				a, run := c.ask(ctx, in, w, s, a, key, source)
				record(s, a, run)
			}
		}()
	}
feed:
	for _, s := range plan {
		select {
		case samples <- s:
		case <-ctx.Done():
			break feed // the rest stays due: the job is released or retried
		}
	}
	close(samples)
	wg.Wait()
	log.Info("collection done", "done", t.Done, "failed", t.Failed, "cost_micros", t.CostMicros)
	return t
}

func (c *Collector) concurrency() int {
	if c.Concurrency > 0 {
		return c.Concurrency
	}
	return DefaultConcurrency
}

// failure is why a whole job's samples cannot be asked.
type failure struct{ code, message string }

// providerKey opens the organization's key for a provider. A search
// surface is asked with a SERP data vendor's credential: the vendor the
// organization chose (providers set-source), else the first of the
// surface's vendors with a credential (docs/collect.md#search-surfaces);
// source names that vendor ("" for a direct API).
func (c *Collector) providerKey(ctx context.Context, orgID, code string) (key, source string, f *failure) {
	if c.Askers[code] == nil {
		return "", "", &failure{sightline.ReasonNoKey, fmt.Sprintf("Sightline cannot collect from %q.", code)}
	}
	credCode := code
	if vendors := sightline.SurfaceVendors[code]; len(vendors) > 0 {
		chosen, err := c.Store.FindProviderSource(ctx, orgID, code)
		if err != nil {
			return "", "", &failure{sightline.ReasonKeyLocked, "The organization's SERP data source could not be read."}
		}
		if chosen == "" {
			for _, v := range vendors {
				if _, err := c.Store.FindProviderCredential(ctx, orgID, v); err == nil {
					chosen = v
					break
				}
			}
		}
		if chosen == "" {
			return "", "", &failure{sightline.ReasonNoKey, fmt.Sprintf("The organization has no key of a SERP data vendor for %s (%s): sightline providers set-key --org %s %s",
				code, strings.Join(vendors, ", "), orgID, vendors[0])}
		}
		credCode, source = chosen, chosen
	}
	cred, err := c.Store.FindProviderCredential(ctx, orgID, credCode)
	if sightline.ErrorCode(err) == sightline.ENOTFOUND {
		return "", "", &failure{sightline.ReasonNoKey, fmt.Sprintf("The organization has no %s key: sightline providers set-key --org %s %s", credCode, orgID, credCode)}
	} else if err != nil {
		return "", "", &failure{sightline.ReasonKeyLocked, "The provider key could not be read."}
	}
	if c.Box == nil {
		return "", "", &failure{sightline.ReasonKeyLocked, "No master key is configured (SIGHTLINE_SECRET_KEY), so provider keys cannot be decrypted."}
	}
	plain, err := c.Box.Open(cred.Sealed, secret.ProviderKeyData(orgID, credCode))
	if err != nil {
		return "", "", &failure{sightline.ReasonKeyLocked, fmt.Sprintf("The %s key was sealed under another master key (%s, this server has %s); set it again.", credCode, cred.KeyID, c.Box.ID())}
	}
	return string(plain), source, nil
}

// capReached checks the organization's daily spending cap before a call;
// once reached it stays so for the rest of the job.
func (c *Collector) capReached(ctx context.Context, orgID string, mu *sync.Mutex, hit *bool, log *slog.Logger) bool {
	mu.Lock()
	done := *hit
	mu.Unlock()
	if done {
		return true
	}
	sc, err := c.Store.FindSpendingCap(ctx, orgID, c.now())
	if err != nil || !sc.Reached() {
		return false
	}
	mu.Lock()
	defer mu.Unlock()
	if !*hit {
		*hit = true
		log.Warn("daily spending cap reached: collection stopped until tomorrow (UTC)", "org_id", orgID,
			"cap_micros", *sc.CapMicros, "spent_micros", sc.SpentMicros)
	}
	return true
}

func (c *Collector) newAttempt(w *sightline.CollectionWork, s sightline.CollectionSample) *sightline.CollectionAttempt {
	now := c.now()
	return &sightline.CollectionAttempt{
		OrgID: w.OrgID, BrandID: w.BrandID, PromptID: s.PromptID, Provider: s.Provider, Region: s.Region,
		Slot: s.Slot, Sample: s.Sample, StartedAt: now, FinishedAt: now, Model: c.Models[s.Provider],
	}
}

// failed marks an attempt that never reached the provider as failed.
func (c *Collector) failed(a *sightline.CollectionAttempt, code, message string) *sightline.CollectionAttempt {
	a.Status, a.ReasonCode, a.Reason = sightline.AttemptFailed, &code, &message
	a.FinishedAt = c.now()
	return a
}

// ask asks one sample and analyzes the answer into its run.
func (c *Collector) ask(ctx context.Context, in *ingest.Ingester, w *sightline.CollectionWork, s sightline.CollectionSample, a *sightline.CollectionAttempt,
	key, source string) (*sightline.CollectionAttempt, *sightline.AnalyzedRun) {
	ans, tries, err := c.Askers[s.Provider].Call(ctx, provider.Request{Prompt: s.Prompt, Region: s.Region, APIKey: key, Source: source})
	a.Tries = len(tries)
	a.FinishedAt = c.now()
	a.DurationMS = a.FinishedAt.Sub(a.StartedAt).Milliseconds()
	if err != nil {
		code, msg := provider.ErrNetwork, err.Error()
		var pe *provider.Error
		if errors.As(err, &pe) {
			code, msg = pe.Code, pe.Error()
			// A billed failure costs what it used: the spending cap and
			// the cost reports add up to the calls made.
			if pe.Model != "" {
				a.Model = pe.Model
			}
			c.charge(s.Provider, a, pe.Usage)
		} else if ctx.Err() != nil {
			code, msg = "canceled", "Collection stopped before the provider answered."
		}
		a.Status, a.ReasonCode, a.Reason = sightline.AttemptFailed, &code, &msg
		return a, nil
	}
	if ans.Model != "" {
		a.Model = ans.Model
	}
	c.charge(s.Provider, a, ans.Usage)
	runID := s.RunID(w.BrandID)
	run, err := in.Analyze(ctx, sightline.RunRecord{
		ID: runID, BrandID: w.BrandID, PromptID: s.PromptID, Provider: s.Provider, Region: s.Region,
		RanAt: a.FinishedAt, Model: sightline.TruncateUTF8(a.Model, sightline.MaxShortTextBytes),
		Answer: sightline.TruncateUTF8(ans.Text, sightline.MaxAnswerBytes), Citations: usableCitations(ans.Citations),
		Ads: usableAds(ans.Ads), Source: ans.Source, AnswerShown: answerShown(ans),
		SearchQueries: usableQueries(ans.SearchQueries), Sources: usableSources(ans.Sources),
	})
	if err != nil {
		code, msg := sightline.ReasonNotAnalyzed, "The answer could not be stored: "+sightline.ErrorMessage(err)
		a.Status, a.ReasonCode, a.Reason = sightline.AttemptFailed, &code, &msg
		return a, nil
	}
	a.Status, a.RunID = sightline.AttemptOK, &runID
	return a, run
}

// charge records on an attempt what its calls used and cost.
func (c *Collector) charge(code string, a *sightline.CollectionAttempt, u provider.Usage) {
	a.InputTokens, a.OutputTokens, a.Searches = u.InputTokens, u.OutputTokens, u.Searches
	if c.Prices != nil && !u.IsZero() {
		a.CostMicros = c.Prices.Cost(code, a.Model, u)
	}
}

// usableQueries keeps the first MaxSearchQueries search queries, each cut
// to MaxShortTextBytes (docs/api.md#limits); nil stays nil, since it means
// the provider does not report its queries.
func usableQueries(qs []string) []string {
	if qs == nil {
		return nil
	}
	out := make([]string, 0, min(len(qs), sightline.MaxSearchQueries))
	seen := map[string]bool{}
	for _, q := range qs {
		if len(out) == sightline.MaxSearchQueries {
			break
		}
		q = sightline.TruncateUTF8(q, sightline.MaxShortTextBytes)
		if q == "" || seen[q] {
			continue
		}
		seen[q] = true
		out = append(out, q)
	}
	return out
}

// usableSources keeps the first MaxRunSources retrieved pages that ingest
// accepts, as usableCitations does for citations.
func usableSources(ss []sightline.RunSource) []sightline.RunSource {
	var out []sightline.RunSource
	for _, s := range ss {
		if len(out) == sightline.MaxRunSources {
			break
		}
		u, err := url.Parse(strings.TrimSpace(s.URL))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(s.URL) > sightline.MaxURLBytes {
			continue
		}
		s.Title = sightline.TruncateUTF8(s.Title, sightline.MaxTitleBytes)
		out = append(out, s)
	}
	return out
}

// usableCitations keeps the citations ingest accepts (absolute http(s)
// URLs, at most MaxURLBytes): one odd link must not cost the whole answer.
// The answer is kept within the per-record caps (docs/api.md#limits) the
// way a reader would cut it: the first MaxRunCitations citations, titles
// and authors cut to their caps, as the answer itself is.
func usableCitations(cs []sightline.RunCitation) []sightline.RunCitation {
	out := make([]sightline.RunCitation, 0, min(len(cs), sightline.MaxRunCitations))
	for _, c := range cs {
		if len(out) == sightline.MaxRunCitations {
			break
		}
		u, err := url.Parse(strings.TrimSpace(c.URL))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(c.URL) > sightline.MaxURLBytes {
			continue
		}
		c.Title = sightline.TruncateUTF8(c.Title, sightline.MaxTitleBytes)
		c.Author = sightline.TruncateUTF8(c.Author, sightline.MaxShortTextBytes)
		out = append(out, c)
	}
	return out
}

// answerShown is the run's answer_shown: nil (true) unless a search
// surface showed no AI answer.
func answerShown(ans *provider.Answer) *bool {
	if !ans.NotShown {
		return nil
	}
	f := false
	return &f
}

// usableAds keeps the ads ingest accepts, within the per-record cap.
func usableAds(ads []sightline.RunAd) []sightline.RunAd {
	out := make([]sightline.RunAd, 0, min(len(ads), sightline.MaxRunAds))
	for _, a := range ads {
		if len(out) == sightline.MaxRunAds {
			break
		}
		if strings.TrimSpace(a.Advertiser) == "" || strings.TrimSpace(a.Domain) == "" {
			continue
		}
		a.Advertiser = sightline.TruncateUTF8(a.Advertiser, sightline.MaxShortTextBytes)
		a.Text = sightline.TruncateUTF8(a.Text, sightline.MaxTitleBytes)
		out = append(out, a)
	}
	return out
}
