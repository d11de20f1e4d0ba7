package sqlstore_test

// Golden tests of the metrics (docs/metrics.md): every expected value below
// is worked out by hand from the data set of metrics_golden_data_test.go
// (see its tables), never taken from the code. Floats are compared within
// 1e-9; fractions are written as exact constant expressions (300.0 / 11).
//
// Tallies of the data set used throughout (window W, previous period P):
//
//	runs in W: r01…r10 = 10; in P: p01…p05 = 5 (o01, o02 are outside both).
//	found brands named per run (W): r01 {Acme, Globex}, r02 {Globex, Hubspot},
//	  r03 {Acme, Zoho} ("Acme" and "Acme Inc" are one mention), r04 {Bitrix,
//	  Initech, Globex} ("Globex Corp" is Globex), r05 {Acme, Hubspot}, r06 {Acme,
//	  Globex}, r07 {Globex, Zoho}, r08 {}, r09 {Acme, Initech}, r10 {Hubspot}
//	  → 18 mentions: Acme 5, Globex 5, Hubspot 3, Zoho 2, Initech 2, Bitrix 1.
//	(P): p01 {Acme, Globex}, p02 {Globex}, p03 {Acme, Zoho}, p04 {Hubspot},
//	  p05 {Acme} → 7 mentions: Acme 3, Globex 2, Zoho 1, Hubspot 1.
//	citations per run (W): r01 2 (AP cited twice is one citation), r02 3,
//	  r03 2, r04 3, r05 3, r06 3, r07 2, r08 2, r09 2, r10 2 = 24;
//	  (P): 2+2+2+2+1 = 9.
//	ownership classes in W (target Acme; competitor domains globex.com,
//	  initech.com; first match wins):
//	  r01 AP owned, TC earned            r06 AI owned, GF competitor_owned, G2 earned
//	  r02 GF competitor_owned,           r07 GP competitor_earned, TC competitor_earned
//	      G2 competitor_earned,          r08 TC editorial, Y2 social (no brand named)
//	      TC competitor_earned           r09 AP owned, IA competitor_owned
//	  r03 AB owned, RD earned            r10 G2 review, RD social (Hubspot is untracked)
//	  r04 IA competitor_owned,
//	      GP competitor_earned, Y2 competitor_earned
//	  r05 AP owned, Y1 earned, RD earned
//	  → owned 5, competitor_owned 4, earned 5, competitor_earned 6,
//	    editorial 1, social 2, review 1 (= 24).
//	  (P): p01 AP owned, GF competitor_owned; p02 TC, GP competitor_earned;
//	  p03 AB owned, G2 earned; p04 RD social, TC editorial; p05 AP owned.

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// TestMetricsGolden checks every value twice: with the daily rollups (the
// default; the data's windows cut days, so facts answer the edges) and with
// the fact tables only. Both must give the hand-computed numbers.
func TestMetricsGolden(t *testing.T) {
	for _, mode := range []struct {
		name      string
		noRollups bool
	}{{"rollups", false}, {"facts", true}} {
		t.Run(mode.name, func(t *testing.T) { testMetricsGolden(t, mode.noRollups) })
	}
}

