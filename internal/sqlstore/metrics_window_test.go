package sqlstore_test

// Golden tests of windows whose edges are not midnights
// (docs/metrics.md#scope-and-window): the rollups answer the whole days
// inside, the fact tables only the cut parts of the edge days. Values are
// worked out by hand from the data set of metrics_golden_data_test.go, like
// the main golden tests, and checked with and without the rollups; a second
// test asks every metric over many cut windows both ways and wants identical
// answers.
//
// Window M = [2026-02-26 12:00, 2026-03-09 08:00) UTC (10 days 20 hours).
// Its previous period P' = [2026-02-15 16:00, 2026-02-26 12:00).
//
//	in M:  r03 r04 r05 r06 r07 r08 (6 runs); r02 (02-26 10:00) falls before
//	       the start on the start's day, r09 (03-09 09:00) after the end on
//	       the end's day: a whole-day rollup would count both.
//	in P': r01 r02 p03 p04 p05 (5 runs); p02 (02-15 10:00) falls before P'
//	       on its first day.
//	week buckets of M: 2026-02-23 (r03 r04; cut), 2026-03-02 (r05…r08),
//	2026-03-09 (cut, empty); month buckets 2026-02-01 (r03), 2026-03-01
//	(r04…r08).
//
// Window S = [2026-03-04 12:00, 2026-03-04 18:00): one day, both edges
// inside it: r06 (15:30). Its previous period [03-04 06:00, 12:00) is empty.

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

var (
	gCutM = sightline.Window{Start: time.Date(2026, 2, 26, 12, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 9, 8, 0, 0, 0, time.UTC)}
	gCutS = sightline.Window{Start: time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 4, 18, 0, 0, 0, time.UTC)}
)

func TestMetricsGoldenCutWindows(t *testing.T) {
	g := seedGolden(t)
	for _, mode := range []struct {
		name      string
		noRollups bool
	}{{"rollups", false}, {"facts", true}} {
		t.Run(mode.name, func(t *testing.T) {
			g.db.NoRollups = mode.noRollups
			testCutWindows(t, g)
		})
	}
}

