package sqlstore_test

// The hand-made data set of the metrics golden tests (metrics_golden_test.go).
// Every expected value there is worked out by hand from the tables below;
// keep both in step.
//
// Brand "Acme" (org "Golden Org"), owned domains acme.com and acme.io, alias
// "Acme Inc". Competitors: "Globex" (globex.com, alias "Globex Corp") and
// "Initech" (initech.com). Untracked found brands named in answers: Hubspot,
// Zoho, Bitrix. Topics: T1 "CRM Software" (prompts P1, P2), T2 "Email
// Marketing" (P3), T3 "Empty Topic" (P5, never run), T4 "Retired Topic" (P6,
// soft-deleted). P4 has no topic. Providers chatgpt (C) and perplexity (X),
// regions us and gb.
//
// Window W = [2026-02-25 00:00, 2026-03-11 00:00) UTC, 14 days (the API's
// inclusive end 2026-03-10T23:59:59.999999Z + 1µs). Previous period
// P = [2026-02-11 00:00, 2026-02-25 00:00). Week buckets of W: 2026-02-23
// (cut: only Feb 25–Mar 1), 2026-03-02, 2026-03-09 (cut: only Mar 9–10).
// Month buckets: 2026-02-01 (cut: only Feb 25–28), 2026-03-01.
//
// Pages (normalized) | domain | page_type | static class:
//
//	AP https://acme.com/pricing                            acme.com       pricing        other
//	AB https://acme.com/blog/how-to-choose-a-crm           acme.com       how_to_guide   other
//	AI https://acme.io                                     acme.io        homepage       other
//	GF https://globex.com/features                         globex.com     features       other
//	GP https://globex.io/pricing                           globex.io      pricing        other
//	IA https://initech.com/about                           initech.com    about          other
//	TC https://techcrunch.com/2026/02/20/best-crm-tools    techcrunch.com listicle       editorial
//	G2 https://g2.com/categories/crm                       g2.com         category_page  review
//	RD https://reddit.com/r/crm/comments/abc123/which_crm  reddit.com     discussion     social   (subreddit crm)
//	Y1 https://youtube.com/watch?v=abc123                  youtube.com    social         social   (channel "Acme TV")
//	Y2 https://youtube.com/watch?v=xyz789                  youtube.com    social         social   (channel "CRM Guru")
//
// Runs (mentions with sentiment; citations, s = source, i = inline; ads):
//
//	run  ran_at (UTC)                 prompt prov region mentions                          citations              ads
//	--- window W ---
//	r01  2026-02-25 00:00:00 (=start) P1 T1  C  us  Acme 80, Globex 40                 AP s (cited twice), TC s  HubSpot
//	r02  2026-02-26 10:00             P1 T1  X  us  Globex 60, Hubspot 70              GF s, G2 s, TC i
//	r03  2026-02-27 09:00             P2 T1  C  gb  Acme 70 ("Acme Inc" 70 too), Zoho 50 AB s, RD s
//	r04  2026-03-01 12:00             P2 T1  X  gb  Bitrix 30, Initech 60, "Globex Corp" 50 IA s, GP s, Y2 s
//	r05  2026-03-02 08:00             P1 T1  C  gb  Acme 90, Hubspot 50                AP s, Y1 s, RD i       HubSpot, Pipedrive
//	r06  2026-03-04 15:30             P3 T2  C  us  Acme 60, Globex 80                 AI s, GF s, G2 s
//	r07  2026-03-05 11:00             P3 T2  X  us  Globex 70, Zoho 30                 GP i, TC s             HubSpot ×2
//	r08  2026-03-07 20:00             P3 T2  C  gb  (none: mentions [])                TC s, Y2 s
//	r09  2026-03-09 09:00             P4 –   C  us  Acme 40, Initech 80                AP s, IA s
//	r10  2026-03-10 23:59:59.999999   P4 –   X  us  Hubspot 60                         G2 s, RD s             Pipedrive
//	--- previous period P ---
//	p01  2026-02-11 00:00:00 (=start) P1 T1  C  us  Acme 60, Globex 60                 AP s, GF s
//	p02  2026-02-15 10:00             P2 T1  X  us  Globex 40                          TC s, GP s
//	p03  2026-02-20 10:00             P3 T2  C  gb  Acme 50, Zoho 70                   AB s, G2 s             Mailchimp
//	p04  2026-02-24 18:00 (week 02-23) P3 T2 X  us  Hubspot 50                         RD s, TC s
//	p05  2026-02-22 09:00             P4 –   C  us  Acme 70                            AP s
//	--- outside both ---
//	o01  2026-02-10 23:59:59          P1 T1  C  us  Acme 100                           AP s                   HubSpot
//	o02  2026-03-11 00:00:00 (=end)   P1 T1  C  us  Globex 100                         GF s                   Pipedrive
//
// A second organization "Other Org" has brand "Umbrella" (umbrella.com) with
// competitor "Acme" (acme.com), topic, prompt, one run rb1 in W naming Acme
// and citing AP, and a HubSpot ad: none of it may show in Acme's numbers.

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
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// Normalized pages of the golden data set.
const (
	gAP = "https://acme.com/pricing"
	gAB = "https://acme.com/blog/how-to-choose-a-crm"
	gAI = "https://acme.io"
	gGF = "https://globex.com/features"
	gGP = "https://globex.io/pricing"
	gIA = "https://initech.com/about"
	gTC = "https://techcrunch.com/2026/02/20/best-crm-tools"
	gG2 = "https://g2.com/categories/crm"
	gRD = "https://reddit.com/r/crm/comments/abc123/which_crm"
	gY1 = "https://youtube.com/watch?v=abc123"
	gY2 = "https://youtube.com/watch?v=xyz789"
)

