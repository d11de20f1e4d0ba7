package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

type listRunsIn struct {
	brandArg
	windowArgs
	TopicIDs     []string `json:"topic_ids,omitempty" jsonschema:"Only runs of prompts under these topics. Default all."`
	PromptIDs    []string `json:"prompt_ids,omitempty" jsonschema:"Only runs of these prompts. Default all."`
	ProviderIDs  []string `json:"provider_ids,omitempty" jsonschema:"Only runs on these AI providers (ids from list_providers). Default all."`
	RegionIDs    []string `json:"region_ids,omitempty" jsonschema:"Only runs in these regions (ids from list_regions). Default all."`
	Mentions     []string `json:"mentions,omitempty" jsonschema:"Only runs whose answer names one of these: the brand's own id, a competitor id or a found-brand id. Default no narrowing."`
	CitesDomains []string `json:"cites_domain,omitempty" jsonschema:"Only runs citing a page of one of these domains. Default no narrowing."`
	CitesURLs    []string `json:"cites_url,omitempty" jsonschema:"Only runs citing one of these pages (URLs, normalized like the page of citation rows). Default no narrowing."`
	Status       string   `json:"status,omitempty" jsonschema:"ok (stored runs, default) or failed (collection attempts that got no answer)."`
	pageArgs
}

type getRunIn struct {
	brandArg
	RunID string `json:"run_id" jsonschema:"UUID of the run (from list_runs)."`
}

const runUnits = " Each run: id, ran_at, prompt, topic, provider, region, the answer text, mentions (brand_id, competitor_id or an untracked name; position, sentiment 0–100, spans as character offsets into the answer), citations (url, normalized page, domain, ordinal, type, ownership class), ads, search_queries (the web searches the provider ran, in order; null when the provider does not expose them) and sources (pages the provider retrieved: url, page, domain, title, published_at, cited; cited false = read but not cited)."

func (r *registry) addRunTools() {
	add(r, toolSpec{
		name:        "list_runs",
		title:       "List runs (the answers behind the metrics)",
		description: "Lists the brand's prompt runs, newest first, with the metrics' filters, so that a count an aggregate shows can be checked against the answers: e.g. a page's total_citation_count equals total_items of list_runs with cites_url set to that page over the same window." + runUnits + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/runs",
	}, func(ctx context.Context, api *client.Client, in listRunsIn) (*client.List[sightline.Run], error) {
		return api.ListRuns(ctx, in.BrandID, client.RunListParams{Window: in.window(), TopicIDs: in.TopicIDs, PromptIDs: in.PromptIDs,
			ProviderIDs: in.ProviderIDs, RegionIDs: in.RegionIDs, Mentions: in.Mentions, CitesDomains: in.CitesDomains,
			CitesURLs: in.CitesURLs, Status: in.Status, Pagination: in.pagination()})
	})
	add(r, toolSpec{
		name:        "get_run",
		title:       "Read one run",
		description: "Reads one prompt run with its full answer, or one failed collection attempt with its error." + runUnits,
		operation:   "GET /api/v2/brands/{brand_id}/runs/{run_id}",
	}, func(ctx context.Context, api *client.Client, in getRunIn) (*sightline.Run, error) {
		return api.GetRun(ctx, in.BrandID, in.RunID)
	})
}
