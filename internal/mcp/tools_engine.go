package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

// Vocabularies of recommendations (docs/engines.md#fields).
var (
	recommendationTypes   = sightline.RecommendationTypes
	recommendationImpacts = sightline.Impacts
	recommendationStates  = sightline.RecommendationStates
)

type listRecommendationsIn struct {
	brandArg
	Types    []string `json:"types,omitempty" jsonschema:"Only these types: owned_refresh (refresh an owned page that is cited where the brand is weak), owned_create (create a page where competitor pages win), earned_3rd_party (pitch editorial or review outlets that cite competitors), social_post (engage Reddit, YouTube, LinkedIn or X threads), no_action (the brand already leads). Default all."`
	Intents  []string `json:"intents,omitempty" jsonschema:"Only these prompt intents: T transactional, C commercial, I informational, N navigational. Default all."`
	Impacts  []string `json:"impacts,omitempty" jsonschema:"Only these impact levels: high, medium, low (from severity, a 0–1 volume-weighted urgency). Default all."`
	State    string   `json:"state,omitempty" jsonschema:"Only this state: new, saved, done or dismissed. Default new when neither state nor states is given."`
	States   []string `json:"states,omitempty" jsonschema:"Only these states (new, saved, done, dismissed); use instead of state to see several. Default [new]."`
	TopicIDs []string `json:"topic_ids,omitempty" jsonschema:"Only recommendations of these topics (ids from list_topics). Default all."`
	Archived bool     `json:"archived,omitempty" jsonschema:"List the archived recommendations (pruned by the system because their evidence is gone) instead of the live ones. Default false."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: severity, created_at, state_changed_at. Default -severity (most urgent first)."`
}

type recommendationIn struct {
	brandArg
	RecommendationID string `json:"recommendation_id" jsonschema:"UUID of the recommendation (from list_recommendations)."`
}

type updateRecommendationStateIn struct {
	brandArg
	RecommendationID string `json:"recommendation_id" jsonschema:"UUID of the recommendation (from list_recommendations)."`
	State            string `json:"state" jsonschema:"New state. Allowed moves: new→saved, saved→new, new→dismissed, dismissed→new, any state→done (marks it completed and adds the action URL to the watch list), done→new (reopen). Other moves fail with INVALID_TRANSITION."`
	ActionURL        string `json:"action_url,omitempty" jsonschema:"Only with state done: the URL of the page refreshed or created, the outlet pitched or the thread engaged (absolute http(s) URL). Default the recommendation's suggested_action_url."`
}

type briefListIn struct {
	brandArg
	States            []string `json:"states,omitempty" jsonschema:"Only briefs in these states: new, generating, ready, failed. Default all."`
	RecommendationIDs []string `json:"recommendation_ids,omitempty" jsonschema:"Only briefs made from these recommendations. Default all."`
	TopicIDs          []string `json:"topic_ids,omitempty" jsonschema:"Only briefs of these topics. Default all."`
	IsDeleted         bool     `json:"is_deleted,omitempty" jsonschema:"Also list deleted briefs. Default false."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: created_at, updated_at, title. Default -created_at (newest first)."`
}

type briefIn struct {
	brandArg
	BriefID string `json:"brief_id" jsonschema:"UUID of the brief (from list_briefs)."`
}

type listOpportunitiesIn struct {
	brandArg
	Intents []string `json:"intents,omitempty" jsonschema:"Only these intents: T transactional, C commercial, I informational, N navigational. Default all."`
	Query   string   `json:"query,omitempty" jsonschema:"Only opportunities whose query text contains this, case-insensitively. Default none."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: final_score, est_volume, difficulty, computed_at. Default -final_score (best first)."`
}

type opportunityIn struct {
	brandArg
	OpportunityID string `json:"opportunity_id" jsonschema:"UUID of the opportunity (from list_opportunities)."`
}

const (
	recommendationUnits = " severity is a 0–1 volume-weighted urgency, impact its level (high ≥ 0.6, medium ≥ 0.3, else low); evidence holds the counts and cited pages behind it; target_prompts and target_urls say where to act."
	opportunityUnits    = " final_score and difficulty are 0–100, scores are per-factor 0–1, est_volume is in est_volume_unit (runs_per_week), volume_range buckets it."
	computeUnits        = " Answers the compute status: status (idle, queued, running, completed, failed), started_at, completed_at, duration_ms, error {class, message}, and quota {limit, used, remaining, resets_at} — the daily recompute budget."
)

