package httpapi_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// verifySignature checks a delivery as a receiver that follows the
// Standard Webhooks specification does (timestamps are checked in
// internal/webhook's tests).
func verifySignature(secretText string, h http.Header, body []byte) bool {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secretText, "whsec_"))
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(h.Get("webhook-id") + "." + h.Get("webhook-timestamp") + "."))
	mac.Write(body)
	want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return slices.Contains(strings.Fields(h.Get("webhook-signature")), want)
}

// testWebhookWrites walks an endpoint through its life: created with its
// secret shown once, disabled and enabled, tested, its delivery retried,
// its secret rotated, deleted; the other organization sees none of it.
func (e *apiEnv) testWebhookWrites(t *testing.T) {
	fx := e.fx
	r := e.do(t, call{method: "POST", path: "/api/v2/webhooks", key: fx.APIKey,
		body: []byte(`{"url":"` + e.recv.URL + `/writes","event_types":["citation.lost","visibility.dropped"],"description":" ops "}`)})
	wantStatus(t, r, http.StatusCreated)
	var created struct{ Data sightline.Webhook }
	decode(t, r.body, &created)
	hook := created.Data
	if !strings.HasPrefix(hook.Secret, "whsec_") || !hook.Enabled || hook.Description != "ops" ||
		!slices.Equal(hook.EventTypes, []string{"citation.lost", "visibility.dropped"}) {
		t.Fatalf("created %+v", hook)
	}
	path := "/api/v2/webhooks/" + hook.ID
	r = e.do(t, call{method: "GET", path: path, key: fx.APIKey})
	wantStatus(t, r, http.StatusOK)
	if strings.Contains(string(r.body), "whsec_") || strings.Contains(string(r.body), `"secret"`) {
		t.Errorf("GET shows the secret: %s", r.body)
	}
	var list struct{ Data []sightline.Webhook }
	e.getJSON(t, fx.APIKey, "/api/v2/webhooks", &list)
	if !slices.ContainsFunc(list.Data, func(w sightline.Webhook) bool { return w.ID == hook.ID }) {
		t.Errorf("the list lacks the new endpoint")
	}
	e.getJSON(t, fx.OtherOrg.APIKey, "/api/v2/webhooks", &list)
	for _, w := range list.Data {
		if w.ID == hook.ID || w.ID == e.ids["webhooks/{id}"] || strings.HasSuffix(w.URL, "/main") {
			t.Errorf("the other organization lists %+v", w)
		}
	}

	// disabled: no test event; enabled again
	r = e.do(t, call{method: "PATCH", path: path, key: fx.APIKey, body: []byte(`{"enabled":false}`)})
	wantStatus(t, r, http.StatusOK)
	var patched struct{ Data sightline.Webhook }
	decode(t, r.body, &patched)
	if patched.Data.Enabled || patched.Data.DisabledReason == nil {
		t.Errorf("disabled: %+v", patched.Data)
	}
	wantError(t, e.do(t, call{method: "POST", path: path + "/test", key: fx.APIKey}), http.StatusConflict, sightline.ECONFLICT)
	wantStatus(t, e.do(t, call{method: "PATCH", path: path, key: fx.APIKey, body: []byte(`{"enabled":true}`)}), http.StatusOK)

	// a ping, delivered and signed with the secret shown at creation
	r = e.do(t, call{method: "POST", path: path + "/test", key: fx.APIKey})
	wantStatus(t, r, http.StatusAccepted)
	var queued struct{ Data sightline.WebhookDelivery }
	decode(t, r.body, &queued)
	if queued.Data.Status != sightline.DeliveryPending || queued.Data.EventType != "ping" || len(queued.Data.Attempts) != 0 {
		t.Errorf("queued %+v", queued.Data)
	}
	e.drain(t)
	got := e.recv.received("/writes")
	if len(got) != 1 || !verifySignature(hook.Secret, got[0].header, got[0].body) || got[0].header.Get("webhook-id") != queued.Data.EventID {
		t.Fatalf("the receiver got %d requests; signature verifies: %v", len(got), len(got) == 1 && verifySignature(hook.Secret, got[0].header, got[0].body))
	}
	var deliveries struct {
		Data []sightline.WebhookDelivery
		Meta sightline.PageMeta
	}
	e.getJSON(t, fx.APIKey, path+"/deliveries?filter[status]=succeeded", &deliveries)
	if deliveries.Meta.TotalItems != 1 || len(deliveries.Data[0].Attempts) != 1 || *deliveries.Data[0].Attempts[0].StatusCode != 204 {
		t.Fatalf("deliveries %+v", deliveries)
	}

	// retried once more, with the same event id
	retry := call{method: "POST", path: path + "/deliveries/" + queued.Data.ID + "/retry", key: fx.APIKey}
	wantStatus(t, e.do(t, retry), http.StatusAccepted)
	wantError(t, e.do(t, retry), http.StatusConflict, sightline.ECONFLICT)
	e.drain(t)
	if got := e.recv.received("/writes"); len(got) != 2 || got[1].header.Get("webhook-id") != queued.Data.EventID {
		t.Errorf("after the retry the receiver got %d requests", len(got))
	}

	// a new secret: both sign for a day
	r = e.do(t, call{method: "POST", path: path + "/rotate_secret", key: fx.APIKey})
	wantStatus(t, r, http.StatusOK)
	var rotated struct{ Data sightline.Webhook }
	decode(t, r.body, &rotated)
	if rotated.Data.Secret == hook.Secret || !strings.HasPrefix(rotated.Data.Secret, "whsec_") || rotated.Data.PreviousSecretExpiresAt == nil {
		t.Fatalf("rotated %+v", rotated.Data)
	}
	wantStatus(t, e.do(t, call{method: "POST", path: path + "/test", key: fx.APIKey}), http.StatusAccepted)
	e.drain(t)
	got = e.recv.received("/writes")
	if last := got[len(got)-1]; !verifySignature(hook.Secret, last.header, last.body) || !verifySignature(rotated.Data.Secret, last.header, last.body) {
		t.Errorf("during the overlap both secrets must verify: %s", last.header.Get("webhook-signature"))
	}

	// the other organization's endpoint was left alone by every cross call
	var other struct{ Data sightline.Webhook }
	e.getJSON(t, fx.OtherOrg.APIKey, "/api/v2/webhooks/"+e.other["webhooks/{id}"], &other)
	if other.Data.Description != "" || !other.Data.Enabled || !strings.HasSuffix(other.Data.URL, "/other") {
		t.Errorf("the other organization's endpoint changed: %+v", other.Data)
	}

	del := call{method: "DELETE", path: path, key: fx.APIKey}
	wantStatus(t, e.do(t, del), http.StatusOK)
	wantError(t, e.do(t, del), http.StatusNotFound, sightline.ENOTFOUND)
	wantError(t, e.do(t, call{method: "GET", path: path + "/deliveries", key: fx.APIKey}), http.StatusNotFound, sightline.ENOTFOUND)
}