func testMetricsGolden(t *testing.T, noRollups bool) {
	g := seedGolden(t)
	ctx := context.Background()
	db := g.db
	db.NoRollups = noRollups

	t.Run("Topics", func(t *testing.T) {
		// T1 "CRM Software" (P1, P2): runs in W r01 r02 r03 r04 r05 (5), in P p01 p02 (2).
		t1 := &sightline.Topic{ID: gT1, Name: "CRM Software",
			// visibility: runs naming Acme r01 r03 r05 (3) of 5 → 60
			Visibility: 60,
			// previous: p01 names Acme, p02 does not → 1 of 2 = 50; 60 − 50
			VisibilityDiff: 10,
			// share of voice: mentions in T1's runs r01 2 + r02 2 + r03 2 + r04 3 + r05 2 = 11, Acme's 3 → 300/11
			ShareOfVoice: 300.0 / 11,
			// previous: p01 2 + p02 1 = 3 mentions, Acme's 1 → 100/3
			SOVDiff: 300.0/11 - 100.0/3,
			// sentiment: Acme's mentions r01 80, r03 70, r05 90 → 80; previous p01 60
			Sentiment: 80, SentimentDiff: 20,
			// citation share: 13 citations (r01 2, r02 3, r03 2, r04 3, r05 3), owned r01 AP, r03 AB, r05 AP = 3
			CitationShare: 300.0 / 13,
			// previous: p01 AP, GF + p02 TC, GP = 4, owned p01 AP = 1 → 25
			CitationShareDiff: 300.0/13 - 25,
			PromptCount:       2, // P1, P2
			// visibility per found brand over T1's 5 runs: Acme 3 (r01 r03 r05), Globex 3 (r01 r02 r04),
			// Hubspot 2 (r02 r05), Bitrix 1, Initech 1, Zoho 1 (r04, r04, r03); ties by name, top 5 → Zoho cut
			TopBrands: []sightline.TopBrand{
				{ID: g.fb["Acme"], Name: "Acme", Visibility: 60}, {ID: g.fb["Globex"], Name: "Globex", Visibility: 60},
				{ID: g.fb["Hubspot"], Name: "Hubspot", Visibility: 40}, {ID: g.fb["Bitrix"], Name: "Bitrix", Visibility: 20},
				{ID: g.fb["Initech"], Name: "Initech", Visibility: 20}},
		}
		// T2 "Email Marketing" (P3): runs in W r06 r07 r08 (3), in P p03 p04 (2).
		t2 := &sightline.Topic{ID: gT2, Name: "Email Marketing",
			// visibility: r06 names Acme → 1/3; previous p03 of p03 p04 → 50
			Visibility: 100.0 / 3, VisibilityDiff: 100.0/3 - 50,
			// mentions r06 2 + r07 2 + r08 0 = 4, Acme 1 → 25; previous p03 2 + p04 1 = 3, Acme 1
			ShareOfVoice: 25, SOVDiff: 25 - 100.0/3,
			// Acme's sentiment r06 60; previous p03 50
			Sentiment: 60, SentimentDiff: 10,
			// citations r06 3 + r07 2 + r08 2 = 7, owned r06 AI → 100/7; previous p03 AB, G2 + p04 RD, TC = 4, owned AB → 25
			CitationShare: 100.0 / 7, CitationShareDiff: 100.0/7 - 25,
			PromptCount: 1,
			// Globex r06 r07 (2/3), Acme r06 (1/3), Zoho r07 (1/3); Acme before Zoho by name
			TopBrands: []sightline.TopBrand{
				{ID: g.fb["Globex"], Name: "Globex", Visibility: 200.0 / 3}, {ID: g.fb["Acme"], Name: "Acme", Visibility: 100.0 / 3},
				{ID: g.fb["Zoho"], Name: "Zoho", Visibility: 100.0 / 3}},
		}
		// T3 "Empty Topic": one active prompt (P5) never run → every metric 0, no top brands.
		t3 := &sightline.Topic{ID: gT3, Name: "Empty Topic", PromptCount: 1, TopBrands: []sightline.TopBrand{}}
		// T4 "Retired Topic": soft-deleted, its prompt P6 deactivated → prompt_count 0.
		t4 := &sightline.Topic{ID: gT4, Name: "Retired Topic", PromptCount: 0, TopBrands: []sightline.TopBrand{}}

		got, err := db.FindTopicByID(ctx, gOrgA, gBrandA, gT1, g.scope())
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "FindTopicByID(T1)", t1, got, gTopicCm)
		got, err = db.FindTopicByID(ctx, gOrgA, gBrandA, gT2, g.scope())
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "FindTopicByID(T2)", t2, got, gTopicCm)

		// the list, by name; the deleted topic only with IncludeDeleted
		list, total, err := db.FindTopics(ctx, gOrgA, gBrandA, sightline.TopicFilter{Scope: g.scope(), PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		if total != 3 {
			t.Errorf("FindTopics total = %d, want 3", total)
		}
		gDiff(t, "FindTopics", []*sightline.Topic{t1, t2, t3}, list, gTopicCm)
		list, total, err = db.FindTopics(ctx, gOrgA, gBrandA, sightline.TopicFilter{Scope: g.scope(), IncludeDeleted: true, PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		if total != 4 {
			t.Errorf("FindTopics(IncludeDeleted) total = %d, want 4", total)
		}
		gDiff(t, "FindTopics(IncludeDeleted)", []*sightline.Topic{t1, t2, t3, t4}, list, gTopicCm)
		_, err = db.FindTopicByID(ctx, gOrgA, gBrandA, gT4, g.scope())
		gWantCode(t, "FindTopicByID(deleted T4)", err, sightline.ENOTFOUND)
	})

	t.Run("TopicsTargetCompetitor", func(t *testing.T) {
		// filter[target_brand]=globex (case-insensitive) on T1.
		got, err := db.FindTopicByID(ctx, gOrgA, gBrandA, gT1, g.scope(func(s *sightline.Scope) { s.TargetBrand = "globex" }))
		if err != nil {
			t.Fatal(err)
		}
		want := &sightline.Topic{ID: gT1, Name: "CRM Software",
			// Globex named in r01 r02 r04 → 3/5 = 60; previous p01 p02 → 2/2 = 100
			Visibility: 60, VisibilityDiff: -40,
			// 3 of 11 mentions; previous 2 of 3
			ShareOfVoice: 300.0 / 11, SOVDiff: 300.0/11 - 200.0/3,
			// Globex's sentiments r01 40, r02 60, r04 50 → 50; previous p01 60, p02 40 → 50
			Sentiment: 50, SentimentDiff: 0,
			// citation share is of owned domains, whatever the target
			CitationShare: 300.0 / 13, CitationShareDiff: 300.0/13 - 25,
			PromptCount: 2,
			TopBrands: []sightline.TopBrand{ // top brands do not depend on the target
				{ID: g.fb["Acme"], Name: "Acme", Visibility: 60}, {ID: g.fb["Globex"], Name: "Globex", Visibility: 60},
				{ID: g.fb["Hubspot"], Name: "Hubspot", Visibility: 40}, {ID: g.fb["Bitrix"], Name: "Bitrix", Visibility: 20},
				{ID: g.fb["Initech"], Name: "Initech", Visibility: 20}},
		}
		gDiff(t, "T1 target=globex", want, got, gTopicCm)

		// a target naming no found brand: zeros, not an error
		got, err = db.FindTopicByID(ctx, gOrgA, gBrandA, gT1, g.scope(func(s *sightline.Scope) { s.TargetBrand = "Nobody" }))
		if err != nil {
			t.Fatal(err)
		}
		want.Visibility, want.VisibilityDiff, want.ShareOfVoice, want.SOVDiff, want.Sentiment, want.SentimentDiff = 0, 0, 0, 0, 0, 0
		gDiff(t, "T1 target=Nobody", want, got, gTopicCm)
	})

	t.Run("TopicsBrandIDs", func(t *testing.T) {
		// filter[brand_ids] = Globex, Zoho: numerators count those found brands, denominators stay unscoped.
		list, _, err := db.FindTopics(ctx, gOrgA, gBrandA, sightline.TopicFilter{
			Scope: g.scope(func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Globex", "Zoho") }), PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		want := []*sightline.Topic{
			{ID: gT1, Name: "CRM Software",
				// runs of T1 naming Globex or Zoho: r01 r02 r03 r04 → 4/5; previous p01 p02 → 2/2
				Visibility: 80, VisibilityDiff: -20,
				// Globex 3 + Zoho 1 = 4 of all 11 mentions; previous Globex 2 of 3
				ShareOfVoice: 400.0 / 11, SOVDiff: 400.0/11 - 200.0/3,
				// (40 + 60 + 50 + 50) / 4 = 50; previous (60 + 40) / 2 = 50
				Sentiment: 50, SentimentDiff: 0,
				CitationShare: 300.0 / 13, CitationShareDiff: 300.0/13 - 25,
				PromptCount: 2,
				// candidates limited to Globex (3/5) and Zoho (1/5), over all 5 runs
				TopBrands: []sightline.TopBrand{{ID: g.fb["Globex"], Name: "Globex", Visibility: 60}, {ID: g.fb["Zoho"], Name: "Zoho", Visibility: 20}}},
			{ID: gT2, Name: "Email Marketing",
				// r06 (Globex), r07 (Globex, Zoho) → 2/3; previous p03 (Zoho) of p03 p04 → 50
				Visibility: 200.0 / 3, VisibilityDiff: 200.0/3 - 50,
				// Globex 2 + Zoho 1 = 3 of 4; previous Zoho 1 of 3
				ShareOfVoice: 75, SOVDiff: 75 - 100.0/3,
				// (80 + 70 + 30) / 3 = 60; previous Zoho 70
				Sentiment: 60, SentimentDiff: -10,
				CitationShare: 100.0 / 7, CitationShareDiff: 100.0/7 - 25,
				PromptCount: 1,
				TopBrands:   []sightline.TopBrand{{ID: g.fb["Globex"], Name: "Globex", Visibility: 200.0 / 3}, {ID: g.fb["Zoho"], Name: "Zoho", Visibility: 100.0 / 3}}},
			{ID: gT3, Name: "Empty Topic", PromptCount: 1, TopBrands: []sightline.TopBrand{}},
		}
		gDiff(t, "FindTopics brand_ids=Globex,Zoho", want, list, gTopicCm)
	})

	t.Run("TopicsProviderRegion", func(t *testing.T) {
		// filter[provider_ids]=perplexity on T1: runs r02 r04 in W, p02 in P.
		got, err := db.FindTopicByID(ctx, gOrgA, gBrandA, gT1, g.scope(func(s *sightline.Scope) { s.ProviderIDs = []string{g.perplex} }))
		if err != nil {
			t.Fatal(err)
		}
		want := &sightline.Topic{ID: gT1, Name: "CRM Software",
			// Acme is named in none of r02, r04, p02; citations r02 GF G2 TC + r04 IA GP Y2 (6) and
			// p02 TC GP (2) hold no owned domain: everything 0
			PromptCount: 2,
			// Globex r02 r04 (2/2), Bitrix r04, Hubspot r02, Initech r04 (1/2 each, by name)
			TopBrands: []sightline.TopBrand{{ID: g.fb["Globex"], Name: "Globex", Visibility: 100},
				{ID: g.fb["Bitrix"], Name: "Bitrix", Visibility: 50}, {ID: g.fb["Hubspot"], Name: "Hubspot", Visibility: 50},
				{ID: g.fb["Initech"], Name: "Initech", Visibility: 50}},
		}
		gDiff(t, "T1 provider=perplexity", want, got, gTopicCm)

		// filter[region_ids]=gb on T1: runs r03 r04 r05 in W, none in P (p01, p02 are us).
		got, err = db.FindTopicByID(ctx, gOrgA, gBrandA, gT1, g.scope(func(s *sightline.Scope) { s.RegionIDs = []string{g.gb} }))
		if err != nil {
			t.Fatal(err)
		}
		want = &sightline.Topic{ID: gT1, Name: "CRM Software",
			// Acme in r03 r05 → 2/3; previous period empty → 0, so each diff equals the value
			Visibility: 200.0 / 3, VisibilityDiff: 200.0 / 3,
			// mentions r03 2 + r04 3 + r05 2 = 7, Acme 2
			ShareOfVoice: 200.0 / 7, SOVDiff: 200.0 / 7,
			// (70 + 90) / 2
			Sentiment: 80, SentimentDiff: 80,
			// citations r03 2 + r04 3 + r05 3 = 8, owned r03 AB, r05 AP → 25
			CitationShare: 25, CitationShareDiff: 25,
			PromptCount: 2,
			// Acme 2/3; Bitrix, Globex, Hubspot, Initech, Zoho 1/3 each → by name, Zoho cut
			TopBrands: []sightline.TopBrand{{ID: g.fb["Acme"], Name: "Acme", Visibility: 200.0 / 3},
				{ID: g.fb["Bitrix"], Name: "Bitrix", Visibility: 100.0 / 3}, {ID: g.fb["Globex"], Name: "Globex", Visibility: 100.0 / 3},
				{ID: g.fb["Hubspot"], Name: "Hubspot", Visibility: 100.0 / 3}, {ID: g.fb["Initech"], Name: "Initech", Visibility: 100.0 / 3}},
		}
		gDiff(t, "T1 region=gb", want, got, gTopicCm)
	})

	t.Run("ShareOfVoice", func(t *testing.T) {
		rows, total, err := db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: g.scope(), Granularity: "week", PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		// Week buckets of W and what they hold (edges cut: p04 on 02-24 and o02 on 03-11 are out):
		//   2026-02-23: r01 r02 r03 r04 → 4 runs, 9 mentions
		//   2026-03-02: r05 r06 r07 r08 → 4 runs, 6 mentions
		//   2026-03-09: r09 r10        → 2 runs, 3 mentions
		pt := func(d string, vis, sov, sent float64, n int) sightline.SOVPoint {
			return sightline.SOVPoint{Date: d, SOVMetrics: sightline.SOVMetrics{Visibility: vis, ShareOfVoice: sov, Sentiment: sent, Mentions: n}}
		}
		comp := func(id string) *string { return &id }
		want := []*sightline.SOVRow{
			{ID: g.fb["Acme"], Name: "Acme", Kind: "own",
				// 5 of 10 runs; 5 of 18 mentions; (80+70+90+60+40)/5 = 68
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: sightline.SOVMetrics{Visibility: 50, ShareOfVoice: 500.0 / 18, Sentiment: 68, Mentions: 5}},
				// previous: 3 of 5 runs, 3 of 7 mentions, (60+50+70)/3 = 60
				Diff: sightline.SOVDiff{SOVMetrics: sightline.SOVMetrics{Visibility: 50 - 60, ShareOfVoice: 500.0/18 - 300.0/7, Sentiment: 68 - 60, Mentions: 5 - 3}},
				TimeBasedMetrics: []sightline.SOVPoint{
					pt("2026-02-23", 50, 200.0/9, 75, 2), // r01 80, r03 70
					pt("2026-03-02", 50, 200.0/6, 75, 2), // r05 90, r06 60
					pt("2026-03-09", 50, 100.0/3, 40, 1), // r09 40
				}},
			{ID: g.fb["Globex"], Name: "Globex", Kind: "competitor", CompetitorID: comp(gGlobex),
				// 5 of 10; 5 of 18; (40+60+50+80+70)/5 = 60
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: sightline.SOVMetrics{Visibility: 50, ShareOfVoice: 500.0 / 18, Sentiment: 60, Mentions: 5}},
				// previous: p01 p02 → 2 of 5, 2 of 7, (60+40)/2 = 50
				Diff: sightline.SOVDiff{SOVMetrics: sightline.SOVMetrics{Visibility: 10, ShareOfVoice: 500.0/18 - 200.0/7, Sentiment: 10, Mentions: 3}},
				TimeBasedMetrics: []sightline.SOVPoint{
					pt("2026-02-23", 75, 300.0/9, 50, 3), // r01 40, r02 60, r04 50
					pt("2026-03-02", 50, 200.0/6, 75, 2), // r06 80, r07 70
					pt("2026-03-09", 0, 0, 0, 0),
				}},
			{ID: g.fb["Hubspot"], Name: "Hubspot", Kind: "other",
				// r02 r05 r10: 3 of 10; 3 of 18; (70+50+60)/3 = 60; previous p04 (50): 1 of 5, 1 of 7
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: sightline.SOVMetrics{Visibility: 30, ShareOfVoice: 300.0 / 18, Sentiment: 60, Mentions: 3}},
				Diff:             sightline.SOVDiff{SOVMetrics: sightline.SOVMetrics{Visibility: 10, ShareOfVoice: 300.0/18 - 100.0/7, Sentiment: 10, Mentions: 2}},
				TimeBasedMetrics: []sightline.SOVPoint{
					pt("2026-02-23", 25, 100.0/9, 70, 1),
					pt("2026-03-02", 25, 100.0/6, 50, 1),
					pt("2026-03-09", 50, 100.0/3, 60, 1),
				}},
			{ID: g.fb["Initech"], Name: "Initech", Kind: "competitor", CompetitorID: comp(gInitech),
				// r04 60, r09 80: 2 of 10; 2 of 18; 70; never named in P → diff = value
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: sightline.SOVMetrics{Visibility: 20, ShareOfVoice: 200.0 / 18, Sentiment: 70, Mentions: 2}},
				Diff:             sightline.SOVDiff{SOVMetrics: sightline.SOVMetrics{Visibility: 20, ShareOfVoice: 200.0 / 18, Sentiment: 70, Mentions: 2}},
				TimeBasedMetrics: []sightline.SOVPoint{
					pt("2026-02-23", 25, 100.0/9, 60, 1),
					pt("2026-03-02", 0, 0, 0, 0),
					pt("2026-03-09", 50, 100.0/3, 80, 1),
				}},
			{ID: g.fb["Zoho"], Name: "Zoho", Kind: "other",
				// r03 50, r07 30: 2 of 10; 2 of 18; 40; previous p03 70: 1 of 5, 1 of 7
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: sightline.SOVMetrics{Visibility: 20, ShareOfVoice: 200.0 / 18, Sentiment: 40, Mentions: 2}},
				Diff:             sightline.SOVDiff{SOVMetrics: sightline.SOVMetrics{Visibility: 0, ShareOfVoice: 200.0/18 - 100.0/7, Sentiment: -30, Mentions: 1}},
				TimeBasedMetrics: []sightline.SOVPoint{
					pt("2026-02-23", 25, 100.0/9, 50, 1),
					pt("2026-03-02", 25, 100.0/6, 30, 1),
					pt("2026-03-09", 0, 0, 0, 0),
				}},
			{ID: g.fb["Bitrix"], Name: "Bitrix", Kind: "other",
				// r04 30: 1 of 10; 1 of 18; never in P
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: sightline.SOVMetrics{Visibility: 10, ShareOfVoice: 100.0 / 18, Sentiment: 30, Mentions: 1}},
				Diff:             sightline.SOVDiff{SOVMetrics: sightline.SOVMetrics{Visibility: 10, ShareOfVoice: 100.0 / 18, Sentiment: 30, Mentions: 1}},
				TimeBasedMetrics: []sightline.SOVPoint{
					pt("2026-02-23", 25, 100.0/9, 30, 1),
					pt("2026-03-02", 0, 0, 0, 0),
					pt("2026-03-09", 0, 0, 0, 0),
				}},
		}
		// default order: share of voice desc, then name: Acme = Globex (5/18), Hubspot, Initech = Zoho (2/18), Bitrix
		if total != 6 {
			t.Errorf("total = %d, want 6", total)
		}
		gDiff(t, "FindShareOfVoice week", want, rows)
		byName := map[string]*sightline.SOVRow{}
		for _, r := range want {
			byName[r.Name] = r
		}

		// sort keys (with name second where the first key ties)
		for _, tc := range []struct {
			sort []sightline.SortKey
			want []string
		}{
			{[]sightline.SortKey{{Key: "name"}}, []string{"Acme", "Bitrix", "Globex", "Hubspot", "Initech", "Zoho"}},
			{[]sightline.SortKey{{Key: "name", Desc: true}}, []string{"Zoho", "Initech", "Hubspot", "Globex", "Bitrix", "Acme"}},
			// mentions 5, 5, 3, 2, 2, 1
			{[]sightline.SortKey{{Key: "mentions", Desc: true}, {Key: "name"}}, []string{"Acme", "Globex", "Hubspot", "Initech", "Zoho", "Bitrix"}},
			// visibility 10, 20, 20, 30, 50, 50
			{[]sightline.SortKey{{Key: "visibility"}, {Key: "name"}}, []string{"Bitrix", "Initech", "Zoho", "Hubspot", "Acme", "Globex"}},
			// sentiment 70, 68, 60, 60, 40, 30
			{[]sightline.SortKey{{Key: "sentiment", Desc: true}, {Key: "name"}}, []string{"Initech", "Acme", "Globex", "Hubspot", "Zoho", "Bitrix"}},
			{[]sightline.SortKey{{Key: "share_of_voice"}, {Key: "name"}}, []string{"Bitrix", "Initech", "Zoho", "Hubspot", "Acme", "Globex"}},
		} {
			rows, _, err := db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: g.scope(), Granularity: "week", PageRequest: gPage1, Sort: tc.sort})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, r := range rows {
				names = append(names, r.Name)
			}
			gDiff(t, "SOV order", tc.want, names)
		}

		// pages: page 2 of 4 holds the 5th and 6th rows; page 3 is past the end but keeps the total
		rows, total, err = db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: g.scope(), Granularity: "week", PageRequest: sightline.PageRequest{Page: 2, PageSize: 4}})
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "SOV page 2", []*sightline.SOVRow{byName["Zoho"], byName["Bitrix"]}, rows)
		if total != 6 {
			t.Errorf("page 2 total = %d, want 6", total)
		}
		rows, total, err = db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: g.scope(), Granularity: "week", PageRequest: sightline.PageRequest{Page: 3, PageSize: 4}})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 0 || total != 6 {
			t.Errorf("page 3: %d rows, total %d; want 0 rows, total 6", len(rows), total)
		}

		// filter[brand_ids] restricts the rows; the values keep unscoped denominators
		rows, total, err = db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: g.scope(func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Hubspot", "Globex") }),
			Granularity: "week", PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "SOV brand_ids=Hubspot,Globex", []*sightline.SOVRow{byName["Globex"], byName["Hubspot"]}, rows)
		if total != 2 {
			t.Errorf("brand_ids total = %d, want 2", total)
		}
	})

	t.Run("ShareOfVoiceMonthTopic", func(t *testing.T) {
		// filter[topic_ids]=T2, month buckets. T2 runs: W r06 r07 r08 (all in March), P p03 p04.
		// Mentions W: r06 Acme 60, Globex 80; r07 Globex 70, Zoho 30 → 4; P: p03 Acme 50, Zoho 70; p04 Hubspot 50 → 3.
		// Rows: the brand, both competitors (Initech never named: zeros) and every found brand named
		// in W or P: Globex, Zoho, and Hubspot (named in P only). Bitrix is not named in T2 → no row.
		rows, total, err := db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: g.scope(func(s *sightline.Scope) { s.TopicIDs = []string{gT2} }),
			Granularity: "month", PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		m := func(vis, sov, sent float64, n int) sightline.SOVMetrics {
			return sightline.SOVMetrics{Visibility: vis, ShareOfVoice: sov, Sentiment: sent, Mentions: n}
		}
		months := func(mar sightline.SOVMetrics) []sightline.SOVPoint {
			// February holds no T2 run of W (p03, p04 are before the window): zeros
			return []sightline.SOVPoint{{Date: "2026-02-01"}, {Date: "2026-03-01", SOVMetrics: mar}}
		}
		comp := func(id string) *string { return &id }
		want := []*sightline.SOVRow{
			// Globex: r06 r07 → 2/3, 2/4, (80+70)/2 = 75; P none
			{ID: g.fb["Globex"], Name: "Globex", Kind: "competitor", CompetitorID: comp(gGlobex),
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: m(200.0/3, 50, 75, 2)}, Diff: sightline.SOVDiff{SOVMetrics: m(200.0/3, 50, 75, 2)}, TimeBasedMetrics: months(m(200.0/3, 50, 75, 2))},
			// Acme: r06 → 1/3, 1/4, 60; P p03 → 1/2, 1/3, 50
			{ID: g.fb["Acme"], Name: "Acme", Kind: "own",
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: m(100.0/3, 25, 60, 1)}, Diff: sightline.SOVDiff{SOVMetrics: m(100.0/3-50, 25-100.0/3, 10, 0)}, TimeBasedMetrics: months(m(100.0/3, 25, 60, 1))},
			// Zoho: r07 → 1/3, 1/4, 30; P p03 → 1/2, 1/3, 70
			{ID: g.fb["Zoho"], Name: "Zoho", Kind: "other",
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: m(100.0/3, 25, 30, 1)}, Diff: sightline.SOVDiff{SOVMetrics: m(100.0/3-50, 25-100.0/3, -40, 0)}, TimeBasedMetrics: months(m(100.0/3, 25, 30, 1))},
			// Hubspot: nothing in W; P p04 → 1/2, 1/3, 50
			{ID: g.fb["Hubspot"], Name: "Hubspot", Kind: "other",
				AggregateMetrics: sightline.SOVAggregate{SOVMetrics: m(0, 0, 0, 0)}, Diff: sightline.SOVDiff{SOVMetrics: m(-50, -100.0/3, -50, -1)}, TimeBasedMetrics: months(m(0, 0, 0, 0))},
			// Initech: never named in T2
			{ID: g.fb["Initech"], Name: "Initech", Kind: "competitor", CompetitorID: comp(gInitech), TimeBasedMetrics: months(m(0, 0, 0, 0))},
		}
		// order: share of voice 50, 25, 25 (Acme < Zoho), 0, 0 (Hubspot < Initech)
		if total != 5 {
			t.Errorf("total = %d, want 5", total)
		}
		gDiff(t, "FindShareOfVoice T2 month", want, rows)
	})

	t.Run("MentionShare", func(t *testing.T) {
		// Tracked brands: Acme, Globex, Initech (3). average_count = their mentions / 3.
		pt := func(d string, total, count int, share, avg, avgPct float64) sightline.SeriesPoint {
			return sightline.SeriesPoint{Date: d, Total: total, Count: count, SharePercent: share, AverageCount: avg, AveragePercentage: avgPct}
		}
		got, err := db.MentionShare(ctx, gOrgA, g.scope(), "day")
		if err != nil {
			t.Fatal(err)
		}
		want := &sightline.ShareSeries{
			// Σcount = 5 (r01 r03 r05 r06 r09), Σtotal = 10 → 50
			CurrentValue: 50,
			// Σ tracked mentions = Acme 5 + Globex 5 + Initech 2 = 12 → Σaverage_count 4 → 100·4/10 = 40 < 50
			AboveAverage: true,
			DataPoints: []sightline.SeriesPoint{
				pt("2026-02-25", 1, 1, 100, 2.0/3, 200.0/3), // r01: Acme, Globex tracked
				pt("2026-02-26", 1, 0, 0, 1.0/3, 100.0/3),   // r02: Globex
				pt("2026-02-27", 1, 1, 100, 1.0/3, 100.0/3), // r03: Acme (Zoho untracked)
				pt("2026-02-28", 0, 0, 0, 0, 0),             // no run: dense zero
				pt("2026-03-01", 1, 0, 0, 2.0/3, 200.0/3),   // r04: Initech, Globex
				pt("2026-03-02", 1, 1, 100, 1.0/3, 100.0/3), // r05: Acme
				pt("2026-03-03", 0, 0, 0, 0, 0),
				pt("2026-03-04", 1, 1, 100, 2.0/3, 200.0/3), // r06: Acme, Globex
				pt("2026-03-05", 1, 0, 0, 1.0/3, 100.0/3),   // r07: Globex
				pt("2026-03-06", 0, 0, 0, 0, 0),
				pt("2026-03-07", 1, 0, 0, 0, 0), // r08: no mention at all
				pt("2026-03-08", 0, 0, 0, 0, 0),
				pt("2026-03-09", 1, 1, 100, 2.0/3, 200.0/3), // r09: Acme, Initech
				pt("2026-03-10", 1, 0, 0, 0, 0),             // r10 (23:59:59.999999): Hubspot only
			},
		}
		gDiff(t, "MentionShare day", want, got)

		got, err = db.MentionShare(ctx, gOrgA, g.scope(), "week")
		if err != nil {
			t.Fatal(err)
		}
		want = &sightline.ShareSeries{CurrentValue: 50, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			// r01–r04 (p04 on 02-24 is cut off): Acme in r01 r03; tracked 2 + 1 + 1 + 2 = 6 → 2
			pt("2026-02-23", 4, 2, 50, 2, 50),
			// r05–r08: Acme in r05 r06; tracked 1 + 2 + 1 + 0 = 4 → 4/3; 100·(4/3)/4
			pt("2026-03-02", 4, 2, 50, 4.0/3, 100.0/3),
			// r09 r10 (o02 at 03-11 is out): Acme in r09; tracked 2 + 0 → 2/3
			pt("2026-03-09", 2, 1, 50, 2.0/3, 100.0/3),
		}}
		gDiff(t, "MentionShare week", want, got)

		got, err = db.MentionShare(ctx, gOrgA, g.scope(), "month")
		if err != nil {
			t.Fatal(err)
		}
		want = &sightline.ShareSeries{CurrentValue: 50, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			// February from the window start only: r01 r02 r03; Acme r01 r03; tracked 2 + 1 + 1 = 4
			pt("2026-02-01", 3, 2, 200.0/3, 4.0/3, 400.0/9),
			// r04…r10: Acme r05 r06 r09; tracked 2 + 1 + 2 + 1 + 0 + 2 + 0 = 8
			pt("2026-03-01", 7, 3, 300.0/7, 8.0/3, 800.0/21),
		}}
		gDiff(t, "MentionShare month", want, got)

		// filter[target_brand]=initech: count = runs naming Initech (r04, r09); the average stays.
		got, err = db.MentionShare(ctx, gOrgA, g.scope(func(s *sightline.Scope) { s.TargetBrand = "initech" }), "week")
		if err != nil {
			t.Fatal(err)
		}
		want = &sightline.ShareSeries{
			CurrentValue: 20,    // 2 of 10
			AboveAverage: false, // 20 > 40 is false
			DataPoints: []sightline.SeriesPoint{
				pt("2026-02-23", 4, 1, 25, 2, 50),
				pt("2026-03-02", 4, 0, 0, 4.0/3, 100.0/3),
				pt("2026-03-09", 2, 1, 50, 2.0/3, 100.0/3),
			}}
		gDiff(t, "MentionShare week target=initech", want, got)

		// filter[brand_ids]=Hubspot,Zoho (untracked): count = runs naming either (r02 r03 | r05 r07 | r10);
		// totals and the tracked brands' average unscoped.
		got, err = db.MentionShare(ctx, gOrgA, g.scope(func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Hubspot", "Zoho") }), "week")
		if err != nil {
			t.Fatal(err)
		}
		want = &sightline.ShareSeries{CurrentValue: 50, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			pt("2026-02-23", 4, 2, 50, 2, 50),
			pt("2026-03-02", 4, 2, 50, 4.0/3, 100.0/3),
			pt("2026-03-09", 2, 1, 50, 2.0/3, 100.0/3),
		}}
		gDiff(t, "MentionShare week brand_ids=Hubspot,Zoho", want, got)

		// filter[domains]=reddit.com: runs citing reddit.com r03, r05, r10 only.
		got, err = db.MentionShare(ctx, gOrgA, g.scope(func(s *sightline.Scope) { s.Domains = []string{"reddit.com"} }), "week")
		if err != nil {
			t.Fatal(err)
		}
		want = &sightline.ShareSeries{
			// Acme in r03, r05 → 2 of 3; tracked: r03 Acme, r05 Acme, r10 none → Σaverage 2/3 → 100·(2/3)/3 = 22.2
			CurrentValue: 200.0 / 3, AboveAverage: true,
			DataPoints: []sightline.SeriesPoint{
				pt("2026-02-23", 1, 1, 100, 1.0/3, 100.0/3), // r03
				pt("2026-03-02", 1, 1, 100, 1.0/3, 100.0/3), // r05
				pt("2026-03-09", 1, 0, 0, 0, 0),             // r10
			}}
		gDiff(t, "MentionShare week domains=reddit.com", want, got)

		// filter[url]=Y2: runs citing it r04, r08 (both March).
		got, err = db.MentionShare(ctx, gOrgA, g.scope(func(s *sightline.Scope) { s.URL = gY2 }), "month")
		if err != nil {
			t.Fatal(err)
		}
		want = &sightline.ShareSeries{
			// Acme named in neither → 0; tracked r04 Initech, Globex (2) → 2/3, 100·(2/3)/2; 0 > 33.3 is false
			CurrentValue: 0, AboveAverage: false,
			DataPoints: []sightline.SeriesPoint{
				pt("2026-02-01", 0, 0, 0, 0, 0),
				pt("2026-03-01", 2, 0, 0, 2.0/3, 100.0/3),
			}}
		gDiff(t, "MentionShare month url=Y2", want, got)
	})

	t.Run("CitationPages", func(t *testing.T) { goldenPages(t, g) })
	t.Run("CitationPagesFilters", func(t *testing.T) { goldenPagesFilters(t, g) })
	t.Run("CitationPagesSort", func(t *testing.T) { goldenPagesSort(t, g) })
	t.Run("CitationDomains", func(t *testing.T) { goldenDomains(t, g) })
	t.Run("CitationSummary", func(t *testing.T) { goldenSummary(t, g) })
	t.Run("DomainsOverview", func(t *testing.T) { goldenDomainsOverview(t, g) })
	t.Run("CitationsOverview", func(t *testing.T) { goldenCitationsOverview(t, g) })
	t.Run("Competitors", func(t *testing.T) { goldenCompetitors(t, g) })
	t.Run("Ads", func(t *testing.T) { goldenAds(t, g) })
	t.Run("NotFound", func(t *testing.T) { goldenNotFound(t, g) })
	// last: it changes a competitor's domain (and restores it)
	t.Run("CompetitorDomainFlip", func(t *testing.T) { goldenDomainFlip(t, g) })
}