func (r *registry) addEngineTools() {
	add(r, toolSpec{
		name:  "list_recommendations",
		title: "List content recommendations",
		description: "Lists what the brand should do to be more visible in AI answers: refresh or create owned pages, pitch outlets, engage social threads. Default: state new, most urgent first." +
			recommendationUnits + " Answers {data, meta} where meta adds regenerate_quota {limit, used, remaining, resets_at}.",
		operation: "GET /api/v2/brands/{brand_id}/content_studio/recommendations",
	}, func(ctx context.Context, api *client.Client, in listRecommendationsIn) (*client.RecommendationList, error) {
		return api.ListRecommendations(ctx, in.BrandID, client.RecommendationListParams{
			Types: in.Types, Intents: in.Intents, Impacts: in.Impacts, State: in.State, States: in.States,
			TopicIDs: in.TopicIDs, Archived: in.Archived, Pagination: in.pagination(), Sort: in.Sort,
		})
	})
	add(r, toolSpec{
		name:        "get_recommendation",
		title:       "Read one recommendation",
		description: "Reads one content recommendation with its evidence, target prompts and URLs, suggested title, format and details (markdown next steps)." + recommendationUnits,
		operation:   "GET /api/v2/brands/{brand_id}/content_studio/recommendations/{id}",
	}, func(ctx context.Context, api *client.Client, in recommendationIn) (*sightline.Recommendation, error) {
		return api.GetRecommendation(ctx, in.BrandID, in.RecommendationID)
	})
	add(r, toolSpec{
		name:  "update_recommendation_state",
		title: "Change a recommendation's state",
		description: "Saves, dismisses, completes or reopens a recommendation. Marking it done sets completed, completed_at and action_url, and adds the URL to the brand's watch list. " +
			"Dismissed recommendations may come back as new after a cooldown when regeneration still finds the evidence. Answers the updated recommendation.",
		operation:  "PATCH /api/v2/brands/{brand_id}/content_studio/recommendations/{id}",
		effect:     destructive,
		idempotent: true,
	}, func(ctx context.Context, api *client.Client, in updateRecommendationStateIn) (*sightline.Recommendation, error) {
		var actionURL *string
		if in.ActionURL != "" {
			actionURL = &in.ActionURL
		}
		return api.UpdateRecommendation(ctx, in.BrandID, in.RecommendationID, in.State, actionURL)
	})
	add(r, toolSpec{
		name:  "regenerate_recommendations",
		title: "Regenerate recommendations",
		description: "Regenerates the brand's recommendations from the last 30 days of answers: updates existing ones (user state survives), adds new ones, archives those whose evidence is gone, revives dismissed ones past their cooldown. " +
			"Spends one unit of the daily regenerate quota (QUOTA_EXCEEDED when used up). Answers the counts generated, created, updated, revived and archived, and regenerate_quota.",
		operation: "POST /api/v2/brands/{brand_id}/content_studio/recommendations/regenerate",
		effect:    destructive,
	}, func(ctx context.Context, api *client.Client, in brandArg) (*sightline.RegenerateResult, error) {
		return api.RegenerateRecommendations(ctx, in.BrandID)
	})
	add(r, toolSpec{
		name:        "get_watch_list",
		title:       "Watch list",
		description: "Lists the URLs the brand watches — pages refreshed or created, outlets pitched, threads engaged — added when recommendations are marked done, newest first." + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/watch_list",
	}, func(ctx context.Context, api *client.Client, in brandPageIn) (*client.List[sightline.WatchListEntry], error) {
		return api.ListWatchList(ctx, in.BrandID, in.pagination())
	})
	add(r, toolSpec{
		name:        "list_opportunities",
		title:       "List opportunities",
		description: "Lists scored opportunities: queries the brand should own, found in the context of answers where it is weak, best first." + opportunityUnits + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/opportunities",
	}, func(ctx context.Context, api *client.Client, in listOpportunitiesIn) (*client.List[sightline.Opportunity], error) {
		return api.ListOpportunities(ctx, in.BrandID, client.OpportunityListParams{
			Intents: in.Intents, Query: in.Query, Pagination: in.pagination(), Sort: in.Sort,
		})
	})
	add(r, toolSpec{
		name:        "get_opportunity",
		title:       "Read one opportunity",
		description: "Reads one opportunity with its rationale, source prompts and matched prompt." + opportunityUnits,
		operation:   "GET /api/v2/brands/{brand_id}/opportunities/{id}",
	}, func(ctx context.Context, api *client.Client, in opportunityIn) (*sightline.Opportunity, error) {
		return api.GetOpportunity(ctx, in.BrandID, in.OpportunityID)
	})
	add(r, toolSpec{
		name:  "compute_opportunities",
		title: "Recompute opportunities",
		description: "Enqueues a recomputation of the brand's opportunities, which replaces them when it completes; poll get_opportunity_compute_status. While a job is queued or running, answers its status and spends nothing; otherwise spends one unit of the daily recompute quota (QUOTA_EXCEEDED when used up)." +
			computeUnits,
		operation: "POST /api/v2/brands/{brand_id}/opportunities/compute",
		effect:    destructive,
	}, func(ctx context.Context, api *client.Client, in brandArg) (*sightline.ComputeStatus, error) {
		return api.ComputeOpportunities(ctx, in.BrandID)
	})
	add(r, toolSpec{
		name:        "get_opportunity_compute_status",
		title:       "Opportunity compute status",
		description: "Reads the status of the brand's latest opportunity recomputation (idle when there was none)." + computeUnits,
		operation:   "GET /api/v2/brands/{brand_id}/opportunities/compute",
	}, func(ctx context.Context, api *client.Client, in brandArg) (*sightline.ComputeStatus, error) {
		return api.GetComputeStatus(ctx, in.BrandID)
	})
	add(r, toolSpec{
		name:        "list_briefs",
		title:       "List content briefs",
		description: "Lists the brand's content briefs (what to write for a recommendation): title, format, mode, state (new, generating, ready, failed), progress_pct (0–100), target prompts, newest first." + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/content_studio/briefs",
		enums:       map[string][]string{"states": sightline.BriefStates},
	}, func(ctx context.Context, api *client.Client, in briefListIn) (*client.List[sightline.Brief], error) {
		return api.ListBriefs(ctx, in.BrandID, client.BriefListParams{
			States: in.States, RecommendationIDs: in.RecommendationIDs, TopicIDs: in.TopicIDs, IsDeleted: in.IsDeleted,
			Pagination: in.pagination(), Sort: in.Sort,
		})
	})
	add(r, toolSpec{
		name:        "get_brief",
		title:       "Read one content brief",
		description: "Reads one content brief: brief_text, outline (sections, questions, competitor pages to beat), target word count, target prompts, state and progress_pct (0–100).",
		operation:   "GET /api/v2/brands/{brand_id}/content_studio/briefs/{id}",
	}, func(ctx context.Context, api *client.Client, in briefIn) (*sightline.Brief, error) {
		return api.GetBrief(ctx, in.BrandID, in.BriefID)
	})
}
