package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

// Webhook tools work on the API key's organization, not on a brand.

type webhookArg struct {
	WebhookID string `json:"webhook_id" jsonschema:"UUID of the webhook endpoint (from list_webhooks)."`
}

type createWebhookIn struct {
	URL         string   `json:"url" jsonschema:"Where events are posted: an https URL (private, loopback and link-local addresses are refused)."`
	EventTypes  []string `json:"event_types" jsonschema:"Events to receive, at least one: visibility.dropped, visibility.rose, share_of_voice.overtaken, citation.lost, citation.gained, advertiser.new. Each is sent when a signal of that type opens and when it closes."`
	Description string   `json:"description,omitempty" jsonschema:"A note for people, at most 500 characters. Default empty."`
	Enabled     *bool    `json:"enabled,omitempty" jsonschema:"false creates it disabled. Default true."`
}

type updateWebhookIn struct {
	webhookArg
	URL         *string   `json:"url,omitempty" jsonschema:"New https URL. Omit to keep."`
	EventTypes  *[]string `json:"event_types,omitempty" jsonschema:"The full new list of event types (see create_webhook). Omit to keep."`
	Description *string   `json:"description,omitempty" jsonschema:"New note. Omit to keep."`
	Enabled     *bool     `json:"enabled,omitempty" jsonschema:"true enables it again (clearing why it was disabled); false disables it and fails its pending deliveries. Omit to keep."`
}

type deliveriesIn struct {
	webhookArg
	Status string `json:"status,omitempty" jsonschema:"Only deliveries in this state: pending, succeeded or failed. Default all."`
	pageArgs
}

type retryDeliveryIn struct {
	webhookArg
	DeliveryID string `json:"delivery_id" jsonschema:"UUID of the delivery (from list_webhook_deliveries)."`
}

type webhookPageIn struct {
	pageArgs
}

const (
	webhookUnits  = " An endpoint answers id, url, description, event_types, enabled, disabled_reason (why Sightline or a user disabled it), failing_since, previous_secret_expires_at and timestamps; its signing secret is never shown again after creation or rotation."
	deliveryUnits = " A delivery answers event_id (the webhook-id header), event_type, status (pending, succeeded, failed), attempt_count, next_attempt_at and attempts [{attempt, started_at, status_code, latency_ms, error}]; retries follow 5 s, 5 min, 30 min, 2 h, 5 h, 10 h."
)

