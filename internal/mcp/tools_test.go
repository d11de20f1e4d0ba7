package mcp_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sightline/sightline"
)

// ids are the demo ids the calls use.
type ids struct {
	brand, topic, prompt, competitor, provider, region, advertiser string
	recommendation, opportunity, brief                             string
	signal, webhook, run                                           string
	start, end                                                     string
}

func (e *env) ids(t *testing.T) ids {
	t.Helper()
	var provider string
	for _, p := range e.fx.Providers {
		if p.Code == "perplexity" {
			provider = p.ID
		}
	}
	if provider == "" {
		provider = e.fx.Providers[0].ID
	}
	region := e.fx.Regions[0].ID
	advs := e.apiGet(t, "/api/v2/brands/"+e.fx.BrandID+"/advertisers", e.fx.APIKey)
	data := advs["data"].([]any)
	if len(data) == 0 || len(e.fx.RecommendationIDs) == 0 || len(e.fx.OpportunityIDs) == 0 || len(e.fx.BriefIDs) == 0 {
		t.Fatalf("the demo lacks advertisers (%d), recommendations, opportunities or briefs: %+v", len(data), e.fx)
	}
	signals := e.apiGet(t, "/api/v2/brands/"+e.fx.BrandID+"/signals", e.fx.APIKey)["data"].([]any)
	hooks := e.apiGet(t, "/api/v2/webhooks", e.fx.APIKey)["data"].([]any)
	runs := e.apiGet(t, "/api/v2/brands/"+e.fx.BrandID+"/runs?page_size=1", e.fx.APIKey)["data"].([]any)
	if len(runs) == 0 {
		t.Fatal("the demo brand has no runs")
	}
	if len(signals) == 0 || len(hooks) == 0 {
		t.Fatalf("the environment lacks signals (%d) or webhooks (%d)", len(signals), len(hooks))
	}
	return ids{
		run:    runs[0].(map[string]any)["id"].(string),
		signal: signals[0].(map[string]any)["id"].(string), webhook: hooks[0].(map[string]any)["id"].(string),
		brand: e.fx.BrandID, topic: e.fx.TopicIDs[0], prompt: e.fx.PromptIDs[0], competitor: e.fx.CompetitorIDs[0],
		provider: provider, region: region, advertiser: data[0].(map[string]any)["advertiser_id"].(string),
		recommendation: e.fx.RecommendationIDs[0], opportunity: e.fx.OpportunityIDs[0], brief: e.fx.BriefIDs[0],
		start: e.fx.Window.Start.Format(time.DateOnly), end: e.fx.Window.End.Format(time.DateOnly),
	}
}

// readCase is one read-only tool call and the API request that must give
// the same answer.
type readCase struct {
	tool string
	args map[string]any
	path string // path and query of the equivalent API request
	data bool   // compare with the body's data (single resource) instead of the whole body (list)
}

