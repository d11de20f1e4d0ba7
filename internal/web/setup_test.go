package web_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/collect"
	"github.com/sightline/sightline/internal/provider"
	"github.com/sightline/sightline/internal/secret"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/web"
)

var fieldErrRE = regexp.MustCompile(`data-testid="field-error">([^<]*)<`)

// fieldErrs returns the messages shown next to fields.
func fieldErrs(body string) []string {
	var out []string
	for _, m := range fieldErrRE.FindAllStringSubmatch(body, -1) {
		out = append(out, html.UnescapeString(m[1]))
	}
	return out
}

// wantFieldErr fails unless the page is the refused form (422) with a
// message containing want next to a field.
func wantFieldErr(t *testing.T, resp *http.Response, body, want string) {
	t.Helper()
	wantStatus(t, resp, body, http.StatusUnprocessableEntity)
	for _, m := range fieldErrs(body) {
		if strings.Contains(m, want) {
			return
		}
	}
	t.Errorf("no field error containing %q; shown: %q", want, fieldErrs(body))
}

// A brand is set up from the browser through the API's validation and
// store calls: created from the brands page, a competitor, prompts in two
// topics, an edit and a deactivation, then collection, whose dry-run plan
// is the collector's (docs/dashboard.md#set-up).
func TestSetup(t *testing.T) {
	t.Parallel()
	prices := provider.DefaultPrices()
	e := newEnv(t, func(s *web.Server) {
		db := s.Store.(*sqlstore.DB)
		s.Collector = &collect.Collector{Store: db, Prices: prices, Now: s.Now,
			Askers: map[string]collect.Asker{}, Models: map[string]string{"chatgpt": "gpt-test"}}
		s.Scheduler = &collect.Scheduler{Store: db, Collector: s.Collector, Now: s.Now}
	})
	ctx := context.Background()
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	org := e.fix.OrgID

	// the brands page creates a brand, refusing what the API refuses
	c.get("/brands")
	resp, body := c.post("/brands", url.Values{"name": {"  "}, "domains": {"acme.com"}})
	wantFieldErr(t, resp, body, "name")
	resp, body = c.post("/brands", url.Values{"name": {"Acme"}, "domains": {"acme.com\nnot a domain"}})
	wantFieldErr(t, resp, body, "Line 2")
	if !strings.Contains(body, "not a domain</textarea>") {
		t.Error("the refused form does not keep what was typed")
	}
	resp, _ = c.post("/brands", url.Values{"name": {"Acme"}, "domains": {"https://www.acme.com/about"}})
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("create brand = %d", resp.StatusCode)
	}
	setup := resp.Header.Get("Location")
	brandID := strings.TrimSuffix(strings.TrimPrefix(setup, "/brands/"), "/setup")
	brand, err := e.db.FindBrandByID(ctx, org, brandID)
	if err != nil {
		t.Fatal(err)
	}
	if brand.Name != "Acme" || fmt.Sprint(brand.Domains) != "[acme.com]" {
		t.Errorf("brand %q %v, want Acme [acme.com] (normalized as the API does)", brand.Name, brand.Domains)
	}
	resp, body = c.get(setup)
	wantStatus(t, resp, body, http.StatusOK)
	for _, want := range []string{`data-testid="competitors-empty"`, `data-testid="prompts-empty"`, `data-testid="collection-state">off<`} {
		if !strings.Contains(body, want) {
			t.Errorf("a new brand's set-up lacks %s", want)
		}
	}

	// competitors
	resp, body = c.post("/brands/"+brandID+"/competitors", url.Values{"name": {"Rival"}, "domain": {"rival"}})
	wantFieldErr(t, resp, body, "domain")
	resp, _ = c.post("/brands/"+brandID+"/competitors", url.Values{"name": {"Rival"}, "domain": {"rival.io"}, "aliases": {"Rival App"}})
	wantRedirect(t, resp, setup)
	comps, _, err := e.db.FindCompetitors(ctx, org, sightline.CompetitorFilter{Scope: sightline.Scope{BrandID: brandID}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil || len(comps) != 1 || comps[0].Name != "Rival" || comps[0].Domain != "rival.io" {
		t.Fatalf("competitors %v, %v", comps, err)
	}
	resp, body = c.post("/brands/"+brandID+"/competitors", url.Values{"name": {"rival"}})
	if resp.StatusCode != http.StatusConflict || len(fieldErrs(body)) == 0 {
		t.Errorf("a second Rival = %d, errors %q; want 409 with the API's message", resp.StatusCode, fieldErrs(body))
	}

	// prompts in two topics, several at once
	c.get("/brands/" + brandID + "/topics")
	c.post("/brands/"+brandID+"/topics", url.Values{"names": {"Pricing\nSecurity"}})
	topics, _, err := e.db.FindTopics(ctx, org, brandID, sightline.TopicFilter{Scope: sightline.Scope{BrandID: brandID}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil || len(topics) != 2 {
		t.Fatalf("topics %v, %v", topics, err)
	}
	c.get(setup)
	resp, body = c.post("/brands/"+brandID+"/prompts", url.Values{"texts": {"Is Acme cheap?\nAcme pricing"}, "topic_id": {topics[0].ID}, "regions": {"usa"}})
	wantFieldErr(t, resp, body, "two-letter country code")
	if n := len(fieldErrs(body)); n != 1 {
		t.Errorf("the one bad region is reported %d times", n)
	}
	resp, body = c.post("/brands/"+brandID+"/prompts", url.Values{"texts": {"ok\n" + strings.Repeat("x", 2001)}, "topic_id": {topics[0].ID}})
	wantFieldErr(t, resp, body, "Line 2")
	resp, _ = c.post("/brands/"+brandID+"/prompts", url.Values{"texts": {"Is Acme cheap?\n\nAcme pricing plans"}, "topic_id": {topics[0].ID}})
	wantRedirect(t, resp, setup)
	resp, _ = c.post("/brands/"+brandID+"/prompts", url.Values{"texts": {"Is Acme secure?"}, "topic_id": {topics[1].ID}, "regions": {"GB, de"}})
	wantRedirect(t, resp, setup)
	prompts, total, err := e.db.FindPrompts(ctx, org, brandID, sightline.PromptFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil || total != 3 {
		t.Fatalf("%d prompts, %v", total, err)
	}
	byText := map[string]*sightline.Prompt{}
	for _, p := range prompts {
		byText[p.Text] = p
	}
	if p := byText["Is Acme secure?"]; p == nil || fmt.Sprint(p.Regions) != "[gb de]" || p.TopicID == nil || *p.TopicID != topics[1].ID {
		t.Errorf("the secure prompt %+v: want regions [gb de] under %s", p, topics[1].Name)
	}
	_, body = c.get(setup)
	if n := strings.Count(body, `data-testid="prompt-row"`); n != 3 || strings.Count(body, `data-testid="prompts-table"`) != 2 {
		t.Errorf("%d prompt rows in %d topic tables, want 3 in 2", n, strings.Count(body, `data-testid="prompts-table"`))
	}

	// edit and deactivate
	cheap := byText["Is Acme cheap?"]
	resp, body = c.post("/brands/"+brandID+"/prompts/"+cheap.ID, url.Values{"text": {" "}, "regions": {""}})
	wantFieldErr(t, resp, body, "text")
	resp, _ = c.post("/brands/"+brandID+"/prompts/"+cheap.ID, url.Values{"text": {"Is Acme affordable?"}, "regions": {"us"}})
	wantRedirect(t, resp, setup)
	pricing := byText["Acme pricing plans"]
	resp, _ = c.post("/brands/"+brandID+"/prompts/"+pricing.ID+"/deactivate", nil)
	wantRedirect(t, resp, setup)
	prompts, _, _ = e.db.FindPrompts(ctx, org, brandID, sightline.PromptFilter{IncludeDeleted: true, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	for _, p := range prompts {
		switch p.ID {
		case cheap.ID:
			if p.Text != "Is Acme affordable?" || fmt.Sprint(p.Regions) != "[us]" {
				t.Errorf("edited prompt: %q %v", p.Text, p.Regions)
			}
		case pricing.ID:
			if p.Active {
				t.Error("the deactivated prompt is active")
			}
		}
	}

	// without providers the plan says, in the page's words, what to do
	_, body = c.get(setup)
	if note := regexp.MustCompile(`data-testid="plan-empty">([^<]*)<`).FindStringSubmatch(body); note == nil ||
		!strings.Contains(note[1], "tick them under Providers above") || strings.Contains(note[1], "sightline") {
		t.Errorf("plan note without providers: %v", note)
	}

	// collection: refused without providers, then on, with the plan
	resp, body = c.post("/brands/"+brandID+"/collection", url.Values{"regions": {"us"}, "cadence_hours": {"24"}, "samples": {"2"}, "enabled": {"on"}})
	wantFieldErr(t, resp, body, "providers must name at least one")
	resp, body = c.post("/brands/"+brandID+"/collection", url.Values{"providers": {"chatgpt"}, "regions": {"us"}, "cadence_hours": {"0"}, "samples": {"x"}})
	wantFieldErr(t, resp, body, "cadence_hours must be between")
	if !strings.Contains(strings.Join(fieldErrs(body), " "), "samples must be a whole number") {
		t.Errorf("the samples problem is not shown: %q", fieldErrs(body))
	}
	resp, _ = c.post("/brands/"+brandID+"/collection", url.Values{"providers": {"chatgpt"}, "regions": {"us, gb"}, "cadence_hours": {"24"}, "samples": {"2"}})
	wantRedirect(t, resp, setup)
	_, body = c.get(setup)
	// two active prompts: the edited one narrowed to us, the secure one to
	// gb (its own regions within the brand's); two samples each
	want := (1 + 1) * 2
	row := regexp.MustCompile(`data-testid="plan-row"><td>chatgpt</td><td class="num">(\d+)</td><td class="num">([^<]+)</td>`).FindStringSubmatch(body)
	if row == nil {
		t.Fatalf("no plan row for chatgpt:\n%s", body)
	}
	if row[1] != fmt.Sprint(want) {
		t.Errorf("the plan asks %s samples, want %d", row[1], want)
	}
	if cost := fmt.Sprintf("$%.4f", float64(int64(want)*prices.Estimate("chatgpt", "gpt-test"))/1e6); row[2] != cost {
		t.Errorf("estimated cost %s, want %s", row[2], cost)
	}
	if strings.Contains(body, `data-testid="collection-state">on<`) {
		t.Error("collection is on before it was turned on")
	}
	resp, _ = c.post("/brands/"+brandID+"/collection", url.Values{"providers": {"chatgpt"}, "regions": {"us, gb"}, "cadence_hours": {"24"}, "samples": {"2"}, "enabled": {"on"}})
	wantRedirect(t, resp, setup)
	set, err := e.db.FindCollectionSettings(ctx, org, brandID)
	if err != nil || !set.Enabled || set.Samples != 2 || fmt.Sprint(set.Regions) != "[us gb]" {
		t.Errorf("settings %+v, %v", set, err)
	}
	// no key for chatgpt (and no asker): collect now queues nothing and says so
	_, body = c.get(setup)
	resp, _ = c.post("/brands/"+brandID+"/collection/collect", nil)
	wantRedirect(t, resp, setup)
	_, body = c.get(setup)
	if !strings.Contains(flashOf(body), "Nothing was queued") {
		t.Errorf("collect now without a key: flash %q", flashOf(body))
	}

	// another organization's brand is not found
	resp, body = c.post("/brands/"+e.fix.OtherOrg.BrandID+"/competitors", url.Values{"name": {"X"}})
	wantStatus(t, resp, body, http.StatusNotFound)
}

// An organization's provider key is set, replaced and removed from the
// browser, sealed under the master key as `providers set-key` seals it
// (the collector opens it), and never shown: only its last four
// characters. Without a master key the page says why it cannot.
func TestProviderKeys(t *testing.T) {
	t.Parallel()
	box, err := secret.New([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(s *web.Server) { s.Collector = &collect.Collector{Box: box} })
	ctx := context.Background()
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	org := e.fix.OrgID

	resp, body := c.get("/providers")
	wantStatus(t, resp, body, http.StatusOK)
	if strings.Contains(body, `data-testid="no-master-key"`) || !strings.Contains(body, `data-testid="key-input-chatgpt"`) {
		t.Fatal("with a master key the page offers no key form")
	}
	resp, body = c.post("/providers/chatgpt", url.Values{"key": {"sk with space"}})
	wantFieldErr(t, resp, body, "spaces")
	resp, body = c.post("/providers/nope", url.Values{"key": {"sk-123456789"}})
	wantStatus(t, resp, body, http.StatusNotFound)

	const key = "sk-test-0000000000000000-WXYZ"
	resp, _ = c.post("/providers/chatgpt", url.Values{"key": {key}})
	wantRedirect(t, resp, "/providers")
	_, body = c.get("/providers")
	if strings.Contains(body, key) || strings.Contains(body, "0000000000") {
		t.Fatal("the page shows the key")
	}
	if !strings.Contains(body, `data-testid="key-hint-chatgpt">…WXYZ<`) {
		t.Error("the page does not show the key's last four characters")
	}
	cred, err := e.db.FindProviderCredential(ctx, org, "chatgpt")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(cred.Sealed), key) {
		t.Fatal("the key is stored in plain text")
	}
	plain, err := box.Open(cred.Sealed, secret.ProviderKeyData(org, "chatgpt"))
	if err != nil || string(plain) != key || cred.KeyID != box.ID() {
		t.Errorf("the sealed key opens to %q (%v), key id %s; want the key under %s", plain, err, cred.KeyID, box.ID())
	}
	// replace, then remove
	resp, _ = c.post("/providers/chatgpt", url.Values{"key": {"sk-test-1111111111111111-ABCD"}})
	wantRedirect(t, resp, "/providers")
	if cred, err := e.db.FindProviderCredential(ctx, org, "chatgpt"); err != nil || cred.Last4 != "ABCD" {
		t.Errorf("after replacing: %v, %v", cred, err)
	}
	c.get("/providers")
	resp, _ = c.post("/providers/chatgpt/remove", nil)
	wantRedirect(t, resp, "/providers")
	if _, err := e.db.FindProviderCredential(ctx, org, "chatgpt"); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("after removing: %v, want NOT_FOUND", err)
	}

	// without a master key: the page says why, and a post is refused
	e2 := newEnv(t)
	c2 := e2.client(t)
	c2.mustSignIn(e2.fix.DashboardUser.Email, e2.fix.DashboardUser.Password)
	_, body = c2.get("/providers")
	if !strings.Contains(body, `data-testid="no-master-key"`) || strings.Contains(body, `data-testid="key-input-chatgpt"`) {
		t.Error("without a master key the page does not say why it cannot set keys")
	}
	resp, body = c2.post("/providers/chatgpt", url.Values{"key": {key}})
	wantStatus(t, resp, body, http.StatusServiceUnavailable)
	if _, err := e2.db.FindProviderCredential(ctx, e2.fix.OrgID, "chatgpt"); err == nil {
		t.Error("a key was stored without a master key")
	}
}
