package mcp_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

// testWebhookTools manages an endpoint through the tools, each answer
// checked against the API: created with its secret, updated, tested and
// delivered, the delivery retried, the secret rotated, deleted; the other
// organization's key reaches none of it.
func (e *env) testWebhookTools(t *testing.T) {
	cs := e.connect(t, e.fx.APIKey)
	key := e.fx.APIKey
	created := structured(t, call(t, cs, "create_webhook", map[string]any{"url": e.receiver.URL + "/tools",
		"event_types": []string{"citation.lost", "visibility.rose"}, "description": "from the tools"})).(map[string]any)
	secret, _ := created["secret"].(string)
	if !strings.HasPrefix(secret, "whsec_") || created["enabled"] != true {
		t.Fatalf("create_webhook = %v", created)
	}
	id := created["id"].(string)
	path := "/api/v2/webhooks/" + id
	wantToolError(t, call(t, cs, "create_webhook", map[string]any{"url": e.receiver.URL + "/tools", "event_types": []string{"citation.lost"}}), sightline.ECONFLICT)
	wantToolError(t, call(t, cs, "create_webhook", map[string]any{"url": "http://hooks.example.com", "event_types": []string{"citation.lost"}}), sightline.EVALIDATION)

	got := structured(t, call(t, cs, "update_webhook", map[string]any{"webhook_id": id, "description": "renamed", "event_types": []string{"advertiser.new"}}))
	if diff := cmp.Diff(e.apiGet(t, path, key)["data"], got); diff != "" {
		t.Errorf("update_webhook differs from GET (-api +tool):\n%s", diff)
	}
	if diff := cmp.Diff(e.apiGet(t, path, key)["data"], structured(t, call(t, cs, "get_webhook", map[string]any{"webhook_id": id}))); diff != "" {
		t.Errorf("get_webhook differs from GET (-api +tool):\n%s", diff)
	}

	before := e.received.Load()
	delivery := structured(t, call(t, cs, "test_webhook", map[string]any{"webhook_id": id})).(map[string]any)
	if delivery["status"] != "pending" || delivery["event_type"] != "ping" {
		t.Fatalf("test_webhook = %v", delivery)
	}
	e.deliver(t)
	if e.received.Load() != before+1 {
		t.Errorf("the receiver got %d requests, want 1", e.received.Load()-before)
	}
	list := structured(t, call(t, cs, "list_webhook_deliveries", map[string]any{"webhook_id": id})).(map[string]any)
	if diff := cmp.Diff(any(e.apiGet(t, path+"/deliveries", key)), any(list)); diff != "" {
		t.Errorf("list_webhook_deliveries differs (-api +tool):\n%s", diff)
	}
	if d := list["data"].([]any)[0].(map[string]any); d["status"] != "succeeded" || len(d["attempts"].([]any)) != 1 {
		t.Errorf("delivery after the dispatcher ran: %v", d)
	}
	retried := structured(t, call(t, cs, "retry_webhook_delivery", map[string]any{"webhook_id": id, "delivery_id": delivery["id"]})).(map[string]any)
	if retried["status"] != "pending" {
		t.Errorf("retry_webhook_delivery = %v", retried)
	}
	wantToolError(t, call(t, cs, "retry_webhook_delivery", map[string]any{"webhook_id": id, "delivery_id": delivery["id"]}), sightline.ECONFLICT)

	rotated := structured(t, call(t, cs, "rotate_webhook_secret", map[string]any{"webhook_id": id})).(map[string]any)
	if s, _ := rotated["secret"].(string); !strings.HasPrefix(s, "whsec_") || s == secret || rotated["previous_secret_expires_at"] == nil {
		t.Errorf("rotate_webhook_secret = %v", rotated)
	}

	other := e.connect(t, e.fx.OtherOrg.APIKey)
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"get_webhook", map[string]any{"webhook_id": id}},
		{"update_webhook", map[string]any{"webhook_id": id, "enabled": false}},
		{"delete_webhook", map[string]any{"webhook_id": id}},
		{"test_webhook", map[string]any{"webhook_id": id}},
		{"list_webhook_deliveries", map[string]any{"webhook_id": id}},
	} {
		wantToolError(t, call(t, other, c.tool, c.args), sightline.ENOTFOUND)
	}
	if l := structured(t, call(t, other, "list_webhooks", map[string]any{})).(map[string]any)["data"].([]any); len(l) != 0 {
		t.Errorf("the other organization lists %v", l)
	}

	if diff := cmp.Diff(map[string]any{"deleted": true, "id": id}, structured(t, call(t, cs, "delete_webhook", map[string]any{"webhook_id": id}))); diff != "" {
		t.Errorf("delete_webhook (-want +got):\n%s", diff)
	}
	if status, _ := e.api(t, http.MethodGet, path, key, nil); status != http.StatusNotFound {
		t.Errorf("deleted webhook: GET status %d", status)
	}
}
