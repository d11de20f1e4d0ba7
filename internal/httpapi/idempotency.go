package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// Idempotency header fields (docs/api.md#idempotent-writes).
const (
	headerIdempotencyKey = "Idempotency-Key"
	headerReplayed       = "Idempotent-Replayed"
	maxIdempotencyKey    = 255
	// idempotencyLock is how long an unfinished request holds its key: a
	// retry meanwhile gets 409 CONFLICT; after it (the replica running it
	// died) a retry executes. It outlasts the server's write timeout.
	idempotencyLock = 2 * time.Minute
)

// secretResponses are the routes whose responses carry a secret shown
// once (a webhook's signing secret): their stored response is sealed with
// SecretBox, or not stored at all without one.
var secretResponses = map[string]bool{
	"POST /api/v2/webhooks":                    true,
	"POST /api/v2/webhooks/{id}/rotate_secret": true,
}

// ResponseSealer seals and opens stored responses under the master key
// (*secret.Box); data binds a sealed body to its organization and key.
type ResponseSealer interface {
	Seal(plaintext, data []byte) []byte
	Open(sealed, data []byte) ([]byte, error)
}

// sealData is the additional data a stored response is sealed with.
func sealData(orgID, key string) []byte {
	return []byte("sightline idempotent response\x00" + orgID + "\x00" + key)
}

// replayedHeaders are the response header fields stored with the first
// response and replayed.
var replayedHeaders = []string{"Content-Type", "Retry-After", "Location", "Allow"}

// idempotent gives POST, PATCH and DELETE of the public API Stripe's
// Idempotency-Key semantics: the first response (status, body) is stored
// per organization and key for 24 hours and replayed, with
// Idempotent-Replayed: true, to a retry with the same method, path and
// body; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED;
// while the first request runs, a retry gets 409 CONFLICT. A 5xx answer is
// not stored: the retry executes again. A response that carries a secret
// is stored sealed under the master key. Because a replay never reaches the
// handler, a quota-spending call spends once per key.
func (s *Server) idempotent(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get(headerIdempotencyKey)
		p := sightline.PrincipalFromContext(r.Context())
		if key == "" || r.Method == http.MethodGet || r.Method == http.MethodHead || p == nil || p.OrgID == "" {
			next.ServeHTTP(w, r)
			return
		}
		if len(key) > maxIdempotencyKey || strings.ContainsFunc(key, func(c rune) bool { return c < ' ' || c > '~' }) {
			s.writeError(w, r, sightline.FieldErr(sightline.EINVALIDPARAM, headerIdempotencyKey, "invalid",
				"Idempotency-Key must be 1 to %d printable ASCII characters.", maxIdempotencyKey))
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody()))
		if err != nil {
			var maxErr *http.MaxBytesError
			if errors.As(err, &maxErr) {
				s.writeError(w, r, sightline.Errorf(sightline.ETOOLARGE, "Request body is larger than %d bytes.", maxErr.Limit))
			} else {
				s.writeError(w, r, sightline.Errorf(sightline.EINVALIDBODY, "Request body could not be read."))
			}
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		sum := sha256.New()
		io.WriteString(sum, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery+"\n")
		sum.Write(body)
		digest := hex.EncodeToString(sum.Sum(nil))

		ctx := r.Context()
		claim, err := s.Store.ClaimIdempotency(ctx, p.OrgID, key, digest, idempotencyLock)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		if claim.Replay != nil {
			if claim.Replay.Sealed {
				if s.SecretBox == nil {
					s.writeError(w, r, errors.New("idempotent response is sealed and the server has no master key"))
					return
				}
				if claim.Replay.Body, err = s.SecretBox.Open(claim.Replay.Body, sealData(p.OrgID, key)); err != nil {
					s.writeError(w, r, fmt.Errorf("open sealed idempotent response: %w", err))
					return
				}
			}
			for k, v := range claim.Replay.Headers {
				w.Header().Set(k, v)
			}
			w.Header().Set(headerReplayed, "true")
			w.WriteHeader(claim.Replay.Status)
			w.Write(claim.Replay.Body)
			return
		}
		rec := &teeWriter{ResponseWriter: w}
		stored := false
		defer func() {
			if !stored { // a 5xx or a panic: the key is free for a retry
				if err := s.Store.ReleaseIdempotency(context.WithoutCancel(ctx), p.OrgID, key); err != nil {
					s.Logger.ErrorContext(ctx, "release idempotency key", "request_id", sightline.RequestIDFromContext(ctx), "error", err.Error())
				}
			}
		}()
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		if rec.status >= 500 {
			return
		}
		resp := sightline.IdempotentResponse{Status: rec.status, Body: rec.buf.Bytes(), Headers: map[string]string{}}
		if secretResponses[r.Pattern] && rec.status < 300 {
			if s.SecretBox == nil {
				return // a secret is never stored in plain text: the key is released
			}
			resp.Body, resp.Sealed = s.SecretBox.Seal(resp.Body, sealData(p.OrgID, key)), true
		}
		for _, h := range replayedHeaders {
			if v := w.Header().Get(h); v != "" {
				resp.Headers[h] = v
			}
		}
		if err := s.Store.CompleteIdempotency(context.WithoutCancel(ctx), p.OrgID, key, resp); err != nil {
			s.Logger.ErrorContext(ctx, "store idempotent response", "request_id", sightline.RequestIDFromContext(ctx), "error", err.Error())
			return
		}
		stored = true
	})
}

// teeWriter writes through and keeps a copy of the status and body.
type teeWriter struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (t *teeWriter) WriteHeader(code int) {
	if t.status == 0 {
		t.status = code
	}
	t.ResponseWriter.WriteHeader(code)
}

func (t *teeWriter) Write(b []byte) (int, error) {
	if t.status == 0 {
		t.status = http.StatusOK
	}
	t.buf.Write(b)
	return t.ResponseWriter.Write(b)
}

func (t *teeWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }
