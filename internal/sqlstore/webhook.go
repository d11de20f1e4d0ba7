package sqlstore

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var (
	_ sightline.WebhookService  = (*DB)(nil)
	_ sightline.DeliveryService = (*DB)(nil)
)

// Webhook deliveries are rows claimed with a lease, like jobs
// (docs/webhooks.md): a claim picks the due pending delivery of an enabled
// endpoint that no live worker holds (FOR UPDATE SKIP LOCKED on
// PostgreSQL), stamps a claim token and a lease longer than an attempt can
// take, and the attempt's outcome is recorded only while that token holds.
// So one attempt at most is in flight per event and endpoint, whatever
// the number of replicas.

const webhookColumns = `w.id, w.url, w.description, w.event_types, w.enabled, w.disabled_reason, w.disabled_at, w.failing_since,
	w.previous_expires_at, w.created_at, w.updated_at FROM webhooks w`

// scanWebhook reads a webhook; a previous secret that no longer signs at
// now (sightline.PreviousSecretSigns) is not shown.
func scanWebhook(now time.Time) func(scan func(...any) error) (*sightline.Webhook, error) {
	return func(scan func(...any) error) (*sightline.Webhook, error) {
		w := &sightline.Webhook{}
		var types string
		var disabledAt, failing, prevExp, created, updated Time
		if err := scan(&w.ID, &w.URL, &w.Description, &types, &w.Enabled, &w.DisabledReason, &disabledAt, &failing, &prevExp, &created, &updated); err != nil {
			return nil, err
		}
		w.ID = strings.ToLower(w.ID)
		w.EventTypes = decodeStrings(types)
		w.DisabledAt, w.FailingSince, w.CreatedAt, w.UpdatedAt = disabledAt.Ptr(), failing.Ptr(), created.Time, updated.Time
		if sightline.PreviousSecretSigns(prevExp.Ptr(), now) {
			w.PreviousSecretExpiresAt = prevExp.Ptr()
		}
		return w, nil
	}
}

// findWebhook returns an organization's webhook, locked for update on
// PostgreSQL when lock is set.
func findWebhook(ctx context.Context, tx *Tx, orgID, id string, lock bool) (*sightline.Webhook, error) {
	if !sightline.IsUUID(orgID) || !sightline.IsUUID(id) {
		return nil, notFound("Webhook")
	}
	q := `SELECT ` + webhookColumns + ` WHERE w.org_id = ? AND w.id = ?`
	if lock {
		q += tx.d.ForUpdate()
	}
	list, err := scanAll(ctx, tx, "webhook", q, []any{orgID, strings.ToLower(id)}, scanWebhook(tx.now))
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, notFound("Webhook")
	}
	list[0].OrgID = orgID
	return list[0], nil
}

// urlTaken reports whether another of the organization's webhooks has url.
func urlTaken(ctx context.Context, tx *Tx, orgID, url, exceptID string) error {
	var n int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM webhooks WHERE org_id = ? AND url = ? AND id <> ?`, orgID, url, exceptID).Scan(&n); err != nil {
		return fmt.Errorf("check webhook url: %w", err)
	}
	if n > 0 {
		return sightline.FieldErr(sightline.ECONFLICT, "url", "exists", "The organization already has a webhook for this url.")
	}
	return nil
}

func encodeSealed(s []byte) string { return base64.StdEncoding.EncodeToString(s) }

// CreateWebhook stores an endpoint with its sealed secret.
func (db *DB) CreateWebhook(ctx context.Context, in sightline.WebhookCreate) (*sightline.Webhook, error) {
	if !sightline.IsUUID(in.OrgID) {
		return nil, notFound("Organization")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkOrg(ctx, tx, in.OrgID); err != nil {
		return nil, err
	}
	if err := urlTaken(ctx, tx, in.OrgID, in.URL, sightline.NilUUID); err != nil {
		return nil, err
	}
	id := newID()
	sealed, err := in.Seal(id)
	if err != nil {
		return nil, err
	}
	types := in.EventTypes
	if types == nil {
		types = []string{}
	}
	_, err = tx.exec(ctx, `INSERT INTO webhooks (id, org_id, url, description, event_types, enabled, secret_sealed, secret_key_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, in.OrgID, in.URL, in.Description, encodeStrings(types), in.Enabled,
		encodeSealed(sealed.Sealed), sealed.KeyID, ts(tx.now), ts(tx.now))
	if errors.Is(err, errUnique) {
		return nil, sightline.FieldErr(sightline.ECONFLICT, "url", "exists", "The organization already has a webhook for this url.")
	} else if err != nil {
		return nil, fmt.Errorf("create webhook: %w", err)
	}
	w, err := findWebhook(ctx, tx, in.OrgID, id, false)
	if err != nil {
		return nil, err
	}
	return w, tx.Commit()
}