// gTime parses an RFC 3339 timestamp of the data set.
func gTime(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// pagesW are the page rows of W with the default scope (target Acme), by
// page. Counts per page (citing runs) and brand counts (runs naming Acme):
//
//	TC r01 s, r02 i, r07 s, r08 s → 4, brand r01 → 1; classes earned, c_earned, c_earned, editorial → earned
//	AP r01, r05, r09              → 3, brand 3; owned
//	G2 r02, r06, r10              → 3, brand r06 → 1; c_earned, earned, review → earned
//	RD r03 s, r05 i, r10 s        → 3, brand r03 r05 → 2; earned
//	GF r02, r06                   → 2, brand r06 → 1; competitor_owned
//	GP r04 s, r07 i               → 2, brand 0; competitor_earned
//	IA r04, r09                   → 2, brand r09 → 1; competitor_owned
//	Y2 r04, r08                   → 2, brand 0; c_earned, social → competitor_earned
//	AB r03                        → 1, brand 1; owned
//	AI r06                        → 1, brand 1; owned
//	Y1 r05                        → 1, brand 1; earned
//
// 24 citations, 12 brand citations; mentioned brands are the union of the
// citing runs' found brands.
func pagesW() map[string]*sightline.CitationRow {
	return map[string]*sightline.CitationRow{
		gTC: gRow(gTC, "techcrunch.com", "listicle", "earned", gSrcInl, 1, 4, 400.0/24, 1, 100.0/12, "Acme", "Globex", "Hubspot", "Zoho"),
		gAP: gRow(gAP, "acme.com", "pricing", "owned", gSrc, 1, 3, 300.0/24, 3, 300.0/12, "Acme", "Globex", "Hubspot", "Initech"),
		gG2: gRow(gG2, "g2.com", "category_page", "earned", gSrc, 1, 3, 300.0/24, 1, 100.0/12, "Acme", "Globex", "Hubspot"),
		gRD: gRow(gRD, "reddit.com", "discussion", "earned", gSrcInl, 1, 3, 300.0/24, 2, 200.0/12, "Acme", "Hubspot", "Zoho"),
		gGF: gRow(gGF, "globex.com", "features", "competitor_owned", gSrc, 1, 2, 200.0/24, 1, 100.0/12, "Acme", "Globex", "Hubspot"),
		gGP: gRow(gGP, "globex.io", "pricing", "competitor_earned", gSrcInl, 1, 2, 200.0/24, 0, 0, "Bitrix", "Globex", "Initech", "Zoho"),
		gIA: gRow(gIA, "initech.com", "about", "competitor_owned", gSrc, 1, 2, 200.0/24, 1, 100.0/12, "Acme", "Bitrix", "Globex", "Initech"),
		gY2: gRow(gY2, "youtube.com", "social", "competitor_earned", gSrc, 1, 2, 200.0/24, 0, 0, "Bitrix", "Globex", "Initech"),
		gAB: gRow(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, 1, 100.0/24, 1, 100.0/12, "Acme", "Zoho"),
		gAI: gRow(gAI, "acme.io", "homepage", "owned", gSrc, 1, 1, 100.0/24, 1, 100.0/12, "Acme", "Globex"),
		gY1: gRow(gY1, "youtube.com", "social", "earned", gSrc, 1, 1, 100.0/24, 1, 100.0/12, "Acme", "Hubspot"),
	}
}

func pick(m map[string]*sightline.CitationRow, keys ...string) []*sightline.CitationRow {
	out := make([]*sightline.CitationRow, len(keys))
	for i, k := range keys {
		out[i] = m[k]
	}
	return out
}

func goldenPages(t *testing.T, g *golden) {
	ctx := context.Background()
	all := pagesW()
	rows, total, err := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	// default order: citation count desc, then domain, then page
	gDiff(t, "pages", pick(all, gTC, gAP, gG2, gRD, gGF, gGP, gIA, gY2, gAB, gAI, gY1), rows)
	if total != 11 {
		t.Errorf("total = %d, want 11", total)
	}
	sum := 0.0
	for _, r := range rows {
		sum += r.TotalCitationPercent
	}
	gFloat(t, "Σ total_citation_percent", 100, sum)

	// pages of 5: rows 6–10 (GP IA Y2 AB AI), then row 11 (Y1), then past the end (total kept)
	for _, tc := range []struct {
		page int
		want []*sightline.CitationRow
	}{
		{2, pick(all, gGP, gIA, gY2, gAB, gAI)},
		{3, pick(all, gY1)},
		{4, nil},
	} {
		rows, total, err := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: sightline.PageRequest{Page: tc.page, PageSize: 5}})
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "pages page", tc.want, rows)
		if total != 11 {
			t.Errorf("page %d: total = %d, want 11", tc.page, total)
		}
	}
}

