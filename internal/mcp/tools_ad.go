package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

type adListArgs struct {
	brandArg
	adWindowArgs
	ProviderIDs []string `json:"provider_ids,omitempty" jsonschema:"Only ads on these AI providers (ids from list_providers). Default all."`
	RegionIDs   []string `json:"region_ids,omitempty" jsonschema:"Only ads in these regions (ids from list_regions). Default all."`
	TopicIDs    []string `json:"topic_ids,omitempty" jsonschema:"Only ads next to prompts of these topics. Default all."`
	PromptIDs   []string `json:"prompt_ids,omitempty" jsonschema:"Only ads next to these prompts. Default all."`
	Query       string   `json:"query,omitempty" jsonschema:"Only ads whose advertiser name, domain or text contains this, case-insensitively. Default none."`
	pageArgs
}

func (a adListArgs) params(sort string) client.AdListParams {
	return client.AdListParams{
		Window: a.window(), ProviderIDs: a.ProviderIDs, RegionIDs: a.RegionIDs, TopicIDs: a.TopicIDs, PromptIDs: a.PromptIDs,
		Query: a.Query, Pagination: a.pagination(), Sort: sort,
	}
}

type listAdsIn struct {
	adListArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: ran_at, advertiser_name. Default -ran_at (newest first)."`
}

type listAdvertisersIn struct {
	adListArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: appearance_count, ad_count, prompt_count, provider_count, advertiser_name, last_seen_at. Default -appearance_count,advertiser_name."`
}

type getAdvertiserIn struct {
	brandArg
	AdvertiserID string `json:"advertiser_id" jsonschema:"UUID of the advertiser (from list_advertisers or list_ads)."`
	adWindowArgs
}

const advertiserUnits = " Counts over the window: appearance_count (answers the advertiser appeared next to), ad_count (ads shown), prompt_count (distinct prompts), provider_count (distinct providers); first_seen_at and last_seen_at cover all time."

func (r *registry) addAdTools() {
	add(r, toolSpec{
		name:        "list_ads",
		title:       "List ads",
		description: "Lists the ads AI providers showed next to the brand's answers: advertiser, domain, text, prompt, topic, provider, region and time." + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/ads",
	}, func(ctx context.Context, api *client.Client, in listAdsIn) (*client.List[sightline.Ad], error) {
		return api.ListAds(ctx, in.BrandID, in.params(in.Sort))
	})
	add(r, toolSpec{
		name:        "list_advertisers",
		title:       "List advertisers",
		description: "Lists the advertisers seen next to the brand's answers with their summary." + advertiserUnits + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/advertisers",
	}, func(ctx context.Context, api *client.Client, in listAdvertisersIn) (*client.List[sightline.AdvertiserSummary], error) {
		return api.ListAdvertisers(ctx, in.BrandID, in.params(in.Sort))
	})
	add(r, toolSpec{
		name:        "get_advertiser",
		title:       "Read one advertiser",
		description: "Reads one advertiser's summary." + advertiserUnits,
		operation:   "GET /api/v2/brands/{brand_id}/advertisers/{advertiser_id}",
	}, func(ctx context.Context, api *client.Client, in getAdvertiserIn) (*sightline.AdvertiserSummary, error) {
		return api.GetAdvertiser(ctx, in.BrandID, in.AdvertiserID, client.AdvertiserParams{Window: in.window()})
	})
}
