// Package webhook delivers events to organizations' endpoints as Standard
// Webhooks (docs/webhooks.md): signing secrets made and sealed under the
// master key, the v1 HMAC-SHA256 signature, an HTTP client that refuses
// non-public addresses after DNS resolution, and a Dispatcher that claims
// pending deliveries with a lease, attempts them and records the outcome
// with the retry schedule.
package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/secret"
)

// SecretPrefix starts every signing secret (Standard Webhooks' symmetric
// secret serialization).
const SecretPrefix = "whsec_"

// secretBytes is the length of a signing secret: the standard asks for 24
// to 64 random bytes.
const secretBytes = 32

// Keys makes, seals and opens signing secrets under the master key.
type Keys struct {
	Box *secret.Box
}

// New returns a fresh secret in its whsec_ form and sealed for one
// endpoint of an organization.
func (k Keys) New(orgID, webhookID string) (string, *sightline.SealedSecret, error) {
	raw := make([]byte, secretBytes)
	if _, err := rand.Read(raw); err != nil {
		return "", nil, err
	}
	sealed := k.Box.Seal(raw, secret.WebhookSecretData(orgID, webhookID))
	return SecretPrefix + base64.StdEncoding.EncodeToString(raw), &sightline.SealedSecret{Sealed: sealed, KeyID: k.Box.ID()}, nil
}

// Open returns the key bytes of a sealed secret.
func (k Keys) Open(orgID, webhookID string, s sightline.SealedSecret) ([]byte, error) {
	return k.Box.Open(s.Sealed, secret.WebhookSecretData(orgID, webhookID))
}

// DecodeSecret returns the key bytes of a whsec_ secret.
func DecodeSecret(s string) ([]byte, error) {
	raw, ok := strings.CutPrefix(s, SecretPrefix)
	if !ok {
		return nil, errors.New("webhook secret: no " + SecretPrefix + " prefix")
	}
	return base64.StdEncoding.DecodeString(raw)
}

// Sign returns the v1 signature of one message: base64 of the HMAC-SHA256,
// under key, of "{webhook-id}.{webhook-timestamp}.{body}".
func Sign(key []byte, id string, timestamp int64, body []byte) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id))
	mac.Write([]byte{'.'})
	mac.Write([]byte(strconv.FormatInt(timestamp, 10)))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// SignatureHeader is the webhook-signature header: one signature per key,
// space separated (the current secret first, then one rotated out less
// than a day ago).
func SignatureHeader(keys [][]byte, id string, timestamp int64, body []byte) string {
	sigs := make([]string, len(keys))
	for i, k := range keys {
		sigs[i] = Sign(k, id, timestamp, body)
	}
	return strings.Join(sigs, " ")
}
