package sqlstore_test

// Golden tests of the sample sizes, 95 % Wilson intervals and significance
// served beside the rates
// (docs/metrics.md#sample-sizes-intervals-and-significance). The counts k/n
// come from the tallies at the top of metrics_golden_test.go; every interval
// is written below as a number worked out by hand (to 6 decimals) and also
// recomputed by wilsonRoots, an independent form of the Wilson interval (the
// roots of its quadratic).

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/signal/signaltest"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

func init() {
	// The comparisons of metrics_golden_test.go check the values; the
	// statistics beside them are checked in this file.
	gCmpOpts = append(gCmpOpts, cmp.Options{
		cmpopts.IgnoreFields(sightline.Topic{}, "VisibilitySampleSize", "VisibilityCILow", "VisibilityCIHigh", "VisibilityDiffSignificant",
			"ShareOfVoiceSampleSize", "ShareOfVoiceCILow", "ShareOfVoiceCIHigh", "SOVDiffSignificant",
			"CitationShareSampleSize", "CitationShareCILow", "CitationShareCIHigh", "CitationShareDiffSignificant"),
		cmpopts.IgnoreFields(sightline.TopBrand{}, "SampleSize", "CILow", "CIHigh"),
		cmpopts.IgnoreFields(sightline.Competitor{}, "SampleSize", "CILow", "CIHigh"),
		cmpopts.IgnoreFields(sightline.SOVAggregate{}, "SOVStats"),
		cmpopts.IgnoreFields(sightline.SOVPoint{}, "SOVStats"),
		cmpopts.IgnoreFields(sightline.SOVDiff{}, "VisibilitySignificant", "ShareOfVoiceSignificant"),
		cmpopts.IgnoreFields(sightline.CitationRow{}, "TotalCitationSampleSize", "TotalCitationCILow", "TotalCitationCIHigh",
			"BrandCitationSampleSize", "BrandCitationCILow", "BrandCitationCIHigh"),
		cmpopts.IgnoreFields(sightline.SeriesPoint{}, "SampleSize", "CILow", "CIHigh"),
		cmpopts.IgnoreFields(sightline.ShareSeries{}, "SampleSize", "CILow", "CIHigh"),
		cmpopts.IgnoreFields(sightline.SummaryStat{}, "Significant"),
		cmpopts.IgnoreFields(sightline.SummaryStat{}, "BrandRateStats"),
	})
}

// wilsonRoots is the 95 % Wilson interval in percent as the two roots p of
// (p̂ − p)² = z² p (1 − p) / n, i.e. (1 + z²/n) p² − (2p̂ + z²/n) p + p̂² = 0.
func wilsonRoots(k, n int) (lo, hi float64) {
	const z = 1.959963984540054
	p, z2n := float64(k)/float64(n), z*z/float64(n)
	a, b, c := 1+z2n, -(2*p + z2n), p*p
	d := math.Sqrt(b*b - 4*a*c)
	return 100 * (-b - d) / (2 * a), 100 * (-b + d) / (2 * a)
}

// ci is an expected rate: k of n, and its interval worked out by hand.
type ci struct {
	k, n   int
	lo, hi float64
}

// none is the expectation of a rate without trials: n = 0, no interval.
var none = ci{}

// wantCI checks a served sample size and interval against want.
func wantCI(t *testing.T, what string, n int, lo, hi *float64, want ci) {
	t.Helper()
	if n != want.n {
		t.Errorf("%s: sample size %d, want %d", what, n, want.n)
	}
	if want.n == 0 {
		if lo != nil || hi != nil {
			t.Errorf("%s: interval %v–%v without trials, want null", what, lo, hi)
		}
		return
	}
	if lo == nil || hi == nil {
		t.Errorf("%s: no interval for %d/%d", what, want.k, want.n)
		return
	}
	rl, rh := wilsonRoots(want.k, want.n)
	if math.Abs(*lo-want.lo) > 1e-6 || math.Abs(*hi-want.hi) > 1e-6 || math.Abs(*lo-rl) > 1e-9 || math.Abs(*hi-rh) > 1e-9 {
		t.Errorf("%s: interval [%.9f, %.9f] of %d/%d, want [%.6f, %.6f] (roots [%.9f, %.9f])", what, *lo, *hi, want.k, want.n, want.lo, want.hi, rl, rh)
	}
}

func wantSig(t *testing.T, what string, got, want bool) {
	t.Helper()
	if got != want {
		t.Errorf("%s: significant = %v, want %v", what, got, want)
	}
}

