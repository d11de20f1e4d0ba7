package webhook

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/sightline/sightline"
)

// Defaults of a Dispatcher.
const (
	DefaultConcurrency = 4
	DefaultPoll        = time.Second
	// maxRetryAfter bounds how long a receiver's Retry-After can delay the
	// next attempt.
	maxRetryAfter = 24 * time.Hour
	recordTimeout = 5 * time.Second
)

// NextAttempt says when to try again after the made-th attempt of a
// delivery failed: the retry schedule's delay (or the receiver's
// Retry-After, when longer, up to a day), or false when the delivery has
// used its attempts.
func NextAttempt(made, limit int, retryAfter time.Duration) (time.Duration, bool) {
	if made >= limit || made < 1 {
		return 0, false
	}
	schedule := sightline.WebhookRetrySchedule
	delay := schedule[min(made, len(schedule))-1]
	if retryAfter > delay {
		delay = min(retryAfter, maxRetryAfter)
	}
	return delay, true
}

// parseRetryAfter reads a Retry-After header: seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// Dispatcher delivers pending deliveries: any number of dispatchers (one
// per replica) share the rows, each claiming with a lease, so that one
// attempt at most is in flight per event and endpoint.
type Dispatcher struct {
	Store sightline.DeliveryService
	Keys  Keys
	// Client sends the attempts; nil means NewClient(AllowInsecure).
	Client *http.Client
	// AllowInsecure is serve's --allow-insecure-webhooks: http to loopback
	// hosts and connections to any address (tests only).
	AllowInsecure bool
	// ID names the dispatcher in claim tokens (default: host, pid, random).
	ID          string
	Concurrency int
	Poll        time.Duration
	Lease       time.Duration
	// Now is the clock of attempts and retries (default time.Now).
	Now    func() time.Time
	Logger *slog.Logger

	once      sync.Once
	startOnce sync.Once
	wake      chan struct{}
	stop      chan struct{}
	loopDone  chan struct{}
	running   sync.WaitGroup
	ctx       context.Context
	cancel    context.CancelFunc
}