func testCutWindows(t *testing.T, g *golden) {
	ctx := context.Background()
	inM := func(s *sightline.Scope) { s.Window = gCutM }
	inS := func(s *sightline.Scope) { s.Window = gCutS }
	pt := func(d string, total, count int, share, avg, avgPct float64) sightline.SeriesPoint {
		return sightline.SeriesPoint{Date: d, Total: total, Count: count, SharePercent: share, AverageCount: avg, AveragePercentage: avgPct}
	}

	t.Run("TopicsM", func(t *testing.T) {
		// T1 runs in M: r03 r04 r05; in P': r01 r02.
		t1 := &sightline.Topic{ID: gT1, Name: "CRM Software",
			// Acme named in r03 r05 → 2/3; previous r01 of r01 r02 → 50
			Visibility: 200.0 / 3, VisibilityDiff: 200.0/3 - 50,
			// mentions r03 2 + r04 3 + r05 2 = 7, Acme 2; previous r01 2 + r02 2 = 4, Acme 1
			ShareOfVoice: 200.0 / 7, SOVDiff: 200.0/7 - 25,
			// Acme r03 70, r05 90 → 80; previous r01 80
			Sentiment: 80, SentimentDiff: 0,
			// citations r03 2 + r04 3 + r05 3 = 8, owned r03 AB, r05 AP → 25; previous r01 2 + r02 3 = 5, owned r01 AP → 20
			CitationShare: 25, CitationShareDiff: 5,
			PromptCount: 2,
			// Acme 2 of 3 runs; Bitrix, Globex, Initech (r04), Hubspot (r05), Zoho (r03) 1 each: ties by name, Zoho cut
			TopBrands: []sightline.TopBrand{
				{ID: g.fb["Acme"], Name: "Acme", Visibility: 200.0 / 3}, {ID: g.fb["Bitrix"], Name: "Bitrix", Visibility: 100.0 / 3},
				{ID: g.fb["Globex"], Name: "Globex", Visibility: 100.0 / 3}, {ID: g.fb["Hubspot"], Name: "Hubspot", Visibility: 100.0 / 3},
				{ID: g.fb["Initech"], Name: "Initech", Visibility: 100.0 / 3}},
		}
		got, err := g.db.FindTopicByID(ctx, gOrgA, gBrandA, gT1, g.scope(inM))
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "FindTopicByID(T1) in M", t1, got, gTopicCm)
	})

	t.Run("TopicsS", func(t *testing.T) {
		// r06 alone (T2): Acme 60, Globex 80; AI owned, GF, G2. The previous period is empty.
		t2 := &sightline.Topic{ID: gT2, Name: "Email Marketing",
			Visibility: 100, VisibilityDiff: 100,
			ShareOfVoice: 50, SOVDiff: 50,
			Sentiment: 60, SentimentDiff: 60,
			CitationShare: 100.0 / 3, CitationShareDiff: 100.0 / 3,
			PromptCount: 1,
			TopBrands: []sightline.TopBrand{
				{ID: g.fb["Acme"], Name: "Acme", Visibility: 100}, {ID: g.fb["Globex"], Name: "Globex", Visibility: 100}},
		}
		got, err := g.db.FindTopicByID(ctx, gOrgA, gBrandA, gT2, g.scope(inS))
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "FindTopicByID(T2) in S", t2, got, gTopicCm)

		// the same day after 16:00: r06 (15:30) is out, r06 is in the previous period [14:00, 16:00)
		late := sightline.Window{Start: time.Date(2026, 3, 4, 16, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 4, 18, 0, 0, 0, time.UTC)}
		got, err = g.db.FindTopicByID(ctx, gOrgA, gBrandA, gT2, g.scope(func(s *sightline.Scope) { s.Window = late }))
		if err != nil {
			t.Fatal(err)
		}
		gone := &sightline.Topic{ID: gT2, Name: "Email Marketing", PromptCount: 1, TopBrands: []sightline.TopBrand{},
			VisibilityDiff: -100, SOVDiff: -50, SentimentDiff: -60, CitationShareDiff: -100.0 / 3}
		gDiff(t, "FindTopicByID(T2) in [03-04 16:00, 18:00)", gone, got, gTopicCm)
	})

	t.Run("MentionShareM", func(t *testing.T) {
		// tracked brands Acme, Globex, Initech (3); per run: r03 Acme (1 tracked), r04 Initech Globex (2),
		// r05 Acme (1), r06 Acme Globex (2), r07 Globex (1), r08 none (0)
		day := func(d string) sightline.SeriesPoint { return pt(d, 0, 0, 0, 0, 0) }
		got, err := g.db.MentionShare(ctx, gOrgA, g.scope(inM), "day")
		if err != nil {
			t.Fatal(err)
		}
		// Σcount 3 (r03 r05 r06) of 6 → 50; Σaverage (1+2+1+2+1+0)/3 = 7/3 → 100·(7/3)/6 = 38.9 < 50
		gDiff(t, "MentionShare day in M", &sightline.ShareSeries{CurrentValue: 50, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			day("2026-02-26"), // r02 (10:00) is before the start
			pt("2026-02-27", 1, 1, 100, 1.0/3, 100.0/3),
			day("2026-02-28"),
			pt("2026-03-01", 1, 0, 0, 2.0/3, 200.0/3),
			pt("2026-03-02", 1, 1, 100, 1.0/3, 100.0/3),
			day("2026-03-03"),
			pt("2026-03-04", 1, 1, 100, 2.0/3, 200.0/3),
			pt("2026-03-05", 1, 0, 0, 1.0/3, 100.0/3),
			day("2026-03-06"),
			pt("2026-03-07", 1, 0, 0, 0, 0),
			day("2026-03-08"),
			day("2026-03-09"), // r09 (09:00) is after the end
		}}, got)

		got, err = g.db.MentionShare(ctx, gOrgA, g.scope(inM), "week")
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "MentionShare week in M", &sightline.ShareSeries{CurrentValue: 50, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			pt("2026-02-23", 2, 1, 50, 1, 50),          // r03 r04: tracked 1 + 2 = 3 → 1
			pt("2026-03-02", 4, 2, 50, 4.0/3, 100.0/3), // r05…r08: tracked 1 + 2 + 1 + 0 = 4
			pt("2026-03-09", 0, 0, 0, 0, 0),            // r09 is after the end
		}}, got)

		got, err = g.db.MentionShare(ctx, gOrgA, g.scope(inM), "month")
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "MentionShare month in M", &sightline.ShareSeries{CurrentValue: 50, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			pt("2026-02-01", 1, 1, 100, 1.0/3, 100.0/3), // r03
			pt("2026-03-01", 5, 2, 40, 2, 40),           // r04…r08: Acme r05 r06; tracked 2 + 1 + 2 + 1 + 0 = 6
		}}, got)

		got, err = g.db.MentionShare(ctx, gOrgA, g.scope(inS), "week")
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "MentionShare week in S", &sightline.ShareSeries{CurrentValue: 100, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			pt("2026-03-02", 1, 1, 100, 2.0/3, 200.0/3), // r06: Acme, Globex
		}}, got)
	})

	t.Run("SummaryM", func(t *testing.T) {
		// r03 AB owned, RD earned; r04 IA competitor_owned, GP Y2 competitor_earned; r05 AP owned, Y1 RD earned;
		// r06 AI owned, GF competitor_owned, G2 earned; r07 GP TC competitor_earned; r08 TC editorial, Y2 social
		got, err := g.db.CitationSummary(ctx, gOrgA, g.scope(inM))
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "CitationSummary in M", &sightline.CitationSummary{TotalCitations: 15, Categories: []sightline.CategoryCount{
			{Category: "competitor_earned", Count: 4, Percent: 400.0 / 15}, {Category: "earned", Count: 4, Percent: 400.0 / 15},
			{Category: "owned", Count: 3, Percent: 20}, {Category: "competitor_owned", Count: 2, Percent: 200.0 / 15},
			{Category: "editorial", Count: 1, Percent: 100.0 / 15}, {Category: "social", Count: 1, Percent: 100.0 / 15}}}, got)

		got, err = g.db.CitationSummary(ctx, gOrgA, g.scope(inS))
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "CitationSummary in S", &sightline.CitationSummary{TotalCitations: 3, Categories: []sightline.CategoryCount{
			{Category: "competitor_owned", Count: 1, Percent: 100.0 / 3}, {Category: "earned", Count: 1, Percent: 100.0 / 3},
			{Category: "owned", Count: 1, Percent: 100.0 / 3}}}, got)
	})

	t.Run("DomainsOverviewM", func(t *testing.T) {
		got, err := g.db.DomainsOverview(ctx, gOrgA, g.scope(inM), "week")
		if err != nil {
			t.Fatal(err)
		}
		want := &sightline.DomainsOverview{
			// owned 3 of 15 → 20; Σaverage (1 + 1)/3 + (2 + 1)/3 = 5/3 → 100·(5/3)/15 = 11.1 < 20
			YourCitations: sightline.ShareSeries{CurrentValue: 20, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
				pt("2026-02-23", 5, 1, 20, 2.0/3, 40.0/3), // r03 2 + r04 3; owned AB; competitor_owned IA
				pt("2026-03-02", 10, 2, 20, 1, 10),        // r05 3 + r06 3 + r07 2 + r08 2; owned AP AI; competitor_owned GF
				pt("2026-03-09", 0, 0, 0, 0, 0),
			}},
			YourMentions: sightline.ShareSeries{CurrentValue: 50, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
				pt("2026-02-23", 2, 1, 50, 1, 50), pt("2026-03-02", 4, 2, 50, 4.0/3, 100.0/3), pt("2026-03-09", 0, 0, 0, 0, 0)}},
			Breakdown: []sightline.TypeCount{
				{Type: "owned", Count: 3, Percent: 20}, {Type: "competitor_owned", Count: 2, Percent: 200.0 / 15},
				{Type: "earned", Count: 4, Percent: 400.0 / 15}, {Type: "competitor_earned", Count: 4, Percent: 400.0 / 15},
				{Type: "other", Count: 2, Percent: 200.0 / 15}},
		}
		gDiff(t, "DomainsOverview week in M", want, got)
	})

	t.Run("CitationsOverviewM", func(t *testing.T) {
		got, err := g.db.CitationsOverview(ctx, gOrgA, g.scope(inM))
		if err != nil {
			t.Fatal(err)
		}
		// previous period P': r01 AP TC, r02 GF G2 TC, p03 AB G2, p04 RD TC, p05 AP = 10 citations, owned 3
		// (r01 AP, p03 AB, p05 AP), runs naming Acme 3 (r01 p03 p05), no youtube, reddit p04 RD (Hubspot only: 0)
		type day struct{ total, own, runs, yt, rd int }
		days := []struct {
			d string
			v day
		}{
			{"2026-02-26", day{}}, {"2026-02-27", day{2, 1, 1, 0, 1}}, {"2026-02-28", day{}},
			{"2026-03-01", day{3, 0, 0, 0, 0}}, {"2026-03-02", day{3, 1, 1, 1, 1}}, {"2026-03-03", day{}},
			{"2026-03-04", day{3, 1, 1, 0, 0}}, {"2026-03-05", day{2, 0, 0, 0, 0}}, {"2026-03-06", day{}},
			{"2026-03-07", day{2, 0, 0, 0, 0}}, {"2026-03-08", day{}}, {"2026-03-09", day{}},
		}
		pts := func(f func(day) int) []sightline.CountPoint {
			var out []sightline.CountPoint
			for _, d := range days {
				out = append(out, sightline.CountPoint{Date: d.d, Count: f(d.v)})
			}
			return out
		}
		brand, rate := 8, 800.0/15 // citations in answers naming Acme: r03 2 + r05 3 + r06 3
		want := sightline.SummaryStats{
			TotalCitations: sightline.SummaryStat{Count: 15, DeltaPercent: 50, BrandCount: &brand, BrandRate: &rate,
				DataPoints: pts(func(v day) int { return v.total })},
			YourCitations:  sightline.SummaryStat{Count: 3, DeltaPercent: 0, DataPoints: pts(func(v day) int { return v.own })},
			YourMentions:   sightline.SummaryStat{Count: 3, DeltaPercent: 0, DataPoints: pts(func(v day) int { return v.runs })},
			YouTubeMention: sightline.SummaryStat{Count: 1, DeltaPercent: 100, DataPoints: pts(func(v day) int { return v.yt })},
			RedditMentions: sightline.SummaryStat{Count: 2, DeltaPercent: 200, DataPoints: pts(func(v day) int { return v.rd })},
		}
		gDiff(t, "CitationsOverview summary stats in M", want, got.SummaryStats)
	})
}

