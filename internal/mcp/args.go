package mcp

import "github.com/sightline/sightline/internal/client"

// Argument groups shared by several tools. Argument names are the API's
// filter names without the filter[...] wrapper; every description says the
// unit, the default and the allowed values.

type brandArg struct {
	BrandID string `json:"brand_id" jsonschema:"UUID of the brand; list_brands returns the brands this API key can see."`
}

type pageArgs struct {
	Page     int `json:"page,omitempty" jsonschema:"Page number, from 1. Default 1. A page past the end returns no rows."`
	PageSize int `json:"page_size,omitempty" jsonschema:"Rows per page, at least 1; values above 100 are clamped to 100. Default 25."`
}

func (p pageArgs) pagination() client.Pagination {
	return client.Pagination{Page: p.Page, PageSize: p.PageSize}
}

type windowArgs struct {
	RanAtStart string `json:"ran_at_start,omitempty" jsonschema:"Start of the time window over prompt run times (UTC): a date YYYY-MM-DD or an RFC 3339 date-time, from 2000-01-01 to today. Default 30 days before now."`
	RanAtEnd   string `json:"ran_at_end,omitempty" jsonschema:"End of the time window, inclusive: a date YYYY-MM-DD (the whole day) or an RFC 3339 date-time. Default the end of today (UTC); a later end is cut to the end of today. Must not be before ran_at_start."`
}

func (w windowArgs) window() client.Window {
	return client.Window{RanAtStart: w.RanAtStart, RanAtEnd: w.RanAtEnd}
}

// adWindowArgs is windowArgs with the 90-day default of ads.
type adWindowArgs struct {
	RanAtStart string `json:"ran_at_start,omitempty" jsonschema:"Start of the time window over prompt run times (UTC): a date YYYY-MM-DD or an RFC 3339 date-time, from 2000-01-01 to today. Default 90 days before now."`
	RanAtEnd   string `json:"ran_at_end,omitempty" jsonschema:"End of the time window, inclusive: a date YYYY-MM-DD (the whole day) or an RFC 3339 date-time. Default the end of today (UTC)."`
}

func (w adWindowArgs) window() client.Window {
	return client.Window{RanAtStart: w.RanAtStart, RanAtEnd: w.RanAtEnd}
}

type metricArgs struct {
	windowArgs
	TargetBrand string   `json:"target_brand,omitempty" jsonschema:"Brand name whose mentions count as the target, matched case-insensitively against the brands found in answers. Default the brand's own name; pass a competitor's name to see the same metrics for it."`
	BrandIDs    []string `json:"brand_ids,omitempty" jsonschema:"Found-brand ids (the id of list_share_of_voice rows) whose mentions count in the numerators of visibility, share of voice, sentiment and top_brands (and, on cited pages and domains, which citations count); denominators stay all runs in scope. Default none (use target_brand)."`
	ProviderIDs []string `json:"provider_ids,omitempty" jsonschema:"Only runs on these AI providers (ids from list_providers, e.g. the id of perplexity). Default all providers."`
	RegionIDs   []string `json:"region_ids,omitempty" jsonschema:"Only runs in these regions (ids from list_regions). Default all regions."`
}

func (m metricArgs) filter() client.MetricFilter {
	return client.MetricFilter{Window: m.window(), TargetBrand: m.TargetBrand, BrandIDs: m.BrandIDs, ProviderIDs: m.ProviderIDs, RegionIDs: m.RegionIDs}
}

type scopeArgs struct {
	metricArgs
	TopicIDs  []string `json:"topic_ids,omitempty" jsonschema:"Only runs of prompts under these topics (ids from list_topics). Default all topics."`
	PromptIDs []string `json:"prompt_ids,omitempty" jsonschema:"Only runs of these prompts (ids from list_prompts). Default all prompts."`
}

func (s scopeArgs) filter() client.OverviewFilter {
	return client.OverviewFilter{MetricFilter: s.metricArgs.filter(), TopicIDs: s.TopicIDs, PromptIDs: s.PromptIDs}
}

type promptRegionArg struct {
	PromptID string `json:"prompt_id" jsonschema:"Prompt id (from list_prompts)."`
	RegionID string `json:"region_id" jsonschema:"Region id (from list_regions)."`
}

func promptRegions(prs []promptRegionArg) []client.PromptRegion {
	if len(prs) == 0 {
		return nil
	}
	out := make([]client.PromptRegion, len(prs))
	for i, pr := range prs {
		out[i] = client.PromptRegion{PromptID: pr.PromptID, RegionID: pr.RegionID}
	}
	return out
}

// Units described once, quoted in tool descriptions.
const (
	unitsAnswerRate = " meta.answer_rate lists, per search surface with runs in scope (google_ai_overviews, google_ai_mode, copilot), runs, answered_runs and answer_rate = % of its runs where the surface showed an AI answer (0–100); a run without an answer counts in visibility as a run that names no brand. [] without such runs."
	unitsMetrics    = " visibility = % of runs whose answer mentions the target (0–100); share_of_voice = % of all brand mentions that are the target's (0–100); sentiment = mean sentiment of the target's mentions, 0–100, 50 neutral, 0 when never mentioned; citation_share = % of citations pointing to the brand's own domains (0–100); *_diff = change in percentage points against the previous period of equal length. Each rate comes with its sample size and 95 % interval (<rate>_sample_size, <rate>_ci_low, <rate>_ci_high in %, null without data) and each *_diff with *_diff_significant (two-proportion z-test at 95 %, false under 30 trials a side): treat a difference that is not significant as noise."
	unitsList       = " Answers {data: [...], meta: {page, page_size, total_items, total_pages}}."
)