func (d *Dispatcher) init() {
	d.once.Do(func() {
		if d.ID == "" {
			host, _ := os.Hostname()
			b := make([]byte, 3)
			_, _ = rand.Read(b) // never fails (crypto/rand)
			d.ID = fmt.Sprintf("webhooks-%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b))
		}
		if d.Client == nil {
			d.Client = NewClient(d.AllowInsecure)
		}
		if d.Concurrency <= 0 {
			d.Concurrency = DefaultConcurrency
		}
		if d.Poll <= 0 {
			d.Poll = DefaultPoll
		}
		if d.Lease <= 0 {
			d.Lease = sightline.WebhookLease
		}
		if d.Logger == nil {
			d.Logger = slog.New(slog.DiscardHandler)
		}
		d.wake, d.stop, d.loopDone = make(chan struct{}, 1), make(chan struct{}), make(chan struct{})
		d.ctx, d.cancel = context.WithCancel(context.Background())
	})
}

func (d *Dispatcher) now() time.Time {
	if d.Now != nil {
		return d.Now().UTC()
	}
	return time.Now().UTC()
}

// Start delivers in the background until Shutdown.
func (d *Dispatcher) Start() {
	d.init()
	d.startOnce.Do(func() { go d.loop() })
}

// Wake asks an idle dispatcher to look for deliveries now.
func (d *Dispatcher) Wake() {
	d.init()
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Shutdown stops claiming and waits for attempts in flight until ctx ends,
// then cancels them (their deliveries are claimed again once the lease
// expires).
func (d *Dispatcher) Shutdown(ctx context.Context) error {
	d.init()
	select {
	case <-d.stop:
	default:
		close(d.stop)
	}
	d.startOnce.Do(func() { close(d.loopDone) }) // never started
	<-d.loopDone
	done := make(chan struct{})
	go func() { d.running.Wait(); close(done) }()
	select {
	case <-done:
		d.cancel()
		return nil
	case <-ctx.Done():
		d.cancel()
		<-done
		return ctx.Err()
	}
}

func (d *Dispatcher) loop() {
	defer close(d.loopDone)
	slots := make(chan struct{}, d.Concurrency)
	t := time.NewTicker(d.Poll)
	defer t.Stop()
	for {
	claim:
		for {
			select {
			case <-d.stop:
				return
			case slots <- struct{}{}:
			default:
				break claim // every slot busy
			}
			w, err := d.Store.ClaimWebhookDelivery(d.ctx, sightline.JobClaim{WorkerID: d.ID, Lease: d.Lease})
			if err != nil {
				<-slots
				if !errors.Is(err, sightline.ErrNoJob) && d.ctx.Err() == nil {
					d.Logger.Error("claim webhook delivery", "error", err.Error())
				}
				break
			}
			d.running.Add(1)
			go func() {
				defer func() { <-slots; d.running.Done(); d.Wake() }()
				d.attempt(d.ctx, w)
			}()
		}
		select {
		case <-d.stop:
			return
		case <-t.C:
		case <-d.wake:
		}
	}
}

// RunOnce claims one due delivery and attempts it in the caller's
// goroutine; false when none was due.
func (d *Dispatcher) RunOnce(ctx context.Context) (bool, error) {
	d.init()
	w, err := d.Store.ClaimWebhookDelivery(ctx, sightline.JobClaim{WorkerID: d.ID, Lease: d.Lease})
	if errors.Is(err, sightline.ErrNoJob) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	return true, d.attempt(ctx, w)
}

// Drain attempts due deliveries until none is due (tests, tools).
func (d *Dispatcher) Drain(ctx context.Context) error {
	for {
		ran, err := d.RunOnce(ctx)
		if err != nil || !ran {
			return err
		}
	}
}

// attempt posts one claimed delivery and records the outcome.
func (d *Dispatcher) attempt(ctx context.Context, w *sightline.DeliveryWork) error {
	log := d.Logger.With("dispatcher", d.ID, "delivery_id", w.ID, "webhook_id", w.WebhookID, "event_id", w.EventID, "event_type", w.EventType)
	r := d.post(ctx, w)
	if !r.Succeeded {
		if delay, ok := NextAttempt(w.AttemptCount+1, w.AttemptLimit, r.retryAfter); ok && r.Disable == nil {
			next := r.StartedAt.Add(delay)
			r.NextAttemptAt = &next
		}
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	err := d.Store.RecordWebhookAttempt(rctx, w, r.DeliveryResult)
	args := []any{"attempt", w.AttemptCount + 1, "succeeded", r.Succeeded, "latency_ms", r.LatencyMS}
	if r.StatusCode != nil {
		args = append(args, "status", *r.StatusCode)
	}
	if r.Error != nil {
		args = append(args, "error", *r.Error)
	}
	if r.NextAttemptAt != nil {
		args = append(args, "next_attempt_at", r.NextAttemptAt.Format(time.RFC3339))
	}
	switch {
	case errors.Is(err, sightline.ErrJobLost):
		log.Warn("webhook delivery claim lost; outcome dropped", args...)
		return err
	case err != nil:
		log.Error("record webhook attempt", append(args, "record_error", err.Error())...)
		return err
	case r.Succeeded:
		log.Info("webhook delivered", args...)
	default:
		log.Warn("webhook attempt failed", args...)
	}
	return nil
}

// outcome is an attempt's result and the receiver's Retry-After.
type outcome struct {
	sightline.DeliveryResult
	retryAfter time.Duration
}

// post signs and sends the event; it never returns an error, it records
// every failure as the attempt's outcome.
func (d *Dispatcher) post(ctx context.Context, w *sightline.DeliveryWork) outcome {
	start := d.now()
	o := outcome{DeliveryResult: sightline.DeliveryResult{StartedAt: start}}
	fail := func(msg string) outcome {
		o.Error = sightline.NewDeliveryError(msg)
		return o
	}
	if err := checkScheme(w.URL, d.AllowInsecure); err != nil {
		return fail(err.Error())
	}
	key, err := d.Keys.Open(w.OrgID, w.WebhookID, w.Secret)
	if err != nil {
		return fail(fmt.Sprintf("The signing secret cannot be decrypted with this server's master key (it was sealed under key %s); rotate the secret.", w.Secret.KeyID))
	}
	keys := [][]byte{key}
	if w.Previous != nil {
		if prev, err := d.Keys.Open(w.OrgID, w.WebhookID, *w.Previous); err == nil {
			keys = append(keys, prev)
		}
	}
	ts := start.Unix()
	ctx, cancel := context.WithTimeout(ctx, sightline.WebhookTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewReader(w.Payload))
	if err != nil {
		return fail("The endpoint URL cannot be requested: " + err.Error())
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Sightline-Webhooks/"+sightline.Version)
	req.Header.Set("webhook-id", w.EventID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("webhook-signature", SignatureHeader(keys, w.EventID, ts, w.Payload))
	began := time.Now()
	resp, err := d.Client.Do(req)
	if err != nil {
		o.LatencyMS = time.Since(began).Milliseconds()
		// The URL may carry a receiver's token in its query: the error
		// names what failed without it.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		var refused *RefusedError
		switch {
		case errors.As(err, &refused):
			return fail(refused.Error())
		case errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil:
			return fail(fmt.Sprintf("No answer within %s.", sightline.WebhookTimeout))
		}
		return fail("The request failed: " + err.Error())
	}
	// Only the status matters; the answer is read (at most 64 KiB) so the
	// connection can be reused, and never stored.
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, sightline.WebhookMaxResponseBytes))
	resp.Body.Close()
	o.LatencyMS = time.Since(began).Milliseconds()
	code := resp.StatusCode
	o.StatusCode = &code
	switch {
	case code >= 200 && code <= 299:
		o.Succeeded = true
	case code >= 300 && code <= 399:
		o.Error = sightline.NewDeliveryError("Redirects are not followed; set the final URL on the webhook.")
	case code == http.StatusGone:
		reason := "The endpoint answered 410 Gone: it no longer wants deliveries."
		o.Disable, o.Error = &reason, sightline.NewDeliveryError(reason)
	case code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable:
		o.retryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), start)
	}
	return o
}
