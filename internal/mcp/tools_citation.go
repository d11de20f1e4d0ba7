package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

type mentionShareIn struct {
	brandArg
	scopeArgs
	Domains     []string `json:"domains,omitempty" jsonschema:"Only runs whose answer cites one of these domains (e.g. reddit.com). Default no domain restriction."`
	URL         string   `json:"url,omitempty" jsonschema:"Only runs whose answer cites this page (an absolute http(s) URL, normalized like stored pages). Default none."`
	Granularity string   `json:"granularity,omitempty" jsonschema:"Bucket size of the series: day, week (starting Monday) or month (starting on the 1st), UTC. Default day. A series holds at most 1000 buckets: a longer window is refused."`
}

type overviewIn struct {
	brandArg
	scopeArgs
}

type domainsOverviewIn struct {
	brandArg
	scopeArgs
	Granularity string `json:"granularity,omitempty" jsonschema:"Bucket size of the series: day, week (starting Monday) or month (starting on the 1st), UTC. Default day. A series holds at most 1000 buckets: a longer window is refused."`
}

type citationFilterArgs struct {
	scopeArgs
	PromptRegions []promptRegionArg `json:"prompt_regions,omitempty" jsonschema:"Only runs of these prompt and region pairs. Default all."`
	DomainTypes   []string          `json:"domain_types,omitempty" jsonschema:"Only these domain types: static classes (editorial, review, social, …) and/or ownership classes owned, earned, competitor_owned, competitor_earned. Default all. With retrieved_only only owned and competitor_owned."`
	RetrievedOnly bool              `json:"retrieved_only,omitempty" jsonschema:"true: list instead what the runs retrieved (read) in the window and no answer cited in its text there (only listed as a source at most), most-retrieved first; with domain_types owned, the brand's content gap. Its rows carry retrieved_count, domain_type and page_type; their citation fields are not computed (0). brand_ids, page_types, youtube_channel and subreddit are refused with it. Default false."`
}

func (c citationFilterArgs) filter(query string) client.CitationFilter {
	return client.CitationFilter{OverviewFilter: c.scopeArgs.filter(), PromptRegions: promptRegions(c.PromptRegions), Query: query,
		DomainTypes: c.DomainTypes, RetrievedOnly: c.RetrievedOnly}
}

type citedPagesIn struct {
	brandArg
	citationFilterArgs
	Query          string   `json:"query,omitempty" jsonschema:"Only pages whose URL or domain contains this text, case-insensitively. Default none."`
	Domains        []string `json:"domains,omitempty" jsonschema:"Only pages of these exact domains (e.g. g2.com). Default all."`
	PageTypes      []string `json:"page_types,omitempty" jsonschema:"Only these page types (homepage, article, review, comparison, listicle, …). Default all."`
	YouTubeChannel string   `json:"youtube_channel,omitempty" jsonschema:"Only YouTube videos of this channel (matched on the video author). Default none."`
	Subreddit      string   `json:"subreddit,omitempty" jsonschema:"Only threads of this subreddit (name without r/). Default none."`
	PromptID       string   `json:"prompt_id,omitempty" jsonschema:"Only runs of this one prompt; combines with topic_ids by AND. Default none."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: total_citation_count, citation_count, total_citation_percent, brand_citation_count, brand_citation_percent, page, domain, page_type. Default -citation_count,domain,page. With retrieved_only: retrieved_count, page, domain; default -retrieved_count,domain,page."`
}

type citedDomainsIn struct {
	brandArg
	citationFilterArgs
	Query string `json:"query,omitempty" jsonschema:"Only domains containing this text, case-insensitively. Default none."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: citation_count, brand_citation_count, domain. Default -citation_count,domain. With retrieved_only: retrieved_count, domain; default -retrieved_count,domain."`
}

type shareOfVoiceIn struct {
	brandArg
	scopeArgs
	PromptRegions []promptRegionArg `json:"prompt_regions,omitempty" jsonschema:"Only runs of these prompt and region pairs. Default all."`
	Granularity   string            `json:"granularity,omitempty" jsonschema:"Bucket size of time_based_metrics: day, week (starting Monday) or month (starting on the 1st), UTC. Default day. A series holds at most 1000 buckets: a longer window is refused."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: share_of_voice, visibility, sentiment, mentions, name. Default -share_of_voice,name."`
}

const citationRowUnits = " Each row: total_citation_count and total_citation_percent (% of all citations in scope, 0–100), brand_citation_count (citations in answers that mention the target) and brand_citation_percent (% of all such citations), target_brand_mentioned, mentioned_brands (at most 50: those named in the most of the row's citations), page_type and domain_type (static class or owned/earned/competitor_owned/competitor_earned), retrieved_count (runs that retrieved the row, cited or not; null over pruned days)."

