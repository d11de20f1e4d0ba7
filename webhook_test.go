package sightline_test

import (
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

func TestValidateWebhookURL(t *testing.T) {
	tests := []struct {
		url      string
		insecure bool
		want     string // "" when refused
		why      string // a word of the refusal
	}{
		{url: "https://hooks.example.com/sightline", want: "https://hooks.example.com/sightline"},
		{url: " HTTPS://Hooks.Example.COM:8443/x?a=1 ", want: "https://hooks.example.com:8443/x?a=1"},
		{url: "https://93.184.216.34/hook", want: "https://93.184.216.34/hook"},
		{url: "http://hooks.example.com/x", why: "https"},
		{url: "ftp://hooks.example.com/x", why: "https"},
		{url: "hooks.example.com/x", why: "absolute"},
		{url: "/relative", why: "absolute"},
		{url: "https://user:pw@hooks.example.com/", why: "credentials"},
		{url: "https://hooks.example.com/#frag", why: "fragment"},
		{url: "https://localhost/x", why: "loopback"},
		{url: "https://api.localhost/x", why: "loopback"},
		{url: "https://127.0.0.1/x", why: "loopback"},
		{url: "https://[::1]/x", why: "loopback"},
		{url: "https://10.1.2.3/x", why: "private"},
		{url: "https://192.168.1.1/x", why: "private"},
		{url: "https://172.16.0.1/x", why: "private"},
		{url: "https://169.254.169.254/latest/meta-data", why: "private"},
		{url: "https://[fe80::1]/x", why: "private"},
		{url: "https://[fd00::1]/x", why: "private"},
		{url: "https://0.0.0.0/x", why: "private"},
		{url: "https://100.64.0.1/x", why: "private"},
		{url: "https://[::ffff:10.0.0.1]/x", why: "private"},
		{url: "https://hooks.example.com:99999/x", why: "port"},
		{url: "https://hooks.example.com/" + strings.Repeat("a", 2000), why: "2000"},
		// under --allow-insecure-webhooks: http for loopback, any address
		{url: "http://127.0.0.1:8080/hook", insecure: true, want: "http://127.0.0.1:8080/hook"},
		{url: "http://localhost:8080/hook", insecure: true, want: "http://localhost:8080/hook"},
		{url: "http://[::1]:8080/hook", insecure: true, want: "http://[::1]:8080/hook"},
		{url: "https://10.1.2.3/x", insecure: true, want: "https://10.1.2.3/x"},
		{url: "http://10.1.2.3/x", insecure: true, why: "loopback hosts only"},
		{url: "http://hooks.example.com/x", insecure: true, why: "loopback hosts only"},
	}
	for _, tt := range tests {
		got, err := sightline.ValidateWebhookURL(tt.url, tt.insecure)
		switch {
		case tt.want != "" && err != nil:
			t.Errorf("%q (insecure %v): refused: %v", tt.url, tt.insecure, err)
		case tt.want != "" && got != tt.want:
			t.Errorf("%q: normalized to %q, want %q", tt.url, got, tt.want)
		case tt.want == "" && err == nil:
			t.Errorf("%q (insecure %v): accepted as %q, want a refusal", tt.url, tt.insecure, got)
		case tt.want == "" && !strings.Contains(err.Error(), tt.why):
			t.Errorf("%q: refusal %q does not say %q", tt.url, err, tt.why)
		}
	}
}

func TestIsPublicAddr(t *testing.T) {
	public := []string{"93.184.216.34", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"}
	private := []string{"127.0.0.1", "127.5.5.5", "::1", "10.0.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254",
		"fe80::1", "fc00::1", "fd12::1", "0.0.0.0", "::", "224.0.0.1", "ff02::1", "100.64.1.1", "198.18.0.1",
		"192.0.2.1", "240.0.0.1", "255.255.255.255", "::ffff:127.0.0.1", "::ffff:192.168.1.1", "64:ff9b::a00:1"}
	for _, s := range public {
		if !sightline.IsPublicAddr(netip.MustParseAddr(s)) {
			t.Errorf("%s: not public, want public", s)
		}
	}
	for _, s := range private {
		if sightline.IsPublicAddr(netip.MustParseAddr(s)) {
			t.Errorf("%s: public, want refused", s)
		}
	}
	if sightline.IsPublicAddr(netip.Addr{}) {
		t.Error("the zero address is public")
	}
}

func TestWebhookInput_Validate(t *testing.T) {
	str := func(s string) *string { return &s }
	types := func(ts ...string) *[]string { return &ts }
	fields := func(err error) []string {
		var out []string
		if e, ok := err.(*sightline.Error); ok {
			for _, d := range e.Details {
				f := ""
				if d.Field != nil {
					f = *d.Field
				}
				out = append(out, f)
			}
		}
		return out
	}
	in := sightline.WebhookInput{URL: str("https://Hooks.example.com/a"), EventTypes: types("visibility.rose", "citation.lost", "visibility.rose"), Description: str("  ops  ")}
	if err := in.Validate(true, false); err != nil {
		t.Fatalf("valid input refused: %v", err)
	}
	if *in.URL != "https://hooks.example.com/a" || !slices.Equal(*in.EventTypes, []string{"citation.lost", "visibility.rose"}) || *in.Description != "ops" {
		t.Errorf("normalized: %s %v %q", *in.URL, *in.EventTypes, *in.Description)
	}
	tests := []struct {
		name   string
		in     sightline.WebhookInput
		create bool
		want   []string
	}{
		{"CreateMissing", sightline.WebhookInput{}, true, []string{"url", "event_types"}},
		{"PatchEmpty", sightline.WebhookInput{}, false, []string{""}},
		{"BadType", sightline.WebhookInput{EventTypes: types("visibility.rose", "ping", "x")}, false, []string{"event_types[1]", "event_types[2]"}},
		{"NoTypes", sightline.WebhookInput{EventTypes: types()}, false, []string{"event_types"}},
		{"HTTP", sightline.WebhookInput{URL: str("http://hooks.example.com")}, false, []string{"url"}},
		{"LongDescription", sightline.WebhookInput{Description: str(strings.Repeat("é", 501))}, false, []string{"description"}},
	}
	for _, tt := range tests {
		err := tt.in.Validate(tt.create, false)
		if sightline.ErrorCode(err) != sightline.EVALIDATION {
			t.Errorf("%s: error %v, want VALIDATION_FAILED", tt.name, err)
			continue
		}
		if diff := cmp.Diff(tt.want, fields(err)); diff != "" {
			t.Errorf("%s: fields (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestSignalFingerprint(t *testing.T) {
	d := sightline.SignalDimension{Kind: sightline.DimensionProvider, ID: "p1", Name: "ChatGPT"}
	a := sightline.SignalFingerprint(sightline.SignalVisibilityDropped, "b1", d, "")
	renamed := d
	renamed.Name = "Chat GPT"
	if b := sightline.SignalFingerprint(sightline.SignalVisibilityDropped, "b1", renamed, ""); a != b {
		t.Error("a dimension's display name changes its fingerprint")
	}
	for _, other := range []string{
		sightline.SignalFingerprint(sightline.SignalVisibilityRose, "b1", d, ""),
		sightline.SignalFingerprint(sightline.SignalVisibilityDropped, "b2", d, ""),
		sightline.SignalFingerprint(sightline.SignalVisibilityDropped, "b1", sightline.SignalDimension{Kind: sightline.DimensionTopic, ID: "p1"}, ""),
		sightline.SignalFingerprint(sightline.SignalVisibilityDropped, "b1", d, "c1"),
	} {
		if other == a {
			t.Error("two different changes share a fingerprint")
		}
	}
	if len(a) != 64 {
		t.Errorf("fingerprint %q is not 64 hex digits", a)
	}
}

func TestDeliveryResult_Outcome(t *testing.T) {
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	next := start.Add(5 * time.Minute)
	gone := "HTTP 410 Gone"
	tests := []struct {
		name string
		r    sightline.DeliveryResult
		want sightline.DeliveryOutcome
	}{
		{"Success", sightline.DeliveryResult{StartedAt: start, Succeeded: true, NextAttemptAt: &next},
			sightline.DeliveryOutcome{Status: sightline.DeliverySucceeded, DeliveredAt: &start}},
		{"Retry", sightline.DeliveryResult{StartedAt: start, NextAttemptAt: &next},
			sightline.DeliveryOutcome{Status: sightline.DeliveryPending, NextAttemptAt: &next}},
		{"ScheduleSpent", sightline.DeliveryResult{StartedAt: start},
			sightline.DeliveryOutcome{Status: sightline.DeliveryFailed}},
		{"DisabledWithRetryLeft", sightline.DeliveryResult{StartedAt: start, NextAttemptAt: &next, Disable: &gone},
			sightline.DeliveryOutcome{Status: sightline.DeliveryFailed}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.r.Outcome()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestEndpointHealth_AfterAttempt(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { x := t0.Add(d); return &x }
	code := func(c int) *int { return &c }
	str := func(s string) *string { return &s }
	days5 := sightline.WebhookDisableAfter
	tests := []struct {
		name       string
		h          sightline.EndpointHealth
		r          sightline.DeliveryResult
		want       sightline.EndpointHealth
		wantReason string // a part of the reason; "" when not disabled
	}{
		{"SuccessForgetsFailures", sightline.EndpointHealth{Enabled: true, FailingSince: at(0)},
			sightline.DeliveryResult{StartedAt: t0.Add(days5), Succeeded: true},
			sightline.EndpointHealth{Enabled: true}, ""},
		{"FirstFailureStartsTheRun", sightline.EndpointHealth{Enabled: true},
			sightline.DeliveryResult{StartedAt: t0, StatusCode: code(500)},
			sightline.EndpointHealth{Enabled: true, FailingSince: at(0)}, ""},
		{"FailingJustUnderFiveDays", sightline.EndpointHealth{Enabled: true, FailingSince: at(0)},
			sightline.DeliveryResult{StartedAt: t0.Add(days5 - time.Second), StatusCode: code(500)},
			sightline.EndpointHealth{Enabled: true, FailingSince: at(0)}, ""},
		{"FailingFiveDays", sightline.EndpointHealth{Enabled: true, FailingSince: at(0)},
			sightline.DeliveryResult{StartedAt: t0.Add(days5), StatusCode: code(502)},
			sightline.EndpointHealth{FailingSince: at(0)}, "since 2026-03-01T12:00:00Z failed (last: HTTP 502)"},
		{"FailingFiveDaysNoAnswer", sightline.EndpointHealth{Enabled: true, FailingSince: at(0)},
			sightline.DeliveryResult{StartedAt: t0.Add(days5 + time.Hour), Error: str("connection refused")},
			sightline.EndpointHealth{FailingSince: at(0)}, "(last: connection refused), so the endpoint was disabled after 5 days"},
		{"FailingFiveDaysNothingKnown", sightline.EndpointHealth{Enabled: true, FailingSince: at(0)},
			sightline.DeliveryResult{StartedAt: t0.Add(days5)},
			sightline.EndpointHealth{FailingSince: at(0)}, "(last: no answer)"},
		{"GoneAtOnce", sightline.EndpointHealth{Enabled: true},
			sightline.DeliveryResult{StartedAt: t0, StatusCode: code(410), Disable: str("The endpoint answered 410 Gone.")},
			sightline.EndpointHealth{FailingSince: at(0)}, "410 Gone"},
		{"AlreadyDisabled", sightline.EndpointHealth{FailingSince: at(0)},
			sightline.DeliveryResult{StartedAt: t0.Add(2 * days5), StatusCode: code(500)},
			sightline.EndpointHealth{FailingSince: at(0)}, ""},
	}
	for _, tt := range tests {
		got, reason := tt.h.AfterAttempt(tt.r)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: health (-want +got):\n%s", tt.name, diff)
		}
		switch {
		case tt.wantReason == "" && reason != nil:
			t.Errorf("%s: disabled (%q), want not", tt.name, *reason)
		case tt.wantReason != "" && reason == nil:
			t.Errorf("%s: not disabled, want a reason with %q", tt.name, tt.wantReason)
		case tt.wantReason != "" && !strings.Contains(*reason, tt.wantReason):
			t.Errorf("%s: reason %q does not say %q", tt.name, *reason, tt.wantReason)
		}
	}
}

func TestWebhook_Apply(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	failing := now.Add(-time.Hour)
	why := "Every delivery attempt failed."
	enabled := sightline.Webhook{URL: "https://a.example.com/", EventTypes: []string{"citation.lost"}, Enabled: true, FailingSince: &failing}
	disabled := sightline.Webhook{URL: "https://a.example.com/", Enabled: false, DisabledReason: &why, DisabledAt: &failing, FailingSince: &failing}
	yes, no := true, false
	str := func(s string) *string { return &s }
	byAPI := "Disabled through the API."
	tests := []struct {
		name         string
		w            sightline.Webhook
		in           sightline.WebhookInput
		want         sightline.Webhook
		wantDisabled bool
	}{
		{"NewURLForgetsFailures", enabled, sightline.WebhookInput{URL: str("https://b.example.com/")},
			sightline.Webhook{URL: "https://b.example.com/", EventTypes: []string{"citation.lost"}, Enabled: true}, false},
		{"SameURLKeepsThem", enabled, sightline.WebhookInput{URL: str("https://a.example.com/"), Description: str("ops")},
			sightline.Webhook{URL: "https://a.example.com/", Description: "ops", EventTypes: []string{"citation.lost"}, Enabled: true, FailingSince: &failing}, false},
		{"Disable", enabled, sightline.WebhookInput{Enabled: &no},
			sightline.Webhook{URL: "https://a.example.com/", EventTypes: []string{"citation.lost"}, DisabledReason: &byAPI, DisabledAt: &now, FailingSince: &failing}, true},
		{"DisableTwice", disabled, sightline.WebhookInput{Enabled: &no}, disabled, false},
		{"Enable", disabled, sightline.WebhookInput{Enabled: &yes},
			sightline.Webhook{URL: "https://a.example.com/", Enabled: true}, false},
		{"EnableTwice", enabled, sightline.WebhookInput{Enabled: &yes}, enabled, false},
	}
	for _, tt := range tests {
		w := tt.w
		if got := w.Apply(tt.in, now); got != tt.wantDisabled {
			t.Errorf("%s: disabled %v, want %v", tt.name, got, tt.wantDisabled)
		}
		if diff := cmp.Diff(tt.want, w); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestWebhook_CheckRetry(t *testing.T) {
	on, off := &sightline.Webhook{Enabled: true}, &sightline.Webhook{}
	for _, tt := range []struct {
		w      *sightline.Webhook
		status string
		want   string // error code, "" for none
	}{
		{on, sightline.DeliveryFailed, ""},
		{on, sightline.DeliverySucceeded, ""},
		{on, sightline.DeliveryPending, sightline.ECONFLICT},
		{off, sightline.DeliveryFailed, sightline.ECONFLICT},
	} {
		err := tt.w.CheckRetry(&sightline.WebhookDelivery{Status: tt.status})
		if got := sightline.ErrorCode(err); err != nil && got != tt.want || err == nil && tt.want != "" {
			t.Errorf("enabled %v, %s: %v, want %q", tt.w.Enabled, tt.status, err, tt.want)
		}
	}
}

func TestSubscribed(t *testing.T) {
	tests := []struct {
		name  string
		types []string
		typ   string
		want  bool
	}{
		{"ListedType", []string{sightline.SignalVisibilityDropped, sightline.SignalCitationLost}, sightline.SignalCitationLost, true},
		{"UnlistedType", []string{sightline.SignalVisibilityDropped}, sightline.SignalCitationLost, false},
		{"NoSubscriptions", nil, sightline.SignalVisibilityRose, false},
		{"PingWhateverTheSubscriptions", nil, sightline.EventPing, true},
		{"PingWithOtherTypes", []string{sightline.SignalAdvertiserNew}, sightline.EventPing, true},
	}
	for _, tt := range tests {
		if got := sightline.Subscribed(tt.types, tt.typ); got != tt.want {
			t.Errorf("%s: Subscribed(%q, %q) = %v, want %v", tt.name, tt.types, tt.typ, got, tt.want)
		}
	}
}

func TestPreviousSecretSigns(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { x := now.Add(d); return &x }
	tests := []struct {
		name    string
		expires *time.Time
		want    bool
	}{
		{"NoPreviousSecret", nil, false},
		{"BeforeExpiry", at(time.Second), true},
		{"AtExpiry", at(0), false},
		{"AfterExpiry", at(-time.Hour), false},
	}
	for _, tt := range tests {
		if got := sightline.PreviousSecretSigns(tt.expires, now); got != tt.want {
			t.Errorf("%s: PreviousSecretSigns = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestWebhookDelivery_RetryLimit(t *testing.T) {
	for _, tt := range []struct{ attempts, want int }{{0, 1}, {1, 2}, {sightline.WebhookAttempts, sightline.WebhookAttempts + 1}} {
		d := &sightline.WebhookDelivery{AttemptCount: tt.attempts}
		if got := d.RetryLimit(); got != tt.want {
			t.Errorf("RetryLimit after %d attempts = %d, want %d", tt.attempts, got, tt.want)
		}
	}
}