func (r *registry) addWebhookTools() {
	add(r, toolSpec{
		name:        "list_webhooks",
		title:       "List webhook endpoints",
		description: "Lists the organization's webhook endpoints, oldest first." + webhookUnits + unitsList,
		operation:   "GET /api/v2/webhooks",
	}, func(ctx context.Context, api *client.Client, in webhookPageIn) (*client.List[sightline.Webhook], error) {
		return api.ListWebhooks(ctx, in.pagination())
	})
	add(r, toolSpec{
		name:  "create_webhook",
		title: "Create a webhook endpoint",
		description: "Adds an endpoint that receives the chosen events as signed Standard Webhooks. Answers the endpoint with secret (whsec_…), shown only this once: the receiver needs it to verify signatures. " +
			"Fails with CONFLICT when the organization has an endpoint for the url or the server has no master key.",
		operation: "POST /api/v2/webhooks",
		effect:    additive,
		enums:     map[string][]string{"event_types": sightline.WebhookEventTypes},
	}, func(ctx context.Context, api *client.Client, in createWebhookIn) (*sightline.Webhook, error) {
		body := sightline.WebhookInput{URL: &in.URL, EventTypes: &in.EventTypes, Enabled: in.Enabled}
		if in.Description != "" {
			body.Description = &in.Description
		}
		return api.CreateWebhook(ctx, body)
	})
	add(r, toolSpec{
		name:        "get_webhook",
		title:       "Read a webhook endpoint",
		description: "Reads one webhook endpoint." + webhookUnits,
		operation:   "GET /api/v2/webhooks/{id}",
	}, func(ctx context.Context, api *client.Client, in webhookArg) (*sightline.Webhook, error) {
		return api.GetWebhook(ctx, in.WebhookID)
	})
	add(r, toolSpec{
		name:        "update_webhook",
		title:       "Update a webhook endpoint",
		description: "Changes an endpoint's url, event types, description or enabled flag; fields left out keep their value." + webhookUnits,
		operation:   "PATCH /api/v2/webhooks/{id}",
		effect:      destructive,
		idempotent:  true,
		enums:       map[string][]string{"event_types": sightline.WebhookEventTypes},
	}, func(ctx context.Context, api *client.Client, in updateWebhookIn) (*sightline.Webhook, error) {
		return api.UpdateWebhook(ctx, in.WebhookID, sightline.WebhookInput{URL: in.URL, EventTypes: in.EventTypes, Description: in.Description, Enabled: in.Enabled})
	})
	add(r, toolSpec{
		name:        "delete_webhook",
		title:       "Delete a webhook endpoint",
		description: "Removes an endpoint and its deliveries; events stop being sent to it.",
		operation:   "DELETE /api/v2/webhooks/{id}",
		effect:      destructive,
		idempotent:  true,
	}, func(ctx context.Context, api *client.Client, in webhookArg) (*deletedOut, error) {
		if err := api.DeleteWebhook(ctx, in.WebhookID); err != nil {
			return nil, err
		}
		return &deletedOut{Deleted: true, ID: in.WebhookID}, nil
	})
	add(r, toolSpec{
		name:  "rotate_webhook_secret",
		title: "Rotate a webhook's signing secret",
		description: "Replaces the endpoint's signing secret and answers the new one (secret, shown only this once). For 24 hours deliveries carry signatures by both secrets, so the receiver can switch without missing events. " +
			"Fails with CONFLICT when the server has no master key.",
		operation: "POST /api/v2/webhooks/{id}/rotate_secret",
		effect:    destructive,
	}, func(ctx context.Context, api *client.Client, in webhookArg) (*sightline.Webhook, error) {
		return api.RotateWebhookSecret(ctx, in.WebhookID)
	})
	add(r, toolSpec{
		name:        "test_webhook",
		title:       "Send a test event",
		description: "Queues a ping event to the endpoint and answers its delivery; list_webhook_deliveries shows the outcome once attempted. Fails with CONFLICT when the endpoint is disabled." + deliveryUnits,
		operation:   "POST /api/v2/webhooks/{id}/test",
		effect:      additive,
	}, func(ctx context.Context, api *client.Client, in webhookArg) (*sightline.WebhookDelivery, error) {
		return api.TestWebhook(ctx, in.WebhookID)
	})
	add(r, toolSpec{
		name:        "list_webhook_deliveries",
		title:       "List a webhook's deliveries",
		description: "Lists an endpoint's deliveries, newest first, each with every attempt's status code, latency and error." + deliveryUnits + unitsList,
		operation:   "GET /api/v2/webhooks/{id}/deliveries",
		enums:       map[string][]string{"status": sightline.DeliveryStatuses},
	}, func(ctx context.Context, api *client.Client, in deliveriesIn) (*client.List[sightline.WebhookDelivery], error) {
		return api.ListWebhookDeliveries(ctx, in.WebhookID, client.DeliveryListParams{Status: in.Status, Pagination: in.pagination()})
	})
	add(r, toolSpec{
		name:        "retry_webhook_delivery",
		title:       "Retry a webhook delivery",
		description: "Schedules one more attempt, now, of a delivery that succeeded or failed (same event id and body). Fails with CONFLICT while it is pending or the endpoint is disabled." + deliveryUnits,
		operation:   "POST /api/v2/webhooks/{id}/deliveries/{delivery_id}/retry",
		effect:      additive,
	}, func(ctx context.Context, api *client.Client, in retryDeliveryIn) (*sightline.WebhookDelivery, error) {
		return api.RetryWebhookDelivery(ctx, in.WebhookID, in.DeliveryID)
	})
}