// FindWebhooks lists an organization's endpoints, oldest first.
func (db *DB) FindWebhooks(ctx context.Context, orgID string, p sightline.PageRequest) ([]*sightline.Webhook, int, error) {
	if !sightline.IsUUID(orgID) {
		return nil, 0, notFound("Organization")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	var total int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM webhooks WHERE org_id = ?`, orgID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count webhooks: %w", mapError(err))
	}
	list, err := scanAll(ctx, tx, "webhooks", `SELECT `+webhookColumns+` WHERE w.org_id = ? ORDER BY w.created_at, w.id LIMIT ? OFFSET ?`,
		[]any{orgID, p.PageSize, p.Offset()}, scanWebhook(tx.now))
	if err != nil {
		return nil, 0, err
	}
	for _, w := range list {
		w.OrgID = orgID
	}
	return list, total, nil
}

// FindWebhook returns one endpoint.
func (db *DB) FindWebhook(ctx context.Context, orgID, id string) (*sightline.Webhook, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findWebhook(ctx, tx, orgID, id, false)
}

// failPending fails a disabled endpoint's pending deliveries.
func failPending(ctx context.Context, tx *Tx, webhookID, reason string) error {
	if _, err := tx.exec(ctx, `UPDATE webhook_deliveries SET status = ?, next_attempt_at = NULL, claimed_by = NULL, lease_expires_at = NULL,
		last_error = ?, updated_at = ? WHERE webhook_id = ? AND status = ?`,
		sightline.DeliveryFailed, reason, ts(tx.now), webhookID, sightline.DeliveryPending); err != nil {
		return fmt.Errorf("fail pending deliveries: %w", err)
	}
	return nil
}

// UpdateWebhook applies a validated input.
func (db *DB) UpdateWebhook(ctx context.Context, orgID, id string, in sightline.WebhookInput) (*sightline.Webhook, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	w, err := findWebhook(ctx, tx, orgID, id, true)
	if err != nil {
		return nil, err
	}
	if in.URL != nil && *in.URL != w.URL {
		if err := urlTaken(ctx, tx, orgID, *in.URL, w.ID); err != nil {
			return nil, err
		}
	}
	if w.Apply(in, tx.now) {
		if err := failPending(ctx, tx, w.ID, sightline.DisabledDeliveryError("")); err != nil {
			return nil, err
		}
	}
	_, err = tx.exec(ctx, `UPDATE webhooks SET url = ?, event_types = ?, description = ?, enabled = ?, disabled_reason = ?, disabled_at = ?,
		failing_since = ?, updated_at = ? WHERE id = ?`, w.URL, encodeStrings(w.EventTypes), w.Description, w.Enabled, w.DisabledReason,
		nullTS(w.DisabledAt), nullTS(w.FailingSince), ts(tx.now), w.ID)
	if errors.Is(err, errUnique) {
		return nil, sightline.FieldErr(sightline.ECONFLICT, "url", "exists", "The organization already has a webhook for this url.")
	} else if err != nil {
		return nil, fmt.Errorf("update webhook: %w", err)
	}
	if w, err = findWebhook(ctx, tx, orgID, w.ID, false); err != nil {
		return nil, err
	}
	return w, tx.Commit()
}

// DeleteWebhook removes an endpoint and, by cascade, its deliveries.
func (db *DB) DeleteWebhook(ctx context.Context, orgID, id string) error {
	if !sightline.IsUUID(orgID) || !sightline.IsUUID(id) {
		return notFound("Webhook")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `DELETE FROM webhooks WHERE org_id = ? AND id = ?`, orgID, strings.ToLower(id))
	if err != nil {
		return fmt.Errorf("delete webhook: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("Webhook")
	}
	return tx.Commit()
}

// RotateWebhookSecret seals a new secret; the current one becomes the
// previous, signing until now + overlap.
func (db *DB) RotateWebhookSecret(ctx context.Context, orgID, id string, seal sightline.SealFunc, overlap time.Duration) (*sightline.Webhook, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	w, err := findWebhook(ctx, tx, orgID, id, true)
	if err != nil {
		return nil, err
	}
	sealed, err := seal(w.ID)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, `UPDATE webhooks SET previous_sealed = secret_sealed, previous_key_id = secret_key_id, previous_expires_at = ?,
		secret_sealed = ?, secret_key_id = ?, updated_at = ? WHERE id = ?`,
		ts(tx.now.Add(overlap)), encodeSealed(sealed.Sealed), sealed.KeyID, ts(tx.now), w.ID); err != nil {
		return nil, fmt.Errorf("rotate webhook secret: %w", err)
	}
	if w, err = findWebhook(ctx, tx, orgID, w.ID, false); err != nil {
		return nil, err
	}
	return w, tx.Commit()
}

// queueEvent stores an event and a pending delivery, due now, to each
// enabled endpoint of the organization that sightline.Subscribed says
// receives it (or to onlyWebhook alone, for a ping). It stores nothing when no endpoint
// wants the event, and returns the deliveries' ids.
func queueEvent(ctx context.Context, tx *Tx, orgID, brandID, typ string, payload []byte, onlyWebhook string) ([]string, error) {
	q, args := `SELECT id, event_types FROM webhooks WHERE org_id = ? AND enabled = ?`, []any{orgID, true}
	if onlyWebhook != "" {
		q, args = q+` AND id = ?`, append(args, onlyWebhook)
	}
	var targets []string
	err := eachRow(ctx, tx, q+` ORDER BY id`, args, func(scan func(...any) error) error {
		var id, types string
		if err := scan(&id, &types); err != nil {
			return err
		}
		if sightline.Subscribed(decodeStrings(types), typ) {
			targets = append(targets, id)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find webhooks: %w", err)
	}
	if len(targets) == 0 {
		return nil, nil
	}
	eventID := newID()
	if _, err := tx.exec(ctx, `INSERT INTO webhook_events (id, org_id, brand_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		eventID, orgID, nullString(brandID), typ, string(payload), ts(tx.now)); err != nil {
		return nil, fmt.Errorf("store event: %w", err)
	}
	ids := make([]string, len(targets))
	for i, w := range targets {
		ids[i] = newID()
		if _, err := tx.exec(ctx, `INSERT INTO webhook_deliveries (id, org_id, webhook_id, event_id, status, attempt_count, attempt_limit,
			next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
			ids[i], orgID, w, eventID, sightline.DeliveryPending, sightline.WebhookAttempts, ts(tx.now), ts(tx.now), ts(tx.now)); err != nil {
			return nil, fmt.Errorf("queue delivery: %w", err)
		}
	}
	return ids, nil
}

const deliveryColumns = `d.id, d.webhook_id, d.event_id, e.type, d.status, d.attempt_count, d.next_attempt_at, d.last_status_code, d.last_error,
	d.created_at, d.updated_at, d.delivered_at FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id`

func scanDelivery(scan func(...any) error) (*sightline.WebhookDelivery, error) {
	d := &sightline.WebhookDelivery{Attempts: []sightline.DeliveryAttempt{}}
	var next, created, updated, delivered Time
	if err := scan(&d.ID, &d.WebhookID, &d.EventID, &d.EventType, &d.Status, &d.AttemptCount, &next, &d.LastStatusCode, &d.LastError,
		&created, &updated, &delivered); err != nil {
		return nil, err
	}
	d.ID, d.WebhookID, d.EventID = strings.ToLower(d.ID), strings.ToLower(d.WebhookID), strings.ToLower(d.EventID)
	d.NextAttemptAt, d.CreatedAt, d.UpdatedAt, d.DeliveredAt = next.Ptr(), created.Time, updated.Time, delivered.Ptr()
	return d, nil
}

// withAttempts reads the attempts of deliveries, in order.
func withAttempts(ctx context.Context, tx *Tx, ds []*sightline.WebhookDelivery) error {
	if len(ds) == 0 {
		return nil
	}
	byID := map[string]*sightline.WebhookDelivery{}
	ids := make([]string, len(ds))
	for i, d := range ds {
		byID[d.ID], ids[i] = d, d.ID
	}
	err := eachRow(ctx, tx, `SELECT delivery_id, attempt, started_at, latency_ms, status_code, error FROM webhook_attempts
		WHERE delivery_id IN (`+analyticsql.Placeholders(len(ids))+`) ORDER BY delivery_id, attempt`, anys(ids), func(scan func(...any) error) error {
		var id string
		var a sightline.DeliveryAttempt
		var started Time
		if err := scan(&id, &a.Attempt, &started, &a.LatencyMS, &a.StatusCode, &a.Error); err != nil {
			return err
		}
		a.StartedAt = started.Time
		if d := byID[strings.ToLower(id)]; d != nil {
			d.Attempts = append(d.Attempts, a)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("find delivery attempts: %w", err)
	}
	return nil
}

// FindWebhookDeliveries lists an endpoint's deliveries, newest first.
func (db *DB) FindWebhookDeliveries(ctx context.Context, orgID, webhookID string, f sightline.DeliveryFilter) ([]*sightline.WebhookDelivery, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	w, err := findWebhook(ctx, tx, orgID, webhookID, false)
	if err != nil {
		return nil, 0, err
	}
	where, args := ` WHERE d.webhook_id = ?`, []any{w.ID}
	if f.Status != "" {
		where, args = where+` AND d.status = ?`, append(args, f.Status)
	}
	var total int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM webhook_deliveries d`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count deliveries: %w", mapError(err))
	}
	list, err := scanAll(ctx, tx, "deliveries", `SELECT `+deliveryColumns+where+` ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?`,
		append(args, f.PageSize, f.Offset()), scanDelivery)
	if err != nil {
		return nil, 0, err
	}
	if err := withAttempts(ctx, tx, list); err != nil {
		return nil, 0, err
	}
	return list, total, nil
}

// findDelivery returns one delivery of a webhook, with its attempts.
func findDelivery(ctx context.Context, tx *Tx, webhookID, id string) (*sightline.WebhookDelivery, error) {
	if !sightline.IsUUID(id) {
		return nil, notFound("Delivery")
	}
	list, err := scanAll(ctx, tx, "delivery", `SELECT `+deliveryColumns+` WHERE d.webhook_id = ? AND d.id = ?`,
		[]any{webhookID, strings.ToLower(id)}, scanDelivery)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, notFound("Delivery")
	}
	return list[0], withAttempts(ctx, tx, list)
}

// RetryWebhookDelivery schedules one more attempt, now.
func (db *DB) RetryWebhookDelivery(ctx context.Context, orgID, webhookID, deliveryID string) (*sightline.WebhookDelivery, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	w, err := findWebhook(ctx, tx, orgID, webhookID, true)
	if err != nil {
		return nil, err
	}
	d, err := findDelivery(ctx, tx, w.ID, deliveryID)
	if err != nil {
		return nil, err
	}
	if err := w.CheckRetry(d); err != nil {
		return nil, err
	}
	// The endpoint's row is locked and the delivery is not pending, so no
	// attempt changes its count meanwhile.
	if _, err := tx.exec(ctx, `UPDATE webhook_deliveries SET status = ?, attempt_limit = ?, next_attempt_at = ?,
		claimed_by = NULL, lease_expires_at = NULL, updated_at = ? WHERE id = ?`,
		sightline.DeliveryPending, d.RetryLimit(), ts(tx.now), ts(tx.now), d.ID); err != nil {
		return nil, fmt.Errorf("retry delivery: %w", err)
	}
	if d, err = findDelivery(ctx, tx, w.ID, d.ID); err != nil {
		return nil, err
	}
	return d, tx.Commit()
}

// PingWebhook queues a ping to one endpoint.
func (db *DB) PingWebhook(ctx context.Context, orgID, webhookID string) (*sightline.WebhookDelivery, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	w, err := findWebhook(ctx, tx, orgID, webhookID, false)
	if err != nil {
		return nil, err
	}
	if err := w.CheckEnabled(); err != nil {
		return nil, err
	}
	payload, err := sightline.EncodeWebhookPayload(sightline.EventPing, tx.now,
		sightline.PingData{WebhookID: w.ID, Message: "Sightline test event: this endpoint receives signed webhooks."})
	if err != nil {
		return nil, fmt.Errorf("encode ping: %w", err)
	}
	ids, err := queueEvent(ctx, tx, orgID, "", sightline.EventPing, payload, w.ID)
	if err != nil {
		return nil, err
	}
	if len(ids) != 1 {
		return nil, fmt.Errorf("queue ping: %d deliveries", len(ids))
	}
	d, err := findDelivery(ctx, tx, w.ID, ids[0])
	if err != nil {
		return nil, err
	}
	return d, tx.Commit()
}

// ClaimWebhookDelivery claims the due delivery that has waited longest.
func (db *DB) ClaimWebhookDelivery(ctx context.Context, c sightline.JobClaim) (*sightline.DeliveryWork, error) {
	c.Lease = c.LeaseOr(sightline.WebhookLease)
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	ids, err := scanAll(ctx, tx, "due delivery", `SELECT d.id FROM webhook_deliveries d
		WHERE d.status = ? AND d.next_attempt_at <= ? AND (d.lease_expires_at IS NULL OR d.lease_expires_at < ?)
		AND EXISTS (SELECT 1 FROM webhooks w WHERE w.id = d.webhook_id AND w.enabled = ?)
		ORDER BY d.next_attempt_at, d.id LIMIT 1`+tx.d.SkipLocked(),
		[]any{sightline.DeliveryPending, ts(tx.now), ts(tx.now), true}, func(scan func(...any) error) (string, error) {
			var id string
			return id, scan(&id)
		})
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, sightline.ErrNoJob
	}
	work := &sightline.DeliveryWork{ID: strings.ToLower(ids[0]), Token: c.WorkerID + "/" + newID()}
	if _, err := tx.exec(ctx, `UPDATE webhook_deliveries SET claimed_by = ?, lease_expires_at = ? WHERE id = ?`,
		work.Token, ts(tx.now.Add(c.Lease)), work.ID); err != nil {
		return nil, fmt.Errorf("claim delivery: %w", err)
	}
	var payload, sealed string
	var prevSealed, prevKey *string
	var prevExp Time
	if err := tx.queryRow(ctx, `SELECT d.org_id, d.webhook_id, w.url, d.event_id, e.type, e.payload, d.attempt_count, d.attempt_limit,
		w.secret_sealed, w.secret_key_id, w.previous_sealed, w.previous_key_id, w.previous_expires_at
		FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ?`, work.ID).
		Scan(&work.OrgID, &work.WebhookID, &work.URL, &work.EventID, &work.EventType, &payload, &work.AttemptCount, &work.AttemptLimit,
			&sealed, &work.Secret.KeyID, &prevSealed, &prevKey, &prevExp); err != nil {
		return nil, fmt.Errorf("read claimed delivery: %w", err)
	}
	work.OrgID, work.WebhookID, work.EventID = strings.ToLower(work.OrgID), strings.ToLower(work.WebhookID), strings.ToLower(work.EventID)
	work.Payload = []byte(payload)
	if work.Secret.Sealed, err = base64.StdEncoding.DecodeString(sealed); err != nil {
		return nil, fmt.Errorf("decode sealed secret: %w", err)
	}
	if prevSealed != nil && prevKey != nil && sightline.PreviousSecretSigns(prevExp.Ptr(), tx.now) {
		b, err := base64.StdEncoding.DecodeString(*prevSealed)
		if err != nil {
			return nil, fmt.Errorf("decode sealed secret: %w", err)
		}
		work.Previous = &sightline.SealedSecret{Sealed: b, KeyID: *prevKey}
	}
	return work, tx.Commit()
}