func goldenPagesFilters(t *testing.T, g *golden) {
	ctx := context.Background()
	find := func(t *testing.T, what string, s sightline.Scope, want []*sightline.CitationRow) {
		t.Helper()
		rows, total, err := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1})
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, what, want, rows)
		if total != len(want) {
			t.Errorf("%s: total = %d, want %d", what, total, len(want))
		}
	}

	// filter[query]=ACME (case-insensitive, page or domain): AP 3, AB 1, AI 1 → 5 citations, all 5 brand citations
	find(t, "query=ACME", g.scope(func(s *sightline.Scope) { s.Query = "ACME" }), []*sightline.CitationRow{
		gRow(gAP, "acme.com", "pricing", "owned", gSrc, 1, 3, 60, 3, 60, "Acme", "Globex", "Hubspot", "Initech"),
		gRow(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, 1, 20, 1, 20, "Acme", "Zoho"),
		gRow(gAI, "acme.io", "homepage", "owned", gSrc, 1, 1, 20, 1, 20, "Acme", "Globex"),
	})
	// filter[query]=crm matches pages: TC 4 (brand 1), G2 3 (1), RD 3 (2), AB 1 (1) → 11 and 5
	find(t, "query=crm", g.scope(func(s *sightline.Scope) { s.Query = "crm" }), []*sightline.CitationRow{
		gRow(gTC, "techcrunch.com", "listicle", "earned", gSrcInl, 1, 4, 400.0/11, 1, 20, "Acme", "Globex", "Hubspot", "Zoho"),
		gRow(gG2, "g2.com", "category_page", "earned", gSrc, 1, 3, 300.0/11, 1, 20, "Acme", "Globex", "Hubspot"),
		gRow(gRD, "reddit.com", "discussion", "earned", gSrcInl, 1, 3, 300.0/11, 2, 40, "Acme", "Hubspot", "Zoho"),
		gRow(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, 1, 100.0/11, 1, 20, "Acme", "Zoho"),
	})
	// filter[domains]=youtube.com,reddit.com: RD 3 (2), Y2 2 (0), Y1 1 (1) → 6 and 3
	find(t, "domains", g.scope(func(s *sightline.Scope) { s.Domains = []string{"youtube.com", "reddit.com"} }), []*sightline.CitationRow{
		gRow(gRD, "reddit.com", "discussion", "earned", gSrcInl, 1, 3, 50, 2, 200.0/3, "Acme", "Hubspot", "Zoho"),
		gRow(gY2, "youtube.com", "social", "competitor_earned", gSrc, 1, 2, 100.0/3, 0, 0, "Bitrix", "Globex", "Initech"),
		gRow(gY1, "youtube.com", "social", "earned", gSrc, 1, 1, 100.0/6, 1, 100.0/3, "Acme", "Hubspot"),
	})
	// filter[page_types]=pricing,features: AP 3 (3), GF 2 (1), GP 2 (0) → 7 and 4
	find(t, "page_types", g.scope(func(s *sightline.Scope) { s.PageTypes = []string{"pricing", "features"} }), []*sightline.CitationRow{
		gRow(gAP, "acme.com", "pricing", "owned", gSrc, 1, 3, 300.0/7, 3, 75, "Acme", "Globex", "Hubspot", "Initech"),
		gRow(gGF, "globex.com", "features", "competitor_owned", gSrc, 1, 2, 200.0/7, 1, 25, "Acme", "Globex", "Hubspot"),
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gSrcInl, 1, 2, 200.0/7, 0, 0, "Bitrix", "Globex", "Initech", "Zoho"),
	})
	// filter[domain_types]=editorial (a static class): only r08's TC citation (no brand named) is editorial
	find(t, "domain_types=editorial", g.scope(func(s *sightline.Scope) { s.DomainTypes = []string{"editorial"} }), []*sightline.CitationRow{
		gRow(gTC, "techcrunch.com", "listicle", "editorial", gSrc, 1, 1, 100, 0, 0),
	})
	// filter[domain_types]=social: r10's RD (Hubspot only) and r08's Y2
	find(t, "domain_types=social", g.scope(func(s *sightline.Scope) { s.DomainTypes = []string{"social"} }), []*sightline.CitationRow{
		gRow(gRD, "reddit.com", "discussion", "social", gSrc, 1, 1, 50, 0, 0, "Hubspot"),
		gRow(gY2, "youtube.com", "social", "social", gSrc, 1, 1, 50, 0, 0),
	})
	// filter[domain_types]=owned: AP 3, AB 1, AI 1
	find(t, "domain_types=owned", g.scope(func(s *sightline.Scope) { s.DomainTypes = []string{"owned"} }), []*sightline.CitationRow{
		gRow(gAP, "acme.com", "pricing", "owned", gSrc, 1, 3, 60, 3, 60, "Acme", "Globex", "Hubspot", "Initech"),
		gRow(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, 1, 20, 1, 20, "Acme", "Zoho"),
		gRow(gAI, "acme.io", "homepage", "owned", gSrc, 1, 1, 20, 1, 20, "Acme", "Globex"),
	})
	// filter[domain_types]=competitor_owned,earned keeps citations whose own class is listed:
	// c_owned r02 GF, r04 IA, r06 GF, r09 IA; earned r01 TC, r03 RD, r05 Y1, r05 RD, r06 G2 → 9, brand 7
	// (TC keeps only r01's citation: type source, brands of r01)
	find(t, "domain_types=competitor_owned,earned", g.scope(func(s *sightline.Scope) { s.DomainTypes = []string{"competitor_owned", "earned"} }), []*sightline.CitationRow{
		gRow(gGF, "globex.com", "features", "competitor_owned", gSrc, 1, 2, 200.0/9, 1, 100.0/7, "Acme", "Globex", "Hubspot"),
		gRow(gIA, "initech.com", "about", "competitor_owned", gSrc, 1, 2, 200.0/9, 1, 100.0/7, "Acme", "Bitrix", "Globex", "Initech"),
		gRow(gRD, "reddit.com", "discussion", "earned", gSrcInl, 1, 2, 200.0/9, 2, 200.0/7, "Acme", "Hubspot", "Zoho"),
		gRow(gG2, "g2.com", "category_page", "earned", gSrc, 1, 1, 100.0/9, 1, 100.0/7, "Acme", "Globex"),
		gRow(gTC, "techcrunch.com", "listicle", "earned", gSrc, 1, 1, 100.0/9, 1, 100.0/7, "Acme", "Globex"),
		gRow(gY1, "youtube.com", "social", "earned", gSrc, 1, 1, 100.0/9, 1, 100.0/7, "Acme", "Hubspot"),
	})
	// static and ownership classes mixed: editorial (r08 TC) + owned (AP 3, AB, AI) → 6, brand 5
	find(t, "domain_types=editorial,owned", g.scope(func(s *sightline.Scope) { s.DomainTypes = []string{"editorial", "owned"} }), []*sightline.CitationRow{
		gRow(gAP, "acme.com", "pricing", "owned", gSrc, 1, 3, 50, 3, 60, "Acme", "Globex", "Hubspot", "Initech"),
		gRow(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, 1, 100.0/6, 1, 20, "Acme", "Zoho"),
		gRow(gAI, "acme.io", "homepage", "owned", gSrc, 1, 1, 100.0/6, 1, 20, "Acme", "Globex"),
		gRow(gTC, "techcrunch.com", "listicle", "editorial", gSrc, 1, 1, 100.0/6, 0, 0),
	})
	// filter[youtube_channel]=acme tv (case-insensitive): Y1 (r05)
	find(t, "youtube_channel", g.scope(func(s *sightline.Scope) { s.YouTubeChannel = "acme tv" }), []*sightline.CitationRow{
		gRow(gY1, "youtube.com", "social", "earned", gSrc, 1, 1, 100, 1, 100, "Acme", "Hubspot"),
	})
	// filter[subreddit]=r/crm and =CRM: RD (r03, r05, r10), brand r03 r05
	rd := []*sightline.CitationRow{gRow(gRD, "reddit.com", "discussion", "earned", gSrcInl, 1, 3, 100, 2, 100, "Acme", "Hubspot", "Zoho")}
	find(t, "subreddit=r/crm", g.scope(func(s *sightline.Scope) { s.Subreddit = "r/crm" }), rd)
	find(t, "subreddit=CRM", g.scope(func(s *sightline.Scope) { s.Subreddit = "CRM" }), rd)
	// filter[prompt_id]=P3: runs r06 (AI, GF, G2; Acme), r07 (GP i, TC), r08 (TC, Y2) → 7, brand 3
	find(t, "prompt_id=P3", g.scope(func(s *sightline.Scope) { s.PromptID = gP3 }), []*sightline.CitationRow{
		gRow(gTC, "techcrunch.com", "listicle", "competitor_earned", gSrc, 1, 2, 200.0/7, 0, 0, "Globex", "Zoho"),
		gRow(gAI, "acme.io", "homepage", "owned", gSrc, 1, 1, 100.0/7, 1, 100.0/3, "Acme", "Globex"),
		gRow(gG2, "g2.com", "category_page", "earned", gSrc, 1, 1, 100.0/7, 1, 100.0/3, "Acme", "Globex"),
		gRow(gGF, "globex.com", "features", "competitor_owned", gSrc, 1, 1, 100.0/7, 1, 100.0/3, "Acme", "Globex"),
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gInl, 1, 1, 100.0/7, 0, 0, "Globex", "Zoho"),
		gRow(gY2, "youtube.com", "social", "social", gSrc, 1, 1, 100.0/7, 0, 0),
	})
	// filter[topic_ids]=T1 AND filter[prompt_id]=P2: r03 (AB, RD; Acme), r04 (IA, GP, Y2) → 5, brand 2
	find(t, "topic_ids=T1 prompt_id=P2", g.scope(func(s *sightline.Scope) { s.TopicIDs = []string{gT1}; s.PromptID = gP2 }), []*sightline.CitationRow{
		gRow(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, 1, 20, 1, 50, "Acme", "Zoho"),
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gSrc, 1, 1, 20, 0, 0, "Bitrix", "Globex", "Initech"),
		gRow(gIA, "initech.com", "about", "competitor_owned", gSrc, 1, 1, 20, 0, 0, "Bitrix", "Globex", "Initech"),
		gRow(gRD, "reddit.com", "discussion", "earned", gSrc, 1, 1, 20, 1, 50, "Acme", "Zoho"),
		gRow(gY2, "youtube.com", "social", "competitor_earned", gSrc, 1, 1, 20, 0, 0, "Bitrix", "Globex", "Initech"),
	})
	// T2 AND P1: no run is both → nothing
	find(t, "topic_ids=T2 prompt_id=P1", g.scope(func(s *sightline.Scope) { s.TopicIDs = []string{gT2}; s.PromptID = gP1 }), nil)
	// filter[provider_ids]=perplexity: r02, r04, r07, r10 → 10 citations, none naming Acme
	find(t, "provider_ids=perplexity", g.scope(func(s *sightline.Scope) { s.ProviderIDs = []string{g.perplex} }), []*sightline.CitationRow{
		gRow(gG2, "g2.com", "category_page", "competitor_earned", gSrc, 1, 2, 20, 0, 0, "Globex", "Hubspot"),
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gSrcInl, 1, 2, 20, 0, 0, "Bitrix", "Globex", "Initech", "Zoho"),
		gRow(gTC, "techcrunch.com", "listicle", "competitor_earned", gSrcInl, 1, 2, 20, 0, 0, "Globex", "Hubspot", "Zoho"),
		gRow(gGF, "globex.com", "features", "competitor_owned", gSrc, 1, 1, 10, 0, 0, "Globex", "Hubspot"),
		gRow(gIA, "initech.com", "about", "competitor_owned", gSrc, 1, 1, 10, 0, 0, "Bitrix", "Globex", "Initech"),
		gRow(gRD, "reddit.com", "discussion", "social", gSrc, 1, 1, 10, 0, 0, "Hubspot"),
		gRow(gY2, "youtube.com", "social", "competitor_earned", gSrc, 1, 1, 10, 0, 0, "Bitrix", "Globex", "Initech"),
	})
	// filter[prompt_regions]=(P1, us), (P3, gb): r01 (AP, TC; Acme), r02 (GF, G2, TC i), r08 (TC, Y2) → 7, brand 2
	find(t, "prompt_regions", g.scope(func(s *sightline.Scope) {
		s.PromptRegions = []sightline.PromptRegion{{PromptID: gP1, RegionID: g.us}, {PromptID: gP3, RegionID: g.gb}}
	}), []*sightline.CitationRow{
		gRow(gTC, "techcrunch.com", "listicle", "earned", gSrcInl, 1, 3, 300.0/7, 1, 50, "Acme", "Globex", "Hubspot"),
		gRow(gAP, "acme.com", "pricing", "owned", gSrc, 1, 1, 100.0/7, 1, 50, "Acme", "Globex"),
		gRow(gG2, "g2.com", "category_page", "competitor_earned", gSrc, 1, 1, 100.0/7, 0, 0, "Globex", "Hubspot"),
		gRow(gGF, "globex.com", "features", "competitor_owned", gSrc, 1, 1, 100.0/7, 0, 0, "Globex", "Hubspot"),
		gRow(gY2, "youtube.com", "social", "social", gSrc, 1, 1, 100.0/7, 0, 0),
	})
	// filter[brand_ids]=Zoho: only citations of answers naming Zoho (r03: AB, RD; r07: GP i, TC), and the
	// brand counts count Zoho: brand = total for every row; classes still follow the target Acme
	find(t, "brand_ids=Zoho", g.scope(func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Zoho") }), []*sightline.CitationRow{
		gRow(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, 1, 25, 1, 25, "Acme", "Zoho"),
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gInl, 1, 1, 25, 1, 25, "Globex", "Zoho"),
		gRow(gRD, "reddit.com", "discussion", "earned", gSrc, 1, 1, 25, 1, 25, "Acme", "Zoho"),
		gRow(gTC, "techcrunch.com", "listicle", "competitor_earned", gSrc, 1, 1, 25, 1, 25, "Globex", "Zoho"),
	})
	// filter[target_brand]=Globex: brand counts are of answers naming Globex (r01 r02 r04 r06 r07: 13
	// citations), earned = answer names Globex. Classes: r01 TC, r02 G2 TC, r04 GP Y2, r06 G2, r07 GP TC
	// earned; r03 RD, r05 Y1 RD, r10 RD social (no Globex, no competitor); r08 TC editorial, Y2 social.
	gl := func(page, domain, pageType, domainType string, types []string, total, brand int, mentioned ...string) *sightline.CitationRow {
		return gRow(page, domain, pageType, domainType, types, 1, total, 100*float64(total)/24, brand, 100*float64(brand)/13, mentioned...)
	}
	find(t, "target_brand=Globex", g.scope(func(s *sightline.Scope) { s.TargetBrand = "Globex" }), []*sightline.CitationRow{
		gl(gTC, "techcrunch.com", "listicle", "earned", gSrcInl, 4, 3, "Acme", "Globex", "Hubspot", "Zoho"), // r01 r02 r07
		gl(gAP, "acme.com", "pricing", "owned", gSrc, 3, 1, "Acme", "Globex", "Hubspot", "Initech"),         // r01
		gl(gG2, "g2.com", "category_page", "earned", gSrc, 3, 2, "Acme", "Globex", "Hubspot"),               // r02 r06
		gl(gRD, "reddit.com", "discussion", "social", gSrcInl, 3, 0, "Acme", "Hubspot", "Zoho"),
		gl(gGF, "globex.com", "features", "competitor_owned", gSrc, 2, 2, "Acme", "Globex", "Hubspot"),  // r02 r06
		gl(gGP, "globex.io", "pricing", "earned", gSrcInl, 2, 2, "Bitrix", "Globex", "Initech", "Zoho"), // r04 r07
		gl(gIA, "initech.com", "about", "competitor_owned", gSrc, 2, 1, "Acme", "Bitrix", "Globex", "Initech"),
		gl(gY2, "youtube.com", "social", "earned", gSrc, 2, 1, "Bitrix", "Globex", "Initech"), // r04
		gl(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, 0, "Acme", "Zoho"),
		gl(gAI, "acme.io", "homepage", "owned", gSrc, 1, 1, "Acme", "Globex"), // r06
		gl(gY1, "youtube.com", "social", "social", gSrc, 1, 0, "Acme", "Hubspot"),
	})
	// filter[target_brand]=Nobody: no brand citation anywhere; nothing is earned, answers naming
	// Globex or Initech make competitor_earned
	nb := func(page, domain, pageType, domainType string, types []string, total int, mentioned ...string) *sightline.CitationRow {
		return gRow(page, domain, pageType, domainType, types, 1, total, 100*float64(total)/24, 0, 0, mentioned...)
	}
	find(t, "target_brand=Nobody", g.scope(func(s *sightline.Scope) { s.TargetBrand = "Nobody" }), []*sightline.CitationRow{
		nb(gTC, "techcrunch.com", "listicle", "competitor_earned", gSrcInl, 4, "Acme", "Globex", "Hubspot", "Zoho"),
		nb(gAP, "acme.com", "pricing", "owned", gSrc, 3, "Acme", "Globex", "Hubspot", "Initech"),
		nb(gG2, "g2.com", "category_page", "competitor_earned", gSrc, 3, "Acme", "Globex", "Hubspot"),
		nb(gRD, "reddit.com", "discussion", "social", gSrcInl, 3, "Acme", "Hubspot", "Zoho"),
		nb(gGF, "globex.com", "features", "competitor_owned", gSrc, 2, "Acme", "Globex", "Hubspot"),
		nb(gGP, "globex.io", "pricing", "competitor_earned", gSrcInl, 2, "Bitrix", "Globex", "Initech", "Zoho"),
		nb(gIA, "initech.com", "about", "competitor_owned", gSrc, 2, "Acme", "Bitrix", "Globex", "Initech"),
		nb(gY2, "youtube.com", "social", "competitor_earned", gSrc, 2, "Bitrix", "Globex", "Initech"),
		nb(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, "Acme", "Zoho"),
		nb(gAI, "acme.io", "homepage", "owned", gSrc, 1, "Acme", "Globex"),
		nb(gY1, "youtube.com", "social", "social", gSrc, 1, "Acme", "Hubspot"),
	})
}