func (e *env) readCases(t *testing.T) []readCase {
	id := e.ids(t)
	b := "/api/v2/brands/" + id.brand
	win := "filter[ran_at_start]=" + id.start + "&filter[ran_at_end]=" + id.end
	return []readCase{
		{tool: "list_brands", args: map[string]any{}, path: "/api/v2/brands"},
		{tool: "list_brands", args: map[string]any{"query": e.fx.BrandName[:3], "page_size": 10, "sort": "-name"},
			path: "/api/v2/brands?filter[query]=" + url.QueryEscape(e.fx.BrandName[:3]) + "&page_size=10&sort=-name"},
		{tool: "list_topics", args: map[string]any{"brand_id": id.brand, "ran_at_start": id.start, "ran_at_end": id.end, "provider_ids": []string{id.provider}, "sort": "-created_at"},
			path: b + "/topics?" + win + "&filter[provider_ids]=" + id.provider + "&sort=-created_at"},
		{tool: "get_topic", args: map[string]any{"brand_id": id.brand, "topic_id": id.topic, "ran_at_start": id.start, "ran_at_end": id.end, "provider_ids": []string{id.provider}, "region_ids": []string{id.region}},
			path: b + "/topics/" + id.topic + "?" + win + "&filter[provider_ids][]=" + id.provider + "&filter[region_ids]=" + id.region},
		{tool: "get_topic", args: map[string]any{"brand_id": id.brand, "topic_id": id.topic, "target_brand": e.fx.Competitors[0].Name},
			path: b + "/topics/" + id.topic + "?filter[target_brand]=" + url.QueryEscape(e.fx.Competitors[0].Name)},
		{tool: "list_competitors", args: map[string]any{"brand_id": id.brand, "ran_at_start": id.start, "sort": "-visibility"},
			path: b + "/competitors?filter[ran_at_start]=" + id.start + "&sort=-visibility"},
		{tool: "get_mention_share", args: map[string]any{"brand_id": id.brand, "ran_at_start": id.start, "ran_at_end": id.end, "granularity": "day", "topic_ids": []string{id.topic}},
			path: b + "/citations/mention_share?" + win + "&filter[granularity]=day&filter[topic_ids]=" + id.topic, data: true},
		{tool: "get_citations_overview", args: map[string]any{"brand_id": id.brand, "ran_at_start": id.start, "ran_at_end": id.end},
			path: b + "/citations/overview?" + win, data: true},
		{tool: "list_cited_pages", args: map[string]any{"brand_id": id.brand, "ran_at_start": id.start, "page_size": 10, "page_types": []string{"article", "review", "listicle"}, "sort": "-brand_citation_count"},
			path: b + "/citations/pages?filter[ran_at_start]=" + id.start + "&page_size=10&filter[page_types]=article,review,listicle&sort=-brand_citation_count"},
		{tool: "list_cited_pages", args: map[string]any{"brand_id": id.brand, "prompt_id": id.prompt, "page": 2, "page_size": 3},
			path: b + "/citations/pages?filter[prompt_id]=" + id.prompt + "&page=2&page_size=3"},
		{tool: "list_cited_domains", args: map[string]any{"brand_id": id.brand, "domain_types": []string{"owned", "competitor_owned", "editorial"}, "prompt_regions": []map[string]string{{"prompt_id": id.prompt, "region_id": id.region}}},
			path: b + "/citations/domains?filter[domain_types]=owned,competitor_owned,editorial&filter[prompt_regions]=" + id.prompt + "," + id.region},
		{tool: "list_search_queries", args: map[string]any{"brand_id": id.brand, "sort": "-visibility,query", "page_size": 5},
			path: b + "/search_queries?page_size=5&sort=-visibility,query"},
		{tool: "list_search_queries", args: map[string]any{"brand_id": id.brand, "prompt_regions": []map[string]string{{"prompt_id": id.prompt, "region_id": id.region}}},
			path: b + "/search_queries?filter[prompt_regions]=" + id.prompt + "," + id.region},
		{tool: "get_agent_overview", args: map[string]any{"brand_id": id.brand, "granularity": "week", "verification": []string{"verified", "spoofed", "unverified"}},
			path: b + "/agents/overview?filter[granularity]=week&filter[verification]=verified,spoofed,unverified", data: true},
		{tool: "list_agent_pages", args: map[string]any{"brand_id": id.brand, "cited_not_crawled": true, "sort": "-citation_count", "page_size": 5},
			path: b + "/agents/pages?filter[cited_not_crawled]=true&sort=-citation_count&page_size=5"},
		{tool: "list_agent_pages", args: map[string]any{"brand_id": id.brand, "operators": []string{"openai"}, "purposes": []string{"training"}, "agents": []string{"GPTBot"}},
			path: b + "/agents/pages?filter[operators]=openai&filter[purposes]=training&filter[agents]=GPTBot"},
		{tool: "list_ai_referrals", args: map[string]any{"brand_id": id.brand, "sources": []string{"chatgpt", "perplexity"}, "granularity": "week"},
			path: b + "/agents/referrals?filter[sources]=chatgpt,perplexity&filter[granularity]=week"},
		{tool: "get_domains_overview", args: map[string]any{"brand_id": id.brand, "granularity": "week"},
			path: b + "/citations/domains/overview?filter[granularity]=week", data: true},
		{tool: "get_citation_summary", args: map[string]any{"brand_id": id.brand, "region_ids": []string{id.region}},
			path: b + "/citations/summary?filter[region_ids]=" + id.region, data: true},
		{tool: "list_share_of_voice", args: map[string]any{"brand_id": id.brand, "ran_at_start": id.start, "ran_at_end": id.end, "granularity": "day", "page_size": 5},
			path: b + "/share_of_voice?" + win + "&filter[granularity]=day&page_size=5"},
		{tool: "list_prompts", args: map[string]any{"brand_id": id.brand, "topic_ids": []string{id.topic}, "sort": "text"},
			path: b + "/prompts?filter[topic_ids]=" + id.topic + "&sort=text"},
		{tool: "list_providers", args: map[string]any{"brand_id": id.brand}, path: b + "/providers"},
		{tool: "list_regions", args: map[string]any{"brand_id": id.brand, "page_size": 2}, path: b + "/regions?page_size=2"},
		{tool: "list_ads", args: map[string]any{"brand_id": id.brand, "provider_ids": []string{id.provider}, "page_size": 5},
			path: b + "/ads?filter[provider_ids]=" + id.provider + "&page_size=5"},
		{tool: "list_advertisers", args: map[string]any{"brand_id": id.brand, "sort": "-ad_count"}, path: b + "/advertisers?sort=-ad_count"},
		{tool: "get_advertiser", args: map[string]any{"brand_id": id.brand, "advertiser_id": id.advertiser, "ran_at_start": id.start},
			path: b + "/advertisers/" + id.advertiser + "?filter[ran_at_start]=" + id.start, data: true},
		{tool: "list_runs", args: map[string]any{"brand_id": id.brand, "mentions": []string{id.competitor}, "provider_ids": []string{id.provider}, "ran_at_start": id.start, "page_size": 3},
			path: b + "/runs?filter[mentions]=" + id.competitor + "&filter[provider_ids]=" + id.provider + "&filter[ran_at_start]=" + id.start + "&page_size=3"},
		{tool: "get_run", args: map[string]any{"brand_id": id.brand, "run_id": id.run}, path: b + "/runs/" + id.run, data: true},
		{tool: "list_recommendations", args: map[string]any{"brand_id": id.brand}, path: b + "/content_studio/recommendations"},
		{tool: "list_recommendations", args: map[string]any{"brand_id": id.brand, "states": []string{"new", "saved", "done", "dismissed"}, "impacts": []string{"high", "medium"}, "sort": "created_at", "page_size": 5},
			path: b + "/content_studio/recommendations?filter[states]=new,saved,done,dismissed&filter[impacts][]=high&filter[impacts][]=medium&sort=created_at&page_size=5"},
		{tool: "get_recommendation", args: map[string]any{"brand_id": id.brand, "recommendation_id": id.recommendation},
			path: b + "/content_studio/recommendations/" + id.recommendation, data: true},
		{tool: "get_watch_list", args: map[string]any{"brand_id": id.brand}, path: b + "/watch_list"},
		{tool: "list_opportunities", args: map[string]any{"brand_id": id.brand, "sort": "-est_volume"}, path: b + "/opportunities?sort=-est_volume"},
		{tool: "get_opportunity", args: map[string]any{"brand_id": id.brand, "opportunity_id": id.opportunity},
			path: b + "/opportunities/" + id.opportunity, data: true},
		{tool: "get_opportunity_compute_status", args: map[string]any{"brand_id": id.brand}, path: b + "/opportunities/compute", data: true},
		{tool: "list_briefs", args: map[string]any{"brand_id": id.brand, "states": []string{"ready", "new", "generating"}},
			path: b + "/content_studio/briefs?filter[states]=ready,new,generating"},
		{tool: "get_brief", args: map[string]any{"brand_id": id.brand, "brief_id": id.brief}, path: b + "/content_studio/briefs/" + id.brief, data: true},
		{tool: "get_brand", args: map[string]any{"brand_id": id.brand}, path: b, data: true},
		{tool: "get_collection_settings", args: map[string]any{"brand_id": id.brand}, path: b + "/collection", data: true},
		{tool: "list_signals", args: map[string]any{"brand_id": id.brand}, path: b + "/signals"},
		{tool: "list_signals", args: map[string]any{"brand_id": id.brand, "types": []string{"visibility.dropped"}, "status": "open", "ran_at_start": id.start, "sort": "-updated_at", "page_size": 3},
			path: b + "/signals?filter[types]=visibility.dropped&filter[status]=open&filter[ran_at_start]=" + id.start + "&sort=-updated_at&page_size=3"},
		{tool: "get_signal", args: map[string]any{"brand_id": id.brand, "signal_id": id.signal}, path: b + "/signals/" + id.signal, data: true},
		{tool: "list_webhooks", args: map[string]any{}, path: "/api/v2/webhooks"},
		{tool: "get_webhook", args: map[string]any{"webhook_id": id.webhook}, path: "/api/v2/webhooks/" + id.webhook, data: true},
		{tool: "list_webhook_deliveries", args: map[string]any{"webhook_id": id.webhook, "status": "succeeded", "page_size": 5},
			path: "/api/v2/webhooks/" + id.webhook + "/deliveries?filter[status]=succeeded&page_size=5"},
	}
}

