package signal_test

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/signal"
	"github.com/sightline/sightline/internal/signal/signaltest"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/worker"
)

// The planted data sets: five providers, two topics of four prompts, five
// runs per prompt, provider and day: 40 runs a day per provider, 100 per
// topic. The brand is named in 60 % of the runs and Rival in 40 %.
var (
	providers = []string{"chatgpt", "claude", "copilot", "gemini", "perplexity"}
	// the last complete day of the data sets
	plantEnd = time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC)
)

const runsPerCell = 5

// env is a store with one world, and detection run the way the worker runs
// it: ingest queues the job, a worker with the detection handler runs it.
type env struct {
	db  *sqlstore.DB
	w   *signaltest.World
	det *signal.Detector
}

func newEnv(t *testing.T) *env {
	t.Helper()
	db := sqlstoretest.MustOpenDB(t)
	w, err := signaltest.NewWorld(context.Background(), db, "Signals test")
	if err != nil {
		t.Fatal(err)
	}
	return &env{db: db, w: w, det: &signal.Detector{Store: db}}
}

// spec is the base data set: 36 days up to end, everything constant.
func (e *env) spec(end time.Time, days int) signaltest.Spec {
	return signaltest.Spec{BrandID: e.w.BrandID, Brand: e.w.Brand, Competitor: e.w.Competitor, Prompts: e.w.Prompts,
		Providers: providers, End: end, Days: days, Runs: runsPerCell,
		Named:           func(signaltest.Cell) float64 { return 0.6 },
		CompetitorNamed: func(signaltest.Cell) float64 { return 0.4 }}
}

// ingest stores records through the ingest pipeline (which queues
// detection) and runs the queued jobs at now.
func (e *env) ingest(t *testing.T, records []sightline.RunRecord, now time.Time) {
	t.Helper()
	res, err := ingest.New(e.db).Ingest(context.Background(), bytes.NewReader(signaltest.JSONL(records)), ingest.Options{})
	if err != nil || res.Skipped > 0 {
		t.Fatalf("ingest: %v, %+v", err, res.Errors)
	}
	e.detect(t, now)
}

// detect runs every queued job at now with a worker that has the
// detection handler.
func (e *env) detect(t *testing.T, now time.Time) {
	t.Helper()
	e.det.Now = func() time.Time { return now }
	w := worker.New(e.db, worker.Config{Handlers: map[string]worker.Handler{sightline.JobKindSignals: e.det.RunJob}})
	if err := w.Drain(context.Background()); err != nil {
		t.Fatalf("run detection: %v", err)
	}
	jobs, err := e.db.FindJobsOfKind(context.Background(), e.w.BrandID, sightline.JobKindSignals)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		if j.Status != sightline.JobCompleted {
			t.Fatalf("detection job %s: %s %+v", j.ID, j.Status, j.Error)
		}
	}
}

