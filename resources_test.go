package sightline

import (
	"encoding/json"
	"slices"
	"sort"
	"testing"
)

// TestResources_EveryFieldPresent: every field docs/api.md lists for a resource
// is in its JSON even when it has no value — a field without a value is
// null, never left out.
func TestResources_EveryFieldPresent(t *testing.T) {
	for _, tc := range []struct {
		name   string
		v      any
		fields []string
	}{
		{"Topic", Topic{}, []string{"id", "name", "visibility", "share_of_voice", "visibility_diff", "sov_diff", "sentiment",
			"sentiment_diff", "citation_share", "citation_share_diff", "prompt_count", "top_brands", "created_at", "updated_at"}},
		{"Competitor", Competitor{}, []string{"id", "name", "domain", "visibility"}},
		{"Recommendation", Recommendation{}, []string{"id", "brand_id", "topic_id", "topic_name", "intent", "type", "legacy_type",
			"impact", "severity", "action", "action_url", "suggested_action_url", "channel", "reason", "details", "format",
			"suggested_title", "target_word_count", "required_elements", "archived", "completed", "state", "state_changed_at",
			"dismissed_at", "completed_at", "evidence", "target_prompt_ids", "target_urls", "top_competitors", "target_prompts",
			"audience_id", "audience_name", "created_at"}},
		{"Brief", Brief{}, []string{"id", "brand_id", "audience_id", "topic_id", "recommendation_id", "audience_name", "topic_name",
			"title", "source_url", "additional_instructions", "brief_text", "generation_error", "format", "mode", "outline", "metadata",
			"state", "progress_pct", "target_word_count", "target_prompts", "recommendation", "article", "created_at", "updated_at", "deleted_at"}},
		{"Opportunity", Opportunity{}, []string{"id", "type", "intent", "difficulty", "cpc_micros", "est_volume", "est_volume_unit",
			"reasoning_tags", "final_score", "scores", "computed_at", "volume_range", "rationale", "source", "matched_prompt", "list_ids"}},
		{"Opportunity source", OpportunitySource{}, []string{"kind", "text", "description", "prompt_ids", "prompts"}},
		{"Advertiser summary", AdvertiserSummary{}, []string{"advertiser_id", "advertiser_name", "appearance_count", "prompt_count",
			"ad_count", "provider_count", "advertiser_domain", "favicon_url", "first_seen_at", "last_seen_at"}},
		{"Citation row", CitationRow{}, []string{"domain", "citation_types", "page_count", "total_citation_count", "total_citation_percent",
			"brand_citation_count", "brand_citation_percent", "target_brand_mentioned", "mentioned_brands", "page", "page_type", "domain_type"}},
		{"Share series", ShareSeries{}, []string{"current_value", "above_average", "data_points"}},
		{"Citations overview", CitationsOverview{}, []string{"summary_stats", "distributions", "top_growing"}},
		{"Domains overview", DomainsOverview{}, []string{"your_citations", "your_mentions", "breakdown"}},
		{"Citation summary", CitationSummary{}, []string{"total_citations", "categories"}},
		{"Daily quota", DailyQuota{}, []string{"limit", "used", "remaining", "resets_at"}},
		{"Compute status", ComputeStatus{}, []string{"status", "quota", "started_at", "completed_at", "duration_ms", "error"}},
		{"Pagination meta", PageMeta{}, []string{"page", "page_size", "total_items", "total_pages"}},
	} {
		b, err := json.Marshal(tc.v)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got map[string]json.RawMessage
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var missing []string
		for _, f := range tc.fields {
			if _, ok := got[f]; !ok {
				missing = append(missing, f)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: a zero value leaves out %v (want null or a value)", tc.name, missing)
		}
		if slices.Contains(tc.fields, "deleted_at") && string(got["deleted_at"]) != "null" {
			t.Errorf("%s: deleted_at = %s, want null", tc.name, got["deleted_at"])
		}
	}
}
