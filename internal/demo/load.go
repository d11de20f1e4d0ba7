package demo

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/engine"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/signal"
	"github.com/sightline/sightline/internal/worker"
)

// Store is what loading the demo needs: the same services the product uses.
type Store interface {
	sightline.OrganizationService
	sightline.BrandService
	sightline.TopicService
	sightline.PromptService
	sightline.APIKeyService
	sightline.UserService
	sightline.ProviderService
	sightline.RecommendationService
	sightline.OpportunityService
	sightline.BriefService
	sightline.AdService
	ingest.Store
	worker.Store
	sightline.DetectionService
	sightline.AgentLogService
}

// Load creates the data set's organizations, brands, topics and prompts,
// ingests every run through the real ingest pipeline (JSONL, analyzed like
// any customer's data), creates API keys and returns the fixture. progress,
// when set, receives human-readable progress lines.
func Load(ctx context.Context, st Store, cfg Config, progress func(string)) (*Fixture, error) {
	if progress == nil {
		progress = func(string) {}
	}
	if cfg.Now.IsZero() {
		cfg.Now = time.Now().UTC()
	}
	ds := New(cfg)
	progress(fmt.Sprintf("creating %d organizations with their brands, topics and prompts", len(ds.Orgs)))
	if err := CreateEntities(ctx, st, ds); err != nil {
		return nil, err
	}

	total := ds.RunCount()
	progress(fmt.Sprintf("ingesting %d prompt runs", total))
	start := time.Now()
	res, err := ingestRuns(ctx, st, ds, func(r ingest.Result) {
		if r.Records%20000 < ingest.DefaultBatchSize {
			progress(fmt.Sprintf("  %d/%d runs (%.0f%%)", r.Records, total, 100*float64(r.Records)/float64(max(total, 1))))
		}
	})
	if err != nil {
		return nil, fmt.Errorf("ingest demo runs: %w", err)
	}
	if res.Skipped > 0 {
		return nil, fmt.Errorf("ingest demo runs: %d records rejected, first: %s", res.Skipped, res.Errors[0].String())
	}
	elapsed := time.Since(start)
	progress(fmt.Sprintf("ingested %d runs (%d new) in %.1fs (%.0f runs/s)", res.Records, res.Inserted, elapsed.Seconds(), float64(res.Records)/max(elapsed.Seconds(), 1e-9)))
	start = time.Now()
	logs, err := ingestAgentLogs(ctx, st, ds)
	if err != nil {
		return nil, fmt.Errorf("ingest demo agent logs: %w", err)
	}
	if logs.Skipped > 0 {
		return nil, fmt.Errorf("ingest demo agent logs: %d lines rejected, first: %s", logs.Skipped, logs.Errors[0].Error())
	}
	progress(fmt.Sprintf("ingested %d agent visits and %d AI referrals in %.1fs", logs.AgentVisits, logs.Referrals, time.Since(start).Seconds()))
	f, err := buildFixture(ctx, st, ds, cfg)
	if err != nil {
		return nil, err
	}
	start = time.Now()
	eng, err := RunEngines(ctx, st, f.OrgID, f.BrandID, cfg.Now)
	if err != nil {
		return nil, fmt.Errorf("run the engines on the demo data: %w", err)
	}
	f.RecommendationIDs, f.OpportunityIDs, f.BriefIDs = eng.RecommendationIDs, eng.OpportunityIDs, eng.BriefIDs
	progress(fmt.Sprintf("engines: %d recommendations, %d opportunities, %d briefs in %.1fs",
		len(f.RecommendationIDs), len(f.OpportunityIDs), len(f.BriefIDs), time.Since(start).Seconds()))
	return f, nil
}

// EngineResult lists what RunEngines produced.
type EngineResult struct {
	RecommendationIDs []string // every state: new, saved, done, dismissed
	OpportunityIDs    []string
	BriefIDs          []string
}

// Demo settings of the engine run.
const (
	demoBriefs   = 2
	demoWorkerID = "demo-loader"
)

