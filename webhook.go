package sightline

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// EventPing is the event POST /api/v2/webhooks/{id}/test sends; every
// other event type is a signal type (docs/webhooks.md).
const EventPing = "ping"

// WebhookEventTypes are the event types an endpoint can subscribe to.
var WebhookEventTypes = SignalTypes

// Delivery statuses: pending until an attempt succeeds (2xx) or the retry
// schedule is spent.
const (
	DeliveryPending   = "pending"
	DeliverySucceeded = "succeeded"
	DeliveryFailed    = "failed"
)

// DeliveryStatuses lists the statuses of filter[status].
var DeliveryStatuses = []string{DeliveryPending, DeliverySucceeded, DeliveryFailed}

// Delivery rules (docs/webhooks.md).
const (
	// WebhookTimeout bounds one attempt: connecting, sending, and reading
	// the answer.
	WebhookTimeout = 10 * time.Second
	// WebhookLease is how long a claimed delivery stays claimed: longer
	// than an attempt can take, so only a dead worker's claim expires.
	WebhookLease = 30 * time.Second
	// WebhookMaxResponseBytes is how much of an answer is read.
	WebhookMaxResponseBytes = 64 << 10
	// WebhookDisableAfter disables an endpoint whose attempts have all
	// failed for that long.
	WebhookDisableAfter = 5 * 24 * time.Hour
	// WebhookSecretOverlap is how long the previous secret still signs
	// after a rotation.
	WebhookSecretOverlap = 24 * time.Hour
	maxWebhookURLLength  = 2000
	maxWebhookDescLength = 500
	maxDeliveryError     = 500
)

// WebhookRetrySchedule is the wait before each retry of a failed delivery:
// the first attempt is immediate, then one attempt after each delay, about
// 17.5 hours in all; then the delivery fails.
var WebhookRetrySchedule = []time.Duration{
	5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour, 10 * time.Hour,
}

// WebhookAttempts is how many automatic attempts a delivery gets.
var WebhookAttempts = len(WebhookRetrySchedule) + 1

// Webhook is an organization's endpoint: where events are posted and which
// ones. Its signing secret is shown once (Secret, at creation and
// rotation) and stored sealed under the master key.
type Webhook struct {
	ID             string     `json:"id"`
	OrgID          string     `json:"-"`
	URL            string     `json:"url"`
	Description    string     `json:"description"`
	EventTypes     []string   `json:"event_types"`
	Enabled        bool       `json:"enabled"`
	DisabledReason *string    `json:"disabled_reason"`
	DisabledAt     *time.Time `json:"disabled_at"`
	FailingSince   *time.Time `json:"failing_since"`
	// PreviousSecretExpiresAt is when the secret replaced by the last
	// rotation stops signing; nil when none signs any more
	// (PreviousSecretSigns).
	PreviousSecretExpiresAt *time.Time `json:"previous_secret_expires_at"`
	CreatedAt               time.Time  `json:"created_at"`
	UpdatedAt               time.Time  `json:"updated_at"`
	// Secret is the signing secret (whsec_…), set only in the answer of
	// a creation or rotation.
	Secret string `json:"secret,omitempty"`
}

// SealedSecret is a signing secret sealed under the master key.
type SealedSecret struct {
	Sealed []byte
	KeyID  string
}

// SealFunc seals a new signing secret for the webhook with the given id.
type SealFunc func(webhookID string) (*SealedSecret, error)

// WebhookInput is the body of POST and PATCH /api/v2/webhooks; absent
// fields keep their value (PATCH) or take the default (POST: enabled,
// no description).
type WebhookInput struct {
	URL         *string   `json:"url"`
	EventTypes  *[]string `json:"event_types"`
	Description *string   `json:"description"`
	Enabled     *bool     `json:"enabled"`
}