// Fixed ids of the golden data set.
const (
	gOrgA     = "0a000000-0000-4000-8000-000000000001"
	gBrandA   = "0b000000-0000-4000-8000-000000000001"
	gGlobex   = "0c000000-0000-4000-8000-000000000001"
	gInitech  = "0c000000-0000-4000-8000-000000000002"
	gT1       = "0d000000-0000-4000-8000-000000000001"
	gT2       = "0d000000-0000-4000-8000-000000000002"
	gT3       = "0d000000-0000-4000-8000-000000000003"
	gT4       = "0d000000-0000-4000-8000-000000000004"
	gP1       = "0e000000-0000-4000-8000-000000000001"
	gP2       = "0e000000-0000-4000-8000-000000000002"
	gP3       = "0e000000-0000-4000-8000-000000000003"
	gP4       = "0e000000-0000-4000-8000-000000000004"
	gP5       = "0e000000-0000-4000-8000-000000000005"
	gP6       = "0e000000-0000-4000-8000-000000000006"
	gOrgB     = "0a000000-0000-4000-8000-000000000002"
	gBrandB   = "0b000000-0000-4000-8000-000000000002"
	gCompB    = "0c000000-0000-4000-8000-000000000003"
	gTopicB   = "0d000000-0000-4000-8000-000000000005"
	gPromptB  = "0e000000-0000-4000-8000-000000000007"
	gRunPrefx = "0f000000-0000-4000-8000-0000000000"
)

var (
	// gW is the window W, gPrev the previous period P.
	gW    = sightline.Window{Start: time.Date(2026, 2, 25, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)}
	gPrev = sightline.Window{Start: time.Date(2026, 2, 11, 0, 0, 0, 0, time.UTC), End: gW.Start}
	// gDays are the 14 day buckets of W.
	gDays = []string{"2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02", "2026-03-03",
		"2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"}
)

// golden is the seeded data set and the ids the store made up.
type golden struct {
	db                 *sqlstore.DB
	chatgpt, perplex   string            // provider ids
	us, gb             string            // region ids
	fb                 map[string]string // found-brand name -> id (brand Acme)
	adv                map[string]string // advertiser name -> id (brand Acme)
	advB               string            // brand Umbrella's HubSpot advertiser
	runs               map[string]string // "r01" -> run id
	providerN, regionN map[string]string // id -> display name
}

func gRunID(n int) string { return gRunPrefx + string(rune('0'+n/10)) + string(rune('0'+n%10)) }

type gMention struct {
	Name      string  `json:"name"`
	Position  int     `json:"position"`
	Sentiment float64 `json:"sentiment"`
}

