package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

type createBrandIn struct {
	Name    string   `json:"name" jsonschema:"The brand's name as answers write it, 1 to 200 characters."`
	Domains []string `json:"domains,omitempty" jsonschema:"Owned website domains, primary first (URLs and subdomains are reduced to the registrable domain). Citations of these count as owned."`
	Aliases []string `json:"aliases,omitempty" jsonschema:"Other names answers use for the brand."`
}

type updateBrandIn struct {
	brandArg
	Name    *string   `json:"name,omitempty" jsonschema:"New name; past mentions count under it. Omit to keep."`
	Domains *[]string `json:"domains,omitempty" jsonschema:"The full new list of owned domains, primary first; owned citations are recounted over the whole history. Omit to keep."`
	Aliases *[]string `json:"aliases,omitempty" jsonschema:"The full new list of other names; applies to answers analyzed from now on. Omit to keep."`
}

type createCompetitorIn struct {
	brandArg
	Name    string   `json:"name" jsonschema:"The competitor's name as answers write it."`
	Domain  string   `json:"domain,omitempty" jsonschema:"The competitor's website domain; its citations count as competitor_owned."`
	Aliases []string `json:"aliases,omitempty" jsonschema:"Other names answers use for the competitor."`
}

type deleteCompetitorIn struct {
	brandArg
	CompetitorID string `json:"competitor_id" jsonschema:"UUID of the tracked competitor (from list_competitors)."`
}

type deletedOut struct {
	Deleted bool   `json:"deleted" jsonschema:"True once done."`
	ID      string `json:"id"`
}

type sendAgentLogsIn struct {
	brandArg
	Records []sightline.AgentLogRecord `json:"records" jsonschema:"1 to 10000 access-log requests: timestamp (RFC 3339), method, host, path (with query), status_code, ip, user_agent, referer."`
}

type createPromptsIn struct {
	brandArg
	Prompts []promptIn `json:"prompts" jsonschema:"1 to 100 prompts to create, all or none."`
}

type promptIn struct {
	Text    string   `json:"text" jsonschema:"The question as a user would ask it, at most 2000 characters."`
	TopicID string   `json:"topic_id,omitempty" jsonschema:"UUID of an active topic (from list_topics). Default none."`
	Intent  string   `json:"intent,omitempty" jsonschema:"T transactional, C commercial, I informational or N navigational. Default none."`
	Regions []string `json:"regions,omitempty" jsonschema:"Country codes (us, gb, …) the prompt is narrowed to. Default all of the brand's collection regions."`
}

type promptsOut struct {
	Data []sightline.Prompt `json:"data" jsonschema:"The created prompts, in request order."`
}

type updatePromptIn struct {
	brandArg
	PromptID string    `json:"prompt_id" jsonschema:"UUID of the prompt (from list_prompts)."`
	Text     *string   `json:"text,omitempty" jsonschema:"New text. Omit to keep."`
	Active   *bool     `json:"active,omitempty" jsonschema:"false stops collecting the prompt (its runs stay); true resumes it. Omit to keep."`
	Regions  *[]string `json:"regions,omitempty" jsonschema:"Country codes the prompt is narrowed to; an empty list means all of the brand's regions. Omit to keep."`
}

type deletePromptIn struct {
	brandArg
	PromptID string `json:"prompt_id" jsonschema:"UUID of the prompt (from list_prompts)."`
}