func TestMetricsStatsGolden(t *testing.T) {
	for _, mode := range []struct {
		name      string
		noRollups bool
	}{{"rollups", false}, {"facts", true}} {
		t.Run(mode.name, func(t *testing.T) { testMetricsStatsGolden(t, mode.noRollups) })
	}
}

func testMetricsStatsGolden(t *testing.T, noRollups bool) {
	g := seedGolden(t)
	ctx := context.Background()
	db := g.db
	db.NoRollups = noRollups

	t.Run("Topics", func(t *testing.T) {
		// T1: visibility 3 of 5 runs (previous 1 of 2); share of voice 3 of
		// 11 mentions (1 of 3); citation share 3 of 13 citations (1 of 4).
		// Every side has fewer than 30 trials: nothing is significant.
		t1, err := db.FindTopicByID(ctx, gOrgA, gBrandA, gT1, g.scope())
		if err != nil {
			t.Fatal(err)
		}
		wantCI(t, "T1 visibility", t1.VisibilitySampleSize, t1.VisibilityCILow, t1.VisibilityCIHigh, ci{3, 5, 23.072428, 88.237923})
		wantCI(t, "T1 share_of_voice", t1.ShareOfVoiceSampleSize, t1.ShareOfVoiceCILow, t1.ShareOfVoiceCIHigh, ci{3, 11, 9.746059, 56.564530})
		wantCI(t, "T1 citation_share", t1.CitationShareSampleSize, t1.CitationShareCILow, t1.CitationShareCIHigh, ci{3, 13, 8.179529, 50.256376})
		wantSig(t, "T1 visibility_diff", t1.VisibilityDiffSignificant, false)
		wantSig(t, "T1 sov_diff", t1.SOVDiffSignificant, false)
		wantSig(t, "T1 citation_share_diff", t1.CitationShareDiffSignificant, false)
		// top brands: Acme 3/5, Globex 3/5, Hubspot 2/5, Bitrix 1/5, Initech 1/5
		wantTop := []ci{{3, 5, 23.072428, 88.237923}, {3, 5, 23.072428, 88.237923}, {2, 5, 11.762077, 76.927572},
			{1, 5, 3.622411, 62.446537}, {1, 5, 3.622411, 62.446537}}
		if len(t1.TopBrands) != len(wantTop) {
			t.Fatalf("T1 top brands: %d, want %d", len(t1.TopBrands), len(wantTop))
		}
		for i, b := range t1.TopBrands {
			wantCI(t, "T1 top brand "+b.Name, b.SampleSize, b.CILow, b.CIHigh, wantTop[i])
		}

		// T2: visibility 1 of 3 (1 of 2), share of voice 1 of 4 (1 of 3),
		// citation share 1 of 7 (1 of 4); top brands Globex 2/3, Acme 1/3, Zoho 1/3.
		t2, err := db.FindTopicByID(ctx, gOrgA, gBrandA, gT2, g.scope())
		if err != nil {
			t.Fatal(err)
		}
		wantCI(t, "T2 visibility", t2.VisibilitySampleSize, t2.VisibilityCILow, t2.VisibilityCIHigh, ci{1, 3, 6.149194, 79.234040})
		wantCI(t, "T2 share_of_voice", t2.ShareOfVoiceSampleSize, t2.ShareOfVoiceCILow, t2.ShareOfVoiceCIHigh, ci{1, 4, 4.558726, 69.935816})
		wantCI(t, "T2 citation_share", t2.CitationShareSampleSize, t2.CitationShareCILow, t2.CitationShareCIHigh, ci{1, 7, 2.567962, 51.312783})
		wantCI(t, "T2 top brand Globex", t2.TopBrands[0].SampleSize, t2.TopBrands[0].CILow, t2.TopBrands[0].CIHigh, ci{2, 3, 20.765960, 93.850806})

		// T3 was never run: n = 0 everywhere, intervals null (also in JSON).
		list, _, err := db.FindTopics(ctx, gOrgA, gBrandA, sightline.TopicFilter{Scope: g.scope(), TopicIDs: []string{gT3}, PageRequest: gPage1})
		if err != nil || len(list) != 1 {
			t.Fatalf("FindTopics(T3) = %d topics, %v", len(list), err)
		}
		t3 := list[0]
		wantCI(t, "T3 visibility", t3.VisibilitySampleSize, t3.VisibilityCILow, t3.VisibilityCIHigh, none)
		wantCI(t, "T3 share_of_voice", t3.ShareOfVoiceSampleSize, t3.ShareOfVoiceCILow, t3.ShareOfVoiceCIHigh, none)
		wantCI(t, "T3 citation_share", t3.CitationShareSampleSize, t3.CitationShareCILow, t3.CitationShareCIHigh, none)
		wantSig(t, "T3 visibility_diff", t3.VisibilityDiffSignificant, false)
		b, err := json.Marshal(t3)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{`"visibility_sample_size":0`, `"visibility_ci_low":null`, `"visibility_ci_high":null`,
			`"share_of_voice_ci_low":null`, `"citation_share_ci_high":null`, `"visibility_diff_significant":false`} {
			if !bytes.Contains(b, []byte(f)) {
				t.Errorf("T3 JSON lacks %s: %s", f, b)
			}
		}
		if bytes.Contains(b, []byte("NaN")) {
			t.Errorf("T3 JSON has NaN: %s", b)
		}
	})

	t.Run("ShareOfVoice", func(t *testing.T) {
		// Acme: 5 of 10 runs, 5 of 18 mentions; Hubspot 3 of 10, 3 of 18;
		// Bitrix (never named before) 1 of 10, 1 of 18.
		rows, _, err := db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: g.scope(), Granularity: "month", PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string][2]ci{
			"Acme":    {{5, 10, 23.659309, 76.340691}, {5, 18, 12.499753, 50.872657}},
			"Hubspot": {{3, 10, 10.779127, 60.322185}, {3, 18, 5.836577, 39.222038}},
			"Bitrix":  {{1, 10, 1.787621, 40.415003}, {1, 18, 0.987519, 25.757301}},
		}
		seen := 0
		for _, r := range rows {
			w, ok := want[r.Name]
			if !ok {
				continue
			}
			seen++
			a := r.AggregateMetrics
			wantCI(t, r.Name+" visibility", a.VisibilitySampleSize, a.VisibilityCILow, a.VisibilityCIHigh, w[0])
			wantCI(t, r.Name+" share_of_voice", a.ShareOfVoiceSampleSize, a.ShareOfVoiceCILow, a.ShareOfVoiceCIHigh, w[1])
			wantSig(t, r.Name+" diff.visibility", r.Diff.VisibilitySignificant, false)
			wantSig(t, r.Name+" diff.share_of_voice", r.Diff.ShareOfVoiceSignificant, false)
		}
		if seen != len(want) {
			t.Errorf("found %d of the rows %v", seen, want)
		}
		// month buckets: 2026-02 (Feb 25–28) r01–r03, 3 runs, 2 + 2 + 2 = 6
		// mentions; 2026-03 r04–r10 (r04 is on Mar 1), 7 runs, 3 + 2 + 2 + 2 +
		// 0 + 2 + 1 = 12 mentions. Acme: r01 r03 (2), r05 r06 r09 (3);
		// Bitrix: none in February (n > 0, k = 0: the interval starts at 0), r04 (1).
		wantPoints := map[string][2][2]ci{
			"Acme":   {{{2, 3, 20.765960, 93.850806}, {2, 6, 9.677141, 70.000668}}, {{3, 7, 15.821986, 74.954164}, {3, 12, 8.894167, 53.230533}}},
			"Bitrix": {{{0, 3, 0, 56.149703}, {0, 6, 0, 39.033429}}, {{1, 7, 2.567962, 51.312783}, {1, 12, 1.486509, 35.387991}}},
		}
		for _, r := range rows {
			w, ok := wantPoints[r.Name]
			if !ok {
				continue
			}
			if len(r.TimeBasedMetrics) != 2 {
				t.Fatalf("%s: %d points, want 2", r.Name, len(r.TimeBasedMetrics))
			}
			for i, p := range r.TimeBasedMetrics {
				wantCI(t, r.Name+" "+p.Date+" visibility", p.VisibilitySampleSize, p.VisibilityCILow, p.VisibilityCIHigh, w[i][0])
				wantCI(t, r.Name+" "+p.Date+" share_of_voice", p.ShareOfVoiceSampleSize, p.ShareOfVoiceCILow, p.ShareOfVoiceCIHigh, w[i][1])
			}
		}
		// a window without runs: every rate n = 0, intervals null
		empty, _, err := db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: g.scope(func(s *sightline.Scope) {
			s.Window = sightline.Window{Start: gW.Start.AddDate(1, 0, 0), End: gW.Start.AddDate(1, 0, 7)}
		}), Granularity: "week", PageRequest: gPage1})
		if err != nil || len(empty) == 0 {
			t.Fatalf("FindShareOfVoice(empty window) = %d rows, %v", len(empty), err)
		}
		for _, r := range empty {
			a := r.AggregateMetrics
			wantCI(t, "empty "+r.Name+" visibility", a.VisibilitySampleSize, a.VisibilityCILow, a.VisibilityCIHigh, none)
			wantCI(t, "empty "+r.Name+" share_of_voice", a.ShareOfVoiceSampleSize, a.ShareOfVoiceCILow, a.ShareOfVoiceCIHigh, none)
			for _, p := range r.TimeBasedMetrics {
				wantCI(t, "empty "+r.Name+" "+p.Date, p.VisibilitySampleSize, p.VisibilityCILow, p.VisibilityCIHigh, none)
			}
		}
	})

	t.Run("CitationRows", func(t *testing.T) {
		// 24 citations in W, 12 in answers naming Acme. AP: cited by r01,
		// r05, r09 (all name Acme) → 3 of 24, brand 3 of 12. TC: r01 (names
		// Acme), r02, r07, r08 → 4 of 24, brand 1 of 12.
		pages, _, err := db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string][2]ci{
			gAP: {{3, 24, 4.344334, 31.003881}, {3, 12, 8.894167, 53.230533}},
			gTC: {{4, 24, 6.678676, 35.853071}, {1, 12, 1.486509, 35.387991}},
		}
		seen := 0
		for _, r := range pages {
			if w, ok := want[r.Page]; ok {
				seen++
				wantCI(t, r.Page+" total", r.TotalCitationSampleSize, r.TotalCitationCILow, r.TotalCitationCIHigh, w[0])
				wantCI(t, r.Page+" brand", r.BrandCitationSampleSize, r.BrandCitationCILow, r.BrandCitationCIHigh, w[1])
			}
		}
		if seen != len(want) {
			t.Errorf("found %d of the pages", seen)
		}
		// domains: acme.com is AP 3 + AB 1 = 4 of 24, brand 4 of 12
		domains, _, err := db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range domains {
			if r.Domain == "acme.com" {
				wantCI(t, "acme.com total", r.TotalCitationSampleSize, r.TotalCitationCILow, r.TotalCitationCIHigh, ci{4, 24, 6.678676, 35.853071})
				wantCI(t, "acme.com brand", r.BrandCitationSampleSize, r.BrandCitationCILow, r.BrandCitationCIHigh, ci{4, 12, 13.812009, 60.937791})
			}
		}
		// a filter that keeps nothing: no rows at all, so nothing to check
		// beyond the empty list
	})

	t.Run("MentionShare", func(t *testing.T) {
		// weeks: 02-23 r01–r04, Acme r01 r03 (2 of 4); 03-02 r05–r08, Acme
		// r05 r06 (2 of 4); 03-09 r09 r10, Acme r09 (1 of 2); window 5 of 10.
		s, err := db.MentionShare(ctx, gOrgA, g.scope(), "week")
		if err != nil {
			t.Fatal(err)
		}
		wantCI(t, "current_value", s.SampleSize, s.CILow, s.CIHigh, ci{5, 10, 23.659309, 76.340691})
		want := []ci{{2, 4, 15.003899, 84.996101}, {2, 4, 15.003899, 84.996101}, {1, 2, 9.453121, 90.546879}}
		if len(s.DataPoints) != len(want) {
			t.Fatalf("%d points, want %d", len(s.DataPoints), len(want))
		}
		for i, p := range s.DataPoints {
			wantCI(t, "point "+p.Date, p.SampleSize, p.CILow, p.CIHigh, want[i])
		}
		// a window without runs: every point n = 0, interval null
		empty, err := db.MentionShare(ctx, gOrgA, g.scope(func(s *sightline.Scope) {
			s.Window = sightline.Window{Start: gW.Start.AddDate(1, 0, 0), End: gW.Start.AddDate(1, 0, 7)}
		}), "day")
		if err != nil {
			t.Fatal(err)
		}
		wantCI(t, "empty current_value", empty.SampleSize, empty.CILow, empty.CIHigh, none)
		for _, p := range empty.DataPoints {
			wantCI(t, "empty point "+p.Date, p.SampleSize, p.CILow, p.CIHigh, none)
		}
	})

	t.Run("DomainsOverview", func(t *testing.T) {
		// your_citations: owned 5 of 24 citations; your_mentions 5 of 10 runs
		o, err := db.DomainsOverview(ctx, gOrgA, g.scope(), "month")
		if err != nil {
			t.Fatal(err)
		}
		wantCI(t, "your_citations", o.YourCitations.SampleSize, o.YourCitations.CILow, o.YourCitations.CIHigh, ci{5, 24, 9.244825, 40.470453})
		wantCI(t, "your_mentions", o.YourMentions.SampleSize, o.YourMentions.CILow, o.YourMentions.CIHigh, ci{5, 10, 23.659309, 76.340691})
	})

	t.Run("Competitors", func(t *testing.T) {
		// Globex named in r01 r02 r04 r06 r07 (5 of 10), Initech r04 r09 (2 of 10)
		comps, _, err := db.FindCompetitors(ctx, gOrgA, sightline.CompetitorFilter{Scope: g.scope(), PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]ci{"Globex": {5, 10, 23.659309, 76.340691}, "Initech": {2, 10, 5.668215, 50.983753}}
		if len(comps) != len(want) {
			t.Fatalf("%d competitors", len(comps))
		}
		for _, c := range comps {
			wantCI(t, c.Name, c.SampleSize, c.CILow, c.CIHigh, want[c.Name])
		}
	})

	t.Run("SummaryStats", func(t *testing.T) {
		// delta_percent compares counts of two periods of equal length:
		// total citations 24 vs 9: 33 events, z = 15/√33 = 2.611 ≥ 1.96 →
		// significant; owned 5 vs 3, runs naming Acme 5 vs 3, youtube 1 vs
		// 0, reddit 2 vs 0: fewer than 30 events → not.
		o, err := db.CitationsOverview(ctx, gOrgA, g.scope())
		if err != nil {
			t.Fatal(err)
		}
		s := o.SummaryStats
		// brand_rate: 12 of the 24 citations are in answers naming Acme
		tc := s.TotalCitations
		if tc.BrandRateStats == nil || s.YourCitations.BrandRateStats != nil {
			t.Fatal("brand_rate statistics missing on total_citations, or present elsewhere")
		}
		wantCI(t, "brand_rate", tc.BrandRateSampleSize, tc.BrandRateCILow, tc.BrandRateCIHigh, ci{12, 24, 31.427426, 68.572574})
		wantSig(t, "total_citations", s.TotalCitations.Significant, true)
		wantSig(t, "your_citations", s.YourCitations.Significant, false)
		wantSig(t, "your_mentions", s.YourMentions.Significant, false)
		wantSig(t, "youtube_mentions", s.YouTubeMention.Significant, false)
		wantSig(t, "reddit_mentions", s.RedditMentions.Significant, false)
		// a window without citations: no interval, nothing significant
		o, err = db.CitationsOverview(ctx, gOrgA, g.scope(func(s *sightline.Scope) {
			s.Window = sightline.Window{Start: gW.Start.AddDate(1, 0, 0), End: gW.Start.AddDate(1, 0, 7)}
		}))
		if err != nil {
			t.Fatal(err)
		}
		tc = o.SummaryStats.TotalCitations
		wantCI(t, "empty brand_rate", tc.BrandRateSampleSize, tc.BrandRateCILow, tc.BrandRateCIHigh, none)
		wantSig(t, "empty total_citations", tc.Significant, false)
	})
}