// RunEngines runs the engines on a brand's data through the code the
// product uses: it regenerates the recommendations (one unit of the
// regenerate quota), gives some of them the states a user would (the
// second most severe actionable one saved, the least severe done, no_action
// dismissed), enqueues briefs for the most severe actionable ones and an
// opportunity compute job (one unit of the compute quota), and runs the
// jobs to completion in this goroutine with a worker. now anchors the
// 30-day evidence window.
func RunEngines(ctx context.Context, st Store, orgID, brandID string, now time.Time) (*EngineResult, error) {
	window := sightline.DefaultWindow(now, sightline.RecommendationWindowDays)
	if _, err := st.RegenerateRecommendations(ctx, orgID, brandID, sightline.RegenerateOptions{
		QuotaLimit: sightline.DefaultRegenerateQuota, Cooldown: sightline.DefaultDismissCooldown, Window: window,
		Generate: engine.GenerateRecommendations,
	}); err != nil {
		return nil, err
	}
	all := sightline.RecommendationFilter{States: sightline.RecommendationStates, PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize}}
	recs, _, err := st.FindRecommendations(ctx, orgID, brandID, all)
	if err != nil {
		return nil, err
	}
	var actionable []*sightline.Recommendation
	states := map[string]string{}
	for _, r := range recs { // most severe first
		if r.Type == sightline.RecNoAction {
			states[r.ID] = sightline.RecStateDismissed
		} else if r.State == sightline.RecStateNew {
			actionable = append(actionable, r)
		}
	}
	if n := len(actionable); n >= 3 {
		states[actionable[1].ID] = sightline.RecStateSaved
		states[actionable[n-1].ID] = sightline.RecStateDone
	}
	for _, r := range recs {
		if to, ok := states[r.ID]; ok && r.State == sightline.RecStateNew {
			if _, err := st.UpdateRecommendation(ctx, orgID, brandID, r.ID, sightline.RecommendationUpdate{State: &to}); err != nil {
				return nil, fmt.Errorf("set recommendation state: %w", err)
			}
		}
	}
	for _, r := range actionable[:min(len(actionable), demoBriefs)] {
		id := r.ID
		if _, err := st.CreateBrief(ctx, orgID, brandID, sightline.BriefCreate{RecommendationID: &id}); err != nil {
			return nil, fmt.Errorf("create brief: %w", err)
		}
	}
	if _, _, err := st.EnqueueOpportunityCompute(ctx, orgID, brandID, sightline.DefaultComputeQuota); err != nil {
		return nil, err
	}
	clock := func() time.Time { return now }
	// Ingest queued change detection for the brands; it runs here too.
	detect := &signal.Detector{Store: st, Now: clock}
	w := worker.New(st, worker.Config{ID: demoWorkerID, Now: clock,
		Handlers: map[string]worker.Handler{sightline.JobKindSignals: detect.RunJob}})
	if err := w.Drain(ctx); err != nil {
		return nil, fmt.Errorf("run jobs: %w", err)
	}

	res := &EngineResult{RecommendationIDs: []string{}, OpportunityIDs: []string{}, BriefIDs: []string{}}
	if recs, _, err = st.FindRecommendations(ctx, orgID, brandID, all); err != nil {
		return nil, err
	}
	for _, r := range recs {
		res.RecommendationIDs = append(res.RecommendationIDs, r.ID)
	}
	opps, _, err := st.FindOpportunities(ctx, orgID, brandID, sightline.OpportunityFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize}})
	if err != nil {
		return nil, err
	}
	for _, o := range opps {
		res.OpportunityIDs = append(res.OpportunityIDs, o.ID)
	}
	briefs, _, err := st.FindBriefs(ctx, orgID, brandID, sightline.BriefFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.MaxPageSize}})
	if err != nil {
		return nil, err
	}
	for _, b := range briefs {
		res.BriefIDs = append(res.BriefIDs, b.ID)
	}
	return res, nil
}

// Ingest writes the data set's runs through the ingest pipeline (after
// CreateEntities), as Load does.
func Ingest(ctx context.Context, st Store, ds *Dataset) (ingest.Result, error) {
	return ingestRuns(ctx, st, ds, nil)
}

// CreateEntities creates the data set's organizations, users, brands,
// competitors, topics and prompts (everything but the runs).
func CreateEntities(ctx context.Context, st Store, ds *Dataset) error {
	for _, org := range ds.Orgs {
		if err := createOrg(ctx, st, org); err != nil {
			return err
		}
	}
	return nil
}

func createOrg(ctx context.Context, st Store, org Org) error {
	if _, err := st.CreateOrganization(ctx, sightline.OrganizationCreate{ID: org.ID, Name: org.Name}); err != nil {
		return fmt.Errorf("create organization %s: %w", org.Name, err)
	}
	for _, u := range org.Users {
		if _, err := st.CreateUser(ctx, org.ID, u.ID, u.Email, u.Name); err != nil {
			return fmt.Errorf("create user %s: %w", u.Email, err)
		}
	}
	for _, b := range org.Brands {
		in := sightline.BrandCreate{ID: b.ID, OrgID: org.ID, Name: b.Name, Domains: b.Domains, Aliases: b.Aliases}
		for _, c := range b.Competitors {
			in.Competitors = append(in.Competitors, sightline.CompetitorCreate{ID: c.ID, Name: c.Name, Domain: c.Domain, Aliases: c.Aliases})
		}
		if _, err := st.CreateBrand(ctx, in); err != nil {
			return fmt.Errorf("create brand %s: %w", b.Name, err)
		}
		topics := make([]sightline.TopicRef, len(b.Topics))
		var prompts []sightline.PromptCreate
		for i, t := range b.Topics {
			topics[i] = sightline.TopicRef{ID: t.ID, Name: t.Name}
			for _, p := range t.Prompts {
				prompts = append(prompts, sightline.PromptCreate{ID: p.ID, TopicID: t.ID, Text: p.Text, Intent: p.Intent})
			}
		}
		if _, err := st.CreateTopics(ctx, org.ID, b.ID, topics); err != nil {
			return fmt.Errorf("create topics of %s: %w", b.Name, err)
		}
		if _, err := st.CreatePrompts(ctx, org.ID, b.ID, prompts); err != nil {
			return fmt.Errorf("create prompts of %s: %w", b.Name, err)
		}
	}
	return nil
}

// ingestRuns writes the data set as JSONL into the ingest pipeline.
func ingestRuns(ctx context.Context, st Store, ds *Dataset, progress func(ingest.Result)) (ingest.Result, error) {
	pr, pw := io.Pipe()
	go func() {
		bw := bufio.NewWriterSize(pw, 1<<20)
		enc := json.NewEncoder(bw)
		err := ds.Runs(func(r sightline.RunRecord) error { return enc.Encode(r) })
		if err == nil {
			err = bw.Flush()
		}
		pw.CloseWithError(err)
	}()
	res, err := ingest.New(st).Ingest(ctx, pr, ingest.Options{Progress: progress})
	pr.Close()
	return res, err
}