type updateCollectionIn struct {
	brandArg
	Providers    *[]string `json:"providers,omitempty" jsonschema:"Providers to ask: any of chatgpt, claude, gemini, perplexity, grok, google_ai_overviews, google_ai_mode, copilot. Each needs the organization's key (the search surfaces google_ai_overviews, google_ai_mode and copilot a SERP data vendor's: serpapi or dataforseo). Omit to keep."`
	Regions      *[]string `json:"regions,omitempty" jsonschema:"Country codes each prompt is asked in, e.g. us, gb. Omit to keep."`
	CadenceHours *int      `json:"cadence_hours,omitempty" jsonschema:"Hours per collection slot, 1 to 720 (24: once per UTC day). Omit to keep."`
	Samples      *int      `json:"samples,omitempty" jsonschema:"Times each prompt is asked per provider, region and slot, 1 to 10. Omit to keep."`
	Enabled      *bool     `json:"enabled,omitempty" jsonschema:"Turn scheduled collection on (needs a provider) or off. Omit to keep."`
}

func (r *registry) addSetupTools() {
	add(r, toolSpec{
		name:        "create_brand",
		title:       "Create a brand",
		description: "Creates a brand to track in the API key's organization, with its owned domains and aliases. Its collection is off until update_collection_settings turns it on.",
		operation:   "POST /api/v2/brands",
		effect:      additive,
	}, func(ctx context.Context, api *client.Client, in createBrandIn) (*sightline.Brand, error) {
		return api.CreateBrand(ctx, sightline.BrandInput{Name: &in.Name, Domains: &in.Domains, Aliases: &in.Aliases})
	})
	add(r, toolSpec{
		name:        "get_brand",
		title:       "Get a brand",
		description: "Returns one brand: id, name, owned domains and aliases.",
		operation:   "GET /api/v2/brands/{brand_id}",
	}, func(ctx context.Context, api *client.Client, in brandArg) (*sightline.Brand, error) {
		return api.GetBrand(ctx, in.BrandID)
	})
	add(r, toolSpec{
		name:        "update_brand",
		title:       "Update a brand",
		description: "Changes a brand's name, owned domains or aliases; fields left out keep their value. New domains recount owned citations over the whole history.",
		operation:   "PATCH /api/v2/brands/{brand_id}",
		effect:      destructive,
		idempotent:  true,
	}, func(ctx context.Context, api *client.Client, in updateBrandIn) (*sightline.Brand, error) {
		return api.UpdateBrand(ctx, in.BrandID, sightline.BrandInput{Name: in.Name, Domains: in.Domains, Aliases: in.Aliases})
	})
	add(r, toolSpec{
		name:        "create_competitor",
		title:       "Track a competitor",
		description: "Starts tracking a competitor of the brand. Answers that named it already count for it at once. Fails with CONFLICT when one of that name is tracked. Answers the competitor with its visibility over the last 30 days (0–100).",
		operation:   "POST /api/v2/brands/{brand_id}/competitors",
		effect:      additive,
	}, func(ctx context.Context, api *client.Client, in createCompetitorIn) (*sightline.Competitor, error) {
		return api.CreateCompetitor(ctx, in.BrandID, sightline.CompetitorInput{Name: &in.Name, Domain: in.Domain, Aliases: in.Aliases})
	})
	add(r, toolSpec{
		name:        "delete_competitor",
		title:       "Stop tracking a competitor",
		description: "Stops tracking a competitor. Its past mentions stay, as an untracked brand's (share of voice keeps them under its name).",
		operation:   "DELETE /api/v2/brands/{brand_id}/competitors/{competitor_id}",
		effect:      destructive,
		idempotent:  true,
	}, func(ctx context.Context, api *client.Client, in deleteCompetitorIn) (*deletedOut, error) {
		if err := api.DeleteCompetitor(ctx, in.BrandID, in.CompetitorID); err != nil {
			return nil, err
		}
		return &deletedOut{Deleted: true, ID: in.CompetitorID}, nil
	})
	add(r, toolSpec{
		name:  "send_agent_logs",
		title: "Send access-log records",
		description: "Reads web access-log requests of the brand's site and stores the AI agents' visits (GPTBot, ClaudeBot, PerplexityBot, …, each verified against its operator's published address ranges) and the visits AI assistants referred. " +
			"Other hosts and other visitors are counted and dropped; client addresses are never stored. Sending the same records again changes nothing. Answers the counts and the bad records by position.",
		operation:  "POST /api/v2/brands/{brand_id}/agent_logs",
		effect:     additive,
		idempotent: true,
	}, func(ctx context.Context, api *client.Client, in sendAgentLogsIn) (*sightline.AgentLogResult, error) {
		return api.SendAgentLogs(ctx, in.BrandID, in.Records)
	})
	add(r, toolSpec{
		name:  "create_prompts",
		title: "Create prompts",
		description: "Creates up to 100 prompts to track, all or none. A text equal (case and spacing ignored) to an active prompt of the same topic fails with CONFLICT naming prompts[i].text. " +
			"Collection asks each active prompt on the brand's providers in its regions.",
		operation: "POST /api/v2/brands/{brand_id}/prompts",
		effect:    additive,
	}, func(ctx context.Context, api *client.Client, in createPromptsIn) (*promptsOut, error) {
		prompts := make([]sightline.PromptCreate, len(in.Prompts))
		for i, p := range in.Prompts {
			prompts[i] = sightline.PromptCreate{Text: p.Text, TopicID: p.TopicID, Intent: p.Intent, Regions: p.Regions}
		}
		ps, err := api.CreatePrompts(ctx, in.BrandID, prompts)
		if err != nil {
			return nil, err
		}
		return &promptsOut{Data: ps}, nil
	})
	add(r, toolSpec{
		name:        "update_prompt",
		title:       "Update a prompt",
		description: "Changes a prompt's text, regions or active flag; fields left out keep their value. Its runs stay.",
		operation:   "PATCH /api/v2/brands/{brand_id}/prompts/{prompt_id}",
		effect:      destructive,
		idempotent:  true,
	}, func(ctx context.Context, api *client.Client, in updatePromptIn) (*sightline.Prompt, error) {
		return api.UpdatePrompt(ctx, in.BrandID, in.PromptID, sightline.PromptUpdate{Text: in.Text, Active: in.Active, Regions: in.Regions})
	})
	add(r, toolSpec{
		name:        "delete_prompt",
		title:       "Delete a prompt",
		description: "Deactivates a prompt: it is no longer collected; its runs and metrics stay. update_prompt with active true brings it back.",
		operation:   "DELETE /api/v2/brands/{brand_id}/prompts/{prompt_id}",
		effect:      destructive,
		idempotent:  true,
	}, func(ctx context.Context, api *client.Client, in deletePromptIn) (*deletedOut, error) {
		if err := api.DeletePrompt(ctx, in.BrandID, in.PromptID); err != nil {
			return nil, err
		}
		return &deletedOut{Deleted: true, ID: in.PromptID}, nil
	})
	add(r, toolSpec{
		name:        "get_collection_settings",
		title:       "Get collection settings",
		description: "Returns what Sightline asks the AI providers for the brand: providers, regions, cadence_hours, samples and whether collection is enabled.",
		operation:   "GET /api/v2/brands/{brand_id}/collection",
	}, func(ctx context.Context, api *client.Client, in brandArg) (*sightline.CollectionSettings, error) {
		return api.GetCollectionSettings(ctx, in.BrandID)
	})
	add(r, toolSpec{
		name:        "update_collection_settings",
		title:       "Update collection settings",
		description: "Changes the brand's collection settings; fields left out keep their value. Enabling it spends the organization's provider credits on a schedule.",
		operation:   "PATCH /api/v2/brands/{brand_id}/collection",
		effect:      destructive,
		idempotent:  true,
	}, func(ctx context.Context, api *client.Client, in updateCollectionIn) (*sightline.CollectionSettings, error) {
		return api.UpdateCollectionSettings(ctx, in.BrandID, sightline.CollectionUpdate{
			Providers: in.Providers, Regions: in.Regions, CadenceHours: in.CadenceHours, Samples: in.Samples, Enabled: in.Enabled,
		})
	})
}