// testReadTools calls every read-only tool with realistic arguments and
// checks that its structured content is exactly the API's answer.
func (e *env) testReadTools(t *testing.T) {
	cs := e.connect(t, e.fx.APIKey)
	covered := map[string]bool{}
	for _, rc := range e.readCases(t) {
		covered[rc.tool] = true
		t.Run(rc.tool, func(t *testing.T) {
			t.Parallel() // read-only: independent of each other
			got := structured(t, call(t, cs, rc.tool, rc.args))
			var want any = e.apiGet(t, rc.path, e.fx.APIKey)
			if rc.data {
				want = want.(map[string]any)["data"]
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("structured content differs from GET %s (-api +tool):\n%s", rc.path, diff)
			}
			if list, ok := got.(map[string]any)["data"].([]any); ok && !rc.data && len(list) == 0 && rc.tool != "list_cited_pages" {
				t.Errorf("%s returned no rows; the call is not realistic", rc.tool)
			}
		})
	}
	for name, tool := range listTools(t, cs) {
		if tool.Annotations.ReadOnlyHint && !covered[name] {
			t.Errorf("read-only tool %s is not called", name)
		}
	}
}

func (e *env) testWriteTools(t *testing.T) {
	cs := e.connect(t, e.fx.APIKey)
	b := "/api/v2/brands/" + e.fx.BrandID

	// create_topics answers what the API stored.
	got := structured(t, call(t, cs, "create_topics", map[string]any{"brand_id": e.fx.BrandID, "names": []string{"MCP pricing questions", "MCP integrations"}}))
	data := got.(map[string]any)["data"].([]any)
	if len(data) != 2 {
		t.Fatalf("create_topics data = %v", data)
	}
	created := data[0].(map[string]any)
	if created["name"] != "MCP pricing questions" {
		t.Errorf("created %v", created)
	}
	topicID := created["id"].(string)
	topic := e.apiGet(t, b+"/topics/"+topicID, e.fx.APIKey)["data"].(map[string]any)
	if topic["name"] != "MCP pricing questions" {
		t.Errorf("API topic = %v", topic)
	}
	// Same names again: the same topics (idempotent, as annotated).
	again := structured(t, call(t, cs, "create_topics", map[string]any{"brand_id": e.fx.BrandID, "names": []string{"MCP pricing questions", "MCP integrations"}}))
	if diff := cmp.Diff(got, again); diff != "" {
		t.Errorf("create_topics twice (-first +second):\n%s", diff)
	}

	// delete_topic soft-deletes it: the API no longer finds it.
	got = structured(t, call(t, cs, "delete_topic", map[string]any{"brand_id": e.fx.BrandID, "topic_id": topicID}))
	if diff := cmp.Diff(map[string]any{"deleted": true, "topic_id": topicID}, got); diff != "" {
		t.Errorf("delete_topic (-want +got):\n%s", diff)
	}
	if status, _ := e.api(t, http.MethodGet, b+"/topics/"+topicID, e.fx.APIKey, nil); status != http.StatusNotFound {
		t.Errorf("deleted topic: GET status %d, want 404", status)
	}
	wantToolError(t, call(t, cs, "delete_topic", map[string]any{"brand_id": e.fx.BrandID, "topic_id": topicID}), sightline.ENOTFOUND)

	// update_competitor_domain answers the competitor as the API lists it.
	comp := e.fx.Competitors[0]
	got = structured(t, call(t, cs, "update_competitor_domain", map[string]any{"brand_id": e.fx.BrandID, "competitor_id": comp.ID, "domain": "https://www.Example-Rival.com/pricing"}))
	if got.(map[string]any)["domain"] != "example-rival.com" {
		t.Errorf("update_competitor_domain = %v", got)
	}
	for _, c := range e.apiGet(t, b+"/competitors", e.fx.APIKey)["data"].([]any) {
		if c := c.(map[string]any); c["id"] == comp.ID && c["domain"] != "example-rival.com" {
			t.Errorf("API competitor domain = %v", c["domain"])
		}
	}
	// Restore the fixture for the other subtests.
	structured(t, call(t, cs, "update_competitor_domain", map[string]any{"brand_id": e.fx.BrandID, "competitor_id": comp.ID, "domain": comp.Domain}))

	// Validation errors relay the API's code, message and fields.
	msg := wantToolError(t, call(t, cs, "create_topics", map[string]any{"brand_id": e.fx.BrandID, "names": []string{"ok", "  "}}), sightline.EVALIDATION)
	if !strings.Contains(msg, "topics[1].name") || !strings.Contains(msg, "HTTP 422") {
		t.Errorf("validation error lacks the field or status: %q", msg)
	}
	e.testSetupTools(t, cs)
}