// TestMetricsCutWindowsRollupsEqualFacts asks every metric over windows
// cut at many hours, with and without filters, once with the rollups and
// once from the fact tables only: the answers must be identical.
func TestMetricsCutWindowsRollupsEqualFacts(t *testing.T) {
	g := seedGolden(t)
	ctx := context.Background()
	at := func(d, h int) time.Time { return time.Date(2026, 2, d, h, 0, 0, 0, time.UTC) } // day 29 = March 1
	windows := []sightline.Window{
		gCutM, gCutS,
		{Start: at(25, 0), End: at(39, 0)},  // W: whole days
		{Start: at(26, 11), End: at(37, 9)}, // both edges cut, a run on each side of the start's day
		{Start: at(24, 12), End: at(38, 1)}, // straddles Monday 03-02 and the month
		{Start: at(26, 9), End: at(26, 11)}, // inside one day around r02
		{Start: at(27, 9), End: at(30, 0)},  // starts at a run, ends at a midnight
		{Start: at(20, 0), End: at(37, 23)}, // midnight start, cut end
		// periods cut on a Saturday and on a Sunday: the overview reads the
		// previous period's last days as their week minus the days after
		// the cut, which hold r04 (rollupPieces); cut on a Tuesday (and on
		// a Wednesday: W above, p04 before the cut), the current period's
		// first days as their week minus the days before the cut
		{Start: at(28, 0), End: at(40, 0)},
		{Start: at(29, 0), End: at(41, 0)},
		{Start: at(24, 0), End: at(38, 0)},
		{Start: time.Date(2026, 2, 26, 10, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 10, 23, 59, 59, 999999000, time.UTC).Add(time.Microsecond)},
		// the week of 03-09 has no row after o02 (03-11): a range of its
		// days ending later is read as the whole week (quietWeeks), here
		// also with the end's day cut; nor has the week of 02-09 a row
		// before o01 (02-10), so a start on 02-10 reads that week whole
		// too, while one on 02-11 must not (o01 lies before it)
		{Start: at(10, 0), End: at(40, 0)},
		{Start: at(11, 0), End: at(41, 12)},
		{Start: at(25, 6), End: at(40, 12)},
	}
	filters := []struct {
		name string
		mod  func(*sightline.Scope)
	}{
		{"default", func(*sightline.Scope) {}},
		{"topic+provider", func(s *sightline.Scope) { s.TopicIDs, s.ProviderIDs = []string{gT1}, []string{g.chatgpt} }},
		// one side of the pair only, and several of one: every topic and
		// provider pair of daily_topic_pages that the filter spans
		{"topics", func(s *sightline.Scope) { s.TopicIDs = []string{gT1, gT2} }},
		{"provider", func(s *sightline.Scope) { s.ProviderIDs = []string{g.perplex} }},
		{"topic+domains", func(s *sightline.Scope) {
			s.TopicIDs, s.Domains = []string{gT1}, []string{"acme.com", "techcrunch.com"}
		}},
		{"target=globex", func(s *sightline.Scope) { s.TargetBrand = "globex" }},
		{"domains=reddit.com", func(s *sightline.Scope) { s.Domains = []string{"reddit.com"} }},
		{"brand_ids", func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Globex", "Zoho") }},
	}
	// answers returns every metric of the scope, labelled.
	answers := func(t *testing.T, s sightline.Scope) map[string]any {
		t.Helper()
		out := map[string]any{}
		put := func(name string, v any, err error) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out[name] = v
		}
		topics, _, err := g.db.FindTopics(ctx, gOrgA, gBrandA, sightline.TopicFilter{Scope: s, PageRequest: gPage1})
		put("topics", topics, err)
		topic, err := g.db.FindTopicByID(ctx, gOrgA, gBrandA, gT1, s)
		put("topic T1", topic, err)
		for _, gr := range sightline.Granularities {
			sov, _, err := g.db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: s, Granularity: gr, PageRequest: gPage1})
			put("share_of_voice "+gr, sov, err)
			ms, err := g.db.MentionShare(ctx, gOrgA, s, gr)
			put("mention_share "+gr, ms, err)
			do, err := g.db.DomainsOverview(ctx, gOrgA, s, gr)
			put("domains overview "+gr, do, err)
		}
		pages, _, err := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1})
		put("pages", pages, err)
		domains, _, err := g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1})
		put("domains", domains, err)
		sum, err := g.db.CitationSummary(ctx, gOrgA, s)
		put("summary", sum, err)
		ov, err := g.db.CitationsOverview(ctx, gOrgA, s)
		put("citations overview", ov, err)
		comps, _, err := g.db.FindCompetitors(ctx, gOrgA, sightline.CompetitorFilter{Scope: s, PageRequest: gPage1})
		put("competitors", comps, err)
		ads, total, err := g.db.FindAds(ctx, gOrgA, sightline.AdFilter{Scope: s, PageRequest: gPage1})
		put("ads", ads, err)
		put("ads total", total, err)
		runs, total, err := g.db.FindRuns(ctx, gOrgA, sightline.RunFilter{Scope: s, PageRequest: gPage1})
		put("runs", runs, err)
		put("runs total", total, err)
		rates, err := g.db.FindAnswerRates(ctx, gOrgA, s)
		put("answer rates", rates, err)
		advs, _, err := g.db.FindAdvertisers(ctx, gOrgA, sightline.AdFilter{Scope: s, PageRequest: gPage1})
		put("advertisers", advs, err)
		for _, a := range advs {
			one, err := g.db.FindAdvertiserByID(ctx, gOrgA, a.AdvertiserID, s)
			put("advertiser "+a.AdvertiserName, one, err)
		}
		return out
	}
	// Every window is asked with the first two filters, and each other
	// filter with every third window, a different third for neighbouring
	// filters: each window meets four filters and each filter at least
	// five windows, which is half the cross product's reads.
	for i, w := range windows {
		for j, f := range filters {
			if j >= 2 && i%3 != (j-2)%3 {
				continue
			}
			name := fmt.Sprintf("%s..%s/%s", w.Start.Format("01-02T15"), w.End.Format("01-02T15:04:05.999999"), f.name)
			t.Run(name, func(t *testing.T) {
				s := g.scope(func(s *sightline.Scope) { s.Window = w }, f.mod)
				g.db.NoRollups = false
				withRollups := answers(t, s)
				g.db.NoRollups = true
				facts := answers(t, s)
				g.db.NoRollups = false
				for k, v := range facts {
					gDiff(t, k, v, withRollups[k], gTopicCm)
				}
			})
		}
	}
}

