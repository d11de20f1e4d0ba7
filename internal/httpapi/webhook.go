package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
)

// WebhookSecrets makes endpoints' signing secrets and seals them under the
// master key (webhook.Keys).
type WebhookSecrets interface {
	// New returns a fresh secret in its whsec_ form and sealed for one
	// endpoint of an organization.
	New(orgID, webhookID string) (string, *sightline.SealedSecret, error)
}

// WebhookConfig sets up the webhook endpoints.
type WebhookConfig struct {
	// Secrets makes signing secrets; nil (no master key) refuses to create
	// endpoints or rotate their secrets.
	Secrets WebhookSecrets
	// AllowInsecure is --allow-insecure-webhooks: http to loopback hosts
	// and private addresses are accepted (tests only).
	AllowInsecure bool
	// Wake, when set, tells this process's dispatcher that a delivery is
	// due.
	Wake func()
}

func (s *Server) wakeDispatcher() {
	if s.Webhooks.Wake != nil {
		s.Webhooks.Wake()
	}
}

// errNoMasterKey refuses what needs a signing secret when the server has
// no master key to keep it with.
var errNoMasterKey = &sightline.Error{Code: sightline.ECONFLICT,
	Message: "This server has no master key (SIGHTLINE_SECRET_KEY), so it cannot keep webhook signing secrets; ask its operator to set one (docs/webhooks.md).",
	Details: []sightline.FieldError{sightline.NewFieldError("", "no_master_key", "The server has no master key.")}}

// seal returns the SealFunc of a new secret and where its whsec_ form
// lands once the store has called it.
func (s *Server) seal(orgID string, plain *string) sightline.SealFunc {
	return func(id string) (*sightline.SealedSecret, error) {
		p, sealed, err := s.Webhooks.Secrets.New(orgID, id)
		*plain = p
		return sealed, err
	}
}

// orgOf returns the organization of the caller's API key.
func orgOf(r *http.Request) string {
	return sightline.PrincipalFromContext(r.Context()).OrgID
}

// handleWebhookList serves GET /api/v2/webhooks.
func (s *Server) handleWebhookList(w http.ResponseWriter, r *http.Request) error {
	q := newParams(r, s.now())
	page := q.page(sightline.DefaultPageSize)
	if err := q.err(); err != nil {
		return err
	}
	list, total, err := s.Store.FindWebhooks(r.Context(), orgOf(r), page)
	if err != nil {
		return err
	}
	return writeList(w, list, sightline.NewPageMeta(page, total))
}

// handleWebhookCreate serves POST /api/v2/webhooks: the answer carries the
// signing secret, the only time it is shown.
func (s *Server) handleWebhookCreate(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	var body sightline.WebhookInput
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	if err := body.Validate(true, s.Webhooks.AllowInsecure); err != nil {
		return err
	}
	if s.Webhooks.Secrets == nil {
		return errNoMasterKey
	}
	in := sightline.WebhookCreate{OrgID: orgOf(r), URL: *body.URL, EventTypes: *body.EventTypes, Enabled: true}
	if body.Description != nil {
		in.Description = *body.Description
	}
	if body.Enabled != nil {
		in.Enabled = *body.Enabled
	}
	var plain string
	in.Seal = s.seal(in.OrgID, &plain)
	hook, err := s.Store.CreateWebhook(r.Context(), in)
	if err != nil {
		return err
	}
	hook.Secret = plain
	return writeData(w, http.StatusCreated, hook)
}

// webhookFromPath reads {id} and finds the caller's endpoint.
func (s *Server) webhookFromPath(r *http.Request) (*sightline.Webhook, error) {
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return nil, err
	}
	return s.Store.FindWebhook(r.Context(), orgOf(r), id)
}

// handleWebhookGet serves GET /api/v2/webhooks/{id}.
func (s *Server) handleWebhookGet(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	hook, err := s.webhookFromPath(r)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, hook)
}

// handleWebhookUpdate serves PATCH /api/v2/webhooks/{id}.
func (s *Server) handleWebhookUpdate(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	var body sightline.WebhookInput
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	if err := body.Validate(false, s.Webhooks.AllowInsecure); err != nil {
		return err
	}
	hook, err := s.Store.UpdateWebhook(r.Context(), orgOf(r), id, body)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, hook)
}

// handleWebhookDelete serves DELETE /api/v2/webhooks/{id}: the endpoint and
// its deliveries go.
func (s *Server) handleWebhookDelete(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	if err := s.Store.DeleteWebhook(r.Context(), orgOf(r), id); err != nil {
		return err
	}
	return writeEmpty(w)
}

// handleWebhookRotate serves POST /api/v2/webhooks/{id}/rotate_secret: a
// new secret, shown once; the previous one keeps signing for 24 hours.
func (s *Server) handleWebhookRotate(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	org := orgOf(r)
	if s.Webhooks.Secrets == nil {
		if _, err := s.Store.FindWebhook(r.Context(), org, id); err != nil {
			return err // another organization's webhook stays NOT_FOUND
		}
		return errNoMasterKey
	}
	var plain string
	hook, err := s.Store.RotateWebhookSecret(r.Context(), org, id, s.seal(org, &plain), sightline.WebhookSecretOverlap)
	if err != nil {
		return err
	}
	hook.Secret = plain
	return writeData(w, http.StatusOK, hook)
}

// handleWebhookTest serves POST /api/v2/webhooks/{id}/test: a ping is
// queued for the endpoint; its delivery shows the outcome.
func (s *Server) handleWebhookTest(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	d, err := s.Store.PingWebhook(r.Context(), orgOf(r), id)
	if err != nil {
		return err
	}
	s.wakeDispatcher()
	return writeData(w, http.StatusAccepted, d)
}

// handleDeliveryList serves GET /api/v2/webhooks/{id}/deliveries, newest
// first, each with its attempts.
func (s *Server) handleDeliveryList(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.DeliveryFilter{
		Status:      q.enum("filter[status]", sightline.DeliveryStatuses, ""),
		PageRequest: q.page(sightline.DefaultPageSize),
	}
	if err := q.err(); err != nil {
		return err
	}
	list, total, err := s.Store.FindWebhookDeliveries(r.Context(), orgOf(r), id, f)
	if err != nil {
		return err
	}
	return writeList(w, list, sightline.NewPageMeta(f.PageRequest, total))
}

// handleDeliveryRetry serves POST /api/v2/webhooks/{id}/deliveries/
// {delivery_id}/retry: one more attempt, now.
func (s *Server) handleDeliveryRetry(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	id, err := pathID(r, "id", "Webhook")
	if err != nil {
		return err
	}
	did, err := pathID(r, "delivery_id", "Delivery")
	if err != nil {
		return err
	}
	d, err := s.Store.RetryWebhookDelivery(r.Context(), orgOf(r), id, did)
	if err != nil {
		return err
	}
	s.wakeDispatcher()
	return writeData(w, http.StatusAccepted, d)
}