func (r *registry) addCitationTools() {
	add(r, toolSpec{
		name:  "get_mention_share",
		title: "Brand mention share over time",
		description: "Share of runs whose answer mentions the target, per bucket: data_points[{date, count (runs mentioning the target), total (runs), share_percent (0–100), average_count and average_percentage (mean over the brand and its competitors)}], " +
			"current_value (share over the whole window, 0–100) and above_average (current_value above the tracked brands' average).",
		operation: "GET /api/v2/brands/{brand_id}/citations/mention_share",
	}, func(ctx context.Context, api *client.Client, in mentionShareIn) (*sightline.ShareSeries, error) {
		return api.MentionShare(ctx, in.BrandID, client.MentionShareParams{
			OverviewFilter: in.filter(), Domains: in.Domains, URL: in.URL, Granularity: in.Granularity,
		})
	})
	add(r, toolSpec{
		name:  "get_citations_overview",
		title: "Citations overview",
		description: "Headline citation numbers over the window: summary_stats (total_citations with brand_count and brand_rate %, your_citations = citations of the brand's own domains, your_mentions = runs mentioning the target, youtube_mentions, reddit_mentions; each with count, delta_percent = % change against the previous period, and daily data_points), " +
			"distributions of citations and mentions by provider, topic and region (count and percent 0–100), and top_growing domains and pages (overall and in answers that mention the target) with growth_rate %.",
		operation: "GET /api/v2/brands/{brand_id}/citations/overview",
	}, func(ctx context.Context, api *client.Client, in overviewIn) (*sightline.CitationsOverview, error) {
		return api.CitationsOverview(ctx, in.BrandID, client.OverviewParams{OverviewFilter: in.filter()})
	})
	add(r, toolSpec{
		name:        "list_cited_pages",
		title:       "Most-cited pages",
		description: "Lists the pages AI answers cite most, with filters by domain, page type, domain type, YouTube channel, subreddit, topic, prompt, provider and region." + citationRowUnits + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/citations/pages",
	}, func(ctx context.Context, api *client.Client, in citedPagesIn) (*client.List[sightline.CitationRow], error) {
		return api.ListCitationPages(ctx, in.BrandID, client.CitationPageParams{
			CitationFilter: in.filter(in.Query), Domains: in.Domains, PageTypes: in.PageTypes,
			YouTubeChannel: in.YouTubeChannel, Subreddit: in.Subreddit, PromptID: in.PromptID,
			Pagination: in.pagination(), Sort: in.Sort,
		})
	})
	add(r, toolSpec{
		name:        "list_cited_domains",
		title:       "Most-cited domains",
		description: "Lists the domains AI answers cite most; each row carries the domain's most-cited page and page_count distinct pages." + citationRowUnits + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/citations/domains",
	}, func(ctx context.Context, api *client.Client, in citedDomainsIn) (*client.List[sightline.CitationRow], error) {
		return api.ListCitationDomains(ctx, in.BrandID, client.CitationDomainParams{
			CitationFilter: in.filter(in.Query), Pagination: in.pagination(), Sort: in.Sort,
		})
	})
	add(r, toolSpec{
		name:  "get_domains_overview",
		title: "Domain share overview",
		description: "Two share series over the window — your_citations (% of citations pointing to the brand's own domains) and your_mentions (% of runs mentioning the target), each with current_value (0–100), above_average and per-bucket data_points — " +
			"and breakdown: citations by ownership class (owned, earned, competitor_owned, competitor_earned, or static class) with count and percent (0–100).",
		operation: "GET /api/v2/brands/{brand_id}/citations/domains/overview",
	}, func(ctx context.Context, api *client.Client, in domainsOverviewIn) (*sightline.DomainsOverview, error) {
		return api.DomainsOverview(ctx, in.BrandID, client.DomainsOverviewParams{OverviewFilter: in.filter(), Granularity: in.Granularity})
	})
	add(r, toolSpec{
		name:        "get_citation_summary",
		title:       "Citation summary by domain type",
		description: "Counts the citations of the window by domain type: total_citations and categories[{category, count, percent (0–100)}].",
		operation:   "GET /api/v2/brands/{brand_id}/citations/summary",
	}, func(ctx context.Context, api *client.Client, in overviewIn) (*sightline.CitationSummary, error) {
		return api.CitationSummary(ctx, in.BrandID, client.OverviewParams{OverviewFilter: in.filter()})
	})
	add(r, toolSpec{
		name:  "list_share_of_voice",
		title: "Share of voice by brand",
		description: "Lists every brand found in the answers (the brand itself, competitors and others; kind own/competitor/other) with aggregate_metrics over the window, diff against the previous period and time_based_metrics per bucket. " +
			"Metrics: visibility (% of runs mentioning the brand, 0–100), share_of_voice (% of all brand mentions, 0–100), sentiment (0–100, 50 neutral), mentions (answers naming the brand). aggregate_metrics adds the sample sizes and 95 % intervals of visibility and share_of_voice (visibility_sample_size, visibility_ci_low, … in %, null without data); diff adds visibility_significant and share_of_voice_significant (false under 30 trials a side). The row id is the found-brand id that brand_ids filters take." + unitsAnswerRate + unitsList,
		operation: "GET /api/v2/brands/{brand_id}/share_of_voice",
	}, func(ctx context.Context, api *client.Client, in shareOfVoiceIn) (*client.RateList[sightline.SOVRow], error) {
		return api.ListShareOfVoice(ctx, in.BrandID, client.ShareOfVoiceParams{
			OverviewFilter: in.filter(), PromptRegions: promptRegions(in.PromptRegions), Granularity: in.Granularity,
			Pagination: in.pagination(), Sort: in.Sort,
		})
	})
}