// Validate checks the input and normalizes the URL and event types in
// place; create requires url and event_types. allowInsecure is the
// server's --allow-insecure-webhooks.
func (in *WebhookInput) Validate(create, allowInsecure bool) error {
	var v ValidationErrors
	if in.URL == nil && in.EventTypes == nil && in.Description == nil && in.Enabled == nil && !create {
		v.Add("", "empty", "Give at least one of url, event_types, description, enabled.")
		return v.Err()
	}
	if in.URL == nil && create {
		v.Add("url", "required", "url is required.")
	} else if in.URL != nil {
		u, err := ValidateWebhookURL(*in.URL, allowInsecure)
		if err != nil {
			v.Add("url", "invalid", "%s", err.Error())
		} else {
			in.URL = &u
		}
	}
	if in.EventTypes == nil && create {
		v.Add("event_types", "required", "event_types is required: list the events to receive (%s).", strings.Join(WebhookEventTypes, ", "))
	} else if in.EventTypes != nil {
		types := []string{}
		for i, t := range *in.EventTypes {
			if !slices.Contains(WebhookEventTypes, t) {
				v.Add(indexField("event_types", i), "invalid", "%q is not an event type; use %s.", t, strings.Join(WebhookEventTypes, ", "))
			} else if !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
		if len(*in.EventTypes) == 0 {
			v.Add("event_types", "empty", "event_types must list at least one event type.")
		}
		slices.Sort(types)
		in.EventTypes = &types
	}
	if in.Description != nil {
		d := *in.Description
		if cleanName(&v, "description", &d) && utf8.RuneCountInString(d) > maxWebhookDescLength {
			v.Add("description", "too_long", "description must be at most %d characters.", maxWebhookDescLength)
		}
		in.Description = &d
	}
	return v.Err()
}

// webhookURLError is why a URL cannot be an endpoint.
type webhookURLError string

func (e webhookURLError) Error() string { return string(e) }

// ValidateWebhookURL checks an endpoint URL and returns it normalized: an
// absolute https URL without credentials or fragment, whose host is not a
// private, loopback, link-local or otherwise non-public address. With
// allowInsecure (tests), http is allowed for loopback hosts and any address
// is. Host names are checked again after DNS resolution, when delivering.
func ValidateWebhookURL(raw string, allowInsecure bool) (string, error) {
	raw = strings.TrimSpace(raw)
	if len(raw) > maxWebhookURLLength {
		return "", webhookURLError("url must be at most 2000 characters.")
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return "", webhookURLError("url must be an absolute URL such as https://hooks.example.com/sightline.")
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.User != nil {
		return "", webhookURLError("url must not carry credentials; authenticate deliveries with the signing secret.")
	}
	if u.Fragment != "" {
		return "", webhookURLError("url must not have a fragment.")
	}
	host := strings.ToLower(u.Hostname())
	loopback := host == "localhost" || strings.HasSuffix(host, ".localhost")
	addr, perr := netip.ParseAddr(strings.Trim(host, "[]"))
	isIP := perr == nil
	if isIP {
		loopback = addr.Unmap().IsLoopback()
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && allowInsecure && loopback:
	case u.Scheme == "http" && allowInsecure:
		return "", webhookURLError("url must use https (http is allowed for loopback hosts only, under --allow-insecure-webhooks).")
	default:
		return "", webhookURLError("url must use https.")
	}
	if !allowInsecure {
		if loopback {
			return "", webhookURLError("url must not point at this machine (loopback).")
		}
		if isIP && !IsPublicAddr(addr) {
			return "", webhookURLError("url must not point at a private, loopback, link-local or reserved address.")
		}
	}
	if p := u.Port(); p != "" {
		if _, err := net.LookupPort("tcp", p); err != nil {
			return "", webhookURLError("url has an invalid port.")
		}
	}
	u.Host = strings.ToLower(u.Host)
	return u.String(), nil
}

// nonPublic lists the ranges IsPublicAddr refuses beyond what netip
// classifies: shared address space (carrier-grade NAT), IETF protocol
// assignments, benchmarking, documentation, reserved and NAT64 ranges.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("2001:db8::/32"),
	netip.MustParsePrefix("100::/64"),
}

// IsPublicAddr reports whether a webhook may be delivered to addr: not
// loopback, private, link-local, unspecified, multicast or one of the
// reserved ranges (IPv4-mapped IPv6 addresses are judged as IPv4).
func IsPublicAddr(addr netip.Addr) bool {
	a := addr.Unmap()
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// WebhookCreate is a new endpoint; Seal seals its fresh signing secret
// once the store has picked its id.
type WebhookCreate struct {
	OrgID       string
	URL         string
	Description string
	EventTypes  []string
	Enabled     bool
	Seal        SealFunc
}

// DeliveryAttempt is one try at posting an event to an endpoint.
type DeliveryAttempt struct {
	Attempt    int       `json:"attempt"`
	StartedAt  time.Time `json:"started_at"`
	StatusCode *int      `json:"status_code"`
	LatencyMS  int64     `json:"latency_ms"`
	Error      *string   `json:"error"`
}

// WebhookDelivery is one event on its way to one endpoint, with every
// attempt made.
type WebhookDelivery struct {
	ID             string            `json:"id"`
	WebhookID      string            `json:"webhook_id"`
	EventID        string            `json:"event_id"`
	EventType      string            `json:"event_type"`
	Status         string            `json:"status"`
	AttemptCount   int               `json:"attempt_count"`
	NextAttemptAt  *time.Time        `json:"next_attempt_at"`
	LastStatusCode *int              `json:"last_status_code"`
	LastError      *string           `json:"last_error"`
	CreatedAt      time.Time         `json:"created_at"`
	UpdatedAt      time.Time         `json:"updated_at"`
	DeliveredAt    *time.Time        `json:"delivered_at"`
	Attempts       []DeliveryAttempt `json:"attempts"`
}

// DeliveryFilter narrows an endpoint's delivery list (newest first).
type DeliveryFilter struct {
	Status string // "" for all
	PageRequest
}

// WebhookService manages an organization's endpoints and shows their
// deliveries. Every method is scoped by organization: another
// organization's webhook or delivery is NOT_FOUND.
type WebhookService interface {
	// CreateWebhook stores an endpoint. CONFLICT when the organization has
	// one with the same URL.
	CreateWebhook(ctx context.Context, in WebhookCreate) (*Webhook, error)
	// FindWebhooks lists the organization's endpoints, oldest first.
	FindWebhooks(ctx context.Context, orgID string, p PageRequest) ([]*Webhook, int, error)
	// FindWebhook returns one endpoint.
	FindWebhook(ctx context.Context, orgID, id string) (*Webhook, error)
	// UpdateWebhook applies a validated input. Enabling an endpoint clears
	// its disabled reason; disabling it fails its pending deliveries.
	// CONFLICT on a URL taken by another endpoint.
	UpdateWebhook(ctx context.Context, orgID, id string, in WebhookInput) (*Webhook, error)
	// DeleteWebhook removes an endpoint and its deliveries.
	DeleteWebhook(ctx context.Context, orgID, id string) error
	// RotateWebhookSecret replaces the signing secret; the previous one
	// keeps signing for overlap.
	RotateWebhookSecret(ctx context.Context, orgID, id string, seal SealFunc, overlap time.Duration) (*Webhook, error)
	// FindWebhookDeliveries lists an endpoint's deliveries, newest first.
	FindWebhookDeliveries(ctx context.Context, orgID, webhookID string, f DeliveryFilter) ([]*WebhookDelivery, int, error)
	// RetryWebhookDelivery schedules one more attempt now of a delivery
	// that succeeded or failed. CONFLICT while it is pending or the
	// endpoint is disabled.
	RetryWebhookDelivery(ctx context.Context, orgID, webhookID, deliveryID string) (*WebhookDelivery, error)
	// PingWebhook queues a ping event for one endpoint. CONFLICT when the
	// endpoint is disabled.
	PingWebhook(ctx context.Context, orgID, webhookID string) (*WebhookDelivery, error)
}

// DeliveryWork is a claimed delivery: what to post where, signed with
// which secrets. Token holds the claim.
type DeliveryWork struct {
	ID           string
	Token        string
	OrgID        string
	WebhookID    string
	URL          string
	EventID      string
	EventType    string
	Payload      []byte
	AttemptCount int // attempts made before this one
	AttemptLimit int
	Secret       SealedSecret
	// Previous is the secret replaced by the last rotation while it still
	// signs; nil otherwise.
	Previous *SealedSecret
}

// DeliveryResult is the outcome of one attempt and what follows it.
type DeliveryResult struct {
	StartedAt  time.Time
	LatencyMS  int64
	StatusCode *int
	Error      *string
	Succeeded  bool
	// NextAttemptAt schedules a retry of a failed attempt; nil fails the
	// delivery for good.
	NextAttemptAt *time.Time
	// Disable, when set, disables the endpoint with this reason (it
	// answered 410 Gone).
	Disable *string
}

// DeliveryOutcome is what an attempt makes of its delivery.
type DeliveryOutcome struct {
	Status        string     // DeliveryPending, DeliverySucceeded or DeliveryFailed
	NextAttemptAt *time.Time // when the next attempt is due; pending only
	DeliveredAt   *time.Time // when the successful attempt started; succeeded only
}

// Outcome decides the delivery's status after the attempt r reports: it
// succeeded on a success; it stays pending when a retry is scheduled and
// the endpoint is not being disabled; otherwise it failed for good.
func (r DeliveryResult) Outcome() DeliveryOutcome {
	switch {
	case r.Succeeded:
		at := r.StartedAt
		return DeliveryOutcome{Status: DeliverySucceeded, DeliveredAt: &at}
	case r.NextAttemptAt != nil && r.Disable == nil:
		next := *r.NextAttemptAt
		return DeliveryOutcome{Status: DeliveryPending, NextAttemptAt: &next}
	}
	return DeliveryOutcome{Status: DeliveryFailed}
}

// EndpointHealth is the part of an endpoint that its attempts change.
type EndpointHealth struct {
	Enabled bool
	// FailingSince is when the endpoint's current run of failed attempts
	// started; nil after a success.
	FailingSince *time.Time
}

// AfterAttempt applies the disable rule
// (docs/webhooks.md#delivery-retries-and-failing-endpoints) to an attempt's
// result: a success forgets the failures; a failure starts a run of failures
// unless one is running; an enabled endpoint is disabled when it asked for it
// (410 Gone: r.Disable) or when every attempt has failed for
// WebhookDisableAfter. disable is the reason when the attempt disables the
// endpoint (next.Enabled is then false), nil otherwise.
func (h EndpointHealth) AfterAttempt(r DeliveryResult) (next EndpointHealth, disable *string) {
	if r.Succeeded {
		return EndpointHealth{Enabled: h.Enabled}, nil
	}
	next = h
	if next.FailingSince == nil {
		since := r.StartedAt
		next.FailingSince = &since
	}
	reason := r.Disable
	if reason == nil && r.StartedAt.Sub(*next.FailingSince) >= WebhookDisableAfter {
		last := "no answer"
		if r.StatusCode != nil {
			last = fmt.Sprintf("HTTP %d", *r.StatusCode)
		} else if r.Error != nil {
			last = *r.Error
		}
		msg := fmt.Sprintf("Every delivery attempt since %s failed (last: %s), so the endpoint was disabled after %d days. Fix it, then enable it again with PATCH {\"enabled\": true}.",
			next.FailingSince.Format(time.RFC3339), last, int(WebhookDisableAfter.Hours()/24))
		reason = &msg
	}
	if reason == nil || !h.Enabled {
		return next, nil
	}
	next.Enabled = false
	return next, reason
}

// DisabledDeliveryError is the last error of a pending delivery failed
// because its endpoint was disabled, with the reason when there is one.
func DisabledDeliveryError(reason string) string {
	if reason == "" {
		return "The endpoint was disabled."
	}
	return "The endpoint was disabled: " + reason
}

// Apply applies a validated PATCH to w at now: a new URL forgets the
// failures of the old one; enabling clears the disabled reason and the
// failures; disabling records why and when. disabled reports that w was
// enabled and is not any more: its pending deliveries then fail.
func (w *Webhook) Apply(in WebhookInput, now time.Time) (disabled bool) {
	if in.URL != nil && *in.URL != w.URL {
		w.URL, w.FailingSince = *in.URL, nil
	}
	if in.EventTypes != nil {
		w.EventTypes = *in.EventTypes
	}
	if in.Description != nil {
		w.Description = *in.Description
	}
	if in.Enabled == nil || *in.Enabled == w.Enabled {
		return false
	}
	w.Enabled = *in.Enabled
	if w.Enabled {
		w.DisabledReason, w.DisabledAt, w.FailingSince = nil, nil, nil
		return false
	}
	reason := "Disabled through the API."
	w.DisabledReason, w.DisabledAt = &reason, &now
	return true
}

// CheckRetry tells whether delivery d of w may be attempted once more now:
// CONFLICT while it is pending (its next attempt is scheduled) or while w
// is disabled.
func (w *Webhook) CheckRetry(d *WebhookDelivery) error {
	if d.Status == DeliveryPending {
		return Errorf(ECONFLICT, "The delivery is pending: its next attempt is scheduled already.")
	}
	return w.CheckEnabled()
}

// Subscribed reports whether an endpoint subscribed to eventTypes receives
// an event of type typ: a ping reaches an endpoint whatever it subscribes
// to, any other event only the endpoints that list its type
// (docs/webhooks.md#event-catalogue).
func Subscribed(eventTypes []string, typ string) bool {
	return typ == EventPing || slices.Contains(eventTypes, typ)
}

// PreviousSecretSigns reports whether the secret replaced by the last
// rotation, signing until expiresAt (nil: none), still signs at now: it
// does strictly before its expiry, and is neither used nor shown after
// (docs/webhooks.md#secrets-and-rotation).
func PreviousSecretSigns(expiresAt *time.Time, now time.Time) bool {
	return expiresAt != nil && expiresAt.After(now)
}

// RetryLimit is the attempt limit of delivery d after a manual retry: one
// attempt more than it has made, whatever the automatic schedule left
// (docs/webhooks.md#delivery-retries-and-failing-endpoints).
func (d *WebhookDelivery) RetryLimit() int {
	return d.AttemptCount + 1
}

// CheckEnabled is CONFLICT when w is disabled: nothing is sent to it.
func (w *Webhook) CheckEnabled() error {
	if !w.Enabled {
		return Errorf(ECONFLICT, "The webhook is disabled; enable it first (PATCH {\"enabled\": true}).")
	}
	return nil
}

// NewDeliveryError cuts an attempt's error message to a storable size.
func NewDeliveryError(msg string) *string {
	if len(msg) > maxDeliveryError {
		cut := maxDeliveryError
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	return &msg
}

// DeliveryService is the claim protocol of webhook delivery workers.
type DeliveryService interface {
	// ClaimWebhookDelivery claims the delivery due soonest: pending, due,
	// of an enabled endpoint, and not claimed by a live worker. ErrNoJob
	// when there is none.
	ClaimWebhookDelivery(ctx context.Context, c JobClaim) (*DeliveryWork, error)
	// RecordWebhookAttempt stores an attempt's outcome, updates the
	// endpoint's health (disabling it after WebhookDisableAfter of
	// failures) and releases the claim. ErrJobLost when the claim is gone.
	RecordWebhookAttempt(ctx context.Context, w *DeliveryWork, r DeliveryResult) error
}

// WebhookPayload is the JSON body of every delivery (Standard Webhooks):
// the event type, when it happened, and its data.
type WebhookPayload struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      any       `json:"data"`
}

// EncodeWebhookPayload returns the body posted for an event; it is stored
// once, so that every attempt signs and sends the same bytes.
func EncodeWebhookPayload(typ string, at time.Time, data any) ([]byte, error) {
	return json.Marshal(WebhookPayload{Type: typ, Timestamp: at.UTC(), Data: data})
}

// PingData is the data of a ping event.
type PingData struct {
	WebhookID string `json:"webhook_id"`
	Message   string `json:"message"`
}