// TrackedOnly lists the brand's own and its competitors' share-of-voice
// rows with the numbers they have among all rows, and counts only them:
// the dashboard reads no series of the other brands answers name.
func TestShareOfVoiceTrackedOnly(t *testing.T) {
	g := seedGolden(t)
	ctx := context.Background()
	f := sightline.SOVFilter{Scope: g.scope(), Granularity: "day", PageRequest: gPage1}
	all, totalAll, err := g.db.FindShareOfVoice(ctx, gOrgA, f)
	if err != nil {
		t.Fatal(err)
	}
	f.TrackedOnly = true
	tracked, total, err := g.db.FindShareOfVoice(ctx, gOrgA, f)
	if err != nil {
		t.Fatal(err)
	}
	var want []*sightline.SOVRow
	for _, r := range all {
		if r.Kind != sightline.FoundBrandOther {
			want = append(want, r)
		}
	}
	if len(want) == len(all) || len(want) == 0 {
		t.Fatalf("the golden data has %d rows, %d of them tracked: want both kinds", len(all), len(want))
	}
	if total != len(want) || totalAll != len(all) {
		t.Errorf("totals %d tracked, %d all; want %d, %d", total, totalAll, len(want), len(all))
	}
	gDiff(t, "tracked rows", want, tracked)
}