// TestMetricsStatsSignificance checks significance where the samples are
// large enough: a generated brand (signaltest) with 10 runs a day per
// prompt on one provider, one prompt per topic, over 20 days; the window
// is the last 10 days, the previous period the 10 before.
//
//	topic Pricing (prompt 1): days 1–2 all 10 runs name Acme, days 3–10
//	  6 of 10, days 11–20 3 of 10 → window 20 + 48 = 68 of 100, previous
//	  30 of 100: pooled 0.49, se = √(0.49·0.51·0.02) = 0.070697,
//	  z = 0.38/0.070697 = 5.375 → significant.
//	topic Integrations (prompt 5): 5 of 10 in the window, 4 of 10 before →
//	  50 of 100 vs 40 of 100: pooled 0.45, se = 0.070356, z = 1.421 → not.
//	window of the last 2 days, previous days 3–4: Pricing 20 of 20 vs 12
//	  of 20 (z = 3.16) → not significant: fewer than 30 trials a side.
//	share of voice: only Acme is named → 100 % of mentions in both
//	  periods, no variance → not significant.
//	brand visibility (share of voice row): 118 of 200 vs 70 of 200,
//	  pooled 0.47, se = 0.049910, z = 4.809 → significant.
func TestMetricsStatsSignificance(t *testing.T) {
	ctx := context.Background()
	db := sqlstoretest.MustOpenDB(t)
	w, err := signaltest.NewWorld(ctx, db, "Significance Org")
	if err != nil {
		t.Fatal(err)
	}
	end := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	spec := signaltest.Spec{BrandID: w.BrandID, Brand: w.Brand, Prompts: []string{w.Prompts[0], w.Prompts[4]},
		Providers: []string{"chatgpt"}, End: end, Days: 20, Runs: 10,
		Named: func(c signaltest.Cell) float64 {
			switch {
			case c.Prompt == 1 && c.Day <= 10:
				return 0.5
			case c.Prompt == 1:
				return 0.4
			case c.Day <= 2:
				return 1
			case c.Day <= 10:
				return 0.6
			}
			return 0.3
		}}
	if _, err := ingest.New(db).Ingest(ctx, bytes.NewReader(signaltest.JSONL(signaltest.Records(spec))), ingest.Options{}); err != nil {
		t.Fatal(err)
	}
	scope := sightline.Scope{BrandID: w.BrandID, Window: sightline.Window{Start: end.AddDate(0, 0, -10), End: end}}
	topics, _, err := db.FindTopics(ctx, w.OrgID, w.BrandID, sightline.TopicFilter{Scope: scope, PageRequest: gPage1})
	if err != nil || len(topics) != 2 {
		t.Fatalf("FindTopics = %d, %v", len(topics), err)
	}
	for _, tp := range topics {
		switch tp.Name {
		case "Pricing":
			wantCI(t, "Pricing visibility", tp.VisibilitySampleSize, tp.VisibilityCILow, tp.VisibilityCIHigh, ci{68, 100, 58.337381, 76.330853})
			wantSig(t, "Pricing visibility_diff", tp.VisibilityDiffSignificant, true)
			wantCI(t, "Pricing share_of_voice", tp.ShareOfVoiceSampleSize, tp.ShareOfVoiceCILow, tp.ShareOfVoiceCIHigh, ci{68, 68, 94.652866, 100})
			wantSig(t, "Pricing sov_diff", tp.SOVDiffSignificant, false)
			wantCI(t, "Pricing citation_share", tp.CitationShareSampleSize, tp.CitationShareCILow, tp.CitationShareCIHigh, none)
		case "Integrations":
			wantCI(t, "Integrations visibility", tp.VisibilitySampleSize, tp.VisibilityCILow, tp.VisibilityCIHigh, ci{50, 100, 40.383153, 59.616847})
			wantSig(t, "Integrations visibility_diff", tp.VisibilityDiffSignificant, false)
		default:
			t.Errorf("topic %q", tp.Name)
		}
	}
	short := sightline.Scope{BrandID: w.BrandID, Window: sightline.Window{Start: end.AddDate(0, 0, -2), End: end}, TopicIDs: []string{w.TopicIDs[0]}}
	tp, err := db.FindTopicByID(ctx, w.OrgID, w.BrandID, w.TopicIDs[0], short)
	if err != nil {
		t.Fatal(err)
	}
	wantCI(t, "Pricing, 2 days", tp.VisibilitySampleSize, tp.VisibilityCILow, tp.VisibilityCIHigh, ci{20, 20, 83.887484, 100})
	wantSig(t, "Pricing, 2 days: visibility_diff (20 trials)", tp.VisibilityDiffSignificant, false)

	rows, _, err := db.FindShareOfVoice(ctx, w.OrgID, sightline.SOVFilter{Scope: scope, Granularity: "month", PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Name != "Acme" {
			continue
		}
		a := r.AggregateMetrics
		wantCI(t, "Acme visibility", a.VisibilitySampleSize, a.VisibilityCILow, a.VisibilityCIHigh, ci{118, 200, 52.076459, 65.584325})
		wantSig(t, "Acme diff.visibility", r.Diff.VisibilitySignificant, true)
		wantSig(t, "Acme diff.share_of_voice", r.Diff.ShareOfVoiceSignificant, false)
		return
	}
	t.Errorf("no Acme row among %d", len(rows))
}