// RecordWebhookAttempt stores an attempt's outcome under the claim.
func (db *DB) RecordWebhookAttempt(ctx context.Context, w *sightline.DeliveryWork, r sightline.DeliveryResult) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var attempts int
	err = tx.queryRow(ctx, `SELECT attempt_count FROM webhook_deliveries WHERE id = ? AND claimed_by = ? AND status = ?`+tx.d.ForUpdate(),
		w.ID, w.Token, sightline.DeliveryPending).Scan(&attempts)
	if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
		return sightline.ErrJobLost
	} else if err != nil {
		return fmt.Errorf("hold delivery: %w", err)
	}
	attempt := attempts + 1
	if _, err := tx.exec(ctx, `INSERT INTO webhook_attempts (delivery_id, attempt, started_at, latency_ms, status_code, error) VALUES (?, ?, ?, ?, ?, ?)`,
		w.ID, attempt, ts(r.StartedAt), r.LatencyMS, r.StatusCode, r.Error); err != nil {
		return fmt.Errorf("record attempt: %w", err)
	}
	out := r.Outcome()
	if _, err := tx.exec(ctx, `UPDATE webhook_deliveries SET status = ?, attempt_count = ?, next_attempt_at = ?, claimed_by = NULL,
		lease_expires_at = NULL, last_status_code = ?, last_error = ?, updated_at = ?, delivered_at = ? WHERE id = ?`,
		out.Status, attempt, nullTS(out.NextAttemptAt), r.StatusCode, r.Error, ts(tx.now), nullTS(out.DeliveredAt), w.ID); err != nil {
		return fmt.Errorf("update delivery: %w", err)
	}
	if err := updateEndpointHealth(ctx, tx, w.WebhookID, r); err != nil {
		return err
	}
	return tx.Commit()
}