func (e *env) signals(t *testing.T) []*sightline.Signal {
	t.Helper()
	list, _, err := e.db.FindSignals(context.Background(), e.w.OrgID, e.w.BrandID, sightline.SignalFilter{
		Window:      sightline.Window{Start: time.Time{}, End: time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func describe(list []*sightline.Signal) []string {
	var out []string
	for _, s := range list {
		d := s.Type + " " + s.Dimension.Kind + ":" + s.Dimension.Name + " " + s.Status
		if s.Competitor != nil {
			d += " by " + s.Competitor.Name
		}
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// zTest is the two-proportion z-test written out again, from its
// definition in docs/metrics.md, to check the stored numbers.
func zTest(x1, n1, x2, n2 float64) (z, p float64) {
	pooled := (x1 + x2) / (n1 + n2)
	z = (x2/n2 - x1/n1) / math.Sqrt(pooled*(1-pooled)*(1/n1+1/n2))
	return z, 2 * (1 - 0.5*(1+math.Erf(math.Abs(z)/math.Sqrt2)))
}

// A drop planted on one provider's last day raises exactly one
// visibility.dropped with the numbers of that day against its baseline;
// detecting again changes nothing; recovery closes it.
func TestDetection_PlantedDrop(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	spec := e.spec(plantEnd, 36)
	spec.Named = func(c signaltest.Cell) float64 {
		if c.Provider == "claude" && c.Day == 1 {
			return 0.2
		}
		return 0.6
	}
	now := plantEnd.Add(7 * time.Hour)
	e.ingest(t, signaltest.Records(spec), now)

	list := e.signals(t)
	if got := describe(list); !slices.Equal(got, []string{"visibility.dropped provider:Claude open"}) {
		t.Fatalf("signals = %v, want one visibility.dropped on Claude", got)
	}
	s := list[0]
	n := s.Numbers
	// Claude's last day: 8 prompts × 1 of 5 runs = 8 of 40; its 28 days
	// before: 28 × 8 × 3 = 672 of 1120.
	if n.Window != "day" || n.Before.Successes != 672 || n.Before.Trials != 1120 || n.After.Successes != 8 || n.After.Trials != 40 {
		t.Errorf("counts: %+v", n)
	}
	z, p := zTest(672, 1120, 8, 40)
	if math.Abs(n.Change-(-40)) > 1e-9 || math.Abs(n.Before.Rate-60) > 1e-9 || math.Abs(n.After.Rate-20) > 1e-9 ||
		math.Abs(n.Z-z) > 1e-9 || math.Abs(n.PValue-p) > 1e-12 || n.PValue >= 0.01 {
		t.Errorf("numbers %+v, want change −40, z %.6f, p %.3g", n, z, p)
	}
	if !n.After.Start.Equal(plantEnd.AddDate(0, 0, -1)) || !n.After.End.Equal(plantEnd) || !n.Before.Start.Equal(plantEnd.AddDate(0, 0, -29)) {
		t.Errorf("periods %s–%s, %s–%s", n.Before.Start, n.Before.End, n.After.Start, n.After.End)
	}
	if lo, hi := n.After.Interval.Low, n.After.Interval.High; !(lo < 20 && 20 < hi && lo > 5 && hi < 45) {
		t.Errorf("99 %% interval of 8/40: [%.2f, %.2f]", lo, hi)
	}
	if len(s.Evidence.Prompts) != 5 {
		t.Errorf("evidence prompts: %+v", s.Evidence.Prompts)
	}
	for _, ep := range s.Evidence.Prompts {
		if ep.Before.Trials != 140 || ep.Before.Successes != 84 || ep.After.Trials != 5 || ep.After.Successes != 1 || math.Abs(ep.Change+40) > 1e-9 || ep.Text == "" {
			t.Errorf("evidence prompt %+v", ep)
		}
	}

	// Detecting again on the same data (new runs asked for it) changes
	// nothing: still one signal, not updated.
	if err := e.db.QueueDetection(context.Background(), []string{e.w.BrandID}); err != nil {
		t.Fatal(err)
	}
	e.detect(t, now.Add(2*time.Hour))
	again := e.signals(t)
	if len(again) != 1 || again[0].ID != s.ID || !again[0].UpdatedAt.Equal(s.UpdatedAt) {
		t.Errorf("after detecting again: %v", describe(again))
	}

	// Ten more days at 60 %: the day and the week are back within the
	// threshold of their baselines; the signal closes.
	later := e.spec(plantEnd.AddDate(0, 0, 10), 10)
	later.Seed = "recovery"
	e.ingest(t, signaltest.Records(later), plantEnd.AddDate(0, 0, 10).Add(7*time.Hour))
	closed := e.signals(t)
	if got := describe(closed); !slices.Equal(got, []string{"visibility.dropped provider:Claude closed"}) || closed[0].ID != s.ID || closed[0].ClosedAt == nil {
		t.Errorf("after recovery: %v", got)
	}
}

// The same data set with every run drawn at random (the brand named with
// probability 0.6 everywhere) raises nothing.
func TestDetection_RandomFluctuation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	spec := e.spec(plantEnd, 36)
	spec.Random = rand.New(rand.NewPCG(15, 15))
	e.ingest(t, signaltest.Records(spec), plantEnd.Add(7*time.Hour))
	if got := describe(e.signals(t)); len(got) != 0 {
		t.Errorf("random fluctuation raised %v", got)
	}
	// The same size of drop as the planted one, on a day with too few runs
	// to judge (one run per prompt): nothing either.
	e2 := newEnv(t)
	spec = e2.spec(plantEnd, 36)
	spec.Named = func(c signaltest.Cell) float64 {
		if c.Provider == "claude" && c.Day == 1 {
			return 0.2
		}
		return 0.6
	}
	all := signaltest.Records(spec)
	var thin []sightline.RunRecord
	for _, r := range all {
		if r.Provider == "claude" && r.RanAt.After(plantEnd.AddDate(0, 0, -1)) && r.RanAt.Minute() != 0 {
			continue // keep the first run of each of Claude's last-day cells: 8 runs
		}
		thin = append(thin, r)
	}
	e2.ingest(t, thin, plantEnd.Add(7*time.Hour))
	if got := describe(e2.signals(t)); len(got) != 0 {
		t.Errorf("a drop on 8 runs raised %v", got)
	}
}

// Every kind of signal, through the SQL of both engines: a provider where
// Rival overtakes the brand over the last week, an owned page no longer
// cited, a new owned page, a new advertiser.
func TestDetection_AllKinds(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	spec := e.spec(plantEnd, 36)
	spec.Named = func(c signaltest.Cell) float64 {
		if c.Provider == "perplexity" && c.Day <= 7 {
			return 0.2
		}
		return 0.6
	}
	spec.CompetitorNamed = func(c signaltest.Cell) float64 {
		if c.Provider == "perplexity" && c.Day <= 7 {
			return 0.8
		}
		return 0.4
	}
	spec.Cites = func(c signaltest.Cell, run int) []string {
		var out []string
		if c.Provider == "chatgpt" && c.Prompt == 0 && run == 0 && c.Day > 7 {
			out = append(out, "https://www.acme.example/pricing/")
		}
		if c.Provider == "chatgpt" && c.Prompt == 0 && run == 1 && c.Day <= 4 {
			out = append(out, "https://acme.example/new-guide")
		}
		if run == 2 {
			out = append(out, "https://acme.example/docs") // cited all along: nothing
		}
		return out
	}
	spec.Ads = func(c signaltest.Cell, run int) []sightline.RunAd {
		var out []sightline.RunAd
		if c.Provider == "gemini" && c.Prompt == 1 && run == 2 && c.Day <= 3 {
			out = append(out, sightline.RunAd{Advertiser: "AdCo", Domain: "adco.com", Text: "Try AdCo"})
		}
		if c.Provider == "gemini" && c.Prompt == 2 && run == 0 {
			out = append(out, sightline.RunAd{Advertiser: "OldAds", Domain: "oldads.com", Text: "Always here"})
		}
		return out
	}
	e.ingest(t, signaltest.Records(spec), plantEnd.Add(7*time.Hour))
	list := e.signals(t)
	want := []string{
		"advertiser.new advertiser:AdCo open",
		"citation.gained page:https://acme.example/new-guide open",
		"citation.lost page:https://acme.example/pricing open",
		"share_of_voice.overtaken provider:Perplexity open by Rival",
		"visibility.dropped provider:Perplexity open",
		"visibility.dropped topic:Integrations open",
		"visibility.dropped topic:Pricing open",
	}
	if got := describe(list); !slices.Equal(got, want) {
		t.Fatalf("signals:\n%v\nwant\n%v", got, want)
	}
	byType := map[string]*sightline.Signal{}
	for _, s := range list {
		byType[s.Type+" "+s.Dimension.Kind] = s
	}
	// Overtaken over the week: Rival 4 of 5 runs, the brand 1 of 5, on 56
	// runs a day-cell row; before, Rival 2 and the brand 3.
	over := byType["share_of_voice.overtaken provider"].Numbers
	if over.Window != "week" || over.After.Successes != 7*8*4 || over.After.Trials != 7*8*5 || over.Before.Successes != 28*8*2 ||
		over.Before.Trials != 28*8*5 || math.Abs(over.After.Rate-80) > 1e-9 {
		t.Errorf("overtaken numbers %+v", over)
	}
	// Lost: cited by one run a day for 28 days of the week's baseline, in
	// 7000 − 1400 runs; not since.
	lost := byType["citation.lost page"]
	if n := lost.Numbers; n.Before.Successes != 28 || n.Before.Trials != 28*200 || n.After.Successes != 0 || n.After.Trials != 7*200 ||
		lost.Evidence.DaysBefore == nil || lost.Evidence.DaysBefore.Successes != 28 || lost.Evidence.DaysAfter.Successes != 0 {
		t.Errorf("lost numbers %+v, evidence %+v", n, lost.Evidence)
	}
	if len(lost.Evidence.Prompts) != 1 || lost.Evidence.Prompts[0].PromptID != e.w.Prompts[0] || lost.Evidence.Prompts[0].Before.Successes != 28 {
		t.Errorf("lost evidence prompts %+v", lost.Evidence.Prompts)
	}
	if len(lost.Evidence.Pages) != 1 || lost.Evidence.Pages[0].Domain != "acme.example" {
		t.Errorf("lost evidence pages %+v", lost.Evidence.Pages)
	}
	if g := byType["citation.gained page"]; g.Numbers.After.Successes != 4 || g.Evidence.DaysAfter.Successes != 4 {
		t.Errorf("gained %+v %+v", g.Numbers, g.Evidence)
	}
	if a := byType["advertiser.new advertiser"]; a.Numbers.After.Successes != 3 || a.Numbers.Before.Successes != 0 ||
		len(a.Evidence.Prompts) != 1 || a.Evidence.Prompts[0].PromptID != e.w.Prompts[1] {
		t.Errorf("advertiser %+v %+v", a.Numbers, a.Evidence)
	}
	// Another organization's key sees none of it.
	other, err := signaltest.NewWorld(context.Background(), e.db, "Other")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.db.FindSignals(context.Background(), other.OrgID, e.w.BrandID, sightline.SignalFilter{
		Window: sightline.Window{End: plantEnd}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}}); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("another organization lists the brand's signals: %v", err)
	}
	if _, err := e.db.FindSignal(context.Background(), other.OrgID, e.w.BrandID, list[0].ID); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("another organization reads a signal: %v", err)
	}
}
