package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

// visitWindowArgs is windowArgs over the visits' and referrals' times.
type visitWindowArgs struct {
	RanAtStart string `json:"ran_at_start,omitempty" jsonschema:"Start of the time window over the visits' times (UTC): a date YYYY-MM-DD or an RFC 3339 date-time, from 2000-01-01 to today. Default 30 days before now."`
	RanAtEnd   string `json:"ran_at_end,omitempty" jsonschema:"End of the time window, inclusive: a date YYYY-MM-DD (the whole day) or an RFC 3339 date-time. Default the end of today (UTC). Must not be before ran_at_start."`
}

func (w visitWindowArgs) window() client.Window {
	return client.Window{RanAtStart: w.RanAtStart, RanAtEnd: w.RanAtEnd}
}

type agentArgs struct {
	brandArg
	visitWindowArgs
	Verification []string `json:"verification,omitempty" jsonschema:"Only visits of these verdicts: verified (address in the operator's published ranges), spoofed (outside them), unverified (no ranges to check). Default verified and unverified."`
	Operators    []string `json:"operators,omitempty" jsonschema:"Only visits of these operators' agents: openai, anthropic, perplexity, google, microsoft, apple, meta, bytedance, commoncrawl, amazon, duckduckgo, mistral. Default all."`
	Purposes     []string `json:"purposes,omitempty" jsonschema:"Only visits of agents of these purposes: training, search, user. Default all."`
	Agents       []string `json:"agents,omitempty" jsonschema:"Only visits of these agents by name, e.g. GPTBot, ClaudeBot, PerplexityBot. Default all."`
}

func (a agentArgs) params() client.AgentParams {
	return client.AgentParams{Window: a.window(), Verification: a.Verification, Operators: a.Operators, Purposes: a.Purposes, Agents: a.Agents}
}

type agentOverviewIn struct {
	agentArgs
	Granularity string `json:"granularity,omitempty" jsonschema:"Bucket size of the series: day, week (starting Monday) or month (starting on the 1st), UTC. Default day. A series holds at most 1000 buckets: a longer window is refused."`
}

type agentPagesIn struct {
	agentArgs
	CrawledNotCited bool `json:"crawled_not_cited,omitempty" jsonschema:"Only pages agents visited that no AI answer of the window cited."`
	CitedNotCrawled bool `json:"cited_not_crawled,omitempty" jsonschema:"Only pages AI answers of the window cited that no verified agent visit fetched."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: visits, citation_count, error_rate. Default -visits."`
}

type aiReferralsIn struct {
	brandArg
	visitWindowArgs
	Sources     []string `json:"sources,omitempty" jsonschema:"Only visits referred by these assistants: chatgpt, perplexity, claude, gemini, copilot, deepseek, grok, mistral, meta, you, phind, kagi. Default all."`
	Granularity string   `json:"granularity,omitempty" jsonschema:"Bucket size of meta.series: day, week or month, UTC. Default day."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Sort keys: visits (a leading - sorts descending). Default -visits."`
}

func (r *registry) addAgentTools() {
	add(r, toolSpec{
		name:  "get_agent_overview",
		title: "AI crawler visits",
		description: "How AI agents (GPTBot, ClaudeBot, PerplexityBot, …) read the brand's site, from its access logs: visits, verified_visits " +
			"(address in the operator's published ranges), pages_visited, by_operator, by_purpose (training, search, user), by_status_class " +
			"(2xx…5xx) and a series per operator. Spoofed visits are left out unless verification names them. With the built-in ranges, which are empty, every visit is unverified.",
		operation: "GET /api/v2/brands/{brand_id}/agents/overview",
	}, func(ctx context.Context, api *client.Client, in agentOverviewIn) (*sightline.AgentOverview, error) {
		return api.AgentOverview(ctx, in.BrandID, client.AgentOverviewParams{AgentParams: in.params(), Granularity: in.Granularity})
	})
	add(r, toolSpec{
		name:  "list_agent_pages",
		title: "Pages AI crawlers fetched",
		description: "Lists the pages of the brand's site that AI agents fetched or AI answers cited in the window: visits, verified_visits, agents, " +
			"last_visit_at, error_rate (% of visits answered 4xx/5xx, 0–100, with error_rate_sample_size and its 95 % interval) and citation_count " +
			"(citations of the page in the brand's AI answers). crawled_not_cited and cited_not_crawled find the gaps." + unitsList,
		operation: "GET /api/v2/brands/{brand_id}/agents/pages",
	}, func(ctx context.Context, api *client.Client, in agentPagesIn) (*client.List[sightline.AgentPageRow], error) {
		return api.ListAgentPages(ctx, in.BrandID, client.AgentPageParams{AgentParams: in.params(), CrawledNotCited: in.CrawledNotCited,
			CitedNotCrawled: in.CitedNotCrawled, Pagination: in.pagination(), Sort: in.Sort})
	})
	add(r, toolSpec{
		name:  "list_ai_referrals",
		title: "Visits AI assistants referred",
		description: "Lists the visits people made to the brand's site from an AI assistant's answer (by referrer or utm_source), one row per " +
			"source (chatgpt, perplexity, claude, gemini, copilot, …) and landing page with its visits. Answers {data: [...], meta: {page, " +
			"page_size, total_items, total_pages, by_source: [{source, visits}], series: [{date, visits}]}}.",
		operation: "GET /api/v2/brands/{brand_id}/agents/referrals",
	}, func(ctx context.Context, api *client.Client, in aiReferralsIn) (*client.AIReferralList, error) {
		return api.ListAIReferrals(ctx, in.BrandID, client.AIReferralParams{Window: in.window(), Sources: in.Sources,
			Granularity: in.Granularity, Pagination: in.pagination(), Sort: in.Sort})
	})
}