// Without a master key the server refuses to create endpoints (and to
// rotate secrets) with 409 CONFLICT saying why, not a 5xx.
func TestWebhooks_NoMasterKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sqlstoretest.MustOpenDB(t)
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Keyless"})
	if err != nil {
		t.Fatal(err)
	}
	_, key, err := db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "ops@example.com", Name: "ops"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer((&httpapi.Server{Store: db}).Handler())
	t.Cleanup(ts.Close)
	e := &apiEnv{url: ts.URL, seen: map[string]map[int]bool{}}
	r := e.do(t, call{method: "POST", path: "/api/v2/webhooks", key: key, body: []byte(`{"url":"https://hooks.example.com/x","event_types":["citation.lost"]}`)})
	wantError(t, r, http.StatusConflict, sightline.ECONFLICT)
	if msg := errorMessage(r.body); !strings.Contains(msg, "master key") || !strings.Contains(string(r.body), "no_master_key") {
		t.Errorf("refusal %s", r.body)
	}
	var list struct{ Data []sightline.Webhook }
	e.getJSON(t, key, "/api/v2/webhooks", &list)
	if len(list.Data) != 0 {
		t.Errorf("an endpoint was stored: %+v", list.Data)
	}
	wantError(t, e.do(t, call{method: "POST", path: "/api/v2/webhooks/3b1f6a52-9c0e-4b7a-8d21-5f4e3c2b1a09/rotate_secret", key: key}),
		http.StatusNotFound, sightline.ENOTFOUND)
}