func goldenPagesSort(t *testing.T, g *golden) {
	ctx := context.Background()
	for _, tc := range []struct {
		sort []sightline.SortKey
		want []string
	}{
		// by page (bytewise)
		{[]sightline.SortKey{{Key: "page"}}, []string{gAB, gAP, gAI, gG2, gGF, gGP, gIA, gRD, gTC, gY1, gY2}},
		{[]sightline.SortKey{{Key: "page", Desc: true}}, []string{gY2, gY1, gTC, gRD, gIA, gGP, gGF, gG2, gAI, gAP, gAB}},
		// brand counts AP 3, RD 2, then 1 (AB AI G2 GF IA TC Y1), then 0 (GP Y2); ties by page
		{[]sightline.SortKey{{Key: "brand_citation_count", Desc: true}}, []string{gAP, gRD, gAB, gAI, gG2, gGF, gIA, gTC, gY1, gGP, gY2}},
		{[]sightline.SortKey{{Key: "brand_citation_percent", Desc: true}}, []string{gAP, gRD, gAB, gAI, gG2, gGF, gIA, gTC, gY1, gGP, gY2}},
		// totals 1 (AB AI Y1), 2 (GF GP IA Y2), 3 (AP G2 RD), 4 (TC); ties by page
		{[]sightline.SortKey{{Key: "total_citation_count"}}, []string{gAB, gAI, gY1, gGF, gGP, gIA, gY2, gAP, gG2, gRD, gTC}},
		{[]sightline.SortKey{{Key: "citation_count", Desc: true}}, []string{gTC, gAP, gG2, gRD, gGF, gGP, gIA, gY2, gAB, gAI, gY1}},
		{[]sightline.SortKey{{Key: "total_citation_percent", Desc: true}}, []string{gTC, gAP, gG2, gRD, gGF, gGP, gIA, gY2, gAB, gAI, gY1}},
		// about, category_page, discussion, features, homepage, how_to_guide, listicle, pricing ×2, social ×2
		{[]sightline.SortKey{{Key: "page_type"}}, []string{gIA, gG2, gRD, gGF, gAI, gAB, gTC, gAP, gGP, gY1, gY2}},
		{[]sightline.SortKey{{Key: "domain", Desc: true}}, []string{gY1, gY2, gTC, gRD, gIA, gGP, gGF, gG2, gAI, gAB, gAP}},
		// two keys: count desc, then brand count desc
		{[]sightline.SortKey{{Key: "citation_count", Desc: true}, {Key: "brand_citation_count", Desc: true}},
			[]string{gTC, gAP, gRD, gG2, gGF, gIA, gGP, gY2, gAB, gAI, gY1}},
		// an unknown key is ignored: default order
		{[]sightline.SortKey{{Key: "bogus"}}, []string{gTC, gAP, gG2, gRD, gGF, gGP, gIA, gY2, gAB, gAI, gY1}},
	} {
		rows, _, err := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1, Sort: tc.sort})
		if err != nil {
			t.Fatal(err)
		}
		var pages []string
		for _, r := range rows {
			pages = append(pages, r.Page)
		}
		gDiff(t, "pages sorted by "+tc.sort[0].Key, tc.want, pages)
	}
}

// domainsW are the domain rows of W (default scope): per domain the sum of
// its pages (pagesW), page_count distinct pages, page/page_type of its most
// cited page, mentioned brands the union of its pages'.
func domainsW() map[string]*sightline.CitationRow {
	return map[string]*sightline.CitationRow{
		// AP 3 + AB 1 = 4, brand 3 + 1; most cited AP
		"acme.com":       gRow(gAP, "acme.com", "pricing", "owned", gSrc, 2, 4, 400.0/24, 4, 400.0/12, "Acme", "Globex", "Hubspot", "Initech", "Zoho"),
		"techcrunch.com": gRow(gTC, "techcrunch.com", "listicle", "earned", gSrcInl, 1, 4, 400.0/24, 1, 100.0/12, "Acme", "Globex", "Hubspot", "Zoho"),
		"g2.com":         gRow(gG2, "g2.com", "category_page", "earned", gSrc, 1, 3, 300.0/24, 1, 100.0/12, "Acme", "Globex", "Hubspot"),
		"reddit.com":     gRow(gRD, "reddit.com", "discussion", "earned", gSrcInl, 1, 3, 300.0/24, 2, 200.0/12, "Acme", "Hubspot", "Zoho"),
		// Y2 2 + Y1 1 = 3, brand 0 + 1; most cited Y2; classes c_earned, social, earned → earned
		"youtube.com": gRow(gY2, "youtube.com", "social", "earned", gSrc, 2, 3, 300.0/24, 1, 100.0/12, "Acme", "Bitrix", "Globex", "Hubspot", "Initech"),
		"globex.com":  gRow(gGF, "globex.com", "features", "competitor_owned", gSrc, 1, 2, 200.0/24, 1, 100.0/12, "Acme", "Globex", "Hubspot"),
		"globex.io":   gRow(gGP, "globex.io", "pricing", "competitor_earned", gSrcInl, 1, 2, 200.0/24, 0, 0, "Bitrix", "Globex", "Initech", "Zoho"),
		"initech.com": gRow(gIA, "initech.com", "about", "competitor_owned", gSrc, 1, 2, 200.0/24, 1, 100.0/12, "Acme", "Bitrix", "Globex", "Initech"),
		"acme.io":     gRow(gAI, "acme.io", "homepage", "owned", gSrc, 1, 1, 100.0/24, 1, 100.0/12, "Acme", "Globex"),
	}
}

func goldenDomains(t *testing.T, g *golden) {
	ctx := context.Background()
	all := domainsW()
	find := func(t *testing.T, what string, f sightline.CitationFilter, want []*sightline.CitationRow) {
		t.Helper()
		if f.PageSize == 0 {
			f.PageRequest = gPage1
		}
		rows, total, err := g.db.FindCitationDomains(ctx, gOrgA, f)
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, what, want, rows)
		if total != len(want) && f.Page <= 1 {
			t.Errorf("%s: total = %d, want %d", what, total, len(want))
		}
	}
	// default order: citation count desc, then domain
	find(t, "domains", sightline.CitationFilter{Scope: g.scope()},
		pick(all, "acme.com", "techcrunch.com", "g2.com", "reddit.com", "youtube.com", "globex.com", "globex.io", "initech.com", "acme.io"))
	rows, _, err := g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, r := range rows {
		sum += r.TotalCitationPercent
	}
	gFloat(t, "Σ total_citation_percent", 100, sum)
	rows, total, err := g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: sightline.PageRequest{Page: 2, PageSize: 4}})
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "domains page 2", pick(all, "youtube.com", "globex.com", "globex.io", "initech.com"), rows)
	if total != 9 {
		t.Errorf("page 2 total = %d, want 9", total)
	}

	// sort keys; ties by domain
	for _, tc := range []struct {
		sort []sightline.SortKey
		want []string
	}{
		{[]sightline.SortKey{{Key: "domain"}}, []string{"acme.com", "acme.io", "g2.com", "globex.com", "globex.io", "initech.com", "reddit.com", "techcrunch.com", "youtube.com"}},
		// brand counts 4, 2, 1 ×6, 0
		{[]sightline.SortKey{{Key: "brand_citation_count", Desc: true}}, []string{"acme.com", "reddit.com", "acme.io", "g2.com", "globex.com", "initech.com", "techcrunch.com", "youtube.com", "globex.io"}},
		// counts 1, 2 ×3, 3 ×3, 4 ×2
		{[]sightline.SortKey{{Key: "citation_count"}}, []string{"acme.io", "globex.com", "globex.io", "initech.com", "g2.com", "reddit.com", "youtube.com", "acme.com", "techcrunch.com"}},
	} {
		rows, _, err := g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1, Sort: tc.sort})
		if err != nil {
			t.Fatal(err)
		}
		var ds []string
		for _, r := range rows {
			ds = append(ds, r.Domain)
		}
		gDiff(t, "domains sorted by "+tc.sort[0].Key, tc.want, ds)
	}

	// filter[region_ids]=gb: runs r03 (AB, RD; Acme), r04 (IA, GP, Y2), r05 (AP, Y1, RD i; Acme), r08 (TC, Y2)
	// → 10 citations, brand 5. acme.com: AB 1 and AP 1 tie → most cited page by page: AB.
	find(t, "region=gb", sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.RegionIDs = []string{g.gb} })}, []*sightline.CitationRow{
		gRow(gY2, "youtube.com", "social", "earned", gSrc, 2, 3, 30, 1, 20, "Acme", "Bitrix", "Globex", "Hubspot", "Initech"),
		gRow(gAB, "acme.com", "how_to_guide", "owned", gSrc, 2, 2, 20, 2, 40, "Acme", "Hubspot", "Zoho"),
		gRow(gRD, "reddit.com", "discussion", "earned", gSrcInl, 1, 2, 20, 2, 40, "Acme", "Hubspot", "Zoho"),
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gSrc, 1, 1, 10, 0, 0, "Bitrix", "Globex", "Initech"),
		gRow(gIA, "initech.com", "about", "competitor_owned", gSrc, 1, 1, 10, 0, 0, "Bitrix", "Globex", "Initech"),
		gRow(gTC, "techcrunch.com", "listicle", "editorial", gSrc, 1, 1, 10, 0, 0),
	})
	// filter[query] on domains matches the domain only: "crm" is in pages but in no domain
	find(t, "query=crm", sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.Query = "crm"; s.QueryDomain = true })}, nil)
	// "globex": globex.com 2 (brand 1), globex.io 2 (0)
	find(t, "query=globex", sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.Query = "globex"; s.QueryDomain = true })}, []*sightline.CitationRow{
		gRow(gGF, "globex.com", "features", "competitor_owned", gSrc, 1, 2, 50, 1, 100, "Acme", "Globex", "Hubspot"),
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gSrcInl, 1, 2, 50, 0, 0, "Bitrix", "Globex", "Initech", "Zoho"),
	})
	// filter[page_types]=pricing: acme.com keeps AP only (3, one page), globex.io GP 2 → 5, brand 3
	find(t, "page_types=pricing", sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.PageTypes = []string{"pricing"} })}, []*sightline.CitationRow{
		gRow(gAP, "acme.com", "pricing", "owned", gSrc, 1, 3, 60, 3, 100, "Acme", "Globex", "Hubspot", "Initech"),
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gSrcInl, 1, 2, 40, 0, 0, "Bitrix", "Globex", "Initech", "Zoho"),
	})
	// filter[youtube_channel]=CRM Guru: youtube.com keeps Y2 only (r04, r08)
	find(t, "youtube_channel=CRM Guru", sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.YouTubeChannel = "CRM Guru" })}, []*sightline.CitationRow{
		gRow(gY2, "youtube.com", "social", "competitor_earned", gSrc, 1, 2, 100, 0, 0, "Bitrix", "Globex", "Initech"),
	})
	// filter[domain_types]=earned: r01 TC, r03 RD, r05 Y1, r05 RD, r06 G2 → 5 citations, all naming Acme
	find(t, "domain_types=earned", sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.DomainTypes = []string{"earned"} })}, []*sightline.CitationRow{
		gRow(gRD, "reddit.com", "discussion", "earned", gSrcInl, 1, 2, 40, 2, 40, "Acme", "Hubspot", "Zoho"),
		gRow(gG2, "g2.com", "category_page", "earned", gSrc, 1, 1, 20, 1, 20, "Acme", "Globex"),
		gRow(gTC, "techcrunch.com", "listicle", "earned", gSrc, 1, 1, 20, 1, 20, "Acme", "Globex"),
		gRow(gY1, "youtube.com", "social", "earned", gSrc, 1, 1, 20, 1, 20, "Acme", "Hubspot"),
	})
	// filter[brand_ids]=Zoho: r03 (AB, RD), r07 (GP i, TC) → one citation per domain, brand = total
	find(t, "brand_ids=Zoho", sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Zoho") })}, []*sightline.CitationRow{
		gRow(gAB, "acme.com", "how_to_guide", "owned", gSrc, 1, 1, 25, 1, 25, "Acme", "Zoho"),
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gInl, 1, 1, 25, 1, 25, "Globex", "Zoho"),
		gRow(gRD, "reddit.com", "discussion", "earned", gSrc, 1, 1, 25, 1, 25, "Acme", "Zoho"),
		gRow(gTC, "techcrunch.com", "listicle", "competitor_earned", gSrc, 1, 1, 25, 1, 25, "Globex", "Zoho"),
	})
	// filter[brand_ids]=Acme,Initech: answers naming either: r01 r03 r04 r05 r06 r09 → 15 citations
	find(t, "brand_ids=Acme,Initech", sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Acme", "Initech") })}, []*sightline.CitationRow{
		// AP r01 r05 r09, AB r03 → 4
		gRow(gAP, "acme.com", "pricing", "owned", gSrc, 2, 4, 400.0/15, 4, 400.0/15, "Acme", "Globex", "Hubspot", "Initech", "Zoho"),
		// count 2, by domain: IA r04 r09; RD r03 s, r05 i; youtube.com Y2 r04 + Y1 r05 (2 pages of 1 each:
		// most cited by page → Y1)
		gRow(gIA, "initech.com", "about", "competitor_owned", gSrc, 1, 2, 200.0/15, 2, 200.0/15, "Acme", "Bitrix", "Globex", "Initech"),
		gRow(gRD, "reddit.com", "discussion", "earned", gSrcInl, 1, 2, 200.0/15, 2, 200.0/15, "Acme", "Hubspot", "Zoho"),
		gRow(gY1, "youtube.com", "social", "earned", gSrc, 2, 2, 200.0/15, 2, 200.0/15, "Acme", "Bitrix", "Globex", "Hubspot", "Initech"),
		gRow(gAI, "acme.io", "homepage", "owned", gSrc, 1, 1, 100.0/15, 1, 100.0/15, "Acme", "Globex"),                           // r06
		gRow(gG2, "g2.com", "category_page", "earned", gSrc, 1, 1, 100.0/15, 1, 100.0/15, "Acme", "Globex"),                      // r06
		gRow(gGF, "globex.com", "features", "competitor_owned", gSrc, 1, 1, 100.0/15, 1, 100.0/15, "Acme", "Globex"),             // r06
		gRow(gGP, "globex.io", "pricing", "competitor_earned", gSrc, 1, 1, 100.0/15, 1, 100.0/15, "Bitrix", "Globex", "Initech"), // r04
		gRow(gTC, "techcrunch.com", "listicle", "earned", gSrc, 1, 1, 100.0/15, 1, 100.0/15, "Acme", "Globex"),                   // r01
	})
}

