package mcp_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

// testEngineWriteTools changes recommendation states, regenerates and
// recomputes through the tools, and checks each answer against the API.
func (e *env) testEngineWriteTools(t *testing.T) {
	cs := e.connect(t, e.fx.APIKey)
	b := "/api/v2/brands/" + e.fx.BrandID
	key := e.fx.APIKey

	// A new, actionable recommendation.
	var recID string
	for _, r := range e.apiGet(t, b+"/content_studio/recommendations", key)["data"].([]any) {
		if r := r.(map[string]any); r["type"] != sightline.RecNoAction {
			recID = r["id"].(string)
			break
		}
	}
	if recID == "" {
		t.Fatal("the demo has no new actionable recommendation")
	}
	update := func(state, actionURL string) map[string]any {
		t.Helper()
		args := map[string]any{"brand_id": e.fx.BrandID, "recommendation_id": recID, "state": state}
		if actionURL != "" {
			args["action_url"] = actionURL
		}
		got := structured(t, call(t, cs, "update_recommendation_state", args)).(map[string]any)
		if diff := cmp.Diff(e.apiGet(t, b+"/content_studio/recommendations/"+recID, key)["data"], any(got)); diff != "" {
			t.Errorf("update to %s differs from the API's recommendation (-api +tool):\n%s", state, diff)
		}
		if got["state"] != state {
			t.Errorf("state = %v, want %s", got["state"], state)
		}
		return got
	}

	saved := update(sightline.RecStateSaved, "")
	if saved["state_changed_at"] == nil {
		t.Error("state_changed_at not stamped")
	}
	msg := wantToolError(t, call(t, cs, "update_recommendation_state", map[string]any{"brand_id": e.fx.BrandID, "recommendation_id": recID, "state": "dismissed"}), sightline.ETRANSITION)
	if !strings.Contains(msg, "HTTP 409") {
		t.Errorf("transition error = %q", msg)
	}
	msg = wantToolError(t, call(t, cs, "update_recommendation_state", map[string]any{"brand_id": e.fx.BrandID, "recommendation_id": recID, "state": "new", "action_url": "https://example.com/x"}), sightline.EVALIDATION)
	if !strings.Contains(msg, "action_url") {
		t.Errorf("validation error = %q", msg)
	}
	wantToolError(t, call(t, cs, "update_recommendation_state", map[string]any{"brand_id": e.fx.BrandID, "recommendation_id": recID, "state": "archived"}), "validating")

	const actionURL = "https://example.com/blog/mcp-guide"
	done := update(sightline.RecStateDone, actionURL)
	if done["completed"] != true || done["action_url"] != actionURL {
		t.Errorf("done: completed %v, action_url %v", done["completed"], done["action_url"])
	}
	watch := structured(t, call(t, cs, "get_watch_list", map[string]any{"brand_id": e.fx.BrandID}))
	if diff := cmp.Diff(any(e.apiGet(t, b+"/watch_list", key)), watch); diff != "" {
		t.Errorf("get_watch_list (-api +tool):\n%s", diff)
	}
	if !strings.Contains(text(call(t, cs, "get_watch_list", map[string]any{"brand_id": e.fx.BrandID})), actionURL) {
		t.Errorf("the watch list lacks %s", actionURL)
	}
	update(sightline.RecStateNew, "") // reopen

	// Regenerate spends the last unit of the quota; the next call is a 429.
	regen := structured(t, call(t, cs, "regenerate_recommendations", map[string]any{"brand_id": e.fx.BrandID})).(map[string]any)
	quota := regen["regenerate_quota"].(map[string]any)
	if quota["used"] != 2.0 || quota["remaining"] != 0.0 {
		t.Errorf("regenerate_quota = %v, want used 2 of 2", quota)
	}
	meta := e.apiGet(t, b+"/content_studio/recommendations", key)["meta"].(map[string]any)
	if diff := cmp.Diff(meta["regenerate_quota"], any(quota)); diff != "" {
		t.Errorf("regenerate_quota (-list meta +tool):\n%s", diff)
	}
	msg = wantToolError(t, call(t, cs, "regenerate_recommendations", map[string]any{"brand_id": e.fx.BrandID}), sightline.EQUOTA)
	if !strings.Contains(msg, "HTTP 429") || !strings.Contains(msg, "retry after") {
		t.Errorf("quota error = %q", msg)
	}
	if got := e.apiGet(t, b+"/content_studio/recommendations/"+recID, key)["data"].(map[string]any); got["state"] != sightline.RecStateNew {
		t.Errorf("after regeneration the recommendation is %v, want its user state new", got["state"])
	}

	// Compute enqueues a job (no worker runs here, so it stays queued) and
	// spends a unit; a second call answers the same job and spends nothing.
	first := structured(t, call(t, cs, "compute_opportunities", map[string]any{"brand_id": e.fx.BrandID})).(map[string]any)
	if first["status"] != sightline.JobQueued {
		t.Errorf("compute status = %v, want queued", first["status"])
	}
	status := structured(t, call(t, cs, "get_opportunity_compute_status", map[string]any{"brand_id": e.fx.BrandID}))
	if diff := cmp.Diff(e.apiGet(t, b+"/opportunities/compute", key)["data"], status); diff != "" {
		t.Errorf("get_opportunity_compute_status (-api +tool):\n%s", diff)
	}
	if diff := cmp.Diff(any(first), status); diff != "" {
		t.Errorf("compute answer and status differ (-compute +status):\n%s", diff)
	}
	second := structured(t, call(t, cs, "compute_opportunities", map[string]any{"brand_id": e.fx.BrandID}))
	if diff := cmp.Diff(any(first), second); diff != "" {
		t.Errorf("second compute spent quota or changed the job (-first +second):\n%s", diff)
	}
	if status, _ := e.api(t, http.MethodGet, b+"/opportunities/compute", e.fx.OtherOrg.APIKey, nil); status != http.StatusNotFound {
		t.Errorf("other org reads the compute status: %d", status)
	}
}