type gCite struct {
	URL    string `json:"url"`
	Type   string `json:"type"`
	Author string `json:"author,omitempty"`
}

type gAd struct {
	Advertiser string `json:"advertiser"`
	Domain     string `json:"domain"`
	Text       string `json:"text"`
}

type gRecord struct {
	ID        string     `json:"id"`
	BrandID   string     `json:"brand_id"`
	PromptID  string     `json:"prompt_id"`
	Provider  string     `json:"provider"`
	Region    string     `json:"region"`
	RanAt     string     `json:"ran_at"`
	Answer    string     `json:"answer"`
	Mentions  []gMention `json:"mentions"` // always present: used as given
	Citations []gCite    `json:"citations"`
	Ads       []gAd      `json:"ads,omitempty"`
}

func gM(pairs ...any) []gMention {
	out := []gMention{}
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, gMention{Name: pairs[i].(string), Position: i/2 + 1, Sentiment: float64(pairs[i+1].(int))})
	}
	return out
}

func gS(url string) gCite { return gCite{URL: url, Type: "source"} }
func gI(url string) gCite { return gCite{URL: url, Type: "inline"} }

// gRecords is the data set as ingest records (see the table above).
func gRecords() []gRecord {
	rec := func(name string, n int, prompt, provider, region, ranAt string, m []gMention, c []gCite, ads ...gAd) gRecord {
		return gRecord{ID: gRunID(n), BrandID: gBrandA, PromptID: prompt, Provider: provider, Region: region, RanAt: ranAt,
			Answer: "answer of " + name, Mentions: m, Citations: c, Ads: ads}
	}
	hubspot := func(text string) gAd { return gAd{Advertiser: "HubSpot", Domain: "hubspot.com", Text: text} }
	pipedrive := func(text string) gAd { return gAd{Advertiser: "Pipedrive", Domain: "pipedrive.com", Text: text} }
	y1 := gCite{URL: "https://youtu.be/abc123", Type: "source", Author: "Acme TV"}
	y2 := gCite{URL: "https://www.youtube.com/watch?v=xyz789", Type: "source", Author: "CRM Guru"}
	return []gRecord{
		// window W
		rec("r01", 1, gP1, "chatgpt", "us", "2026-02-25T00:00:00Z", gM("Acme", 80, "Globex", 40),
			[]gCite{gS("https://www.acme.com/pricing/?utm_source=chatgpt#plans"), gS("https://techcrunch.com/2026/02/20/best-crm-tools"), gS("https://acme.com/pricing")},
			hubspot("Try HubSpot CRM")),
		rec("r02", 2, gP1, "perplexity", "us", "2026-02-26T10:00:00Z", gM("Globex", 60, "Hubspot", 70),
			[]gCite{gS("https://globex.com/features"), gS("https://www.g2.com/categories/crm"), gI("https://techcrunch.com/2026/02/20/best-crm-tools/")}),
		rec("r03", 3, gP2, "chatgpt", "gb", "2026-02-27T09:00:00Z", gM("Acme", 70, "Acme Inc", 70, "Zoho", 50),
			[]gCite{gS("https://acme.com/blog/how-to-choose-a-crm"), gS("https://old.reddit.com/r/crm/comments/abc123/which_crm/")}),
		rec("r04", 4, gP2, "perplexity", "gb", "2026-03-01T12:00:00Z", gM("Bitrix", 30, "Initech", 60, "Globex Corp", 50),
			[]gCite{gS("https://initech.com/about"), gS("https://globex.io/pricing"), y2}),
		rec("r05", 5, gP1, "chatgpt", "gb", "2026-03-02T08:00:00Z", gM("Acme", 90, "Hubspot", 50),
			[]gCite{gS("http://acme.com/pricing"), y1, gI("https://reddit.com/r/crm/comments/abc123/which_crm")},
			hubspot("HubSpot for startups"), pipedrive("Pipedrive deals")),
		rec("r06", 6, gP3, "chatgpt", "us", "2026-03-04T15:30:00Z", gM("Acme", 60, "Globex", 80),
			[]gCite{gS("https://www.acme.io/"), gS("https://www.globex.com/features"), gS("https://g2.com/categories/crm")}),
		rec("r07", 7, gP3, "perplexity", "us", "2026-03-05T11:00:00Z", gM("Globex", 70, "Zoho", 30),
			[]gCite{gI("https://globex.io/pricing"), gS("https://techcrunch.com/2026/02/20/best-crm-tools")},
			hubspot("HubSpot email"), gAd{Advertiser: "HubSpot", Domain: "https://www.hubspot.com/marketing", Text: "HubSpot Marketing Hub"}),
		rec("r08", 8, gP3, "chatgpt", "gb", "2026-03-07T20:00:00Z", gM(),
			[]gCite{gS("https://techcrunch.com/2026/02/20/best-crm-tools"), y2}),
		rec("r09", 9, gP4, "chatgpt", "us", "2026-03-09T09:00:00Z", gM("Acme", 40, "Initech", 80),
			[]gCite{gS("https://ACME.com/pricing/"), gS("https://www.initech.com/about")}),
		rec("r10", 10, gP4, "perplexity", "us", "2026-03-10T23:59:59.999999Z", gM("Hubspot", 60),
			[]gCite{gS("https://g2.com/categories/crm"), gS("https://reddit.com/r/crm/comments/abc123/which_crm")},
			pipedrive("Pipedrive CRM")),
		// previous period P
		rec("p01", 11, gP1, "chatgpt", "us", "2026-02-11T00:00:00Z", gM("Acme", 60, "Globex", 60),
			[]gCite{gS("https://acme.com/pricing"), gS("https://globex.com/features")}),
		rec("p02", 12, gP2, "perplexity", "us", "2026-02-15T10:00:00Z", gM("Globex", 40),
			[]gCite{gS("https://techcrunch.com/2026/02/20/best-crm-tools"), gS("https://globex.io/pricing")}),
		rec("p03", 13, gP3, "chatgpt", "gb", "2026-02-20T10:00:00Z", gM("Acme", 50, "Zoho", 70),
			[]gCite{gS("https://acme.com/blog/how-to-choose-a-crm"), gS("https://g2.com/categories/crm")},
			gAd{Advertiser: "Mailchimp", Domain: "mailchimp.com", Text: "Mailchimp email"}),
		rec("p04", 14, gP3, "perplexity", "us", "2026-02-24T18:00:00Z", gM("Hubspot", 50),
			[]gCite{gS("https://reddit.com/r/crm/comments/abc123/which_crm"), gS("https://techcrunch.com/2026/02/20/best-crm-tools")}),
		rec("p05", 15, gP4, "chatgpt", "us", "2026-02-22T09:00:00Z", gM("Acme", 70),
			[]gCite{gS("https://acme.com/pricing")}),
		// outside both periods
		rec("o01", 16, gP1, "chatgpt", "us", "2026-02-10T23:59:59Z", gM("Acme", 100),
			[]gCite{gS("https://acme.com/pricing")}, hubspot("HubSpot free CRM")),
		rec("o02", 17, gP1, "chatgpt", "us", "2026-03-11T00:00:00Z", gM("Globex", 100),
			[]gCite{gS("https://globex.com/features")}, pipedrive("Pipedrive trial")),
		// the other organization's brand
		{ID: gRunID(18), BrandID: gBrandB, PromptID: gPromptB, Provider: "chatgpt", Region: "us", RanAt: "2026-03-03T10:00:00Z",
			Answer: "answer of rb1", Mentions: gM("Acme", 10, "Umbrella", 90),
			Citations: []gCite{gS("https://acme.com/pricing"), gS("https://umbrella.com/pricing")},
			Ads:       []gAd{{Advertiser: "HubSpot", Domain: "hubspot.com", Text: "HubSpot for Umbrella"}}},
	}
}

