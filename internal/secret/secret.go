// Package secret seals the secrets Sightline must be able to read back
// (organizations' provider API keys) with AES-256-GCM under a master key
// the operator keeps outside the database (SIGHTLINE_SECRET_KEY or
// --secret-key-file). A sealed value is bound to what it is the secret of
// (the additional data), so a ciphertext copied to another row does not
// open there.
package secret

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
)

// KeySize is the length of a master key in bytes.
const KeySize = 32

// ErrNoKey means no master key is configured.
var ErrNoKey = errors.New("no master key: set SIGHTLINE_SECRET_KEY (base64 of 32 random bytes, e.g. `openssl rand -base64 32`) or pass --secret-key-file")

// ErrOpen means a sealed value does not open with this key and data: it was
// sealed under another master key, for another row, or altered.
var ErrOpen = errors.New("the secret cannot be decrypted with this master key")

// Box seals and opens secrets under one master key.
type Box struct {
	aead cipher.AEAD
	id   string
}

// New returns a Box for a 32-byte master key.
func New(key []byte) (*Box, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("master key: %d bytes, want %d", len(key), KeySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("master key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("master key: %w", err)
	}
	// The id names the key without revealing it: a digest of a domain
	// string and the key, cut short.
	sum := sha256.Sum256(append([]byte("sightline master key id\x00"), key...))
	return &Box{aead: aead, id: hex.EncodeToString(sum[:4])}, nil
}

// ParseKey decodes a base64 (standard or URL alphabet, padded or not)
// master key.
func ParseKey(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			if len(b) != KeySize {
				return nil, fmt.Errorf("master key: %d bytes after base64 decoding, want %d", len(b), KeySize)
			}
			return b, nil
		}
	}
	return nil, errors.New("master key: not base64")
}

// Load returns the Box of the configured master key: the file's content
// when path is set, else the value of SIGHTLINE_SECRET_KEY (envValue).
// ErrNoKey when neither is set.
func Load(envValue, path string) (*Box, error) {
	raw := envValue
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("read --secret-key-file: %w", err)
		}
		raw = string(b)
	}
	if strings.TrimSpace(raw) == "" {
		return nil, ErrNoKey
	}
	key, err := ParseKey(raw)
	if err != nil {
		return nil, err
	}
	return New(key)
}

// ID names the master key (8 hex digits), so a sealed value can say which
// key sealed it.
func (b *Box) ID() string { return b.id }

// Seal encrypts plaintext bound to data; the result is nonce‖ciphertext.
func (b *Box) Seal(plaintext, data []byte) []byte {
	nonce := make([]byte, b.aead.NonceSize(), b.aead.NonceSize()+len(plaintext)+b.aead.Overhead())
	_, _ = rand.Read(nonce) // crypto/rand never fails
	return b.aead.Seal(nonce, nonce, plaintext, data)
}

// Open decrypts what Seal returned for the same data. ErrOpen otherwise.
func (b *Box) Open(sealed, data []byte) ([]byte, error) {
	n := b.aead.NonceSize()
	if len(sealed) < n+b.aead.Overhead() {
		return nil, ErrOpen
	}
	out, err := b.aead.Open(nil, sealed[:n], sealed[n:], data)
	if err != nil {
		return nil, ErrOpen
	}
	return out, nil
}

// ProviderKeyData is the additional data a provider key is sealed with: the
// organization and provider it belongs to.
func ProviderKeyData(orgID, provider string) []byte {
	return []byte("sightline provider key\x00" + orgID + "\x00" + provider)
}
