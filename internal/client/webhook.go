package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// webhookPath returns /api/v2/webhooks followed by the escaped segments.
func webhookPath(segments ...string) string {
	p := "/api/v2/webhooks"
	for _, s := range segments {
		p += "/" + s
	}
	return p
}

// ListWebhooks returns a page of the organization's endpoints.
func (c *Client) ListWebhooks(ctx context.Context, p Pagination) (*List[sightline.Webhook], error) {
	return getList[sightline.Webhook](ctx, c, webhookPath(), p)
}

// CreateWebhook adds an endpoint; the answer's Secret is the signing
// secret, shown only this once.
func (c *Client) CreateWebhook(ctx context.Context, in sightline.WebhookInput) (*sightline.Webhook, error) {
	return getData[sightline.Webhook](ctx, c, http.MethodPost, webhookPath(), nil, in)
}

// GetWebhook returns one endpoint.
func (c *Client) GetWebhook(ctx context.Context, webhookID string) (*sightline.Webhook, error) {
	return getData[sightline.Webhook](ctx, c, http.MethodGet, webhookPath(id(webhookID)), nil, nil)
}

// UpdateWebhook changes an endpoint (nil fields keep their value).
func (c *Client) UpdateWebhook(ctx context.Context, webhookID string, in sightline.WebhookInput) (*sightline.Webhook, error) {
	return getData[sightline.Webhook](ctx, c, http.MethodPatch, webhookPath(id(webhookID)), nil, in)
}

// DeleteWebhook removes an endpoint and its deliveries.
func (c *Client) DeleteWebhook(ctx context.Context, webhookID string) error {
	return c.do(ctx, http.MethodDelete, webhookPath(id(webhookID)), nil, nil, nil)
}

// RotateWebhookSecret replaces the signing secret; the answer's Secret is
// the new one, and the previous one keeps signing for 24 hours.
func (c *Client) RotateWebhookSecret(ctx context.Context, webhookID string) (*sightline.Webhook, error) {
	return getData[sightline.Webhook](ctx, c, http.MethodPost, webhookPath(id(webhookID), "rotate_secret"), nil, nil)
}

// TestWebhook queues a ping to the endpoint and returns its delivery.
func (c *Client) TestWebhook(ctx context.Context, webhookID string) (*sightline.WebhookDelivery, error) {
	return getData[sightline.WebhookDelivery](ctx, c, http.MethodPost, webhookPath(id(webhookID), "test"), nil, nil)
}

// DeliveryListParams are the query of GET /api/v2/webhooks/{id}/deliveries.
type DeliveryListParams struct {
	// Status: pending, succeeded or failed (default all).
	Status string `query:"filter[status]"`
	Pagination
}

// ListWebhookDeliveries returns a page of an endpoint's deliveries, newest
// first, each with its attempts.
func (c *Client) ListWebhookDeliveries(ctx context.Context, webhookID string, p DeliveryListParams) (*List[sightline.WebhookDelivery], error) {
	return getList[sightline.WebhookDelivery](ctx, c, webhookPath(id(webhookID), "deliveries"), p)
}

// RetryWebhookDelivery schedules one more attempt of a delivery, now.
func (c *Client) RetryWebhookDelivery(ctx context.Context, webhookID, deliveryID string) (*sightline.WebhookDelivery, error) {
	return getData[sightline.WebhookDelivery](ctx, c, http.MethodPost, webhookPath(id(webhookID), "deliveries", id(deliveryID), "retry"), nil, nil)
}
