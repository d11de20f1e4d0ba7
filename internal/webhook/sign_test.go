package webhook_test

import (
	"crypto/rand"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/secret"
	"github.com/sightline/sightline/internal/webhook"
)

// The test vector the Standard Webhooks reference libraries share.
func TestSign_StandardVector(t *testing.T) {
	key, err := webhook.DecodeSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
	if err != nil {
		t.Fatal(err)
	}
	got := webhook.Sign(key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, []byte(`{"test": 2432232314}`))
	if want := "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; got != want {
		t.Errorf("signature %s, want %s", got, want)
	}
	if _, err := webhook.DecodeSecret("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"); err == nil {
		t.Error("a secret without whsec_ decoded")
	}
}

// New secrets are whsec_ and 32 random bytes, sealed for one endpoint:
// they open for it and for nothing else; signatures made with them pass
// the independent verifier, and fail it with any byte changed.
func TestKeys(t *testing.T) {
	raw := make([]byte, secret.KeySize)
	rand.Read(raw)
	box, _ := secret.New(raw)
	keys := webhook.Keys{Box: box}
	plain, sealed, err := keys.New("org-1", "hook-1")
	if err != nil {
		t.Fatal(err)
	}
	key, err := webhook.DecodeSecret(plain)
	if err != nil || len(key) != 32 || !strings.HasPrefix(plain, "whsec_") || sealed.KeyID != box.ID() {
		t.Fatalf("secret %q (%d bytes, %v), key id %s", plain, len(key), err, sealed.KeyID)
	}
	if strings.Contains(string(sealed.Sealed), string(key)) {
		t.Error("the sealed secret holds the key in clear")
	}
	opened, err := keys.Open("org-1", "hook-1", *sealed)
	if err != nil || string(opened) != string(key) {
		t.Fatalf("open: %v", err)
	}
	if _, err := keys.Open("org-2", "hook-1", *sealed); err == nil {
		t.Error("the secret opens for another organization")
	}
	if _, err := keys.Open("org-1", "hook-2", *sealed); err == nil {
		t.Error("the secret opens for another endpoint")
	}
	other, _, _ := keys.New("org-1", "hook-1")
	if other == plain {
		t.Error("two secrets are equal")
	}

	now := time.Unix(1_780_000_000, 0)
	body := []byte(`{"type":"ping","timestamp":"2026-06-01T00:00:00Z","data":{}}`)
	h := http.Header{}
	h.Set("webhook-id", "3f1c0b52-0000-4000-8000-000000000001")
	h.Set("webhook-timestamp", "1780000000")
	h.Set("webhook-signature", webhook.SignatureHeader([][]byte{[]byte("another key"), key}, h.Get("webhook-id"), now.Unix(), body))
	if !verify(plain, h, body, now) {
		t.Fatal("a signature does not verify")
	}
	if verify(plain, h, append(body[:len(body)-1:len(body)-1], ' '), now) {
		t.Error("a changed body verifies")
	}
	if verify(plain, h, body, now.Add(6*time.Minute)) {
		t.Error("a timestamp six minutes old verifies")
	}
	h2 := h.Clone()
	h2.Set("webhook-id", "3f1c0b52-0000-4000-8000-000000000002")
	if verify(plain, h2, body, now) {
		t.Error("a changed webhook-id verifies")
	}
}

func TestNextAttempt(t *testing.T) {
	limit := sightline.WebhookAttempts
	tests := []struct {
		made       int
		limit      int
		retryAfter time.Duration
		want       time.Duration
		ok         bool
	}{
		{1, limit, 0, 5 * time.Second, true},
		{2, limit, 0, 5 * time.Minute, true},
		{3, limit, 0, 30 * time.Minute, true},
		{4, limit, 0, 2 * time.Hour, true},
		{5, limit, 0, 5 * time.Hour, true},
		{6, limit, 0, 10 * time.Hour, true},
		{7, limit, 0, 0, false},
		{1, limit, 90 * time.Second, 90 * time.Second, true}, // Retry-After longer than 5 s
		{3, limit, 90 * time.Second, 30 * time.Minute, true}, // shorter: the schedule
		{1, limit, 72 * time.Hour, 24 * time.Hour, true},     // capped at a day
		{3, 3, 0, 0, false},                                  // a manual retry's one attempt
		{0, limit, 0, 0, false},
	}
	for _, tt := range tests {
		got, ok := webhook.NextAttempt(tt.made, tt.limit, tt.retryAfter)
		if got != tt.want || ok != tt.ok {
			t.Errorf("NextAttempt(%d, %d, %s) = %s, %v; want %s, %v", tt.made, tt.limit, tt.retryAfter, got, ok, tt.want, tt.ok)
		}
	}
	var total time.Duration
	for _, d := range sightline.WebhookRetrySchedule {
		total += d
	}
	if total < 17*time.Hour || total > 18*time.Hour {
		t.Errorf("the schedule spans %s, want about 17.5 hours", total)
	}
}