func goldenSummary(t *testing.T, g *golden) {
	ctx := context.Background()
	for _, tc := range []struct {
		what  string
		scope sightline.Scope
		want  *sightline.CitationSummary
	}{
		// the W class counts of the header: largest first, ties by name (earned < owned, editorial < review)
		{"default", g.scope(), &sightline.CitationSummary{TotalCitations: 24, Categories: []sightline.CategoryCount{
			{Category: "competitor_earned", Count: 6, Percent: 25}, {Category: "earned", Count: 5, Percent: 500.0 / 24},
			{Category: "owned", Count: 5, Percent: 500.0 / 24}, {Category: "competitor_owned", Count: 4, Percent: 400.0 / 24},
			{Category: "social", Count: 2, Percent: 200.0 / 24}, {Category: "editorial", Count: 1, Percent: 100.0 / 24},
			{Category: "review", Count: 1, Percent: 100.0 / 24}}}},
		// target Globex: r01 TC, r02 G2 TC, r04 GP Y2, r06 G2, r07 GP TC earned (8); no answer names a
		// competitor without naming Globex, except r09 whose citations are owned / competitor_owned;
		// r03 RD, r05 Y1 RD, r08 Y2, r10 RD social (5); r08 TC editorial; r10 G2 review
		{"target=Globex", g.scope(func(s *sightline.Scope) { s.TargetBrand = "Globex" }), &sightline.CitationSummary{TotalCitations: 24, Categories: []sightline.CategoryCount{
			{Category: "earned", Count: 8, Percent: 100.0 / 3}, {Category: "owned", Count: 5, Percent: 500.0 / 24},
			{Category: "social", Count: 5, Percent: 500.0 / 24}, {Category: "competitor_owned", Count: 4, Percent: 400.0 / 24},
			{Category: "editorial", Count: 1, Percent: 100.0 / 24}, {Category: "review", Count: 1, Percent: 100.0 / 24}}}},
		// target naming nothing: nothing earned; earned ones of Acme fall to competitor_earned (r01 TC,
		// r06 G2) or to their static class (r03 RD, r05 Y1 RD: social)
		{"target=Nobody", g.scope(func(s *sightline.Scope) { s.TargetBrand = "Nobody" }), &sightline.CitationSummary{TotalCitations: 24, Categories: []sightline.CategoryCount{
			{Category: "competitor_earned", Count: 8, Percent: 100.0 / 3}, {Category: "owned", Count: 5, Percent: 500.0 / 24},
			{Category: "social", Count: 5, Percent: 500.0 / 24}, {Category: "competitor_owned", Count: 4, Percent: 400.0 / 24},
			{Category: "editorial", Count: 1, Percent: 100.0 / 24}, {Category: "review", Count: 1, Percent: 100.0 / 24}}}},
		// perplexity: r02 GF c_owned, G2 TC c_earned; r04 IA c_owned, GP Y2 c_earned; r07 GP TC c_earned; r10 G2 review, RD social
		{"provider=perplexity", g.scope(func(s *sightline.Scope) { s.ProviderIDs = []string{g.perplex} }), &sightline.CitationSummary{TotalCitations: 10, Categories: []sightline.CategoryCount{
			{Category: "competitor_earned", Count: 6, Percent: 60}, {Category: "competitor_owned", Count: 2, Percent: 20},
			{Category: "review", Count: 1, Percent: 10}, {Category: "social", Count: 1, Percent: 10}}}},
		// a topic without runs: nothing
		{"topic=T3", g.scope(func(s *sightline.Scope) { s.TopicIDs = []string{gT3} }), &sightline.CitationSummary{TotalCitations: 0, Categories: []sightline.CategoryCount{}}},
	} {
		got, err := g.db.CitationSummary(ctx, gOrgA, tc.scope)
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "CitationSummary "+tc.what, tc.want, got)
	}
}

func goldenDomainsOverview(t *testing.T, g *golden) {
	ctx := context.Background()
	pt := func(d string, total, count int, share, avg, avgPct float64) sightline.SeriesPoint {
		return sightline.SeriesPoint{Date: d, Total: total, Count: count, SharePercent: share, AverageCount: avg, AveragePercentage: avgPct}
	}
	// your_citations per week: total = citations, count = owned, average_count = (owned + competitor_owned) / 3
	// tracked brands (Acme, Globex, Initech).
	yourCitations := sightline.ShareSeries{
		// owned 5 of 24; Σaverage_count = (4 + 3 + 2) / 3 = 3 → 100·3/24 = 12.5 < 20.8
		CurrentValue: 500.0 / 24, AboveAverage: true,
		DataPoints: []sightline.SeriesPoint{
			// r01–r04: 2+3+2+3 = 10 citations; owned r01 AP, r03 AB; competitor_owned r02 GF, r04 IA
			pt("2026-02-23", 10, 2, 20, 4.0/3, 40.0/3),
			// r05–r08: 3+3+2+2 = 10; owned r05 AP, r06 AI; competitor_owned r06 GF
			pt("2026-03-02", 10, 2, 20, 1, 10),
			// r09 r10: 4; owned r09 AP; competitor_owned r09 IA
			pt("2026-03-09", 4, 1, 25, 2.0/3, 50.0/3),
		}}
	// your_mentions is the mention share series (see MentionShare, week)
	yourMentions := sightline.ShareSeries{CurrentValue: 50, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
		pt("2026-02-23", 4, 2, 50, 2, 50), pt("2026-03-02", 4, 2, 50, 4.0/3, 100.0/3), pt("2026-03-09", 2, 1, 50, 2.0/3, 100.0/3)}}
	// breakdown of W: owned 5, competitor_owned 4, earned 5, competitor_earned 6, other = editorial 1 + social 2 + review 1
	breakdown := []sightline.TypeCount{
		{Type: "owned", Count: 5, Percent: 500.0 / 24}, {Type: "competitor_owned", Count: 4, Percent: 400.0 / 24},
		{Type: "earned", Count: 5, Percent: 500.0 / 24}, {Type: "competitor_earned", Count: 6, Percent: 25},
		{Type: "other", Count: 4, Percent: 400.0 / 24}}
	got, err := g.db.DomainsOverview(ctx, gOrgA, g.scope(), "week")
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "DomainsOverview week", &sightline.DomainsOverview{YourCitations: yourCitations, YourMentions: yourMentions, Breakdown: breakdown}, got)

	// month: February from the window start (r01–r03), March r04–r10
	got, err = g.db.DomainsOverview(ctx, gOrgA, g.scope(), "month")
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "DomainsOverview month your_citations", sightline.ShareSeries{CurrentValue: 500.0 / 24, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
		// 2+3+2 = 7 citations; owned r01 AP, r03 AB; competitor_owned r02 GF → (2+1)/3 = 1
		pt("2026-02-01", 7, 2, 200.0/7, 1, 100.0/7),
		// 3+3+3+2+2+2+2 = 17; owned r05 AP, r06 AI, r09 AP; competitor_owned r04 IA, r06 GF, r09 IA → 6/3 = 2
		pt("2026-03-01", 17, 3, 300.0/17, 2, 200.0/17),
	}}, got.YourCitations)

	// filter[brand_ids]=Hubspot,Zoho reaches the mention share only (see MentionShare)
	got, err = g.db.DomainsOverview(ctx, gOrgA, g.scope(func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Hubspot", "Zoho") }), "week")
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "DomainsOverview week brand_ids", &sightline.DomainsOverview{YourCitations: yourCitations, YourMentions: sightline.ShareSeries{
		CurrentValue: 50, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			pt("2026-02-23", 4, 2, 50, 2, 50), pt("2026-03-02", 4, 2, 50, 4.0/3, 100.0/3), pt("2026-03-09", 2, 1, 50, 2.0/3, 100.0/3)}},
		Breakdown: breakdown}, got)
}

func goldenCitationsOverview(t *testing.T, g *golden) {
	ctx := context.Background()
	ip := func(v int) *int { return &v }
	fp := func(v float64) *float64 { return &v }
	got, err := g.db.CitationsOverview(ctx, gOrgA, g.scope())
	if err != nil {
		t.Fatal(err)
	}
	want := &sightline.CitationsOverview{
		SummaryStats: sightline.SummaryStats{
			// 24 citations in W, 9 in P → 100·15/9; in answers naming Acme: r01 2 + r03 2 + r05 3 + r06 3 + r09 2 = 12 → 50%
			TotalCitations: sightline.SummaryStat{Count: 24, DeltaPercent: 1500.0 / 9, BrandCount: ip(12), BrandRate: fp(50),
				DataPoints: gPoints(t, 2, 3, 2, 0, 3, 3, 0, 3, 2, 0, 2, 0, 2, 2)},
			// owned: r01 AP, r03 AB, r05 AP, r06 AI, r09 AP = 5; P: p01 AP, p03 AB, p05 AP = 3 → 100·2/3
			YourCitations: sightline.SummaryStat{Count: 5, DeltaPercent: 200.0 / 3, DataPoints: gPoints(t, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0)},
			// runs naming Acme r01 r03 r05 r06 r09 = 5; P p01 p03 p05 = 3
			YourMentions: sightline.SummaryStat{Count: 5, DeltaPercent: 200.0 / 3, DataPoints: gPoints(t, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0)},
			// youtube citations in answers naming Acme: r05 Y1 (r04, r08 Y2 do not name Acme); P none → 100·1/max(0, 1)
			YouTubeMention: sightline.SummaryStat{Count: 1, DeltaPercent: 100, DataPoints: gPoints(t, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0)},
			// reddit citations in answers naming Acme: r03 RD, r05 RD (r10 does not); P p04 names only Hubspot → 0
			RedditMentions: sightline.SummaryStat{Count: 2, DeltaPercent: 200, DataPoints: gPoints(t, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0)},
		},
		Distributions: sightline.Distributions{
			Citations: sightline.Distribution{
				// chatgpt r01 2 + r03 2 + r05 3 + r06 3 + r08 2 + r09 2 = 14; perplexity r02 3 + r04 3 + r07 2 + r10 2 = 10
				ByProvider: []sightline.Share{{ID: g.chatgpt, Name: "ChatGPT", Count: 14, Percent: 1400.0 / 24}, {ID: g.perplex, Name: "Perplexity", Count: 10, Percent: 1000.0 / 24}},
				// T1 13, T2 7 (r09, r10 have no topic) → of 20
				ByTopic: []sightline.Share{{ID: gT1, Name: "CRM Software", Count: 13, Percent: 65}, {ID: gT2, Name: "Email Marketing", Count: 7, Percent: 35}},
				// us r01 2 + r02 3 + r06 3 + r07 2 + r09 2 + r10 2 = 14; gb r03 2 + r04 3 + r05 3 + r08 2 = 10
				ByRegion: []sightline.Share{{ID: g.us, Name: "United States", Count: 14, Percent: 1400.0 / 24}, {ID: g.gb, Name: "United Kingdom", Count: 10, Percent: 1000.0 / 24}},
			},
			Mentions: sightline.Distribution{
				// runs naming Acme: r01 (C us T1), r03 (C gb T1), r05 (C gb T1), r06 (C us T2), r09 (C us, no topic)
				ByProvider: []sightline.Share{{ID: g.chatgpt, Name: "ChatGPT", Count: 5, Percent: 100}},
				ByTopic:    []sightline.Share{{ID: gT1, Name: "CRM Software", Count: 3, Percent: 75}, {ID: gT2, Name: "Email Marketing", Count: 1, Percent: 25}},
				ByRegion:   []sightline.Share{{ID: g.us, Name: "United States", Count: 3, Percent: 60}, {ID: g.gb, Name: "United Kingdom", Count: 2, Percent: 40}},
			},
		},
		TopGrowing: sightline.TopGrowing{
			// per domain W vs P: acme.com 4/3, acme.io 1/0, globex.com 2/1, globex.io 2/1, initech.com 2/0,
			// techcrunch.com 4/2, g2.com 3/1, reddit.com 3/1, youtube.com 3/0; growth 100·(c−p)/max(p, 1);
			// by rate, then current count, then name
			DomainsOverall: []sightline.GrowingDomain{
				{Domain: "youtube.com", DomainType: "earned", CurrentCount: 3, PreviousCount: 0, GrowthRate: 300},
				{Domain: "g2.com", DomainType: "earned", CurrentCount: 3, PreviousCount: 1, GrowthRate: 200},
				{Domain: "reddit.com", DomainType: "earned", CurrentCount: 3, PreviousCount: 1, GrowthRate: 200},
				{Domain: "initech.com", DomainType: "competitor_owned", CurrentCount: 2, PreviousCount: 0, GrowthRate: 200},
				{Domain: "techcrunch.com", DomainType: "earned", CurrentCount: 4, PreviousCount: 2, GrowthRate: 100},
				{Domain: "globex.com", DomainType: "competitor_owned", CurrentCount: 2, PreviousCount: 1, GrowthRate: 100},
				{Domain: "globex.io", DomainType: "competitor_earned", CurrentCount: 2, PreviousCount: 1, GrowthRate: 100},
				{Domain: "acme.io", DomainType: "owned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Domain: "acme.com", DomainType: "owned", CurrentCount: 4, PreviousCount: 3, GrowthRate: 100.0 / 3},
			},
			// only answers naming Acme: W r01 AP TC, r03 AB RD, r05 AP Y1 RD, r06 AI GF G2, r09 AP IA;
			// P p01 AP GF, p03 AB G2, p05 AP → acme.com 4/3, reddit.com 2/0, techcrunch/youtube/acme.io/initech 1/0,
			// globex.com 1/1 and g2.com 1/1 do not grow
			DomainsJustMe: []sightline.GrowingDomain{
				{Domain: "reddit.com", DomainType: "earned", CurrentCount: 2, PreviousCount: 0, GrowthRate: 200},
				{Domain: "acme.io", DomainType: "owned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Domain: "initech.com", DomainType: "competitor_owned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Domain: "techcrunch.com", DomainType: "earned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Domain: "youtube.com", DomainType: "earned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Domain: "acme.com", DomainType: "owned", CurrentCount: 4, PreviousCount: 3, GrowthRate: 100.0 / 3},
			},
			// per page W vs P: AP 3/2, AB 1/1 (no growth), AI 1/0, GF 2/1, GP 2/1, IA 2/0, TC 4/2, G2 3/1,
			// RD 3/1, Y1 1/0, Y2 2/0
			PagesOverall: []sightline.GrowingPage{
				{Page: gG2, Domain: "g2.com", PageType: "category_page", CurrentCount: 3, PreviousCount: 1, GrowthRate: 200},
				{Page: gRD, Domain: "reddit.com", PageType: "discussion", CurrentCount: 3, PreviousCount: 1, GrowthRate: 200},
				{Page: gIA, Domain: "initech.com", PageType: "about", CurrentCount: 2, PreviousCount: 0, GrowthRate: 200},
				{Page: gY2, Domain: "youtube.com", PageType: "social", CurrentCount: 2, PreviousCount: 0, GrowthRate: 200},
				{Page: gTC, Domain: "techcrunch.com", PageType: "listicle", CurrentCount: 4, PreviousCount: 2, GrowthRate: 100},
				{Page: gGF, Domain: "globex.com", PageType: "features", CurrentCount: 2, PreviousCount: 1, GrowthRate: 100},
				{Page: gGP, Domain: "globex.io", PageType: "pricing", CurrentCount: 2, PreviousCount: 1, GrowthRate: 100},
				{Page: gAI, Domain: "acme.io", PageType: "homepage", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gY1, Domain: "youtube.com", PageType: "social", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gAP, Domain: "acme.com", PageType: "pricing", CurrentCount: 3, PreviousCount: 2, GrowthRate: 50},
			},
			// just me: AP 3/2, RD 2/0, AI TC Y1 IA 1/0; AB 1/1, GF 1/1, G2 1/1 do not grow
			PagesJustMe: []sightline.GrowingPage{
				{Page: gRD, Domain: "reddit.com", PageType: "discussion", CurrentCount: 2, PreviousCount: 0, GrowthRate: 200},
				{Page: gAI, Domain: "acme.io", PageType: "homepage", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gIA, Domain: "initech.com", PageType: "about", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gTC, Domain: "techcrunch.com", PageType: "listicle", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gY1, Domain: "youtube.com", PageType: "social", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gAP, Domain: "acme.com", PageType: "pricing", CurrentCount: 3, PreviousCount: 2, GrowthRate: 50},
			},
		},
	}
	gDiff(t, "CitationsOverview", want, got)

	// filter[topic_ids]=T2: W r06 (C us; Acme: AI GF G2), r07 (X us: GP i, TC), r08 (C gb: TC, Y2); P p03 (AB, G2), p04 (RD, TC)
	got, err = g.db.CitationsOverview(ctx, gOrgA, g.scope(func(s *sightline.Scope) { s.TopicIDs = []string{gT2} }))
	if err != nil {
		t.Fatal(err)
	}
	zero := gPoints(t, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	want = &sightline.CitationsOverview{
		SummaryStats: sightline.SummaryStats{
			// 7 vs 4 → 75; brand r06's 3 → 300/7
			TotalCitations: sightline.SummaryStat{Count: 7, DeltaPercent: 75, BrandCount: ip(3), BrandRate: fp(300.0 / 7),
				DataPoints: gPoints(t, 0, 0, 0, 0, 0, 0, 0, 3, 2, 0, 2, 0, 0, 0)},
			// owned r06 AI vs p03 AB: 1 vs 1 → 0
			YourCitations: sightline.SummaryStat{Count: 1, DeltaPercent: 0, DataPoints: gPoints(t, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0)},
			// r06 vs p03 → 0
			YourMentions: sightline.SummaryStat{Count: 1, DeltaPercent: 0, DataPoints: gPoints(t, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0)},
			// Y2 in r08 does not name Acme; p04 RD does not either
			YouTubeMention: sightline.SummaryStat{Count: 0, DeltaPercent: 0, DataPoints: zero},
			RedditMentions: sightline.SummaryStat{Count: 0, DeltaPercent: 0, DataPoints: zero},
		},
		Distributions: sightline.Distributions{
			Citations: sightline.Distribution{
				ByProvider: []sightline.Share{{ID: g.chatgpt, Name: "ChatGPT", Count: 5, Percent: 500.0 / 7}, {ID: g.perplex, Name: "Perplexity", Count: 2, Percent: 200.0 / 7}},
				ByTopic:    []sightline.Share{{ID: gT2, Name: "Email Marketing", Count: 7, Percent: 100}},
				ByRegion:   []sightline.Share{{ID: g.us, Name: "United States", Count: 5, Percent: 500.0 / 7}, {ID: g.gb, Name: "United Kingdom", Count: 2, Percent: 200.0 / 7}},
			},
			Mentions: sightline.Distribution{
				ByProvider: []sightline.Share{{ID: g.chatgpt, Name: "ChatGPT", Count: 1, Percent: 100}},
				ByTopic:    []sightline.Share{{ID: gT2, Name: "Email Marketing", Count: 1, Percent: 100}},
				ByRegion:   []sightline.Share{{ID: g.us, Name: "United States", Count: 1, Percent: 100}},
			},
		},
		TopGrowing: sightline.TopGrowing{
			// W: acme.io 1, globex.com 1, g2.com 1, globex.io 1, techcrunch.com 2, youtube.com 1;
			// P: acme.com 1, g2.com 1, reddit.com 1, techcrunch.com 1. techcrunch's classes: r07 c_earned,
			// r08 and p04 editorial → competitor_earned; youtube.com only r08 → social
			DomainsOverall: []sightline.GrowingDomain{
				{Domain: "techcrunch.com", DomainType: "competitor_earned", CurrentCount: 2, PreviousCount: 1, GrowthRate: 100},
				{Domain: "acme.io", DomainType: "owned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Domain: "globex.com", DomainType: "competitor_owned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Domain: "globex.io", DomainType: "competitor_earned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Domain: "youtube.com", DomainType: "social", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
			},
			// naming Acme: W r06 (AI, GF, G2), P p03 (AB, G2) → acme.io, globex.com grow; g2.com 1/1 does not
			DomainsJustMe: []sightline.GrowingDomain{
				{Domain: "acme.io", DomainType: "owned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Domain: "globex.com", DomainType: "competitor_owned", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
			},
			PagesOverall: []sightline.GrowingPage{
				{Page: gTC, Domain: "techcrunch.com", PageType: "listicle", CurrentCount: 2, PreviousCount: 1, GrowthRate: 100},
				{Page: gAI, Domain: "acme.io", PageType: "homepage", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gGF, Domain: "globex.com", PageType: "features", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gGP, Domain: "globex.io", PageType: "pricing", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gY2, Domain: "youtube.com", PageType: "social", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
			},
			PagesJustMe: []sightline.GrowingPage{
				{Page: gAI, Domain: "acme.io", PageType: "homepage", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
				{Page: gGF, Domain: "globex.com", PageType: "features", CurrentCount: 1, PreviousCount: 0, GrowthRate: 100},
			},
		},
	}
	gDiff(t, "CitationsOverview topic=T2", want, got)

	// filter[target_brand]=Globex: the target's runs W r01 (C us T1), r02 (X us T1), r04 (X gb T1),
	// r06 (C us T2), r07 (X us T2); P p01, p02.
	got, err = g.db.CitationsOverview(ctx, gOrgA, g.scope(func(s *sightline.Scope) { s.TargetBrand = "Globex" }))
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "CitationsOverview target=Globex summary", sightline.SummaryStats{
		// citations of those runs: 2 + 3 + 3 + 3 + 2 = 13 of 24
		TotalCitations: sightline.SummaryStat{Count: 24, DeltaPercent: 1500.0 / 9, BrandCount: ip(13), BrandRate: fp(1300.0 / 24),
			DataPoints: gPoints(t, 2, 3, 2, 0, 3, 3, 0, 3, 2, 0, 2, 0, 2, 2)},
		// owned citations do not depend on the target
		YourCitations: sightline.SummaryStat{Count: 5, DeltaPercent: 200.0 / 3, DataPoints: gPoints(t, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0)},
		// 5 runs vs 2 → 150
		YourMentions: sightline.SummaryStat{Count: 5, DeltaPercent: 150, DataPoints: gPoints(t, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0)},
		// r04 Y2
		YouTubeMention: sightline.SummaryStat{Count: 1, DeltaPercent: 100, DataPoints: gPoints(t, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)},
		// no reddit citation in Globex's answers (W or P)
		RedditMentions: sightline.SummaryStat{Count: 0, DeltaPercent: 0, DataPoints: zero},
	}, got.SummaryStats)
	gDiff(t, "CitationsOverview target=Globex mentions", sightline.Distribution{
		ByProvider: []sightline.Share{{ID: g.perplex, Name: "Perplexity", Count: 3, Percent: 60}, {ID: g.chatgpt, Name: "ChatGPT", Count: 2, Percent: 40}},
		ByTopic:    []sightline.Share{{ID: gT1, Name: "CRM Software", Count: 3, Percent: 60}, {ID: gT2, Name: "Email Marketing", Count: 2, Percent: 40}},
		ByRegion:   []sightline.Share{{ID: g.us, Name: "United States", Count: 4, Percent: 80}, {ID: g.gb, Name: "United Kingdom", Count: 1, Percent: 20}},
	}, got.Distributions.Mentions)
}

func goldenCompetitors(t *testing.T, g *golden) {
	ctx := context.Background()
	for _, tc := range []struct {
		what  string
		scope sightline.Scope
		sort  []sightline.SortKey
		want  []*sightline.Competitor
	}{
		// Globex named in r01 r02 r04 r06 r07 (5 of 10), Initech in r04 r09 (2 of 10); by name
		{"default", g.scope(), nil, []*sightline.Competitor{
			{ID: gGlobex, BrandID: gBrandA, Name: "Globex", Domain: "globex.com", Visibility: 50},
			{ID: gInitech, BrandID: gBrandA, Name: "Initech", Domain: "initech.com", Visibility: 20}}},
		{"visibility asc", g.scope(), []sightline.SortKey{{Key: "visibility"}}, []*sightline.Competitor{
			{ID: gInitech, BrandID: gBrandA, Name: "Initech", Domain: "initech.com", Visibility: 20},
			{ID: gGlobex, BrandID: gBrandA, Name: "Globex", Domain: "globex.com", Visibility: 50}}},
		// perplexity runs r02 r04 r07 r10: Globex r02 r04 r07 (3/4), Initech r04 (1/4)
		{"perplexity", g.scope(func(s *sightline.Scope) { s.ProviderIDs = []string{g.perplex} }), nil, []*sightline.Competitor{
			{ID: gGlobex, BrandID: gBrandA, Name: "Globex", Domain: "globex.com", Visibility: 75},
			{ID: gInitech, BrandID: gBrandA, Name: "Initech", Domain: "initech.com", Visibility: 25}}},
		// over P: Globex p01 p02 (2/5), Initech none
		{"previous period", g.scope(func(s *sightline.Scope) { s.Window = gPrev }), nil, []*sightline.Competitor{
			{ID: gGlobex, BrandID: gBrandA, Name: "Globex", Domain: "globex.com", Visibility: 40},
			{ID: gInitech, BrandID: gBrandA, Name: "Initech", Domain: "initech.com", Visibility: 0}}},
	} {
		got, total, err := g.db.FindCompetitors(ctx, gOrgA, sightline.CompetitorFilter{Scope: tc.scope, PageRequest: gPage1, Sort: tc.sort})
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "FindCompetitors "+tc.what, tc.want, got, cmpopts.IgnoreFields(sightline.Competitor{}, "Aliases"))
		if total != 2 {
			t.Errorf("%s: total = %d, want 2", tc.what, total)
		}
	}
}

func goldenAds(t *testing.T, g *golden) {
	ctx := context.Background()
	hub, pipe, mail := g.adv["HubSpot"], g.adv["Pipedrive"], g.adv["Mailchimp"]
	t1, t2 := gT1, gT2
	ad := func(run, adv, name, domain, text, prompt string, topic *string, provider, region, ranAt string) *sightline.Ad {
		return &sightline.Ad{RunID: g.runs[run], AdvertiserID: adv, AdvertiserName: name, AdvertiserDomain: domain,
			FaviconURL: "https://" + domain + "/favicon.ico", Text: text, PromptID: prompt, TopicID: topic,
			ProviderID: provider, RegionID: region, RanAt: gTime(t, ranAt)}
	}
	// ads shown in W, newest first (two ads of one answer in their order)
	r10 := ad("r10", pipe, "Pipedrive", "pipedrive.com", "Pipedrive CRM", gP4, nil, g.perplex, g.us, "2026-03-10T23:59:59.999999Z")
	r07a := ad("r07", hub, "HubSpot", "hubspot.com", "HubSpot email", gP3, &t2, g.perplex, g.us, "2026-03-05T11:00:00Z")
	r07b := ad("r07", hub, "HubSpot", "hubspot.com", "HubSpot Marketing Hub", gP3, &t2, g.perplex, g.us, "2026-03-05T11:00:00Z")
	r05a := ad("r05", hub, "HubSpot", "hubspot.com", "HubSpot for startups", gP1, &t1, g.chatgpt, g.gb, "2026-03-02T08:00:00Z")
	r05b := ad("r05", pipe, "Pipedrive", "pipedrive.com", "Pipedrive deals", gP1, &t1, g.chatgpt, g.gb, "2026-03-02T08:00:00Z")
	r01 := ad("r01", hub, "HubSpot", "hubspot.com", "Try HubSpot CRM", gP1, &t1, g.chatgpt, g.us, "2026-02-25T00:00:00Z")
	for _, tc := range []struct {
		what string
		f    sightline.AdFilter
		want []*sightline.Ad
	}{
		// o01, o02 and p03 are outside W
		{"default", sightline.AdFilter{Scope: g.scope()}, []*sightline.Ad{r10, r07a, r07b, r05a, r05b, r01}},
		// free text on the ad text: "Pipedrive CRM", "Try HubSpot CRM"
		{"query=crm", sightline.AdFilter{Scope: g.scope(), Query: "crm"}, []*sightline.Ad{r10, r01}},
		{"perplexity", sightline.AdFilter{Scope: g.scope(func(s *sightline.Scope) { s.ProviderIDs = []string{g.perplex} })}, []*sightline.Ad{r10, r07a, r07b}},
	} {
		tc.f.PageRequest = gPage1
		got, total, err := g.db.FindAds(ctx, gOrgA, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "FindAds "+tc.what, tc.want, got)
		if total != len(tc.want) {
			t.Errorf("FindAds %s: total = %d, want %d", tc.what, total, len(tc.want))
		}
	}
	got, _, err := g.db.FindAds(ctx, gOrgA, sightline.AdFilter{Scope: g.scope(), PageRequest: gPage1, Sort: []sightline.SortKey{{Key: "advertiser_name"}}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range got {
		names = append(names, a.AdvertiserName)
	}
	gDiff(t, "FindAds by advertiser_name", []string{"HubSpot", "HubSpot", "HubSpot", "HubSpot", "Pipedrive", "Pipedrive"}, names)

	summary := func(id, name, domain string, appearances, prompts, ads, providers int, first, last string) *sightline.AdvertiserSummary {
		return &sightline.AdvertiserSummary{AdvertiserID: id, AdvertiserName: name, AppearanceCount: appearances, PromptCount: prompts,
			AdCount: ads, ProviderCount: providers, AdvertiserDomain: domain, FaviconURL: "https://" + domain + "/favicon.ico",
			FirstSeenAt: gTime(t, first), LastSeenAt: gTime(t, last)}
	}
	// HubSpot in W: answers r01, r05, r07 (3); ads 1 + 1 + 2 = 4; prompts P1, P3; providers chatgpt, perplexity;
	// seen first with o01 (before P), last with r07 (all time)
	hubW := summary(hub, "HubSpot", "hubspot.com", 3, 2, 4, 2, "2026-02-10T23:59:59Z", "2026-03-05T11:00:00Z")
	// Pipedrive in W: r05, r10 → 2 answers, 2 ads, prompts P1, P4, providers chatgpt, perplexity; last seen o02 (after W)
	pipeW := summary(pipe, "Pipedrive", "pipedrive.com", 2, 2, 2, 2, "2026-03-02T08:00:00Z", "2026-03-11T00:00:00Z")
	for _, tc := range []struct {
		what string
		f    sightline.AdFilter
		want []*sightline.AdvertiserSummary
	}{
		// Mailchimp's only ad (p03) is outside W: not listed
		{"default", sightline.AdFilter{Scope: g.scope()}, []*sightline.AdvertiserSummary{hubW, pipeW}},
		{"ad_count asc", sightline.AdFilter{Scope: g.scope(), Sort: []sightline.SortKey{{Key: "ad_count"}}}, []*sightline.AdvertiserSummary{pipeW, hubW}},
		{"last_seen_at desc", sightline.AdFilter{Scope: g.scope(), Sort: []sightline.SortKey{{Key: "last_seen_at", Desc: true}}}, []*sightline.AdvertiserSummary{pipeW, hubW}},
		{"query=pipe", sightline.AdFilter{Scope: g.scope(), Query: "pipe"}, []*sightline.AdvertiserSummary{pipeW}},
		// perplexity: HubSpot r07 (1 answer, 2 ads, P3), Pipedrive r10 (1 answer, 1 ad, P4); tie on
		// appearances → by name; first/last seen stay all-time
		{"perplexity", sightline.AdFilter{Scope: g.scope(func(s *sightline.Scope) { s.ProviderIDs = []string{g.perplex} })}, []*sightline.AdvertiserSummary{
			summary(hub, "HubSpot", "hubspot.com", 1, 1, 2, 1, "2026-02-10T23:59:59Z", "2026-03-05T11:00:00Z"),
			summary(pipe, "Pipedrive", "pipedrive.com", 1, 1, 1, 1, "2026-03-02T08:00:00Z", "2026-03-11T00:00:00Z")}},
	} {
		tc.f.PageRequest = gPage1
		got, total, err := g.db.FindAdvertisers(ctx, gOrgA, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "FindAdvertisers "+tc.what, tc.want, got)
		if total != len(tc.want) {
			t.Errorf("FindAdvertisers %s: total = %d, want %d", tc.what, total, len(tc.want))
		}
	}
	// the total is the same on every page, the one past the end included
	for page, want := range [][]*sightline.AdvertiserSummary{1: {hubW}, 2: {pipeW}, 3: nil} {
		if page == 0 {
			continue
		}
		f := sightline.AdFilter{Scope: g.scope(), PageRequest: sightline.PageRequest{Page: page, PageSize: 1}}
		got, total, err := g.db.FindAdvertisers(ctx, gOrgA, f)
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, "FindAdvertisers page "+strconv.Itoa(page)+" of 1", want, got)
		if total != 2 {
			t.Errorf("FindAdvertisers page %d of 1: total = %d, want 2", page, total)
		}
	}
	one, err := g.db.FindAdvertiserByID(ctx, gOrgA, hub, g.scope())
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "FindAdvertiserByID HubSpot", hubW, one)
	// an advertiser without ads in W is still answered, with zeros; first = last = p03
	one, err = g.db.FindAdvertiserByID(ctx, gOrgA, mail, g.scope())
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "FindAdvertiserByID Mailchimp", summary(mail, "Mailchimp", "mailchimp.com", 0, 0, 0, 0, "2026-02-20T10:00:00Z", "2026-02-20T10:00:00Z"), one)
}

func goldenNotFound(t *testing.T, g *golden) {
	ctx := context.Background()
	db := g.db
	other := sightline.Scope{BrandID: gBrandA, Window: gW} // brand Acme, asked for by the other organization
	unknown := sightline.Scope{BrandID: "0b000000-0000-4000-8000-0000000000ff", Window: gW}
	for _, sc := range []struct {
		name  string
		org   string
		scope sightline.Scope
	}{{"other org", gOrgB, other}, {"unknown brand", gOrgA, unknown}} {
		s := sc.scope
		calls := map[string]func() error{
			"FindTopicByID": func() error { _, err := db.FindTopicByID(ctx, sc.org, s.BrandID, gT1, s); return err },
			"FindTopics": func() error {
				_, _, err := db.FindTopics(ctx, sc.org, s.BrandID, sightline.TopicFilter{Scope: s, PageRequest: gPage1})
				return err
			},
			"FindCitationPages": func() error {
				_, _, err := db.FindCitationPages(ctx, sc.org, sightline.CitationFilter{Scope: s, PageRequest: gPage1})
				return err
			},
			"FindCitationDomains": func() error {
				_, _, err := db.FindCitationDomains(ctx, sc.org, sightline.CitationFilter{Scope: s, PageRequest: gPage1})
				return err
			},
			"MentionShare":      func() error { _, err := db.MentionShare(ctx, sc.org, s, "day"); return err },
			"CitationsOverview": func() error { _, err := db.CitationsOverview(ctx, sc.org, s); return err },
			"DomainsOverview":   func() error { _, err := db.DomainsOverview(ctx, sc.org, s, "day"); return err },
			"CitationSummary":   func() error { _, err := db.CitationSummary(ctx, sc.org, s); return err },
			"FindShareOfVoice": func() error {
				_, _, err := db.FindShareOfVoice(ctx, sc.org, sightline.SOVFilter{Scope: s, Granularity: "day", PageRequest: gPage1})
				return err
			},
			"FindCompetitors": func() error {
				_, _, err := db.FindCompetitors(ctx, sc.org, sightline.CompetitorFilter{Scope: s, PageRequest: gPage1})
				return err
			},
			"UpdateCompetitorDomain": func() error { _, err := db.UpdateCompetitorDomain(ctx, sc.org, gGlobex, "globex.net", s); return err },
			"FindAds": func() error {
				_, _, err := db.FindAds(ctx, sc.org, sightline.AdFilter{Scope: s, PageRequest: gPage1})
				return err
			},
			"FindAdvertisers": func() error {
				_, _, err := db.FindAdvertisers(ctx, sc.org, sightline.AdFilter{Scope: s, PageRequest: gPage1})
				return err
			},
			"FindAdvertiserByID": func() error { _, err := db.FindAdvertiserByID(ctx, sc.org, g.adv["HubSpot"], s); return err },
		}
		for name, call := range calls {
			gWantCode(t, sc.name+": "+name, call(), sightline.ENOTFOUND)
		}
	}
	// the right organization asking for another brand's resources
	_, err := db.FindTopicByID(ctx, gOrgA, gBrandA, gTopicB, g.scope())
	gWantCode(t, "FindTopicByID(other brand's topic)", err, sightline.ENOTFOUND)
	_, err = db.UpdateCompetitorDomain(ctx, gOrgA, gCompB, "acme.net", g.scope())
	gWantCode(t, "UpdateCompetitorDomain(other brand's competitor)", err, sightline.ENOTFOUND)
	_, err = db.FindAdvertiserByID(ctx, gOrgA, g.advB, g.scope())
	gWantCode(t, "FindAdvertiserByID(other brand's advertiser)", err, sightline.ENOTFOUND)
	// none of that changed Globex's domain
	comps, _, err := db.FindCompetitors(ctx, gOrgA, sightline.CompetitorFilter{Scope: g.scope(), PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	if len(comps) != 2 || comps[0].Domain != "globex.com" {
		t.Errorf("competitors after refused updates: %+v", comps)
	}
}

func goldenDomainFlip(t *testing.T, g *golden) {
	ctx := context.Background()
	db := g.db
	// PATCH Globex's domain to globex.io: its citations (r04 GP, r07 GP) turn competitor_owned at once,
	// and globex.com's (r02 GF: names Globex only → competitor_earned; r06 GF: names Acme → earned) lose it.
	c, err := db.UpdateCompetitorDomain(ctx, gOrgA, gGlobex, "globex.io", g.scope())
	if err != nil {
		t.Fatal(err)
	}
	// visibility over the scope: 5 of 10 runs
	gDiff(t, "UpdateCompetitorDomain", &sightline.Competitor{ID: gGlobex, BrandID: gBrandA, Name: "Globex", Domain: "globex.io", Visibility: 50}, c,
		cmpopts.IgnoreFields(sightline.Competitor{}, "Aliases"))

	sum, err := db.CitationSummary(ctx, gOrgA, g.scope())
	if err != nil {
		t.Fatal(err)
	}
	// owned 5; competitor_owned r04 GP, r07 GP, r04 IA, r09 IA = 4; earned 5 + r06 GF = 6;
	// competitor_earned 6 − r04 GP − r07 GP + r02 GF = 5; social 2, editorial 1, review 1
	gDiff(t, "CitationSummary after the update", &sightline.CitationSummary{TotalCitations: 24, Categories: []sightline.CategoryCount{
		{Category: "earned", Count: 6, Percent: 25}, {Category: "competitor_earned", Count: 5, Percent: 500.0 / 24},
		{Category: "owned", Count: 5, Percent: 500.0 / 24}, {Category: "competitor_owned", Count: 4, Percent: 400.0 / 24},
		{Category: "social", Count: 2, Percent: 200.0 / 24}, {Category: "editorial", Count: 1, Percent: 100.0 / 24},
		{Category: "review", Count: 1, Percent: 100.0 / 24}}}, sum)

	rows, _, err := db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.Query = "globex"; s.QueryDomain = true }), PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "globex domains after the update", []*sightline.CitationRow{
		gRow(gGF, "globex.com", "features", "earned", gSrc, 1, 2, 50, 1, 100, "Acme", "Globex", "Hubspot"),
		gRow(gGP, "globex.io", "pricing", "competitor_owned", gSrcInl, 1, 2, 50, 0, 0, "Bitrix", "Globex", "Initech", "Zoho"),
	}, rows)
	pages, _, err := db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.DomainTypes = []string{"competitor_owned"} }), PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	// competitor_owned citations now: GP r04 s, r07 i; IA r04, r09 (brand r09)
	gDiff(t, "competitor_owned pages after the update", []*sightline.CitationRow{
		gRow(gGP, "globex.io", "pricing", "competitor_owned", gSrcInl, 1, 2, 50, 0, 0, "Bitrix", "Globex", "Initech", "Zoho"),
		gRow(gIA, "initech.com", "about", "competitor_owned", gSrc, 1, 2, 50, 1, 100, "Acme", "Bitrix", "Globex", "Initech"),
	}, pages)
	ov, err := db.DomainsOverview(ctx, gOrgA, g.scope(), "week")
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "breakdown after the update", []sightline.TypeCount{
		{Type: "owned", Count: 5, Percent: 500.0 / 24}, {Type: "competitor_owned", Count: 4, Percent: 400.0 / 24},
		{Type: "earned", Count: 6, Percent: 25}, {Type: "competitor_earned", Count: 5, Percent: 500.0 / 24},
		{Type: "other", Count: 4, Percent: 400.0 / 24}}, ov.Breakdown)

	// and back: everything as before
	if _, err := db.UpdateCompetitorDomain(ctx, gOrgA, gGlobex, "globex.com", g.scope()); err != nil {
		t.Fatal(err)
	}
	goldenSummary(t, g)
	rows, _, err = db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	all := domainsW()
	gDiff(t, "domains after restoring", pick(all, "acme.com", "techcrunch.com", "g2.com", "reddit.com", "youtube.com", "globex.com", "globex.io", "initech.com", "acme.io"), rows)
}