// updateEndpointHealth saves what sightline.EndpointHealth.AfterAttempt
// decides of the endpoint, and fails its pending deliveries when it is
// disabled. The endpoint's row is locked first, so that concurrent
// attempts see each other's failures.
func updateEndpointHealth(ctx context.Context, tx *Tx, webhookID string, r sightline.DeliveryResult) error {
	var h sightline.EndpointHealth
	var since Time
	if err := tx.queryRow(ctx, `SELECT failing_since, enabled FROM webhooks WHERE id = ?`+tx.d.ForUpdate(), webhookID).Scan(&since, &h.Enabled); err != nil {
		return fmt.Errorf("read endpoint health: %w", err)
	}
	h.FailingSince = since.Ptr()
	next, reason := h.AfterAttempt(r)
	if reason == nil {
		if !sameTime(h.FailingSince, next.FailingSince) {
			if _, err := tx.exec(ctx, `UPDATE webhooks SET failing_since = ? WHERE id = ?`, nullTS(next.FailingSince), webhookID); err != nil {
				return fmt.Errorf("note endpoint health: %w", err)
			}
		}
		return nil
	}
	if _, err := tx.exec(ctx, `UPDATE webhooks SET enabled = ?, failing_since = ?, disabled_reason = ?, disabled_at = ?, updated_at = ? WHERE id = ?`,
		next.Enabled, nullTS(next.FailingSince), *reason, ts(tx.now), ts(tx.now), webhookID); err != nil {
		return fmt.Errorf("disable endpoint: %w", err)
	}
	return failPending(ctx, tx, webhookID, sightline.DisabledDeliveryError(*reason))
}

// sameTime reports whether a and b are both nil or the same instant.
func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}