// gRunNames maps the table's run names to their ids.
var gRunNames = map[string]int{"r01": 1, "r02": 2, "r03": 3, "r04": 4, "r05": 5, "r06": 6, "r07": 7, "r08": 8, "r09": 9, "r10": 10,
	"p01": 11, "p02": 12, "p03": 13, "p04": 14, "p05": 15, "o01": 16, "o02": 17, "rb1": 18}

// seedGolden creates the organizations, brands, topics and prompts with the
// store and ingests the runs through the real ingest pipeline.
func seedGolden(t *testing.T) *golden {
	t.Helper()
	ctx := context.Background()
	db := sqlstoretest.MustOpenDB(t)
	now := time.Date(2026, 3, 12, 12, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	g := &golden{db: db, runs: map[string]string{}}
	for name, n := range gRunNames {
		g.runs[name] = gRunID(n)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{ID: gOrgA, Name: "Golden Org"})
	must(err)
	_, err = db.CreateBrand(ctx, sightline.BrandCreate{ID: gBrandA, OrgID: gOrgA, Name: "Acme",
		Domains: []string{"acme.com", "acme.io"}, Aliases: []string{"Acme Inc"},
		Competitors: []sightline.CompetitorCreate{
			{ID: gGlobex, Name: "Globex", Domain: "globex.com", Aliases: []string{"Globex Corp"}},
			{ID: gInitech, Name: "Initech", Domain: "initech.com"},
		}})
	must(err)
	_, err = db.CreateTopics(ctx, gOrgA, gBrandA, []sightline.TopicRef{
		{ID: gT1, Name: "CRM Software"}, {ID: gT2, Name: "Email Marketing"}, {ID: gT3, Name: "Empty Topic"}, {ID: gT4, Name: "Retired Topic"}})
	must(err)
	_, err = db.CreatePrompts(ctx, gOrgA, gBrandA, []sightline.PromptCreate{
		{ID: gP1, TopicID: gT1, Text: "best crm"}, {ID: gP2, TopicID: gT1, Text: "crm for startups"},
		{ID: gP3, TopicID: gT2, Text: "email marketing tools"}, {ID: gP4, Text: "business software"},
		{ID: gP5, TopicID: gT3, Text: "never asked"}, {ID: gP6, TopicID: gT4, Text: "retired question"}})
	must(err)
	must(db.DeleteTopic(ctx, gOrgA, gBrandA, gT4))

	_, err = db.CreateOrganization(ctx, sightline.OrganizationCreate{ID: gOrgB, Name: "Other Org"})
	must(err)
	_, err = db.CreateBrand(ctx, sightline.BrandCreate{ID: gBrandB, OrgID: gOrgB, Name: "Umbrella", Domains: []string{"umbrella.com"},
		Competitors: []sightline.CompetitorCreate{{ID: gCompB, Name: "Acme", Domain: "acme.com"}}})
	must(err)
	_, err = db.CreateTopics(ctx, gOrgB, gBrandB, []sightline.TopicRef{{ID: gTopicB, Name: "CRM Software"}})
	must(err)
	_, err = db.CreatePrompts(ctx, gOrgB, gBrandB, []sightline.PromptCreate{{ID: gPromptB, TopicID: gTopicB, Text: "best crm"}})
	must(err)

	var in bytes.Buffer
	recs := gRecords()
	for _, r := range recs {
		line, err := json.Marshal(r)
		must(err)
		in.Write(line)
		in.WriteByte('\n')
	}
	res, err := ingest.New(db).Ingest(ctx, &in, ingest.Options{})
	must(err)
	if res.Inserted != len(recs) || res.Skipped != 0 || len(res.Errors) != 0 {
		t.Fatalf("ingest: %+v", res)
	}

	providers, err := db.FindProviders(ctx)
	must(err)
	g.providerN = map[string]string{}
	for _, p := range providers {
		g.providerN[p.ID] = p.Name
		switch p.Code {
		case "chatgpt":
			g.chatgpt = p.ID
		case "perplexity":
			g.perplex = p.ID
		}
	}
	regions, err := db.FindRegions(ctx)
	must(err)
	g.regionN = map[string]string{}
	for _, r := range regions {
		g.regionN[r.ID] = r.Name
		switch r.Code {
		case "us":
			g.us = r.ID
		case "gb":
			g.gb = r.ID
		}
	}
	if g.chatgpt == "" || g.perplex == "" || g.us == "" || g.gb == "" {
		t.Fatalf("providers %v, regions %v", providers, regions)
	}

	// Found-brand and advertiser ids are made up by the store: read them
	// back by name (ids only; no metric is taken from here).
	rows, _, err := db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: sightline.Scope{BrandID: gBrandA, Window: gW},
		Granularity: "month", PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	must(err)
	g.fb = map[string]string{}
	for _, r := range rows {
		g.fb[r.Name] = r.ID
	}
	for _, name := range []string{"Acme", "Globex", "Initech", "Hubspot", "Zoho", "Bitrix"} {
		if g.fb[name] == "" {
			t.Fatalf("found brand %s missing: %v", name, g.fb)
		}
	}
	wide := sightline.Window{Start: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)}
	advs, _, err := db.FindAdvertisers(ctx, gOrgA, sightline.AdFilter{Scope: sightline.Scope{BrandID: gBrandA, Window: wide},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	must(err)
	g.adv = map[string]string{}
	for _, a := range advs {
		g.adv[a.AdvertiserName] = a.AdvertiserID
	}
	if len(g.adv) != 3 {
		t.Fatalf("advertisers of Acme: %v", g.adv)
	}
	advsB, _, err := db.FindAdvertisers(ctx, gOrgB, sightline.AdFilter{Scope: sightline.Scope{BrandID: gBrandB, Window: wide},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	must(err)
	if len(advsB) != 1 {
		t.Fatalf("advertisers of Umbrella: %v", advsB)
	}
	g.advB = advsB[0].AdvertiserID
	return g
}

// scope returns a scope of brand Acme over W with the given changes.
func (g *golden) scope(mod ...func(*sightline.Scope)) sightline.Scope {
	s := sightline.Scope{BrandID: gBrandA, Window: gW}
	for _, m := range mod {
		m(&s)
	}
	return s
}

// ids maps found-brand names to their ids.
func (g *golden) ids(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = g.fb[n]
	}
	return out
}

// gTol is the float tolerance of every comparison.
const gTol = 1e-9

var gCmpOpts = []cmp.Option{cmpopts.EquateApprox(0, gTol), cmpopts.EquateEmpty()}

// gDiff fails the test when got differs from want (floats within gTol).
func gDiff(t *testing.T, what string, want, got any, opts ...cmp.Option) {
	t.Helper()
	if d := cmp.Diff(want, got, append(append([]cmp.Option{}, gCmpOpts...), opts...)...); d != "" {
		t.Errorf("%s (-want +got):\n%s", what, d)
	}
}

func gFloat(t *testing.T, what string, want, got float64) {
	t.Helper()
	if math.Abs(want-got) > gTol {
		t.Errorf("%s = %.12g, want %.12g", what, got, want)
	}
}

// gPoints zips literal per-day counts with the day buckets of W.
func gPoints(t *testing.T, counts ...int) []sightline.CountPoint {
	t.Helper()
	if len(counts) != len(gDays) {
		t.Fatalf("gPoints: %d counts for %d days", len(counts), len(gDays))
	}
	out := make([]sightline.CountPoint, len(counts))
	for i, c := range counts {
		out[i] = sightline.CountPoint{Date: gDays[i], Count: c}
	}
	return out
}

// gRow builds an expected citation row. The golden runs report no
// retrieved sources: every row's retrieved_count is 0 (TestGolden_Retrieved
// adds runs that do).
func gRow(page, domain, pageType, domainType string, types []string, pages, total int, totalPct float64,
	brand int, brandPct float64, mentioned ...string) *sightline.CitationRow {
	retrieved := 0
	return &sightline.CitationRow{Page: page, Domain: domain, PageType: pageType, DomainType: domainType,
		CitationTypes: types, PageCount: pages, TotalCitationCount: total, TotalCitationPercent: totalPct,
		BrandCitationCount: brand, BrandCitationPercent: brandPct, TargetBrandMentioned: brand > 0, MentionedBrands: mentioned,
		RetrievedCount: &retrieved}
}

var (
	gSrc     = []string{sightline.CitationSource}
	gInl     = []string{sightline.CitationInline}
	gSrcInl  = []string{sightline.CitationSource, sightline.CitationInline}
	gPage1   = sightline.PageRequest{Page: 1, PageSize: 100}
	gTopicCm = cmpopts.IgnoreFields(sightline.Topic{}, "CreatedAt", "UpdatedAt")
)

// gWantCode fails unless err carries the application error code.
func gWantCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if got := sightline.ErrorCode(err); got != code {
		t.Errorf("%s: error %v (code %q), want %s", what, err, got, code)
	}
}