// TestMetricsGoldenTrackedWithoutDomain: "tracked brands" are the brand and
// all its competitors (docs/metrics.md, mention share), also one without a
// domain. Brand Solo (solo.com), competitors Duo (duo.com) and Trio (no
// domain); one run s1 on 2026-03-01 naming Solo and Trio and citing
// solo.com (owned), duo.com (competitor_owned) and techcrunch.com (earned).
func TestMetricsGoldenTrackedWithoutDomain(t *testing.T) {
	ctx := context.Background()
	db := sqlstoretest.MustOpenDB(t)
	const org, brand, prompt = "0a000000-0000-4000-8000-000000000003", "0b000000-0000-4000-8000-000000000003", "0e000000-0000-4000-8000-000000000008"
	if _, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{ID: org, Name: "Solo Org"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateBrand(ctx, sightline.BrandCreate{ID: brand, OrgID: org, Name: "Solo", Domains: []string{"solo.com"},
		Competitors: []sightline.CompetitorCreate{{Name: "Duo", Domain: "duo.com"}, {Name: "Trio"}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreatePrompts(ctx, org, brand, []sightline.PromptCreate{{ID: prompt, Text: "solo question"}}); err != nil {
		t.Fatal(err)
	}
	line := `{"brand_id":"` + brand + `","prompt_id":"` + prompt + `","provider":"chatgpt","region":"us","ran_at":"2026-03-01T12:00:00Z",` +
		`"answer":"s1","mentions":[{"name":"Solo","sentiment":50},{"name":"Trio","sentiment":50}],` +
		`"citations":[{"url":"https://solo.com/pricing"},{"url":"https://duo.com/pricing"},{"url":"https://techcrunch.com/2026/03/01/solo-raises"}]}`
	res, err := ingest.New(db).Ingest(ctx, strings.NewReader(line+"\n"), ingest.Options{})
	if err != nil || res.Inserted != 1 {
		t.Fatalf("ingest: %+v, %v", res, err)
	}
	pt := func(d string, total, count int, share, avg, avgPct float64) sightline.SeriesPoint {
		return sightline.SeriesPoint{Date: d, Total: total, Count: count, SharePercent: share, AverageCount: avg, AveragePercentage: avgPct}
	}
	got, err := db.DomainsOverview(ctx, org, sightline.Scope{BrandID: brand,
		Window: sightline.Window{Start: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)}}, "day")
	if err != nil {
		t.Fatal(err)
	}
	gDiff(t, "DomainsOverview", &sightline.DomainsOverview{
		// 3 citations, 1 owned; average_count = (owned 1 + competitor_owned 1) / 3 tracked brands (Solo, Duo, Trio)
		// = 2/3 → 100·(2/3)/3 = 22.2 < 33.3
		YourCitations: sightline.ShareSeries{CurrentValue: 100.0 / 3, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			pt("2026-03-01", 3, 1, 100.0/3, 2.0/3, 200.0/9)}},
		// 1 run naming Solo; tracked mentions Solo + Trio = 2 → 2/3
		YourMentions: sightline.ShareSeries{CurrentValue: 100, AboveAverage: true, DataPoints: []sightline.SeriesPoint{
			pt("2026-03-01", 1, 1, 100, 2.0/3, 200.0/3)}},
		// all five classes, zeros included
		Breakdown: []sightline.TypeCount{{Type: "owned", Count: 1, Percent: 100.0 / 3}, {Type: "competitor_owned", Count: 1, Percent: 100.0 / 3},
			{Type: "earned", Count: 1, Percent: 100.0 / 3}, {Type: "competitor_earned"}, {Type: "other"}},
	}, got)
}