// testSetupTools sets up a brand through the tools and checks each answer
// against what the API then serves.
func (e *env) testSetupTools(t *testing.T, cs *sdk.ClientSession) {
	brand := structured(t, call(t, cs, "create_brand", map[string]any{"name": "MCP Brand", "domains": []string{"https://www.mcp-brand.example/"}})).(map[string]any)
	if brand["domain"] != "mcp-brand.example" {
		t.Fatalf("create_brand = %v", brand)
	}
	id := brand["id"].(string)
	b := "/api/v2/brands/" + id
	got := structured(t, call(t, cs, "update_brand", map[string]any{"brand_id": id, "aliases": []string{"MCPB"}}))
	if diff := cmp.Diff(e.apiGet(t, b, e.fx.APIKey)["data"], got); diff != "" {
		t.Errorf("update_brand differs from GET (-api +tool):\n%s", diff)
	}
	comp := structured(t, call(t, cs, "create_competitor", map[string]any{"brand_id": id, "name": "MCP Rival", "domain": "rival.example"})).(map[string]any)
	wantToolError(t, call(t, cs, "create_competitor", map[string]any{"brand_id": id, "name": "mcp rival"}), sightline.ECONFLICT)
	got = structured(t, call(t, cs, "delete_competitor", map[string]any{"brand_id": id, "competitor_id": comp["id"]}))
	if diff := cmp.Diff(map[string]any{"deleted": true, "id": comp["id"]}, got); diff != "" {
		t.Errorf("delete_competitor (-want +got):\n%s", diff)
	}
	ps := structured(t, call(t, cs, "create_prompts", map[string]any{"brand_id": id,
		"prompts": []map[string]any{{"text": "best mcp brand tools", "regions": []string{"GB"}}}})).(map[string]any)["data"].([]any)
	p := ps[0].(map[string]any)
	if diff := cmp.Diff([]any{"gb"}, p["regions"]); diff != "" {
		t.Errorf("create_prompts regions (-want +got):\n%s", diff)
	}
	pid := p["id"].(string)
	got = structured(t, call(t, cs, "update_prompt", map[string]any{"brand_id": id, "prompt_id": pid, "text": "best MCP brand tools 2026"}))
	if got.(map[string]any)["text"] != "best MCP brand tools 2026" {
		t.Errorf("update_prompt = %v", got)
	}
	structured(t, call(t, cs, "delete_prompt", map[string]any{"brand_id": id, "prompt_id": pid}))
	if n := e.apiGet(t, b+"/prompts", e.fx.APIKey)["meta"].(map[string]any)["total_items"]; n != float64(0) {
		t.Errorf("active prompts after delete_prompt = %v", n)
	}
	got = structured(t, call(t, cs, "update_collection_settings", map[string]any{"brand_id": id, "providers": []string{"perplexity"}, "samples": 2, "enabled": true}))
	if diff := cmp.Diff(e.apiGet(t, b+"/collection", e.fx.APIKey)["data"], got); diff != "" {
		t.Errorf("update_collection_settings differs from GET (-api +tool):\n%s", diff)
	}
}
